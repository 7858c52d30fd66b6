"""A day of study that fits a life, on a phone (390×844): a pasted list of 30 pairs imported at
once, the Revision page saying 20 new today with the rest held back, per tag, the daily limits
changed on their own page (the browser's time zone taken at sign-up, a bad one refused with the
reason), and a session that stops at the new limit.
"""

from __future__ import annotations

from selenium.webdriver.common.by import By

from test_everywhere import shots, sign_up
from test_monologues import (assert_fits_width, body_text, choose, element, fill, submit, visit)
from test_vocabulary import add_pairs, on_prompt, open_pair, start_revision


def import_pairs(driver, base: str, table: str) -> None:
    """Pastes a CSV table on the import page and imports it."""
    visit(driver, base, "/vocab/import")
    driver.execute_script("document.getElementById('import-text').value = arguments[0]", table)
    submit(driver, "#import-preview-submit")
    submit(driver, "#import-confirm")


def test_daily_limits_hold_back_an_imported_list(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    # A phone in New Zealand: the new account's day is theirs, not UTC's.
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Pacific/Auckland"})
    sign_up(driver, base)
    rows = "\n".join(f"word {n},gair {n},,,{'Food' if n <= 5 else 'Verbs'}" for n in range(1, 31))
    import_pairs(driver, base, "English,Welsh,Note,Type,Tags\n" + rows + "\n")

    visit(driver, base, "/vocab/revise")
    assert element(driver, "#today-counts").text == "New cards: 0 of 20 today · Reviews: 0 of 200"
    table = [r.text for r in driver.find_elements(By.CSS_SELECTOR, "#waiting tbody tr")]
    assert table[0].startswith("All pairs") and "10 more after today's limits" in table[0] and table[0].endswith("0 20"), table
    assert any(r.startswith("Food") and r.endswith("0 5") for r in table), table
    assert "All pairs (30) — 0 due, 20 new" in element(driver, "#revise-tag").text
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "vocab-limits-today")

    # The limits on their own page: a bad time zone is refused and says why; then two new a day.
    submit(driver, "#settings-link")
    assert element(driver, "#time-zone").get_attribute("value") == "Pacific/Auckland", "the browser's time zone was not taken"
    fill(driver, "#time-zone", "Atlantis/Capital")
    submit(driver, "#settings-save")
    assert "Atlantis/Capital" in element(driver, "#settings-errors").text
    fill(driver, "#new-per-day", "2")
    fill(driver, "#time-zone", "Europe/London")
    choose(driver, "#day-start", "3")
    submit(driver, "#settings-save")
    assert "Saved" in body_text(driver)
    assert element(driver, "#new-per-day").get_attribute("value") == "2"
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "vocab-limits-settings")

    # A session asks the two new cards the day allows, then ends.
    start_revision(driver, base, "", "englishToWelsh")
    asked = 0
    while on_prompt(driver) and asked < 5:
        number = element(driver, "#prompt").text.split()[-1]
        fill(driver, "#answer", f"gair {number}")
        submit(driver, "#answer-submit")
        submit(driver, "#rating-proposed")
        asked += 1
    assert asked == 2, f"{asked} cards asked with two new a day"
    visit(driver, base, "/vocab/revise")
    assert element(driver, "#today-counts").text == "New cards: 2 of 2 today · Reviews: 0 of 200"


def test_a_mutated_answer_and_a_typo_are_almost_and_search_finds_radicals(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    sign_up(driver, base)
    add_pairs(driver, ("cat", "cath", "noun", ["Animals"]), ("to write", "ysgrifennu", "verb", ["Verbs"]))

    # "gath" for "cath": almost, with the mutation named; a slip in a long word: almost, a typo.
    start_revision(driver, base, "", "englishToWelsh")
    seen = {}
    while on_prompt(driver) and len(seen) < 2:
        english = element(driver, "#prompt").text
        fill(driver, "#answer", "gath" if english == "cat" else "ysgrifenu")
        submit(driver, "#answer-submit")
        seen[english] = element(driver, "#verdict").text
        if english == "cat":
            assert_fits_width(driver, 390)
            shots(driver, artifacts, "vocab-mutation-almost")
        submit(driver, "#rating-proposed")
    assert seen.get("cat") == "Almost — soft mutation of c (cath → gath)", seen
    assert seen.get("to write") == "Almost — a typo", seen

    # A search for a mutated form finds the radical.
    visit(driver, base, "/vocab?q=nghath")
    assert [li.text.split()[0] for li in driver.find_elements(By.CSS_SELECTOR, "ul#pairs > li.pair")] == ["cat"]


def test_undo_asks_the_card_again_and_a_suspended_pair_is_not_asked(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    sign_up(driver, base)
    add_pairs(driver, ("bread", "bara", "noun", []), ("cheese", "caws", "noun", []))

    start_revision(driver, base, "", "englishToWelsh")
    assert not driver.find_elements(By.CSS_SELECTOR, "#undo-form"), "undo offered before any rating"
    first = element(driver, "#prompt").text
    fill(driver, "#answer", "bara" if first == "bread" else "caws")
    submit(driver, "#answer-submit")
    submit(driver, 'button.rating[value="1"]')
    assert element(driver, "#prompt").text != first
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "vocab-undo")
    submit(driver, "#undo-submit")
    assert element(driver, "#prompt").text == first, "the undone card is asked again"
    assert "here is that card again" in body_text(driver), "nothing said the rating was taken back"
    shots(driver, artifacts, "vocab-undone")

    # Suspended from its page, the other pair is never asked.
    visit(driver, base, "/vocab")
    other = "cheese" if first == "bread" else "bread"
    open_pair(driver, base, other)
    submit(driver, "#suspend-submit")
    assert "Suspended" in element(driver, "#suspended-note").text
    start_revision(driver, base, "", "englishToWelsh")
    assert element(driver, "#prompt").text == first

    # The session's last card rated, then taken back from the summary: asked again.
    fill(driver, "#answer", "bara" if first == "bread" else "caws")
    submit(driver, "#answer-submit")
    submit(driver, 'button.rating[value="3"]')
    assert element(driver, "#session-summary")
    submit(driver, "#undo-submit")
    assert element(driver, "#prompt").text == first, "the last card, undone from the summary, is not asked again"
    assert "here is that card again" in body_text(driver)


def test_statistics_are_drawn_on_a_phone(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    sign_up(driver, base)
    add_pairs(driver, ("cat", "cath", "noun", []), ("dog", "ci", "noun", []))
    start_revision(driver, base, "", "englishToWelsh")
    while on_prompt(driver):
        fill(driver, "#answer", "cath" if element(driver, "#prompt").text == "cat" else "ci")
        submit(driver, "#answer-submit")
        submit(driver, "#rating-proposed")
    visit(driver, base, "/vocab/revise")
    submit(driver, "#stats-link")
    assert element(driver, "#streak").text == "Streak: 1 day (longest 1 day)"
    for chart in ("#heatmap svg", "#forecast svg", "#retention svg"):
        box = element(driver, chart).rect
        assert box["width"] > 200 and box["height"] > 20, (chart, box)
    squares = driver.execute_script("return document.querySelectorAll('#heatmap rect:not(.level-0)').length")
    assert squares == 1, squares
    # A square a thumb can find (they were under 6 px), today's in view without scrolling.
    today = driver.execute_script("""
        const r = document.querySelector('#heatmap rect:not(.level-0)').getBoundingClientRect();
        return {width: r.width, left: r.left, right: r.right, screen: innerWidth};""")
    assert today["width"] >= 9 and 0 <= today["left"] and today["right"] <= today["screen"], today
    assert "due now" in element(driver, "#forecast-text").text, element(driver, "#forecast-text").text
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "vocab-statistics")
