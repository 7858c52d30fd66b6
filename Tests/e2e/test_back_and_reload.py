"""Back and reload after a form, on a phone (390×844), online: the gestures a phone uses most must
never resend a form or land on the offline page. A checked revision answer, a checked rehearsal
line and the daily Ghost puzzle's answer are pages of their own (a check stores nothing, so it is a
GET; the puzzle's answer is stored and redirects to the puzzle); Back from a page that did answer
a POST (a refused log-in) goes to the form it came from.
"""

from __future__ import annotations

import time
from urllib.parse import urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from test_everywhere import shots, sign_up
from test_monologues import (assert_fits_width, body_text, element, eventually, fill, log_in, log_out, mark_page, new_username,
                             submit, toggle_favourite, visit, wait_ready, PASSWORD)
from test_monologues_rehearse import SPEECH
from test_vocabulary import add_pairs, open_pair, start_revision


def go_back(driver: WebDriver) -> None:
    # The page Back leads to may come whole from the back-forward cache, with the marks the test
    # left on it then, and may have this one's address: the page being left gets a mark of its own.
    left = f"left-{time.monotonic_ns()}"
    driver.execute_script("window.folioLeft = arguments[0];", left)
    driver.back()
    eventually(driver, lambda: driver.execute_script("return [window.folioLeft || null, document.readyState];"),
               lambda seen: seen[0] != left and seen[1] == "complete", "the page Back leads to")


def reload(driver: WebDriver) -> None:
    mark_page(driver)
    driver.refresh()
    wait_ready(driver, "the page reloaded")


def assert_not_offline(driver: WebDriver, after: str) -> None:
    assert not driver.find_elements(By.CSS_SELECTOR, "#offline-page"), f"the offline page after {after}: {body_text(driver)[:300]!r}"
    element(driver, "#main")


def test_back_and_reload_after_every_kind_of_form(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    # A visitor's page first, which the browser may keep in its back-forward cache as it was.
    visit(driver, base, "/")
    username = sign_up(driver, base)
    # Back to the sign-up form, now signed in: it sends the person to their account rather than
    # offer them a second one.
    go_back(driver)
    assert_not_offline(driver, "Back after signing up")
    assert not driver.find_elements(By.CSS_SELECTOR, "#register-form"), f"the sign-up form again after signing up: {driver.current_url}"
    assert urlparse(driver.current_url).path == "/account", driver.current_url
    shots(driver, artifacts, "back-after-sign-up")
    # Back again, to the page seen before signing up: it names the person signed in, not "Log in".
    go_back(driver)
    eventually(driver, lambda: [e.get_attribute("textContent") for e in driver.find_elements(By.CSS_SELECTOR, ".user-link .user-name")],
               lambda names: names == [username], f"the page from before signing up to name {username}")
    shots(driver, artifacts, "back-twice-after-sign-up")

    # Vocabulary: a checked answer is a page of its own.
    add_pairs(driver, ("bread", "bara", "noun", ["Food"]))
    start_revision(driver, base, "Food", "englishToWelsh")
    element(driver, "#answer-form")
    prompt_url = driver.current_url
    fill(driver, "#answer", "bara")
    submit(driver, "#answer-submit")
    element(driver, "#verdict")
    result_url = driver.current_url
    assert urlparse(result_url).path == "/vocab/revise/answer" and "answer=bara" in result_url, result_url
    reload(driver)
    assert_not_offline(driver, "reloading a checked answer")
    assert "verdict-right" in element(driver, "#verdict").get_attribute("class")
    go_back(driver)
    assert_not_offline(driver, "Back from a checked answer")
    assert driver.current_url == prompt_url and element(driver, "#answer-form"), driver.current_url
    driver.forward()
    wait_ready(driver, "Forward to the checked answer")
    element(driver, "#verdict")
    # Rated: the next page comes by redirect, and Back returns to the answer, checked again.
    submit(driver, "#rate-form button.rating[value='3']")
    element(driver, "#session-summary")
    go_back(driver)
    assert_not_offline(driver, "Back from the session's summary")
    element(driver, "#verdict")
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "back-vocab-answer")
    # Rated again from there: the first rating stands, and the session ends as it did.
    submit(driver, "#rate-form button.rating[value='1']")
    element(driver, "#session-summary")
    open_pair(driver, base, "bread")
    history = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#review-history li")]
    assert len(history) == 1 and "Good" in history[0], history

    # A double tap on Check: the second tap lands where Again stands on the answer's page, and
    # must not rate the card.
    add_pairs(driver, ("water", "dŵr", "noun", ["Drink"]))
    start_revision(driver, base, "Drink", "englishToWelsh")
    fill(driver, "#answer", "dŵr")
    mark_page(driver)
    tap = driver.execute_script("""
        const button = document.getElementById('answer-submit');
        const box = button.getBoundingClientRect();
        setTimeout(() => button.click(), 0);
        return [box.left + box.width / 2, box.top + box.height / 2];""")
    wait_ready(driver, "the checked answer")
    # The second tap of the double tap, where Check was, a moment after the answer shows.
    driver.execute_script("""
        const hit = document.elementFromPoint(arguments[0], arguments[1]);
        if (hit) hit.click();""", *tap)
    element(driver, "#verdict")
    assert urlparse(driver.current_url).path == "/vocab/revise/answer", f"the second tap went on to {driver.current_url}"

    # Rehearse: a checked line is a page of its own too.
    visit(driver, base, f"/monologues/{SPEECH}")
    toggle_favourite(driver, now_favourite=True)
    visit(driver, base, f"/monologues/favourites/{SPEECH}/rehearse")
    rehearse_url = driver.current_url
    fill(driver, "#rehearse-answer", "To be, or not to be")
    submit(driver, "#rehearse-check")
    element(driver, "#rehearse-verdict")
    reload(driver)
    assert_not_offline(driver, "reloading a checked line")
    element(driver, "#rehearse-verdict")
    go_back(driver)
    assert_not_offline(driver, "Back from a checked line")
    assert driver.current_url == rehearse_url and element(driver, "#rehearse-answer"), driver.current_url

    # Ghost: the daily puzzle's answer is kept, then shown by the puzzle's own page.
    visit(driver, base, "/ghost/daily")
    submit(driver, "#daily-form button")
    element(driver, "#daily-verdict")
    assert urlparse(driver.current_url).path == "/ghost/daily", driver.current_url
    reload(driver)
    assert_not_offline(driver, "reloading the answered puzzle")
    element(driver, "#daily-verdict")
    go_back(driver)
    assert_not_offline(driver, "Back from the answered puzzle")

    # Plots: each Spin is a plot to come back to; Back turns the wheels to the one before. They
    # turn at once, as for a reader who asks for less motion: the 1.3–2.3 s a spin turns for is not
    # what is tested here.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    visit(driver, base, "/plots/5")
    element(driver, "#plot-machine[data-ready='true']")
    shown = [(urlparse(driver.current_url).path, element(driver, "#plot-text").text)]
    for _ in range(2):
        element(driver, "#plot-spin").click()
        eventually(driver, lambda: (urlparse(driver.current_url).path, element(driver, "#plot-machine").get_attribute("data-spinning")),
                   lambda seen: seen[0] != shown[-1][0] and seen[1] is None, "a spin to end on a new plot")
        shown.append((urlparse(driver.current_url).path, element(driver, "#plot-text").text))
    for path, text in reversed(shown[:-1]):
        driver.back()
        eventually(driver, lambda: element(driver, "#plot-text").text, lambda seen: seen == text,
                   f"Back to the plot at {path} (spun: {shown})")

    # A page that answered a POST (a refused log-in): Back to it shows its form, not the offline page.
    log_out(driver, base)
    log_in(driver, base, "nobody-" + new_username(), password=PASSWORD + "-wrong")
    element(driver, "form#login-form")
    visit(driver, base, "/plots")
    go_back(driver)
    assert_not_offline(driver, "Back to a refused log-in")
    element(driver, "form#login-form")
    shots(driver, artifacts, "back-login")
