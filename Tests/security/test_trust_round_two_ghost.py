"""Ghost, round two: attacks on the word game's shared work. Listed rooms on uploaded word lists
sized just under Superghost's limit must not let the public lobby rebuild indexes on every read
(nor evict another player's list from under a game being started); Superghost's built-in indexes
built all at once must not starve the rest of the server; an account starts only so many hot-seat
games an hour; a room's socket is closed as soon as its session ends, without waiting for the
client to speak; and the daily puzzle's answer is not handed to visitors who never keep one."""

from __future__ import annotations

import json
import multiprocessing
import random
import string
import threading
import time

import pytest
from websockets.exceptions import ConnectionClosed

from conftest import REQUEST_SECONDS, Client, new_account, ping_probe, run_for, serve_supports, timed
from test_ghost import ben_to_move_with_a_second_browser, change_password_in, open_socket, room, state_at

PING_BOUND = 0.25
# A lobby page is a database read and some JSON: nothing in it should build a word list's index.
# The bound holds for 99% of the reads: the worst of ~2,700 reads from four processes on a
# two-core machine measures the scheduler too (a clean-clone run failed at 123 ms, median 14 ms).
# A lobby that indexed lists again would be slow on every read, not on one in a hundred; the
# worst still has a ceiling, five times the bound.
LOBBY_BOUND = 0.1
LOBBY_WORST = 0.5
# Upload sizes of the attack: each list close to 180 KB, its Superghost infixes (counted as
# WordListUpload.infixBound counts them, word by word) just under maximumSuperghostInfixes (3M).
LIST_BYTES = 180_000
INFIX_BOUND_RANGE = (2_600_000, 3_000_000)
# An index of ~2.8M infixes takes seconds to build in a debug build.
BUILD_SECONDS = 120


def infix_bound(words: list[str]) -> int:
    """WordListUpload.infixBound: a word of n letters has up to n(n+1)/2 infixes."""
    return sum(len(w) * (len(w) + 1) // 2 for w in words)


def superghost_sized_words(seed: int) -> str:
    """~180 KB of random a–z words of 30–32 letters (at most 32 are kept), one a line, whose
    infix bound is between 2.6M and 3.0M: as much Superghost index as an upload may ask for."""
    rng = random.Random(seed)
    words: set[str] = set()
    size = bound = 0
    while True:
        n = rng.randint(30, 32)
        if size + n + 1 > LIST_BYTES or bound + n * (n + 1) // 2 > INFIX_BOUND_RANGE[1] - 50_000:
            break
        word = "".join(rng.choices(string.ascii_lowercase, k=n))
        if word in words:
            continue
        words.add(word)
        size += n + 1
        bound += n * (n + 1) // 2
    assert INFIX_BOUND_RANGE[0] <= infix_bound(list(words)) <= INFIX_BOUND_RANGE[1]
    return "\n".join(sorted(words))


def small_words(seed: int) -> str:
    rng = random.Random(seed)
    return "\n".join(sorted({"".join(rng.choices("abcdefgh", k=rng.randint(4, 7))) for _ in range(300)}))


def upload(client: Client, name: str, words: str) -> dict:
    answer = client.api("POST", "/api/v1/ghost/wordlists", json={"name": name, "words": words}, timeout=60)
    assert answer.status_code == 200, answer.text[:300]
    return answer.json()


def open_listed_room(client: Client, dictionary: str, min_length: int, variant: str = "superghost"):
    return client.api("POST", "/api/v1/ghost/games", timeout=BUILD_SECONDS,
                      json={"mode": "online", "people": 2, "listed": True, "dictionary": dictionary,
                            "minLength": min_length, "variant": variant, "challenges": "forgiving"})


def hot_seat(dictionary: str, min_length: int, variant: str = "superghost") -> dict:
    return {"mode": "hotseat", "dictionary": dictionary, "minLength": min_length, "variant": variant,
            "challenges": "forgiving", "seats": [{"name": "Ann"}, {"name": "Bob"}]}


def started_or_busy(answer) -> bool:
    """A game start that worked (200 from today's API, 201 or a 303 to the game), or a 503 that
    says when to come back."""
    if answer.status_code in (200, 201, 303):
        return True
    return answer.status_code == 503 and bool(answer.headers.get("Retry-After"))


# MARK: - Uploaded word lists in the lobby

def test_listed_rooms_on_uploaded_word_lists_do_not_make_the_lobby_rebuild_indexes(make_server):
    """Replays the uploaded-word-list lobby attack: four accounts upload word lists sized just
    under Superghost's limit and open listed Superghost rooms on them, more distinct list/length
    pairs than the server keeps loaded (8), so that every anonymous lobby read used to load and
    index each room's list again, evicting the others; meanwhile another account starting hot-seat
    games on its own list found it evicted between loading and starting (404). The fixed server
    lists rooms without indexing their lists, and refuses the third listed room on uploaded lists
    of one account (409), so fewer of them exist at all."""
    extra = ["--max-open-rooms-per-account", "10"]
    if serve_supports("--max-games-per-account-per-hour"):
        extra += ["--max-games-per-account-per-hour", "1000"]  # that quota is not what this test replays
    server = make_server("ghost-lobby-lists", *extra)
    names: dict[str, str] = {}
    opened, refused = [], []
    setup_started = time.monotonic()
    for a in range(4):
        player = new_account(server, f"lobby{a}")
        for k, min_length in enumerate((3, 4, 5)):
            name = f"Attack list {a}-{k}"
            listed = upload(player, name, superghost_sized_words(seed=100 * a + k))
            names[listed["dictionary"]] = name
            answer = open_listed_room(player, listed["dictionary"], min_length)
            if answer.status_code == 200:
                opened.append(answer.json()["id"])
            elif answer.status_code == 503:
                # The lists' memory is full of indexes just built: a busy answer, never a 404.
                assert answer.headers.get("Retry-After"), answer.headers
                assert answer.json()["error"]["code"] == "word_lists_busy", answer.text[:300]
                refused.append(listed["dictionary"])
            else:
                assert answer.status_code == 409, answer.text[:300]
                assert answer.json()["error"]["code"] == "too_many_listed_rooms"
                refused.append(listed["dictionary"])
    assert opened, "no room opened at all"
    hot = new_account(server, "lobbyhot")
    own = upload(hot, "My own list", superghost_sized_words(seed=999))
    print(f"uploads and rooms took {time.monotonic() - setup_started:.1f} s")

    anonymous = [Client(server.base) for _ in range(4)]
    lobby_reads: list[tuple[int, float, dict | None]] = []
    hot_answers: list = []

    def start_hot_seat_games():
        deadline = time.monotonic() + 30
        for _ in range(10):
            if time.monotonic() > deadline:
                break
            try:
                hot_answers.append(hot.api("POST", "/api/v1/ghost/games", json=hot_seat(own["dictionary"], 3),
                                           timeout=max(1.0, deadline - time.monotonic())))
            except Exception as error:
                hot_answers.append(error)
            time.sleep(0.3)

    starter = threading.Thread(target=start_hot_seat_games, daemon=True)
    with ping_probe(server, "uploaded-word-list lobby attack") as probe:
        starter.start()
        # Each anonymous reader in a process of its own, so that a read's time is the server's,
        # not this interpreter's behind the other readers and the game starts.
        with multiprocessing.get_context("fork").Pool(len(anonymous)) as readers:
            lobby_reads = [read for reads in readers.map(read_lobby_for, [(server.base, 10)] * len(anonymous)) for read in reads]
        starter.join(timeout=40)

    times = sorted(seconds for _, seconds, _ in lobby_reads)
    p99 = times[int(len(times) * 0.99) - 1]
    print(f"{len(opened)} listed rooms on uploaded lists opened, {len(refused)} refused; {len(lobby_reads)} lobby reads: "
          f"worst {times[-1] * 1000:.0f} ms, 99% within {p99 * 1000:.0f} ms, "
          f"median {times[len(times) // 2] * 1000:.0f} ms; hot-seat starts: "
          f"{[getattr(a, 'status_code', repr(a)[:60]) for a in hot_answers]}")
    assert all(status == 200 for status, _, _ in lobby_reads), [r for r in lobby_reads if r[0] != 200][:3]
    assert p99 < LOBBY_BOUND, f"99% of lobby reads within {p99 * 1000:.0f} ms"
    assert times[-1] < LOBBY_WORST, f"slowest lobby read {times[-1] * 1000:.0f} ms"
    assert probe.worst <= PING_BOUND, probe.line
    assert len(hot_answers) == 10, f"only {len(hot_answers)} of 10 hot-seat starts answered within 30 s"
    for answer in hot_answers:
        assert not isinstance(answer, Exception), answer
        assert answer.status_code != 404, answer.text[:300]
        assert started_or_busy(answer), (answer.status_code, answer.text[:300])

    # The lobby's rooms on uploaded lists say which list, by its name.
    items = [item for _, _, page in lobby_reads if page for item in page["items"]]
    on_lists = [item for item in items if item["dictionary"].startswith("list:")]
    assert on_lists, "the lobby shows no room on an uploaded list"
    for item in on_lists:
        for field in ("id", "dictionary", "dictionaryLabel", "variant", "openSeats", "status"):
            assert field in item, (field, sorted(item))
        assert item["variant"] == "superghost" and item["openSeats"] == 1 and item["status"] == "waiting", item
        assert names[item["dictionary"]] in item["dictionaryLabel"], (item["dictionary"], item["dictionaryLabel"])


def read_lobby_for(job: tuple[str, float]) -> list[tuple[int, float, dict | None]]:
    """An anonymous reader of the lobby: reads it over and over for `seconds`, timing each read."""
    base, seconds = job
    visitor = Client(base)
    reads: list[tuple[int, float, dict | None]] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            answer, took = timed(lambda: visitor.get("/api/v1/ghost/lobby?limit=50", timeout=10))
        except Exception as error:  # a read that never came back is as slow as its timeout
            reads.append((0, 10.0, {"error": repr(error)}))
            continue
        reads.append((answer.status_code, took, answer.json() if answer.status_code == 200 else None))
    return reads


def test_the_third_listed_room_on_uploaded_lists_of_one_account_is_refused(make_server):
    """Replays the first step of the lobby attack with the default limits: an account opening
    listed rooms on its uploaded lists. Two are allowed (`--max-listed-uploaded-rooms-per-account`,
    default 2); the third is a 409 `too_many_listed_rooms`, while another account has its own two."""
    server = make_server("ghost-listed-quota")
    player = new_account(server, "listq")
    lists = [upload(player, f"Small {k}", small_words(seed=k))["dictionary"] for k in range(3)]
    for k in range(2):
        answer = open_listed_room(player, lists[k], 4)
        assert answer.status_code == 200, answer.text[:300]
    third = open_listed_room(player, lists[2], 4)
    assert third.status_code == 409, (third.status_code, third.text[:300])
    assert third.json()["error"]["code"] == "too_many_listed_rooms"
    other = new_account(server, "listr")
    assert open_listed_room(other, upload(other, "Mine", small_words(seed=7))["dictionary"], 4).status_code == 200


# MARK: - Built-in Superghost indexes

def test_nine_superghost_games_on_every_built_in_list_at_once_do_not_starve_the_server(make_server):
    """Replays building Superghost's infix indexes on demand: hot-seat Superghost games on English,
    Dutch and Welsh at minimum lengths 3, 4 and 5, nine index builds asked for at the same moment
    from nine threads (Dutch's alone is 4.7M infixes). Builds must run off the threads that answer
    requests (or be refused with 503 and Retry-After), so ping stays within 250 ms."""
    server = make_server("ghost-builtin-indexes", "--max-anonymous-games-per-hour", "1000")
    briefs = [(dictionary, length) for dictionary in ("english", "dutch", "welsh") for length in (3, 4, 5)]
    visitors = [Client(server.base) for _ in briefs]
    barrier = threading.Barrier(len(briefs))
    answers: list = [None] * len(briefs)

    def start(index: int):
        dictionary, length = briefs[index]
        barrier.wait(timeout=REQUEST_SECONDS)
        try:
            answers[index] = timed(lambda: visitors[index].api("POST", "/api/v1/ghost/games", json=hot_seat(dictionary, length),
                                                               timeout=BUILD_SECONDS))
        except Exception as error:
            answers[index] = (error, None)

    threads = [threading.Thread(target=start, args=(i,), daemon=True) for i in range(len(briefs))]
    with ping_probe(server, "nine Superghost index builds") as probe:
        time.sleep(0.3)
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=BUILD_SECONDS + 10)
    print("starts:", [(b, getattr(a, "status_code", repr(a)[:60]), s and round(s, 2)) for b, (a, s) in zip(briefs, answers)])
    for brief, (answer, _) in zip(briefs, answers):
        assert not isinstance(answer, Exception), (brief, answer)
        assert started_or_busy(answer), (brief, answer.status_code, answer.text[:300])
    assert probe.worst <= PING_BOUND, probe.line


# MARK: - Games per account

def test_an_accounts_sixth_hot_seat_game_in_an_hour_is_refused(make_server):
    """Replays an account starting hot-seat games in a loop (each one a game stored, and a list
    loaded and perhaps indexed): with `--max-games-per-account-per-hour 5`, the sixth start within
    the hour is a 429 `too_many_games`."""
    server = make_server("ghost-games-per-account", "--max-games-per-account-per-hour", "5")
    player = new_account(server, "hotq")
    for _ in range(5):
        answer = player.api("POST", "/api/v1/ghost/games", json=hot_seat("english", 3, "ghost"))
        assert answer.status_code in (200, 201, 303), answer.text[:300]
    sixth = player.api("POST", "/api/v1/ghost/games", json=hot_seat("english", 3, "ghost"))
    assert sixth.status_code == 429, (sixth.status_code, sixth.text[:300])
    assert sixth.json()["error"]["code"] == "too_many_games"


# MARK: - Sockets after the session ends

def expect_closed_with(socket, code: int, within: float) -> float:
    """Waits, sending nothing, until the server closes the socket; returns how long it took.
    State messages on the way are read and ignored; an error message is allowed before the close."""
    started = time.monotonic()
    deadline = started + within
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            pytest.fail(f"the socket was still open {within:.0f} s after the session ended")
        try:
            message = json.loads(socket.recv(timeout=left))
        except TimeoutError:
            pytest.fail(f"the socket was still open {within:.0f} s after the session ended")
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == code, closed
            return time.monotonic() - started
        assert message["type"] in ("state", "error"), message


def test_a_room_socket_is_closed_within_5_s_of_its_session_logging_out(server):
    """Replays a stolen or forgotten room socket: a player logs out (on a shared computer, say)
    and the room's page keeps its socket open, receiving every move as the old account. The
    server must close it with 1008 within 5 s of the log-out, without waiting for a message."""
    ada, ben = new_account(server, "sockla"), new_account(server, "socklb")
    game_id = room(ada)
    assert ben.api("POST", f"/api/v1/ghost/games/{game_id}/join").status_code == 200
    with open_socket(ben, game_id) as socket:
        assert state_at(socket, 0)["yourSeat"] == 1
        assert ben.post_form("/account/logout", {}).status_code == 303
        seconds = expect_closed_with(socket, 1008, within=5)
    print(f"socket closed {seconds:.2f} s after the log-out")


def test_a_room_socket_is_closed_within_5_s_of_a_password_change_elsewhere(server):
    """Replays the same with a password change in another browser, which ends every other session
    of the account: the socket opened with the old session is closed with 1008 within 5 s."""
    _, ben, game_id, elsewhere = ben_to_move_with_a_second_browser(server, "sockp")
    with open_socket(ben, game_id) as socket:
        assert state_at(socket, 1)["canAct"]
        change_password_in(elsewhere)
        seconds = expect_closed_with(socket, 1008, within=5)
    print(f"socket closed {seconds:.2f} s after the password change")


# MARK: - The daily puzzle

def string_leaves(value, skip=("choices", "fragment", "date", "dictionary")):
    """Every string in a JSON value, except under the keys that name the puzzle itself."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key not in skip:
                yield from string_leaves(inner, skip)
    elif isinstance(value, list):
        for inner in value:
            yield from string_leaves(inner, skip)
    elif isinstance(value, str):
        yield value


def test_an_anonymous_guess_at_the_daily_puzzle_does_not_reveal_the_answer(server):
    """Replays fishing for the daily puzzle's answer: a visitor without an account (whose answer is
    never kept, so they may guess again and again) posts a wrong letter and reads the answer from
    the reply, then submits it from an account for a streak. Only an account may answer now, so
    the visitor learns neither the letter nor whether a guess was right. An account that has
    answered (and so is held to its first answer) does see it."""
    keeper = new_account(server, "daily")
    puzzle = keeper.api("GET", "/api/v1/ghost/daily").json()
    answered = keeper.api("POST", "/api/v1/ghost/daily", json={"letter": puzzle["choices"][0]})
    assert answered.status_code == 200, answered.text[:300]
    answer = answered.json().get("answer")
    assert answer and answer in puzzle["choices"], answered.json()

    # A visitor's answer is refused without a word of which letter wins, or whether theirs did:
    # right-or-wrong alone would give the answer away in a few tries.
    visitor = Client(server.base)
    for letter in puzzle["choices"]:
        reply = visitor.api("POST", "/api/v1/ghost/daily", json={"letter": letter})
        assert reply.status_code == 401, reply.text[:300]
        body = reply.json()
        assert set(body) == {"error"} and body["error"]["code"] == "not_logged_in", body
        assert "correct" not in reply.text and f'"{answer}"' not in reply.text, body
    shown = visitor.api("GET", "/api/v1/ghost/daily").json()
    assert shown.get("answer") is None and shown.get("answered") is None, shown