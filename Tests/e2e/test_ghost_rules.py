"""Ghost's options in a real browser at phone size: a classic-rules game in which a bluff is
played and challenged and a completed word is called, and a Superghost game with a letter added
at the start and a challenge answered with a whole word. The daily puzzle is answered too.

Every new screen is photographed at phone size in the light and the dark theme, and held to the
same bars as the other Ghost screens (fits the width, targets a finger can hit, AA contrast).
The server plays with Debian's British English list at its default minimum of four letters.
"""

from __future__ import annotations

from selenium.webdriver.common.by import By

from test_ghost import (assert_phone_screen, board_text, challenge, counting_words, fragment, held, next_round, play_letter,
                        type_answer)
from test_monologues import choose, click, element, fill, new_username, register, submit, visit


def infix_word(piece: str) -> str:
    """A counting word with `piece` inside it, longer than it."""
    for word in sorted(counting_words(), key=lambda w: (len(w), w)):
        if piece in word and len(word) > len(piece):
            return word
    raise AssertionError(f"no word has {piece!r} in it")


def start_hot_seat(driver, folio_url: str, me: str, *, variant: str = "ghost", challenges: str = "forgiving") -> None:
    visit(driver, folio_url, "/ghost")
    fill(driver, "#name1", "Robin")
    choose(driver, "#hotseat-variant", variant)
    choose(driver, "#hotseat-challenges", challenges)
    submit(driver, "#hotseat-start")
    assert "/ghost/games/" in driver.current_url
    assert board_text(driver, "#ghost-status") == f"{me} to play."


def test_phone_classic_game_with_a_bluff_that_gets_challenged(phone, folio_url, artifacts):
    driver = phone
    me = new_username()
    register(driver, folio_url, me)
    start_hot_seat(driver, folio_url, me, challenges="classic")
    assert "classic rules" in board_text(driver, ".ghost-meta")

    # Round 1: I play "d"; Robin bluffs with "x" (no word starts with "dx"), which classic rules allow.
    assert not any(w.startswith("dx") for w in counting_words())
    play_letter(driver, "d")
    play_letter(driver, "x")
    assert fragment(driver) == "dx"
    assert "that is a word, or a bluff" in board_text(driver, "#ghost-challenge")
    assert_phone_screen(driver, artifacts, "classic-bluff")
    # I challenge; Robin has no word to name, and concedes.
    challenge(driver)
    submit(driver, "#ghost-concede")
    assert board_text(driver, "#round-over-heading").lower() == "round 1 is over"
    assert "Robin could not answer" in board_text(driver, "#ghost-round-summary")
    assert "there is none, so the challenge was right" in board_text(driver, "#ghost-round-review")
    assert held(driver, "#ghost-round-loser .ghost-letters") == "G"
    next_round(driver)

    # Round 2, Robin first: d, o, o, and I complete "door". Classic rules let it stand until
    # Robin calls it.
    for letter in "door":
        play_letter(driver, letter)
    assert fragment(driver) == "door"
    challenge_button = element(driver, "#ghost-challenge")
    assert challenge_button.is_displayed()
    submit(driver, "#ghost-challenge")
    assert board_text(driver, "#round-over-heading").lower() == "round 2 is over"
    assert f"Robin called “door”, a word: {me} completed it" in board_text(driver, "#ghost-round-summary")
    assert_phone_screen(driver, artifacts, "classic-called")


def test_phone_superghost_game_with_letters_at_both_ends(phone, folio_url, artifacts):
    driver = phone
    me = new_username()
    register(driver, folio_url, me)
    start_hot_seat(driver, folio_url, me, variant="superghost")
    assert "Superghost" in board_text(driver, ".ghost-meta")
    # The first letter has no end to choose.
    assert not driver.find_elements(By.CSS_SELECTOR, "#ghost-side")
    play_letter(driver, "r")
    # Robin puts "o" at the start: "or".
    click(driver, "label:has(#ghost-side-start)")
    assert element(driver, "#ghost-side-start").is_selected()
    assert_phone_screen(driver, artifacts, "superghost")
    play_letter(driver, "o")
    assert fragment(driver) == "or"
    assert "at the start" in board_text(driver, "#ghost-moves")
    # I challenge; Robin names a whole word with "or" in it on the answer keys.
    challenge(driver)
    assert "has “or” in it" in board_text(driver, "#ghost-status")
    word = infix_word("or")
    type_answer(driver, word)
    assert board_text(driver, "#ghost-answer") == f"Answer “{word}”"
    assert_phone_screen(driver, artifacts, "superghost-answer")
    submit(driver, "#ghost-answer")
    assert f"{me} challenged, but “{word}” is a word" in board_text(driver, "#ghost-round-summary")


def test_phone_daily_puzzle(phone, folio_url, artifacts):
    driver = phone
    register(driver, folio_url, new_username())
    visit(driver, folio_url, "/ghost/daily")
    shown = board_text(driver, "#daily-fragment")
    assert shown
    keys = driver.find_elements(By.CSS_SELECTOR, "#daily-form button")
    assert len(keys) >= 4
    assert_phone_screen(driver, artifacts, "daily")
    submit(driver, "#daily-form button")
    verdict = board_text(driver, "#daily-verdict")
    assert "the only winning letter" in verdict, verdict
    assert "Your streak:" in board_text(driver, "#daily-streak")
    assert_phone_screen(driver, artifacts, "daily-answered")
