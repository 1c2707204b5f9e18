#!/usr/bin/env bash
# Creates <repo>/.venv-iree (git-ignored by /.venv*/) and installs the IREE
# pins of bench/iree/requirements.txt from PyPI. Idempotent: it reinstalls only
# when requirements.txt changed since the last successful install.
#
# Usage: bash bench/iree/setup.sh          # prints the venv path when done
#        MLSYSIM_IREE_VENV=/path bash bench/iree/setup.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
venv=${MLSYSIM_IREE_VENV:-$root/.venv-iree}
req=$root/bench/iree/requirements.txt
stamp=$venv/.requirements.sha256
want=$(sha256sum "$req" | cut -d' ' -f1)
if [[ ! -x $venv/bin/python ]]; then
  python3 -m venv "$venv"
fi
if [[ ! -f $stamp || $(cat "$stamp") != "$want" ]] ||
   ! "$venv/bin/python" -c 'import iree.compiler, iree.runtime' 2>/dev/null; then
  "$venv/bin/pip" install --quiet --upgrade pip
  "$venv/bin/pip" install --quiet -r "$req"
  echo "$want" > "$stamp"
fi
for tool in iree-compile iree-benchmark-module iree-run-module; do
  [[ -x $venv/bin/$tool ]] || { echo "setup.sh: $venv/bin/$tool missing" >&2; exit 1; }
done
echo "$venv"
