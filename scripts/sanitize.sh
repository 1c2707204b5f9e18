#!/usr/bin/env bash
# Builds mlsysim with AddressSanitizer and UndefinedBehaviorSanitizer
# (-DMLSYSIM_SANITIZE=ON, in build-sanitize/) and runs every test on it: the
# lit regression tests (the zoo's included) and the unit tests. Any sanitizer
# report fails the test it happens in (UBSan halts on error, ASan always
# does, LeakSanitizer reports at exit). Run by .ci/run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MLSYSIM_SANITIZE_BUILD_DIR:-$root/build-sanitize}
"$root/scripts/setup.sh"
if [[ ! -f $build/build.ninja ]]; then
  cmake -S "$root" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DMLSYSIM_SANITIZE=ON \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit
fi
ninja -C "$build" -j "${MLSYSIM_JOBS:-2}"
set +e
/usr/lib/llvm-22/bin/lit -sv "$build/test" "$build/test/Unit" | tee "$build/lit.log"
status=${PIPESTATUS[0]}
set -e
count() { sed -nE "s/^ *$1 *: *([0-9]+).*/\1/p" "$build/lit.log" | awk '{ n += $1 } END { print n + 0 }'; }
passed=$(count Passed)
failed=$(( $(count Failed) + $(count Unresolved) + $(count "Timed Out") + $(count "Unexpectedly Passed") ))
echo "sanitize: $passed passed, $failed failed"
exit "$status"
