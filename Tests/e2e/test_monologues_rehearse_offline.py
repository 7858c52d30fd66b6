"""Rehearsing a favourite without a connection, at phone size (390×844, touch), with the service
worker itself taken offline: after one visit online to the favourite's Rehearse page, the
connection goes as a line is being rated (the rating is kept on the device), and rehearsal goes on
in airplane mode — lines typed right, with a slip, wrong and not at all, one said aloud, a reload
of a checked line, Back to a line already rated — every rating kept on the device. Back online,
the lines are sent once: the server's progress for each line equals the device's (both computed
by the same rules, held together by Tests/FolioAppTests/BrowserRehearsalTests.swift), and a batch
sent again changes nothing.
"""

from __future__ import annotations

import re

import time

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from test_everywhere import go_offline, go_online, open_offline, wait_until_kept
from test_monologues import assert_fits_width, click, element, eventually, fill, new_username, register, toggle_favourite, visit
from test_vocabulary_offline import fetch, shown

SPEECH = "hamlet-3-1-hamlet-1"
REHEARSE = f"/monologues/favourites/{SPEECH}/rehearse"


def kept_state(driver: WebDriver) -> dict:
    return driver.execute_script("""
        for (let i = 0; i < localStorage.length; i++) {
          const key = localStorage.key(i);
          if (key.startsWith('folio-offline-rehearsal:')) return JSON.parse(localStorage.getItem(key));
        }
        return null;""")


def served_pack(driver: WebDriver) -> dict:
    """The favourite as the online rehearse page carries it."""
    return driver.execute_script("return JSON.parse(document.getElementById('rehearse-offline').dataset.pack)")


def status_text(driver: WebDriver) -> str:
    return element(driver, "#rehearse-sync-status").text


def asked_line(driver: WebDriver) -> int:
    """The number of the line asked ("Line 3 of 33 · …")."""
    eventually(driver, lambda: shown(driver, "#offline-asking"), bool, "a line to say")
    return int(element(driver, "#rehearse-position").text.split()[1])


def tap_rating(driver: WebDriver, css: str) -> None:
    time.sleep(0.45)  # a rating takes no tap in its first 400 ms on screen (double taps)
    click(driver, css)


def slipped(line: str) -> str:
    """The line with the last letter of its longest word left out: one slip."""
    words = line.split()
    longest = max(range(len(words)), key=lambda i: len(words[i].strip(",.;:!?")))
    word = words[longest].rstrip(",.;:!?")
    words[longest] = word[:-1] + words[longest][len(word):]
    return " ".join(words)


def test_a_favourite_rehearsed_offline_reaches_the_account_once(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    register(driver, base, new_username())
    visit(driver, base, f"/monologues/{SPEECH}")
    toggle_favourite(driver, now_favourite=True)

    # One visit online: the rehearse page leaves the favourite on the device, and the worker keeps
    # the page that rehearses it.
    visit(driver, base, REHEARSE)
    lines = [line["text"] for line in served_pack(driver)["lines"]]
    assert len(lines) > 10, lines
    wait_until_kept(driver, "/monologues/rehearse/offline")
    eventually(driver, lambda: kept_state(driver), lambda state: state and SPEECH in state["packs"], "the favourite kept on the device")
    assert "Kept on this device" in element(driver, "#rehearse-offline").text

    # The first line typed right and checked online; the connection goes before it is rated.
    fill(driver, "#rehearse-answer", lines[0])
    click(driver, "#rehearse-check")
    eventually(driver, lambda: element(driver, "#rehearse-verdict").get_attribute("data-verdict"), lambda v: v == "exact", "the check")
    sessions = go_offline(driver)
    ratings = 0
    try:
        tap_rating(driver, "#rate-form .proposed")
        ratings += 1
        # Kept on the device, and the device asks the next line at the same address.
        eventually(driver, lambda: driver.find_elements(By.ID, "offline-rehearsal"), bool, "the page that rehearses on the device")
        assert asked_line(driver) == 2
        assert len(kept_state(driver)["queue"]) == 1
        eventually(driver, lambda: status_text(driver), lambda text: text.startswith("Offline"), "the page to say it is offline")
        assert "1 line waiting to sync" in status_text(driver)
        assert not element(driver, "#offline-note").is_displayed(), "two offline notes on the page"
        assert element(driver, "#rehearse-back").get_attribute("href").endswith("/monologues/rehearse/offline")
        assert element(driver, "#rehearse-cue").text == lines[0]
        # Named as online, by who speaks and how it begins, never by its catalogue number.
        heading = element(driver, "h1.page-title").text
        assert heading.startswith("Rehearse ") and "“" in heading and not re.search(r"\d+$", heading), heading
        assert_fits_width(driver, 390)
        driver.save_screenshot(str(artifacts / "rehearse-offline-line.png"))
        watch_errors = "window.__errors = []; window.addEventListener('error', (e) => window.__errors.push(e.message));"
        driver.execute_script(watch_errors)

        verdicts = []
        for turn, kind in enumerate(["exact", "close", "wrong", "empty", "exact", "aloud", "close", "exact"]):
            number = asked_line(driver)
            line = lines[number - 1]
            if kind == "aloud":
                click(driver, "#rehearse-aloud summary")
                eventually(driver, lambda: element(driver, "#rehearse-line").is_displayed(), bool, "the line said aloud")
                assert element(driver, "#rehearse-line").text == line
                tap_rating(driver, "#aloud-ratings .rating-1")
                ratings += 1
                continue
            typed = {"exact": line, "close": slipped(line), "wrong": "Something else entirely, my lord", "empty": ""}[kind]
            fill(driver, "#rehearse-answer", typed)
            click(driver, "#rehearse-check")
            eventually(driver, lambda: shown(driver, "#offline-checked"), bool, "the checked line")
            verdict = element(driver, "#rehearse-verdict").get_attribute("data-verdict")
            verdicts.append(verdict)
            assert verdict == ("wrong" if kind == "empty" else kind), (kind, typed, line, verdict)
            assert element(driver, "#rehearse-expected").text == line
            if kind == "empty":
                assert element(driver, "#rehearse-typed").text == "nothing"
            if kind == "close":
                assert "→" in element(driver, "#rehearse-slips").text
                driver.save_screenshot(str(artifacts / "rehearse-offline-checked.png"))
            if turn == 2:
                # A reload of a checked line checks it again, from the address.
                open_offline(driver, base, driver.current_url.replace(base, ""))
                eventually(driver, lambda: shown(driver, "#offline-checked"), bool, "the checked line after a reload")
                assert element(driver, "#rehearse-verdict").get_attribute("data-verdict") == "wrong"
                driver.execute_script(watch_errors)
            tap_rating(driver, "#checked-ratings .proposed")
            ratings += 1
            if turn == 4:
                # Back to the line just rated: shown again, saying it is rated, with no rating to give twice.
                driver.back()
                eventually(driver, lambda: shown(driver, "#offline-checked"), bool, "the checked line after Back")
                eventually(driver, lambda: shown(driver, "#checked-already"), bool, "the line said to be rated already")
                assert not shown(driver, "#checked-rating")
                assert element(driver, "#checked-already-text").text.startswith("Already rated: this line comes back in ")
                click(driver, "#checked-next")
                eventually(driver, lambda: shown(driver, "#offline-asking"), bool, "the next line after Back")
            assert len(kept_state(driver)["queue"]) == ratings, (turn, ratings, kept_state(driver)["queue"])
        assert set(verdicts) >= {"exact", "close", "wrong"}, verdicts
        assert f"{ratings} lines waiting to sync" in status_text(driver), status_text(driver)
        # Every line's progress is listed, as online.
        assert "due now" in element(driver, "#rehearse-line-list").get_attribute("textContent") or \
            "next in" in element(driver, "#rehearse-line-list").get_attribute("textContent")
        assert driver.execute_script("return window.__errors") == []
        driver.save_screenshot(str(artifacts / "rehearse-offline-waiting.png"))
        ops = kept_state(driver)["queue"]
    finally:
        go_online(driver, sessions)

    # Back online, the page sends what waits by itself and says so.
    eventually(driver, lambda: status_text(driver), lambda text: "Everything is synced" in text, "the page to say everything is synced")
    device = kept_state(driver)
    assert device["queue"] == []
    # Each line was applied once: sent again, none is applied.
    sent = [{k: op[k] for k in ("id", "monologueId", "key", "rating", "at")} for op in ops]
    status, again = fetch(driver, "POST", "/api/v1/rehearsal/sync", {"reviews": sent})
    assert status == 200 and {r["outcome"] for r in again["results"]} == {"alreadyApplied"}, again["results"][:3]
    # The server's progress for each line rehearsed is the one the device worked out for itself.
    visit(driver, base, REHEARSE)
    server = {line["key"]: line.get("progress") for line in served_pack(driver)["lines"]}
    mine = device["lines"][SPEECH]
    assert len(mine) >= 7, mine.keys()
    for key, progress in mine.items():
        theirs = server[key]
        assert theirs is not None, key
        for field in ("help", "wordPerfect", "reviews", "misses"):
            assert progress[field] == theirs[field], (key, field, progress, theirs)
        for field in ("state", "step", "due", "lastReview"):
            assert progress["card"].get(field) == theirs["card"].get(field), (key, field, progress, theirs)
        for field in ("stability", "difficulty"):
            assert abs(progress["card"][field] - theirs["card"][field]) <= 1e-9 * max(1, abs(theirs["card"][field])), (key, field)
    assert sum(p["reviews"] for p in server.values() if p) == ratings


def test_rehearsing_offline_says_what_it_cannot_do(phone, folio_url):
    driver, base = phone, folio_url
    register(driver, base, new_username())
    visit(driver, base, f"/monologues/{SPEECH}")
    toggle_favourite(driver, now_favourite=True)
    visit(driver, base, REHEARSE)
    wait_until_kept(driver, "/monologues/rehearse/offline")
    sessions = go_offline(driver)
    try:
        # A favourite never opened for rehearsal here says how to take it; the kept one is listed.
        open_offline(driver, base, "/monologues/favourites/macbeth-1-5-lady-macbeth-1/rehearse")
        eventually(driver, lambda: shown(driver, "#offline-rehearse-missing"), bool, "the missing favourite's note")
        open_offline(driver, base, "/monologues/rehearse/offline")
        eventually(driver, lambda: shown(driver, "#offline-rehearse-list"), bool, "the kept favourites")
        links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#offline-rehearse-favourites a")]
        assert links == [base + REHEARSE], links
        # Starting again needs the server: it says so, and nothing is sent or lost.
        open_offline(driver, base, REHEARSE)
        eventually(driver, lambda: shown(driver, "#offline-asking"), bool, "a line to say")
        assert "Starting again from nothing needs a connection" in element(driver, "#rehearse-lines").get_attribute("textContent")
    finally:
        go_online(driver, sessions)
    # Lines sent for another account on the same device are refused, never applied to this one's.
    status, answer = fetch(driver, "POST", "/api/v1/rehearsal/sync",
                           {"account": "someone-else", "reviews": [{"id": "abcdef0123456789", "monologueId": SPEECH, "key": "1 to be", "rating": 3, "at": time.time() * 1000}]})
    assert status == 409 and answer["error"]["code"] == "other_account", answer
