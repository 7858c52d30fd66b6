"""Learning a favourite by heart on a phone (390×844), in a real browser: from the favourites list
to the first line's cue and first letters, a line typed with a slip (almost, the slip named, Hard
proposed), the next line cued by the one before, said aloud and rated Again, and the progress on
the favourites card. Photographed light and dark.
"""

from __future__ import annotations

from selenium.webdriver.common.by import By

from test_everywhere import shots
from test_monologues import (assert_fits_width, body_text, click, element, eventually, fill, new_username, register, submit,
                             toggle_favourite, visit)

SPEECH = "hamlet-3-1-hamlet-1"


def spoken_lines(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n") if line.strip() and line.strip() != "/" and not line.startswith("[")]


def first_letters(line: str) -> str:
    out = []
    for word in line.split():
        shown, letter = "", False
        for ch in word:
            if ch.isalnum():
                if not letter:
                    shown += ch
                    letter = True
            else:
                shown += ch
        out.append(shown)
    return " ".join(out)


def test_rehearsing_a_favourite_line_by_line(phone, folio_url, api, artifacts):
    driver, base = phone, folio_url
    register(driver, base, new_username())
    lines = spoken_lines(api.monologue(SPEECH)["text"])
    visit(driver, base, f"/monologues/{SPEECH}")
    toggle_favourite(driver, now_favourite=True)

    # From the favourites card to the drill.
    visit(driver, base, "/monologues/favourites")
    submit(driver, f'a.rehearse-link[href="/monologues/favourites/{SPEECH}/rehearse"]')
    assert f"Word-perfect on 0 of {len(lines)} lines." in element(driver, "#rehearse-progress").text
    assert element(driver, "#rehearse-position").text.startswith(f"Line 1 of {len(lines)}")
    assert element(driver, "#rehearse-prompt").text == first_letters(lines[0])
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "monologues-rehearse-line")

    # Typed with one slip in its last word: almost, the slip named, Hard proposed.
    words = lines[0].rstrip(":;,.!?").split()
    slipped = " ".join(words[:-1] + [words[-1][:-1]])
    fill(driver, "#rehearse-answer", slipped)
    submit(driver, "#rehearse-check")
    verdict = element(driver, "#rehearse-verdict")
    assert verdict.get_attribute("data-verdict") == "close", body_text(driver)[:400]
    assert "→" in element(driver, "#rehearse-slips").text
    assert element(driver, "#rehearse-expected").text == lines[0]
    assert "Hard" in element(driver, "#rating-proposed").text
    assert_fits_width(driver, 390)
    shots(driver, artifacts, "monologues-rehearse-checked")
    submit(driver, 'button.rating[value="3"]')

    # The next line, cued by the first; said aloud, shown, and rated Again.
    assert element(driver, "#rehearse-position").text.startswith(f"Line 2 of {len(lines)}")
    assert element(driver, "#rehearse-cue").text == lines[0]
    assert not element(driver, "#rehearse-line").is_displayed()
    click(driver, "#rehearse-aloud summary")
    eventually(driver, lambda: element(driver, "#rehearse-line").is_displayed(), bool, "the line shown")
    assert element(driver, "#rehearse-line").text == lines[1]
    submit(driver, '#rehearse-aloud-form button[value="1"]')
    assert element(driver, "#rehearse-position").text.startswith(f"Line 3 of {len(lines)}")

    # Every line's standing, and the progress on the favourites card.
    click(driver, "#rehearse-lines summary")
    statuses = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#rehearse-lines li")]
    assert statuses[0] == "next in 10 minutes", statuses[:3]
    assert statuses[1] in ("next in 1 minute", "due now"), statuses[:3]
    assert statuses[2] == "new"
    visit(driver, base, "/monologues/favourites")
    assert element(driver, "li.favourite .card-rehearsal").text == f"Rehearsed 2 of {len(lines)} lines, word-perfect on 0"
    assert_fits_width(driver, 390)
