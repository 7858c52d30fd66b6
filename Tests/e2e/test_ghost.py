"""Ghost in a real browser: a hot-seat game played to the end with challenges (phone), and an
online room between two accounts in two browsers, where each move shows up live in the other.

The server plays with Debian's British English list at its default minimum of four letters; the
test reads the same list to choose its letters and words, so it holds whatever the list holds.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from conftest import PHONE
from test_monologues import (assert_fits_width, choose, click, element, eventually, fill, mark_page, new_username, norm,
                             register, screenshot, submit, visit, wait_ready)

WORDS = Path("/usr/share/dict/british-english")
MINIMUM = 4
ATTEMPTS = 5


@lru_cache(maxsize=1)
def counting_words() -> frozenset[str]:
    assert WORDS.exists(), f"{WORDS} is missing: scripts/setup.sh installs wbritish"
    words = (line.strip() for line in WORDS.read_text(encoding="utf-8", errors="replace").splitlines())
    return frozenset(w for w in words if len(w) >= MINIMUM and w.isascii() and w.isalpha() and w.islower())


def completing_line(first: str) -> tuple[str, str]:
    """A word of exactly MINIMUM letters that starts with `first`, split before its last letter, so
    that whoever adds that letter completes it: ("dog", "s") for "dogs"."""
    for word in sorted(counting_words()):
        if len(word) == MINIMUM and word.startswith(first):
            return word[:-1], word[-1]
    raise AssertionError(f"no {MINIMUM}-letter word starts with {first!r}")


def board_text(driver: WebDriver, css: str) -> str:
    # The board is redrawn whole when its socket connects or a move arrives, so a node found a
    # moment ago can be gone by the time its text is read: look it up again in the new board.
    for _ in range(ATTEMPTS):
        found = driver.find_elements(By.CSS_SELECTOR, css)
        try:
            return norm(found[0].text) if found else ""
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{css} was redrawn {ATTEMPTS} times in a row while being read")


def play_letter(driver: WebDriver, letter: str) -> None:
    fill(driver, "#ghost-letter", letter)
    submit(driver, "#ghost-play")
    errors = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#ghost-error")]
    assert not errors, f"the letter {letter!r} was refused: {errors}"


def challenge(driver: WebDriver) -> None:
    submit(driver, "#ghost-challenge")
    assert "challenges" in board_text(driver, "#ghost-status"), board_text(driver, "#ghost-board")


def test_phone_hot_seat_game_to_the_end_with_challenges(phone, folio_url, artifacts):
    driver = phone
    me = new_username()
    register(driver, folio_url, me)
    visit(driver, folio_url, "/ghost")
    assert_fits_width(driver, PHONE["width"])
    # The setup page offers the logged-in player the first seat, counted for their scores.
    assert element(driver, "#name0").get_property("value") == me
    assert element(driver, "input[name='mine'][value='0']").is_selected()
    fill(driver, "#name1", "Robin")
    choose(driver, "#kind1", "person")
    submit(driver, "#hotseat-start")
    assert "/ghost/games/" in driver.current_url
    assert board_text(driver, "#ghost-status") == f"{me} to play."

    # Round 1: I open, Robin answers, I challenge, and Robin names a word: I lose the round.
    play_letter(driver, "d")
    play_letter(driver, "o")
    challenge(driver)
    fill(driver, "#ghost-word", "dogs")
    submit(driver, "#ghost-answer")
    first = board_text(driver, "#ghost-rounds .ghost-round")
    assert f"{me} challenged, but “dogs” is a word" in first, first
    assert board_text(driver, f"#ghost-players li[data-seat='0'] .ghost-letters") == "G"

    # A letter that starts no word is refused and the board says why.
    fill(driver, "#ghost-letter", "q")
    submit(driver, "#ghost-play")
    fill(driver, "#ghost-letter", "z")
    submit(driver, "#ghost-play")
    assert "is not a letter that can be added here" in board_text(driver, "#ghost-error")
    assert board_text(driver, "#ghost-fragment") == "q"

    # Round 2: I play on towards a four-letter word so that Robin has to finish it.
    stem, last = completing_line("q")
    for letter in stem[1:]:
        play_letter(driver, letter)
    assert board_text(driver, "#ghost-fragment") == stem
    play_letter(driver, last)
    assert f"Robin completed “{stem + last}”" in board_text(driver, "#ghost-rounds .ghost-round")

    # Robin (or I) then loses rounds by conceding challenges until Robin is out.
    rounds = 2
    while not driver.find_elements(By.CSS_SELECTOR, "#ghost-winner"):
        rounds += 1
        assert rounds < 14, "the game did not end"
        status = board_text(driver, "#ghost-status")
        starter_is_robin = status.startswith("Robin")
        play_letter(driver, "s")
        challenge(driver)
        if starter_is_robin:
            submit(driver, "#ghost-concede")
        else:
            # I name a word, so Robin's challenge fails and Robin takes the letter.
            fill(driver, "#ghost-word", "some")
            submit(driver, "#ghost-answer")
    winner = board_text(driver, "#ghost-winner")
    assert winner == f"{me} wins the game.", winner
    robin = board_text(driver, "#ghost-players li[data-seat='1'] .ghost-letters")
    assert robin == "GHOST", robin
    reviews = [norm(e.text) for e in driver.find_elements(By.CSS_SELECTOR, ".round-review")]
    assert len(reviews) == rounds and all(reviews), reviews
    assert any("position became lost" in r or "was lost from" in r for r in reviews), reviews
    element(driver, "#ghost-again-submit")
    screenshot(driver, artifacts, "ghost-game-phone")

    # Robin has no account, so this hot-seat game had one account in it: a win anyone could stage
    # by playing every seat, which the high scores do not count.
    visit(driver, folio_url, "/ghost/scores")
    assert not driver.find_elements(By.CSS_SELECTOR, "#high-scores tr.you")
    screenshot(driver, artifacts, "ghost-scores-phone")


def test_online_room_moves_show_up_live_in_the_other_browser(desktop, phone, folio_url, artifacts):
    host, guest = desktop, phone
    host_name, guest_name = new_username(), new_username()
    register(host, folio_url, host_name)
    register(guest, folio_url, guest_name)

    visit(host, folio_url, "/ghost")
    submit(host, "#room-open")
    room = host.current_url
    assert "Waiting for 1 more player" in board_text(host, "#ghost-waiting")
    link = eventually(host, lambda: element(host, "#ghost-link").get_property("value"),
                      lambda value: value.startswith("http"), "an absolute link to share")
    assert link == room

    guest.get(link)
    wait_ready(guest)
    submit(guest, "#ghost-join-submit")
    # The host's page fills the seat and starts the game without a reload.
    mark_page(host)
    eventually(host, lambda: board_text(host, "#ghost-status"), lambda s: s == f"{host_name} to play.",
               "the host's board to start the game")
    assert host.execute_script("return window.folioOldPage === true"), "the host's page reloaded"
    eventually(host, lambda: host.find_elements(By.CSS_SELECTOR, "#ghost-board[data-connected]"), bool, "the host's socket")
    eventually(guest, lambda: guest.find_elements(By.CSS_SELECTOR, "#ghost-board[data-connected]"), bool, "the guest's socket")
    assert board_text(guest, "#ghost-wait-turn") == f"Waiting for {host_name}."

    # The host's letter travels over the socket and appears on the guest's board.
    fill(host, "#ghost-letter", "w")
    click(host, "#ghost-play")
    eventually(guest, lambda: board_text(guest, "#ghost-fragment"), lambda f: f == "w", "the host's letter on the guest's board")
    eventually(host, lambda: board_text(host, "#ghost-fragment"), lambda f: f == "w", "the host's own board")
    assert host.execute_script("return window.folioOldPage === true"), "the host's move reloaded the page"

    # The guest answers; the host sees it, then challenges, and the guest names a word.
    fill(guest, "#ghost-letter", "a")
    click(guest, "#ghost-play")
    eventually(host, lambda: board_text(host, "#ghost-fragment"), lambda f: f == "wa", "the guest's letter on the host's board")
    click(host, "#ghost-challenge")
    eventually(guest, lambda: guest.find_elements(By.CSS_SELECTOR, "#ghost-word"), bool, "the challenge on the guest's board")
    fill(guest, "#ghost-word", "wash")
    click(guest, "#ghost-answer")
    summary = eventually(host, lambda: board_text(host, "#ghost-rounds .ghost-round"), lambda s: "“wash”" in s,
                         "the round's result on the host's board")
    assert f"{host_name} challenged" in summary
    assert board_text(guest, f"#ghost-players li[data-seat='0'] .ghost-letters") == "G"
    screenshot(host, artifacts, "ghost-room-desktop")
    screenshot(guest, artifacts, "ghost-room-phone")
