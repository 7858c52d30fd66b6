"""Ghost without a connection, at phone size (390×844, touch), with the service worker itself
taken offline: after one visit online to Ghost's page, a game against the hard computer in
English, started online (the dictionary downloaded once) and played to its end offline, with a
reload in the middle; a Welsh dictionary never chosen says it needs the connection once; then,
downloaded, a hot-seat game in Welsh under classic rules offline — two-character letters on the
keyboard, a letter that runs into another refused, a bluff challenged and a challenge answered.
The browser's referee and computers are held to the server's by
Tests/GhostTests/BrowserGhostTests.swift; here a person plays them.
"""

from __future__ import annotations

import time

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from test_everywhere import go_offline, go_online, open_offline, wait_until_kept
from test_monologues import assert_fits_width, click, element, eventually, fill, new_username, register, visit
from test_vocabulary_offline import fetch, shown
from test_ghost import counting_words


def status(driver: WebDriver) -> str:
    return element(driver, "#ghost-status").text


def fragment(driver: WebDriver) -> str:
    return driver.execute_script("return document.getElementById('ghost-fragment').firstChild?.nodeType === 3 ? document.getElementById('ghost-fragment').firstChild.textContent : ''")


def keys(driver: WebDriver) -> list[str]:
    return [key.get_attribute("value") for key in driver.find_elements(By.CSS_SELECTOR, "#ghost-keys .ghost-key")]


def keys_waiting(driver: WebDriver) -> bool:
    return bool(driver.execute_script("return !!document.querySelector('#ghost-keys:not([hidden]) .ghost-key:not([disabled])')"))


def wait_for_person(driver: WebDriver) -> None:
    """Until a person is to act, a round is over or the game is; then as long as a tap needs to be taken."""
    eventually(driver, lambda: keys_waiting(driver) or shown(driver, "#ghost-answer-form")
               or shown(driver, "#ghost-offline-next") or shown(driver, "#ghost-offline-over"), bool, "a person's turn")
    time.sleep(0.45)  # the board takes no tap in its first 400 ms (double taps)


def tap(driver: WebDriver, letter: str) -> None:
    click(driver, f'#ghost-keys .ghost-key[value="{letter}"]')


def start(driver: WebDriver, seats: list[tuple[str, str]], dictionary: str, length: int, rules: str) -> None:
    for i in range(4):
        fill(driver, f"#offline-name{i}", seats[i][0] if i < len(seats) else "")
        if i < len(seats):
            driver.execute_script("arguments[0].value = arguments[1]", element(driver, f"#offline-kind{i}"), seats[i][1])
    driver.execute_script("arguments[0].value = arguments[1]", element(driver, "#offline-dictionary"), dictionary)
    driver.execute_script("arguments[0].value = arguments[1]", element(driver, "#offline-length"), str(length))
    driver.execute_script("arguments[0].value = arguments[1]", element(driver, "#offline-challenges"), rules)
    click(driver, "#ghost-offline-start")


def test_ghost_against_the_hard_computer_and_in_welsh_offline(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    username = new_username()
    register(driver, base, username)
    visit(driver, base, "/ghost")
    assert element(driver, "#ghost-on-device-link").get_attribute("href").endswith("/ghost/offline")
    wait_until_kept(driver, "/ghost/offline")

    # Online, the game starts and the English dictionary comes down once.
    visit(driver, base, "/ghost/offline")
    start(driver, [("Me", "person"), ("Computer", "hard")], "english", 4, "forgiving")
    eventually(driver, lambda: shown(driver, "#ghost-offline-game"), bool, "the game")
    kept = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        caches.open('folio-ghost-words-1').then((c) => c.keys()).then((k) => done(k.map((r) => new URL(r.url).pathname)));""")
    assert kept == ["/api/v1/ghost/words/english"], kept
    assert len(keys(driver)) == 26

    sessions = go_offline(driver)
    try:
        # Offline, Ghost's page is the one that plays on the device, and the game goes on where it was.
        open_offline(driver, base, "/ghost")
        eventually(driver, lambda: shown(driver, "#ghost-offline-game"), bool, "the game after a reload offline")
        assert element(driver, "#ghost-offline-status").text == "Offline: playing on this device."
        assert not element(driver, "#offline-note").is_displayed(), "two offline notes on the page"
        assert_fits_width(driver, 390)
        driver.save_screenshot(str(artifacts / "ghost-offline-game.png"))
        words = sorted(w for w in counting_words() if len(w) >= 4)
        complete = set(words)
        rounds_seen, refused, reloaded = 0, 0, False
        for turn in range(400):
            wait_for_person(driver)
            if shown(driver, "#ghost-offline-over"):
                break
            if shown(driver, "#ghost-offline-next"):
                rounds_seen += 1
                summary = element(driver, "#ghost-round-summary").text
                assert "takes a letter" in summary or "is out" in summary, summary
                click(driver, "#ghost-next-round")
                continue
            now = fragment(driver)
            # A letter that keeps a word behind the fragment (one that completes a word first, so
            # that rounds end soon), and now and then one that does not.
            following = sorted({w[len(now)] for w in words if w.startswith(now) and len(w) > len(now)},
                               key=lambda letter: (now + letter not in complete, letter))
            if turn % 7 == 3:
                wrong = next((k for k in keys(driver) if k not in following), None)
                if wrong:
                    before = driver.execute_script("return document.getElementById('ghost-keys').getBoundingClientRect().top + window.scrollY")
                    tap(driver, wrong)
                    eventually(driver, lambda: status(driver), lambda text: "not a letter that can be added here" in text, "a refused letter")
                    after = driver.execute_script("return document.getElementById('ghost-keys').getBoundingClientRect().top + window.scrollY")
                    assert abs(after - before) < 1, f"the keyboard moved {after - before}px for a refused letter"
                    refused += 1
                    continue
            tap(driver, following[0] if following else keys(driver)[0])
            if turn == 0:
                # The computer's letter is shown as its own.
                eventually(driver, lambda: element(driver, "#ghost-moves").text, lambda text: "Computer:" in text, "the computer's letter")
            if turn >= 5 and not reloaded:
                open_offline(driver, base, "/ghost/games/anything")
                eventually(driver, lambda: shown(driver, "#ghost-offline-game"), bool, "the game after a reload")
                reloaded = True
        else:
            raise AssertionError("the game never ended")
        winner = element(driver, "#ghost-winner").text
        assert "wins the game." in winner, winner
        assert rounds_seen >= 4 and refused >= 1 and reloaded, (rounds_seen, refused, reloaded)
        assert len(driver.find_elements(By.CSS_SELECTOR, "#ghost-rounds li")) >= 5
        assert "counts for your high scores once it reaches the server" in winner
        assert not shown(driver, "#ghost-leave-row"), "End this game offered for a game over"
        assert "1 game against the computer waits to count" in element(driver, "#ghost-offline-status").text
        driver.save_screenshot(str(artifacts / "ghost-offline-over.png"))
    finally:
        go_online(driver, sessions)

    # Back online, the game is sent, replayed by the server and counted, once.
    eventually(driver, lambda: element(driver, "#ghost-offline-status").text,
               lambda text: "Your game against the computer counts for your high scores." in text, "the game counted")
    assert element(driver, "#ghost-winner").text.endswith("It counts for your high scores.")
    status_code, scores = fetch(driver, "GET", "/api/v1/ghost/highscores?dictionary=english", None)
    mine = [row for row in scores["items"] if row["username"] == username]
    assert status_code == 200 and len(mine) == 1 and mine[0]["games"] == 1, scores
    sessions = go_offline(driver)
    try:
        # A dictionary never chosen needs the connection once, and says so.
        click(driver, "#ghost-new")
        eventually(driver, lambda: shown(driver, "#ghost-offline-setup"), bool, "the setup")
        start(driver, [("Ann", "person"), ("Ben", "person")], "welsh", 3, "classic")
        eventually(driver, lambda: element(driver, "#ghost-offline-errors").text, lambda text: "not on this device yet" in text,
                   "the Welsh dictionary said to need the connection")
    finally:
        go_online(driver, sessions)

    # Downloaded once online, then played offline.
    click(driver, "#ghost-offline-start")
    eventually(driver, lambda: shown(driver, "#ghost-offline-game"), bool, "the Welsh game")
    sessions = go_offline(driver)
    try:
        open_offline(driver, base, "/ghost")
        eventually(driver, lambda: shown(driver, "#ghost-keys"), bool, "the Welsh keyboard")
        assert {"ll", "ch", "dd", "ng", "rh", "th", "ff", "ph"} <= set(keys(driver)), keys(driver)
        assert "x" not in keys(driver)
        # Ann plays l, Ben plays l: "l" then "l" would read as "ll", so it is refused.
        time.sleep(0.45)
        tap(driver, "l")
        eventually(driver, lambda: status(driver), lambda text: text.startswith("Ben to play"), "Ben's turn")
        time.sleep(0.45)
        tap(driver, "l")
        eventually(driver, lambda: status(driver), lambda text: "would read as" in text, "letters running together refused")
        # Classic rules: Ben bluffs with a letter no word follows; Ann challenges; Ben concedes.
        tap(driver, "j")
        eventually(driver, lambda: status(driver), lambda text: text.startswith("Ann to play"), "Ann's turn")
        time.sleep(0.45)
        click(driver, "#ghost-challenge")
        eventually(driver, lambda: shown(driver, "#ghost-answer-form"), bool, "Ben asked to name a word")
        click(driver, "#ghost-concede")
        eventually(driver, lambda: shown(driver, "#ghost-offline-next"), bool, "the round over")
        assert "Ben could not answer Ann’s challenge" in element(driver, "#ghost-round-summary").text
        driver.save_screenshot(str(artifacts / "ghost-offline-welsh.png"))
    finally:
        go_online(driver, sessions)
