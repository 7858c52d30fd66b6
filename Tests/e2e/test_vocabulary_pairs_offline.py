"""Vocabulary's pairs without a connection, at phone size with the service worker offline too:
after one visit online to Translations, the list opens offline (from its own address, a new pair's
and a pair's), is searched without accents, and takes a new pair, edits (of a pair the server has
and of the new one) and a deletion, all kept through a reload. Meanwhile another device edits one
of the same pairs later. Back online the changes are sent once: the server holds them, the later
edit stands and the page says so, and the same changes sent again change nothing.
"""

from __future__ import annotations

from selenium.webdriver.common.by import By

from conftest import _chrome
from test_everywhere import go_offline, go_online, open_offline, wait_until_kept
from test_monologues import click, element, eventually, fill, log_in, new_username, register, visit
from test_vocabulary_offline import fetch


def rows(driver) -> list[str]:
    return [" ".join(row.text.split()) for row in driver.find_elements(By.CSS_SELECTOR, "#pairs-list .card-title")]


def status(driver) -> str:
    return element(driver, "#pairs-sync-status").text


def server_pairs(driver) -> dict[str, dict]:
    code, body = fetch(driver, "GET", "/api/v1/vocab/pairs?limit=100", None)
    assert code == 200, (code, body)
    return {pair["english"]: pair for pair in body["items"]}


def waiting_changes(driver) -> list[dict]:
    return driver.execute_script("""
        for (let i = 0; i < localStorage.length; i++) {
          const key = localStorage.key(i);
          if (key.startsWith('folio-offline-pairs:')) return JSON.parse(localStorage.getItem(key)).queue;
        }
        return [];""")


def save_pair(driver, **fields) -> None:
    for name, value in fields.items():
        fill(driver, f"#pair-{name}", value)
    click(driver, "#pairs-save")
    eventually(driver, lambda: element(driver, "#pairs-list-view").is_displayed(), bool, "the list after saving")


def test_pairs_are_added_edited_and_deleted_offline_and_synced_once(phone, folio_url):
    driver, base = phone, folio_url
    user = new_username()
    register(driver, base, user)
    visit(driver, base, "/vocab")
    for english, welsh in [("man", "gŵr"), ("cat", "cath"), ("dog", "ci")]:
        assert fetch(driver, "POST", "/api/v1/vocab/pairs", {"english": english, "welsh": welsh})[0] in (200, 201)
    visit(driver, base, "/vocab")
    eventually(driver, lambda: element(driver, "#pairs-take-status").text, lambda t: t.startswith("3 pairs kept on this device"),
               "the pairs kept on the device")
    wait_until_kept(driver, "/vocab/offline")
    ids = {english: pair["id"] for english, pair in server_pairs(driver).items()}

    sessions = go_offline(driver)
    try:
        # The list's own address opens the pairs kept on the device, searched without accents.
        open_offline(driver, base, "/vocab")
        eventually(driver, lambda: rows(driver), lambda r: len(r) == 3, "the three pairs offline")
        fill(driver, "#pairs-search", "gwr")
        eventually(driver, lambda: rows(driver), lambda r: r == ["man — gŵr"], "a search without accents")

        # A new pair from the new pair's address.
        open_offline(driver, base, "/vocab/new")
        eventually(driver, lambda: element(driver, "#pairs-edit-view").is_displayed(), bool, "the new pair's form")
        click(driver, "#pairs-save")
        assert "fill in the English, the Welsh or both" in element(driver, "#pairs-edit-errors").text
        # Sent twice in the same instant (Return pressed twice): one pair.
        for name, value in {"english": "tree", "welsh": "coeden", "tags": "nature"}.items():
            fill(driver, f"#pair-{name}", value)
        driver.execute_script("const form = document.getElementById('pairs-form'); form.requestSubmit(); form.requestSubmit();")
        eventually(driver, lambda: element(driver, "#pairs-list-view").is_displayed(), bool, "the list after saving")
        assert [text for text in rows(driver) if text.startswith("tree")] == ["tree — coeden"]
        assert "1 change waiting to sync" in status(driver)
        # And edited before it ever reached the server, from the list (the edit joins the add).
        row = next(r for r in driver.find_elements(By.CSS_SELECTOR, "#pairs-list a") if "tree" in r.text)
        assert "waiting to sync" in row.text
        row.click()
        eventually(driver, lambda: element(driver, "#pair-english").get_attribute("value"), lambda v: v == "tree", "the new pair's editor")
        save_pair(driver, note="a tall plant")

        # A pair the server has, from its edit address; another deleted from its page's address.
        open_offline(driver, base, f"/vocab/pairs/{ids['dog']}/edit")
        eventually(driver, lambda: element(driver, "#pair-english").get_attribute("value"), lambda v: v == "dog", "dog's editor")
        save_pair(driver, welsh="ci bach")
        open_offline(driver, base, f"/vocab/pairs/{ids['cat']}")
        eventually(driver, lambda: element(driver, "#pairs-delete").is_displayed(), bool, "cat's editor")
        driver.execute_script("window.confirm = () => true;")
        click(driver, "#pairs-delete")
        eventually(driver, lambda: rows(driver), lambda r: not any(text.startswith("cat") for text in r), "cat deleted on the device")
        # "man" edited here now, and on another device (online) a moment later: that edit must stand.
        open_offline(driver, base, f"/vocab/pairs/{ids['man']}/edit")
        eventually(driver, lambda: element(driver, "#pair-english").get_attribute("value"), lambda v: v == "man", "man's editor")
        save_pair(driver, welsh="gwr")
        other = _chrome(mobile=False)
        try:
            log_in(other, base, user)
            assert fetch(other, "PUT", f"/api/v1/vocab/pairs/{ids['man']}", {"english": "man", "welsh": "dyn"})[0] == 200
        finally:
            other.quit()

        # Everything kept through a reload.
        open_offline(driver, base, "/vocab/offline")
        eventually(driver, lambda: rows(driver), lambda r: sorted(r) == ["dog — ci bach", "man — gwr", "tree — coeden"], "the changes after a reload")
        # The edit of the pair added here went into its add: four changes, not five.
        assert "4 changes waiting to sync" in status(driver)
        sent = [change for change in waiting_changes(driver) if "localId" not in change]
    finally:
        go_online(driver, sessions)

    eventually(driver, lambda: status(driver), lambda t: "all changes synced" in t, "the changes to be sent")
    notes = element(driver, "#pairs-notes-list").text
    assert "man — gwr: a later change from another device stands" in notes, notes
    eventually(driver, lambda: rows(driver), lambda r: sorted(r) == ["dog — ci bach", "man — dyn", "tree — coeden"], "the list as the server has it")
    after = server_pairs(driver)
    assert sorted(after) == ["dog", "man", "tree"]
    assert after["dog"]["welsh"] == "ci bach" and after["man"]["welsh"] == "dyn"
    assert after["tree"]["note"] == "a tall plant" and after["tree"]["tags"] == ["Nature"]

    # The same changes sent again (an answer lost on the way) change nothing.
    code, body = fetch(driver, "POST", "/api/v1/vocab/sync/pairs", {"changes": [
        {key: change[key] for key in ("id", "kind", "pairId", "pair", "madeAt") if key in change} for change in sent]})
    assert code == 200, body
    assert {result["outcome"] for result in body["results"]} <= {"alreadyApplied", "later"}, body
    assert server_pairs(driver) == after
