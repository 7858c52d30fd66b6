#!/usr/bin/env python3
"""How quickly Folio answers a phone: the time to first byte of every page a person reaches in two
taps from the first page (a visitor's and a signed-in learner's), and how long a tap takes to show
on screen, in a phone-size headless Chromium (390×844, touch) against a running `folio serve`.

    python3 scripts/phone-latency.py --base http://127.0.0.1:8080 [--runs 3]

Each page is loaded `runs` times and its slowest time to first byte kept (the Navigation Timing
API's responseStart − requestStart, the server's share); the ten slowest pages are printed, then the
taps: a Ghost letter (the board shows it), Spin (the wheels start) and a revision answer checked
(the answer's page's first byte). A measurement, not a test: compare runs on one machine.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urljoin, urlparse

os.environ.setdefault("FOLIO_BIN", "unused")
os.environ.setdefault("FOLIO_CORPUS", "unused")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tests" / "e2e"))
import conftest  # noqa: E402

TTFB = "const n = performance.getEntriesByType('navigation')[0]; return n ? n.responseStart - n.requestStart : null;"


def same_site_links(driver, base: str) -> list[str]:
    hrefs = driver.execute_script("return Array.from(document.querySelectorAll('a[href]')).map(a => a.href)")
    host = urlparse(base).netloc
    found = []
    for href in hrefs:
        parsed = urlparse(href)
        if parsed.netloc != host or parsed.path.startswith(("/public/", "/api/")) or "logout" in parsed.path:
            continue
        path = parsed.path + (f"?{parsed.query}" if parsed.query else "")
        if path not in found:
            found.append(path)
    return found


def two_taps(driver, base: str) -> list[str]:
    """Every page linked from the first page, and every page linked from those."""
    driver.get(urljoin(base, "/"))
    first = same_site_links(driver, base)
    pages = list(first)
    for path in first:
        driver.get(urljoin(base, path))
        for found in same_site_links(driver, base):
            if found not in pages:
                pages.append(found)
    return ["/"] + [p for p in pages if p != "/"]


def slowest_first_byte(driver, base: str, path: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        driver.get(urljoin(base, path))
        value = driver.execute_script(TTFB)
        if value is not None:
            times.append(float(value))
    return max(times) if times else float("nan")


def sign_up(driver, base: str) -> None:
    name = f"latency{secrets.randbelow(10**6):06d}"
    driver.get(urljoin(base, "/account/register"))
    driver.execute_script("""
        const form = document.getElementById('register-form'), field = (n) => form.elements.namedItem(n);
        field('username').value = arguments[0];
        field('password').value = field('passwordConfirmation').value = 'latency check 1';
        form.requestSubmit(document.getElementById('register-submit'));""", name)
    time.sleep(1.5)


def tap_ms(driver, script: str) -> float:
    """Milliseconds from a tap (dispatched by `script`, which returns a promise of the moment the
    screen shows its effect) to that moment, timed in the page."""
    return float(driver.execute_async_script(script))


GHOST_LETTER = """
const done = arguments[arguments.length - 1];
const key = document.querySelector("#ghost-keys button[value='a']");
const shown = document.getElementById('ghost-fragment');
const start = performance.now();
new MutationObserver((_, o) => { o.disconnect(); requestAnimationFrame(() => done(performance.now() - start)); })
  .observe(shown, {childList: true, characterData: true, subtree: true});
key.click();"""

SPIN = """
const done = arguments[arguments.length - 1];
const machine = document.getElementById('plot-machine');
const start = performance.now();
new MutationObserver((_, o) => { if (machine.dataset.spinning) { o.disconnect(); requestAnimationFrame(() => done(performance.now() - start)); } })
  .observe(machine, {attributes: true});
document.getElementById('plot-spin').click();"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    driver = conftest._chrome(mobile=True)
    try:
        results: list[tuple[float, str]] = []
        for who in ("visitor", "learner"):
            if who == "learner":
                sign_up(driver, args.base)
            for path in two_taps(driver, args.base):
                results.append((slowest_first_byte(driver, args.base, path, args.runs), f"{who} {path}"))
        results.sort(reverse=True)
        print(f"phone-latency: {len(results)} pages within two taps; slowest first byte of {args.runs} loads each:")
        for ms, page in results[:10]:
            print(f"  {ms:7.1f} ms  {page}")
        print(f"  median of all pages {statistics.median(ms for ms, _ in results):.1f} ms")

        driver.get(urljoin(args.base, "/ghost"))
        driver.execute_script("document.getElementById('hotseat-start').click()")
        time.sleep(1.5)
        letter = tap_ms(driver, GHOST_LETTER)
        driver.get(urljoin(args.base, "/plots"))
        time.sleep(1.5)
        spin = tap_ms(driver, SPIN)
        print(f"phone-latency: taps: a Ghost letter on the board {letter:.1f} ms, Spin starting {spin:.1f} ms")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
