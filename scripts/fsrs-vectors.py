#!/usr/bin/env python3
"""Writes the FSRS-6 reference data that Tests/VocabularyTests replays against Vocabulary's Scheduler.

The reference is py-fsrs, pinned below. Install it away from the system Python and run from the
repository root:

    python3 -m venv /tmp/fsrs-venv
    /tmp/fsrs-venv/bin/pip install fsrs==6.3.2
    /tmp/fsrs-venv/bin/python scripts/fsrs-vectors.py

Every history starts with a new card and reviews it with random ratings after random gaps, with
fuzzing off, once with py-fsrs's default scheduler and once without learning or relearning steps.
The output is deterministic: the same seed and package version give the same file, byte for byte.
"""

import json
import random
import sys
from datetime import datetime, timedelta, timezone
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

FSRS_VERSION = "6.3.2"
SEED = 20240611
HISTORIES_PER_SCHEDULER = 160
OUTPUT = Path(__file__).resolve().parent.parent / "Tests/VocabularyTests/Resources/fsrs-vectors.json"

# Specs in `folio vocab simulate` syntax: whole-day gaps (the first is 0) and ratings 1-4.
SIMULATIONS = [
    "0:3 1:3 3:3",
    "0:1 0:3 1:3 3:3 8:1 0:3 2:3",
    "0:4 5:3 20:2 40:3 100:4",
    "0:2 0:2 0:3 0:3 1:1 1:1 1:3 4:3",
]

try:
    installed = version("fsrs")
except PackageNotFoundError:
    installed = "none"
if installed != FSRS_VERSION:
    sys.exit(f"fsrs-vectors: needs fsrs=={FSRS_VERSION}, found {installed}; see this script's docstring.")

from fsrs import Card, Rating, Scheduler  # noqa: E402  (only once the version is known to be right)

SCHEDULERS = {
    "default": Scheduler(enable_fuzzing=False),
    "noLearningSteps": Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False),
}


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def random_gap(rng: random.Random, card: Card, now: datetime) -> timedelta:
    """A gap before the next review. Most follow the schedule loosely, as a person would; the rest
    probe the places where py-fsrs's whole-day arithmetic changes branch."""
    kind = rng.random()
    if kind < 0.25:
        return max(card.due - now, timedelta(0))
    if kind < 0.40:
        late = timedelta(seconds=rng.randint(-3600, 3 * 86400))
        return max(card.due - now + late, timedelta(0))
    if kind < 0.50:
        return timedelta(seconds=rng.randint(0, 3600))
    if kind < 0.62:
        return timedelta(seconds=rng.randint(3600, 86399))
    if kind < 0.68:
        # Either side of one day: `.days` is 0 for 86399 s and 1 for 86400 s.
        return timedelta(seconds=rng.choice([86399, 86400, 86401, 2 * 86400 - 1, 2 * 86400]))
    if kind < 0.90:
        return timedelta(days=rng.randint(1, 60), seconds=rng.randint(0, 86399))
    if kind < 0.97:
        return timedelta(days=rng.randint(60, 1500), seconds=rng.randint(0, 86399))
    return timedelta(days=rng.randint(3000, 40000))


def random_rating(rng: random.Random, easy_bias: bool) -> Rating:
    weights = (1, 1, 2, 6) if easy_bias else (2, 2, 5, 1)
    return rng.choices(list(Rating), weights=weights)[0]


def history(rng: random.Random, scheduler: Scheduler) -> dict:
    start = datetime(2020, 1, 1, tzinfo=timezone.utc) + timedelta(seconds=rng.randint(0, 10 * 365 * 86400))
    # A few histories lean on Easy so stability grows past the maximum interval.
    easy_bias = rng.random() < 0.1
    length = rng.randint(3, 20)
    card = Card(card_id=1, due=start)
    now = start
    reviews = []
    for index in range(length):
        if index > 0:
            now = now + random_gap(rng, card, now)
        rating = random_rating(rng, easy_bias)
        card, _ = scheduler.review_card(card, rating, now)
        reviews.append({
            "at": iso(now),
            "rating": int(rating),
            "state": int(card.state),
            "step": card.step,
            "stability": card.stability,
            "difficulty": card.difficulty,
            "due": iso(card.due),
        })
    return {"start": iso(start), "reviews": reviews}


def simulation(spec: str, scheduler: Scheduler) -> list[dict]:
    """What `folio vocab simulate SPEC --json` prints, computed by py-fsrs."""
    start = datetime(2025, 1, 1, 9, tzinfo=timezone.utc)
    card = Card(card_id=1, due=start)
    now = start
    day = 0
    out = []
    for piece in spec.split():
        gap, rating = (int(part) for part in piece.split(":"))
        day += gap
        now = now + timedelta(days=gap)
        card, _ = scheduler.review_card(card, Rating(rating), now)
        out.append({
            "day": day,
            "rating": rating,
            "stability": card.stability,
            "difficulty": card.difficulty,
            "state": card.state.name,
            "intervalDays": (card.due - now).days,
        })
    return out


def fuzz_vectors() -> list[dict]:
    """py-fsrs's fuzz for fixed draws of its random source, so the range arithmetic can be checked
    without sharing a random number generator with Python."""
    import fsrs.scheduler

    scheduler = Scheduler(enable_fuzzing=True)
    real_random = fsrs.scheduler.random
    out = []
    try:
        for days in (1, 2, 3, 4, 5, 7, 8, 10, 19, 20, 21, 50, 100, 365, 1000, 36000, 36499, 36500):
            for draw in (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999999):
                fsrs.scheduler.random = lambda: draw
                fuzzed = scheduler._get_fuzzed_interval(interval=timedelta(days=days)).days
                out.append({"days": days, "draw": draw, "fuzzed": fuzzed})
    finally:
        fsrs.scheduler.random = real_random
    return out


def main() -> None:
    rng = random.Random(SEED)
    histories = []
    for name, scheduler in SCHEDULERS.items():
        for _ in range(HISTORIES_PER_SCHEDULER):
            histories.append({"scheduler": name, **history(rng, scheduler)})
    simulations = [
        {"scheduler": name, "spec": spec, "reviews": simulation(spec, scheduler)}
        for name, scheduler in SCHEDULERS.items()
        for spec in SIMULATIONS
    ]
    document = {
        "generator": "scripts/fsrs-vectors.py",
        "fsrs": FSRS_VERSION,
        "seed": SEED,
        "schedulers": {name: scheduler.to_dict() for name, scheduler in SCHEDULERS.items()},
        "simulations": simulations,
        "fuzz": fuzz_vectors(),
        "histories": histories,
    }
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    # One history per line keeps the file small and its diffs readable.
    lines = json.dumps({k: v for k, v in document.items() if k != "histories"}, separators=(",", ":"))
    body = ",\n".join(json.dumps(h, separators=(",", ":")) for h in histories)
    OUTPUT.write_text(lines[:-1] + ',"histories":[\n' + body + "\n]}\n")
    reviews = sum(len(h["reviews"]) for h in histories)
    print(f"fsrs-vectors: {len(histories)} histories, {reviews} reviews -> {OUTPUT}")


if __name__ == "__main__":
    main()
