#!/usr/bin/env bash
# Builds the libFuzzer targets named on the command line (mlsysim-ir-fuzzer,
# mlsysim-hardware-fuzzer) in build-fuzz/: clang 22 from Debian, every
# library instrumented for coverage and AddressSanitizer (MLSYSIM_FUZZ=ON).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
out=$root/build-fuzz
if [[ ! -f $out/build.ninja ]]; then
  cmake -S "$root" -B "$out" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLSYSIM_FUZZ=ON \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit >/dev/null
fi
ninja -C "$out" -j "${MLSYSIM_JOBS:-2}" "$@"
