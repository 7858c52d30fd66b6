#!/usr/bin/env python3
"""The time a Ghost move takes, end to end: through the JSON API (POST a move, read the new state)
and through a room's WebSocket (send a move, receive the state it made, with the other player's
socket watching too). Each binary given serves its own fresh data directory on loopback; the runs
alternate between binaries so a slow moment of the machine falls on both. Prints the median and
the 90th percentile of every binary, side by side.

    scripts/ghost-move-bench.py --bin .build/release/folio [--baseline OLD_FOLIO] [--moves 300]
        [--postgres-url postgres://user@host:port/db]

With `--postgres-url`, each binary is also run over a fresh schema of that PostgreSQL database,
beside its SQLite runs, so the two engines' move costs are measured side by side.

Needs PyPI's `websockets` (scripts/load.sh installs it)."""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from folio_client import Browser, ghost_move  # noqa: E402
from folio_server import Server, drop_schema, fresh_schema_url  # noqa: E402

import websockets  # noqa: E402


def api_moves(base: str, count: int) -> list[float]:
    visitor = Browser(base)
    visitor.request("GET", "/ghost")
    times: list[float] = []
    game = None
    while len(times) < count:
        if game is None or game["status"] == "finished":
            status, game = visitor.request("POST", "/api/v1/ghost/games", {"mode": "hotseat", "minLength": 4,
                                                                           "seats": [{"name": "Ann"}, {"name": "Bob"}]})
            assert status < 300, (status, game)
        move = ghost_move(game)
        began = time.perf_counter()
        status, game = visitor.request("POST", f"/api/v1/ghost/games/{game['id']}/moves", move)
        times.append(time.perf_counter() - began)
        assert status == 200, (status, game)
    return times


async def socket_moves(base: str, count: int, stamp: str) -> list[float]:
    host, guest = Browser(base), Browser(base)
    host.register(f"host{stamp}", "bench-password-long")
    guest.register(f"guest{stamp}", "bench-password-long")
    ws_base = base.replace("http://", "ws://")
    times: list[float] = []
    while len(times) < count:
        status, game = host.request("POST", "/api/v1/ghost/games", {"mode": "online", "people": 2, "minLength": 4})
        assert status < 300, (status, game)
        guest.request("POST", f"/api/v1/ghost/games/{game['id']}/join")
        path = f"{ws_base}/ghost/games/{game['id']}/socket"
        async with websockets.connect(path, additional_headers={"Cookie": host.cookies}) as seat0, \
                websockets.connect(path, additional_headers={"Cookie": guest.cookies}) as seat1:
            seats = [seat0, seat1]
            states = [json.loads(await seat0.recv())["game"], json.loads(await seat1.recv())["game"]]
            game = states[0]
            while game["status"] != "finished" and len(times) < count:
                mover = seats[game["toAct"]]
                move = ghost_move(game)
                began = time.perf_counter()
                await mover.send(json.dumps(move))
                # The mover's own socket hears the state its move made.
                while True:
                    message = json.loads(await asyncio.wait_for(mover.recv(), timeout=30))
                    assert message["type"] == "state", message
                    if message["game"]["turn"] > move["turn"]:
                        break
                times.append(time.perf_counter() - began)
                game = message["game"]
                # The other socket hears it too; read it so it does not pile up.
                other = seats[1 - seats.index(mover)]
                while True:
                    seen = json.loads(await asyncio.wait_for(other.recv(), timeout=30))["game"]
                    if seen["turn"] >= game["turn"]:
                        break
    return times


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    return f"median {1000 * statistics.median(ordered):.2f} ms, p90 {1000 * ordered[int(0.9 * (len(ordered) - 1))]:.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--baseline")
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--postgres-url", help="also run each binary over a fresh schema of this PostgreSQL database")
    args = parser.parse_args()
    binaries = [("baseline", args.baseline)] if args.baseline else []
    binaries.append(("this", args.bin))
    # (name, binary, database URL or None for the data directory's SQLite file)
    runs = [(name, binary, None) for name, binary in binaries]
    if args.postgres_url:
        runs = [(f"{name}/{engine}", binary, args.postgres_url if engine == "pg" else None)
                for name, binary in binaries for engine in ("sqlite", "pg")]
    results = {name: {"api": [], "socket": []} for name, _, _ in runs}
    per_round = max(1, args.moves // args.rounds)
    for round_number in range(args.rounds):
        for name, binary, postgres_url in runs:
            with tempfile.TemporaryDirectory(prefix="folio-ghost-bench-") as data:
                database = fresh_schema_url(postgres_url, "bench") if postgres_url else None
                server = Server(binary, data, Path(data) / "serve.log", "--max-anonymous-games-per-hour", "100000",
                                "--max-registrations-per-hour", "100000", *(("--database", database) if database else ()))
                try:
                    api_moves(server.base, 10)  # warm up: word lists loaded, connections made
                    results[name]["api"] += api_moves(server.base, per_round)
                    results[name]["socket"] += asyncio.run(socket_moves(server.base, per_round, f"{round_number}{name.replace('/', '-')}"))
                finally:
                    server.stop()
                    if database:
                        drop_schema(database)
    for name, _, _ in runs:
        print(f"ghost-move-bench: {name:8}  API {summary(results[name]['api'])}; socket {summary(results[name]['socket'])} "
              f"({len(results[name]['api'])} + {len(results[name]['socket'])} moves)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
