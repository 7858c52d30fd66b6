"""The Monologues web app in a real browser, at phone and desktop sizes.

Element ids and routes are the ones docs/web.md fixes. What a list should contain is taken from
the JSON API of the same server, so the tests hold whatever the ranking or the wording of a page.
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path
from urllib.parse import unquote, urlparse

from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

WAIT = 10
PASSWORD = "Alas-poor-Yorick-1602"
FLASH = "#flash, [role='alert']"


# --- waiting ---------------------------------------------------------------------------------

def eventually(driver: WebDriver, probe, accept, what: str, timeout: float = WAIT):
    """Polls `probe` until `accept` holds for what it returns; fails saying what was last seen."""
    seen = {}

    def check(_):
        try:
            seen["value"] = probe()
        except WebDriverException as error:
            # Mid-navigation Chromium answers with stale nodes, "does not belong to the
            # document" or an unloaded page; a later poll sees the new page.
            seen["value"] = f"error: {error.msg}"
            return False
        return accept(seen["value"])

    try:
        WebDriverWait(driver, timeout, poll_frequency=0.2).until(check)
    except TimeoutException:
        last = seen.get("value")
        if isinstance(last, list) and len(last) > 5:
            last = f"{last[:5]!r} and {len(last) - 5} more"
        raise AssertionError(f"{what}: not within {timeout} s at {driver.current_url}; last seen {last}") from None
    return seen["value"]


def mark_page(driver: WebDriver) -> None:
    driver.execute_script("window.folioOldPage = true")


def wait_ready(driver: WebDriver, what: str = "the page to load") -> None:
    """Waits for a fully loaded document that `mark_page` has not marked."""
    eventually(driver, lambda: driver.execute_script(
        "return window.folioOldPage === true ? 'old page' : document.readyState"),
        lambda state: state == "complete", what)


def visit(driver: WebDriver, base: str, path: str) -> None:
    driver.get(base + path)
    wait_ready(driver)


def element(driver: WebDriver, css: str):
    return eventually(driver, lambda: driver.find_elements(By.CSS_SELECTOR, css), bool, f"an element {css}")[0]


def click(driver: WebDriver, css: str) -> None:
    click_element(driver, element(driver, css))


def click_element(driver: WebDriver, target) -> None:
    # On a phone the bottom tab bar can sit over a button at the bottom of the viewport.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
    WebDriverWait(driver, WAIT).until(EC.element_to_be_clickable(target))
    target.click()


def submit(driver: WebDriver, button_css: str) -> None:
    """Presses a form's submit button and waits for the page the server answers with. A form that
    takes no tap in its first moments on screen (data-settle, against double taps) is waited for."""
    if driver.execute_script("return !!document.querySelector('form[data-settle]') && !document.documentElement.hasAttribute('data-settled');"):
        eventually(driver, lambda: driver.execute_script("return document.documentElement.hasAttribute('data-settled');"), bool,
                   "the form to take taps")
    mark_page(driver)
    click(driver, button_css)
    wait_ready(driver, f"a new page after pressing {button_css}")


def fill(driver: WebDriver, css: str, value: str) -> None:
    field = element(driver, css)
    field.clear()
    field.send_keys(value)


def choose(driver: WebDriver, select_css: str, *values: str) -> None:
    """Selects the first of `values` the select offers (an "any" choice may be "any" or empty)."""
    select = Select(element(driver, select_css))
    offered = [option.get_attribute("value") for option in select.options]
    for value in values:
        if value in offered:
            select.select_by_value(value)
            return
    raise AssertionError(f"{select_css} offers {offered}, none of {values}")


def selected(driver: WebDriver, select_css: str) -> str:
    return Select(element(driver, select_css)).first_selected_option.get_attribute("value")


def norm(text: str) -> str:
    return " ".join(text.split())


def body_text(driver: WebDriver) -> str:
    return driver.find_element(By.TAG_NAME, "body").text


def screenshot(driver: WebDriver, artifacts: Path, name: str) -> None:
    assert driver.save_screenshot(str(artifacts / f"{name}.png")), f"screenshot {name} was not written"


def assert_fits_width(driver: WebDriver, width: int) -> None:
    inner = driver.execute_script("return window.innerWidth")
    # Without a device-width viewport a phone lays the page out 980 px wide and shrinks it.
    assert inner == width, f"{driver.current_url}: viewport is {inner} px wide, expected {width}"
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= inner + 1, f"{driver.current_url}: page is {scroll} px wide in a {inner} px viewport"


# --- accounts --------------------------------------------------------------------------------

def new_username() -> str:
    return f"actor{secrets.randbelow(10**6):06d}"


def register(driver: WebDriver, base: str, username: str, password: str = PASSWORD) -> None:
    visit(driver, base, "/account/register")
    fill(driver, "#username", username)
    fill(driver, "#password", password)
    fill(driver, "#password-confirmation", password)
    submit(driver, "#register-submit")
    assert not driver.find_elements(By.CSS_SELECTOR, "#register-form"), \
        f"still on the register form after registering {username}: {body_text(driver)[:300]!r}"
    assert username in body_text(driver), f"the page after registering does not show {username}"
    # The page a new account lands on says it was made (the first page's welcome says it itself).
    notes = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#account-notice")]
    if driver.find_elements(By.CSS_SELECTOR, "#welcome"):
        assert notes == [], notes
    else:
        assert notes == [f"Welcome, {username}: your account is made and you are logged in."], notes
    assert_logged_in(driver, base, username)


def log_in(driver: WebDriver, base: str, username: str, password: str = PASSWORD) -> None:
    visit(driver, base, "/account/login")
    fill(driver, "#username", username)
    fill(driver, "#password", password)
    submit(driver, "#login-submit")


def log_out(driver: WebDriver, base: str) -> None:
    visit(driver, base, "/account")
    submit(driver, "#logout-submit")
    # The page the log-out leads to says so (once: a reload no longer does).
    eventually(driver, lambda: [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#logout-notice")],
               lambda notes: len(notes) == 1 and notes[0].startswith("You are logged out."), "the page after logging out to say so")


def assert_logged_in(driver: WebDriver, base: str, username: str) -> None:
    visit(driver, base, "/account")
    element(driver, "#logout-submit")
    assert username in body_text(driver), f"/account does not show {username}"


def assert_logged_out(driver: WebDriver, base: str, username: str) -> None:
    visit(driver, base, "/account")
    assert not driver.find_elements(By.CSS_SELECTOR, "#logout-submit"), "/account still offers to log out"
    assert username not in body_text(driver), f"{driver.current_url} still shows {username}"


# --- monologue lists -------------------------------------------------------------------------

def monologue_id(href: str) -> str:
    return unquote(urlparse(href).path.rstrip("/").rsplit("/", 1)[-1])


def result_ids(driver: WebDriver) -> list[str]:
    return [monologue_id(li.find_element(By.CSS_SELECTOR, "a.result-link").get_attribute("href"))
            for li in driver.find_elements(By.CSS_SELECTOR, "#results li.result")]


def wait_for_results(driver: WebDriver, expected: list[str], what: str) -> list[str]:
    """Waits until #results lists the first of `expected`, in order, whatever the page size."""
    assert expected, f"{what}: the API finds nothing, so the page cannot be checked"
    return eventually(driver, lambda: result_ids(driver),
                      lambda ids: bool(ids) and ids == expected[:len(ids)],
                      f"{what}: #results should start {expected[:3]}")


def search(driver: WebDriver, query: str) -> None:
    fill(driver, "#search-input", query)
    click(driver, "#search-submit")


def numbers_in(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", re.sub(r"(?<=\d)[,.\u00a0\u2009\u202f](?=\d{3}\b)", "", text))]


def assert_result_count(driver: WebDriver, total: int) -> None:
    eventually(driver, lambda: driver.find_element(By.CSS_SELECTOR, "#result-count").text,
               lambda text: total in numbers_in(text), f"#result-count should show {total}")


def set_options(driver: WebDriver, base: str, gender: tuple[str, ...], tone: tuple[str, ...],
                length: tuple[str, ...]) -> dict[str, str]:
    visit(driver, base, "/monologues/options")
    element(driver, "form#options-form")
    choose(driver, "#gender", *gender)
    choose(driver, "#tone", *tone)
    choose(driver, "#length", *length)
    chosen = {name: selected(driver, f"#{name}") for name in ("gender", "tone", "length")}
    submit(driver, "#options-save")
    visit(driver, base, "/monologues/options")
    kept = {name: selected(driver, f"#{name}") for name in ("gender", "tone", "length")}
    assert kept == chosen, f"/monologues/options shows {kept} after saving {chosen}"
    return chosen


ANY = ("any", "")


# --- the monologue page and favourites -------------------------------------------------------

def open_first_result(driver: WebDriver) -> str:
    first = result_ids(driver)[0]
    mark_page(driver)
    click(driver, "#results li.result a.result-link")
    wait_ready(driver, "the page of the first a.result-link")
    assert monologue_id(driver.current_url) == first, f"the first a.result-link led to {driver.current_url}"
    return first


def monologue_text(driver: WebDriver) -> str:
    return element(driver, "#monologue-text").text


def favourite_label(driver: WebDriver) -> str:
    return element(driver, "#favourite-toggle").text


def toggle_favourite(driver: WebDriver, now_favourite: bool) -> None:
    click(driver, "#favourite-toggle")
    # The brief fixes the label of a favourite's button; a non-favourite's wording is free.
    eventually(driver, lambda: favourite_label(driver).lower(),
               lambda label: ("remove from favourites" in label) == now_favourite,
               f"#favourite-toggle after pressing it (favourite: {now_favourite})")


def favourite_items(driver: WebDriver, base: str) -> list:
    visit(driver, base, "/monologues/favourites")
    items = driver.find_elements(By.CSS_SELECTOR, "li.favourite")
    if items:
        assert len(driver.find_elements(By.CSS_SELECTOR, "ul#favourites > li.favourite")) == len(items), \
            "li.favourite outside ul#favourites"
    return items


def favourite_for(driver: WebDriver, base: str, monologue: str):
    items = favourite_items(driver, base)
    matches = [li for li in items if monologue in (li.get_attribute("innerHTML") or "")]
    assert matches, f"/monologues/favourites does not list {monologue} ({len(items)} li.favourite)"
    return matches[0]


def tags_shown(driver: WebDriver) -> list[str]:
    return [tag.text.strip().lower() for tag in driver.find_elements(By.CSS_SELECTOR, "a.tag")]


def set_textarea(driver: WebDriver, css: str, value: str) -> None:
    # Typing a whole speech key by key is slow; a script sets it and fires what typing fires.
    field = element(driver, css)
    driver.execute_script(
        "arguments[0].value = arguments[1];"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
        "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", field, value)


# --- the flows -------------------------------------------------------------------------------

def test_phone_register_search_filter_favourite_edit_restore(phone, folio_url, api, artifacts):
    driver, base = phone, folio_url
    username = new_username()

    # 1. Register: the new account is logged in straight away.
    register(driver, base, username)

    # 2. Search without JavaScript's help: a plain GET of the form.
    visit(driver, base, "/monologues")
    element(driver, "form#search-form")
    hamlet = api.search("to be or not to be")
    search(driver, "to be or not to be")
    wait_for_results(driver, [m["id"] for m in hamlet["items"]], "search 'to be or not to be'")
    first = driver.find_element(By.CSS_SELECTOR, "#results li.result")
    assert "Hamlet" in first.text, f"first result is {first.text!r}"
    assert_result_count(driver, hamlet["total"])
    assert_fits_width(driver, 390)
    screenshot(driver, artifacts, "list-phone")

    # 3. Live search: typing alone replaces #results, without loading a new page.
    driver.execute_script("window.folioSamePage = true")
    field = element(driver, "#search-input")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.BACKSPACE)
    field.send_keys("Macbeth dagger")
    dagger = [m["id"] for m in api.search("Macbeth dagger")["items"]]
    wait_for_results(driver, dagger, "live search 'Macbeth dagger'")
    assert "Macbeth" in driver.find_element(By.CSS_SELECTOR, "#results li.result").text
    assert driver.execute_script("return window.folioSamePage === true"), "live search loaded a new page"

    # 4. Filters saved in the options apply to the list; reset them afterwards.
    set_options(driver, base, gender=("female",), tone=("tragedy",), length=ANY)
    try:
        for query in ("Hamlet", ""):
            visit(driver, base, "/monologues")
            if query:
                search(driver, query)
            found = api.search(query, gender="female", tone="tragedy")
            by_id = {m["id"]: m for m in found["items"]}
            shown = wait_for_results(driver, list(by_id), f"search {query!r} filtered female, tragedy")
            for monologue in (by_id[i] for i in shown):
                assert monologue["gender"] in ("female", "any"), f"{monologue['id']} is {monologue['gender']}"
                assert monologue["tone"] == "tragedy", f"{monologue['id']} is a {monologue['tone']}"
                assert monologue["character"] != "Hamlet", f"{monologue['id']} is Hamlet's"
            assert_result_count(driver, found["total"])
    finally:
        set_options(driver, base, gender=ANY, tone=ANY, length=ANY)
    visit(driver, base, "/monologues")
    search(driver, "to be or not to be")
    wait_for_results(driver, [m["id"] for m in hamlet["items"]], "search 'to be or not to be' after the reset")

    # 5. Open the first result, check it, and make it a favourite.
    chosen = open_first_result(driver)
    library = api.monologue(chosen)
    lines = [line for line in library["text"].splitlines() if line.strip()]
    assert norm(lines[0]) in norm(monologue_text(driver)), "#monologue-text lacks the speech's first line"
    assert len(driver.find_elements(By.CSS_SELECTOR, "ul#related > li")) == 5, "ul#related should list 5"
    assert_fits_width(driver, 390)
    screenshot(driver, artifacts, "monologue-phone")
    assert "remove from favourites" not in favourite_label(driver).lower(), "a new account already has it"
    toggle_favourite(driver, now_favourite=True)

    # 6. Edit the favourite: cut its last line, give it tags of one's own.
    favourite = favourite_for(driver, base, chosen)
    assert not favourite.find_elements(By.CSS_SELECTOR, ".edited-badge"), "marked edited before any edit"
    mark_page(driver)
    click_element(driver, favourite.find_element(By.CSS_SELECTOR, "a.edit-link"))
    wait_ready(driver, "the edit page")
    original = element(driver, "textarea#edit-text").get_property("value").replace("\r\n", "\n")
    kept_lines = original.rstrip().split("\n")
    cut, kept_lines = kept_lines[-1], kept_lines[:-1]
    assert norm(cut) == norm(lines[-1]), f"#edit-text ends {cut!r}, the speech ends {lines[-1]!r}"
    shortened = "\n".join(kept_lines)
    set_textarea(driver, "textarea#edit-text", shortened)
    fill(driver, "input#edit-tags", "audition, Grieving")
    edit_url = driver.current_url
    submit(driver, "#edit-save")
    favourite = favourite_for(driver, base, chosen)
    assert favourite.find_elements(By.CSS_SELECTOR, ".edited-badge"), "no .edited-badge after editing"
    visit(driver, base, f"/monologues/{chosen}")
    shown = norm(monologue_text(driver))
    assert shown.count(norm(cut)) == norm(shortened).count(norm(cut)), "the cut line is still shown"
    assert norm(kept_lines[-1]) in shown, "the edited text is not shown"
    tags = tags_shown(driver)
    assert any("audition" in tag for tag in tags), f"a.tag shows {tags}, not audition"
    assert any("grieving" in tag for tag in tags), f"a.tag shows {tags}, not grieving"

    # 7. Restore, through the confirm() app.js asks.
    visit(driver, base, urlparse(edit_url).path)
    mark_page(driver)
    click(driver, "#restore-submit")
    try:
        WebDriverWait(driver, WAIT).until(EC.alert_is_present())
    except TimeoutException:
        raise AssertionError("#restore-submit asked no confirm()") from None
    driver.switch_to.alert.accept()
    wait_ready(driver, "a new page after confirming the restore")
    favourite = favourite_for(driver, base, chosen)
    assert not favourite.find_elements(By.CSS_SELECTOR, ".edited-badge"), ".edited-badge is still shown after restoring"
    visit(driver, base, f"/monologues/{chosen}")
    shown = norm(monologue_text(driver))
    assert shown.count(norm(cut)) == norm(library["text"]).count(norm(cut)), "the cut line is not back"
    assert not any("audition" in tag for tag in tags_shown(driver)), "the user's tag survived the restore"

    # 8. Favourites belong to the account, not to the browser session.
    log_out(driver, base)
    driver.save_screenshot(str(artifacts / "monologues-logged-out.png"))
    driver.refresh()
    element(driver, "#main")
    assert not driver.find_elements(By.CSS_SELECTOR, "#logout-notice"), "the log-out notice came back on a reload"
    assert_logged_out(driver, base, username)
    log_in(driver, base, username)
    assert_logged_in(driver, base, username)
    favourite_for(driver, base, chosen)


def test_desktop_search_open_and_favourite(desktop, folio_url, api, artifacts):
    driver, base = desktop, folio_url
    register(driver, base, new_username())

    visit(driver, base, "/monologues")
    found = api.search("to be or not to be")
    search(driver, "to be or not to be")
    wait_for_results(driver, [m["id"] for m in found["items"]], "search 'to be or not to be'")
    assert "Hamlet" in driver.find_element(By.CSS_SELECTOR, "#results li.result").text
    assert_result_count(driver, found["total"])
    assert_fits_width(driver, 1280)
    screenshot(driver, artifacts, "list-desktop")

    chosen = open_first_result(driver)
    assert monologue_text(driver).strip(), "#monologue-text is empty"
    assert len(driver.find_elements(By.CSS_SELECTOR, "ul#related > li")) == 5, "ul#related should list 5"
    assert_fits_width(driver, 1280)
    screenshot(driver, artifacts, "monologue-desktop")

    toggle_favourite(driver, now_favourite=True)
    favourite_for(driver, base, chosen)
    visit(driver, base, f"/monologues/{chosen}")
    toggle_favourite(driver, now_favourite=False)
    assert not favourite_items(driver, base), "the favourite is still listed after removing it"


def test_wrong_password_is_refused(desktop, folio_url):
    driver, base = desktop, folio_url
    username = new_username()
    register(driver, base, username)
    log_out(driver, base)

    log_in(driver, base, username, password=PASSWORD + "-wrong")
    eventually(driver, lambda: [e.text.strip() for e in driver.find_elements(By.CSS_SELECTOR, FLASH)],
               any, "an error in #flash or [role=alert] after a wrong password")
    element(driver, "form#login-form")
    assert_logged_out(driver, base, username)


def test_keyboard_reaches_search_from_the_top(desktop, folio_url):
    driver, base = desktop, folio_url
    visit(driver, base, "/monologues")
    reached = None
    for _ in range(5):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focused = driver.switch_to.active_element
        if focused.get_attribute("id") == "search-input":
            reached = "search input"
            break
        href = focused.get_dom_attribute("href") or ""
        if focused.tag_name.lower() == "a" and href.startswith("#") and len(href) > 1:
            target = unquote(href[1:])
            assert driver.execute_script("return document.getElementById(arguments[0]) !== null", target), \
                f"the skip link points at #{target}, which the page lacks"
            reached = f"skip link to #{target}"
            break
    assert reached, "five presses of Tab reach neither a skip link nor #search-input"
