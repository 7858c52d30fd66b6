"""HTTP requests the server must refuse or bound: oversized heads, conflicting framing, unknown
methods and slow clients (raw sockets, since no well-behaved client sends them); odd static file
names; the security headers on every kind of answer; links that ignore the Host header; and the
cacheable, gzipped change feed."""

from __future__ import annotations

import gzip
import re
import socket
import time

import requests

from conftest import REQUEST_SECONDS

IDLE_TIMEOUT = 2
# A closed connection must be seen within the timeout plus this (scheduling on a busy machine).
SLACK_SECONDS = 3


def connect(server, timeout: float = REQUEST_SECONDS) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=timeout)


def read_until_closed(sock: socket.socket, limit: float) -> tuple[bytes, bool]:
    """Everything the server sends within `limit` seconds, and whether it closed the connection."""
    deadline = time.monotonic() + limit
    received = b""
    while time.monotonic() < deadline:
        sock.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            return received, False
        except ConnectionResetError:
            return received, True
        if not chunk:
            return received, True
        received += chunk
    return received, False


def exchange(server, data: bytes, limit: float = 10) -> tuple[int, bytes, bool]:
    """Sends raw bytes; returns the first answer's status, all bytes received, and whether the
    server closed the connection within `limit` seconds."""
    with connect(server) as sock:
        try:
            sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may refuse before reading it all; its answer is still there to read
        received, closed = read_until_closed(sock, limit)
    status = int(received.split(b" ", 2)[1]) if received.startswith(b"HTTP/1.1 ") else 0
    return status, received, closed


def statuses(received: bytes) -> list[int]:
    """Every status line's code, in order (a body without a newline runs into the next answer)."""
    return [int(code) for code in re.findall(rb"HTTP/1\.1 (\d{3}) ", received)]


# MARK: - Heads and framing

def test_a_64_kb_header_gets_431_and_a_closed_connection(server):
    status, received, closed = exchange(server, b"GET /monologues HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"a" * 65536 + b"\r\n\r\n")
    assert status == 431, received[:200]
    assert closed
    assert b"Connection: close" in received


def test_too_many_header_fields_get_431(server):
    fields = b"".join(b"X-Field-%d: 1\r\n" % i for i in range(500))
    status, received, closed = exchange(server, b"GET /monologues HTTP/1.1\r\nHost: x\r\n" + fields + b"\r\n")
    assert status == 431, received[:200]
    assert closed


def test_a_long_request_line_gets_431(server):
    status, _, closed = exchange(server, b"GET /monologues?q=" + b"a" * 40000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status == 431
    assert closed


def test_content_length_with_transfer_encoding_gets_400_and_a_closed_connection(server):
    status, received, closed = exchange(
        server, b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
    assert status == 400, received[:200]
    assert closed


def test_two_different_content_lengths_get_400(server):
    status, received, closed = exchange(
        server, b"POST /api/v1/plots HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd")
    assert status == 400, received[:200]
    assert closed


def test_a_bad_chunk_size_gets_400(server):
    status, received, closed = exchange(
        server, b"POST /api/v1/plots HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n")
    assert statuses(received)[:1] == [400], received[:300]
    assert status == 400
    assert closed


def test_an_unknown_method_gets_400_and_a_closed_connection(server):
    status, received, closed = exchange(server, b"BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status == 400, received[:200]
    assert closed


def test_pipelined_requests_are_all_answered(server):
    ping = b"GET /api/v1/ping HTTP/1.1\r\nHost: x\r\n\r\n"
    with connect(server) as sock:
        sock.sendall(ping * 3)
        received = b""
        deadline = time.monotonic() + 10
        while received.count(b"pong") < 3 and time.monotonic() < deadline:
            chunk = sock.recv(65536)
            if not chunk:
                break
            received += chunk
    assert statuses(received) == [200, 200, 200]


# MARK: - Slow and idle clients

def test_a_slowloris_head_is_closed_within_the_idle_timeout(make_server):
    running = make_server("requests-idle", "--idle-timeout", str(IDLE_TIMEOUT))
    head = b"GET /api/v1/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n\r\n"
    started = time.monotonic()
    closed_at = None
    with connect(running) as sock:
        for byte in head:
            try:
                sock.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                closed_at = time.monotonic()
                break
            _, closed = read_until_closed(sock, 1.0)  # one byte a second
            if closed:
                closed_at = time.monotonic()
                break
            if time.monotonic() - started > IDLE_TIMEOUT + SLACK_SECONDS:
                break
    assert closed_at is not None, "the trickled head kept its connection open"
    assert closed_at - started <= IDLE_TIMEOUT + SLACK_SECONDS
    assert running.alive()


def test_an_idle_connection_is_closed_and_a_slow_body_too(make_server):
    running = make_server("requests-idle-body", "--idle-timeout", str(IDLE_TIMEOUT))
    with connect(running) as sock:
        started = time.monotonic()
        _, closed = read_until_closed(sock, IDLE_TIMEOUT + SLACK_SECONDS)
        assert closed and time.monotonic() - started >= IDLE_TIMEOUT - 0.5
    with connect(running) as sock:
        started = time.monotonic()
        sock.sendall(b"POST /api/v1/plots HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
        closed = False
        while not closed and time.monotonic() - started < IDLE_TIMEOUT + SLACK_SECONDS:
            try:
                sock.sendall(b" ")
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            _, closed = read_until_closed(sock, 0.5)
        assert closed, "a body trickled a byte at a time kept its connection open"
    # A client that keeps up is untouched by the timeout.
    assert requests.get(running.base + "/api/v1/ping", timeout=REQUEST_SECONDS).text == "pong"


def test_ping_answers_while_20_slowloris_connections_are_open(server):
    sockets = []
    try:
        for _ in range(20):
            sock = connect(server)
            sock.sendall(b"GET /monologues HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            sockets.append(sock)
        started = time.monotonic()
        answer = requests.get(server.base + "/api/v1/ping", timeout=REQUEST_SECONDS)
        assert answer.status_code == 200 and answer.text == "pong"
        assert time.monotonic() - started < 2
    finally:
        for sock in sockets:
            sock.close()


# MARK: - Static file names

def test_odd_static_names_are_404(server):
    for path in [b"/public/%00", b"/public/app.css%00.png", b"/public/%2e%2e/openapi.json",
                 b"/public/%2e%2e%2f%2e%2e%2fPackage.swift", b"/public/..%2fTemplates%2flayout.mustache", b"/public/a%0db"]:
        status, received, _ = exchange(server, b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert status == 404, (path, received[:200])
        assert b":root" not in received and b"{{" not in received
    status, _, _ = exchange(server, b"GET /public/app.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert status == 200


# MARK: - Headers

def assert_security_headers(answer: requests.Response, what: str):
    policy = answer.headers.get("Content-Security-Policy", "")
    assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy, (what, policy)
    assert "frame-ancestors 'none'" in policy, what
    assert "connect-src 'self'" in policy, what
    assert answer.headers.get("X-Frame-Options") == "DENY", what
    assert answer.headers.get("X-Content-Type-Options") == "nosniff", what
    assert answer.headers.get("Referrer-Policy") == "same-origin", what


def test_security_headers_on_a_page_an_api_answer_and_errors(server):
    client = server.client()
    page = client.get("/monologues")
    assert page.status_code == 200
    assert_security_headers(page, "page")
    api = client.get("/api/v1/monologues?q=king&limit=2")
    assert api.status_code == 200
    assert_security_headers(api, "API answer")
    missing = client.get("/api/v1/monologues/no-such-monologue")
    assert missing.status_code == 404
    assert_security_headers(missing, "API error")
    assert_security_headers(client.get("/no/such/page"), "page error")
    assert_security_headers(client.get("/public/app.css"), "static file")
    # The page loads no inline script: the theme comes from a file, before the page is drawn.
    assert "<script>" not in page.text and '<script src="/public/theme.js"></script>' in page.text


def test_swapi_links_ignore_the_host_header(make_server):
    running = make_server("requests-public-url", "--public-url", "https://folio.example.org")
    for headers in ({"Host": "evil.example"}, {"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http"}):
        answer = requests.get(running.base + "/swapi/people/", headers=headers, timeout=REQUEST_SECONDS)
        assert answer.status_code == 200
        assert "evil.example" not in answer.text
        assert answer.json()["next"].startswith("https://folio.example.org/swapi/people/")
        assert all(p["url"].startswith("https://folio.example.org/swapi/") for p in answer.json()["results"])


# MARK: - The change feed

def raw_get(server, path: str, headers: dict) -> requests.Response:
    """A GET whose body is left exactly as sent (requests would undo the gzip)."""
    answer = requests.get(server.base + path, headers=headers, timeout=REQUEST_SECONDS, stream=True)
    answer.raw_bytes = answer.raw.read(decode_content=False)
    return answer


def test_change_feed_has_an_etag_answers_304_and_is_gzipped(server):
    path = "/api/v1/monologues/changes?since=0"
    plain = raw_get(server, path, {"Accept-Encoding": "identity"})
    assert plain.status_code == 200
    assert "Content-Encoding" not in plain.headers
    assert len(plain.raw_bytes) > 1_000_000
    assert plain.headers["Cache-Control"] == "public, no-cache"
    tag = plain.headers["ETag"]
    assert tag.startswith('"') and not tag.startswith("W/")

    zipped = raw_get(server, path, {"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"]
    assert len(zipped.raw_bytes) * 3 < len(plain.raw_bytes)
    assert gzip.decompress(zipped.raw_bytes) == plain.raw_bytes

    for headers in ({"If-None-Match": tag, "Accept-Encoding": "identity"}, {"If-None-Match": zipped.headers["ETag"]}):
        again = raw_get(server, path, headers)
        assert again.status_code == 304
        assert again.raw_bytes == b""
    assert raw_get(server, path, {"If-None-Match": '"old"', "Accept-Encoding": "identity"}).status_code == 200
