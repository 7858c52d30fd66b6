"""Grammar expansion is bounded: a costly grammar is refused quickly, expansions run off the
threads that answer other requests, only a few at once (the rest get 503 with Retry-After), no
answer passes the 20,000-character cap, and an account keeps a limited number of grammars."""

from __future__ import annotations

import json
import threading
import time

import requests

from conftest import Client, unique

# 2^18 branches into empty text: past the 100,000-step budget.
COSTLY = {chr(ord("a") + i): f"#{chr(ord('a') + i + 1)}##{chr(ord('a') + i + 1)}#" for i in range(17)}
COSTLY["origin"] = "#a##a#"
COSTLY["r"] = ""

# 2^15 leaves of empty text: about 65,000 steps, legal but as costly as a grammar may be.
NEAR_BUDGET = {chr(ord("a") + i): f"#{chr(ord('a') + i + 1)}##{chr(ord('a') + i + 1)}#" for i in range(14)}
NEAR_BUDGET["origin"] = "#a##a#"
NEAR_BUDGET["o"] = ""

# About 18 KB: each of 4,000 uses of y applies .a 3,000 times.
MODIFIER_BOMB = {"w": "wolf", "y": "#w" + ".a" * 3000 + "#", "origin": "#y#" * 4000}


def expand(base: str, grammar: dict, count: int = 1, timeout: float = 30) -> requests.Response:
    """As the page's script calls it: a browser's cookie and CSRF token, no account needed."""
    return Client(base).api("POST", "/api/v1/plots/expand", json={"grammar": grammar, "count": count, "seed": 1}, timeout=timeout)


def test_a_costly_grammar_is_refused_within_a_second(server):
    started = time.monotonic()
    response = expand(server.base, COSTLY)
    elapsed = time.monotonic() - started
    assert response.status_code == 400, response.text
    assert response.json()["error"]["code"] == "grammar_too_costly"
    assert "100,000 steps" in response.json()["error"]["message"]
    assert elapsed < 1.0, f"refused after {elapsed:.2f} s"


def test_a_modifier_bomb_never_returns_more_than_the_cap(server):
    body = json.dumps({"grammar": MODIFIER_BOMB, "count": 3})
    assert 17_000 < len(body) < 19_000
    client = server.client()
    response = client.api("POST", "/api/v1/plots/expand", data=body, headers={"Content-Type": "application/json"}, stream=True)
    content = response.raw.read(200_000, decode_content=True)
    assert len(content) < 200_000
    assert response.status_code == 400 and json.loads(content)["error"]["code"] == "grammar_too_costly"
    # Legal expansions never pass the cap either.
    legal = expand(server.base, {"origin": "#t##t#", "t": "x" * 10_000})
    assert legal.status_code == 200 and len(legal.json()["items"][0]["text"]) == 20_000
    over = expand(server.base, {"origin": "#t##t#!", "t": "x" * 10_000})
    assert over.status_code == 400 and over.json()["error"]["code"] == "grammar_too_costly"


def test_ping_answers_quickly_while_costly_expansions_run(server):
    stop = time.monotonic() + 4
    statuses: list[int] = []

    def keep_expanding():
        while time.monotonic() < stop:
            statuses.append(expand(server.base, NEAR_BUDGET, count=20).status_code)

    workers = [threading.Thread(target=keep_expanding) for _ in range(2)]
    for worker in workers:
        worker.start()
    try:
        time.sleep(0.3)
        session = requests.Session()
        session.trust_env = False
        slowest = 0.0
        for _ in range(20):
            started = time.monotonic()
            assert session.get(f"{server.base}/api/v1/ping", timeout=5).text == "pong"
            slowest = max(slowest, time.monotonic() - started)
            time.sleep(0.1)
        assert slowest < 0.2, f"ping took {slowest * 1000:.0f} ms"
    finally:
        for worker in workers:
            worker.join(timeout=60)
    assert statuses and all(code in (200, 503) for code in statuses), statuses
    assert 200 in statuses


def test_more_expansions_than_the_gate_allows_get_503_with_retry_after(make_server):
    running = make_server("expansion-gate", "--concurrent-expansions", "1")
    results: list[requests.Response] = []
    lock = threading.Lock()

    def one():
        response = expand(running.base, NEAR_BUDGET, count=100)
        with lock:
            results.append(response)

    threads = [threading.Thread(target=one) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    codes = sorted(r.status_code for r in results)
    assert len(codes) == 8
    assert 500 not in codes and set(codes) <= {200, 503}, codes
    assert 200 in codes and 503 in codes, codes
    for response in results:
        if response.status_code == 503:
            assert response.headers.get("Retry-After") == "1"
            assert response.json()["error"]["message"]
    assert running.alive()


def test_a_costly_grammar_is_not_saved(server):
    client = server.client()
    assert client.register(unique("costly")).status_code == 303
    api = client.api("POST", "/api/v1/plots/grammars", json={"name": "Costly", "grammar": COSTLY})
    assert api.status_code == 400 and api.json()["error"]["code"] == "grammar_too_costly"
    page = client.post_form("/plots/grammars", {"name": "Costly", "json": json.dumps(COSTLY)})
    assert page.status_code == 400 and "100,000 steps" in page.text
    listed = client.api("GET", "/api/v1/plots/grammars").json()
    assert listed["total"] == 0 and listed["items"] == []


def test_the_grammar_quota_is_reached_after_n_saves(make_server):
    running = make_server("grammar-quota", "--max-grammars-per-account", "3")
    client = running.client()
    assert client.register(unique("quota")).status_code == 303
    for n in range(3):
        saved = client.api("POST", "/api/v1/plots/grammars", json={"name": f"G{n}", "grammar": {"origin": "x"}})
        assert saved.status_code == 200, saved.text
    refused = client.api("POST", "/api/v1/plots/grammars", json={"name": "G3", "grammar": {"origin": "x"}})
    assert refused.status_code == 409
    assert refused.json()["error"]["code"] == "grammar_quota_reached" and "3 grammars" in refused.json()["error"]["message"]
    # Replacing one under its own name still works; the count stays at three.
    assert client.api("POST", "/api/v1/plots/grammars", json={"name": "G0", "grammar": {"origin": "y"}}).status_code == 200
    assert client.api("GET", "/api/v1/plots/grammars").json()["total"] == 3
    # Another account has its own quota.
    other = running.client()
    assert other.register(unique("quota")).status_code == 303
    assert other.api("POST", "/api/v1/plots/grammars", json={"name": "G3", "grammar": {"origin": "x"}}).status_code == 200
