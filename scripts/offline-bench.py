#!/usr/bin/env python3
"""What revising and rehearsing offline cost a phone, timed in headless Chromium with its CPU
slowed 4× (DevTools' throttling, as a mid-range phone):
- revision: one answer checked (public/rules/answer-check.js) and scheduled (public/rules/fsrs.js:
  the four rating buttons' due dates, then the rating given), over answers of the kinds learners
  type: right, without accents, with a slip, a mutation, wrong, with alternatives and optional words;
- rehearsal: one line of a 35-line speech checked (public/rules/drill-check.js), the next line
  chosen and its help drawn, and the line rated (public/rules/rehearsal.js: the four buttons, then
  the rating given), over lines said right, with slips, and wrong.
Prints the median and the 90th percentile per answer, with and without throttling, and the bytes
of the modules each offline page loads.

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
MODULES = {
    "revision": ["vocab-offline.js", "vocab-offline-data.js", "offline-ui.js", "rules/answer-check.js", "rules/fsrs.js"],
    "rehearsal": ["rehearse-offline.js", "rehearsal-offline-data.js", "offline-ui.js", "rules/drill-check.js", "rules/rehearsal.js",
                  "rules/fsrs.js", "rules/answer-check.js"],
}

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

BENCH_REHEARSAL = """
const [count, done] = [arguments[0], arguments[arguments.length - 1]];
Promise.all([import('/rules/drill-check.js'), import('/rules/rehearsal.js'), import('/rules/fsrs.js')]).then(([drill, rehearsal, fsrs]) => {
  const speech = ['To be, or not to be: that is the question:', "Whether 'tis nobler in the mind to suffer",
    'The slings and arrows of outrageous fortune,', 'Or to take arms against a sea of troubles,', 'And by opposing end them? To die: to sleep;',
    'No more; and by a sleep to say we end', 'The heart-ache and the thousand natural shocks', "That flesh is heir to, 'tis a consummation"];
  const lines = Array.from({length: 35}, (_, i) => ({number: i + 1, key: `${i}`, cue: '', text: speech[i % speech.length], progress: null}));
  const said = (text, i) => [text, text.replace(/o/, '0'), text.split(' ').slice(1).join(' '), 'something else entirely'][(i >> 2) % 4];
  const scheduler = fsrs.scheduler({});
  const times = [];
  for (let i = 0; i < count + 50; i++) {
    const now = Date.now() + i * 90_000;
    const start = performance.now();
    const asked = rehearsal.plan(lines, now).next || lines[i % lines.length];
    const shown = drill.showLine(rehearsal.prompt(asked.progress ? asked.progress.help : 0), asked.text);
    const checked = drill.checkLine(said(asked.text, i), asked.text);
    const buttons = [1, 2, 3, 4].map((rating) => rehearsal.rated(asked, rating, now, scheduler).card.due);
    asked.progress = rehearsal.rated(asked, rehearsal.proposedRating(checked.verdict), now, scheduler);
    const took = performance.now() - start;
    if (i >= 50 && buttons.length === 4 && shown !== undefined) times.push(took);
  }
  times.sort((a, b) => a - b);
  done({median: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)], count: times.length});
}, (error) => done(String(error)));
"""

BENCHES = {"revision": (BENCH, "answer checked and scheduled"), "rehearsal": (BENCH_REHEARSAL, "line checked, planned and rated")}


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
        results: dict[str, dict] = {}
        for name, (script, what) in BENCHES.items():
            for rate in (1, 4):
                driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
                result = driver.execute_async_script(script, args.answers)
                if not isinstance(result, dict):
                    raise SystemExit(f"offline-bench: {name}: {result}")
                results[f"{name} {rate}x"] = result
                print(f"{name}: {what}, CPU {rate}x slower: median {result['median']:.3f} ms, "
                      f"p90 {result['p90']:.3f} ms over {result['count']} answers")
            modules = MODULES[name]
            total = sum((PUBLIC / module).stat().st_size for module in modules)
            zipped = sum(len(gzip.compress((PUBLIC / module).read_bytes())) for module in modules)
            print(f"offline {name}'s modules: {total} bytes, {zipped} gzipped ({', '.join(modules)})")
        print(json.dumps(results))
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
