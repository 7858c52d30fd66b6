#!/usr/bin/env python3
"""Online Ghost under load: ROOMS rooms at once, each two accounts playing a whole game over the
room's WebSocket (the second seat concedes a challenge every round until it is out). Checks that
no move is lost or applied twice: every game ends with exactly the moves that were sent, in turn.

    scripts/ghost-load.py --base http://127.0.0.1:8080 --rooms 50

Needs PyPI `websockets` (scripts/load.sh installs it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time

import websockets

from folio_client import Browser, ghost_move

MOVES_PER_GAME = 15  # five rounds of letter, challenge, concede


def call(account: Browser, method: str, path: str, body=None) -> dict:
    status, answer = account.request(method, path, body, timeout=60)
    if status >= 300:
        raise AssertionError(f"{method} {path}: {status} {answer}")
    return answer


async def player(account: Browser, game_id: str, seat: int, ws_base: str, sent: list) -> dict:
    """Plays one seat: acts whenever the state says it is this seat's turn, until the game is over."""
    async with websockets.connect(f"{ws_base}/ghost/games/{game_id}/socket", additional_headers={"Cookie": account.cookies},
                                  open_timeout=30) as socket:
        acted_on = -1
        while True:
            message = json.loads(await asyncio.wait_for(socket.recv(), timeout=60))
            if message["type"] == "error":
                raise AssertionError(f"seat {seat} of {game_id}: {message['error']}")
            game = message["game"]
            if game["status"] == "finished":
                return game
            if game.get("toAct") != seat or game["turn"] == acted_on:
                continue
            acted_on = game["turn"]
            move = ghost_move(game)
            sent.append(move)
            await socket.send(json.dumps(move))


async def room(host: Browser, guest: Browser, ws_base: str) -> tuple[dict, int, float]:
    started = time.monotonic()
    game = await asyncio.to_thread(call, host, "POST", "/api/v1/ghost/games", {"mode": "online", "people": 2, "minLength": 4})
    await asyncio.to_thread(call, guest, "POST", f"/api/v1/ghost/games/{game['id']}/join")
    sent: list = []
    results = await asyncio.gather(player(host, game["id"], 0, ws_base, sent), player(guest, game["id"], 1, ws_base, sent))
    return results[0], len(sent), time.monotonic() - started


async def run(base: str, rooms: int) -> int:
    ws_base = base.replace("http://", "ws://")
    stamp = int(time.time()) % 100000
    accounts = [Browser(base) for _ in range(rooms * 2)]
    began = time.monotonic()
    await asyncio.gather(*(asyncio.to_thread(a.register, f"load{stamp}x{i}", "load-test-password", 60)
                           for i, a in enumerate(accounts)))
    print(f"ghost-load: {len(accounts)} accounts registered in {time.monotonic() - began:.1f} s")
    began = time.monotonic()
    outcomes = await asyncio.gather(*(room(accounts[2 * i], accounts[2 * i + 1], ws_base) for i in range(rooms)),
                                    return_exceptions=True)
    elapsed = time.monotonic() - began
    failures = [o for o in outcomes if isinstance(o, BaseException)]
    games = [o for o in outcomes if not isinstance(o, BaseException)]
    wrong = [(g["id"], g["turn"], n) for g, n, _ in games if g["turn"] != MOVES_PER_GAME or n != MOVES_PER_GAME or len(g["rounds"]) != 5]
    durations = sorted(d for _, _, d in games)
    print(f"ghost-load: {len(games)} of {rooms} rooms played to the end in {elapsed:.1f} s "
          f"(median game {durations[len(durations) // 2] if durations else float('nan'):.2f} s); "
          f"{sum(n for _, n, _ in games)} moves sent, {sum(g['turn'] for g, _, _ in games)} applied")
    for failure in failures[:5]:
        print(f"ghost-load: a room failed: {failure!r}")
    for entry in wrong[:5]:
        print(f"ghost-load: game {entry[0]} ended on turn {entry[1]} after {entry[2]} moves, expected {MOVES_PER_GAME}")
    ok = not failures and not wrong and len(games) == rooms
    print("ghost-load: no lost or doubled moves" if ok else "ghost-load: FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--rooms", type=int, default=50)
    arguments = parser.parse_args()
    sys.exit(asyncio.run(run(arguments.base, arguments.rooms)))
