"""Ghost without a connection, at phone size (390×844, touch), with the service worker itself
taken offline: after one visit online to Ghost's page, a game against the hard computer in
English, started online (the dictionary downloaded once) and played to its end offline, with a
reload in the middle; a Welsh dictionary never chosen says it needs the connection once; then,
downloaded, a hot-seat game in Welsh under classic rules offline — two-character letters on the
keyboard, a letter that runs into another refused, a bluff challenged and a challenge answered.
Another account's English hot-seat game, played to its end offline, waits for nothing and counts
for nobody, even sent by hand; then its Welsh game against the hard computer, the dictionary
downloaded online and the game played to its end offline, counts for its scores once it is back
online, and once only, however often it is sent.
The browser's referee and computers are held to the server's by
Tests/GhostTests/BrowserGhostTests.swift; here a person plays them.
"""

from __future__ import annotations

import re

import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from test_everywhere import go_offline, go_online, open_offline, sign_up, wait_until_kept
from test_monologues import assert_fits_width, click, element, eventually, fill, visit
from test_vocabulary_offline import fetch, shown
from test_ghost import counting_words


def status(driver: WebDriver) -> str:
    return element(driver, "#ghost-status").text


def fragment(driver: WebDriver) -> str:
    return driver.execute_script("return document.getElementById('ghost-fragment').firstChild?.nodeType === 3 ? document.getElementById('ghost-fragment').firstChild.textContent : ''")


def keys(driver: WebDriver) -> list[str]:
    return [key.get_attribute("value") for key in driver.find_elements(By.CSS_SELECTOR, "#ghost-keys .ghost-key")]


# What the board waits for, once it does: the game over, the next round, a person's answer to a
# challenge or a person's letter (and whether they may challenge instead); null after two seconds
# of a computer thinking, to be asked again. The keys, the challenge and Next round take no tap in
# their first 400 ms (double taps): an observer of the board's changes says when it has been still
# for long enough. Conceding takes a tap at once. Given a letter, it also brings on screen the
# control that a person who loses each round as soon as they can taps: Next round, Concede, the
# challenge when it is offered, else that letter's key.
AWAITED = """
const done = arguments[arguments.length - 1];
const letter = arguments.length > 1 ? arguments[0] : null;
const root = document.getElementById('ghost-offline');
if (!window.folioBoardChanged) {
  window.folioBoardChanged = performance.now();
  new MutationObserver(() => { window.folioBoardChanged = performance.now(); })
    .observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
}
const visible = (css) => { const found = document.querySelector(css); return found && found.checkVisibility() ? found : null; };
const asked = performance.now();
(function look() {
  const step = visible('#ghost-offline-over') ? 'over' : visible('#ghost-offline-next') ? 'next' : visible('#ghost-answer-form') ? 'answer'
    : document.querySelector('#ghost-keys:not([hidden]) .ghost-key:not([disabled])') ? 'letter' : null;
  const still = performance.now() - window.folioBoardChanged;
  const wait = !step ? 50 : step === 'over' || step === 'answer' ? 0 : 420 - still;
  if (wait > 0 && performance.now() - asked < 2000) return setTimeout(look, wait);
  const challenge = visible('#ghost-challenge');
  const target = wait > 0 || letter === null ? null : step === 'next' ? visible('#ghost-next-round') : step === 'answer' ? visible('#ghost-concede')
    : step === 'letter' ? challenge || document.querySelector(`#ghost-keys .ghost-key[value="${letter}"]`) : null;
  if (target) target.scrollIntoView({block: 'center'});
  done({step: wait > 0 ? null : step, challenge: !!challenge, target});
})();
"""


def wait_for_person(driver: WebDriver, letter: str | None = None) -> dict:
    """Until a person is to act, a round is over or the game is, and a tap would be taken.
    Returns what the board waits for (AWAITED)."""
    return eventually(driver, lambda: driver.execute_async_script(AWAITED, *([letter] if letter else [])),
                      lambda seen: seen["step"], "a person's turn")


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


def open_on_device(driver: WebDriver, base: str) -> str:
    """A new account's first visit to Ghost, online, which keeps "Play on this device" for
    without a connection; then that page. Returns the account's name."""
    username = sign_up(driver, base)
    visit(driver, base, "/ghost")
    assert element(driver, "#ghost-on-device-link").get_attribute("href").endswith("/ghost/offline")
    wait_until_kept(driver, "/ghost/offline")
    visit(driver, base, "/ghost/offline")
    return username


def resume_offline(driver: WebDriver, base: str, path: str = "/ghost") -> None:
    """The page at `path` opened without a connection, and the game in play back where it was."""
    open_offline(driver, base, path)
    eventually(driver, lambda: shown(driver, "#ghost-offline-game"), bool, f"the game after a reload offline at {path}")


def lose_each_round(driver: WebDriver, letter: str) -> None:
    """Plays the game to its end with the first seat, a person, losing each round as soon as the
    rules let it: it opens with `letter`, which is challenged (by the person after it, or by a
    computer when no word starts with it), concedes, and as the round's loser opens the next."""
    for _ in range(40):
        awaited = wait_for_person(driver, letter)
        if awaited["step"] == "over":
            return
        assert awaited["target"], awaited
        awaited["target"].click()
    raise AssertionError(f"the game never ended: {rounds(driver)}")


def rounds(driver: WebDriver) -> list[str]:
    """The finished rounds' summaries, the first first."""
    return driver.execute_script("return [...document.querySelectorAll('#ghost-rounds li')].map((item) => item.textContent.trim()).reverse()")


def dictionaries_kept(driver: WebDriver) -> list[str]:
    """The dictionaries the page keeps on the device, as the paths they came from."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        caches.open('folio-ghost-words-1').then((c) => c.keys()).then((k) => done(k.map((r) => new URL(r.url).pathname)));""")


def kept_on_device(driver: WebDriver) -> dict:
    """What the device keeps of Ghost for the account signed in (public/ghost-offline-data.js)."""
    return driver.execute_script("""
        const account = document.getElementById('ghost-offline').dataset.account || 'visitor';
        return JSON.parse(localStorage.getItem('folio-ghost-device:' + account) || '{}');""")


def send(driver: WebDriver, games: list[dict]) -> list[dict]:
    """Games sent to count as the page sends them; the server's answer for each."""
    root = element(driver, "#ghost-offline")
    status_code, body = fetch(driver, "POST", root.get_attribute("data-sync"),
                              {"account": root.get_attribute("data-account"), "games": games})
    assert status_code == 200, body
    return body["results"]


def as_sent(game: dict) -> dict:
    """A game kept on the device as the page would send it to count, under an id of its own."""
    setup = game["setup"]
    return {"id": uuid.uuid4().hex, "dictionary": setup["dictionary"], "minLength": setup["minimumLength"],
            "challenges": setup["challenges"], "seats": setup["seats"], "ownSeat": 0, "firstPlayer": setup["firstPlayer"],
            "actions": [{"type": "concede"} if action == {"type": "answer", "word": None} else action for action in game["actions"]],
            "startedAt": game["startedAt"]}


def high_scores(driver: WebDriver, username: str, dictionary: str) -> list[dict]:
    """The account's row of the dictionary's high scores, when it has one."""
    status_code, scores = fetch(driver, "GET", f"/api/v1/ghost/highscores?dictionary={dictionary}&limit=100", None)
    assert status_code == 200, scores
    return [row for row in scores["items"] if row["username"] == username]


def games_kept(driver: WebDriver) -> int:
    """How many games the server keeps for the account signed in."""
    status_code, games = fetch(driver, "GET", "/api/v1/ghost/games", None)
    assert status_code == 200, games
    return games["total"]


def test_ghost_against_the_hard_computer_and_in_welsh_offline(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    username = open_on_device(driver, base)

    # Online, the game starts and the English dictionary comes down once.
    start(driver, [("Me", "person"), ("Computer", "hard")], "english", 4, "forgiving")
    eventually(driver, lambda: shown(driver, "#ghost-offline-game"), bool, "the game")
    kept = dictionaries_kept(driver)
    assert kept == ["/api/v1/ghost/words/english"], kept
    assert len(keys(driver)) == 26

    sessions = go_offline(driver)
    try:
        # Offline, Ghost's page is the one that plays on the device, and the game goes on where it was.
        resume_offline(driver, base)
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
                # Me, the one person at the table, is spoken to; the computer is named.
                assert re.search(r"\b(take a letter|takes a letter|is out\.|are out\.)", summary), summary
                assert "Me " not in summary and "Me’s" not in summary, summary
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
                resume_offline(driver, base, "/ghost/games/anything")
                reloaded = True
        else:
            raise AssertionError("the game never ended")
        winner = element(driver, "#ghost-winner").text
        assert winner.startswith("You win the game.") or winner.startswith("Computer wins the game."), winner
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
    mine = high_scores(driver, username, "english")
    assert len(mine) == 1 and mine[0]["games"] == 1, mine
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
        wait_for_person(driver)
        tap(driver, "l")
        eventually(driver, lambda: status(driver), lambda text: text.startswith("Ben to play"), "Ben's turn")
        wait_for_person(driver)
        tap(driver, "l")
        eventually(driver, lambda: status(driver), lambda text: "would read as" in text, "letters running together refused")
        # Classic rules: Ben bluffs with a letter no word follows; Ann challenges; Ben concedes.
        tap(driver, "j")
        eventually(driver, lambda: status(driver), lambda text: text.startswith("Ann to play"), "Ann's turn")
        wait_for_person(driver)
        click(driver, "#ghost-challenge")
        eventually(driver, lambda: shown(driver, "#ghost-answer-form"), bool, "Ben asked to name a word")
        click(driver, "#ghost-concede")
        eventually(driver, lambda: shown(driver, "#ghost-offline-next"), bool, "the round over")
        assert "Ben could not answer Ann’s challenge" in element(driver, "#ghost-round-summary").text
        driver.save_screenshot(str(artifacts / "ghost-offline-welsh.png"))
    finally:
        go_online(driver, sessions)


def test_hot_seat_in_english_counts_for_nobody_and_welsh_against_the_hard_computer_once(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    username = open_on_device(driver, base)
    start(driver, [("Ann", "person"), ("Ben", "person")], "english", 3, "forgiving")
    eventually(driver, lambda: shown(driver, "#ghost-offline-game"), bool, "the hot-seat game")
    sessions = go_offline(driver)
    try:
        resume_offline(driver, base)
        # Ann opens each round with c, Ben challenges it and Ann concedes: five rounds, and Ben wins.
        lose_each_round(driver, "c")
        played = rounds(driver)
        assert len(played) == 5 and all(r.startswith("Ann could not answer Ben’s challenge at “c”") for r in played), played
        # A game between people is nobody's to count: it waits for nothing and says nothing of scores.
        assert element(driver, "#ghost-winner").text == "Ben wins the game."
        assert element(driver, "#ghost-offline-status").text == "Offline: playing on this device."
        assert kept_on_device(driver)["queue"] == []
        driver.save_screenshot(str(artifacts / "ghost-offline-hot-seat.png"))
    finally:
        go_online(driver, sessions)

    # Back online there is nothing to send, and the page says nothing of it.
    eventually(driver, lambda: shown(driver, "#ghost-offline-status"), lambda seen: not seen, "the offline status gone")
    assert element(driver, "#ghost-winner").text == "Ben wins the game."
    kept = kept_on_device(driver)
    assert kept["queue"] == [] and kept["lastSync"] is None, kept
    # Sent all the same, the server counts it for nobody.
    answer = send(driver, [as_sent(kept["game"])])
    assert [(a["outcome"], a["reason"]) for a in answer] == [("notCounted", "notAgainstTheComputer")], answer
    assert high_scores(driver, username, "english") == [] and games_kept(driver) == 0

    # Online, the Welsh dictionary comes down once, as the game against the computer starts.
    click(driver, "#ghost-new")
    eventually(driver, lambda: shown(driver, "#ghost-offline-setup"), bool, "the setup")
    start(driver, [("Me", "person"), ("Computer", "hard")], "welsh", 3, "classic")
    eventually(driver, lambda: shown(driver, "#ghost-offline-game"), bool, "the game against the computer")
    assert sorted(dictionaries_kept(driver)) == ["/api/v1/ghost/words/english", "/api/v1/ghost/words/welsh"]
    sessions = go_offline(driver)
    try:
        resume_offline(driver, base)
        # No Welsh word starts with ng: the computer challenges it each round, and Me concedes.
        lose_each_round(driver, "ng")
        played = rounds(driver)
        assert len(played) == 5 and all(r.startswith("You could not answer Computer’s challenge at “ng” and take ") for r in played), played
        winner = element(driver, "#ghost-winner").text
        assert winner == "Computer wins the game. It counts for your high scores once it reaches the server.", winner
        assert "1 game against the computer waits to count" in element(driver, "#ghost-offline-status").text
        queued = kept_on_device(driver)["queue"]
        assert len(queued) == 1 and queued[0]["dictionary"] == "welsh", queued
        driver.save_screenshot(str(artifacts / "ghost-offline-welsh-computer.png"))
    finally:
        go_online(driver, sessions)

    # Back online, the game is sent, replayed by the server and counted; the hot-seat game still not.
    counted = "Your game against the computer counts for your high scores."
    eventually(driver, lambda: element(driver, "#ghost-offline-status").text, lambda text: counted in text, "the game counted")
    assert element(driver, "#ghost-winner").text.endswith("It counts for your high scores.")
    mine = high_scores(driver, username, "welsh")
    assert len(mine) == 1 and (mine[0]["games"], mine[0]["losses"], mine[0]["roundsLost"]) == (1, 1, 5), mine
    assert high_scores(driver, username, "english") == []
    # A reload sends nothing again; the same game sent again, under its id or another (a second
    # tab's), is the one already counted.
    visit(driver, base, "/ghost/offline")
    eventually(driver, lambda: element(driver, "#ghost-offline-status").text, lambda text: counted in text, "the game counted after a reload")
    assert kept_on_device(driver)["queue"] == []
    answer = send(driver, [queued[0], {**queued[0], "id": uuid.uuid4().hex}])
    assert [a["outcome"] for a in answer] == ["alreadyCounted", "alreadyCounted"], answer
    assert len({a["game"] for a in answer}) == 1, answer
    mine = high_scores(driver, username, "welsh")
    assert len(mine) == 1 and mine[0]["games"] == 1, mine
    assert games_kept(driver) == 1
