"""The plot wheels in a real browser: Spin turns the three wheels, each comes to rest on the first
line of an entry, the predicate wheel changes form with the subject, and the permalink brings the
same plot back. What each entry says is taken from the JSON API of the same server.
"""

from __future__ import annotations

import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from test_monologues import (click, element, eventually, new_username, norm, register, screenshot, submit, visit,
                             wait_ready)

WHEELS = ("subject", "predicate", "modifier")

# What sits in the middle of a wheel: the element at its centre, and the entry it belongs to.
CENTRE = """
const wheel = document.getElementById('wheel-' + arguments[0]);
const box = wheel.getBoundingClientRect();
const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
const entry = hit && hit.closest('.wheel-entry');
return {
  firstLine: !!(hit && hit.classList.contains('first-line')),
  line: hit ? hit.textContent : null,
  id: entry ? entry.getAttribute('data-id') : null,
  text: entry ? Array.from(entry.querySelectorAll('.wheel-line')).map(l => l.textContent).join(' ') : null,
};
"""


def centre(driver: WebDriver, wheel: str) -> dict:
    driver.execute_script(f"document.getElementById('wheel-{wheel}').scrollIntoView({{block: 'center'}})")
    return driver.execute_script(CENTRE, wheel)


def at_rest(driver: WebDriver, wheel: str) -> dict:
    """The centre of a wheel once it has stopped moving and the page has caught up with it."""
    def probe():
        top = driver.execute_script(f"return document.getElementById('wheel-{wheel}').scrollTop")
        time.sleep(0.3)
        still = driver.execute_script(f"return document.getElementById('wheel-{wheel}').scrollTop") == top
        selected = driver.execute_script(
            f"const e = document.querySelector('#wheel-{wheel} .wheel-entry[aria-selected=\"true\"]'); return e && e.dataset.id")
        return {**centre(driver, wheel), "still": still, "selected": selected}
    return eventually(driver, probe, lambda c: c["still"] and c["firstLine"] and c["selected"] == c["id"],
                      f"the {wheel} wheel to come to rest")


def settled(driver: WebDriver) -> dict:
    """Waits for the wheels to stop, then reads the entry at the middle of each."""
    eventually(driver, lambda: driver.execute_script(
        "const m = document.getElementById('plot-machine'); return m.dataset.ready === 'true' && !m.dataset.spinning"),
        bool, "the wheels to stop")
    shown = {}
    for wheel in WHEELS:
        shown[wheel] = at_rest(driver, wheel)
    return shown


def test_spin_settles_on_first_lines_agrees_and_the_permalink_reproduces(desktop, folio_url, api, artifacts):
    driver = desktop
    wheels = api.get("/api/v1/plots/wheels")
    subjects = {s["id"]: s for s in wheels["subjects"]}
    predicates = {p["id"]: p for p in wheels["predicates"]}
    visit(driver, folio_url, "/plots")
    before = settled(driver)
    first_text = norm(element(driver, "#plot-text").text)

    seen = set()
    for spin in range(3):
        click(driver, "#plot-spin")
        shown = settled(driver)
        subject = subjects[shown["subject"]["id"]]
        predicate = predicates[shown["predicate"]["id"]]
        # Each wheel rests on an entry's first line, and the predicate shows the agreeing form.
        assert shown["subject"]["line"] == subject["lines"][0]
        assert shown["predicate"]["text"] == " ".join(predicate[subject["agreement"]]), (subject, shown["predicate"])
        text = norm(element(driver, "#plot-text").text)
        ids = "-".join(shown[w]["id"] for w in WHEELS)
        permalink = element(driver, "#plot-permalink").get_attribute("href")
        # The permalink names the spin's seed, and the API agrees on what that seed gives.
        seed = permalink.rstrip("/").split("/")[-1]
        assert seed.isdigit(), permalink
        expected = api.get(f"/api/v1/plots/{seed}")
        assert expected["ids"] == ids and expected["text"] == text, (expected, ids, text)
        seen.add(ids)
    assert len(seen) >= 2, "three spins gave one plot"
    screenshot(driver, artifacts, "plots-desktop")

    # Turn the subject wheel by hand to an entry of another agreement: the predicate changes form.
    agreement = subjects[shown["subject"]["id"]]["agreement"]
    wheel = element(driver, "#wheel-subject")
    for _ in range(12):
        wheel.send_keys(Keys.ARROW_DOWN)
        now = at_rest(driver, "subject")
        if subjects[now["id"]]["agreement"] != agreement:
            break
    new_agreement = subjects[now["id"]]["agreement"]
    assert new_agreement != agreement, "twelve subjects in a row share one agreement"
    predicate_id = shown["predicate"]["id"]
    eventually(driver, lambda: centre(driver, "predicate"),
               lambda c: c["firstLine"] and c["id"] == predicate_id and c["text"] == " ".join(predicates[predicate_id][new_agreement]),
               f"the predicate in its {new_agreement} form")
    hand_text = eventually(driver, lambda: norm(element(driver, "#plot-text").text),
                           lambda t: t.startswith(" ".join(subjects[now["id"]]["lines"])), "the plot text to follow the wheels")
    hand_link = element(driver, "#plot-permalink").get_attribute("href")
    assert hand_link.endswith("/plots/" + "-".join([now["id"], predicate_id, shown["modifier"]["id"]])), hand_link

    # Each permalink brings its plot back in a fresh page, wheels and all.
    for link, text in ((permalink, expected["text"]), (hand_link, hand_text)):
        driver.get(link)
        wait_ready(driver)
        again = settled(driver)
        assert norm(element(driver, "#plot-text").text) == text
        assert "-".join(again[w]["id"] for w in WHEELS) in link or link.rstrip("/").split("/")[-1].isdigit()
    assert first_text and before


def test_phone_keeps_and_removes_a_plot_and_mutes(phone, folio_url, artifacts):
    driver = phone
    register(driver, folio_url, new_username())
    visit(driver, folio_url, "/plots/7")
    settled(driver)
    text = norm(element(driver, "#plot-text").text)
    mute = element(driver, "#plot-mute")
    assert mute.get_attribute("aria-pressed") == "false"
    click(driver, "#plot-mute")
    assert element(driver, "#plot-mute").get_attribute("aria-pressed") == "true"
    submit(driver, "#keep-plot")
    # Read once the page's script has placed the wheels: it must not relabel a kept plot.
    settled(driver)
    assert "Kept" in element(driver, "#keep-plot").text
    # Muting is remembered on this device.
    assert element(driver, "#plot-mute").get_attribute("aria-pressed") == "true"
    visit(driver, folio_url, "/plots/kept")
    kept = [norm(e.text) for e in driver.find_elements(By.CSS_SELECTOR, ".kept-link")]
    assert kept == [text]
    screenshot(driver, artifacts, "plots-kept-phone")
    submit(driver, ".kept-plot button")
    assert driver.find_elements(By.CSS_SELECTOR, "#kept-empty")
