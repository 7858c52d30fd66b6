#!/usr/bin/env python3
"""Fits py-fsrs's optimiser to the same reviews as Folio's and compares the two on held-out cards.

Not part of the test suite: py-fsrs's optimiser needs torch, which is large. Run from the
repository root; it makes its own virtual environment the first time:

    scripts/compare-optimizer.py [--venv /tmp/fsrs-optimizer-venv]

It builds and runs `folio-bench optimizer --export FILE` (release), which simulates three
learners, fits Folio's optimiser to four fifths of each learner's cards and writes the reviews,
the held-out cards and the fitted weights. py-fsrs then fits the same training cards, and both
fitted weights, the defaults and the learner's true weights are scored by py-fsrs's own loss
(`Optimizer._compute_batch_loss`) on the held-out cards. Folio passes when its held-out log loss is
no more than 2% above py-fsrs's. The defaults' loss is also computed by both sides, and must agree
to 1e-9: that shows the two compute one model.
"""

import argparse
import json
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

FSRS_VERSION = "6.3.2"
TOLERANCE = 0.02
ROOT = Path(__file__).resolve().parent.parent


def ensure_venv(venv: Path) -> Path:
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    probe = subprocess.run([str(python), "-c", "import fsrs, torch; from importlib.metadata import version; print(version('fsrs'))"],
                           capture_output=True, text=True)
    if probe.returncode != 0 or probe.stdout.strip() != FSRS_VERSION:
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", f"fsrs[optimizer]=={FSRS_VERSION}"], check=True)
    return python


def export_reviews(path: Path) -> None:
    scratch = ".build-release"
    subprocess.run(["swift", "build", "-c", "release", "--product", "folio-bench", "--scratch-path", scratch],
                   cwd=ROOT, check=True)
    subprocess.run([str(ROOT / scratch / "release" / "folio-bench"), "optimizer", "--export", str(path)], cwd=ROOT, check=True)


def compare(path: Path) -> bool:
    from fsrs import Rating, ReviewLog
    from fsrs.optimizer import Optimizer
    from fsrs.scheduler import DEFAULT_PARAMETERS

    learners = json.loads(path.read_text())
    passed = True
    print(f"py-fsrs {FSRS_VERSION} beside Folio, held-out log loss (lower is better)")
    print(f"{'learner':<10} {'reviews':>7} {'defaults':>9} {'true':>9} {'py-fsrs':>9} {'Folio':>9} {'Folio/py':>9} {'py s':>7} {'Folio s':>8}")
    for learner in learners:
        train, held_out = [], []
        for card in learner["cards"]:
            logs = [ReviewLog(card_id=card["id"], rating=Rating(review["rating"]),
                              review_datetime=datetime.fromisoformat(review["date"].replace("Z", "+00:00")),
                              review_duration=None)
                    for review in card["reviews"]]
            (held_out if card["heldOut"] else train).extend(logs)

        start = time.monotonic()
        py_weights = Optimizer(train).compute_optimal_parameters()
        py_seconds = time.monotonic() - start

        scorer = Optimizer(held_out)
        defaults = scorer._compute_batch_loss(parameters=list(DEFAULT_PARAMETERS))
        truth = scorer._compute_batch_loss(parameters=learner["trueWeights"])
        py_loss = scorer._compute_batch_loss(parameters=py_weights)
        folio = learner["folio"]
        folio_loss = scorer._compute_batch_loss(parameters=folio["weights"])

        agree = abs(defaults - folio["before"]["logLoss"]) <= 1e-9 and abs(folio_loss - folio["after"]["logLoss"]) <= 1e-9
        within = folio_loss <= py_loss * (1 + TOLERANCE)
        passed = passed and agree and within
        print(f"{learner['name']:<10} {folio['before']['reviewCount']:>7} {defaults:>9.4f} {truth:>9.4f} {py_loss:>9.4f} "
              f"{folio_loss:>9.4f} {folio_loss / py_loss:>9.4f} {py_seconds:>7.1f} {folio['seconds']:>8.3f}"
              + ("" if within else "   Folio more than 2% worse")
              + ("" if agree else f"   losses disagree: Folio computed {folio['before']['logLoss']} and {folio['after']['logLoss']}"))
        print(f"{'':<10} py-fsrs weights {[round(w, 4) for w in py_weights]}")
        print(f"{'':<10} Folio weights   {[round(w, 4) for w in folio['weights']]}")
    return passed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--venv", type=Path, default=Path("/tmp/fsrs-optimizer-venv"))
    parser.add_argument("--reviews", type=Path, default=Path("/tmp/folio-optimizer-reviews.json"),
                        help="where folio-bench writes the reviews")
    parser.add_argument("--skip-export", action="store_true", help="reuse the reviews file already written")
    arguments = parser.parse_args()

    python = ensure_venv(arguments.venv)
    if Path(sys.prefix).resolve() != arguments.venv.resolve():
        # Re-run inside the environment that has torch and py-fsrs.
        sys.exit(subprocess.run([str(python), __file__, *sys.argv[1:]]).returncode)
    if not arguments.skip_export:
        export_reviews(arguments.reviews)
    sys.exit(0 if compare(arguments.reviews) else 1)


if __name__ == "__main__":
    main()
