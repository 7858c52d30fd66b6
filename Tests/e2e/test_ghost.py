"""Ghost in a real browser, as a phone game: a hot-seat game played to the end on the on-screen
keyboard, with challenges answered after the fixed fragment and each round's end shown before the
next; a game against the computer and the high scores on a phone; a room's link copied, shared
and followed by a guest who registers on the way; the same game without scripts; and an online
room between a desktop and a phone, where each move and each round's end shows up live.

Every Ghost screen is photographed at phone size in the light and the dark theme
(ghost-<screen>-phone-<theme>.png in the artifacts folder).

The server plays with Debian's British English list at its default minimum of four letters; the
test reads the same list to choose its letters and words, so it holds whatever the list holds.
"""

from __future__ import annotations

import base64
from functools import lru_cache
from pathlib import Path

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

from conftest import CHROMEDRIVER, CHROMIUM, DESKTOP, PHONE, PHONE_USER_AGENT, _chrome
from test_monologues import (PASSWORD, assert_fits_width, choose, click, element, eventually, fill, mark_page, new_username,
                             norm, register, submit, visit, wait_ready)


WORDS = Path("/usr/share/dict/british-english")
MINIMUM = 4
ATTEMPTS = 5
TOUCH = 44  # px: the smallest control a finger should have to hit
PHOTO_HEIGHT = 2400  # px of page at most in a screenshot: the screen and what a short scroll shows


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


def word_after(fragment: str) -> str:
    """A counting word longer than `fragment` that starts with it."""
    for word in sorted(counting_words()):
        if len(word) > len(fragment) and word.startswith(fragment):
            return word
    raise AssertionError(f"no word starts with {fragment!r}")


# --- reading the board -------------------------------------------------------------------------

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


def fragment(driver: WebDriver) -> str:
    """The word so far as typed (the board shows it in capitals), without the new-round hint."""
    return driver.execute_script(
        "var f = document.getElementById('ghost-fragment'); if (!f) return null;"
        "return Array.from(f.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();")


def held(driver: WebDriver, css: str) -> str:
    """The letters of G-H-O-S-T held, as text ("GH"): each is drawn in a box of its own."""
    return driver.execute_script("var e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : null;", css)


def shown(driver: WebDriver, css: str) -> bool:
    return any(e.is_displayed() for e in driver.find_elements(By.CSS_SELECTOR, css))


# --- playing -------------------------------------------------------------------------------------

def tap_key(driver: WebDriver, letter: str) -> None:
    """Taps a key of the on-screen keyboard at a hot-seat game: the letter posts, a page comes back."""
    submit(driver, f"#ghost-keys button[value='{letter}']")


def play_letter(driver: WebDriver, letter: str) -> None:
    tap_key(driver, letter)
    errors = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#ghost-error")]
    assert not errors, f"the letter {letter!r} was refused: {errors}"


def challenge(driver: WebDriver) -> None:
    submit(driver, "#ghost-challenge")
    assert "challenges" in board_text(driver, "#ghost-status"), board_text(driver, "#ghost-board")


def type_answer(driver: WebDriver, rest: str) -> None:
    """Types the letters after the fragment on the answer's on-screen keys."""
    for letter in rest:
        click(driver, f"#ghost-answer-keys button[data-letter='{letter}']")


def answer(driver: WebDriver, rest: str) -> None:
    type_answer(driver, rest)
    submit(driver, "#ghost-answer")


def next_round(driver: WebDriver) -> None:
    submit(driver, "#ghost-next-round")
    assert not driver.find_elements(By.CSS_SELECTOR, "#ghost-round-over"), "the round's end is still shown"


# --- looking at the page -------------------------------------------------------------------------

def photograph(driver: WebDriver, artifacts: Path, name: str) -> None:
    """In the light and then the dark theme: the screen as it stands (<name>-<theme>.png), and the
    whole page up to PHOTO_HEIGHT without the fixed tab bar, which would otherwise stand in the
    middle of it (<name>-<theme>-page.png)."""
    for theme in ("light", "dark"):
        driver.execute_script("document.documentElement.setAttribute('data-theme', arguments[0])", theme)
        assert driver.save_screenshot(str(artifacts / f"{name}-{theme}.png"))
        driver.execute_script("document.getElementById('tabbar').style.display = 'none'")
        width = driver.execute_script("return window.innerWidth")
        height = min(PHOTO_HEIGHT, driver.execute_script("return document.documentElement.scrollHeight"))
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
        (artifacts / f"{name}-{theme}-page.png").write_bytes(base64.b64decode(shot["data"]))
        driver.execute_script("document.getElementById('tabbar').style.display = ''")
    driver.execute_script("document.documentElement.removeAttribute('data-theme')")


# Controls a finger presses, inside the page's main part (the tab bar is the layout's).
CONTROLS = ("main button, main a.button, main select, main input[type='text'], main summary, main .subnav a, "
            "main label.seat-mine, main .ghost-segmented label")


def small_targets(driver: WebDriver) -> list[str]:
    return driver.execute_script("""
        const small = [];
        for (const el of document.querySelectorAll(arguments[0])) {
          const box = el.getBoundingClientRect();
          if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
          if (box.width < arguments[1] - 0.5 || box.height < arguments[1] - 0.5)
            small.push(`${el.id || el.className || el.tagName} "${el.textContent.trim().slice(0, 20)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
        }
        return small;""", CONTROLS, TOUCH)


def cut_selects(driver: WebDriver) -> list[str]:
    """Selects whose longest choice does not fit in the box, measured in the select's own font."""
    return driver.execute_script("""
        const canvas = document.createElement('canvas').getContext('2d');
        const cut = [];
        for (const select of document.querySelectorAll('main select')) {
          if (!select.getBoundingClientRect().width) continue;
          const style = getComputedStyle(select);
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          for (const option of select.options) {
            const needed = canvas.measureText(option.text).width;
            if (needed > room + 0.5) cut.push(`${select.id}: "${option.text}" needs ${Math.ceil(needed)} px, has ${Math.floor(room)}`);
          }
        }
        return cut;""")


def unthemed(driver: WebDriver) -> list[str]:
    """Selects and buttons still drawn by the browser: its grey, or its own select box."""
    return driver.execute_script("""
        const probe = document.createElement('div');
        probe.style.cssText = '';
        document.querySelector('main').appendChild(probe);
        probe.className = 'card';
        const surface = getComputedStyle(probe).backgroundColor;
        probe.remove();
        const wrong = [];
        for (const el of document.querySelectorAll('main select, main button')) {
          if (!el.getBoundingClientRect().width) continue;
          const style = getComputedStyle(el);
          const grey = ['rgb(239, 239, 239)', 'rgb(240, 240, 240)', 'rgb(221, 221, 221)', 'rgb(59, 59, 59)'].includes(style.backgroundColor);
          if (grey) wrong.push(`${el.id || el.className}: browser grey ${style.backgroundColor}`);
          if (el.tagName === 'SELECT' && (style.appearance !== 'none' || style.backgroundColor !== surface))
            wrong.push(`${el.id}: appearance ${style.appearance}, background ${style.backgroundColor} not ${surface}`);
        }
        return wrong;""")


def low_contrast(driver: WebDriver) -> list[str]:
    """Text in the main part below WCAG AA against what it stands on (4.5:1, or 3:1 when large)."""
    return driver.execute_script("""
        function rgba(text) {
          const m = text.match(/[\\d.]+/g) || ['0', '0', '0', '0'];
          return m.map(Number).concat(m.length < 4 ? [1] : []).slice(0, 4);
        }
        function luminance([r, g, b]) {
          const c = [r, g, b].map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
          return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
        }
        function background(el) {
          for (let node = el; node; node = node.parentElement) {
            const bg = rgba(getComputedStyle(node).backgroundColor);
            if (bg[3] > 0.5) return bg;
          }
          return rgba(getComputedStyle(document.body).backgroundColor);
        }
        const low = [];
        const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
        const seen = new Set();
        while (walker.nextNode()) {
          const el = walker.currentNode.parentElement;
          if (!walker.currentNode.textContent.trim() || seen.has(el)) continue;
          seen.add(el);
          const box = el.getBoundingClientRect();
          if (!box.width || box.width <= 1) continue;
          const style = getComputedStyle(el);
          if (style.visibility === 'hidden' || parseFloat(style.opacity) < 1) continue;
          const fg = rgba(style.color), bg = background(el);
          const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
          const ratio = (l1 + 0.05) / (l2 + 0.05);
          const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight) >= 700;
          const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
          if (ratio < needed) low.push(`${el.id || el.className || el.tagName} "${el.textContent.trim().slice(0, 24)}" ${ratio.toFixed(2)}:1`);
        }
        return low;""")


def assert_phone_screen(driver: WebDriver, artifacts: Path, name: str) -> None:
    """A Ghost screen as a phone shows it: no sideways scrolling, targets a finger can hit, selects
    that show their whole choice, controls in the theme, text at AA contrast in both themes, and
    a photograph of each theme."""
    assert_fits_width(driver, PHONE["width"])
    assert not small_targets(driver), f"{name}: targets under {TOUCH} px: {small_targets(driver)}"
    assert not cut_selects(driver), f"{name}: {cut_selects(driver)}"
    assert not unthemed(driver), f"{name}: {unthemed(driver)}"
    for theme in ("light", "dark"):
        driver.execute_script("document.documentElement.setAttribute('data-theme', arguments[0])", theme)
        low = low_contrast(driver)
        assert not low, f"{name}, {theme} theme: below AA contrast: {low}"
    driver.execute_script("document.documentElement.removeAttribute('data-theme')")
    photograph(driver, artifacts, f"ghost-{name}-phone")


def log_out(driver: WebDriver, base: str) -> None:
    visit(driver, base, "/account")
    submit(driver, "#logout-submit")


# --- the tests -----------------------------------------------------------------------------------

def test_phone_hot_seat_game_to_the_end_with_challenges(phone, folio_url, artifacts):
    driver = phone
    me = new_username()
    register(driver, folio_url, me)
    visit(driver, folio_url, "/ghost")
    # One device means people passing it round: every seat starts as a person; the logged-in
    # player has the first, counted for their scores.
    assert element(driver, "#name0").get_property("value") == me
    assert element(driver, "input[name='mine'][value='0']").is_selected()
    assert element(driver, "#name1").get_property("value") == "Player 2"
    assert all(element(driver, f"#kind{i}").get_property("value") == "person" for i in range(4))
    assert_phone_screen(driver, artifacts, "setup")
    fill(driver, "#name1", "Robin")
    submit(driver, "#hotseat-start")
    assert "/ghost/games/" in driver.current_url
    assert board_text(driver, "#ghost-status") == f"{me} to play."
    # Twenty-six keys, A to Z; the typed-letter field is the keyboard's twin for pages without script.
    keys = [k.text for k in driver.find_elements(By.CSS_SELECTOR, "#ghost-keys button")]
    assert keys == [chr(c) for c in range(ord("A"), ord("Z") + 1)], keys
    assert not shown(driver, "#ghost-letter")
    assert_phone_screen(driver, artifacts, "game")

    # Round 1: I open, Robin answers, I challenge, and Robin names a word: I lose the round. The
    # round's first letter does not move the keyboard (the line of moves it starts moved it 18 px).
    keys_top = "return document.getElementById('ghost-keys').getBoundingClientRect().top + scrollY"
    keys_at = driver.execute_script(keys_top)
    play_letter(driver, "d")
    moved = driver.execute_script(keys_top) - keys_at
    assert abs(moved) <= 2, f"the first letter moved the keyboard {moved} px"
    play_letter(driver, "o")
    assert fragment(driver) == "do"
    challenge(driver)
    # On a touch screen the answer field waits for a tap: focused, it would open the phone's own
    # keyboard over the on-screen keys, which type into it anyway.
    assert driver.execute_script("return matchMedia('(pointer: coarse)').matches")
    assert driver.execute_script("return document.activeElement && document.activeElement.id") != "ghost-word"
    # The fragment stands fixed before an empty field: typing the word cannot produce "dogsdo".
    assert board_text(driver, ".ghost-word-prefix") == "do"
    assert element(driver, "#ghost-word").get_property("value") == ""
    # A slip is put right before it counts: nothing is sent until Answer is pressed.
    type_answer(driver, "x")
    assert board_text(driver, "#ghost-answer") == "Answer “dox”"
    click(driver, "#ghost-answer-keys button[data-delete]")
    assert board_text(driver, "#ghost-answer") == "Answer"
    type_answer(driver, "gs")
    assert board_text(driver, "#ghost-answer") == "Answer “dogs”"
    assert element(driver, "#ghost-word").get_property("value") == "gs"
    assert "challenges" in board_text(driver, "#ghost-status")
    assert_phone_screen(driver, artifacts, "answer")
    # A reload keeps the answer being typed, for this challenge.
    driver.refresh()
    wait_ready(driver)
    assert element(driver, "#ghost-word").get_property("value") == "gs"
    assert board_text(driver, "#ghost-answer") == "Answer “dogs”"
    submit(driver, "#ghost-answer")

    # The round's end: the word, who takes a letter, the review, and the way on.
    assert "over=1" in driver.current_url
    assert board_text(driver, "#round-over-heading").lower() == "round 1 is over"
    assert board_text(driver, "#ghost-round-word").lower() == "dogs"
    assert f"{me} challenged, but “dogs” is a word" in board_text(driver, "#ghost-round-summary")
    assert board_text(driver, "#ghost-round-loser .player-name") == me
    assert held(driver, "#ghost-round-loser .ghost-letters") == "G"
    assert board_text(driver, "#ghost-round-review")
    assert not driver.find_elements(By.CSS_SELECTOR, "#ghost-keys")
    # The round on screen is not listed again under it (it was the first of the rounds below).
    assert not driver.find_elements(By.CSS_SELECTOR, "#ghost-rounds .ghost-round"), board_text(driver, "#ghost-rounds")
    assert_phone_screen(driver, artifacts, "round-over")
    next_round(driver)
    assert held(driver, "#ghost-players li[data-seat='0'] .ghost-letters") == "G"
    first = board_text(driver, "#ghost-rounds .ghost-round")
    assert f"{me} challenged, but “dogs” is a word" in first, first

    # A key of a real keyboard (a phone's, or one plugged into it) presses the on-screen key.
    mark_page(driver)
    ActionChains(driver).send_keys("q").perform()
    wait_ready(driver, "the page after typing q")
    assert fragment(driver) == "q"

    # A letter that starts no word is refused and the board says why, in the status line: the
    # keyboard stays where the thumb is (a message above the board pushed it down about 250 px).
    # The refusal is drawn on this page (no reload that would send the letter again), at the
    # game's own address.
    keys_at = driver.execute_script("return document.getElementById('ghost-keys').getBoundingClientRect().top + scrollY")
    mark_page(driver)
    click(driver, "#ghost-keys button[value='z']")
    eventually(driver, lambda: [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#ghost-status #ghost-error")],
               lambda errors: len(errors) == 1 and "is not a letter that can be added here" in errors[0], "the refusal in the status line")
    assert driver.execute_script("return window.folioOldPage === true"), "a refused letter reloaded the page"
    assert "/move" not in driver.current_url, driver.current_url
    assert fragment(driver) == "q"
    driver.save_screenshot(str(artifacts / "ghost-refused-letter-phone.png"))
    moved = driver.execute_script("return document.getElementById('ghost-keys').getBoundingClientRect().top + scrollY") - keys_at
    assert abs(moved) <= 2, f"the keyboard moved {moved} px when a letter was refused"
    # A tap shows its letter on the board at once, before the server's answer comes.
    mark_page(driver)
    at_once = driver.execute_script("""
        document.querySelector("#ghost-keys button[value='u']").click();
        const f = document.getElementById('ghost-fragment');
        return Array.from(f.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();""")
    assert at_once == "qu", at_once
    wait_ready(driver, "the page after tapping u")
    assert fragment(driver) == "qu"

    # Round 2: I play on towards a four-letter word so that Robin has to finish it.
    stem, last = completing_line("qu")
    for letter in stem[2:]:
        play_letter(driver, letter)
    assert fragment(driver) == stem
    play_letter(driver, last)
    assert board_text(driver, "#ghost-round-word").lower() == stem + last
    assert f"Robin completed “{stem + last}”" in board_text(driver, "#ghost-round-summary")
    next_round(driver)

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
            answer(driver, "ome")
        assert board_text(driver, "#round-over-heading").lower() == f"round {rounds} is over"
        if driver.find_elements(By.CSS_SELECTOR, "#ghost-next-round"):
            next_round(driver)
    winner = board_text(driver, "#ghost-winner")
    assert winner == f"{me} wins the game.", winner
    robin = held(driver, "#ghost-players li[data-seat='1'] .ghost-letters")
    assert robin == "GHOST", robin
    assert board_text(driver, "#ghost-round-loser .ghost-out-badge") == "out"
    # The last round's review is on its card; the rounds before it are listed below.
    reviews = [norm(e.text) for e in driver.find_elements(By.CSS_SELECTOR, "#ghost-round-review, .round-review")]
    assert len(reviews) == rounds and all(reviews), reviews
    assert any(" would have won" in r or "was lost from" in r for r in reviews), reviews
    element(driver, "#ghost-again-submit")
    assert_phone_screen(driver, artifacts, "finished")

    # Every letter and every next round replaced the game's page in the history (after four
    # letters, Back took five presses to leave the game): one Back leaves it.
    driver.back()
    eventually(driver, lambda: driver.current_url.split("?")[0], lambda url: url.endswith("/ghost"), "one Back to leave the game")

    # Robin has no account, so this hot-seat game had one account in it: a win anyone could stage
    # by playing every seat, which the high scores do not count.
    visit(driver, folio_url, "/ghost/scores")
    assert not driver.find_elements(By.CSS_SELECTOR, "#high-scores tr.you")


def test_phone_game_against_the_computer_and_high_scores_that_fit(phone, folio_url, artifacts):
    driver = phone
    # The longest username there can be, so the table has to make room for it.
    me = (new_username() + "abcdefghijklmnopqrstuvwxyz")[:32]
    register(driver, folio_url, me)
    visit(driver, folio_url, "/ghost")
    click(driver, "label:has(#computer-hard)")
    assert element(driver, "#computer-hard").is_selected()
    click(driver, "label:has(#computer-easy)")
    submit(driver, "#computer-start")
    players = [board_text(driver, f"#ghost-players li[data-seat='{i}'] .player-name") for i in range(2)]
    assert players == [me, "Computer (easy)"], players

    # I open each round and challenge the computer's reply: it always has a word, so I lose
    # (and when it challenges me, I name one).
    for _ in range(40):
        if driver.find_elements(By.CSS_SELECTOR, "#ghost-winner"):
            break
        if driver.find_elements(By.CSS_SELECTOR, "#ghost-next-round"):
            next_round(driver)
        elif driver.find_elements(By.CSS_SELECTOR, "#ghost-answer-form"):
            so_far = fragment(driver)
            answer(driver, word_after(so_far)[len(so_far):])
        elif not fragment(driver):
            play_letter(driver, "s")
        else:
            # The computer names its word at once: the answer is the round's end.
            submit(driver, "#ghost-challenge")
            assert driver.find_elements(By.CSS_SELECTOR, "#ghost-round-over")
    assert driver.find_elements(By.CSS_SELECTOR, "#ghost-winner"), "the game against the computer did not end"

    visit(driver, folio_url, "/ghost/scores")
    mine = element(driver, "#high-scores tr.you")
    assert me in norm(mine.text)
    wrap = driver.execute_script("var w = document.querySelector('.table-wrap'); return [w.scrollWidth, w.clientWidth];")
    assert wrap[0] <= wrap[1], f"the table is {wrap[0]} px wide in {wrap[1]} px"
    assert_phone_screen(driver, artifacts, "scores")
    visit(driver, folio_url, "/ghost/help")
    assert_phone_screen(driver, artifacts, "help")


def test_phone_room_link_copied_shared_and_followed_by_a_guest_who_registers(phone, folio_url, artifacts):
    driver = phone
    host, guest = new_username(), new_username()
    register(driver, folio_url, host)
    visit(driver, folio_url, "/ghost")
    submit(driver, "#room-open")
    room = driver.current_url
    link = eventually(driver, lambda: element(driver, "#ghost-link").get_property("value"),
                      lambda value: value.startswith("http"), "an absolute link to share")
    assert link == room
    eventually(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#ghost-board[data-connected]"), bool, "the room's socket")

    # Copy writes the link to the clipboard; Share hands it to the phone's share sheet, and
    # copies it where there is none. Both are stood in for, to see what they were given.
    driver.execute_script("""
        window.copied = [];
        const clipboard = { writeText: text => { window.copied.push(text); return Promise.resolve(); } };
        Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
        navigator.share = data => { window.shared = data; return Promise.resolve(); };""")
    click(driver, "#ghost-copy")
    eventually(driver, lambda: board_text(driver, "#ghost-link-status"), lambda s: s.startswith("Link copied"), "the copy said")
    assert driver.execute_script("return window.copied") == [link]
    click(driver, "#ghost-share")
    eventually(driver, lambda: board_text(driver, "#ghost-link-status"), lambda s: s == "Link shared.", "the share said")
    shared = driver.execute_script("return window.shared")
    assert shared["url"] == link and shared["text"], shared
    driver.execute_script("navigator.share = undefined; document.getElementById('ghost-link-status').textContent = '';")
    click(driver, "#ghost-share")
    eventually(driver, lambda: board_text(driver, "#ghost-link-status"), lambda s: s.startswith("Link copied"), "the fallback copy")
    assert driver.execute_script("return window.copied") == [link, link]
    assert_phone_screen(driver, artifacts, "room")

    # A guest without an account follows the link: asked to log in or register, and registering
    # comes straight back to the room.
    log_out(driver, folio_url)
    visit(driver, folio_url, room.removeprefix(folio_url))
    assert "Log in or register to join." in board_text(driver, "#ghost-join-account")
    assert not driver.find_elements(By.CSS_SELECTOR, "#ghost-join-submit, #ghost-share, #ghost-link")
    assert_phone_screen(driver, artifacts, "invited")
    submit(driver, "#ghost-join-register")
    fill(driver, "#username", guest)
    fill(driver, "#password", PASSWORD)
    fill(driver, "#password-confirmation", PASSWORD)
    submit(driver, "#register-submit")
    assert driver.current_url == room, driver.current_url
    assert f"{host} has opened a room" in board_text(driver, "#ghost-waiting")
    submit(driver, "#ghost-join-submit")
    eventually(driver, lambda: board_text(driver, "#ghost-status"), lambda s: s == f"Waiting for {host} to play.", "the game to start")


@pytest.fixture
def phone_without_scripts():
    """The phone of conftest with the page's scripts switched off, as a browser setting (the
    driver's own scripts still run, so the helpers still can wait for pages)."""
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-proxy-server", "--no-first-run", "--lang=en-GB"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2,
                                              "credentials_enable_service": False,
                                              "profile.password_manager_enabled": False})
    # Without touch events: with them and no scripts, the driver's taps never come back.
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {**PHONE, "pixelRatio": 2.0, "touch": False, "mobile": True}, "userAgent": PHONE_USER_AGENT})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(10)
    yield driver
    driver.quit()


def test_phone_game_without_scripts(phone_without_scripts, folio_url):
    driver = phone_without_scripts
    visit(driver, folio_url, "/ghost")
    submit(driver, "#hotseat-start")
    assert not driver.execute_script("return document.documentElement.classList.contains('ghost-js')")
    # The keys are the form's buttons, so a tap posts the letter.
    play_letter(driver, "d")
    play_letter(driver, "o")
    challenge(driver)
    # Without the script there are no answer keys: the phone's own keyboard types the rest.
    assert not shown(driver, "#ghost-answer-keys")
    fill(driver, "#ghost-word", "gs")
    submit(driver, "#ghost-answer")
    assert board_text(driver, "#ghost-round-word").lower() == "dogs"
    next_round(driver)
    # The typed letter still posts as well.
    assert shown(driver, "#ghost-letter")
    fill(driver, "#ghost-letter", "c")
    submit(driver, "#ghost-play")
    assert fragment(driver) == "c"


def test_a_timed_room_starts_the_next_round_for_both_at_once(phone, folio_url, artifacts):
    """The next round's clock ran while the round's end was on screen: the friend who pressed
    "Next round" first had "6 s left", the host's own turn ran down unseen. Now the round's end
    says when the next begins, for everyone at once, and both boards move on by themselves."""
    host = phone
    guest = _chrome(mobile=True)
    try:
        host_name, guest_name = new_username(), new_username()
        register(host, folio_url, host_name)
        register(guest, folio_url, guest_name)
        visit(host, folio_url, "/ghost")
        choose(host, "#room-timer", "15")
        submit(host, "#room-open")
        guest.get(host.current_url)
        wait_ready(guest)
        submit(guest, "#ghost-join-submit")
        for driver in (host, guest):
            eventually(driver, lambda: driver.find_elements(By.CSS_SELECTOR, "#ghost-board[data-connected]"), bool, "the socket")
        eventually(host, lambda: board_text(host, "#ghost-status"), lambda s: s == "Your turn.", "the game to start")
        # d-o-o-r: the guest completes a word and loses the round.
        for driver, letter, fragment_after in ((host, "d", "d"), (guest, "o", "do"), (host, "o", "doo"), (guest, "r", None)):
            eventually(driver, lambda: driver.find_elements(By.CSS_SELECTOR, f"#ghost-keys button[value='{letter}']"), bool,
                       f"{letter!r} to be playable")
            click(driver, f"#ghost-keys button[value='{letter}']")
            if fragment_after:
                other = guest if driver is host else host
                eventually(other, lambda: fragment(other), lambda f: f == fragment_after, f"{fragment_after!r} on the other board")
        for driver in (host, guest):
            said = eventually(driver, lambda: board_text(driver, "#ghost-next-in"), lambda t: "starts in" in t,
                              "the round's end to say when the next begins")
            assert "for everyone at once" in said, said
        host.save_screenshot(str(artifacts / "ghost-timed-round-break-phone.png"))
        # Nobody presses anything: both boards move on, and the guest's clock runs from then.
        for driver in (host, guest):
            eventually(driver, lambda: (driver.find_elements(By.CSS_SELECTOR, "#ghost-round-over"), board_text(driver, "#ghost-timer")),
                       lambda seen: not seen[0] and "s left for this turn" in seen[1], "the next round on its own", timeout=20)
        left = int(board_text(guest, "#ghost-timer").split()[0])
        assert 10 <= left <= 15, f"the guest's clock began before the round: {left} s left"
        assert board_text(guest, "#ghost-status") == "Your turn."
        guest.save_screenshot(str(artifacts / "ghost-timed-next-round-phone.png"))
    finally:
        guest.quit()


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
    # Before joining, the guest is invited to the seat, not asked to share the room as its host is.
    assert f"{host_name} has opened a room" in board_text(guest, "#ghost-waiting")
    assert not guest.find_elements(By.CSS_SELECTOR, "#ghost-link, #ghost-share, #ghost-copy")
    assert "Waiting for" not in board_text(guest, "#ghost-waiting")
    submit(guest, "#ghost-join-submit")
    # The host's page fills the seat and starts the game without a reload.
    mark_page(host)
    # Whose turn it is is said once: to the host, it is theirs; the guest waits for the host.
    eventually(host, lambda: board_text(host, "#ghost-status"), lambda s: s == "Your turn.",
               "the host's board to start the game")
    assert host.execute_script("return window.folioOldPage === true"), "the host's page reloaded"
    eventually(host, lambda: host.find_elements(By.CSS_SELECTOR, "#ghost-board[data-connected]"), bool, "the host's socket")
    eventually(guest, lambda: guest.find_elements(By.CSS_SELECTOR, "#ghost-board[data-connected]"), bool, "the guest's socket")
    assert board_text(guest, "#ghost-status") == f"Waiting for {host_name} to play."
    assert not guest.find_elements(By.CSS_SELECTOR, "#ghost-wait-turn")
    assert_fits_width(host, DESKTOP["width"])

    # The host types on the real keyboard; the letter travels over the socket to the guest.
    ActionChains(host).send_keys("w").perform()
    eventually(guest, lambda: fragment(guest), lambda f: f == "w", "the host's letter on the guest's board")
    eventually(host, lambda: fragment(host), lambda f: f == "w", "the host's own board")
    assert host.execute_script("return window.folioOldPage === true"), "the host's move reloaded the page"

    # A letter the rules refuse comes back over the socket: the board as it was, and why, in the
    # status line, with the keyboard where it was.
    mark_page(guest)
    keys_at = guest.execute_script("return document.getElementById('ghost-keys').getBoundingClientRect().top + scrollY")
    click(guest, "#ghost-keys button[value='q']")
    eventually(guest, lambda: [e.text for e in guest.find_elements(By.CSS_SELECTOR, "#ghost-status #ghost-error")],
               lambda errors: len(errors) == 1 and "is not a letter that can be added here" in errors[0], "the refusal in the status line")
    assert fragment(guest) == "w"
    moved = guest.execute_script("return document.getElementById('ghost-keys').getBoundingClientRect().top + scrollY") - keys_at
    assert abs(moved) <= 2, f"the keyboard moved {moved} px when a letter was refused"
    guest.save_screenshot(str(artifacts / "ghost-room-refused-letter-phone.png"))

    # The guest taps a key; the host sees it, then challenges, and the guest names a word.
    click(guest, "#ghost-keys button[value='a']")
    eventually(host, lambda: fragment(host), lambda f: f == "wa", "the guest's letter on the host's board")
    click(host, "#ghost-challenge")
    eventually(guest, lambda: guest.find_elements(By.CSS_SELECTOR, "#ghost-word"), bool, "the challenge on the guest's board")
    # Each phone speaks to its own player: the guest is challenged, the host waits for the answer.
    assert board_text(guest, "#ghost-status") == f"{host_name} challenges you: name a word that starts with “wa”."
    assert board_text(guest, "label[for='ghost-word']") == "Finish your word"
    eventually(host, lambda: board_text(host, "#ghost-status"),
               lambda s: s == f"Waiting for {guest_name} to name a word that starts with “wa”.", "the host to wait for the answer")
    type_answer(guest, "sh")
    assert board_text(guest, "#ghost-answer") == "Answer “wash”"
    click(guest, "#ghost-answer")

    # Both boards show the round's end in place: the word, and the host taking a letter.
    for driver in (host, guest):
        eventually(driver, lambda: board_text(driver, "#ghost-round-word").lower(), lambda w: w == "wash",
                   "the round's end on both boards")
    # Each phone speaks to its own player: the host reads "you", the guest reads the host's name.
    assert board_text(host, "#ghost-round-summary").startswith("You challenged, but “wash” is a word; you take a letter")
    assert board_text(guest, "#ghost-round-summary").startswith(f"{host_name} challenged, but “wash” is a word; {host_name} takes a letter")
    assert board_text(guest, "#ghost-round-loser .player-name") == host_name
    assert guest.execute_script("return window.folioOldPage === true"), "the guest's page reloaded"
    host.save_screenshot(str(artifacts / "ghost-room-round-over-desktop.png"))

    # The host (who lost, so starts) moves on and plays; the guest's board keeps the round's
    # end on screen until the guest moves on too.
    click(host, "#ghost-next-round")
    eventually(host, lambda: host.find_elements(By.CSS_SELECTOR, "#ghost-keys"), bool, "the next round on the host's board")
    ActionChains(host).send_keys("b").perform()
    eventually(host, lambda: fragment(host), lambda f: f == "b", "the host's first letter of round 2")
    assert board_text(guest, "#ghost-round-word").lower() == "wash"
    click(guest, "#ghost-next-round")
    eventually(guest, lambda: fragment(guest), lambda f: f == "b", "round 2 on the guest's board")
    assert held(guest, f"#ghost-players li[data-seat='0'] .ghost-letters") == "G"
    assert host.execute_script("return window.folioOldPage === true"), "the host's page reloaded"
    host.save_screenshot(str(artifacts / "ghost-room-desktop.png"))
    guest.save_screenshot(str(artifacts / "ghost-room-guest-phone.png"))
