#!/usr/bin/env bash
# Builds if needed, then prints the per-op roofline report of a zoo model on
# the default hardware (H100 SXM). Usage:
#   scripts/run.sh [MODEL.mlir] [extra mlsysim-report options, e.g. hardware=a100]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MLSYSIM_BUILD_DIR:-$root/build}
"$root/scripts/build.sh" >/dev/null
if [[ $# -eq 0 ]]; then
  # The default model, named from the repository root so that the report's
  # locations read zoo/models/resnet50.mlir:LINE:COL.
  cd "$root"
  exec "$build/bin/mlsysim-opt" zoo/models/resnet50.mlir --mlsysim-report="dynamic-dim=1" -o /dev/null
fi
model=$1
shift
options=$*
"$build/bin/mlsysim-opt" "$model" --mlsysim-report="dynamic-dim=1 $options" -o /dev/null
