"""Finding a speech on a phone (390×844), in a real browser: the filters actors use (verse or
prose, play, playing age, not overdone) from the options page and the address, a quoted phrase and
a word's start with snippets whose matches are marked, the "often heard" badge, and the speeches
before and after one in its play. The results with snippets are photographed light and dark.
"""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_everywhere import shots
from test_monologues import (assert_fits_width, assert_result_count, body_text, click, element, eventually, new_username, register, search, submit,
                             visit, wait_ready)


def cards(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#results li.result")


def marks(driver) -> list[str]:
    # Read in one script call: the live search may replace the list between two element reads.
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('#results .card-snippet mark')).map(function (m) { return m.textContent; })")


def test_phrase_and_prefix_search_show_marked_snippets(phone, folio_url, api, artifacts):
    driver, base = phone, folio_url
    visit(driver, base, "/monologues")
    search(driver, '"to be or not to be"')
    eventually(driver, lambda: [c.text for c in cards(driver)], lambda found: len(found) >= 1, "a result for the phrase")
    expected = api.search('"to be or not to be"')
    assert expected["items"][0]["id"] == "hamlet-3-1-hamlet-1"
    # The live search may swap the list in while we read it: read it whole, again if need be.
    first = eventually(driver, lambda: cards(driver)[0].text, lambda text: "Hamlet" in text, "Hamlet's speech first")
    assert "often heard" in first, "To be is badged as often heard"
    eventually(driver, lambda: marks(driver), lambda m: m and m[0].lower() == "to be, or not to be", "the phrase marked whole")
    assert_fits_width(driver, 390)

    # A word's start: every mark starts with it, and the page lists what the API finds.
    search(driver, "venge* blood")
    eventually(driver, lambda: marks(driver), lambda m: any(x.lower().startswith("venge") for x in m), "venge… marked")
    total = api.search("venge* blood")["total"]
    eventually(driver, lambda: element(driver, "#result-count").text, lambda text: str(total) in text, f"{total} results")
    for mark in marks(driver):
        assert mark.lower().startswith("venge") or mark.lower().startswith("blood"), mark
    # The snippet is text: a hostile query never becomes markup.
    visit(driver, base, "/monologues?q=%22%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E%22")
    assert driver.execute_script("return document.querySelectorAll('#results img, #results script').length") == 0
    assert element(driver, "#search-input").get_attribute("value") == '"<img src=x onerror=alert(1)>"'
    visit(driver, base, "/monologues?q=venge*%20blood")
    eventually(driver, lambda: marks(driver), lambda m: len(m) > 0, "marks again")
    shots(driver, artifacts, "monologues-finding-snippets")


def test_live_search_marks_the_word_being_typed(phone, folio_url):
    driver, base = phone, folio_url
    visit(driver, base, "/monologues")
    field = element(driver, "#search-input")
    field.clear()
    field.send_keys("is this a dag")
    eventually(driver, lambda: [c.text for c in cards(driver)][:1], lambda first: first and "Macbeth" in first[0],
               "the dagger speech first while typing")
    eventually(driver, lambda: marks(driver), lambda m: any(x.lower().startswith("dag") for x in m), "the half word marked")
    # A character's name finds her own speeches first, not Romeo's that say it.
    field.clear()
    field.send_keys("juliet")
    speakers = "return Array.from(document.querySelectorAll('#results .card-title')).slice(0, 3).map(function (t) { return t.textContent.trim(); })"
    eventually(driver, lambda: driver.execute_script(speakers), lambda first: first == ["Juliet"] * 3, "Juliet's own speeches first")


def test_the_list_typing_shows_is_the_one_its_address_gives(phone, folio_url):
    """"ham" typed listed 110 speeches (the half word is any word it starts), and a reload of the
    address typing wrote listed 100; Search, which reads whole words, did too without a word of why."""
    driver, base = phone, folio_url
    visit(driver, base, "/monologues")
    field = element(driver, "#search-input")
    field.clear()
    field.send_keys("ham")
    count = lambda: element(driver, "#result-count").text
    ids = lambda: [c.get_attribute("href") for c in driver.find_elements(By.CSS_SELECTOR, "#results .result-link")]
    eventually(driver, count, lambda text: text.endswith("counting words that start with “ham”"), "typing to say how it counts")
    typed, typed_ids = count(), ids()
    driver.refresh()
    element(driver, "#results")
    assert (count(), ids()) == (typed, typed_ids), f"typed: {typed}; reloaded: {count()}"
    # Search reads the words whole, and its count says nothing of starts.
    submit(driver, "#search-submit")
    assert "typing" not in driver.current_url, driver.current_url
    searched = count()
    assert "start with" not in searched and int(searched.split()[0]) <= int(typed.split()[0]), (typed, searched)


def test_filters_from_options_and_address(phone, folio_url, api, artifacts):
    driver, base = phone, folio_url
    register(driver, base, new_username())
    visit(driver, base, "/monologues/options")
    Select(element(driver, "#gender")).select_by_value("female")
    Select(element(driver, "#verse")).select_by_value("verse")
    Select(element(driver, "#play")).select_by_value("romeo-and-juliet")
    Select(element(driver, "#age")).select_by_value("young")
    checkbox = element(driver, "#fresh")
    if not checkbox.is_selected():
        click(driver, "#fresh")
    submit(driver, "#options-save")
    assert "Saved" in body_text(driver)
    assert_fits_width(driver, 390)

    # Remembered: the list shows only young women's verse in Romeo and Juliet, nothing often heard.
    visit(driver, base, "/monologues")
    expected = api.search("", gender="female", verse="verse", play="romeo-and-juliet", age="young", fresh="1")
    assert expected["total"] > 0
    assert str(expected["total"]) in element(driver, "#result-count").text
    summary = element(driver, ".filter-summary").text
    assert "Romeo and Juliet" in summary and "not overdone" in summary and "young" in summary
    for card in cards(driver):
        assert "Juliet" in card.text and "often heard" not in card.text, card.text

    # The address narrows further: prose only, and the API agrees.
    visit(driver, base, "/monologues?verse=prose&play=as-you-like-it&age=any&fresh=0")
    wanted = api.search("", gender="female", verse="prose", play="as-you-like-it")
    assert wanted["total"] > 0, "Rosalind speaks prose"
    assert str(wanted["total"]) in element(driver, "#result-count").text
    assert "Rosalind" in body_text(driver)
    shots(driver, artifacts, "monologues-finding-filters")

    # One tap clears them all, remembered and in the address, and keeps the words searched.
    visit(driver, base, "/monologues?q=Juliet&verse=prose&play=as-you-like-it")
    assert element(driver, "#active-filters").is_displayed()
    submit(driver, "#clear-filters")
    assert not driver.find_elements(By.CSS_SELECTOR, "#active-filters"), "filters still shown after Clear filters"
    assert element(driver, "#search-input").get_attribute("value") == "Juliet"
    assert_result_count(driver, api.search("Juliet")["total"])
    visit(driver, base, "/monologues/options")
    assert Select(element(driver, "#gender")).first_selected_option.get_attribute("value") == ""
    assert not element(driver, "#fresh").is_selected()


def test_previous_and_next_in_the_play(phone, folio_url, api):
    driver, base = phone, folio_url
    visit(driver, base, "/monologues/hamlet-3-1-hamlet-1")
    detail = api.monologue("hamlet-3-1-hamlet-1")
    nxt = element(driver, "#next-in-play")
    # Named by who speaks, where and how it begins; never by its catalogue number.
    assert detail["next"]["character"] in nxt.text and detail["next"]["firstLine"][:20] in nxt.text
    assert detail["next"]["title"] not in nxt.text, nxt.text
    assert "often heard" in element(driver, ".facts").text
    click(driver, "#next-in-play")
    wait_ready(driver)
    assert driver.current_url.endswith("/monologues/" + detail["next"]["id"])
    assert element(driver, "#previous-in-play").get_attribute("href").endswith("/monologues/hamlet-3-1-hamlet-1")
    assert_fits_width(driver, 390)
