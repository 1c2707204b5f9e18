#!/usr/bin/env bash
# Prepares the optional IREE leg of bench/gpu/run.sh, on this machine (the GPU
# machine has no IREE and no network):
#   1. the IREE compiler venv (.venv-iree, bench/iree/setup.sh);
#   2. .whl/iree_base_runtime-<version>-cp312-abi3-*.whl, the runtime wheel of
#      the same version for the GPU image's Python 3.12 (abi3: any CPython >= 3.8);
#   3. build-bench/iree-cuda/<model>_b<batch>.vmfb (+ .json): the f16 zoo models
#      compiled for --iree-hal-target-device=cuda --iree-cuda-target=sm_80
#      (bench/gpu/iree_cuda.py compile; PTX that the driver JITs for Hopper).
# Then carry both to the GPU machine (they are git-ignored):
#   run(command="bash bench/gpu/run.sh", carry=[".whl", "build-bench/iree-cuda"])
#
#   bash bench/gpu/compile_iree_cuda.sh                      # the five f16 models, batch 1
#   bash bench/gpu/compile_iree_cuda.sh --models resnet50_f16 --batches 1,256
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
venv=$(bash "$root/bench/iree/setup.sh" | tail -1)
version=$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("iree-base-runtime"))')
mkdir -p "$root/.whl"
if ! ls "$root"/.whl/iree_base_runtime-"$version"-cp312-*.whl >/dev/null 2>&1; then
  "$venv/bin/pip" download --quiet --no-deps --only-binary=:all: --python-version 3.12 \
    --platform manylinux_2_28_x86_64 "iree-base-runtime==$version" -d "$root/.whl"
fi
ls "$root"/.whl/iree_base_runtime-"$version"-*.whl
exec "$venv/bin/python" "$root/bench/gpu/iree_cuda.py" compile "$@"
