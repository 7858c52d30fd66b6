"""Understanding the words: tap a word of a speech at phone size and its meaning shows beside it,
from GCIDE (Debian's dict-gcide), old forms found under their headwords."""
import os
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from test_monologues import eventually, screenshot, visit

GCIDE = Path("/usr/share/dictd/gcide.index")

# Under CI set-up has installed dict-gcide, so a missing dictionary fails rather than skips.
pytestmark = pytest.mark.skipif(not GCIDE.exists() and os.environ.get("CI") != "true",
                                reason="scripts/setup.sh installs dict-gcide")

# The word's box in the viewport, found in the text as the reader sees it, or null.
WORD_BOX = """
const [word, nth] = arguments;
const walker = document.createTreeWalker(document.getElementById('monologue-text'), NodeFilter.SHOW_TEXT);
let seen = 0;
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const re = new RegExp("(^|[^\\\\p{L}'’])(" + word + ")(?![\\\\p{L}'’])", "giu");
  let match;
  while ((match = re.exec(node.nodeValue)) !== null) {
    if (seen++ < nth) continue;
    const start = match.index + match[1].length;
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, start + match[2].length);
    node.parentElement.scrollIntoView({block: 'center'});
    const box = range.getBoundingClientRect();
    return {x: box.left + box.width / 2, y: box.top + box.height / 2,
            left: box.left, right: box.right, top: box.top, bottom: box.bottom};
  }
}
return null;
"""


def dagger_speech(api) -> str:
    items = api.search("dagger which I see before me")["items"]
    found = [m for m in items if m["play"] == "Macbeth" and "marshall" in m["text"]]
    assert found, "Macbeth's dagger speech is in the library"
    return found[0]["id"]


def tap_word(driver: WebDriver, word: str, nth: int = 0) -> dict:
    """A real tap at the word's middle, as a finger lands: the page must find the word itself."""
    box = driver.execute_script(WORD_BOX, word, nth)
    assert box, f"{word!r} is in the speech"
    for kind in ("touchStart", "touchEnd"):
        points = [{"x": box["x"], "y": box["y"]}] if kind == "touchStart" else []
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    return driver.execute_script(WORD_BOX, word, nth)


def panel_state(driver: WebDriver) -> dict:
    return driver.execute_script("""
        const panel = document.getElementById('glossary-panel');
        if (!panel || panel.hidden) return {shown: false};
        const box = panel.getBoundingClientRect();
        return {shown: true, title: panel.querySelector('.glossary-title').textContent,
                text: panel.textContent, left: box.left, right: box.right, top: box.top, bottom: box.bottom,
                busy: !!panel.querySelector('.glossary-status') && panel.textContent.includes('Looking it up')};
    """)


def wait_meaning(driver: WebDriver, title: str) -> dict:
    return eventually(driver, lambda: panel_state(driver),
                      lambda s: s["shown"] and s["title"] == title and not s["busy"], f"the meaning of {title}")


def overlaps(a: dict, b: dict) -> bool:
    return not (a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"] or b["bottom"] <= a["top"])


def set_theme(driver: WebDriver, theme: str) -> None:
    driver.execute_script("localStorage.setItem('folio-theme', arguments[0]);"
                          "document.documentElement.setAttribute('data-theme', arguments[0]);", theme)


def test_tapping_a_word_shows_its_meaning_beside_it(phone, folio_url, api, artifacts):
    visit(phone, folio_url, f"/monologues/{dagger_speech(api)}")

    word = tap_word(phone, "dagger")
    state = wait_meaning(phone, "dagger")
    assert "weapon" in state["text"].lower(), state["text"]
    assert "GCIDE" in state["text"]
    assert not overlaps(state, word), f"the panel {state} covers the word {word}"
    assert state["left"] >= 0 and state["right"] <= 390, "the panel fits the phone's width"
    for theme in ("light", "dark"):
        set_theme(phone, theme)
        screenshot(phone, artifacts, f"glossary-dagger-phone-{theme}")
    set_theme(phone, "light")
    phone.find_element(By.ID, "glossary-close").click()
    eventually(phone, lambda: panel_state(phone)["shown"], lambda shown: not shown, "the panel to close")

    # An Elizabethan form is found under its headword, and says so.
    word = tap_word(phone, "marshall’st|marshall'st")
    state = wait_meaning(phone, "marshall'st → marshal")
    assert "order" in state["text"].lower() or "arrange" in state["text"].lower(), state["text"]
    assert not overlaps(state, word)
    screenshot(phone, artifacts, "glossary-marshallst-phone-light")

    phone.find_element(By.ID, "glossary-close").click()
    eventually(phone, lambda: panel_state(phone)["shown"], lambda shown: not shown, "the panel to close")

    # A tap beside the text, on no word, opens nothing.
    phone.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": 385, "y": 400}]})
    phone.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert not panel_state(phone)["shown"]


def test_a_word_typed_from_the_keyboard_and_escape(phone, folio_url, api):
    visit(phone, folio_url, f"/monologues/{dagger_speech(api)}")
    field = phone.find_element(By.ID, "glossary-word")
    field.send_keys("kill’d\n")
    state = wait_meaning(phone, "kill'd → kill")
    assert "death" in state["text"].lower() or "slay" in state["text"].lower()
    assert phone.execute_script("return document.activeElement.id") == "glossary-panel"
    phone.switch_to.active_element.send_keys("\ue00c")  # Escape
    eventually(phone, lambda: panel_state(phone)["shown"], lambda shown: not shown, "Escape to close the panel")
    # Focus goes back where it was.
    assert phone.execute_script("return document.activeElement.id") == "glossary-word"

    field.clear()
    field.send_keys("'tis\n")
    state = wait_meaning(phone, "'tis → it")
    assert "it is" in state["text"]


def test_offline_says_so(phone, folio_url, api, artifacts):
    visit(phone, folio_url, f"/monologues/{dagger_speech(api)}")
    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd("Network.emulateNetworkConditions",
                          {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        tap_word(phone, "handle")
        state = eventually(phone, lambda: panel_state(phone), lambda s: s["shown"] and "offline" in s["text"],
                           "the offline message")
        assert "connection" in state["text"]
        screenshot(phone, artifacts, "glossary-offline-phone-light")
    finally:
        phone.execute_cdp_cmd("Network.emulateNetworkConditions",
                              {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
