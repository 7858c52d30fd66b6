# A throwaway PostgreSQL cluster for the tests and load scripts: Debian's PostgreSQL 15, made
# with initdb in a temporary folder, listening on a free loopback port (and a unix socket in
# that folder), trusting local connections, stopped and deleted when the calling script exits.
# Sourced, after folio-env.sh:
#   start_postgres          # sets FOLIO_TEST_POSTGRES_URL (postgres://folio@127.0.0.1:PORT/folio)
# PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.

POSTGRES_BIN="${POSTGRES_BIN:-/usr/lib/postgresql/15/bin}"

start_postgres() {
  need_debian postgres postgresql
  local dir port as=()
  dir="$(mktemp -d /tmp/folio-postgres.XXXXXX)"
  port="$(free_port)"
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$dir"
    as=(runuser -u postgres --)
  fi
  chmod 700 "$dir"
  "${as[@]}" "$POSTGRES_BIN/initdb" -D "$dir/data" --auth=trust --username=folio --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; return 1; }
  # Enough connections for the test suites' pools; fsync off, as the cluster is thrown away
  # (the crash test turns it back on for its own cluster).
  "${as[@]}" "$POSTGRES_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c max_connections=300 -c fsync=${FOLIO_POSTGRES_FSYNC:-off} -c synchronous_commit=${FOLIO_POSTGRES_FSYNC:-off}" start >/dev/null \
    || { cat "$dir/server.log" >&2; return 1; }
  "${as[@]}" "$POSTGRES_BIN/createdb" -h 127.0.0.1 -p "$port" -U folio folio
  FOLIO_POSTGRES_DIR="$dir"
  FOLIO_POSTGRES_PORT="$port"
  FOLIO_TEST_POSTGRES_URL="postgres://folio@127.0.0.1:$port/folio"
  export FOLIO_POSTGRES_DIR FOLIO_POSTGRES_PORT FOLIO_TEST_POSTGRES_URL
  _postgres_as=("${as[@]}")
  trap stop_postgres EXIT
  echo "postgres: a throwaway cluster on 127.0.0.1:$port ($dir)"
}

stop_postgres() {
  [ -n "${FOLIO_POSTGRES_DIR:-}" ] || return 0
  "${_postgres_as[@]}" "$POSTGRES_BIN/pg_ctl" -D "$FOLIO_POSTGRES_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$FOLIO_POSTGRES_DIR"
  FOLIO_POSTGRES_DIR=""
}
