"""The character browser in a real browser: favourite by swipe (touch emulation) and by button,
reload, remove one, and walk list → character → details → web page with the loading indicator
shown until the page has loaded. Favourites are checked against the JSON API of the same session.
"""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from test_monologues import (assert_fits_width, click, element, eventually, new_username, norm, register, screenshot,
                             submit, visit, wait_ready)
from conftest import PHONE

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


def row(driver: WebDriver, name: str):
    for li in driver.find_elements(By.CSS_SELECTOR, "li.character-row"):
        if li.get_attribute("data-name") == name:
            return li
    raise AssertionError(f"no row for {name}")


def favourite_names(driver: WebDriver, base: str) -> list[str]:
    visit(driver, base, "/characters/favourites")
    return [li.get_attribute("data-name") for li in driver.find_elements(By.CSS_SELECTOR, "#favourite-characters li.character-row")]


def test_phone_swipe_and_button_favourites_survive_a_reload(phone, folio_url, artifacts):
    driver = phone
    register(driver, folio_url, new_username())
    visit(driver, folio_url, "/characters")
    assert_fits_width(driver, PHONE["width"])
    headings = [norm(h.text) for h in driver.find_elements(By.CSS_SELECTOR, ".character-section h2")]
    assert headings == ["ORIGINAL TRILOGY", "PREQUEL TRILOGY", "SEQUEL TRILOGY", "TV SERIES"] or \
        [h.title() for h in headings] == ["Original Trilogy", "Prequel Trilogy", "Sequel Trilogy", "Tv Series"], headings
    # Black and yellow, as the original app.
    colours = driver.execute_script("const s = getComputedStyle(document.body); return [s.backgroundColor, s.color]")
    assert colours == ["rgb(0, 0, 0)", "rgb(255, 232, 31)"], colours

    # A short slide is not a swipe; a long one is.
    leia = row(driver, "Leia Organa")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", leia)
    driver.execute_script(SWIPE, leia, 30)
    assert "is-favourite" not in leia.get_attribute("class")
    driver.execute_script(SWIPE, leia, 140)
    eventually(driver, lambda: row(driver, "Leia Organa").get_attribute("data-saved"), lambda v: v == "true", "the swipe to be saved")
    screenshot(driver, artifacts, "characters-list-phone")

    # The button, for those who do not swipe.
    yoda = row(driver, "Yoda")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", yoda)
    submit(driver, "li.character-row[data-name='Yoda'] .favourite-button")
    assert row(driver, "Yoda").find_element(By.CSS_SELECTOR, ".favourite-button").get_attribute("aria-pressed") == "true"

    driver.refresh()
    wait_ready(driver)
    assert sorted(favourite_names(driver, folio_url)) == ["Leia Organa", "Yoda"]

    # Remove one from the favourites list.
    submit(driver, "#favourite-characters li.character-row[data-name='Leia Organa'] .favourite-button")
    assert favourite_names(driver, folio_url) == ["Yoda"]


def test_desktop_list_to_character_to_details_to_web_page(eager_desktop, folio_url, artifacts):
    driver = eager_desktop
    visit(driver, folio_url, "/characters")
    submit(driver, "li.character-row[data-name='Luke Skywalker'] a.character-link")
    assert norm(element(driver, "#character-name").text) == "Luke Skywalker"
    assert "Tatooine" in element(driver, "#character-planet").text
    assert driver.execute_script("const i = document.getElementById('portrait'); return i.complete && i.naturalWidth > 0")
    screenshot(driver, artifacts, "characters-luke-desktop")
    submit(driver, "#details-link")
    facts = {dt.text: dd.text for dt, dd in zip(driver.find_elements(By.CSS_SELECTOR, "#facts dt"),
                                                  driver.find_elements(By.CSS_SELECTOR, "#facts dd"))}
    assert facts["Name"] == "Luke Skywalker" and facts["Home planet"] == "Tatooine"
    assert facts["Birth year"] == "19BBY" and facts["Eye colour"] == "blue"

    # The web page: the indicator shows until the (slow) page has loaded, then goes.
    click(driver, "#web-link")
    shown = eventually(driver, lambda: driver.execute_script(
        "const l = document.getElementById('web-loading'); return l && !l.hidden && getComputedStyle(l).display !== 'none'"),
        lambda v: v is not None, "the web page view")
    assert shown is True, "no loading indicator while the page loads"
    eventually(driver, lambda: driver.execute_script(
        "const l = document.getElementById('web-loading'); return l.hidden && document.getElementById('web-page').dataset.loaded"),
        bool, "the indicator to go once the page has loaded")
    driver.switch_to.frame(element(driver, "#web-page"))
    assert element(driver, "#wiki-title").text == "Luke_Skywalker"
    driver.switch_to.default_content()
    screenshot(driver, artifacts, "characters-web-desktop")
