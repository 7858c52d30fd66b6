"""Ghost rooms and their WebSockets cannot be abused: a socket acts only while its session lives,
sockets, rooms and games without an account have quotas that name themselves and free up again,
a solo account cannot farm high scores, and idle sockets cost the server nothing."""

from __future__ import annotations

import json
import os
import statistics
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from conftest import Client, unique

SOCKET_SECONDS = 10
HOT_SEAT = {"mode": "hotseat", "minLength": 3, "seats": [{"name": "Ann"}, {"name": "Bob"}]}


def socket_url(client: Client, game_id: str) -> str:
    return client.base.replace("http://", "ws://") + f"/ghost/games/{game_id}/socket"


def open_socket(client: Client, game_id: str):
    """A socket on the game with the client's cookies, as the room's page opens it."""
    cookies = "; ".join(f"{c.name}={c.value}" for c in client.session.cookies)
    headers = {"Cookie": cookies} if cookies else {}
    return connect(socket_url(client, game_id), additional_headers=headers, open_timeout=SOCKET_SECONDS,
                   close_timeout=SOCKET_SECONDS)


def receive(socket) -> dict:
    return json.loads(socket.recv(timeout=SOCKET_SECONDS))


def state_at(socket, turn: int) -> dict:
    """Reads messages until the game's state has reached `turn`; an error on the way fails."""
    deadline = time.monotonic() + SOCKET_SECONDS
    while time.monotonic() < deadline:
        message = receive(socket)
        assert message["type"] == "state", message
        if message["game"]["turn"] >= turn:
            return message["game"]
    pytest.fail(f"the socket never showed turn {turn}")


def refusal(socket) -> tuple[dict, int]:
    """The error message a refused socket gets, and the close code that follows it."""
    message = receive(socket)
    with pytest.raises(ConnectionClosed) as closed:
        socket.recv(timeout=SOCKET_SECONDS)
    return message, closed.value.rcvd.code


def account(server, prefix: str) -> Client:
    client = server.client()
    client.username = unique(prefix)
    assert client.register(client.username).status_code == 303
    return client


def start(client: Client, body: dict):
    return client.api("POST", "/api/v1/ghost/games", json=body)


def room(client: Client, people: int = 2) -> str:
    response = start(client, {"mode": "online", "minLength": 3, "people": people})
    assert response.status_code == 200, response.text
    return response.json()["id"]


def move(client: Client, game_id: str, body: dict):
    return client.api("POST", f"/api/v1/ghost/games/{game_id}/moves", json=body)


def test_a_socket_works_until_log_out_then_its_next_move_is_refused(server):
    ada, ben = account(server, "gada"), account(server, "gben")
    game_id = room(ada)
    assert ben.api("POST", f"/api/v1/ghost/games/{game_id}/join").status_code == 200
    with open_socket(ben, game_id) as socket:
        assert state_at(socket, 0)["yourSeat"] == 1
        assert move(ada, game_id, {"type": "letter", "letter": "d", "turn": 0}).status_code == 200
        assert state_at(socket, 1)["canAct"]
        socket.send(json.dumps({"type": "letter", "letter": "o", "turn": 1}))
        assert state_at(socket, 2)["fragment"] == "do"
        assert move(ada, game_id, {"type": "letter", "letter": "o", "turn": 2}).status_code == 200
        assert state_at(socket, 3)["canAct"]

        assert ben.post_form("/account/logout", {}).status_code == 303
        # The server may already have closed the socket (it does so at log-out); a move sent
        # anyway is never played.
        try:
            socket.send(json.dumps({"type": "letter", "letter": "r", "turn": 3}))
        except ConnectionClosed:
            pass
        message, code = refusal(socket)
        assert message["error"]["code"] == "session_ended" and "Log in again" in message["error"]["message"]
        assert code == 1008
    assert ada.api("GET", f"/api/v1/ghost/games/{game_id}").json()["turn"] == 3


def ben_to_move_with_a_second_browser(server, prefix: str) -> tuple[Client, Client, str, Client]:
    """Ada and Ben in a room, Ada's first letter played, and Ben logged in in a second browser
    too: (ada, ben, the game's id, Ben's other browser)."""
    ada, ben = account(server, f"{prefix}a"), account(server, f"{prefix}b")
    game_id = room(ada)
    assert ben.api("POST", f"/api/v1/ghost/games/{game_id}/join").status_code == 200
    assert move(ada, game_id, {"type": "letter", "letter": "d", "turn": 0}).status_code == 200
    elsewhere = server.client()
    assert elsewhere.login(ben.username).status_code == 303
    return ada, ben, game_id, elsewhere


def change_password_in(browser: Client) -> None:
    changed = browser.post_form("/account/password", {"currentPassword": "correct horse battery",
                                                      "newPassword": "another horse battery",
                                                      "newPasswordConfirmation": "another horse battery"})
    assert changed.status_code == 200


def test_a_password_change_ends_the_sockets_of_other_browsers(server):
    ada, ben, game_id, elsewhere = ben_to_move_with_a_second_browser(server, "gp")
    with open_socket(ben, game_id) as socket:
        assert state_at(socket, 1)["canAct"]
        change_password_in(elsewhere)
        try:
            socket.send(json.dumps({"type": "letter", "letter": "o", "turn": 1}))
        except ConnectionClosed:
            pass
        message, code = refusal(socket)
        assert message["error"]["code"] == "session_ended" and code == 1008
    assert ada.api("GET", f"/api/v1/ghost/games/{game_id}").json()["turn"] == 1


def test_sockets_per_address_and_per_game(make_server):
    server = make_server("ghost-sockets", "--max-sockets-per-address", "3", "--max-sockets-per-game", "2")
    ada = account(server, "gsock")
    first, second, third = room(ada), room(ada), room(ada)
    a1, a2 = open_socket(ada, first), open_socket(ada, first)
    try:
        state_at(a1, 0), state_at(a2, 0)
        with open_socket(ada, first) as refused:
            message, code = refusal(refused)
        assert message["error"]["code"] == "too_many_sockets_on_game" and "sockets per game" in message["error"]["message"]
        assert code == 1013
        with open_socket(ada, second) as b1:
            state_at(b1, 0)
            with open_socket(ada, third) as refused:
                message, code = refusal(refused)
            assert message["error"]["code"] == "too_many_sockets_from_address"
            assert "sockets per address" in message["error"]["message"] and code == 1013
            # Closing one frees its place, on the game and for the address.
            a2.close()
            deadline = time.monotonic() + SOCKET_SECONDS
            while True:
                with open_socket(ada, third) as retry:
                    message = receive(retry)
                if message["type"] == "state":
                    break
                assert time.monotonic() < deadline, "a closed socket never freed its place"
                time.sleep(0.1)
            # Anonymous visitors from the same address count too.
            with open_socket(server.client(), first) as again:
                assert receive(again)["type"] == "state"
    finally:
        a1.close()
        a2.close()


def test_open_rooms_per_account(make_server):
    server = make_server("ghost-rooms", "--max-open-rooms-per-account", "2")
    ada, ben = account(server, "groom"), account(server, "groob")
    waiting = room(ada)
    room(ada)
    refused = start(ada, {"mode": "online", "minLength": 3, "people": 2})
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "too_many_open_rooms" and "open rooms per account" in refused.json()["error"]["message"]
    page = ada.post_form("/ghost/rooms", {"dictionary": "english", "minLength": "3", "people": "2"})
    assert page.status_code == 429 and "open rooms per account" in page.text and 'id="setup-errors"' in page.text
    # Joining takes a place too; another account's quota is its own.
    room(ben)
    room(ben)
    joined = ben.api("POST", f"/api/v1/ghost/games/{waiting}/join")
    assert joined.status_code == 429 and joined.json()["error"]["code"] == "too_many_open_rooms"
    carol = account(server, "grooc")
    assert carol.api("POST", f"/api/v1/ghost/games/{waiting}/join").status_code == 200


def test_anonymous_games_per_address_per_hour(make_server):
    server = make_server("ghost-anonymous", "--max-anonymous-games-per-hour", "3")
    visitor = server.client()
    for _ in range(3):
        assert start(visitor, HOT_SEAT).status_code == 200
    refused = start(visitor, HOT_SEAT)
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_anonymous_games"
    assert "games without an account per address per hour" in refused.json()["error"]["message"]
    # A fresh browser at the same address gets the same answer, on the setup page.
    page = server.client().post_form("/ghost/games", {"dictionary": "english", "minLength": "3", "name0": "Ann", "kind0": "person",
                                                      "name1": "Hal", "kind1": "hard"})
    assert page.status_code == 429 and 'id="setup-errors"' in page.text and "per address per hour" in page.text
    # An account is not held to it.
    assert start(account(server, "ganon"), HOT_SEAT).status_code == 200


def test_a_solo_account_at_every_hot_seat_seat_scores_nothing(server):
    ann = account(server, "gsolo")
    for _ in range(2):
        game = start(ann, {**HOT_SEAT, "seats": [{"name": "Me"}, {"name": "Bob"}], "ownSeat": 0}).json()
        game_id = game["id"]
        # Seat 0 opens "d", seat 1 adds "o", seat 0 challenges and seat 1 concedes; then seat 1
        # starts each round with "c" and concedes the challenge, until it is out.
        plan = [{"type": "letter", "letter": "d"}, {"type": "letter", "letter": "o"}, {"type": "challenge"}, {"type": "concede"}]
        plan += [{"type": "letter", "letter": "c"}, {"type": "challenge"}, {"type": "concede"}] * 4
        for step in plan:
            assert move(ann, game_id, step).status_code == 200
        final = ann.api("GET", f"/api/v1/ghost/games/{game_id}").json()
        assert final["status"] == "finished" and final["winner"] == 0
    assert 'id="your-scores"' not in ann.get("/ghost/scores").text
    offset, total = 0, None
    while total is None or offset < total:
        page = ann.api("GET", f"/api/v1/ghost/highscores?limit=100&offset={offset}").json()
        total = page["total"]
        assert all(item["username"] != ann.username for item in page["items"])
        offset += 100


def test_idle_sockets_cost_nothing(make_server):
    server = make_server("ghost-idle", "--max-sockets-per-address", "200", "--max-sockets-per-game", "200",
                         "--max-open-rooms-per-account", "20")
    ada = account(server, "gidle")
    rooms = [room(ada) for _ in range(10)]
    sockets = []
    try:
        for k in range(100):
            socket = open_socket(ada, rooms[k % len(rooms)])
            assert receive(socket)["type"] == "state"
            sockets.append(socket)
        time.sleep(1)
        cpu_before = cpu_seconds(server.process.pid)
        started = time.monotonic()
        pings = []
        probe = server.client()
        for _ in range(50):
            t = time.monotonic()
            assert probe.get("/api/v1/ping").status_code == 200
            pings.append(time.monotonic() - t)
        time.sleep(max(0.0, 3 - (time.monotonic() - started)))
        wall = time.monotonic() - started
        cpu = cpu_seconds(server.process.pid) - cpu_before
        print(f"100 idle sockets: ping median {statistics.median(pings) * 1000:.1f} ms, max {max(pings) * 1000:.1f} ms; "
              f"server CPU {cpu:.2f} s in {wall:.2f} s")
        # Measured on a 2-core machine: ping's median stays a few milliseconds with 100 sockets open.
        assert statistics.median(pings) < 0.05, pings
        # Polling per socket was 100 reads a second here; waiting for changes is next to nothing.
        assert cpu < 0.25 * wall, f"{cpu:.2f} s of CPU in {wall:.2f} s with 100 idle sockets"
        # And they still wake: a player joining reaches the room's sockets at once.
        ben = account(server, "gidlb")
        assert ben.api("POST", f"/api/v1/ghost/games/{rooms[0]}/join").status_code == 200
        assert receive(sockets[0])["game"]["status"] == "playing"
    finally:
        for socket in sockets:
            socket.close()


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process, from /proc (Linux)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
