"""Accounts, sessions and passwords against a live server: bcrypt on its own threads (a burst of
sign-ups never holds other requests back, and past the queue is a 503 with Retry-After),
registrations limited per network, log-in throttling per username and network that holds under
concurrent guesses and never locks the owner out from elsewhere, password rules, `next`
redirects that stay on the site, and CSRF tokens bound to the session.

Other networks are reached by binding the client's socket to another loopback address
(127.0.0.2): the server sees it as a different address, as it would a different household."""

from __future__ import annotations

import os
import subprocess
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

from conftest import REQUEST_SECONDS, Client, browser_from, unique

PASSWORD = "correct horse battery"
FREE_FAILURES = 5


def form_token(client: Client) -> str:
    """The CSRF token of the client's current page, fetched once so concurrent posts share it."""
    return client.csrf()


def register_with(client: Client, token: str, username: str, password: str = PASSWORD) -> requests.Response:
    return client.session.post(client.base + "/account/register", allow_redirects=False, timeout=REQUEST_SECONDS,
                               data={"username": username, "password": password, "passwordConfirmation": password,
                                     "csrfToken": token})


def login_with(client: Client, token: str, username: str, password: str, next_path: str | None = None) -> requests.Response:
    data = {"username": username, "password": password, "csrfToken": token}
    if next_path is not None:
        data["next"] = next_path
    return client.session.post(client.base + "/account/login", allow_redirects=False, timeout=REQUEST_SECONDS, data=data)


def test_a_burst_of_sign_ups_does_not_hold_back_other_requests(make_server):
    server = make_server("accounts-burst", "--max-registrations-per-hour", "100")
    clients = [server.client() for _ in range(16)]
    tokens = [form_token(c) for c in clients]
    prefix = unique("burst")
    pings: list[float] = []
    done = threading.Event()

    def ping_while_busy():
        probe = requests.Session()
        probe.trust_env = False
        while not done.is_set():
            start = time.monotonic()
            assert probe.get(server.base + "/api/v1/ping", timeout=REQUEST_SECONDS).status_code == 200
            pings.append(time.monotonic() - start)
            time.sleep(0.05)

    pinger = threading.Thread(target=ping_while_busy)
    pinger.start()
    started = time.monotonic()
    try:
        with ThreadPoolExecutor(max_workers=16) as pool:
            statuses = list(pool.map(lambda i: register_with(clients[i], tokens[i], f"{prefix}{i}").status_code, range(16)))
    finally:
        done.set()
        pinger.join(timeout=REQUEST_SECONDS)
    elapsed = time.monotonic() - started
    print(f"16 sign-ups took {elapsed:.2f} s; /api/v1/ping: {len(pings)} answers, "
          f"slowest {max(pings) * 1000:.0f} ms, median {sorted(pings)[len(pings) // 2] * 1000:.0f} ms")
    assert statuses == [303] * 16, statuses
    assert len(pings) >= 3
    # Before bcrypt had threads of its own, the slowest ping here took 2 to 3 s (94 ms after).
    assert max(pings) < 1.0, pings


def test_past_the_password_queue_is_a_503_with_retry_after(make_server):
    server = make_server("accounts-queue", "--concurrent-password-checks", "1", "--password-queue-length", "0",
                         "--max-registrations-per-hour", "100")
    clients = [server.client() for _ in range(6)]
    tokens = [form_token(c) for c in clients]
    prefix = unique("queue")
    barrier = threading.Barrier(6)

    def register(i: int) -> requests.Response:
        barrier.wait(timeout=REQUEST_SECONDS)
        return register_with(clients[i], tokens[i], f"{prefix}{i}")

    with ThreadPoolExecutor(max_workers=6) as pool:
        responses = list(pool.map(register, range(6)))
    statuses = [r.status_code for r in responses]
    assert set(statuses) <= {303, 503}, statuses
    assert 303 in statuses and 503 in statuses, statuses
    for busy in (r for r in responses if r.status_code == 503):
        assert busy.headers.get("Retry-After") == "1"
        assert "checking many passwords" in busy.text
    # Refused sign-ups were taken back, not counted: they can register once the burst is over. As
    # a client should, each waits the Retry-After it was given before it tries again: the burst's
    # last check may still be letting go of its place when its answer arrives (on a busy machine
    # the first try after the burst was once refused too).
    for i, response in enumerate(responses):
        if response.status_code == 503:
            for attempt in range(5):
                time.sleep(int(response.headers["Retry-After"]))
                response = register_with(clients[i], form_token(clients[i]), f"{prefix}{i}")
                if response.status_code != 503:
                    break
            assert response.status_code == 303, (response.status_code, response.text[:200])
    assert server.alive()


def test_registrations_are_limited_per_network(make_server):
    server = make_server("accounts-registrations", "--max-registrations-per-hour", "2")
    local = server.client()
    prefix = unique("reg")
    for i in range(2):
        local.session.cookies.clear()
        assert local.register(f"{prefix}{i}").status_code == 303
    local.session.cookies.clear()
    refused = local.register(f"{prefix}x")
    assert refused.status_code == 429
    assert 3500 <= int(refused.headers["Retry-After"]) <= 3600
    assert "Too many accounts have been created from your network" in refused.text
    # Another network is not held back by this one.
    elsewhere = browser_from(server, "127.0.0.2")
    assert elsewhere.register(f"{prefix}y").status_code == 303


def test_concurrent_guesses_never_pass_the_limit_and_the_owner_still_logs_in(server):
    owner = browser_from(server, "127.0.0.2")
    name = unique("bassanio")
    assert owner.register(name).status_code == 303

    attacker = server.client()
    token = form_token(attacker)
    with ThreadPoolExecutor(max_workers=20) as pool:
        responses = list(pool.map(lambda i: login_with(attacker, token, name, f"wrong guess {i}"), range(20)))
    statuses = [r.status_code for r in responses]
    assert statuses.count(401) == FREE_FAILURES, statuses
    assert statuses.count(429) == 20 - FREE_FAILURES, statuses
    for limited in (r for r in responses if r.status_code == 429):
        seconds = int(limited.headers["Retry-After"])
        assert 1 <= seconds <= 30
        assert f"Too many failed log-ins for this account from your network; try again in {seconds} s." in limited.text
    # Even the right password waits from the guessing network...
    assert login_with(attacker, token, name, PASSWORD).status_code == 429
    # ...but the owner, from their own network, is never refused for someone else's failures.
    again = browser_from(server, "127.0.0.2")
    assert again.login(name).status_code == 303
    assert again.get("/account").status_code == 200


def test_a_tab_or_a_host_in_next_never_leads_off_the_site(server):
    client = server.client()
    name = unique("lorenzo")
    assert client.register(name).status_code == 303
    hostile = ["/\t/evil.example", "/\n/evil.example", "//evil.example", "/\\evil.example", "https://evil.example/",
               " /evil.example", "/\u200b/evil.example", "javascript:alert(1)"]
    for next_path in hostile:
        client.post_form("/account/logout", {})
        response = client.login(name, next_path=next_path)
        assert response.status_code == 303, next_path
        assert response.headers["Location"] == "/monologues", (next_path, response.headers["Location"])
    client.post_form("/account/logout", {})
    assert client.login(name, next_path="/vocab?tag=a%20b").headers["Location"] == "/vocab?tag=a%20b"


def test_passwords_bcrypt_would_read_only_in_part_are_refused(server):
    client = server.client()
    name = unique("shylock")
    for password, says in [("nul\x00inside it", "control characters"), ("tab\tinside it", "control characters"),
                           ("é" * 37, "at most 72 bytes"), (name.upper(), "cannot be the username")]:
        response = client.register(name, password)
        assert response.status_code == 400, password
        assert says in response.text, password
    assert client.register(name).status_code == 303
    client.post_form("/account/logout", {})
    # At log-in such a password is a 400 that spends no bcrypt time and counts no failure.
    for _ in range(FREE_FAILURES + 2):
        assert client.login(name, PASSWORD[:10] + "\x00" + PASSWORD[10:]).status_code == 400
        assert client.login(name, PASSWORD * 4).status_code == 400
    assert client.login(name).status_code == 303


def test_a_planted_csrf_cookie_is_useless(server):
    client = server.client()
    assert client.register(unique("jessica")).status_code == 303
    planted = "ab" * 32
    client.session.cookies.clear(domain="127.0.0.1", path="/", name="folio_csrf")
    client.session.cookies.set("folio_csrf", planted, domain="127.0.0.1", path="/")
    form = client.session.post(server.base + "/monologues/options", data={"textSize": "large", "csrfToken": planted},
                               allow_redirects=False, timeout=REQUEST_SECONDS)
    assert form.status_code == 403
    api = client.api("POST", "/api/v1/plots/expand", headers={"X-CSRF-Token": planted}, json={"grammar": {"origin": "hi"}})
    assert api.status_code == 403
    # The page's own token still works.
    assert client.post_form("/monologues/options", {"textSize": "large"}).status_code == 200


def test_the_csrf_token_changes_at_log_in_and_log_out(server):
    client = server.client()
    name = unique("gratiano")
    assert client.register(name).status_code == 303
    client.post_form("/account/logout", {})
    anonymous = client.csrf()
    assert client.login(name).status_code == 303
    logged_in = client.csrf()
    assert logged_in != anonymous
    stale = client.session.post(server.base + "/monologues/options", data={"textSize": "large", "csrfToken": anonymous},
                                allow_redirects=False, timeout=REQUEST_SECONDS)
    assert stale.status_code == 403
    assert client.post_form("/account/logout", {"csrfToken": logged_in}).status_code == 303
    assert client.csrf() not in (anonymous, logged_in)


def test_folio_account_create_applies_the_same_password_rules():
    binary = os.environ["FOLIO_BIN"]
    with tempfile.TemporaryDirectory(prefix="folio-security-cli-") as data_dir:
        def create(name: str, password: str) -> subprocess.CompletedProcess:
            return subprocess.run([binary, "account", "create", name, "--data-dir", data_dir], input=password + "\n",
                                  capture_output=True, text=True, timeout=120)

        for password, says in [("ANTONIO99", "cannot be the username"), ("tab\tinside it", "control characters"),
                               ("x" * 73, "at most 72 bytes"), ("short", "at least 8")]:
            refused = create("antonio99", password)
            assert refused.returncode != 0, password
            assert says in refused.stdout + refused.stderr, (password, refused.stdout, refused.stderr)
        created = create("antonio99", PASSWORD)
        assert created.returncode == 0, created.stderr
        assert "Created account antonio99" in created.stdout
        assert Path(data_dir).exists()
