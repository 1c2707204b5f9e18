#!/usr/bin/env bash
# Fuzzes the IR path (parse, verify, every report view with a binding, a
# sweep, remarks, mlsysim-fuse, annotate then strip) with libFuzzer:
# tools/mlsysim-ir-fuzzer, built with clang in build-fuzz/ (MLSYSIM_FUZZ=ON,
# AddressSanitizer). Seeds: the committed corpus (test/fuzz/ir-corpus),
# every test input of test/ split at its `// -----` markers, and the zoo's
# models; dictionary: test/fuzz/ir.dict.
#   scripts/fuzz-ir.sh [SECONDS]                  (default 60)
#   scripts/fuzz-ir.sh SECONDS --update-corpus    merge what was found into
#                                                 test/fuzz/ir-corpus
# Exit status: libFuzzer's (non-zero on a crash, with the input saved in
# build-fuzz/ir-artifacts/).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-60}
source "$root/scripts/fuzz-prepare.sh" mlsysim-ir-fuzzer ir
cp "$root"/test/fuzz/ir-corpus/* "$work/corpus/" 2>/dev/null || true
python3 - "$root" "$work/corpus" <<'PY'
import pathlib, sys
root, corpus = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
n = 0
for path in sorted((root / "test").rglob("*.mlir")):
    for chunk in path.read_text(errors="replace").split("// -----"):
        if chunk.strip() and len(chunk) < 64 * 1024:
            (corpus / ("seed-%04d.mlir" % n)).write_text(chunk)
            n += 1
# The zoo's programs, whole: real frontends' IR, the largest inputs.
for path in sorted((root / "zoo" / "models").glob("*.mlir")):
    (corpus / ("seed-zoo-" + path.name)).write_text(path.read_text())
    n += 1
print("fuzz-ir: %d seeds" % n)
PY
cd "$work"
status=0
"$out/bin/mlsysim-ir-fuzzer" -max_total_time="$seconds" -timeout=30 $seed \
  -rss_limit_mb=4096 -max_len=1048576 -dict="$root/test/fuzz/ir.dict" \
  -artifact_prefix="$artifacts" -print_final_stats=1 corpus || status=$?
if [[ ${2:-} == --update-corpus && $status == 0 ]]; then
  # The inputs that reach code the seeds (test/ and the committed corpus)
  # do not: merged into a copy of the seeds, what the merge adds is new.
  mkdir -p merged
  cp corpus/seed-* merged/
  cp "$root"/test/fuzz/ir-corpus/* merged/ 2>/dev/null || true
  "$out/bin/mlsysim-ir-fuzzer" -merge=1 -max_len=1048576 merged corpus
  find merged -type f -size -8k ! -name 'seed-*' \
    -exec cp -n {} "$root/test/fuzz/ir-corpus/" \;
fi
exit "$status"
