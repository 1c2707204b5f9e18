#!/usr/bin/env bash
# Runs the regression and unit tests of a build directory with lit and closes
# with one line "LABEL: N passed, N failed" (failed counts unresolved,
# timed-out and unexpectedly passing tests too). Exit status: lit's.
#   scripts/lit-run.sh LABEL BUILD_DIR
set -uo pipefail
label=$1 build=$2
/usr/lib/llvm-22/bin/lit -sv "$build/test" "$build/test/Unit" | tee "$build/lit.log"
status=${PIPESTATUS[0]}
# lit's summary: "  Passed: N (..%)", "  Failed: N", "  Unresolved: N", ...
count() { sed -nE "s/^ *$1 *: *([0-9]+).*/\1/p" "$build/lit.log" | awk '{ n += $1 } END { print n + 0 }'; }
passed=$(count Passed)
failed=$(( $(count Failed) + $(count Unresolved) + $(count "Timed Out") + $(count "Unexpectedly Passed") ))
echo "$label: $passed passed, $failed failed"
exit "$status"
