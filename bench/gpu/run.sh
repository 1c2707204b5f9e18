#!/usr/bin/env bash
# Times the zoo networks and the op suite through PyTorch on the GPU of this
# machine, within about 8 minutes, and writes the CSVs of bench/gpu/README.md.
#
#   bash bench/gpu/run.sh                    # on the GPU machine, from anywhere
#   bash bench/gpu/run.sh --device cpu --smoke   # test the script here (.venv-gpu)
#   bash bench/gpu/run.sh --help             # all options (bench/gpu/run.py)
#
# Python: $PYTHON, else <repo>/.venv-gpu/bin/python when it exists (the CPU
# test venv, bench/gpu/requirements.txt), else python3 (the GPU image, which
# has torch, torchvision and transformers). Results go to $OUT when it is set
# (the device tool's folder that comes back), else bench/results/.
# No network: the Hugging Face hub is set offline and no weight is downloaded.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
if [[ -z ${PYTHON:-} ]]; then
  if [[ -x $root/.venv-gpu/bin/python ]]; then PYTHON=$root/.venv-gpu/bin/python; else PYTHON=python3; fi
fi
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
# Inductor's caches in one place, so the compiled jobs of one run share them.
export TORCHINDUCTOR_CACHE_DIR=${TORCHINDUCTOR_CACHE_DIR:-/tmp/mlsysim-inductor-cache}
cd "$root"
"$PYTHON" bench/gpu/run.py "$@"
# Then real profiles for mlsysim's profile= readers (torch.profiler, and nsys when on PATH;
# README.md, "Profiles"); nothing without CUDA, and not for --help or --device cpu.
case " $* " in *" -h "*|*" --help "*|*" --device cpu "*|*" --device=cpu "*) ;;
  *) "$PYTHON" bench/gpu/record_profiles.py --if-cuda || echo "run.sh: bench/gpu/record_profiles.py failed" >&2 ;;
esac
