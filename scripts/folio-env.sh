# Shared by the scripts: the data directory, resolved as `folio` resolves it, and a server over
# a freshly imported library. Sourced, not run.
FOLIO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -n "${FOLIO_DATA_DIR:-}" ]; then
  FOLIO_DATA="$FOLIO_DATA_DIR"
elif [ -n "${XDG_DATA_HOME:-}" ]; then
  FOLIO_DATA="$XDG_DATA_HOME/folio"
else
  FOLIO_DATA="$HOME/.local/share/folio"
fi
export FOLIO_ROOT FOLIO_DATA

# Imports the plays in CORPUS into the empty data directory DATA and starts `folio serve` over
# it on a free local port, logging to LOG; waits (at most a minute) until it answers. Sets
# `server` (its pid, for the caller's cleanup) and `base` (its URL).
#   serve_fresh_library BIN CORPUS DATA LOG
serve_fresh_library() {
  local bin="$1" corpus="$2" data="$3" log="$4" port
  "$bin" import shakespeare "$corpus" --data-dir "$data" >/dev/null
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
  base="http://127.0.0.1:$port"
  # The proof scripts register many accounts from this one address (ghost-load: two per room).
  # Every client of these scripts connects from 127.0.0.1: the per-address limits would count a
  # whole load test (100 players in 50 rooms) as one visitor.
  "$bin" serve --port "$port" --data-dir "$data" --max-registrations-per-hour 100000 \
    --max-sockets-per-address 100000 --max-anonymous-games-per-hour 100000 > "$log" 2>&1 &
  server=$!
  for _ in $(seq 1 120); do
    curl -fs "$base/api/v1/ping" >/dev/null 2>&1 && return 0
    kill -0 "$server" 2>/dev/null || { echo "folio serve exited:" >&2; tail -20 "$log" >&2; return 1; }
    sleep 0.5
  done
  echo "folio serve did not answer $base/api/v1/ping within a minute:" >&2; tail -20 "$log" >&2
  return 1
}
