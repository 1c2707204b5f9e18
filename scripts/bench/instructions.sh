#!/usr/bin/env bash
# Cost of the analysis against parsing (not a test): instructions executed,
# counted by callgrind (deterministic, unlike wall time on a shared VM), on a
# generated module of 20,000 linalg ops (scripts/bench/gen_module.py), for
# `mlir-opt` (LLVM 22) parsing and printing it and for each report of
# `mlsysim-opt` (parse, verify, analyze, plan, report, print).
# Usage: scripts/bench/instructions.sh [OPS]      (about 10 minutes at 20,000)
#        scripts/bench/instructions.sh --functions [N]
#   the second shape: N small functions (default 5,000) of 4 linalg ops each,
#   as compilers produce once they outline dispatches (gen_functions.py)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
generator=gen_module.py
if [[ ${1:-} == --functions ]]; then
  generator=gen_functions.py
  shift
  size=${1:-5000}
else
  size=${1:-20000}
fi
"$root/scripts/build.sh" >/dev/null
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/scripts/bench/$generator" "$size" > "$work/module.mlir"
echo "module: $(grep -c 'func\.func' "$work/module.mlir") functions, $(grep -c 'linalg\.' "$work/module.mlir") linalg ops, $(wc -c < "$work/module.mlir") bytes"

# Instructions of "$@" (callgrind's total, Ir).
count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>"$work/cg.err" ||
    { cat "$work/cg.err" >&2; exit 1; }
  sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$work/cg.out"
}

base=$(count /usr/lib/llvm-22/bin/mlir-opt "$work/module.mlir" -o "$work/a.mlir")
printf '%-52s %6.2f G\n' "mlir-opt parse+print" "$(echo "$base / 1000000000" | bc -l)"
# A copy: a rebuild while this runs does not change what is measured.
cp "$root/build/bin/mlsysim-opt" "$work/mlsysim-opt"
opt="$work/mlsysim-opt"
while IFS='|' read -r label options; do
  n=$(count "$opt" "$work/module.mlir" --mlsysim-report="$options output=$work/report" -o "$work/b.mlir")
  printf '%-52s %6.2f G  %6.3fx\n' "$label" "$(echo "$n / 1000000000" | bc -l)" "$(echo "$n / $base" | bc -l)"
done <<'CASES'
mlsysim-opt text report (default: compiled, fusion)|format=text
mlsysim-opt JSON report (default: compiled, fusion)|format=json
mlsysim-opt text report, fusion=0|format=text fusion=0
mlsysim-opt JSON report, fusion=0|format=json fusion=0
CASES
