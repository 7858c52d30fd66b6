"""The Monologues app as an actor uses it on a phone (390×844), in a real browser: the first line
on every card, a way back that keeps the search, the text size on the reading screen, and cutting a
favourite by tapping its lines, with a running time and "Saved". Every Monologues screen is
photographed at phone size in the light and the dark theme.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from test_everywhere import shots, sign_up
from test_monologues import (assert_fits_width, body_text, click, click_element, element, eventually, mark_page, monologue_id,
                             monologue_text, norm, open_first_result, search, submit, toggle_favourite,
                             visit, wait_ready)


def font_size(driver: WebDriver, css: str) -> float:
    return driver.execute_script("return parseFloat(getComputedStyle(document.querySelector(arguments[0])).fontSize)", css)


def running_seconds(driver: WebDriver) -> int:
    return int(element(driver, "#running-time").get_attribute("data-seconds"))


def line_buttons(driver: WebDriver) -> list:
    return driver.find_elements(By.CSS_SELECTOR, "#line-list button.edit-line")


def test_phone_cards_back_link_and_text_size(phone, folio_url, api, artifacts):
    driver, base = phone, folio_url
    sign_up(driver, base)

    # Search with a filter, as an actor narrows a list; every card carries its first line.
    visit(driver, base, "/monologues?gender=male")
    search(driver, "dagger")
    eventually(driver, lambda: parse_qs(urlparse(driver.current_url).query).get("q"), lambda q: q == ["dagger"],
               "the address to follow the live search")
    # The address follows the live search as it asks; the results come a moment later.
    eventually(driver, lambda: [card.text.strip() for card in driver.find_elements(By.CSS_SELECTOR, "#results li.result .card-first-line")],
               lambda lines: lines and all(lines), "every result card with its first line")
    shots(driver, artifacts, "monologues-search")
    chosen = open_first_result(driver)
    assert_fits_width(driver, 390)

    # The related speeches show their first lines too.
    related = driver.find_elements(By.CSS_SELECTOR, "#related .card-first-line")
    assert len(related) == 5 and all(r.text.strip() for r in related), [r.text for r in related]
    shots(driver, artifacts, "monologues-reading")

    # Back, even after wandering through a related speech, returns to the search as it was.
    mark_page(driver)
    click(driver, "#related a.card")
    wait_ready(driver, "a related speech")
    mark_page(driver)
    click(driver, "#back-to-list")
    wait_ready(driver, "the list after going back")
    query = parse_qs(urlparse(driver.current_url).query)
    assert urlparse(driver.current_url).path == "/monologues", driver.current_url
    assert query.get("q") == ["dagger"] and query.get("gender") == ["male"], driver.current_url
    assert element(driver, "#search-input").get_attribute("value") == "dagger"

    # The text size changes on the reading screen itself, at once, and is kept.
    visit(driver, base, f"/monologues/{chosen}")
    before = font_size(driver, "#monologue-text")
    driver.execute_script("window.folioSamePage = true")
    click(driver, "#text-size-form button[value='xlarge']")
    eventually(driver, lambda: font_size(driver, "#monologue-text"), lambda size: size > before * 1.3,
               "the speech to grow after choosing Extra large")
    assert driver.execute_script("return window.folioSamePage === true"), "choosing a size reloaded the page"
    assert element(driver, "#text-size-form button[value='xlarge']").get_attribute("aria-pressed") == "true"
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "monologues-reading-xlarge")
    # Kept with the account: the next page comes at that size.
    eventually(driver, lambda: (visit(driver, base, f"/monologues/{chosen}"), font_size(driver, "#monologue-text"))[1],
               lambda size: size > before * 1.3, "the chosen size after reloading")
    click(driver, "#text-size-form button[value='medium']")
    eventually(driver, lambda: font_size(driver, "#monologue-text"), lambda size: abs(size - before) < 0.5, "the medium size again")

    for name, path in (("tags", "/monologues/tags"), ("options", "/monologues/options"), ("favourites-empty", "/monologues/favourites")):
        visit(driver, base, path)
        assert_fits_width(driver, 390)
        shots(driver, artifacts, f"monologues-{name}")


def test_phone_cutting_a_favourite_by_tapping_lines(phone, folio_url, api, artifacts):
    driver, base = phone, folio_url
    sign_up(driver, base)
    visit(driver, base, "/monologues?q=dagger")
    chosen = open_first_result(driver)
    library = api.monologue(chosen)
    lines = [line for line in library["text"].split("\n") if line and line != "/"]
    toggle_favourite(driver, now_favourite=True)
    visit(driver, base, f"/monologues/favourites/{chosen}/edit")
    assert_fits_width(driver, 390)

    # The lines are there to tap; the text field waits behind "Change the words as text".
    buttons = line_buttons(driver)
    assert [norm(b.text) for b in buttons] == [norm(line) for line in lines]
    assert not element(driver, "#edit-text").is_displayed()
    for button in buttons[:3]:
        assert button.size["height"] >= 43.5, f"a line is a {button.size['height']} px target"
    full = running_seconds(driver)
    assert full == library["seconds"], f"running time {full} s, the library says {library['seconds']} s"
    shots(driver, artifacts, "monologues-edit")

    # Cut the second and third lines; the time drops as each goes.
    click_element(driver, buttons[1])
    eventually(driver, lambda: running_seconds(driver), lambda s: s < full, "the running time after cutting a line")
    click_element(driver, line_buttons(driver)[2])
    assert [b.get_attribute("aria-pressed") for b in line_buttons(driver)[:4]] == ["false", "true", "true", "false"]
    shorter = running_seconds(driver)
    # Tap the third line again: it comes back.
    click_element(driver, line_buttons(driver)[2])
    assert line_buttons(driver)[2].get_attribute("aria-pressed") == "false"
    assert running_seconds(driver) > shorter

    # A beat between the fourth and fifth lines.
    gap = driver.find_elements(By.CSS_SELECTOR, "#line-list button.beat-gap")[3]
    assert gap.get_attribute("aria-label") == "Beat before line 5"
    click_element(driver, gap)
    assert gap.get_attribute("aria-pressed") == "true"
    text = element(driver, "#edit-text").get_property("value").split("\n")
    assert lines[1] not in text and lines[2] in text, text[:5]
    assert text[text.index(lines[4]) - 1] == "/", "no beat written before the fifth line"
    shots(driver, artifacts, "monologues-edit-cut")

    submit(driver, "#edit-save")
    saved = element(driver, "#saved-note")
    assert saved.is_displayed() and "Saved" in saved.text
    assert urlparse(driver.current_url).path == f"/monologues/favourites/{chosen}/edit"
    # Saved as tapped: the cut line is offered back, still cut, and the reading screen agrees.
    assert [b.get_attribute("aria-pressed") for b in line_buttons(driver)[:3]] == ["false", "true", "false"]
    assert len(driver.find_elements(By.CSS_SELECTOR, "#line-list button.beat-gap[aria-pressed='true']")) == 1
    shots(driver, artifacts, "monologues-edit-saved")
    visit(driver, base, f"/monologues/{chosen}")
    shown = norm(monologue_text(driver))
    assert norm(lines[1]) not in shown and norm(lines[2]) in shown
    assert len(driver.find_elements(By.CSS_SELECTOR, "#monologue-text hr.beat")) == 1

    # The favourites card shows the cut's first line and length; words changed as text still work.
    visit(driver, base, "/monologues/favourites")
    card = element(driver, "li.favourite .card-first-line")
    assert norm(card.text) == norm(lines[0])
    shots(driver, artifacts, "monologues-favourites")
    visit(driver, base, f"/monologues/favourites/{chosen}/edit")
    click(driver, "#edit-as-text")
    assert element(driver, "#edit-text").is_displayed()
    assert element(driver, "#edit-as-text").get_attribute("aria-expanded") == "true"
    field = element(driver, "#edit-text")
    driver.execute_script("arguments[0].focus(); arguments[0].setSelectionRange(arguments[0].value.length, arguments[0].value.length)", field)
    field.send_keys("\nAnd a line of my own.")
    eventually(driver, lambda: norm(line_buttons(driver)[-1].text), lambda t: t == "And a line of my own.",
               "the typed line to join the lines")
    assert body_text(driver).count("And a line of my own.") >= 1


def test_phone_printing_a_cut(phone, folio_url, api, artifacts):
    driver, base = phone, folio_url
    sign_up(driver, base)
    visit(driver, base, "/monologues?q=dagger")
    chosen = open_first_result(driver)
    toggle_favourite(driver, now_favourite=True)
    visit(driver, base, f"/monologues/favourites/{chosen}/edit")
    click_element(driver, line_buttons(driver)[1])
    click_element(driver, driver.find_elements(By.CSS_SELECTOR, "#line-list button.beat-gap")[4])
    submit(driver, "#edit-save")
    mark_page(driver)
    click(driver, "#print-link")
    wait_ready(driver, "the print view")
    assert urlparse(driver.current_url).path == f"/monologues/favourites/{chosen}/print"
    assert len(driver.find_elements(By.CSS_SELECTOR, "#sheet-text hr.beat")) == 1
    assert "cut from" in element(driver, "#sheet-timing").text
    assert element(driver, "#print-sheet").is_displayed()
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "monologues-print")
    # The Markdown the download link gives, fetched as the page would.
    markdown = driver.execute_script(
        "return fetch(document.getElementById('export-markdown').href, {credentials: 'same-origin'}).then(r => r.text())")
    assert markdown.startswith("# ") and "* * *" in markdown


def test_phone_building_an_audition_set(phone, folio_url, api, artifacts):
    driver, base = phone, folio_url
    visit(driver, base, "/monologues")
    mark_page(driver)
    click(driver, "#audition-sets-link")
    wait_ready(driver, "the audition sets page")
    Select(element(driver, "#sets-gender")).select_by_value("female")
    Select(element(driver, "#sets-seconds")).select_by_value("180")
    for box in ("#sets-verse-and-prose", "#sets-comic", "#sets-fresh"):
        click(driver, box)
    submit(driver, "#sets-submit")
    sets = driver.find_elements(By.CSS_SELECTOR, "#audition-sets li.audition-set")
    assert sets, "no set for a woman, 3 min, verse and prose, one comic, nothing overdone"
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "monologues-sets")
    # Each set as the API describes its pieces: within the time, verse and prose, one comic.
    query = urlparse(driver.current_url).query
    answer = api.get(f"/api/v1/monologues/sets?{query}")
    assert len(answer["items"]) == len(sets)
    for item in answer["items"]:
        assert item["seconds"] <= 180
        assert {p["verse"] for p in item["pieces"]} == {True, False}
        assert any(p["tone"] == "comedy" for p in item["pieces"]) and any(p["tone"] != "comedy" for p in item["pieces"])
        assert all(p["gender"] != "male" for p in item["pieces"])
    mark_page(driver)
    click(driver, "#audition-sets a.set-piece")
    wait_ready(driver, "a piece of the first set")
    assert element(driver, "#monologue-text").text.strip()


def test_phone_cutting_to_a_slot(phone, folio_url, api, artifacts):
    driver, base = phone, folio_url
    sign_up(driver, base)
    visit(driver, base, "/monologues?q=dagger")
    chosen = open_first_result(driver)
    toggle_favourite(driver, now_favourite=True)
    visit(driver, base, f"/monologues/favourites/{chosen}/edit")
    full = running_seconds(driver)
    assert full > 90, f"the dagger speech runs {full} s"
    assert not element(driver, "#slot-plan").is_displayed()
    Select(element(driver, "#slot")).select_by_value("90")
    eventually(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#slot-proposals li.slot-proposal")), lambda n: n > 0,
               "cuts proposed for a 1 min 30 s slot")
    verdict = element(driver, "#slot-verdict").text
    assert "over" in verdict, verdict
    shots(driver, artifacts, "monologues-edit-slot")
    first = element(driver, "#slot-proposals li.slot-proposal")
    proposed = [norm(line.text) for line in first.find_elements(By.CSS_SELECTOR, ".proposal-line")]
    buttons = line_buttons(driver)
    # Never the first or last line.
    assert norm(buttons[0].text) not in proposed and norm(buttons[-1].text) not in proposed
    click_element(driver, first.find_element(By.CSS_SELECTOR, "button.accept-cut"))
    eventually(driver, lambda: running_seconds(driver), lambda s: s < full, "the running time after taking a proposed cut")
    cut = [norm(b.text) for b in line_buttons(driver) if b.get_attribute("aria-pressed") == "true"]
    assert cut == proposed, (cut, proposed)
    # The plan follows the text as it now stands.
    eventually(driver, lambda: element(driver, "#slot-verdict").text, lambda t: t != verdict, "a new verdict after the cut")
    # A slot whole sentences cannot reach: the stretch to play instead, and taking it fits.
    Select(element(driver, "#slot")).select_by_value("60")
    offer = eventually(driver, lambda: element(driver, "#slot-excerpt-text").text if element(driver, "#slot-excerpt").is_displayed() else "",
                       lambda t: "Play a stretch of it instead" in t, "the stretch offered for a 1 min slot")
    assert "cannot bring it within 1 min" in offer, offer
    assert not driver.find_elements(By.CSS_SELECTOR, "#slot-proposals li.slot-proposal"), "sentence cuts offered beside the stretch"
    shots(driver, artifacts, "monologues-edit-stretch")
    click(driver, "#accept-excerpt")
    eventually(driver, lambda: running_seconds(driver), lambda s: s <= 60, "the running time within the slot after taking the stretch")
