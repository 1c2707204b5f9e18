#!/usr/bin/env bash
# Regenerate the mlsysim model zoo (zoo/models/*.mlir).
#
#   zoo/models/export.sh                 # all models
#   zoo/models/export.sh resnet50 ...    # some models (names: export.py --help)
#   zoo/models/export.sh --install-only  # only create/update the environment
#   zoo/models/export.sh --train [NAME ...] [--precision f32|bf16]
#                                        # training steps (<name>_train*.mlir;
#                                        # export_train.py --help)
#   zoo/models/export.sh --from-torch MODEL --input SHAPExDTYPE [...]
#                                        # any PyTorch model, then its report
#                                        # (from_torch.py --help)
#   zoo/models/export.sh --from-torch MODEL --input SHAPExDTYPE --train \
#       [--optimizer adamw|sgd] [--loss sum|cross-entropy|mse] [--target SHAPExDTYPE]
#                                        # its training step (forward, backward,
#                                        # optimizer), then its report
#
# Creates (once) a virtual environment at $MLSYSIM_EXPORT_VENV (default:
# <repo>/.venv-export, git-ignored), installs requirements.txt into it (again
# only when requirements.txt changed), then runs export.py, which overwrites the
# .mlir files and checks each one with $MLIR_OPT (default LLVM 22 mlir-opt).
# Idempotent; needs PyPI access only for the first install. CPU only.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
VENV="${MLSYSIM_EXPORT_VENV:-$ROOT/.venv-export}"
PYTHON="${PYTHON:-python3}"

if [ ! -x "$VENV/bin/python" ]; then
  echo "export.sh: creating virtual environment $VENV" >&2
  "$PYTHON" -m venv "$VENV"
fi

STAMP="$VENV/.mlsysim-requirements.sha256"
WANT="$(sha256sum "$HERE/requirements.txt" | cut -d' ' -f1)"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
  echo "export.sh: installing $HERE/requirements.txt into $VENV" >&2
  "$VENV/bin/python" -m pip install --upgrade pip
  "$VENV/bin/python" -m pip install -r "$HERE/requirements.txt"
  echo "$WANT" > "$STAMP"
fi

[[ "${1:-}" == "--install-only" ]] && exit 0

# Never touch the Hugging Face hub: every model is built from its config.
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1
if [[ "${1:-}" == "--train" ]]; then
  shift
  exec "$VENV/bin/python" "$HERE/export_train.py" "$@"
fi
if [[ "${1:-}" == "--from-torch" ]]; then
  shift
  exec "$VENV/bin/python" "$HERE/from_torch.py" "$@"
fi
exec "$VENV/bin/python" "$HERE/export.py" "$@"
