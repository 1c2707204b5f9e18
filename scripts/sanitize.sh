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
exec "$root/scripts/lit-run.sh" sanitize "$build"
