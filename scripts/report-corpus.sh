#!/usr/bin/env bash
# Writes every report of the test corpus and the model zoo into a folder, so
# that two builds can be compared byte for byte (a refactoring that must not
# change a number: run it before and after, then `diff -r`).
#
#   scripts/report-corpus.sh OUT [MLSYSIM-OPT]     write the reports into OUT
#   scripts/report-corpus.sh --diff A B            compare two such folders
#
# Each input (every .mlir under test/ and zoo/models/) is run with
# --split-input-file through every report format under several option sets,
# the remarks pass and the annotate pass; stdout, stderr and the exit status
# of each run are kept. Paths in the output are relative to the repository
# root, so folders written from two checkouts compare equal.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

if [[ ${1:-} == --diff ]]; then
  [[ $# -eq 3 ]] || { echo "usage: $0 --diff A B" >&2; exit 2; }
  if diff -rq "$2" "$3" >/dev/null; then
    echo "report-corpus: $(find "$2" -type f | wc -l) files, all identical"
    exit 0
  fi
  diff -rq "$2" "$3" | head -50
  echo "report-corpus: $(diff -rq "$2" "$3" | wc -l) files differ" >&2
  exit 1
fi

[[ $# -ge 1 ]] || { echo "usage: $0 OUT [MLSYSIM-OPT]" >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd)
opt=${2:-$root/build/bin/mlsysim-opt}
[[ -x $opt ]] || { echo "report-corpus: no $opt (build first)" >&2; exit 2; }
cd "$root"

# One run: NAME then the arguments after the input file.
run() {
  local input=$1 name=$2
  shift 2
  local dest="$out/${input//\//_}.$name" ir=/dev/null
  # The annotate pass's output is the IR.
  [[ $name == annotate ]] && ir=-
  timeout 300 "$opt" "$input" --split-input-file -o "$ir" "$@" \
    >"$dest.out" 2>"$dest.err"
  echo $? >"$dest.rc"
}

inputs=$(find test zoo/models -name '*.mlir' -not -path '*/fuzz/*' | sort)
count=0
for input in $inputs; do
  for format in text json csv svg html trace; do
    run "$input" "$format" "--mlsysim-report=format=$format output=-"
  done
  run "$input" dd1 "--mlsysim-report=dynamic-dim=1 output=-"
  run "$input" dd1-json "--mlsysim-report=dynamic-dim=1 format=json output=-"
  run "$input" eager "--mlsysim-report=dynamic-dim=1 execution=eager ops=all output=-"
  run "$input" graph-json "--mlsysim-report=dynamic-dim=1 execution=graph format=json output=-"
  run "$input" b8-a100 "--mlsysim-report=batch=8 hardware=a100 fusion=0 output=-"
  run "$input" devices "--mlsysim-report=dynamic-dim=2 hardware=h100,a100,xeon-8480 output=-"
  run "$input" devices-json "--mlsysim-report=dynamic-dim=1 hardware=h100,a100 format=json output=-"
  run "$input" sweep "--mlsysim-report=sweep=1,8 output=-"
  run "$input" tf32-mac "--mlsysim-report=dynamic-dim=1 tf32=1 flop-convention=mac format=json output=-"
  run "$input" precision "--mlsysim-report=dynamic-dim=1 precision=bf16 output=-"
  run "$input" remarks "--mlsysim-remarks=dynamic-dim=1"
  run "$input" annotate --mlsysim-annotate=dynamic-dim=1
  count=$((count + 1))
done
echo "report-corpus: $count inputs, $(find "$out" -name '*.rc' | wc -l) runs into $out"
