#!/usr/bin/env bash
# Builds if needed, then prints the per-op roofline report of a zoo model on
# the default hardware (H100 SXM). Usage:
#   scripts/run.sh [MODEL.mlir] [extra mlsysim-report options, e.g. hardware=a100]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MLSYSIM_BUILD_DIR:-$root/build}
"$root/scripts/build.sh" >/dev/null
model=${1:-$root/zoo/models/resnet50.mlir}
shift || true
options=$*
"$build/bin/mlsysim-opt" "$model" --mlsysim-report="dynamic-dim=1 $options" -o /dev/null
