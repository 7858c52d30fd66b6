#!/usr/bin/env python3
"""What revising and rehearsing offline cost a phone, timed in headless Chromium with its CPU
slowed 4× (DevTools' throttling, as a mid-range phone):
- revision: one answer checked (public/rules/answer-check.js) and scheduled (public/rules/fsrs.js:
  the four rating buttons' due dates, then the rating given), over answers of the kinds learners
  type: right, without accents, with a slip, a mutation, wrong, with alternatives and optional words;
- rehearsal: one line of a 35-line speech checked (public/rules/drill-check.js), the next line
  chosen and its help drawn, and the line rated (public/rules/rehearsal.js: the four buttons, then
  the rating given), over lines said right, with slips, and wrong.
- Ghost: a move by the hard computer (public/rules/ghost-computer.js) against random letters,
  over Debian's English list at four letters (built from it as the server's pack is: its lower-case
  a–z words of three letters or more), and the time to build the list and its solver once.
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
import shutil
import socketserver
import tempfile
import threading
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = ROOT / "Sources/FolioServer/Resources/public"
MODULES = {
    "revision": ["vocab-offline.js", "vocab-offline-data.js", "offline-ui.js", "rules/answer-check.js", "rules/fsrs.js"],
    "ghost": ["ghost-offline.js", "offline-store.js", "rules/ghost-words.js", "rules/ghost-game.js", "rules/ghost-computer.js"],
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

BENCH_GHOST = """
const [count, done] = [arguments[0], arguments[arguments.length - 1]];
Promise.all([import('/rules/ghost-words.js'), import('/rules/ghost-game.js'), import('/rules/ghost-computer.js'), fetch('/english.words').then((r) => r.text())])
  .then(([W, G, C, pack]) => {
    const built = performance.now();
    const words = W.wordList(W.readPack(pack), 4, W.ALPHABETS.latin);
    const solve = C.solver(words);
    const buildMs = performance.now() - built;
    const times = [];
    let game = G.newGame(['Person', 'Computer'], words, 'forgiving', 0);
    let seed = 7;
    const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    while (times.length < count) {
      if (G.isOver(game)) game = G.newGame(['Person', 'Computer'], words, 'forgiving', 0);
      if (G.playerToAct(game) === 0) {
        const legal = C.legalLetters(game);
        G.apply(game, game.pendingChallenge ? { type: 'answer', word: null } : { type: 'letter', letter: legal[Math.floor(random() * legal.length)] });
        continue;
      }
      const start = performance.now();
      const action = C.computerAction(game, 'hard', solve, random);
      times.push(performance.now() - start);
      G.apply(game, action);
    }
    times.sort((a, b) => a - b);
    done({median: times[Math.floor(times.length / 2)], p90: times[Math.floor(times.length * 0.9)], count: times.length, buildMs});
  }, (error) => done(String(error)));
"""

BENCHES = {"revision": (BENCH, "answer checked and scheduled"), "rehearsal": (BENCH_REHEARSAL, "line checked, planned and rated"),
           "ghost": (BENCH_GHOST, "hard computer's move")}


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".js": "text/javascript"}

    def log_message(self, *args) -> None:
        pass


def english_pack(folder: Path) -> None:
    """Debian's English list as the server packs it: lower-case a–z words of three letters or more, sorted, front-coded."""
    source = Path("/usr/share/dict/british-english")
    words = sorted({w.strip() for w in source.read_text(encoding="utf-8", errors="replace").splitlines()
                    if len(w.strip()) >= 3 and w.strip().isascii() and w.strip().isalpha() and w.strip().islower()})
    lines, previous = [], ""
    for word in words:
        shared = 0
        while shared < min(len(previous), len(word), 60) and previous[shared] == word[shared]:
            shared += 1
        lines.append(chr(48 + shared) + word[shared:])
        previous = word
    (folder / "english.words").write_text("\n".join(lines) + "\n")


def serve() -> tuple[socketserver.TCPServer, int, Path]:
    folder = Path(tempfile.mkdtemp(prefix="folio-offline-bench-"))
    shutil.copytree(PUBLIC, folder, dirs_exist_ok=True)
    english_pack(folder)
    handler = functools.partial(Quiet, directory=str(folder))
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1], folder


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
    server, port, folder = serve()
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
                built = f"; list and solver built in {result['buildMs']:.0f} ms" if "buildMs" in result else ""
                print(f"{name}: {what}, CPU {rate}x slower: median {result['median']:.3f} ms, "
                      f"p90 {result['p90']:.3f} ms over {result['count']} answers{built}")
            modules = MODULES[name]
            total = sum((PUBLIC / module).stat().st_size for module in modules)
            zipped = sum(len(gzip.compress((PUBLIC / module).read_bytes())) for module in modules)
            print(f"offline {name}'s modules: {total} bytes, {zipped} gzipped ({', '.join(modules)})")
        print(json.dumps(results))
    finally:
        driver.quit()
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
