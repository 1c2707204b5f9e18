#!/usr/bin/env bash
# Fuzzes the device-file parser with libFuzzer (tools/mlsysim-hardware-fuzzer,
# built with clang in build-fuzz/), seeded with the hardware zoo and the test
# device files. Usage: scripts/fuzz-hardware.sh [SECONDS] (default 60).
# Exit status: libFuzzer's (non-zero on a crash, with the input saved in
# build-fuzz/hardware-artifacts/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
# In CI (CI=true) the run is reproducible: a fixed seed, so that a failure
# there is one a developer can replay. MLSYSIM_FUZZ_SEED overrides it.
seed=
[[ ${CI:-} == true ]] && seed=-seed=${MLSYSIM_FUZZ_SEED:-1}
[[ -n ${MLSYSIM_FUZZ_SEED:-} ]] && seed=-seed=$MLSYSIM_FUZZ_SEED
"$root/scripts/fuzz-build.sh" mlsysim-hardware-fuzzer
out=$root/build-fuzz
work=$out/hardware-work
rm -rf "$work" && mkdir -p "$work/corpus" "$out/hardware-artifacts"
cp "$root"/zoo/hardware/*.yaml "$root"/test/Hardware/Inputs/*.yaml "$work/corpus/"
cd "$work"
"$out/bin/mlsysim-hardware-fuzzer" -max_total_time="$seconds" -timeout=10 $seed \
  -rss_limit_mb=2048 -artifact_prefix="$out/hardware-artifacts/" \
  -print_final_stats=1 corpus
