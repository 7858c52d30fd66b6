"""The plot wheels in a real browser: Spin turns the three wheels, each comes to rest on the first
line of an entry, the predicate wheel changes form with the subject, and the permalink brings the
same plot back. What each entry says is taken from the JSON API of the same server.

As a phone app, at 390×844 (and the main checks at 1280×800 too): the plot and Spin stay in view
while the page scrolls to the lowest wheel, no entry is ever cut short, Share reaches the share
sheet or the clipboard (or shows the text to copy), the kept plots are a list of cards, and a
reader's own wheel lists are explained in plain words. Every Plots screen is photographed in the
light and the dark theme as `plots-*.png`.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from urllib.parse import urlparse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

import test_accessibility
from test_accessibility import Page, check_page
from test_everywhere import set_theme
from test_monologues import (assert_fits_width, body_text, click, element, eventually, fill, new_username, norm, register, screenshot,
                             set_textarea, submit, visit, wait_ready)

WHEELS = ("subject", "predicate", "modifier")

# What sits in the middle of a wheel: the element at its centre, and the entry it belongs to.
CENTRE = """
const wheel = document.getElementById('wheel-' + arguments[0]);
const box = wheel.getBoundingClientRect();
const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
const entry = hit && hit.closest('.wheel-entry');
return {
  firstLine: !!(hit && hit.classList.contains('first-line')),
  line: hit ? hit.textContent : null,
  id: entry ? entry.getAttribute('data-id') : null,
  text: entry ? Array.from(entry.querySelectorAll('.wheel-line')).map(l => l.textContent).join(' ') : null,
};
"""


def centre(driver: WebDriver, wheel: str) -> dict:
    driver.execute_script(f"document.getElementById('wheel-{wheel}').scrollIntoView({{block: 'center'}})")
    return driver.execute_script(CENTRE, wheel)


def at_rest(driver: WebDriver, wheel: str) -> dict:
    """The centre of a wheel once it has stopped moving and the page has caught up with it."""
    def probe():
        top = driver.execute_script(f"return document.getElementById('wheel-{wheel}').scrollTop")
        time.sleep(0.3)
        still = driver.execute_script(f"return document.getElementById('wheel-{wheel}').scrollTop") == top
        selected = driver.execute_script(
            f"const e = document.querySelector('#wheel-{wheel} .wheel-entry[aria-selected=\"true\"]'); return e && e.dataset.id")
        return {**centre(driver, wheel), "still": still, "selected": selected}
    return eventually(driver, probe, lambda c: c["still"] and c["firstLine"] and c["selected"] == c["id"],
                      f"the {wheel} wheel to come to rest")


def settled(driver: WebDriver) -> dict:
    """Waits for the wheels to stop, then reads the entry at the middle of each."""
    eventually(driver, lambda: driver.execute_script(
        "const m = document.getElementById('plot-machine'); return m.dataset.ready === 'true' && !m.dataset.spinning"),
        bool, "the wheels to stop")
    shown = {}
    for wheel in WHEELS:
        shown[wheel] = at_rest(driver, wheel)
    return shown


def test_spin_settles_on_first_lines_agrees_and_the_permalink_reproduces(desktop, folio_url, api, artifacts):
    driver = desktop
    wheels = api.get("/api/v1/plots/wheels")
    subjects = {s["id"]: s for s in wheels["subjects"]}
    predicates = {p["id"]: p for p in wheels["predicates"]}
    visit(driver, folio_url, "/plots")
    before = settled(driver)
    first_text = norm(element(driver, "#plot-text").text)

    seen = set()
    for spin in range(3):
        click(driver, "#plot-spin")
        shown = settled(driver)
        subject = subjects[shown["subject"]["id"]]
        predicate = predicates[shown["predicate"]["id"]]
        # Each wheel rests on an entry's first line, and the predicate shows the agreeing form.
        assert shown["subject"]["line"] == subject["lines"][0]
        assert shown["predicate"]["text"] == " ".join(predicate[subject["agreement"]]), (subject, shown["predicate"])
        text = norm(element(driver, "#plot-text").text)
        ids = "-".join(shown[w]["id"] for w in WHEELS)
        permalink = element(driver, "#plot-permalink").get_attribute("href")
        # The permalink names the spin's seed, and the API agrees on what that seed gives.
        seed = permalink.rstrip("/").split("/")[-1]
        assert seed.isdigit(), permalink
        expected = api.get(f"/api/v1/plots/{seed}")
        assert expected["ids"] == ids and expected["text"] == text, (expected, ids, text)
        seen.add(ids)
    assert len(seen) >= 2, "three spins gave one plot"
    screenshot(driver, artifacts, "plots-desktop")

    # Turn the subject wheel by hand to an entry of another agreement: the predicate changes form.
    agreement = subjects[shown["subject"]["id"]]["agreement"]
    wheel = element(driver, "#wheel-subject")
    key, previous = Keys.ARROW_DOWN, shown["subject"]["id"]
    for _ in range(12):
        wheel.send_keys(key)
        now = at_rest(driver, "subject")
        if now["id"] == previous:
            # A spin can leave the wheel on its last entry, with nothing below it: turn it up instead.
            key = Keys.ARROW_UP
            continue
        previous = now["id"]
        if subjects[now["id"]]["agreement"] != agreement:
            break
    new_agreement = subjects[now["id"]]["agreement"]
    assert new_agreement != agreement, "twelve subjects in a row share one agreement"
    predicate_id = shown["predicate"]["id"]
    eventually(driver, lambda: centre(driver, "predicate"),
               lambda c: c["firstLine"] and c["id"] == predicate_id and c["text"] == " ".join(predicates[predicate_id][new_agreement]),
               f"the predicate in its {new_agreement} form")
    hand_text = eventually(driver, lambda: norm(element(driver, "#plot-text").text),
                           lambda t: t.startswith(" ".join(subjects[now["id"]]["lines"])), "the plot text to follow the wheels")
    hand_link = element(driver, "#plot-permalink").get_attribute("href")
    assert hand_link.endswith("/plots/" + "-".join([now["id"], predicate_id, shown["modifier"]["id"]])), hand_link

    # Each permalink brings its plot back in a fresh page, wheels and all.
    for link, text in ((permalink, expected["text"]), (hand_link, hand_text)):
        driver.get(link)
        wait_ready(driver)
        again = settled(driver)
        assert norm(element(driver, "#plot-text").text) == text
        assert "-".join(again[w]["id"] for w in WHEELS) in link or link.rstrip("/").split("/")[-1].isdigit()
    assert first_text and before


# A plot from a seed is dealt in two places: the server (Plots/Wheels.swift) and, for Spin with or
# without a connection, the browser (public/rules/plot-seed.js).
DEAL = """
const seeds = arguments[0], counts = arguments[1], done = arguments[arguments.length - 1];
import('/public/rules/plot-seed.js').then((rule) => {
  const dealt = {};
  for (const seed of seeds) {
    const at = rule.plotIndices(seed, counts);
    dealt[seed] = `s${at.subject}-p${at.predicate}-m${at.modifier}`;
  }
  done(dealt);
}, (error) => done(String(error)));
"""


def test_the_browser_deals_the_servers_plot_for_a_thousand_seeds(desktop, folio_url, api):
    """The server's plots for a thousand seeds are the cases; the browser's rule must deal each one:
    the edges of 32 and 64 bits and of JavaScript's exact integers, seeds as Spin makes them (32
    bits) and as a permalink may name them (up to 64)."""
    picker = random.Random(20261128)
    seeds = [0, 1, 2**31, 2**32 - 1, 2**32, 2**53 - 1, 2**53 + 1, 2**63, 2**64 - 1]
    seeds += [picker.randrange(2**32) for _ in range(800)] + [picker.randrange(2**64) for _ in range(1000 - 809)]
    expected = {str(seed): api.get(f"/api/v1/plots/{seed}")["ids"] for seed in seeds}
    wheels = api.get("/api/v1/plots/wheels")
    counts = {"subjects": len(wheels["subjects"]), "predicates": len(wheels["predicates"]), "modifiers": len(wheels["modifiers"])}
    visit(desktop, folio_url, "/plots/1")
    dealt = desktop.execute_async_script(DEAL, [str(seed) for seed in seeds], counts)
    assert isinstance(dealt, dict), dealt
    wrong = {seed: (dealt.get(seed), ids) for seed, ids in expected.items() if dealt.get(seed) != ids}
    assert len(expected) == 1000 and not wrong, f"{len(wrong)} of 1000 seeds dealt otherwise (browser, server): {list(wrong.items())[:5]}"


def test_phone_keeps_and_removes_a_plot_and_mutes(phone, folio_url, artifacts):
    driver = phone
    register(driver, folio_url, new_username())
    visit(driver, folio_url, "/plots/7")
    settled(driver)
    text = norm(element(driver, "#plot-text").text)
    mute = element(driver, "#plot-mute")
    assert mute.get_attribute("aria-pressed") == "false"
    click(driver, "#plot-mute")
    assert element(driver, "#plot-mute").get_attribute("aria-pressed") == "true"
    submit(driver, "#keep-plot")
    # Read once the page's script has placed the wheels: it must not relabel a kept plot.
    settled(driver)
    assert "Kept" in element(driver, "#keep-plot").text
    shots(driver, artifacts, "wheels-logged-in")
    # Muting is remembered on this device.
    assert element(driver, "#plot-mute").get_attribute("aria-pressed") == "true"
    visit(driver, folio_url, "/plots/kept")
    kept = [norm(e.text) for e in driver.find_elements(By.CSS_SELECTOR, ".kept-link .card-title")]
    assert kept == [text]
    # Removed in place: the list says it is empty once the server has let the plot go.
    click(driver, ".kept-plot button")
    eventually(driver, lambda: element(driver, "#kept-empty").is_displayed(), bool, "the empty list after Remove")
    assert not element(driver, ".kept-plot").is_displayed()
    assert "Removed from your kept plots" in element(driver, "#kept-status").text
    shots(driver, artifacts, "kept-empty")


# --- as a phone app --------------------------------------------------------------------------

def shots(driver: WebDriver, artifacts: Path, name: str) -> None:
    """A screenshot of the page as it is, in the light theme and in the dark."""
    size = "phone" if driver.execute_script("return window.innerWidth") < 720 else "desktop"
    for theme in ("light", "dark"):
        set_theme(driver, theme)
        screenshot(driver, artifacts, f"plots-{name}-{size}-{theme}")
    set_theme(driver, "light")


# Where an element is on screen, and whether it is the one seen at its centre (not covered by the
# tab bar, the plot panel or anything else). The screen ends where a bottom tab bar begins.
SEEN = """
const e = document.querySelector(arguments[0]);
const box = e.getBoundingClientRect();
const tabbar = document.getElementById('tabbar').getBoundingClientRect();
const bottom = tabbar.top > window.innerHeight / 2 ? tabbar.top : window.innerHeight;
const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
return {top: box.top, bottom: box.bottom, screenBottom: bottom,
        onTop: !!hit && (hit === e || e.contains(hit)), inView: box.top >= 0 && box.bottom <= bottom + 0.5};
"""


def seen(driver: WebDriver, css: str) -> dict:
    return driver.execute_script(SEEN, css)


@pytest.mark.parametrize("size, text", [("phone", "100%"), ("phone", "125%"), ("desktop", "100%")])
def test_the_plot_and_spin_stay_in_view_as_the_wheels_turn(request, size, text, folio_url, artifacts):
    """Also with the larger text a reader may choose, which makes the page taller than the screen."""
    driver = request.getfixturevalue(size)
    visit(driver, folio_url, "/plots/1234")
    driver.execute_script("document.documentElement.style.fontSize = arguments[0]", text)
    settled(driver)
    large = text != "100%"
    if not large:
        shots(driver, artifacts, "wheels")
    for wheel in WHEELS:
        for block in ("start", "end"):
            # The page scrolled to the wheel, and the wheel turned to its last entries.
            driver.execute_script(
                "const w = document.getElementById('wheel-' + arguments[0]);"
                "w.scrollIntoView({block: arguments[1]}); w.scrollTop = w.scrollHeight;", wheel, block)
            last = at_rest(driver, wheel)
            for css in ("#plot-text", "#plot-spin"):
                where = seen(driver, css)
                assert where["inView"] and where["onTop"], f"{size}, {wheel} wheel at the {block}: {css} is out of sight: {where}"
            # The wheel the reader turns is not hidden under the panel either.
            assert seen(driver, f"#wheel-{wheel}")["onTop"], f"{size}: the {wheel} wheel is covered"
            # And the plot in view is the one the wheels show.
            assert last["text"] in norm(element(driver, "#plot-text").text)
    # The page's foot: the panel sits over nothing it hides.
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    for css in ("#plot-text", "#plot-spin", "#plot-share", "#plot-permalink"):
        where = seen(driver, css)
        assert where["inView"] and where["onTop"], f"{size}, at the foot of the page: {css} is out of sight: {where}"
    if size == "phone":
        assert_fits_width(driver, 390)
        shots(driver, artifacts, "wheels-large-text-scrolled" if large else "wheels-scrolled")


# Every line and entry of every wheel: cut short (wider inside than it shows) or set to end in "…".
CUT = """
return Array.from(document.querySelectorAll('.wheel-entry, .wheel-line')).filter(function (e) {
  const style = getComputedStyle(e);
  return e.scrollWidth > e.clientWidth + 1 || style.textOverflow === 'ellipsis' || style.whiteSpace === 'nowrap';
}).map(function (e) { return (e.closest('.wheel-entry').id) + ': ' + e.textContent; });
"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_no_wheel_entry_is_cut_short(request, size, folio_url):
    driver = request.getfixturevalue(size)
    visit(driver, folio_url, "/plots/77")
    settled(driver)
    assert driver.execute_script(CUT) == []
    # A first line longer than any the wheels hold wraps in its row, and the band it rests in
    # grows to hold all of it.
    long_line = "a first line far longer than any of the wheels' own, so long that no phone or window holds it on one line"
    wrapped = driver.execute_script("""
        const wheel = document.getElementById('wheel-subject');
        const line = wheel.querySelector('.wheel-entry[aria-selected="true"] .first-line');
        line.textContent = arguments[0];
        wheel.scrollTop = wheel.scrollTop + 1;
        return {height: line.offsetHeight, lineHeight: parseFloat(getComputedStyle(line).lineHeight)};""", long_line)
    assert wrapped["height"] >= 2 * wrapped["lineHeight"] - 1, wrapped
    assert driver.execute_script(CUT) == []
    band = eventually(driver, lambda: driver.execute_script(
        "return parseFloat(getComputedStyle(document.getElementById('wheel-subject').parentNode, '::after').height)"),
        lambda h: h >= wrapped["height"], "the resting band to grow with the wrapped line")
    assert band < wrapped["height"] + 32


def press_share(driver: WebDriver, stubs: str) -> dict:
    """Replaces what the browser offers for sharing with `stubs`, presses Share, and reports."""
    driver.execute_script(stubs)
    click(driver, "#plot-share")
    return {"text": norm(element(driver, "#plot-text").text),
            "url": element(driver, "#plot-permalink").get_attribute("href")}


def test_share_uses_the_share_sheet_when_there_is_one(phone, folio_url):
    driver = phone
    visit(driver, folio_url, "/plots/99")
    settled(driver)
    plot = press_share(driver, """
        window.shared = null;
        Object.defineProperty(navigator, 'share', {configurable: true, value: function (data) {
          window.shared = data; return Promise.resolve(); }});""")
    shared = eventually(driver, lambda: driver.execute_script("return window.shared"), bool, "the share sheet")
    assert norm(shared["text"]) == plot["text"] and shared["url"] == plot["url"], (shared, plot)
    assert plot["url"].endswith("/plots/99")
    assert not element(driver, "#plot-copy").is_displayed()


def test_share_copies_the_plot_without_a_share_sheet(phone, folio_url, artifacts):
    driver = phone
    visit(driver, folio_url, "/plots/99")
    settled(driver)
    plot = press_share(driver, """
        window.copiedText = null;
        Object.defineProperty(navigator, 'share', {configurable: true, value: undefined});
        Object.defineProperty(navigator, 'clipboard', {configurable: true, value: {writeText: function (text) {
          window.copiedText = text; return Promise.resolve(); }}});""")
    copied = eventually(driver, lambda: driver.execute_script("return window.copiedText"), bool, "the clipboard")
    assert plot["text"] in norm(copied) and plot["url"] in copied, (copied, plot)
    status = element(driver, "#plot-share-status")
    eventually(driver, lambda: status.is_displayed() and status.text, lambda t: bool(t) and "Copied" in t, "a visible “Copied”")
    assert seen(driver, "#plot-share-status")["inView"]
    shots(driver, artifacts, "wheels-copied")


def test_share_shows_the_text_to_copy_when_nothing_else_works(phone, folio_url, artifacts):
    driver = phone
    visit(driver, folio_url, "/plots/99")
    settled(driver)
    plot = press_share(driver, """
        Object.defineProperty(navigator, 'share', {configurable: true, value: undefined});
        Object.defineProperty(navigator, 'clipboard', {configurable: true, value: undefined});
        document.execCommand = function () { return false; };""")
    box = element(driver, "#plot-copy-text")
    eventually(driver, box.is_displayed, bool, "the text to copy")
    state = driver.execute_script(
        "const t = document.getElementById('plot-copy-text');"
        "return {value: t.value, start: t.selectionStart, end: t.selectionEnd, focused: document.activeElement === t};")
    assert plot["text"] in norm(state["value"]) and plot["url"] in state["value"], state
    assert state["focused"] and state["start"] == 0 and state["end"] == len(state["value"]), "the text to copy is not selected"
    assert "Copied" not in element(driver, "#plot-share-status").text
    shots(driver, artifacts, "wheels-copy-by-hand")
    # Turning a wheel moves on to another plot: the old text goes.
    driver.execute_script("const w = document.getElementById('wheel-modifier'); w.scrollTop = w.scrollTop + 120;")
    eventually(driver, lambda: element(driver, "#plot-copy").is_displayed(), lambda shown: not shown, "the old text to go")


def keep(driver: WebDriver, base: str, plot: str) -> str:
    visit(driver, base, f"/plots/{plot}")
    settled(driver)
    text = norm(element(driver, "#plot-text").text)
    submit(driver, "#keep-plot")
    return text


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_kept_plots_are_a_paged_list_of_cards(request, size, folio_url, artifacts):
    driver = request.getfixturevalue(size)
    register(driver, folio_url, new_username())
    texts = [keep(driver, folio_url, plot) for plot in ("11", "12", "13")]
    visit(driver, folio_url, "/plots/kept")
    assert norm(element(driver, "#kept-count").text) == "3 plots kept"
    shown = [norm(e.text) for e in driver.find_elements(By.CSS_SELECTOR, ".kept-link .card-title")]
    assert sorted(shown) == sorted(texts)
    # Cards as in the other apps' lists: a bordered surface, with whole sentences, 44 px targets,
    # and the sentence across most of the list's width (not squeezed beside its button).
    rows = driver.execute_script("""
        return Array.from(document.querySelectorAll('.kept-plot')).map(function (row) {
          const link = row.querySelector('.kept-link'), button = row.querySelector('button');
          const style = getComputedStyle(row), c = link.getBoundingClientRect(), b = button.getBoundingClientRect();
          const title = link.querySelector('.card-title');
          return {radius: parseFloat(style.borderTopLeftRadius), border: style.borderTopStyle, card: [c.width, c.height],
                  button: [b.width, b.height], cut: title.scrollWidth > title.clientWidth + 1 || getComputedStyle(title).textOverflow === 'ellipsis',
                  bullet: getComputedStyle(row).listStyleType, list: row.parentNode.getBoundingClientRect().width};
        });""")
    assert len(rows) == 3
    for row in rows:
        assert row["radius"] >= 8 and row["border"] == "solid", row
        assert min(row["card"]) >= 44 and min(row["button"]) >= 44, row
        assert row["card"][0] >= 0.8 * row["list"], row
        assert not row["cut"] and row["bullet"] == "none", row
    if size == "phone":
        assert_fits_width(driver, 390)
        shots(driver, artifacts, "kept")
    # Paged as every list is.
    visit(driver, folio_url, "/plots/kept?limit=2")
    assert len(driver.find_elements(By.CSS_SELECTOR, ".kept-plot")) == 2
    submit(driver, ".pager a[rel='next']")
    assert len(driver.find_elements(By.CSS_SELECTOR, ".kept-plot")) == 1
    assert norm(element(driver, "#kept-count").text) == "3 plots kept"
    # With plots in it the page passes the same audit as every other page.
    assert check_page(driver, Page("kept plots", "/plots/kept")) == []


JARGON = ("grammar", "symbol", "rule")


def visible_jargon(driver: WebDriver) -> list[str]:
    """Words of the trade a newcomer would meet in what the page shows (not in its addresses)."""
    text = driver.execute_script("return document.querySelector('main').innerText + ' ' + document.title").lower()
    return [word for word in JARGON if word in text]


def test_wheel_lists_are_explained_in_plain_words(phone, folio_url, artifacts):
    driver = phone
    register(driver, folio_url, new_username())
    visit(driver, folio_url, "/plots/grammars")
    assert visible_jargon(driver) == []
    text = norm(element(driver, "main").text)
    for words in ("wheel list", "#name#", "origin", "For example"):
        assert words in text, f"the page does not say {words!r}"
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "grammars-empty")
    # The "more you can write" part, opened, says the same without jargon.
    click(driver, "#grammar-help summary")
    time.sleep(0.3)  # the marker's turn, finished before the screenshot
    assert visible_jargon(driver) == []
    shots(driver, artifacts, "grammars-help-open")

    # The example, saved as it is, makes sentences from its own entries.
    example = json.loads(element(driver, "#grammar-example").text)
    fill(driver, "#grammar-name", "Pirates and tea")
    set_textarea(driver, "#grammar-json", json.dumps(example, indent=2))
    submit(driver, "#grammar-save")
    sentences = [norm(e.text) for e in driver.find_elements(By.CSS_SELECTOR, ".grammar-text")]
    assert len(sentences) == 5 and all(any(s.startswith(who) for who in example["who"]) for s in sentences), sentences
    assert visible_jargon(driver) == []
    shots(driver, artifacts, "grammar")
    click(driver, ".grammar-source summary")
    time.sleep(0.3)
    shots(driver, artifacts, "grammar-lists-open")
    assert check_page(driver, Page("one wheel list", urlparse(driver.current_url).path)) == []

    # A mistake is explained in the same words, and what was typed stays.
    visit(driver, folio_url, "/plots/grammars")
    assert [norm(e.text) for e in driver.find_elements(By.CSS_SELECTOR, ".grammar-item .card-title")] == ["Pirates and tea"]
    shots(driver, artifacts, "grammars")
    fill(driver, "#grammar-name", "Broken")
    set_textarea(driver, "#grammar-json", '{"origin": ["#nobody# sings"]}')
    submit(driver, "#grammar-save")
    errors = norm(element(driver, "#grammar-errors").text)
    assert "There is no list named “nobody”" in errors, errors
    assert visible_jargon(driver) == []
    assert element(driver, "#grammar-json").get_attribute("value").strip() == '{"origin": ["#nobody# sings"]}'
    # Where the eye is: the page opens at the form's heading, the reasons on screen (they sat
    # 1,330 px down an 844 px screen).
    eventually(driver, lambda: driver.execute_script(
        "const r = document.getElementById('grammar-errors').getBoundingClientRect(); return [r.top, r.bottom, innerHeight]"),
        lambda b: b[0] >= 0 and b[1] <= b[2], "the reasons in view")
    shots(driver, artifacts, "grammars-error")
    assert check_page(driver, Page("wheel lists", "/plots/grammars")) == []

    # A phone keyboard's curly quotes are read as the straight ones the lists need.
    fill(driver, "#grammar-name", "Curly")
    set_textarea(driver, "#grammar-json", "{\u201corigin\u201d: [\u201c#who# sings\u201d], \u201cwho\u201d: [\u201cA pirate\u201d]}")
    submit(driver, "#grammar-save")
    sentences = [norm(e.text) for e in driver.find_elements(By.CSS_SELECTOR, ".grammar-text")]
    assert sentences == ["A pirate sings"] * 5, (sentences, body_text(driver)[:300])


def test_no_sound_is_tried_before_a_touch(phone, folio_url):
    """The wheels turn by themselves as a plot page opens; a click sound tried then is refused by
    the browser (a console warning each time) and stays silent. After a tap on Spin it plays."""
    driver, base = phone, folio_url
    for path in ("/plots", "/plots/20261128"):
        visit(driver, base, path)
        settled(driver)
        said = [entry["message"] for entry in driver.get_log("browser")]
        assert not [m for m in said if "AudioContext" in m], f"{path}: {said}"
    click(driver, "#plot-spin")
    settled(driver)
    said = [entry["message"] for entry in driver.get_log("browser")]
    assert not [m for m in said if "AudioContext" in m], said
    assert driver.execute_script("return navigator.userActivation.hasBeenActive")


def test_keyboard_focus_is_visible_on_the_wheels(desktop, folio_url):
    """The accessibility suite's focus walk, over the wheels page: Share and the mute toggle included."""
    test_accessibility.test_keyboard_focus_is_always_visible(desktop, folio_url, "/plots")
