# Shared by the scripts: the data directory, resolved as `folio` resolves it; installing what a
# script needs; and starting `folio serve` on a free loopback port. Sourced, not run.
FOLIO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -n "${FOLIO_DATA_DIR:-}" ]; then
  FOLIO_DATA="$FOLIO_DATA_DIR"
elif [ -n "${XDG_DATA_HOME:-}" ]; then
  FOLIO_DATA="$XDG_DATA_HOME/folio"
else
  FOLIO_DATA="$HOME/.local/share/folio"
fi
export FOLIO_ROOT FOLIO_DATA

# Installs the Debian packages that are not installed yet; asks apt nothing when all are. The
# first argument names the caller in the message.
#   need_debian WHO PACKAGE...
need_debian() {
  local who="$1"; shift
  local missing=() p sudo=""
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "$who: installing ${missing[*]}"
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  timeout 600 $sudo apt-get update -qq
  timeout 900 $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# Installs Python packages from PyPI into the system's Python (pip skips what is there already).
# Arguments are pip's: requirement specifiers, `-r FILE`, `--no-deps`.
#   need_pip ARG...
need_pip() {
  PIP_ROOT_USER_ACTION=ignore PIP_DISABLE_PIP_VERSION_CHECK=1 timeout 600 python3 -m pip install -q "$@"
}

# A loopback port nothing listens on.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Starts `folio serve` over DATA on a free loopback port, logging to LOG, with any further
# options; waits (at most a minute) until it answers. Sets `server` (its pid, for the caller's
# cleanup), `port` and `base` (its URL).
#   start_folio BIN DATA LOG [SERVE OPTION...]
start_folio() {
  local bin="$1" data="$2" log="$3"; shift 3
  port="$(free_port)"
  base="http://127.0.0.1:$port"
  "$bin" serve --hostname 127.0.0.1 --port "$port" --data-dir "$data" "$@" > "$log" 2>&1 &
  server=$!
  for _ in $(seq 1 120); do
    curl -fs "$base/api/v1/ping" >/dev/null 2>&1 && return 0
    kill -0 "$server" 2>/dev/null || { echo "folio serve exited:" >&2; tail -20 "$log" >&2; return 1; }
    sleep 0.5
  done
  echo "folio serve did not answer $base/api/v1/ping within a minute:" >&2; tail -20 "$log" >&2
  return 1
}

# Imports the plays in CORPUS into the empty data directory DATA and starts `folio serve` over
# it (see start_folio); further arguments go to `folio serve`.
#   serve_fresh_library BIN CORPUS DATA LOG [OPTION...]
serve_fresh_library() {
  local bin="$1" corpus="$2" data="$3" log="$4"; shift 4
  "$bin" import shakespeare "$corpus" --data-dir "$data" >/dev/null
  # The proof scripts register many accounts from this one address (ghost-load: two per room).
  # Every client of these scripts connects from 127.0.0.1: the per-address limits would count a
  # whole load test (100 players in 50 rooms) as one visitor.
  start_folio "$bin" "$data" "$log" --max-registrations-per-hour 100000 \
    --max-sockets-per-address 100000 --max-anonymous-games-per-hour 100000 "$@"
}
