"""The favourite editor without a connection, at phone size (390×844, touch), with the service
worker itself taken offline: every tap is kept on the device, so a reload brings the cut back;
saving offline keeps the changes on the device, which sends them when the connection returns; and
the speech's page, read before the edit, then shows the cut rather than the old text.
"""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from test_everywhere import go_offline, go_online, kept_text, open_offline, wait_until_kept
from test_monologues import (choose, click, click_element, element, eventually, monologue_text, new_username, norm, open_first_result,
                             register, submit, toggle_favourite, visit)
from test_vocabulary_offline import fetch


def line_buttons(driver: WebDriver) -> list:
    return driver.find_elements(By.CSS_SELECTOR, "#line-list button.edit-line")


def draft_note(driver: WebDriver) -> str:
    found = driver.find_elements(By.CSS_SELECTOR, "#draft-note")
    return norm(found[0].text) if found and found[0].is_displayed() else ""


def test_cuts_made_offline_survive_a_reload_and_are_saved_when_back(phone, folio_url, api, artifacts):
    driver, base = phone, folio_url
    register(driver, base, new_username())
    visit(driver, base, "/monologues?q=dagger")
    chosen = open_first_result(driver)
    lines = [line for line in api.monologue(chosen)["text"].split("\n") if line and line != "/"]
    toggle_favourite(driver, now_favourite=True)
    editor = f"/monologues/favourites/{chosen}/edit"
    # Read online once: the speech (uncut) and the editor.
    visit(driver, base, f"/monologues/{chosen}")
    visit(driver, base, editor)
    wait_until_kept(driver, f"/monologues/{chosen}", editor)

    sessions = go_offline(driver)
    try:
        open_offline(driver, base, editor)
        click_element(driver, line_buttons(driver)[1])
        assert line_buttons(driver)[1].get_attribute("aria-pressed") == "true"
        # A reload offline: the cut is back, and the editor says why.
        open_offline(driver, base, editor)
        eventually(driver, lambda: draft_note(driver), lambda text: "unsaved changes" in text, "the editor to bring the cut back")
        assert line_buttons(driver)[1].get_attribute("aria-pressed") == "true"
        # A beat, then Save: kept on the device, to be saved when the connection returns.
        click_element(driver, driver.find_elements(By.CSS_SELECTOR, "#line-list button.beat-gap")[3])
        click(driver, "#edit-save")
        eventually(driver, lambda: draft_note(driver), lambda text: "You are offline" in text, "the editor to say the changes wait")
        assert "You are offline" in element(driver, "#save-note").text, "nothing said where Save was pressed"
        assert driver.current_url.endswith(editor), driver.current_url
        driver.save_screenshot(str(artifacts / "monologues-edit-offline.png"))
    finally:
        go_online(driver, sessions)

    # Back online, the editor sends them by itself and says so.
    eventually(driver, lambda: draft_note(driver), lambda text: "Saved" in text, "the editor to save the waiting changes")
    status, body = fetch(driver, "GET", f"/api/v1/favourites?limit=100", None)
    saved = next(item["monologue"]["text"] for item in body["items"] if item["monologue"]["id"] == chosen)
    kept = saved.split("\n")
    assert lines[1] not in kept and lines[0] in kept and lines[2] in kept, kept[:5]
    assert "/" in kept, "the beat was not saved"

    # The editor asks the worker for the speech's page afresh once saved; on a busy machine that
    # fetch can still be on its way when "Saved" shows, so the copy is awaited before going offline.
    eventually(driver, lambda: norm(kept_text(driver, f"/monologues/{chosen}", "#monologue-text")),
               lambda text: norm(lines[1]) not in text and norm(lines[2]) in text, "the worker to keep the speech as cut")
    # Offline again, the speech's page shows the cut, not the text first read.
    sessions = go_offline(driver)
    try:
        eventually(driver, lambda: (open_offline(driver, base, f"/monologues/{chosen}"), norm(monologue_text(driver)))[1],
                   lambda text: norm(lines[1]) not in text and norm(lines[2]) in text, "the speech's page to show the cut offline")
    finally:
        go_online(driver, sessions)


def test_an_edit_sent_late_does_not_overwrite_a_later_one(phone, folio_url, api):
    driver, base = phone, folio_url
    register(driver, base, new_username())
    visit(driver, base, "/monologues?q=dagger")
    chosen = open_first_result(driver)
    toggle_favourite(driver, now_favourite=True)
    status, body = fetch(driver, "PATCH", f"/api/v1/favourites/{chosen}", {"notes": "Later, online."})
    assert status == 200, body
    # A device that was offline sends an edit made before that one: the later stands.
    made = driver.execute_script("return Date.now()") - 3_600_000
    status, body = fetch(driver, "PATCH", f"/api/v1/favourites/{chosen}", {"notes": "Earlier, offline.", "madeAt": made})
    assert status == 409 and body["error"]["code"] == "edited_since", (status, body)
    status, body = fetch(driver, "GET", "/api/v1/favourites?limit=100", None)
    assert next(i["monologue"]["notes"] for i in body["items"] if i["monologue"]["id"] == chosen) == "Later, online."
    # One made after it is saved; a clock in the future counts as now.
    status, body = fetch(driver, "PATCH", f"/api/v1/favourites/{chosen}", {"notes": "From the future.", "madeAt": made + 10 * 3_600_000})
    assert status == 200, body
    for bad in (-1, "soon", 1e300):
        status, body = fetch(driver, "PATCH", f"/api/v1/favourites/{chosen}", {"notes": "x", "madeAt": bad})
        assert status == 400, (bad, status, body)


def test_a_list_kept_offline_shows_the_filters_saved_since(phone, folio_url):
    driver, base = phone, folio_url
    register(driver, base, new_username())
    visit(driver, base, "/monologues/options")
    choose(driver, "#gender", "female")
    submit(driver, "#options-save")
    visit(driver, base, "/monologues?q=night")
    visit(driver, base, "/monologues")
    eventually(driver, lambda: kept_text(driver, "/monologues", "#active-filters"), lambda text: "female" in text.lower(),
               "the list to be kept with its filter")
    # The filters are cleared from a search; the plain list, kept before, is kept again as it is now.
    visit(driver, base, "/monologues?q=night")
    submit(driver, "#clear-filters")
    eventually(driver, lambda: kept_text(driver, "/monologues", ".filter-summary"), lambda text: text.startswith("No filters"),
               "the kept list to be fetched again without the filter")
    assert kept_text(driver, "/monologues", "#active-filters") == ""
    sessions = go_offline(driver)
    try:
        open_offline(driver, base, "/monologues")
        assert not driver.find_elements(By.CSS_SELECTOR, "#active-filters"), "the kept list shows the filter cleared online"
        assert element(driver, ".filter-summary").text.startswith("No filters")
    finally:
        go_online(driver, sessions)
