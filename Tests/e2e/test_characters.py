"""The character browser in a real browser, as a phone app: the star turns in place (no reload, the
list keeps its place) on the list, the favourites and a character's own screens, and says so when it
cannot; a swipe makes a favourite; the web page says plainly when the site is slow, refuses to be
framed or the phone is offline, with the link and the facts; portraits stay in their frame with
readable initials; a name is shown once; an unknown planet reads "Unknown".

Most tests use the session's server (its stand-in wiki answers slowly but surely). The web page's
failures and an imported character with no known planet need a server of their own, whose wiki
never answers for one page and refuses to be framed for another.

Screenshots of every screen, light and dark, at phone size: characters-*-phone-{light,dark}.png.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from conftest import DESKTOP, PHONE, STARTUP_SECONDS, TEST_SERVER_OPTIONS, WORKER_SUFFIX, _chrome, _required_path
from test_everywhere import go_offline, go_online, open_offline, set_theme, wait_until_kept
from test_monologues import (assert_fits_width, click, element, eventually, log_in, mark_page, new_username, norm, register,
                             screenshot, submit, visit, wait_ready)

import sys
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from folio_server import Server, ServerFailed  # noqa: E402

SWIPE = """
// A finger that lands on the row and slides right: the events a phone sends.
const row = arguments[0], distance = arguments[1];
const box = row.getBoundingClientRect();
const y = box.top + box.height / 2, x0 = box.left + 20;
function touch(x) { return new Touch({identifier: 1, target: row, clientX: x, clientY: y}); }
function send(type, x) {
  const t = touch(x);
  row.dispatchEvent(new TouchEvent(type, {bubbles: true, cancelable: true,
    touches: type === 'touchend' ? [] : [t], targetTouches: type === 'touchend' ? [] : [t], changedTouches: [t]}));
}
send('touchstart', x0);
for (let step = 1; step <= 8; step++) send('touchmove', x0 + distance * step / 8);
send('touchend', x0 + distance);
"""

# How long the web page waits for the site before it gives way (CharacterWeb.patienceSeconds).
PATIENCE_SECONDS = 6


# --- helpers ---------------------------------------------------------------------------------

def shots(driver: WebDriver, artifacts: Path, name: str) -> None:
    """A screenshot in the light theme and one in the dark: the pages must stay black and yellow."""
    for theme in ("light", "dark"):
        set_theme(driver, theme)
        screenshot(driver, artifacts, f"characters-{name}-{theme}")
    set_theme(driver, "light")


def row(driver: WebDriver, name: str):
    for li in driver.find_elements(By.CSS_SELECTOR, "li.character-row"):
        if li.get_attribute("data-name") == name:
            return li
    raise AssertionError(f"no row for {name}")


def star_css(name: str) -> str:
    return f"li.character-row[data-name='{name}'] .favourite-button"


def pressed(driver: WebDriver, css: str) -> str:
    return element(driver, css).get_attribute("aria-pressed")


def favourite_names(driver: WebDriver, base: str) -> list[str]:
    visit(driver, base, "/characters/favourites")
    return [li.get_attribute("data-name") for li in driver.find_elements(By.CSS_SELECTOR, "#favourite-characters li.character-row")]


def mark(driver: WebDriver) -> None:
    """A marker on the window: a reload or a new page would lose it."""
    driver.execute_script("window.charactersMarker = 'still here'")


def assert_same_page(driver: WebDriver, what: str) -> None:
    assert driver.execute_script("return window.charactersMarker") == "still here", f"{what}: the page was reloaded"


def press_in_place(driver: WebDriver, css: str, expect: str) -> None:
    """Presses a star and waits for its new state, checking the page stayed and kept its place."""
    before = driver.execute_script("return window.scrollY")
    mark(driver)
    click(driver, css)
    eventually(driver, lambda: pressed(driver, css), lambda v: v == expect, f"{css} to become aria-pressed={expect}")
    # The star shows the new state at once; the answer from the server ends its busy state.
    eventually(driver, lambda: element(driver, css).get_attribute("aria-busy"), lambda v: v is None, f"{css} to be saved")
    assert pressed(driver, css) == expect, f"{css}: the server did not agree"
    eventually(driver, lambda: element(driver, "#characters-status").text, bool, "the status line to say what happened")
    assert_same_page(driver, css)
    after = driver.execute_script("return window.scrollY")
    assert abs(after - before) <= 1, f"the page jumped from {before} to {after}"


def visible_count(driver: WebDriver, text: str, scope: str = "body") -> int:
    """How often `text` is shown in the rendered text of `scope` (hidden text does not count)."""
    return driver.execute_script("return document.querySelector(arguments[0]).innerText.split(arguments[1]).length - 1", scope, text)


def scroll_to(driver: WebDriver, target) -> None:
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
    # Smooth scrolling or lazy images may still move it: wait until it rests.
    eventually(driver, lambda: [driver.execute_script("return window.scrollY"), time.sleep(0.2),
                                driver.execute_script("return window.scrollY")], lambda v: v[0] == v[2], "the scroll to rest")


# --- the star --------------------------------------------------------------------------------

@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_star_turns_in_place_on_a_scrolled_list_and_the_favourites(size, request, folio_url, artifacts):
    driver = request.getfixturevalue(size)
    base = folio_url
    register(driver, base, new_username())
    visit(driver, base, "/characters")
    assert_fits_width(driver, PHONE["width"] if size == "phone" else DESKTOP["width"])
    # Black and yellow, as the original app, whatever the theme.
    colours = driver.execute_script("const s = getComputedStyle(document.body); return [s.backgroundColor, s.color]")
    assert colours == ["rgb(0, 0, 0)", "rgb(255, 232, 31)"], colours

    # Far down the list: the press must not reload the page nor move it.
    scroll_to(driver, row(driver, "Ahsoka Tano"))
    assert driver.execute_script("return window.scrollY") > 300, "the list did not scroll"
    press_in_place(driver, star_css("Ahsoka Tano"), "true")
    assert "is now a favourite" in element(driver, "#characters-status").text
    assert "is-favourite" in row(driver, "Ahsoka Tano").get_attribute("class")
    # The next press asks to let go: the form is ready for it.
    assert element(driver, "li.character-row[data-name='Ahsoka Tano'] input[name='keep']").get_attribute("value") == "false"

    scroll_to(driver, row(driver, "Yoda"))
    press_in_place(driver, star_css("Yoda"), "true")
    press_in_place(driver, star_css("Yoda"), "false")
    press_in_place(driver, star_css("Yoda"), "true")
    if size == "phone":
        # A swipe makes a favourite too; a short slide does not.
        leia = row(driver, "Leia Organa")
        scroll_to(driver, leia)
        mark(driver)
        driver.execute_script(SWIPE, leia, 30)
        assert "is-favourite" not in leia.get_attribute("class")
        driver.execute_script(SWIPE, leia, 140)
        eventually(driver, lambda: row(driver, "Leia Organa").get_attribute("data-saved"), lambda v: v == "true", "the swipe to be saved")
        assert_same_page(driver, "the swipe")
        time.sleep(1)  # the row's slide back ends
        driver.execute_script("window.scrollTo(0, 0)")
        shots(driver, artifacts, "list-phone")

    # The server agrees, and the favourites page turns its stars in place as well.
    expected = ["Ahsoka Tano", "Leia Organa", "Yoda"] if size == "phone" else ["Ahsoka Tano", "Yoda"]
    assert sorted(favourite_names(driver, base)) == expected
    if size == "phone":
        shots(driver, artifacts, "favourites-phone")
    press_in_place(driver, star_css("Ahsoka Tano"), "false")
    # Still on the page, so a press can undo it.
    assert row(driver, "Ahsoka Tano")
    press_in_place(driver, star_css("Ahsoka Tano"), "true")
    press_in_place(driver, star_css("Ahsoka Tano"), "false")
    assert sorted(favourite_names(driver, base)) == [n for n in expected if n != "Ahsoka Tano"]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_star_turns_in_place_on_a_characters_own_screens(size, request, folio_url, artifacts):
    driver = request.getfixturevalue(size)
    base = folio_url
    register(driver, base, new_username())
    visit(driver, base, "/characters/6")  # Obi-Wan Kenobi
    name = norm(element(driver, "h1.page-title").text)
    assert name == "Obi-Wan Kenobi", name
    press_in_place(driver, "#favourite-toggle", "true")
    if size == "phone":
        shots(driver, artifacts, "character-phone")
    submit(driver, "#details-link")
    assert pressed(driver, "#favourite-toggle") == "true", "the details do not show the favourite"
    if size == "phone":
        shots(driver, artifacts, "details-phone")
    assert favourite_names(driver, base) == [name]
    visit(driver, base, "/characters/6/details")
    press_in_place(driver, "#favourite-toggle", "false")
    assert favourite_names(driver, base) == []


def test_without_scripts_the_star_returns_to_its_row(phone, folio_url):
    """The form alone (as without JavaScript): sent, the server answers with the list at the row."""
    driver, base = phone, folio_url
    register(driver, base, new_username())
    visit(driver, base, "/characters")
    form = element(driver, "li.character-row[data-name='Yoda'] form.favourite-form")
    mark_page(driver)
    # HTMLFormElement.submit() skips the submit event, so the page's script stays out of it.
    driver.execute_script("arguments[0].submit()", form)
    wait_ready(driver, "the list after the form")
    assert driver.current_url.endswith("/characters#character-"
                                       + row(driver, "Yoda").get_attribute("data-id")), driver.current_url
    assert pressed(driver, star_css("Yoda")) == "true"
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top", row(driver, "Yoda"))
    assert 0 <= top <= PHONE["height"] - 100, f"the row is not in view after the form: top {top}"


def test_a_star_pressed_offline_waits_on_the_device_and_a_later_change_wins(phone, folio_url):
    driver, base = phone, folio_url
    user = new_username()
    register(driver, base, user)
    visit(driver, base, "/characters")
    han = row(driver, "Han Solo").get_attribute("data-id")
    scroll_to(driver, row(driver, "Han Solo"))
    # No connection (the worker's too): the star stays as pressed, and waits on the device.
    sessions = go_offline(driver)
    try:
        mark(driver)
        click(driver, star_css("Han Solo"))
        status = eventually(driver, lambda: element(driver, "#characters-status").text, lambda t: "kept on this device" in t,
                            "the status line to say the star waits on the device")
        assert "offline" in status.lower(), status
        assert pressed(driver, star_css("Han Solo")) == "true"
        assert_same_page(driver, "a press offline")
        # A reload offline shows the kept page with the waiting press on it.
        open_offline(driver, base, "/characters")
        eventually(driver, lambda: pressed(driver, star_css("Han Solo")), lambda p: p == "true", "the waiting star after a reload")
    finally:
        go_online(driver, sessions)
    # Back online, it is sent by itself.
    eventually(driver, lambda: element(driver, "#characters-status").text, lambda t: "Han Solo is now a favourite" in t,
               "the waiting star to be saved")
    assert favourite_names(driver, base) == ["Han Solo"]

    # Unstarred offline, then starred on another device before this one is back: the later
    # change stands, and the page says so.
    visit(driver, base, "/characters")
    sessions = go_offline(driver)
    try:
        click(driver, star_css("Han Solo"))
        eventually(driver, lambda: element(driver, "#characters-status").text, lambda t: "kept on this device" in t, "the waiting unstar")
        assert pressed(driver, star_css("Han Solo")) == "false"
        other = _chrome(mobile=False)
        try:
            log_in(other, base, user)
            visit(other, base, "/characters")
            status = other.execute_async_script("""
                const [id, done] = arguments;
                const token = document.querySelector('meta[name="csrf-token"]').content;
                fetch('/api/v1/characters/favourites/' + id, {method: 'PUT', credentials: 'same-origin', headers: {'X-CSRF-Token': token}})
                  .then((r) => done(r.status), (e) => done(String(e)));""", han)
            assert status in (200, 204), status
        finally:
            other.quit()
    finally:
        go_online(driver, sessions)
    eventually(driver, lambda: element(driver, "#characters-status").text, lambda t: "later change from another device stands" in t,
               "the page to say the later change stands")
    eventually(driver, lambda: pressed(driver, star_css("Han Solo")), lambda p: p == "true", "the star as the later change left it")
    assert favourite_names(driver, base) == ["Han Solo"]

    # Logged out meanwhile (another tab): the press leads to the log-in page, and back here after.
    driver.delete_cookie("folio_session")
    click(driver, star_css("Han Solo"))
    eventually(driver, lambda: driver.current_url, lambda u: "/account/login" in u, "the log-in page")
    assert "next=%2Fcharacters" in driver.current_url, driver.current_url


# --- a character's screens ---------------------------------------------------------------

@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_portraits_fit_their_frame_with_readable_initials_and_names_show_once(size, request, folio_url):
    driver = request.getfixturevalue(size)
    width = PHONE["width"] if size == "phone" else DESKTOP["width"]
    for path in ("/characters/1", "/characters/2"):  # a person and a droid
        visit(driver, folio_url, path)
        assert_fits_width(driver, width)
        eventually(driver, lambda: driver.execute_script(
            "const i = document.getElementById('portrait'); return i.complete && i.naturalWidth > 0"), bool, "the portrait")
        boxes = driver.execute_script("""
            const r = e => { const b = e.getBoundingClientRect(); return {l: b.left, r: b.right, t: b.top, b: b.bottom}; };
            return {img: r(document.getElementById('portrait')), frame: r(document.getElementById('portrait-frame')),
                    main: r(document.querySelector('main')), width: document.documentElement.clientWidth};""")
        img, frame, main = boxes["img"], boxes["frame"], boxes["main"]
        assert frame["l"] >= main["l"] and frame["r"] <= min(main["r"], boxes["width"]), boxes
        assert img["l"] >= frame["l"] - 0.5 and img["r"] <= frame["r"] + 0.5 and img["t"] >= frame["t"] - 0.5 \
            and img["b"] <= frame["b"] + 0.5, f"{path}: the portrait overflows its frame: {boxes}"
        # Drawn inline, the figure must stay in the ring and the initials sit on black beneath it.
        drawn = driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            fetch(arguments[0]).then(r => r.text()).then(text => {
              const holder = document.createElement('div');
              holder.style.cssText = 'position:absolute;left:0;top:0;width:240px;height:240px';
              holder.innerHTML = text;
              document.body.appendChild(holder);
              const svg = holder.querySelector('svg');
              const box = e => { const b = e.getBBox(); return {t: b.y, b: b.y + b.height, l: b.x, r: b.x + b.width}; };
              const text_ = svg.querySelector('text'), band = text_.previousElementSibling;
              const ring = svg.querySelector(':scope > circle');
              const figure = svg.querySelector('g[clip-path]');
              const out = {text: box(text_), band: box(band), ring: box(ring), ink: text_.getAttribute('fill'),
                           paper: band.getAttribute('fill'), initials: text_.textContent,
                           clipped: getComputedStyle(figure).clipPath !== 'none'};
              holder.remove();
              done(out);
            }, e => done(String(e)));""", element(driver, "#portrait").get_attribute("src"))
        assert isinstance(drawn, dict), drawn
        t, band, ring = drawn["text"], drawn["band"], drawn["ring"]
        assert drawn["clipped"], f"{path}: the figure is not clipped to its frame"
        assert band["t"] <= t["t"] and t["b"] <= band["b"] + 1 and band["l"] <= t["l"] and t["r"] <= band["r"], \
            f"{path}: the initials {drawn['initials']} are not on their band: {drawn}"
        assert ring["b"] <= band["t"], f"{path}: the ring runs into the initials: {drawn}"
        assert contrast(drawn["ink"], drawn["paper"]) >= 4.5, drawn

        # The name once: the page's heading, not again in the card or the details.
        name = norm(element(driver, "h1.page-title").text)
        assert visible_count(driver, name) == 1, f"{path}: {name!r} is shown {visible_count(driver, name)} times"
        visit(driver, folio_url, path + "/details")
        assert visible_count(driver, name) == 1, f"{path}/details: {name!r} is shown {visible_count(driver, name)} times"
        # Each fact on one line, its label at the left and its value at the right.
        broken = driver.execute_script("""
            return Array.from(document.querySelectorAll('#facts .fact')).filter(function (f) {
              var dt = f.querySelector('dt').getBoundingClientRect(), dd = f.querySelector('dd').getBoundingClientRect();
              var line = parseFloat(getComputedStyle(f.querySelector('dd')).lineHeight);
              return dd.height > 1.5 * line || dt.height > 1.5 * line || dd.left < dt.right;
            }).map(function (f) { return f.innerText; });""")
        assert not broken, f"{path}/details: facts broken over lines: {broken}"
        assert_fits_width(driver, width)
    visit(driver, folio_url, "/characters")
    for li in driver.find_elements(By.CSS_SELECTOR, "li.character-row")[:8]:
        name = li.get_attribute("data-name")
        assert li.text.count(name) == 1, f"the row shows {name!r} {li.text.count(name)} times: {li.text!r}"
        assert driver.execute_script("const i = arguments[0].querySelector('img.thumb'); return i.getBoundingClientRect().width", li) <= 48.5


def contrast(a: str, b: str) -> float:
    def luminance(hex_colour: str) -> float:
        value = int(hex_colour.lstrip("#"), 16)
        channels = [((value >> shift) & 0xFF) / 255 for shift in (16, 8, 0)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    x, y = luminance(a), luminance(b)
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)


def test_desktop_list_to_character_to_details_to_web_page(eager_desktop, folio_url, artifacts):
    driver = eager_desktop
    visit(driver, folio_url, "/characters")
    submit(driver, "li.character-row[data-name='Luke Skywalker'] a.character-link")
    assert norm(element(driver, "h1.page-title").text) == "Luke Skywalker"
    assert "Tatooine" in element(driver, "#character-planet").text
    screenshot(driver, artifacts, "characters-luke-desktop")
    submit(driver, "#details-link")
    facts = {dt.text: dd.text for dt, dd in zip(driver.find_elements(By.CSS_SELECTOR, "#facts dt"),
                                                  driver.find_elements(By.CSS_SELECTOR, "#facts dd"))}
    assert facts["Home planet"] == "Tatooine" and facts["Birth year"] == "19BBY" and facts["Eye colour"] == "blue", facts

    # The web page: the indicator shows until the (slow) page has loaded, then goes.
    click(driver, "#web-link")
    shown = eventually(driver, lambda: driver.execute_script(
        "const l = document.getElementById('web-loading'); return l && !l.hidden && getComputedStyle(l).display !== 'none'"),
        lambda v: v is not None, "the web page view")
    assert shown is True, "no loading indicator while the page loads"
    eventually(driver, lambda: driver.execute_script(
        "const l = document.getElementById('web-loading'); return l.hidden && document.getElementById('web-page').dataset.loaded"),
        bool, "the indicator to go once the page has loaded")
    assert not element(driver, "#web-problem").is_displayed()
    driver.switch_to.frame(element(driver, "#web-page"))
    assert element(driver, "#wiki-title").text == "Luke_Skywalker"
    driver.switch_to.default_content()
    screenshot(driver, artifacts, "characters-web-desktop")


def test_the_web_page_loads_on_a_phone(phone, folio_url, artifacts):
    driver = phone
    visit(driver, folio_url, "/characters/1/web")
    eventually(driver, lambda: element(driver, "#web-page").get_attribute("data-loaded"), bool, "the page to load")
    assert_fits_width(driver, PHONE["width"])
    shots(driver, artifacts, "web-phone")


# --- a wiki that fails, and a catalogue with an unknown planet ----------------------------

class _HostileWiki(BaseHTTPRequestHandler):
    """Luke's page never comes; Leia's refuses to be framed; the rest come at once."""
    stop = threading.Event()

    def do_GET(self):  # noqa: N802 (the standard library's name)
        if "Luke_Skywalker" in self.path:
            _HostileWiki.stop.wait(60)
            return
        body = f"<!doctype html><title>Wiki</title><h1 id='wiki-title'>{self.path.rsplit('/', 1)[-1]}</h1>".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        if "Leia" in self.path:
            self.send_header("X-Frame-Options", "DENY")
            self.send_header("Content-Security-Policy", "frame-ancestors 'none'")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


SWAPI_PEOPLE = {"results": [
    {"name": "Nowhere Known", "height": "180", "mass": "80", "hair_color": "black", "skin_color": "light", "eye_color": "brown",
     "birth_year": "unknown", "gender": "male", "homeworld": None, "films": ["https://swapi.dev/api/films/1/"],
     "url": "https://swapi.dev/api/people/901/"},
    {"name": "Placeholder Planet", "height": "170", "mass": "60", "hair_color": "none", "skin_color": "green", "eye_color": "red",
     "birth_year": "40BBY", "gender": "female", "homeworld": "https://swapi.dev/api/planets/28/",
     "films": ["https://swapi.dev/api/films/1/"], "url": "https://swapi.dev/api/people/902/"},
    {"name": "unknown", "climate": "unknown", "terrain": "unknown", "url": "https://swapi.dev/api/planets/28/"},
]}


@pytest.fixture(scope="module")
def hostile_url(artifacts: Path):
    """A server of its own: its wiki fails on purpose, and its catalogue has unknown planets."""
    _HostileWiki.stop.clear()
    wiki = ThreadingHTTPServer(("127.0.0.1", 0), _HostileWiki)
    threading.Thread(target=wiki.serve_forever, daemon=True).start()
    binary = _required_path("FOLIO_BIN")
    data_dir = Path(tempfile.mkdtemp(prefix="folio-e2e-characters-"))
    server = None
    try:
        people = data_dir / "people.json"
        people.write_text(json.dumps(SWAPI_PEOPLE))
        imported = subprocess.run([str(binary), "characters", "import-swapi", str(people), "--data-dir", str(data_dir)],
                                  capture_output=True, text=True, timeout=120)
        assert imported.returncode == 0, imported.stdout + imported.stderr
        server = Server(binary, data_dir, artifacts / f"server-characters{WORKER_SUFFIX}.log",
                        "--wiki-base", f"http://127.0.0.1:{wiki.server_address[1]}/wiki/",
                        *TEST_SERVER_OPTIONS, startup_seconds=STARTUP_SECONDS)
        yield server.base
    except ServerFailed as failure:
        pytest.fail(str(failure), pytrace=False)
    finally:
        if server is not None:
            server.stop(grace=5)
        _HostileWiki.stop.set()
        wiki.shutdown()
        wiki.server_close()
        shutil.rmtree(data_dir, ignore_errors=True)


def assert_link_and_facts(driver: WebDriver, wiki_page: str) -> None:
    """The link (in the panel that took the frame's place, else beside the frame) and the facts."""
    links = [a for a in driver.find_elements(By.CSS_SELECTOR, "#web-problem-open, #web-open") if a.is_displayed()]
    assert len(links) == 1, f"{len(links)} links to the page are shown"
    link = links[0]
    assert link.get_attribute("href").endswith("/wiki/" + wiki_page) and link.get_attribute("target") == "_blank"
    assert link.get_attribute("rel") == "noopener noreferrer"
    facts = driver.find_elements(By.CSS_SELECTOR, "#web-facts dt")
    assert [f.text for f in facts][:3] == ["Home planet", "Birth year", "Eye colour"], [f.text for f in facts]
    assert all(f.is_displayed() for f in facts)


@pytest.fixture
def eager_phone():
    # The frame that never comes would keep a normal driver waiting for the whole page.
    driver = _chrome(mobile=True, eager=True)
    yield driver
    driver.quit()


@pytest.mark.parametrize("size", ["eager_phone", "eager_desktop"])
def test_a_web_page_that_never_comes_gives_way_to_the_link_and_facts(size, request, hostile_url, artifacts):
    driver = request.getfixturevalue(size)
    started = time.monotonic()
    driver.get(hostile_url + "/characters/1/web")
    eventually(driver, lambda: driver.execute_script("return location.pathname + ' ' + document.readyState"),
               lambda v: v.startswith("/characters/1/web") and not v.endswith("loading"), "the web page")
    assert element(driver, "#web-loading").is_displayed()
    problem = eventually(driver, lambda: element(driver, "#web-frame").get_attribute("data-problem"), bool,
                         "the page to give way", timeout=PATIENCE_SECONDS + 6)
    assert problem == "slow" and time.monotonic() - started < PATIENCE_SECONDS + 6
    text = element(driver, "#web-problem-text").text
    assert "has not loaded" in text, text
    assert not element(driver, "#web-page").is_displayed(), "an empty frame is still shown"
    assert not element(driver, "#web-loading").is_displayed()
    if size == "eager_phone":
        shots(driver, artifacts, "web-slow-phone")
    assert_link_and_facts(driver, "Luke_Skywalker")


def test_a_web_page_that_refuses_to_be_framed_offers_the_link_and_facts(phone, hostile_url, artifacts):
    driver = phone
    visit(driver, hostile_url, "/characters/5/web")
    # The refusal cannot be seen from the page (the frame "loads" an error): the words, the link and
    # the facts beside the frame are what the reader has, within the same few seconds.
    eventually(driver, lambda: element(driver, "#web-page").get_attribute("data-loaded"), bool, "the frame to finish")
    note = element(driver, "#web-note")
    assert note.is_displayed() and "does not allow being shown inside Folio" in note.text
    assert_link_and_facts(driver, "Leia_Skywalker_Organa_Solo")
    driver.execute_script("window.scrollTo(0, 0)")
    shots(driver, artifacts, "web-refused-phone")


def test_an_unknown_home_planet_reads_unknown(phone, hostile_url, artifacts):
    driver = phone
    visit(driver, hostile_url, "/characters")
    for name in ("Nowhere Known", "Placeholder Planet"):
        li = row(driver, name)
        # The words a screen reader hears: "Home planet: Unknown".
        planet = norm(li.find_element(By.CSS_SELECTOR, ".character-planet").get_attribute("textContent"))
        assert planet == "Home planet: Unknown", f"{name}: {planet!r}"
        submit(driver, f"li.character-row[data-name='{name}'] a.character-link")
        assert element(driver, "#character-planet").text == "Home planet: Unknown"
        submit(driver, "#details-link")
        assert element(driver, "#fact-planet").text == "Unknown"
        if name == "Nowhere Known":
            assert element(driver, "#fact-birth-year").text == "Unknown"
            screenshot(driver, artifacts, "characters-details-unknown-phone")
        visit(driver, hostile_url, "/characters")


# --- offline ---------------------------------------------------------------------------------

def test_offline_the_web_page_says_so_with_the_link_and_facts(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    register(driver, base, new_username())
    visit(driver, base, "/characters")
    eventually(driver, lambda: driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "navigator.serviceWorker.getRegistration().then(r => done(!!(r && r.active && navigator.serviceWorker.controller)));"),
        bool, "the service worker to control the page")
    visit(driver, base, "/characters/3/web")
    visit(driver, base, "/characters/3/details")
    wait_until_kept(driver, "/characters", "/characters/3/web", "/characters/3/details")
    sessions = go_offline(driver)
    try:
        visit(driver, base, "/characters/3/web")
        assert driver.execute_script("return navigator.onLine") is False
        problem = eventually(driver, lambda: element(driver, "#web-frame").get_attribute("data-problem"), bool,
                             "the page to say it is offline", timeout=4)
        assert problem == "offline"
        assert "offline" in element(driver, "#web-problem-text").text
        assert_link_and_facts(driver, "R2-D2")
        driver.execute_script("window.scrollTo(0, 0)")
        shots(driver, artifacts, "web-offline-phone")
        # The list and the details are still there to read.
        visit(driver, base, "/characters")
        assert len(driver.find_elements(By.CSS_SELECTOR, "li.character-row")) >= 18
        visit(driver, base, "/characters/3/details")
        assert element(driver, "#fact-planet").text == "Naboo"
    finally:
        go_online(driver, sessions)


# --- accessibility -----------------------------------------------------------------------------

@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_every_characters_screen_passes_axe_with_44px_targets_and_visible_focus(size, request, folio_url):
    """The whole-site tour covers the list as a visitor; here every screen with its stars, the web
    page, and the focus ring on a star, which its row must not clip."""
    from test_accessibility import Page, check_page
    driver = request.getfixturevalue(size)
    base = folio_url
    register(driver, base, new_username())
    driver.execute_script("localStorage.setItem('folio-theme', 'light')")
    visit(driver, base, "/characters")
    scroll_to(driver, row(driver, "Leia Organa"))
    press_in_place(driver, star_css("Leia Organa"), "true")
    problems = check_page(driver, Page("characters, logged in", "/characters"))
    # Tabbing reaches a star with an outline drawn inside its clipping row.
    driver.execute_script("document.querySelector('li.character-row a.character-link').focus()")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    focus = driver.execute_script("""
        var b = document.activeElement;
        if (!b.matches("li.character-row .favourite-button")) return {outline: false, offset: 0, on: b.outerHTML.slice(0, 80)};
        var s = getComputedStyle(b);
        return {outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2, offset: parseFloat(s.outlineOffset)};""")
    assert focus["outline"] and focus["offset"] <= 0, f"the star's focus ring is missing or clipped by its row: {focus}"
    for name, path in [("favourite characters", "/characters/favourites"), ("character", "/characters/5"),
                       ("character details", "/characters/5/details"), ("character web page", "/characters/5/web")]:
        visit(driver, base, path)
        problems += check_page(driver, Page(name, path))
    assert not problems, "\n".join([f"{len(problems)} accessibility problems:"] + problems)


def test_the_web_pages_fallback_passes_axe(eager_phone, hostile_url):
    from test_accessibility import Page, check_page
    driver = eager_phone
    driver.get(hostile_url + "/characters/1/web")
    eventually(driver, lambda: element(driver, "#web-frame").get_attribute("data-problem"), bool,
               "the page to give way", timeout=PATIENCE_SECONDS + 6)
    problems = check_page(driver, Page("character web page, given way", "/characters/1/web"))
    assert not problems, "\n".join(problems)
