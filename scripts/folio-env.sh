# Shared by the scripts: the data directory, resolved as `folio` resolves it.
# Sourced, not run.
FOLIO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -n "${FOLIO_DATA_DIR:-}" ]; then
  FOLIO_DATA="$FOLIO_DATA_DIR"
elif [ -n "${XDG_DATA_HOME:-}" ]; then
  FOLIO_DATA="$XDG_DATA_HOME/folio"
else
  FOLIO_DATA="$HOME/.local/share/folio"
fi
export FOLIO_ROOT FOLIO_DATA
