#!/usr/bin/env bash
# Fuzzes the device-file parser with libFuzzer (clang from Debian), seeded with
# the hardware zoo. Usage: scripts/fuzz-hardware.sh [SECONDS] (default 60).
# Exit status: libFuzzer's (non-zero on a crash, with the input saved).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
"$root/scripts/setup.sh"
command -v clang++-14 >/dev/null || apt-get install -y -q clang-14 libclang-rt-14-dev >/dev/null
out=$root/build/fuzz
mkdir -p "$out/corpus"
cp "$root"/zoo/hardware/*.yaml "$out/corpus/"
llvm=/usr/lib/llvm-22
clang++-14 -std=c++17 -O1 -g -fsanitize=fuzzer,address -fno-rtti \
  -I"$llvm/include" -I"$root/include" \
  "$root/tools/mlsysim-hardware-fuzzer/mlsysim-hardware-fuzzer.cpp" \
  "$root/lib/Hardware/HardwareSpec.cpp" "$root/lib/Hardware/ElementKind.cpp" \
  -L"$llvm/lib" -Wl,-rpath,"$llvm/lib" -lLLVM -lMLIR \
  -o "$out/mlsysim-hardware-fuzzer"
cd "$out"
./mlsysim-hardware-fuzzer -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 corpus
