"""Ghost in Welsh in a real browser, at phone size: the on-screen keyboard is the Welsh alphabet,
where CH, DD, FF, NG, LL, PH, RH and TH are keys of their own and one letter each; a tap on LL adds
ll as one letter; and the answer to a challenge takes a word typed with a circumflex, read as the
plain letter.

The server plays with the headwords of Debian's dict-freedict-cym-eng at a minimum of three
letters; "llyn" (lake) is one of them.
"""

from __future__ import annotations

from pathlib import Path

from selenium.webdriver.common.by import By

from test_ghost import assert_phone_screen, board_text, challenge, fragment, play_letter
from test_monologues import choose, element, fill, submit, visit

WELSH = Path("/usr/share/dictd/freedict-cym-eng.index")
ALPHABET = ["a", "b", "c", "ch", "d", "dd", "e", "f", "ff", "g", "ng", "h", "i", "j", "l", "ll",
            "m", "n", "o", "p", "ph", "r", "rh", "s", "t", "th", "u", "w", "y"]


def test_phone_welsh_game_plays_digraphs_as_one_letter(phone, folio_url, artifacts):
    assert WELSH.exists(), f"{WELSH} is missing: scripts/setup.sh installs dict-freedict-cym-eng"
    driver = phone
    visit(driver, folio_url, "/ghost")
    choose(driver, "#hotseat-dictionary", "welsh")
    choose(driver, "#hotseat-length", "3")
    fill(driver, "#name0", "Ann")
    fill(driver, "#name1", "Robin")
    submit(driver, "#hotseat-start")
    assert "/ghost/games/" in driver.current_url
    assert board_text(driver, ".ghost-meta").startswith("Welsh · words of 3")
    keys = [k.text for k in driver.find_elements(By.CSS_SELECTOR, "#ghost-keys button")]
    assert keys == [letter.upper() for letter in ALPHABET], keys
    assert element(driver, "#ghost-letter").get_attribute("maxlength") == "2"
    assert_phone_screen(driver, artifacts, "welsh-game")

    # LL is one key and one letter; Robin challenges, and Ann finishes "llyn" typing "ŷn".
    play_letter(driver, "ll")
    assert fragment(driver) == "ll"
    moves = board_text(driver, "#ghost-moves")
    assert moves == "Ann: ll", moves
    challenge(driver)
    assert board_text(driver, ".ghost-word-prefix") == "ll"
    fill(driver, "#ghost-word", "ŷn")
    assert board_text(driver, "#ghost-answer") == "Answer “llŷn”"
    submit(driver, "#ghost-answer")
    assert board_text(driver, "#round-over-heading").lower() == "round 1 is over"
    assert "Robin challenged, but “llyn” is a word" in board_text(driver, "#ghost-round-summary")
