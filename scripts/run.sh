#!/usr/bin/env bash
# Builds if needed, then prints the per-op roofline report of a zoo model on
# the default hardware (H100 SXM). Usage:
#   scripts/run.sh [MODEL.mlir] [extra mlsysim-report options, e.g. hardware=a100]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MLSYSIM_BUILD_DIR:-$root/build}
# MLSYSIM_SKIP_BUILD=1 runs the binary already built (the lit test of this
# script runs inside the build).
[[ -n ${MLSYSIM_SKIP_BUILD:-} ]] || "$root/scripts/build.sh" >/dev/null
if [[ $# -eq 0 ]]; then
  # The default model, named from the repository root so that the report's
  # locations read zoo/models/resnet50.mlir:LINE:COL.
  cd "$root"
  exec "$build/bin/mlsysim-opt" zoo/models/resnet50.mlir --mlsysim-report -o /dev/null
fi
model=$1
shift
# The user's options unchanged: the report binds dynamic sizes to batch= (1
# by default) itself.
exec "$build/bin/mlsysim-opt" "$model" --mlsysim-report="$*" -o /dev/null
