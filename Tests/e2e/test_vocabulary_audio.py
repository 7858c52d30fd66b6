"""Hearing a pair on a phone (390×844): the pair page offers both sides, the revision card only
the side it shows (the other is the answer), the result both; each button's address answers
WAV audio, and pressing it plays in place without leaving the page.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from test_everywhere import shots
from test_monologues import (assert_fits_width, click, element, eventually, fill, new_username, register, submit, visit)
from test_vocabulary import on_prompt, start_revision

ESPEAK = Path("/usr/bin/espeak-ng")

# Under CI set-up has installed espeak-ng, so a missing engine fails rather than skips.
pytestmark = pytest.mark.skipif(not ESPEAK.exists() and os.environ.get("CI") != "true",
                                reason="scripts/setup.sh installs espeak-ng")

# The address's status, content type and first four bytes, fetched as the page's own script would.
FETCH_HEAD = """
const [href, done] = arguments;
fetch(href, {credentials: "same-origin"}).then(async (response) => {
  const bytes = new Uint8Array(await response.arrayBuffer());
  done({status: response.status, type: response.headers.get("Content-Type"),
        cache: response.headers.get("Cache-Control"), head: String.fromCharCode(...bytes.slice(0, 4)), size: bytes.length});
}).catch((error) => done({error: String(error)}));
"""


def fetch_head(driver, href: str) -> dict:
    return driver.execute_async_script(FETCH_HEAD, href)


def hear_buttons(driver) -> list[str]:
    return [link.get_attribute("id") for link in driver.find_elements(By.CSS_SELECTOR, "a[data-listen]") if link.is_displayed()]


def import_good_night(driver, base: str) -> None:
    """One pair, "good night" / "Nos da", imported as a learner would."""
    visit(driver, base, "/vocab/import")
    driver.execute_script("document.getElementById('import-text').value = arguments[0]",
                          "English,Welsh,Note,Type,Tags\ngood night,Nos da,,phrase,Greetings\n")
    submit(driver, "#import-preview-submit")
    submit(driver, "#import-confirm")


def test_a_pair_is_heard_on_its_page_and_on_the_card(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    register(driver, base, new_username())
    import_good_night(driver, base)

    # The pair's page: both sides, each an address that answers WAV.
    visit(driver, base, "/vocab")
    submit(driver, "ul#pairs > li.pair a.pair-link")
    assert hear_buttons(driver) == ["hear-english", "hear-welsh"]
    assert_fits_width(driver, 390)
    for side in ("welsh", "english"):
        href = element(driver, f"#hear-{side}").get_attribute("href")
        assert f"side={side}" in href
        answer = fetch_head(driver, href)
        assert answer.get("status") == 200 and answer.get("type") == "audio/wav", answer
        assert answer["head"] == "RIFF" and answer["size"] > 10_000, answer
        assert answer["cache"].startswith("private"), answer
    shots(driver, artifacts, "vocab-hear-pair")

    # Pressing the button plays in place: the page stays, the button shows it playing (■, not
    # just a tint a newcomer missed), then ready again (▶), and nothing reports a failure.
    page = driver.current_url
    driver.execute_script("""
        const link = document.getElementById('hear-welsh');
        window.folioListen = [];
        new MutationObserver(() => folioListen.push(link.className + '|' + link.querySelector('.listen-icon').textContent))
          .observe(link, {attributes: true, subtree: true, childList: true, characterData: true});""")
    click(driver, "#hear-welsh")
    states = eventually(driver, lambda: driver.execute_script("return window.folioListen"),
                        lambda seen: any("is-failed" in s for s in seen) or (any("is-playing" in s and s.endswith("■") for s in seen)
                                                                           and not seen[-1].count("is-") and seen[-1].endswith("▶")),
                        "#hear-welsh to play through")
    assert not any("is-failed" in s for s in states), states
    assert driver.current_url == page

    # English → Welsh: the card offers the English only, the result both.
    start_revision(driver, base, "", "englishToWelsh")
    assert on_prompt(driver)
    assert hear_buttons(driver) == ["hear-english"]
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "vocab-hear-card")
    fill(driver, "#answer", "Nos da")
    submit(driver, "#answer-submit")
    element(driver, "#verdict")
    assert sorted(hear_buttons(driver)) == ["hear-english", "hear-welsh"]
    assert fetch_head(driver, element(driver, "#hear-welsh").get_attribute("href")).get("status") == 200
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "vocab-hear-result")


def test_a_side_heard_online_is_heard_again_offline(phone, folio_url):
    from test_everywhere import go_offline, go_online, open_offline, wait_until_kept

    driver, base = phone, folio_url
    register(driver, base, new_username())
    import_good_night(driver, base)
    # Heard once online, on the pair's page: its Welsh only.
    visit(driver, base, "/vocab")
    submit(driver, "ul#pairs > li.pair a.pair-link")
    welsh = element(driver, "#hear-welsh").get_attribute("href")
    click(driver, "#hear-welsh")
    time.sleep(1.5)
    assert "is-failed" not in element(driver, "#hear-welsh").get_attribute("class")
    eventually(driver, lambda: driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; caches.match(arguments[0]).then((r) => done(!!r));", welsh),
        bool, "the Welsh sound kept by the service worker")
    visit(driver, base, "/vocab/revise")
    eventually(driver, lambda: element(driver, "#offline-take-status").text, lambda text: "kept on this device" in text, "the cards taken")
    wait_until_kept(driver, "/vocab/revise/offline")

    sessions = go_offline(driver)
    try:
        open_offline(driver, base, "/vocab/revise")
        eventually(driver, lambda: element(driver, "#offline-today").text, lambda text: "new" in text, "today's queue")
        click(driver, "#offline-direction-welshToEnglish")
        click(driver, "#offline-begin")
        # Welsh → English: the Welsh prompt, heard before, is offered and plays from the device.
        eventually(driver, lambda: element(driver, "#offline-hear-prompt-row").is_displayed(), bool, "the prompt's sound offered")
        assert element(driver, "#offline-hear-prompt").text.endswith("Hear the Welsh")
        click(driver, "#offline-hear-prompt")
        time.sleep(1.5)
        assert "is-failed" not in element(driver, "#offline-hear-prompt").get_attribute("class")
        # The English, never heard, is not offered on the answer.
        fill(driver, "#answer", "good night")
        click(driver, "#offline-check")
        eventually(driver, lambda: element(driver, "#offline-result").is_displayed(), bool, "the checked answer")
        assert element(driver, "#offline-hear-welsh").is_displayed() and not element(driver, "#offline-hear-english").is_displayed()
    finally:
        go_online(driver, sessions)
