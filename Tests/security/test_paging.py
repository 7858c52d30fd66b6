"""Paged lists against hostile paging: limits and offsets out of range, too large or not numbers
are a 400 that says what to send (never a 500, never the whole list); pages past the end are
empty; and one account's pages never hold another's favourites."""

from __future__ import annotations

import pytest

from conftest import Client, unique

LISTS = ["/api/v1/favourites", "/api/v1/characters/favourites"]
BAD = ["limit=0", "limit=101", "limit=-5", "limit=99999999999999999999", "limit=1.5", "limit=%00", "limit=ten",
       "offset=-1", "offset=2147483648", "offset=1e9", "offset=' OR 1=1 --"]


def monologue_ids(client: Client, count: int) -> list[str]:
    answer = client.api("GET", f"/api/v1/monologues?limit={count}")
    assert answer.status_code == 200
    return [item["id"] for item in answer.json()["items"]]


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize("query", BAD)
def test_bad_paging_is_a_400_that_says_what_to_send(server, path, query):
    client = server.client()
    assert client.register(unique("pager")).status_code == 303
    answer = client.api("GET", f"{path}?{query}")
    assert answer.status_code == 400, f"{path}?{query}: {answer.status_code} {answer.text[:200]}"
    error = answer.json()["error"]
    assert error["code"] and "expected" in error["message"], error


def test_pages_partition_the_list_and_hold_only_the_callers_rows(server):
    alice, bob = server.client(), server.client()
    assert alice.register(unique("alice")).status_code == 303
    assert bob.register(unique("bob")).status_code == 303
    ids = monologue_ids(alice, 23)
    for monologue in ids:
        assert alice.api("PUT", f"/api/v1/favourites/{monologue}").status_code == 200
    assert bob.api("PUT", f"/api/v1/favourites/{ids[0]}").status_code == 200

    seen: list[str] = []
    for offset in range(0, 30, 10):
        page = alice.api("GET", f"/api/v1/favourites?limit=10&offset={offset}").json()
        assert page["total"] == 23 and page["limit"] == 10 and page["offset"] == offset
        seen += [item["monologue"]["id"] for item in page["items"]]
    assert sorted(seen) == sorted(ids) and len(seen) == 23, "every favourite exactly once"

    # A repeated limit is read once (the first), so it cannot widen the page.
    repeated = alice.api("GET", "/api/v1/favourites?limit=5&limit=1000").json()
    assert repeated["limit"] == 5 and len(repeated["items"]) == 5
    beyond = alice.api("GET", "/api/v1/favourites?offset=2147483647")
    assert beyond.status_code == 200 and beyond.json()["items"] == [] and beyond.json()["total"] == 23
    bobs = bob.api("GET", "/api/v1/favourites?limit=100").json()
    assert bobs["total"] == 1 and [item["monologue"]["id"] for item in bobs["items"]] == [ids[0]]

    # Pages past the end, or numbered nonsense, render instead of failing.
    for query in ["page=99999999", "page=-1", "page=abc", "page=1e99"]:
        for path in ["/monologues/favourites", "/characters/favourites"]:
            answer = alice.get(f"{path}?{query}")
            assert answer.status_code == 200, f"{path}?{query}: {answer.status_code}"
    assert ids[0] not in bob.get("/monologues/favourites?page=2").text


def test_logged_out_lists_ask_for_a_log_in(server):
    client = server.client()
    for path in LISTS:
        assert client.api("GET", f"{path}?limit=5").status_code == 401
