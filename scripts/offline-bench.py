#!/usr/bin/env python3
"""What revising offline costs a phone: one answer checked (public/rules/answer-check.js) and
scheduled (public/rules/fsrs.js: the four rating buttons' due dates, then the rating given), timed
in headless Chromium with its CPU slowed 4× (DevTools' throttling, as a mid-range phone), over
answers of the kinds learners type: right, without accents, with a slip, a mutation, wrong, and
answers with alternatives and optional words. Prints the median and the 90th percentile per
answer, with and without throttling, and the bytes of the modules the offline page loads.

    scripts/offline-bench.py [--answers 400]

Needs Chromium, its driver and selenium (scripts/e2e.sh installs them). Serves the public files
itself on loopback; no Folio server is needed."""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import socketserver
import threading
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = ROOT / "Sources/FolioServer/Resources/public"
MODULES = ["vocab-offline.js", "vocab-offline-data.js", "rules/answer-check.js", "rules/fsrs.js"]

BENCH = """
const [count, done] = [arguments[0], arguments[arguments.length - 1]];
Promise.all([import('/rules/answer-check.js'), import('/rules/fsrs.js')]).then(([rule, fsrs]) => {
  const pairs = [['gŵr', ['gŵr', 'gwr', 'gwt', 'dyn']], ['ystafell wely', ['ystafell wely', 'ystafel wely', 'ystafell', 'stafell wely']],
    ['(to) run / jog', ['run', 'to jog', 'rnu', 'walk']], ['cath', ['gath', 'chath', 'cath', 'ci']],
    ['diolch (yn fawr)', ['diolch', 'diolch yn fawr', 'diolch yn fawr iawn', 'dilch']],
    ['rhif ffôn', ['rhif ffon', 'rhif ffôn', 'rif ffôn', 'rhif']], ['to his/her/their', ['to her', 'to its', 'his', 'to thier']]];
  const scheduler = fsrs.scheduler({});
  let card = fsrs.newCard(Date.now());
  const times = [];
  for (let i = 0; i < count + 50; i++) {
    const [expected, typings] = pairs[i % pairs.length];
    const typed = typings[(i >> 3) % typings.length];
    const now = Date.now() + i * 60_000;
    const start = performance.now();
    const checked = rule.checkAnswer(typed, expected, 'almost');
    const buttons = scheduler.outcomes(card, now);
    card = scheduler.review(card, rule.proposedRating(checked.verdict), now);
    const took = performance.now() - start;
    if (i >= 50 && buttons.length === 4) times.push(took);
  }
  times.sort((a, b) => a - b);
  done({median: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)], count: times.length});
}, (error) => done(String(error)));
"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript"}

    def log_message(self, *args) -> None:
        pass


def serve() -> tuple[socketserver.TCPServer, int]:
    handler = functools.partial(Quiet, directory=str(PUBLIC))
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def chrome() -> webdriver.Chrome:
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-proxy-server"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(300)
    return driver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--answers", type=int, default=400)
    args = parser.parse_args()
    server, port = serve()
    driver = chrome()
    try:
        driver.get(f"http://127.0.0.1:{port}/")
        results = {}
        for rate in (1, 4):
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
            results[rate] = driver.execute_async_script(BENCH, args.answers)
            if not isinstance(results[rate], dict):
                raise SystemExit(f"offline-bench: {results[rate]}")
        for rate, result in results.items():
            print(f"answer checked and scheduled, CPU {rate}x slower: median {result['median']:.3f} ms, "
                  f"p90 {result['p90']:.3f} ms over {result['count']} answers")
        total = sum((PUBLIC / name).stat().st_size for name in MODULES)
        zipped = sum(len(gzip.compress((PUBLIC / name).read_bytes())) for name in MODULES)
        print(f"offline revision's modules: {total} bytes, {zipped} gzipped ({', '.join(MODULES)})")
        print(json.dumps({str(rate): result for rate, result in results.items()}))
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
