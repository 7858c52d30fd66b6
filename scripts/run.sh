#!/usr/bin/env bash
# Everything needed to run Folio on a fresh machine: system packages, data sources, a release
# build, the first import, then `folio serve`. Later runs skip what is already done.
# Arguments go to `folio serve` (e.g. --port 9000).
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"
cd "$FOLIO_ROOT"

scripts/setup.sh
scripts/fetch-data.sh

swift build -c release --product folio
folio="$(swift build -c release --show-bin-path)/folio"

# Import on first run only: `stats` fails while the library is empty.
if ! "$folio" monologues stats >/dev/null 2>&1; then
  "$folio" import shakespeare
fi

exec "$folio" serve "$@"
