"""The Vocabulary web app in a real browser, at phone and desktop sizes: Translations (add, edit,
search) and Revision (answer, see the check's verdict, rate).

Revision order is the server's to choose, so each prompt is read from the page and answered from
ANSWERS rather than assumed.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from test_monologues import (assert_fits_width, body_text, choose, click, element, eventually, fill, new_username,
                             register, screenshot, submit, visit, wait_ready, mark_page, click_element)

ANSWERS = {"man": "gŵr", "woman": "gwraig", "bread": "bara", "gŵr": "man", "gwraig": "woman", "bara": "bread"}
PAIRS = [("man", "gŵr", "noun", "People, family"), ("woman", "gwraig", "noun", "people"), ("bread", "bara", "noun", "Food")]
DONE = "Nothing left to revise in this session"
# Each pair comes up once per direction and session at most; more rounds than that means a loop.
MAX_ROUNDS = 8


def without_accents(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


# --- Translations ----------------------------------------------------------------------------

def add_pair(driver: WebDriver, base: str, english: str, welsh: str, kind: str, tags: str) -> None:
    visit(driver, base, "/vocab")
    mark_page(driver)
    click(driver, "a#new-pair")
    wait_ready(driver, "the new pair form")
    element(driver, "form#pair-form")
    assert not driver.find_elements(By.CSS_SELECTOR, "#delete-pair-form"), "a new pair offers to delete itself"
    fill(driver, "#pair-english", english)
    fill(driver, "#pair-welsh", welsh)
    fill(driver, "#pair-type", kind)
    fill(driver, "#pair-tags", tags)
    submit(driver, "#pair-save")
    alerts = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "[role='alert']")]
    assert not alerts, f"adding {english}/{welsh} was refused: {alerts}"


def pair_texts(driver: WebDriver) -> list[str]:
    items = driver.find_elements(By.CSS_SELECTOR, "li.pair")
    assert len(driver.find_elements(By.CSS_SELECTOR, "ul#pairs > li.pair")) == len(items), "li.pair outside ul#pairs"
    return [" ".join(li.text.split()) for li in items]


def pair_item(driver: WebDriver, english: str):
    for li in driver.find_elements(By.CSS_SELECTOR, "li.pair"):
        link = li.find_element(By.CSS_SELECTOR, "a.pair-link")
        if link.text.split() and link.text.split()[0] == english:
            return li
    raise AssertionError(f"no li.pair for {english!r} in {pair_texts(driver)}")


def edit_tags(driver: WebDriver, base: str, english: str, tags: str) -> None:
    visit(driver, base, "/vocab")
    mark_page(driver)
    click_element(driver, pair_item(driver, english).find_element(By.CSS_SELECTOR, "a.pair-link"))
    wait_ready(driver, f"the edit page of {english}")
    assert element(driver, "#pair-english").get_property("value") == english, "the edit form shows another pair"
    element(driver, "form#delete-pair-form")
    fill(driver, "#pair-tags", tags)
    submit(driver, "#pair-save")


def search_pairs(driver: WebDriver, base: str, query: str) -> list[str]:
    visit(driver, base, "/vocab")
    fill(driver, "#vocab-search", query)
    submit(driver, "#vocab-search-submit")
    return pair_texts(driver)


# --- Revision --------------------------------------------------------------------------------

def start_revision(driver: WebDriver, base: str, tag: str, direction: str) -> None:
    visit(driver, base, "/vocab/revise")
    choose(driver, "#revise-tag", tag)
    choose(driver, "#revise-direction", direction)
    submit(driver, "#revise-start")


def session_done(driver: WebDriver) -> bool:
    state = eventually(driver, lambda: "prompt" if driver.find_elements(By.CSS_SELECTOR, "#answer-form")
                       else ("done" if DONE.lower() in body_text(driver).lower() else None),
                       bool, f"#answer-form or “{DONE}”")
    return state == "done"


def check_typing_aids(driver: WebDriver) -> None:
    field = element(driver, "#answer")
    click(driver, "button.typing-aid[data-insert='ŵ']")
    eventually(driver, lambda: field.get_property("value"), lambda v: v == "ŵ", "#answer after the ŵ button")
    assert driver.switch_to.active_element == field, "the typing aid left the focus off #answer"
    field.send_keys("y^ W^")
    eventually(driver, lambda: field.get_property("value"), lambda v: v == "ŵŷ Ŵ", "#answer after typing y^ W^")
    fill(driver, "#answer", "")


def answer(driver: WebDriver, typed: str) -> tuple[str, str, str]:
    """Answers the prompt on screen; returns the verdict class, the proposed rating's value and label."""
    fill(driver, "#answer", typed)
    submit(driver, "#answer-submit")
    classes = element(driver, "#verdict").get_attribute("class").split()
    verdicts = [c for c in classes if c.startswith("verdict-")]
    assert len(verdicts) == 1, f"#verdict has classes {classes}"
    assert element(driver, "#expected").text.strip(), "#expected is empty"
    ratings = driver.find_elements(By.CSS_SELECTOR, "#rate-form button.rating[name='rating']")
    assert [r.get_attribute("value") for r in ratings] == ["1", "2", "3", "4"], "expected four ratings 1–4"
    assert [r.text.strip() for r in ratings] == ["Again", "Hard", "Good", "Easy"], [r.text for r in ratings]
    proposed = element(driver, "#rating-proposed")
    assert "proposed" in proposed.get_attribute("class").split(), "#rating-proposed lacks the class proposed"
    assert len(driver.find_elements(By.CSS_SELECTOR, "button.rating.proposed")) == 1, "more than one proposed rating"
    return verdicts[0], proposed.get_attribute("value"), proposed.text.strip()


def revise(driver: WebDriver, typed_for, shot=None) -> list[tuple[str, str, str, str]]:
    """Answers until the session is done, accepting each proposed rating; returns what happened."""
    rounds = []
    for _ in range(MAX_ROUNDS):
        if session_done(driver):
            return rounds
        prompt = element(driver, "#prompt").text.strip()
        assert prompt in ANSWERS, f"#prompt shows {prompt!r}, not one of the pairs"
        expected_lang = "cy" if prompt in ("gŵr", "gwraig", "bara") else "en"
        lang = eventually(driver, lambda: element(driver, "#prompt").get_attribute("lang"), bool, "#prompt's lang")
        assert lang == expected_lang, f"#prompt {prompt!r} has lang={lang!r}"
        if not rounds:
            check_typing_aids(driver)
        verdict, value, label = answer(driver, typed_for(prompt))
        rounds.append((prompt, verdict, value, label))
        if shot and len(rounds) == 1:
            shot()
        submit(driver, "#rating-proposed")
    raise AssertionError(f"the session was not done after {MAX_ROUNDS} answers: {rounds}")


# --- the flow --------------------------------------------------------------------------------

def vocabulary_flow(driver: WebDriver, base: str, width: int, size: str, artifacts: Path) -> None:
    register(driver, base, new_username())

    # A new account has nothing to revise yet.
    visit(driver, base, "/vocab/revise")
    assert "add pairs first" in body_text(driver).lower(), "the revision page of an empty account"
    assert not driver.find_elements(By.CSS_SELECTOR, "#revise-form"), "#revise-form with nothing to revise"

    for pair in PAIRS:
        add_pair(driver, base, *pair)
    visit(driver, base, "/vocab")
    shown = pair_texts(driver)
    assert len(shown) == 3, f"ul#pairs lists {shown}"
    for english, welsh, _, _ in PAIRS:
        assert any(english in t and welsh in t for t in shown), f"{english} — {welsh} is not listed: {shown}"
    assert_fits_width(driver, width)
    screenshot(driver, artifacts, f"list-vocab-{size}")

    edit_tags(driver, base, "bread", "food, Basics")
    bread = " ".join(pair_item(driver, "bread").text.split())
    assert "Basics" in bread, f"bread's li.pair after adding Basics: {bread!r}"
    assert "food" in bread.lower(), f"bread lost its food tag: {bread!r}"

    found = search_pairs(driver, base, "gwr")
    firsts = sorted(t.split()[0] for t in found)
    assert firsts == ["man", "woman"], f"q=gwr lists {found}"
    assert element(driver, "#vocab-search").get_property("value") == "gwr", "the search field lost the query"

    visit(driver, base, "/vocab/revise")
    options = [" ".join(o.text.split()) for o in Select(element(driver, "#revise-tag")).options]
    assert options[0].startswith("All pairs") and "(3)" in options[0], f"#revise-tag starts {options[:1]}"
    assert "People (2)" in options, f"the tags People and people were not merged: {options}"
    assert_fits_width(driver, width)

    # English → Welsh on People: the accent-less form of gŵr is almost right and proposes Hard.
    start_revision(driver, base, "People", "englishToWelsh")
    rounds = revise(driver, lambda prompt: without_accents(ANSWERS[prompt]),
                    shot=lambda: (assert_fits_width(driver, width), screenshot(driver, artifacts, f"list-vocab-result-{size}")))
    assert sorted(r[0] for r in rounds) == ["man", "woman"], f"People revised {rounds}"
    for prompt, verdict, value, label in rounds:
        if prompt == "man":
            assert (verdict, value, label) == ("verdict-almost", "2", "Hard"), f"'gwr' for gŵr: {verdict}, {value} {label}"
        else:
            assert (verdict, value, label) == ("verdict-right", "3", "Good"), f"'gwraig': {verdict}, {value} {label}"
    assert DONE.lower() in body_text(driver).lower()
    screenshot(driver, artifacts, f"list-vocab-done-{size}")

    # Welsh → English on every pair: a direction of its own, so all three are new again.
    start_revision(driver, base, "", "welshToEnglish")
    rounds = revise(driver, lambda prompt: ANSWERS[prompt])
    assert sorted(r[0] for r in rounds) == ["bara", "gwraig", "gŵr"], f"all pairs revised {rounds}"
    rights = [r for r in rounds if r[1] == "verdict-right"]
    assert rights, f"no right answer Welsh → English: {rounds}"
    assert all(r[2:] == ("3", "Good") for r in rights), f"a right answer proposed another rating: {rounds}"


def test_desktop_vocabulary(desktop, folio_url, artifacts):
    vocabulary_flow(desktop, folio_url, 1280, "desktop", artifacts)


def test_phone_vocabulary(phone, folio_url, artifacts):
    vocabulary_flow(phone, folio_url, 390, "phone", artifacts)
