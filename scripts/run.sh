#!/usr/bin/env bash
# Everything needed to run Folio on a fresh machine: system packages, data sources, a release
# build, the first import, then `folio serve`. Later runs skip what is already done.
# Arguments go to `folio serve` (e.g. --port 9000).
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"
cd "$FOLIO_ROOT"

scripts/setup.sh
scripts/fetch-data.sh

# SQLite needs no PostgreSQL client: without the PostgreSQL trait the first build leaves out
# postgres-nio and the TLS stack it brings (a copy of BoringSSL). A PostgreSQL database, named by
# FOLIO_DATABASE_URL or --database, builds it in.
traits=(--disable-default-traits)
database="${FOLIO_DATABASE_URL:-}"
previous=""
for argument in "$@"; do
  case "$argument" in --database=*) database="${argument#--database=}" ;; esac
  [ "$previous" = "--database" ] && database="$argument"
  previous="$argument"
done
case "$database" in postgres://*|postgresql://*) traits=() ;; esac

swift build -c release --product folio "${traits[@]}"
folio="$(swift build -c release --show-bin-path)/folio"

# Import on first run only: `stats` fails while the library is empty.
if ! "$folio" monologues stats >/dev/null 2>&1; then
  "$folio" import shakespeare
fi

exec "$folio" serve "$@"
