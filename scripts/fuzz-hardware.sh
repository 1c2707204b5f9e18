#!/usr/bin/env bash
# Fuzzes the device-file parser and the resolution of device and system files
# (their device: references, cycles included) with libFuzzer
# (tools/mlsysim-hardware-fuzzer, built with clang in build-fuzz/), seeded with
# the hardware zoo, the test device files, and systems that name a second
# file, themselves or each other. Usage: scripts/fuzz-hardware.sh [SECONDS]
# (default 60).
# Exit status: libFuzzer's (non-zero on a crash, with the input saved in
# build-fuzz/hardware-artifacts/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
source "$root/scripts/fuzz-prepare.sh" mlsysim-hardware-fuzzer hardware
cp "$root"/zoo/hardware/*.yaml "$root"/zoo/systems/*.yaml "$root"/test/Hardware/Inputs/*.yaml \
  "$root"/test/Analysis/Inputs/*.yaml "$work/corpus/"
# An input is up to two files, a.yaml and b.yaml (split at a line
# "--- b.yaml"; see the fuzzer): systems whose device is a zoo device written
# as a second file, themselves, or each other.
for system in "$root"/zoo/systems/*.yaml; do
  name=$(basename "$system" .yaml)
  { cat "$system"; printf '\n--- b.yaml\n'; cat "$root/zoo/hardware/nvidia-h100-sxm.yaml"; } |
    sed '0,/^device: /s/^device: .*/device: b.yaml/' > "$work/corpus/$name-device.yaml"
  sed 's/^device: .*/device: a.yaml/' "$system" > "$work/corpus/$name-self.yaml"
  { sed 's/^device: .*/device: b.yaml/' "$system"; printf '\n--- b.yaml\n';
    sed 's/^device: .*/device: a.yaml/' "$system"; } > "$work/corpus/$name-cycle.yaml"
done
cd "$work"
"$out/bin/mlsysim-hardware-fuzzer" -max_total_time="$seconds" -timeout=10 $seed \
  -rss_limit_mb=2048 -artifact_prefix="$artifacts" \
  -print_final_stats=1 corpus
