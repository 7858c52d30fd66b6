"""Starting and stopping `folio serve` for the scripts and the Python suites (browser, security,
crash): a free loopback port, a fresh import, a wait for /api/v1/ping, a stop that never hangs.
Standard library only."""

from __future__ import annotations

import secrets
import shutil
import socket
import subprocess
import time
import urllib.parse
import urllib.request
from pathlib import Path

# Environment proxies must not swallow requests to the local server.
_local = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class ServerFailed(Exception):
    """The server could not be imported into or started; the message carries its log's tail."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(Path(path).read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def import_library(binary: str | Path, corpus: str | Path, data_dir: str | Path, timeout: float = 600,
                   database: str | None = None) -> None:
    """`folio import shakespeare CORPUS` into DATA_DIR, or into DATABASE (a --database URL) when given."""
    target = ["--data-dir", str(data_dir)] + (["--database", database] if database else [])
    imported = subprocess.run([str(binary), "import", "shakespeare", str(corpus), *target],
                              capture_output=True, text=True, timeout=timeout)
    if imported.returncode != 0:
        raise ServerFailed(f"folio import failed ({imported.returncode}):\n{imported.stdout}{imported.stderr}")


def fresh_schema_url(postgres_url: str, prefix: str) -> str:
    """POSTGRES_URL (postgres://user@host:port/db) with `schema=PREFIX_<random hex>`: an empty
    PostgreSQL schema of its own, which folio creates as it first connects."""
    return f"{postgres_url}{'&' if '?' in postgres_url else '?'}schema={prefix}_{secrets.token_hex(6)}"


def split_schema(database_url: str) -> tuple[str, str | None]:
    """A --database URL as (the URL libpq understands, its `schema`): psql knows no `schema=`."""
    parts = urllib.parse.urlsplit(database_url)
    query = urllib.parse.parse_qsl(parts.query)
    schema = next((value for name, value in query if name == "schema"), None)
    rest = urllib.parse.urlencode([(name, value) for name, value in query if name != "schema"])
    return urllib.parse.urlunsplit(parts._replace(query=rest)), schema


def psql(database_url: str, sql: str, timeout: float = 60) -> list[list[str]]:
    """Runs SQL with psql (PostgreSQL's client, installed with the server) in the URL's schema;
    the rows as lists of text. Raises ServerFailed if psql fails."""
    url, schema = split_schema(database_url)
    env_sql = (f"SET search_path TO {schema};\n" if schema else "") + sql
    done = subprocess.run(["psql", url, "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", env_sql],
                          capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise ServerFailed(f"psql failed ({done.returncode}): {done.stderr.strip()}")
    return [line.split("\t") for line in done.stdout.splitlines() if line]


def drop_schema(database_url: str, timeout: float = 60) -> None:
    """Drops the URL's schema and everything in it (a test's throwaway database)."""
    url, schema = split_schema(database_url)
    if schema:
        psql(url, f"DROP SCHEMA IF EXISTS {schema} CASCADE", timeout=timeout)


class Server:
    """One running `folio serve` on 127.0.0.1: its port, base URL, data directory and log."""

    def __init__(self, binary: str | Path, data_dir: str | Path, log: str | Path, *options: str,
                 port: int | None = None, startup_seconds: float = 60, remove_data: bool = False):
        self.binary, self.data_dir, self.log = str(binary), Path(data_dir), Path(log)
        self.options = options
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.remove_data = remove_data
        self.process: subprocess.Popen | None = None
        self.start(startup_seconds)

    def start(self, startup_seconds: float = 60) -> None:
        """Starts (or, after a kill, restarts on the same port and data) and waits until it answers."""
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [self.binary, "serve", "--hostname", "127.0.0.1", "--port", str(self.port), "--data-dir", str(self.data_dir),
                 *self.options],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + startup_seconds
        while True:
            if self.process.poll() is not None:
                raise ServerFailed(f"folio serve exited with {self.process.returncode}:\n{tail(self.log)}")
            try:
                _local.open(f"{self.base}/api/v1/ping", timeout=2).read()
                return
            except OSError:
                if time.monotonic() > deadline:
                    self.stop()
                    raise ServerFailed(f"folio serve did not answer /api/v1/ping within {startup_seconds} s:\n{tail(self.log)}")
                time.sleep(0.1)

    @property
    def pid(self) -> int:
        return self.process.pid

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def wait(self) -> None:
        """After the process was killed from outside: reap it."""
        self.process.wait()

    def stop(self, grace: float = 10) -> None:
        """Asks the server to stop, kills it after GRACE seconds, and removes its data if it owns it."""
        if self.alive():
            self.process.terminate()
            try:
                self.process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=grace)
        if self.remove_data:
            shutil.rmtree(self.data_dir, ignore_errors=True)
