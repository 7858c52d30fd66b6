"""What every app shares as a phone app, in a real browser at 390×844: Folio's first page and the
welcome after registering, a tab bar and chips that fit, a header that keeps the brand on one
line, error pages that lead back, and installing and reading offline.

Offline is Chromium's network emulation, applied to the page and to the service worker (whose
fetches a page's emulation does not cover), after the worker has installed. A page never opened
must then come up as the offline page: that shows the worker itself had no network.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from test_monologues import (PASSWORD, assert_fits_width, body_text, click, element, eventually, fill, mark_page, new_username,
                             open_first_result, screenshot, set_textarea, submit, visit, wait_ready)

PHONE_WIDTH = 390


# --- helpers ---------------------------------------------------------------------------------

def set_theme(driver: WebDriver, theme: str) -> None:
    """The theme a reader chose with the toggle, for this page and the next."""
    driver.execute_script("localStorage.setItem('folio-theme', arguments[0]);"
                          "document.documentElement.setAttribute('data-theme', arguments[0]);", theme)


def shots(driver: WebDriver, artifacts: Path, name: str) -> None:
    """A phone screenshot in the light theme and one in the dark."""
    for theme in ("light", "dark"):
        set_theme(driver, theme)
        screenshot(driver, artifacts, f"everywhere-{name}-phone-{theme}")
    set_theme(driver, "light")


def lines_of(driver: WebDriver, css: str) -> int:
    """How many lines the element's text takes."""
    return driver.execute_script(
        "var e = document.querySelector(arguments[0]);"
        "return Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight));", css)


def assert_tabs_whole(driver: WebDriver) -> None:
    labels = driver.execute_script("""
        return Array.from(document.querySelectorAll('#tabbar a')).map(function (a) {
          var label = a.querySelector('.tab-label'), box = a.getBoundingClientRect(), text = label.getBoundingClientRect();
          return {name: label.textContent, cut: label.scrollWidth > label.clientWidth + 0.5,
                  left: text.left, right: text.right, width: box.width, height: box.height};
        });""")
    width = driver.execute_script("return window.innerWidth")
    assert len(labels) == 6, labels
    for label in labels:
        assert not label["cut"], f"{driver.current_url}: the tab label {label['name']!r} is cut off"
        assert label["left"] >= 0 and label["right"] <= width, f"{driver.current_url}: {label['name']!r} runs off the screen"
        assert label["width"] >= 44 and label["height"] >= 44, f"{driver.current_url}: the {label['name']} tab is {label}"


def assert_chips_all_in_view(driver: WebDriver) -> None:
    """Sub-navigation chips: every one whole on the screen, wrapping to a second row if need be
    (a row scrolling sideways hid Ghost's "Rules" at 390 px with nothing to say it was there)."""
    width = driver.execute_script("return window.innerWidth")
    for nav in driver.find_elements(By.CSS_SELECTOR, ".subnav"):
        state = driver.execute_script("""
            var nav = arguments[0], chips = Array.from(nav.querySelectorAll('a'));
            return {scrolls: nav.scrollWidth > nav.clientWidth + 1,
                    chips: chips.map(function (c) { var r = c.getBoundingClientRect();
                                                    return {name: c.textContent.trim(), left: r.left, right: r.right, height: r.height}; })};""", nav)
        assert not state["scrolls"], f"{driver.current_url}: the chips scroll sideways: {state}"
        for chip in state["chips"]:
            assert chip["left"] >= 0 and chip["right"] <= width, f"{driver.current_url}: the chip {chip['name']!r} is off the screen: {chip}"
            assert chip["height"] >= 44, f"{driver.current_url}: the chip {chip['name']!r} is lower than 44 px: {chip}"


def go_offline(driver: WebDriver) -> list[str]:
    """Network emulation for the page and for the service worker; returns the worker sessions."""
    conditions = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)
    workers = [t for t in driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"] if t["type"] == "service_worker"]
    assert workers, "no service worker is running"
    sessions = []
    for worker in workers:
        session = driver.execute_cdp_cmd("Target.attachToTarget", {"targetId": worker["targetId"], "flatten": False})["sessionId"]
        sessions.append(session)
        for number, (method, params) in enumerate([("Network.enable", {}), ("Network.emulateNetworkConditions", conditions)]):
            driver.execute_cdp_cmd("Target.sendMessageToTarget", {
                "sessionId": session, "message": json.dumps({"id": number + 1, "method": method, "params": params})})
    return sessions


def go_online(driver: WebDriver, sessions: list[str]) -> None:
    # Emulation belongs to the session that set it: detaching from the worker ends it there. The
    # worker first: a page back online at once sends what waited, and what it then asks the worker
    # to fetch (a saved favourite's pages) failed when the worker was still offline a moment longer.
    for session in sessions:
        driver.execute_cdp_cmd("Target.detachFromTarget", {"sessionId": session})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


def kept_paths(driver: WebDriver) -> dict[str, list[str]]:
    """The service worker's caches: name → the paths (with queries) each holds."""
    return driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        caches.keys().then(function (names) {
          return Promise.all(names.map(function (name) {
            return caches.open(name).then(function (cache) { return cache.keys(); }).then(function (requests) {
              return [name, requests.map(function (r) { var u = new URL(r.url); return u.pathname + u.search; })];
            });
          }));
        }).then(function (pairs) { var all = {}; pairs.forEach(function (p) { all[p[0]] = p[1]; }); done(all); });""")


def pages_kept(driver: WebDriver) -> list[str]:
    return next((paths for name, paths in kept_paths(driver).items() if name.startswith("folio-pages-")), [])


def wait_until_kept(driver: WebDriver, *paths: str) -> None:
    eventually(driver, lambda: pages_kept(driver), lambda kept: all(p in kept for p in paths),
               f"the service worker to keep {paths}")


def kept_text(driver: WebDriver, path: str, selector: str) -> str:
    """The text of `selector` in the page the service worker keeps for `path` ("" if none)."""
    return driver.execute_async_script("""
        var done = arguments[arguments.length - 1], path = arguments[0], selector = arguments[1];
        caches.keys().then(function (names) {
          var name = names.filter(function (n) { return n.indexOf('folio-pages-') === 0; })[0];
          return name ? caches.open(name).then(function (cache) { return cache.match(path); }) : null;
        }).then(function (response) { return response ? response.text() : ''; }).then(function (html) {
          var found = new DOMParser().parseFromString(html, 'text/html').querySelector(selector);
          done(found ? found.textContent : '');
        }).catch(function () { done(''); });""", path, selector)


def sign_up(driver: WebDriver, base: str) -> str:
    """A new account, signed in in this browser; returns its name. The register form is filled and
    sent by a script, for the tests of what an account does: signing up as a person does, typing
    and then checking the account page, is test_monologues' `register`, which the tests of signing
    up use (a sign-up: 1.7 s typed, 0.75 s so)."""
    username = new_username()
    visit(driver, base, "/account/register")
    mark_page(driver)
    driver.execute_script("""
        const form = document.getElementById('register-form'), field = (name) => form.elements.namedItem(name);
        field('username').value = arguments[0];
        field('password').value = field('passwordConfirmation').value = arguments[1];
        form.requestSubmit(document.getElementById('register-submit'));""", username, PASSWORD)
    wait_ready(driver, f"the page after signing up {username}")
    eventually(driver, lambda: [e.get_attribute("textContent") for e in driver.find_elements(By.CSS_SELECTOR, ".user-link .user-name")],
               lambda names: names == [username], f"the header to name {username} after signing up")
    return username


def open_offline(driver: WebDriver, base: str, path: str) -> None:
    # Without a connection Chromium's own error page would have no `document.readyState` trouble,
    # so a page of Folio's must be what came back.
    visit(driver, base, path)
    element(driver, "#main")


# --- tests -----------------------------------------------------------------------------------

def test_first_page_offers_the_apps_and_a_newcomer_is_welcomed(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    visit(driver, base, "/")
    assert urlparse(driver.current_url).path == "/", f"/ went to {driver.current_url}"
    cards = driver.find_elements(By.CSS_SELECTOR, "#home-apps a.app-card")
    assert [urlparse(c.get_attribute("href")).path for c in cards] == ["/monologues", "/vocab", "/plots", "/characters", "/ghost"]
    assert "five small apps" in body_text(driver).lower()
    assert element(driver, "#home-register").is_displayed()
    assert_fits_width(driver, PHONE_WIDTH)
    assert_tabs_whole(driver)
    assert not driver.find_elements(By.CSS_SELECTOR, "#tabbar a[aria-current]"), "a tab is marked on the first page"
    shots(driver, artifacts, "home")

    visit(driver, base, "/account/login")
    shots(driver, artifacts, "login")
    visit(driver, base, "/")
    username = new_username()
    mark_page(driver)
    click(driver, "#home-register")
    wait_ready(driver)
    shots(driver, artifacts, "register")
    # A refused username says what to change in it, not the hint under the field once more.
    fill(driver, "#username", "ann smith")
    fill(driver, "#password", PASSWORD)
    fill(driver, "#password-confirmation", PASSWORD)
    submit(driver, "#register-submit")
    said = element(driver, ".form-errors").text
    assert "cannot have a space" in said and "3 to 32" not in said, said
    shots(driver, artifacts, "register-refused")
    fill(driver, "#username", username)
    fill(driver, "#password", PASSWORD)
    fill(driver, "#password-confirmation", PASSWORD)
    submit(driver, "#register-submit")
    welcome = element(driver, "#welcome")
    assert f"Welcome to Folio, {username}" in welcome.text
    steps = welcome.find_elements(By.CSS_SELECTOR, ".welcome-steps a")
    assert len(steps) >= 3 and "/monologues" in steps[0].get_attribute("href")
    assert not driver.find_elements(By.CSS_SELECTOR, "#home-register"), "a logged-in visitor is asked to register"
    assert lines_of(driver, ".brand") == 1
    assert_fits_width(driver, PHONE_WIDTH)
    shots(driver, artifacts, "welcome")
    # The welcome is for that visit: the address drops its mark, and a reload shows the first page as ever.
    assert "welcome" not in driver.current_url, driver.current_url
    driver.refresh()
    wait_ready(driver)
    assert not driver.find_elements(By.CSS_SELECTOR, "#welcome"), "the welcome came back on a reload"

    # The logged-in header keeps the brand on one line in every app, the longest names included.
    for path in ("/monologues", "/vocab", "/characters", "/account"):
        visit(driver, base, path)
        assert lines_of(driver, ".brand") == 1, f"{path}: the brand takes {lines_of(driver, '.brand')} lines"
        name = element(driver, ".user-link .user-name")
        assert name.text == username, f"{path}: the header shows the account as {name.text!r}"
        assert driver.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", name), \
            f"{path}: {username} is cut short in the header"
        assert_fits_width(driver, PHONE_WIDTH)
    shots(driver, artifacts, "account")

    # The first page is the one a click on the brand leads to, from any app.
    visit(driver, base, "/plots")
    mark_page(driver)
    click(driver, ".brand a")
    wait_ready(driver)
    assert urlparse(driver.current_url).path == "/" and driver.find_elements(By.CSS_SELECTOR, "#home-apps")
    assert not driver.find_elements(By.CSS_SELECTOR, "#welcome"), "the welcome shows again"


def test_tabs_and_chips_fit_a_phone(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    for path in ("/monologues", "/monologues/tags", "/plots", "/characters", "/ghost", "/ghost/help", "/account/login"):
        visit(driver, base, path)
        assert_tabs_whole(driver)
        assert_chips_all_in_view(driver)
        assert_fits_width(driver, PHONE_WIDTH)
        if path == "/ghost":
            screenshot(driver, artifacts, "everywhere-ghost-chips-phone")
    # The narrowest phones still show every label whole.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 320, "height": 640, "deviceScaleFactor": 2, "mobile": True})
    try:
        for path in ("/characters", "/ghost"):
            visit(driver, base, path)
            assert_tabs_whole(driver)
            assert_chips_all_in_view(driver)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_missing_page_leads_back_to_its_app(phone, folio_url, artifacts):
    driver, base = phone, folio_url
    visit(driver, base, "/plots/no/such/page")
    back = element(driver, "#error-back")
    assert back.text == "Back to Plots" and urlparse(back.get_attribute("href")).path == "/plots"
    text = body_text(driver)
    assert "Nothing at" not in text and "GET" not in text, text[:300]
    assert "There is no page at this address in Plots" in text
    assert driver.find_element(By.CSS_SELECTOR, "#tabbar a[aria-current='page']").text == "Plots"
    assert_fits_width(driver, PHONE_WIDTH)
    shots(driver, artifacts, "404")
    mark_page(driver)
    back.click()
    wait_ready(driver)
    assert urlparse(driver.current_url).path.startswith("/plots") and driver.find_elements(By.CSS_SELECTOR, "#plot-machine")

    visit(driver, base, "/no/such/page")
    assert not driver.find_elements(By.CSS_SELECTOR, "#error-back")
    assert urlparse(element(driver, "#error-home").get_attribute("href")).path == "/"


def test_installable_and_readable_offline(phone, folio_url, api, artifacts):
    driver, base = phone, folio_url
    # A cache of an earlier shell, made before the worker first runs: activating must delete it.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": "if (window.caches && location.pathname === '/account/register') caches.open('folio-shell-stale');"})
    sign_up(driver, base)

    # Installable: a manifest with icons of our own, a worker controlling every page.
    manifest_href = element(driver, "link[rel='manifest']").get_attribute("href")
    manifest = driver.execute_async_script(
        "var done = arguments[arguments.length - 1]; fetch(arguments[0]).then(r => r.json()).then(done, e => done(String(e)));",
        manifest_href)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone", manifest
    sizes = driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        Promise.all(arguments[0].map(function (icon) {
          return new Promise(function (resolve) {
            var image = new Image();
            image.onload = function () { resolve(icon.sizes + '=' + image.naturalWidth + 'x' + image.naturalHeight); };
            image.onerror = function () { resolve(icon.src + ' failed'); };
            image.src = icon.src;
          });
        })).then(done);""", manifest["icons"])
    assert "192x192=192x192" in sizes and "512x512=512x512" in sizes, sizes
    scope = eventually(driver, lambda: driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "navigator.serviceWorker.getRegistration().then(r => done(r && r.active && navigator.serviceWorker.controller ? r.scope : null));"),
        bool, "the service worker to control the page")
    assert urlparse(scope).path == "/", scope
    caches_now = kept_paths(driver)
    shell = [name for name in caches_now if name.startswith("folio-shell-")]
    assert len(shell) == 1 and "folio-shell-stale" not in caches_now, f"caches after activation: {list(caches_now)}"
    assert {"/offline", "/public/app.css", "/public/app.js"} <= set(caches_now[shell[0]])

    # Read while online: a favourite with an edit of one's own, the plot wheels, the characters.
    visit(driver, base, "/monologues?q=dagger")
    chosen = open_first_result(driver)
    title = driver.title.split(" · ")[0]
    click(driver, "#favourite-toggle")
    eventually(driver, lambda: element(driver, "#favourite-toggle").text.lower(), lambda t: "remove" in t, "the favourite")
    visit(driver, base, "/monologues/favourites")
    mark_page(driver)
    click(driver, "a.edit-link")
    wait_ready(driver)
    note = "Breathe before the dagger line."
    set_textarea(driver, "textarea#edit-notes", note)
    submit(driver, "#edit-save")
    visit(driver, base, f"/monologues/{chosen}")
    assert note in body_text(driver)
    visit(driver, base, "/monologues/favourites")
    visit(driver, base, "/monologues")
    # A seeded plot: /plots alone deals a new one, whose address its script rewrites to its seed
    # some 140 ms later, and only the address the page was fetched at is kept.
    plot_path = "/plots/917484202"
    visit(driver, base, plot_path)
    visit(driver, base, "/characters")
    character = urlparse(element(driver, "a.character-link").get_attribute("href")).path
    visit(driver, base, character + "/details")
    visit(driver, base, "/ghost/help")
    visit(driver, base, "/")
    visit(driver, base, "/monologues?q=zzqx")
    wait_until_kept(driver, f"/monologues/{chosen}", "/monologues/favourites", "/monologues", plot_path, "/characters",
                    character + "/details", "/ghost/help", "/", "/monologues?q=zzqx")
    assert not any(p.startswith("/account") for p in pages_kept(driver)), pages_kept(driver)

    sessions = go_offline(driver)
    try:
        # Never opened: the offline page, which only the worker can have answered with.
        open_offline(driver, base, "/ghost/scores")
        assert element(driver, "#offline-page").is_displayed()
        text = body_text(driver)
        assert "What needs a connection" in text and "What works offline" in text
        # Kept once for every account of the device, it names nobody and offers no log-in.
        assert not driver.find_elements(By.CSS_SELECTOR, ".user-link"), "the offline page offers an account link"
        eventually(driver, lambda: [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#offline-saved-list a")],
                   lambda titles: f"{title} · Monologues" in titles, f"#offline-saved-list to name {title!r}")
        # The first page, kept too, is the button above the list, not a second link in it.
        links = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#offline-page a")]
        assert links.count("All of Folio") == 1, links
        # A search that found nothing is kept, but not offered as a page to go back to.
        assert not any("zzqx" in link for link in links), links
        # Revision, rehearsal, the pairs and Ghost on the device were never opened here: their
        # pages are not kept, so they are named without a link that would lead back to this page.
        eventually(driver, lambda: len(driver.find_elements(By.CSS_SELECTOR, "#offline-page .not-kept-note")), lambda n: n == 4,
                   "the four pages that play on the device to say they are not kept")
        links = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#offline-page a")]
        for words in ("Vocabulary revision", "Rehearsing a favourite", "Your vocabulary pairs", "Ghost on this device"):
            assert words not in links, (words, links)
        assert_fits_width(driver, PHONE_WIDTH)
        shots(driver, artifacts, "offline")

        # Read before: the kept copies, the reader's own edit included.
        open_offline(driver, base, f"/monologues/{chosen}")
        assert note in body_text(driver), "the favourite's note is not shown offline"
        assert element(driver, "#offline-note").is_displayed(), "no word that the device is offline"
        open_offline(driver, base, "/monologues/favourites")
        assert driver.find_elements(By.CSS_SELECTOR, "li.favourite .edited-badge"), "the kept favourites lack the edit"
        # The list is kept, but searching it needs the connection, and says so above the list it
        # leaves in place (it looked searched, and was every monologue).
        open_offline(driver, base, "/monologues")
        element(driver, "#search-input").send_keys("hamlet")
        said = eventually(driver, lambda: [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#search-unanswered")],
                          lambda seen: seen and "“hamlet”" in seen[0], "the search to say it got no answer")
        assert said[0].startswith("Searching needs the connection"), said
        shots(driver, artifacts, "offline-search")
        open_offline(driver, base, "/characters")
        assert len(driver.find_elements(By.CSS_SELECTOR, "li.character-row")) >= 18
        eventually(driver, lambda: driver.execute_script(
            "return Array.from(document.querySelectorAll('img.thumb')).slice(0, 4).every(i => i.complete && i.naturalWidth > 0)"),
            bool, "the kept portraits to show offline")
        open_offline(driver, base, character + "/details")
        assert driver.find_elements(By.CSS_SELECTOR, "dl#facts")
        open_offline(driver, base, "/ghost/help")
        assert driver.find_elements(By.CSS_SELECTOR, "#ghost-rules")

        # The wheels turn by hand. A spin turns them at once, as for a reader who asks for less
        # motion (its 1.3–2.3 s of turning is not what is tested here).
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        open_offline(driver, base, plot_path)
        element(driver, "#plot-machine[data-ready='true']")
        before = element(driver, "#plot-text").text
        element(driver, "#wheel-subject").send_keys(Keys.ARROW_DOWN)
        eventually(driver, lambda: element(driver, "#plot-text").text, lambda now: now != before, "the subject wheel to turn offline")
        # Spin deals a new plot without a connection, its seed in the address; the address
        # reloads to the same plot from the plot page the device kept.
        click(driver, "#plot-spin")
        spun = eventually(driver, lambda: urlparse(driver.current_url).path,
                          lambda path: re.fullmatch(r"/plots/\d+", path) and path != plot_path, "Spin to deal a plot offline")
        eventually(driver, lambda: element(driver, "#plot-machine").get_attribute("data-spinning"), lambda v: v is None, "the spin to end")
        spun_text = element(driver, "#plot-text").text
        spun_ids = element(driver, "#plot-machine").get_attribute("data-ids")
        open_offline(driver, base, spun)
        element(driver, "#plot-machine[data-ready='true']")
        assert element(driver, "#plot-text").text == spun_text and not driver.find_elements(By.CSS_SELECTOR, "#offline-page")

        # A form sent offline says it was not saved, rather than the browser's error page.
        open_offline(driver, base, f"/monologues/{chosen}")
        mark_page(driver)
        click(driver, "#favourite-toggle")
        wait_ready(driver, "the answer to a form sent offline")
        assert element(driver, "#offline-page").is_displayed()
    finally:
        go_online(driver, sessions)
    # The server deals the plot Spin dealt offline for that seed.
    assert api.get("/api/v1/plots/" + spun.split("/")[-1])["ids"] == spun_ids

    # Online again: pages come from the server, and a log-out drops the account's kept pages.
    visit(driver, base, "/account")
    submit(driver, "#logout-submit")
    visit(driver, base, "/plots")
    eventually(driver, lambda: pages_kept(driver), lambda kept: f"/monologues/{chosen}" not in kept and "/monologues/favourites" not in kept,
               "the log-out to drop the account's kept pages")
