"""Vocabulary revision without a connection, at phone size (390×844, touch), with the service
worker itself taken offline: after one visit online to the Revision page, which takes the day's
twenty new cards each way to the device, a session of ten of them is revised in airplane mode —
right, almost and wrong answers, a card rated Again coming back twice, an undo, a reload in the
middle — with every rating kept on the device. Back online, the reviews are sent once: the
server's cards equal the device's (both scheduled by the same rules, held together by
Tests/VocabularyTests/BrowserRuleTests.swift), a batch sent again changes nothing, and the page
says everything is synced.
"""

from __future__ import annotations

import time
import unicodedata

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from test_everywhere import go_offline, go_online, open_offline, sign_up, wait_until_kept
from test_monologues import choose, click, element, eventually, fill, visit

# English → Welsh; twenty-two pairs, so that the day's twenty new cards are fewer than the pairs.
# New cards come in the order of their English: the first ten (bread … house) are the session's,
# whose answers (see answer_card) are right, almost (tŷ) and wrong, one card wrong twice. Ten
# make each of those points: a session of twenty took the test 39 s, ten take 26 s.
SESSION = 10
NOTED = ("bread", "A loaf, or bread in general.")
PAIRS = [("man", "gŵr"), ("water", "dŵr"), ("house", "tŷ"), ("cat", "cath"), ("dog", "ci"), ("bread", "bara"), ("tea", "te"),
         ("milk", "llaeth"), ("cheese", "caws"), ("window", "ffenestr"), ("library", "llyfrgell"), ("sister", "chwaer"),
         ("father", "tad"), ("bridge", "pont"), ("garden", "gardd"), ("tree", "coeden"), ("school", "ysgol"), ("rain", "glaw"),
         ("hand", "llaw"), ("rose", "rhosyn"), ("name", "enw"), ("brother", "brawd")]
WELSH = dict(PAIRS)


def fetch(driver: WebDriver, method: str, path: str, body=None):
    """The page's own fetch, with its session and CSRF token: (status, JSON)."""
    return driver.execute_async_script("""
        const [method, path, body, done] = arguments;
        const token = (document.querySelector('meta[name="csrf-token"]') || {}).content || '';
        fetch(path, {method, credentials: 'same-origin', headers: {'Content-Type': 'application/json', 'X-CSRF-Token': token},
                     body: body === null ? undefined : JSON.stringify(body)})
          .then(async (r) => done([r.status, await r.json().catch(() => null)])).catch((e) => done([0, String(e)]));
    """, method, path, body)


def kept_state(driver: WebDriver) -> dict:
    return driver.execute_script("""
        for (let i = 0; i < localStorage.length; i++) {
          const key = localStorage.key(i);
          if (key.startsWith('folio-offline-revision:')) return JSON.parse(localStorage.getItem(key));
        }
        return null;""")


def status_text(driver: WebDriver) -> str:
    return element(driver, "#sync-status").text


def shown(driver: WebDriver, css: str) -> bool:
    found = driver.find_elements(By.CSS_SELECTOR, css)
    return bool(found) and found[0].is_displayed()


def without_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def rate_proposed(driver: WebDriver) -> str:
    """Taps the rating the check proposes; returns its name. A rating takes no tap in its first
    400 ms on screen (against double taps), so a tap made sooner is made again until the answer
    makes way for the next card."""
    button = element(driver, "#offline-ratings .proposed")
    name = button.find_element(By.CSS_SELECTOR, ".rating-name").text

    def tapped() -> bool:
        if not shown(driver, "#offline-result"):
            return True
        button.click()
        return False

    eventually(driver, tapped, bool, f"{name} to be taken")
    return name


def answer_card(driver: WebDriver, number: int) -> tuple[str, str]:
    """Answers the card on screen: wrong every fifth, else almost where a word can be (no accents,
    or a letter left out of a long one), else right. Returns (the prompt, the verdict shown)."""
    eventually(driver, lambda: shown(driver, "#offline-card"), bool, "a card to answer")
    prompt = element(driver, "#offline-prompt").text
    welsh = WELSH[prompt]
    if number % 5 == 4:
        typed = "anghywir"
    elif without_accents(welsh) != welsh:
        typed = without_accents(welsh)
    elif len(welsh) >= 6:
        typed = welsh[:3] + welsh[4:]  # a letter left out of a long word: a typo
    else:
        typed = welsh
    fill(driver, "#answer", typed)
    click(driver, "#offline-check")
    eventually(driver, lambda: shown(driver, "#offline-result"), bool, "the checked answer")
    return prompt, element(driver, "#offline-verdict").text


def test_a_session_revised_offline_reaches_the_account_once(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    sign_up(driver, base)
    for english, welsh in PAIRS:
        note = NOTED[1] if english == NOTED[0] else ""
        status, body = fetch(driver, "POST", "/api/v1/vocab/pairs", {"english": english, "welsh": welsh, "note": note, "type": "", "tags": ["Offline"]})
        assert status == 200, (status, body)

    # One visit online: the Revision page takes today's cards and has the worker keep the page
    # that revises them.
    visit(driver, base, "/vocab/revise")
    eventually(driver, lambda: element(driver, "#offline-take-status").text, lambda text: "40 cards are kept on this device" in text,
               "today's cards to be taken to the device")
    wait_until_kept(driver, "/vocab/revise/offline")

    sessions = go_offline(driver)
    verdicts: list[str] = []
    try:
        # The offline page leads to revision, kept now, and names rehearsal, never opened, as not kept.
        open_offline(driver, base, "/ghost/scores")
        element(driver, "#offline-page")
        revise_link = eventually(driver, lambda: [a.get_attribute("href") for a in driver.find_elements(By.LINK_TEXT, "Vocabulary revision")],
                                 bool, "the offline page to link to revision")
        assert revise_link[0].endswith("/vocab/revise/offline"), revise_link
        eventually(driver, lambda: [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#offline-page .not-kept")],
                   lambda names: "Rehearsing a favourite" in names and "Vocabulary revision" not in names, "rehearsal to be named as not kept")
        # Airplane mode: the Revision page is answered with the one that revises from the device.
        open_offline(driver, base, "/vocab/revise")
        element(driver, "#offline-revision")
        eventually(driver, lambda: status_text(driver), lambda text: text.startswith("Offline"), "the page to say it is offline")
        eventually(driver, lambda: element(driver, "#offline-today").text, lambda text: "0 due and 20 new" in text, "today's queue")
        driver.save_screenshot(str(artifacts / "vocab-offline-start.png"))
        driver.execute_script("window.__errors = []; window.addEventListener('error', (e) => window.__errors.push(e.message + ' ' + e.filename + ':' + e.lineno));"
                              "window.addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason && e.reason.stack || e.reason)));")
        choose(driver, "#offline-size", str(SESSION))
        click(driver, "#offline-begin")

        answered = 0
        undone = False
        reloaded = False
        noted = False
        while not shown(driver, "#offline-summary"):
            prompt, verdict = answer_card(driver, answered)
            verdicts.append(verdict)
            # The pair's note under the answer, and the page's own word that it is offline, apart (and
            # only the page's: the site's general offline note would say saving waits, which it does not here).
            assert status_text(driver).startswith("Offline"), "the page's offline status went with a checked answer"
            assert not element(driver, "#offline-note").is_displayed(), "two offline notes on the page"
            if prompt == NOTED[0]:
                assert element(driver, "#offline-pair-note").text == NOTED[1]
                assert "loaf" not in status_text(driver)
                noted = True
            if answered == 2:
                driver.save_screenshot(str(artifacts / "vocab-offline-checked.png"))
            rate_proposed(driver)
            try:
                eventually(driver, lambda: shown(driver, "#offline-card") or shown(driver, "#offline-summary"), bool, "the next card")
            except AssertionError:
                raise AssertionError(f"the rating was not taken: {driver.execute_script('return window.__errors')}")
            answered += 1
            if answered == 6 and not undone:
                # Undo: the rating is taken back on the device, and the same card comes next.
                waiting = len(kept_state(driver)["queue"])
                click(driver, "#offline-undo")
                assert len(kept_state(driver)["queue"]) == waiting - 1
                eventually(driver, lambda: element(driver, "#offline-prompt").text, lambda text: text == prompt, "the undone card back")
                undone = True
            if answered == 10 and not reloaded:
                # A reload in the middle loses nothing: the session goes on where it was.
                waiting = len(kept_state(driver)["queue"])
                open_offline(driver, base, "/vocab/revise/offline")
                eventually(driver, lambda: shown(driver, "#offline-card"), bool, "the session after a reload")
                assert len(kept_state(driver)["queue"]) == waiting
                reloaded = True
            assert answered < 60, "the session never ends"
        driver.save_screenshot(str(artifacts / "vocab-offline-summary.png"))
        summary = element(driver, "#offline-summary-text").text
        assert not element(driver, "#offline-undo").is_displayed(), "Undo offered on a finished session's summary"
        assert "right" in summary and "almost" in summary, summary
        assert noted, f"{NOTED[0]}, the pair with a note, was not asked"
        kept = kept_state(driver)
        ops = kept["queue"]
        # The session's cards, plus one return for each Again; the undone rating is not among them.
        assert len(ops) == answered - 1 and answered > SESSION, (len(ops), answered)
        assert {v.split(" —")[0] for v in verdicts} >= {"Right", "Almost", "Not quite"}, verdicts
        assert f"{len(ops)} reviews waiting to sync" in status_text(driver), status_text(driver)
    finally:
        go_online(driver, sessions)

    # Back online, the page sends what waits by itself and says so.
    eventually(driver, lambda: status_text(driver), lambda text: "Everything is synced" in text, "the page to say everything is synced")
    assert kept_state(driver)["queue"] == []
    # Each review was applied once: sent again, none is applied, and the server's card for each
    # pair is the one the device scheduled for itself offline.
    sent = [{k: op[k] for k in ("id", "pairId", "direction", "rating", "at", "seconds")} for op in ops]
    status, again = fetch(driver, "POST", "/api/v1/vocab/sync", {"reviews": sent})
    assert status == 200 and {r["outcome"] for r in again["results"]} == {"alreadyApplied"}, again["results"][:3]
    answered_for = {r["id"]: r for r in again["results"]}
    server = {f"{op['pairId']}:{op['direction']}": answered_for[op["id"]]["card"] for op in ops}
    assert len(server) == SESSION and set(server) == set(kept["cards"]), (len(server), len(kept["cards"]))
    for key, card in server.items():
        device = kept["cards"][key]
        for field in ("state", "step", "due", "lastReview"):
            assert device.get(field) == card.get(field), (key, field, device, card)
        for field in ("stability", "difficulty"):
            assert abs(device[field] - card[field]) <= 1e-9 * max(1, abs(card[field])), (key, field, device, card)
    # A reload finds nothing waiting.
    visit(driver, base, "/vocab/revise/offline")
    eventually(driver, lambda: status_text(driver), lambda text: "Everything is synced" in text, "the page to say everything is synced")
    driver.save_screenshot(str(artifacts / "vocab-offline-synced.png"))


def test_offline_revision_answers_bad_input_and_other_accounts(phone, folio_url):
    driver, base = phone, folio_url
    sign_up(driver, base)
    status, pair = fetch(driver, "POST", "/api/v1/vocab/pairs", {"english": "man", "welsh": "gŵr", "note": "", "type": "", "tags": []})
    assert status == 200
    good = {"id": "abcdef0123456789", "pairId": pair["id"], "direction": "englishToWelsh", "rating": 3, "at": time.time() * 1000}
    for body, why in [({"reviews": [dict(good, id="short")]}, "a malformed id"), ({"reviews": [dict(good, rating=5)]}, "a rating of 5"),
                      ({"reviews": [dict(good, direction="up")]}, "a direction"), ({"reviews": [dict(good, at="soon")]}, "a time"),
                      ({"reviews": [dict(good, at=1e300)]}, "a time past any clock"), ({"nothing": []}, "no reviews"),
                      ({"reviews": [dict(good, id=f"operation-{n}") for n in range(501)]}, "too many")]:
        status, answer = fetch(driver, "POST", "/api/v1/vocab/sync", body)
        assert status == 400 and answer and answer.get("error"), (why, status, answer)
    # Another account's device cannot review this pair: it is gone for them, and nothing is stored.
    driver.delete_all_cookies()
    sign_up(driver, base)
    status, answer = fetch(driver, "POST", "/api/v1/vocab/sync", {"reviews": [good]})
    assert status == 200 and answer["results"][0]["outcome"] == "gone", answer
    # Without the CSRF header, nothing is applied.
    refused = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/api/v1/vocab/sync', {method: 'POST', credentials: 'same-origin', headers: {'Content-Type': 'application/json'},
                                     body: JSON.stringify({reviews: []})}).then((r) => done(r.status));""")
    assert refused == 403
