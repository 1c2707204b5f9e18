#!/usr/bin/env bash
# Speed benchmark (not a test): on a generated module with 20,000 linalg ops,
# `mlsysim-opt --mlsysim-report` (parse, verify, analyze, report, print) against
# `mlir-opt` (LLVM 22) parsing and printing the same file. Best of N runs each.
# Usage: scripts/bench/speed.sh [OPS] [RUNS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
ops=${1:-20000}
runs=${2:-5}
"$root/scripts/build.sh" >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/scripts/bench/gen_module.py" "$ops" > "$work/module.mlir"
echo "module: $(grep -c 'linalg\.' "$work/module.mlir") linalg ops, $(wc -c < "$work/module.mlir") bytes"

best() { # best wall time in seconds of "$@" over $runs runs
  local best=
  for _ in $(seq "$runs"); do
    local start end t
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [[ -z $best ]] || (( $(echo "$t < $best" | bc -l) )); then best=$t; fi
  done
  echo "$best"
}

mlir=$(best /usr/lib/llvm-22/bin/mlir-opt "$work/module.mlir" -o "$work/a.mlir")
report=$(best "$root/build/bin/mlsysim-opt" "$work/module.mlir" \
  --mlsysim-report="output=$work/report.txt" -o "$work/b.mlir")
json=$(best "$root/build/bin/mlsysim-opt" "$work/module.mlir" \
  --mlsysim-report="format=json output=$work/report.json" -o "$work/c.mlir")
printf 'mlir-opt parse+print:                 %.3f s\n' "$mlir"
printf 'mlsysim-opt --mlsysim-report (text):  %.3f s  (%.2fx)\n' "$report" "$(echo "$report / $mlir" | bc -l)"
printf 'mlsysim-opt --mlsysim-report (json):  %.3f s  (%.2fx)\n' "$json" "$(echo "$json / $mlir" | bc -l)"
