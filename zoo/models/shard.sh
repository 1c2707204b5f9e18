#!/usr/bin/env bash
# Regenerate the sharded zoo programs with MLIR 22's own sharding passes:
#
#   llama3_8b_layer_tp8.mlir              one Llama-3.1-8B layer (prefill, S=2048, f16) with
#                                         Megatron TP annotations on shard.grid @tp(shape = 8)
#   llama3_8b_layer_tp8_partitioned.mlir  the same after sharding-propagation + shard-partition
#   mlp_dp8_step.mlir                     2-layer MLP SGD step (batch 64, f32), data parallel
#                                         on shard.grid @dp(shape = 8)
#   mlp_dp8_step_partitioned.mlir         the same after the passes
#
# Usage: zoo/models/shard.sh   (MLIR_OPT overrides /usr/lib/llvm-22/bin/mlir-opt, PYTHON python3)
# Each output starts with a `//` line giving the exact command that produced it. The annotated
# files are the generators' output verbatim (they keep their explanatory comments); the
# partitioned files are mlir-opt's output. Every file is re-parsed with `mlir-opt --verify-each`.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here/../.."   # repository root: the recorded commands are relative to it
MLIR_OPT="${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}"
PYTHON="${PYTHON:-python3}"
PIPELINE='builtin.module(func.func(sharding-propagation,shard-partition,canonicalize,cse))'
out=zoo/models
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# gen NAME GENERATOR ARGS...: writes $out/NAME.mlir and $out/NAME_partitioned.mlir
gen() {
  local name="$1" script="$2"
  shift 2
  local cmd="$PYTHON $script $*"
  $cmd > "$tmp/$name.mlir"
  { echo "// Produced by: $cmd"; cat "$tmp/$name.mlir"; } > "$out/$name.mlir"
  "$MLIR_OPT" --pass-pipeline="$PIPELINE" "$tmp/$name.mlir" -o "$tmp/${name}_partitioned.mlir"
  { echo "// Produced by: $cmd | $MLIR_OPT --pass-pipeline='$PIPELINE'"
    cat "$tmp/${name}_partitioned.mlir"; } > "$out/${name}_partitioned.mlir"
  for f in "$out/$name.mlir" "$out/${name}_partitioned.mlir"; do
    "$MLIR_OPT" --verify-each "$f" -o /dev/null
    echo "wrote $f ($(grep -c '' "$f") lines; $(grep -v '^ *//' "$f" | grep -o 'shard\.[a-z_]*' | sort | uniq -c | awk '{printf "%s %s, ", $1, $2}' | sed 's/, $//'))"
  done
}

gen llama3_8b_layer_tp8 zoo/models/shard_llama.py --tp 8 --seq 2048
gen mlp_dp8_step zoo/models/shard_dp.py --dp 8 --batch 64
