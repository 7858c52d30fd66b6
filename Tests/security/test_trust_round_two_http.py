"""HTTP and operations, round two: metrics are for the operator (not for the internet behind a
trusted proxy) and count a refused WebSocket as what it is; idle connections closed by the timeout
are routine, not errors in the log; and an HTTP/1.0 client's connection is closed after its answer
instead of waiting for the idle timeout."""

from __future__ import annotations

import re
import secrets
import socket
import time

import requests
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect as ws_connect

from conftest import REQUEST_SECONDS
from test_requests import connect, read_until_closed


def metrics_get(server, headers: dict | None = None) -> requests.Response:
    return requests.get(server.base + "/metrics", headers=headers or {}, timeout=REQUEST_SECONDS, allow_redirects=False)


# MARK: - Metrics

def test_metrics_on_the_main_port_answer_only_loopback_visitors(make_server):
    """Replays a visitor from the internet reading `/metrics` through the load balancer: without
    `--ops-port`, the main port serves `/metrics`, which tells anyone every route's traffic, errors
    and the rooms in play. Behind `--trusted-proxy 127.0.0.1`, a request the proxy forwards for
    203.0.113.9 gets a 404; the operator on the machine itself (no forwarded address) still gets 200."""
    server = make_server("http-metrics-visitors", "--trusted-proxy", "127.0.0.1")
    forwarded = metrics_get(server, {"X-Forwarded-For": "203.0.113.9"})
    assert forwarded.status_code == 404, (forwarded.status_code, forwarded.text[:200])
    assert "hb_requests" not in forwarded.text
    local = metrics_get(server)
    assert local.status_code == 200 and "# TYPE" in local.text


def socket_metric_lines(text: str) -> list[str]:
    """The `hb_requests` counter lines of the Ghost socket's route."""
    return [line for line in text.splitlines()
            if line.startswith("hb_requests{") and re.search(r'http_route="[^"]*socket[^"]*"', line)]


def test_a_websocket_upgrade_for_a_missing_game_is_a_400_counted_as_400(make_server):
    """Replays socket probing for game ids: each upgrade for a game that does not exist was refused
    with 400 but counted in `/metrics` as a 500, so a scan looked like the server failing (and
    would page an operator). It is a 400, and counted under status 400, not 500."""
    server = make_server("http-metrics-socket")
    url = server.base.replace("http://", "ws://") + f"/ghost/games/{secrets.token_hex(16)}/socket"
    for _ in range(3):
        try:
            with ws_connect(url, open_timeout=10, close_timeout=5):
                raise AssertionError("a socket opened on a game that does not exist")
        except InvalidStatus as refused:
            assert refused.response.status_code == 400, refused.response.status_code
    lines = socket_metric_lines(metrics_get(server).text)
    print("socket route metrics:", lines)
    assert lines, "the refused upgrades were not counted at all"
    assert not [line for line in lines if 'http_response_status_code="500"' in line], lines
    assert [line for line in lines if 'http_response_status_code="400"' in line], lines


# MARK: - Idle timeouts

ROUTINE_PATTERNS = re.compile(r"upgrade result|time ?out|timed out|idle", re.I)


def error_lines(log_text: str) -> list[str]:
    """Log lines at error level or above (swift-log's stream handler writes the level after the
    timestamp: `2025-01-01T00:00:00+0000 error folio : …`)."""
    return [line for line in log_text.splitlines() if re.match(r"^\S+\s+(error|critical)\b", line)]


def test_idle_connections_closed_by_the_timeout_are_not_logged_as_errors(make_server):
    """Replays idle connections (port scanners, browsers' preconnects, a slowloris that gives up):
    with `--idle-timeout 1`, 20 connections that send nothing and 3 that send a request and then
    idle are closed by the server. That is routine: no line at error level about the timeout (such
    as Hummingbird's "Error handling upgrade result") may reach the log, where an operator would
    read it as a fault, or a flood of them fill the disk."""
    server = make_server("http-idle-log", "--idle-timeout", "1")
    sockets = []
    try:
        for _ in range(20):
            sockets.append(connect(server))
        for _ in range(3):
            sock = connect(server)
            sock.sendall(b"GET /api/v1/ping HTTP/1.1\r\nHost: x\r\n\r\n")
            sockets.append(sock)
        time.sleep(3)
        closed = 0
        for sock in sockets:
            _, was_closed = read_until_closed(sock, 0.2)
            closed += was_closed
    finally:
        for sock in sockets:
            sock.close()
    assert closed == len(sockets), f"only {closed} of {len(sockets)} idle connections were closed"
    assert requests.get(server.base + "/api/v1/ping", timeout=REQUEST_SECONDS).text == "pong"
    time.sleep(0.5)
    errors = [line for line in error_lines(server.log.read_text(errors="replace")) if ROUTINE_PATTERNS.search(line)]
    print(f"{len(errors)} error lines about idle connections, e.g. {errors[:1]}")
    assert not errors, f"{len(errors)} error-level log lines for idle connections: {errors[:2]}"


# MARK: - HTTP/1.0

def test_an_http_1_0_request_is_answered_and_its_connection_closed(server):
    """Replays an HTTP/1.0 client (old tools, health checkers) that sends no keep-alive: by the
    protocol the connection ends with the answer, and such a client waits for the close to know the
    answer is complete. A server that keeps it open holds one connection per request for the idle
    timeout. The answer comes, and the connection is closed within 1 s."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=REQUEST_SECONDS) as sock:
        started = time.monotonic()
        sock.sendall(b"GET /api/v1/ping HTTP/1.0\r\nHost: x\r\n\r\n")
        received, closed = read_until_closed(sock, 1.0)
        seconds = time.monotonic() - started
    print(f"HTTP/1.0 answer: {received[:60]!r}…, closed: {closed} after {seconds * 1000:.0f} ms")
    assert re.match(rb"HTTP/1\.[01] 200 ", received), received[:200]
    assert received.endswith(b"pong"), received[-100:]
    assert closed, "the connection was still open 1 s after the answer"
