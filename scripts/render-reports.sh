#!/usr/bin/env bash
# Regenerates the pictures and excerpts of docs/reports.md from zoo models:
# the roofline chart (SVG), a screenshot of the HTML report (headless
# Chromium), the batch sweep chart, and excerpts of the other views.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MLSYSIM_BUILD_DIR:-$root/build}
"$root/scripts/build.sh" >/dev/null
out=$root/docs/reports
mkdir -p "$out"
opt=$build/bin/mlsysim-opt
resnet=$root/zoo/models/resnet50_f16.mlir
llama=$root/zoo/models/llama3_8b_decode.mlir
cd "$root"

"$opt" zoo/models/resnet50_f16.mlir --mlsysim-report="batch=32 format=svg output=$out/resnet50-roofline-h100.svg" -o /dev/null
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
# The page and the trace are large: rendered or excerpted, not committed.
"$opt" zoo/models/resnet50_f16.mlir --mlsysim-report="batch=32 format=html output=$profile/resnet50-report-h100.html" -o /dev/null
"$opt" zoo/models/resnet50_f16.mlir --mlsysim-report="sweep=1,2,4,...,256 hardware=a100,h100 format=svg output=$out/resnet50-sweep.svg" -o /dev/null
"$opt" zoo/models/llama3_8b_decode.mlir --mlsysim-report="batch=1 format=svg hardware=h100 output=$out/llama3-decode-roofline-h100.svg" -o /dev/null
"$opt" zoo/models/llama3_8b_decode.mlir --mlsysim-report="batch=1 format=trace output=$profile/trace.json" -o /dev/null
sed -n '1,40p' "$profile/trace.json" > "$out/llama3-decode-trace-head.json"
shot() { # shot FILE.svg|html OUT.png WIDTH HEIGHT
  chromium --headless --no-sandbox --disable-gpu --user-data-dir="$profile" \
    --hide-scrollbars --window-size="$3,$4" --screenshot="$2" "file://$1" >/dev/null 2>&1
}
shot "$out/resnet50-roofline-h100.svg" "$out/resnet50-roofline-h100.png" 900 600
shot "$profile/resnet50-report-h100.html" "$out/resnet50-report-h100.png" 1200 1500
shot "$out/resnet50-sweep.svg" "$out/resnet50-sweep.png" 800 500
shot "$out/llama3-decode-roofline-h100.svg" "$out/llama3-decode-roofline-h100.png" 900 600

# Text excerpts for the page.
{
  echo '$ mlsysim-opt zoo/models/resnet50_f16.mlir --mlsysim-report=batch=32 -o /dev/null'
  "$opt" zoo/models/resnet50_f16.mlir --mlsysim-report=batch=32 -o /dev/null 2>&1 | sed -n '1,12p'
  echo '...'
  "$opt" zoo/models/resnet50_f16.mlir --mlsysim-report=batch=32 -o /dev/null 2>&1 | sed -n '/^totals/,$p'
} > "$out/resnet50-text.txt"
{
  echo '$ mlsysim-opt zoo/models/resnet50_f16.mlir --mlsysim-report="batch=32 format=csv output=-" -o /dev/null | head -4'
  "$opt" zoo/models/resnet50_f16.mlir --mlsysim-report="batch=32 format=csv output=-" -o /dev/null | sed -n '1,4p'
} > "$out/resnet50-csv.txt"
{
  echo '$ mlsysim-opt zoo/models/llama3_8b_decode.mlir --mlsysim-remarks="batch=1 min-share=0.01" -o /dev/null'
  "$opt" zoo/models/llama3_8b_decode.mlir --mlsysim-remarks="batch=1 min-share=0.01" -o /dev/null 2>&1 | grep remark | sed 's|^.*/zoo/|zoo/|' | head -6
} > "$out/llama3-remarks.txt"
{
  echo '$ mlsysim-opt zoo/models/resnet50_f16.mlir --mlsysim-report="batch=32 hardware=a100,h100,h200" -o /dev/null'
  "$opt" zoo/models/resnet50_f16.mlir --mlsysim-report="batch=32 hardware=a100,h100,h200" -o /dev/null 2>&1 | sed -n '/^comparison across/,/^$/p'
} > "$out/resnet50-devices.txt"
{
  echo '$ mlsysim-opt zoo/models/resnet50_f16.mlir --mlsysim-track=h100 --mlsysim-track-batch=32 --linalg-fuse-elementwise-ops -o /dev/null'
  "$opt" zoo/models/resnet50_f16.mlir --mlsysim-track=h100 --mlsysim-track-batch=32 --linalg-fuse-elementwise-ops -o /dev/null 2>&1 | head -4
} > "$out/resnet50-track.txt"
echo "rendered into $out"
