#!/usr/bin/env bash
# Regenerates the validation results: calibrates this machine (a few minutes),
# runs the op suite through upstream MLIR and mlir-runner, and compares the
# times with mlsysim's predictions (bench/results/, docs/validation.md).
# Run it on an otherwise idle machine; build first:
#   MLSYSIM_BUILD_DIR=$PWD/build-bench bash scripts/build.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MLSYSIM_BUILD_DIR:-$root/build-bench}
results=$root/bench/results
host=$(hostname | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9-]/-/g')
mkdir -p "$results"
"$build/bin/mlsysim-calibrate" ${CALIBRATE_FLAGS:-} \
  -o "$results/host-$host.yaml" --single-core-output="$results/host-$host-1core.yaml" \
  > "$results/calibration-table.txt"
python3 "$root/bench/suite.py"
python3 "$root/bench/harness.py" -o "$results/cpu-measured.csv"
python3 "$root/bench/report.py" --check --hardware "$results/host-$host-1core.yaml" \
  --mlsysim-opt "$build/bin/mlsysim-opt"
