#!/usr/bin/env bash
# Regenerates the IREE CPU validation (bench/iree/README.md): installs IREE in
# <repo>/.venv-iree, lists IREE's dispatches for every zoo model next to our
# kernel counts, then times the zoo models and the single-op suite compiled by
# IREE for this CPU. Resumable: what bench/results/iree-cpu-*.csv already holds
# is not measured again unless --force. Run it on an otherwise idle machine;
# about 25 minutes on 2 cores (Llama-3.1-8B decode included when it fits in
# memory, prefill only with --with-prefill).
#
# Usage: bash bench/iree/run.sh [--force] [--with-prefill]
#        MLSYSIM_OPT=path/to/mlsysim-opt bash bench/iree/run.sh   (default build/bin)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
force=()
prefill=()
for arg in "$@"; do
  case $arg in
    --force) force=(--force) ;;
    --with-prefill) prefill=(--with-prefill) ;;
    *) echo "usage: $0 [--force] [--with-prefill]" >&2; exit 2 ;;
  esac
done
start=$(date +%s)
bash "$here/setup.sh" >/dev/null
python3 "$here/dispatches.py" "${force[@]}"
python3 "$here/bench_models.py" "${force[@]}" "${prefill[@]}"
python3 "$here/bench_ops.py" "${force[@]}"
# IREE's cost per dispatch (compare.py): one-dispatch cases too small for
# their work to count, default flags.
results=$(python3 -c "import sys; sys.path.insert(0, '$here'); import common; print(common.RESULTS)")
python3 "$here/bench_ops.py" "${force[@]}" --variants default --csv "$results/iree-cpu-tiny.csv" \
  matmul_16x32x8 add_8x64 reduce_sum_d0_16x64 transpose_16x16
echo "bench/iree/run.sh: done in $(( ($(date +%s) - start) / 60 )) min" >&2
