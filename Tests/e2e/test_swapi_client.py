"""A published SWAPI client (PyPI `swapi`) pointed at Folio: it lists people page by page through
the `next` links, searches, fetches one person and follows the homeworld link, and reads films.
"""

from __future__ import annotations

import json

import swapi
from swapi import settings, utils


def test_a_swapi_client_lists_searches_follows_links_and_pages(folio_url, api):
    settings.BASE_URL = f"{folio_url}/swapi"
    catalogue = api.get("/api/v1/characters")
    names = {item["name"] for section in catalogue["sections"] for item in section["items"]}

    # get_all walks every page through `next` until it is null.
    people = swapi.get_all("people")
    assert people.count() == len(names) > 10
    assert {p.name for p in people.iter()} == names

    luke = swapi.get_person(1)
    assert luke.name == "Luke Skywalker" and luke.birth_year == "19BBY"
    home = luke.get_homeworld()
    assert home.name == "Tatooine" and home.climate == "arid"
    assert any(film.title == "A New Hope" for film in luke.get_films().iter())

    found = json.loads(utils.query(f"{settings.BASE_URL}/people/?search=sky").content)
    assert [p["name"] for p in found["results"]] == ["Luke Skywalker", "Anakin Skywalker"]

    second = json.loads(utils.query(f"{settings.BASE_URL}/people/?page=2").content)
    assert second["previous"].endswith("/swapi/people/?page=1") and len(second["results"]) == 10

    films = swapi.get_all("films").order_by("episode_id")
    assert [f.episode_id for f in films] == list(range(1, 10))
    assert swapi.get_planet(1).name == "Tatooine"
    try:
        swapi.get_person(999)
    except swapi.exceptions.ResourceDoesNotExist:
        pass
    else:
        raise AssertionError("a person who does not exist was found")
