#!/usr/bin/env bash
# Fuzzes the device-file parser with libFuzzer (tools/mlsysim-hardware-fuzzer,
# built with clang in build-fuzz/), seeded with the hardware zoo and the test
# device files. Usage: scripts/fuzz-hardware.sh [SECONDS] (default 60).
# Exit status: libFuzzer's (non-zero on a crash, with the input saved in
# build-fuzz/hardware-artifacts/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
source "$root/scripts/fuzz-prepare.sh" mlsysim-hardware-fuzzer hardware
cp "$root"/zoo/hardware/*.yaml "$root"/zoo/systems/*.yaml "$root"/test/Hardware/Inputs/*.yaml \
  "$root"/test/Analysis/Inputs/*.yaml "$work/corpus/"
cd "$work"
"$out/bin/mlsysim-hardware-fuzzer" -max_total_time="$seconds" -timeout=10 $seed \
  -rss_limit_mb=2048 -artifact_prefix="$artifacts" \
  -print_final_stats=1 corpus
