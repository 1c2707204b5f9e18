#!/usr/bin/env bash
# Regenerates docs/roofline-tutorial.md: mlsysim-opt on the zoo's ResNet-50 (f16) and
# Llama-3.1-8B decode (compiled and eager execution), next to MLSys·im's Engine.solve on the
# same model, device, batch and precision, and the published latencies of
# bench/published/measurements.csv. Creates <repo>/.venv-tutorial (git-ignored; override with MLSYSIM_TUTORIAL_VENV)
# with the pinned mlsysim from PyPI the first time, builds mlsysim-opt if it is missing.
# Environment: MLSYSIM_OPT (default build/bin/mlsysim-opt), TUTORIAL_OUT (default
# docs/roofline-tutorial.md, `-` for stdout).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MLSYSIM_PYPI_VERSION=0.3.0   # `pip index versions mlsysim`: 0.3.0, 0.1.1, 0.1.0, 0.0.1
VENV="${MLSYSIM_TUTORIAL_VENV:-$ROOT/.venv-tutorial}"
PYTHON="${PYTHON:-python3}"

export MLSYSIM_OPT="${MLSYSIM_OPT:-$ROOT/build/bin/mlsysim-opt}"
if [[ ! -x "$MLSYSIM_OPT" ]]; then
  bash "$ROOT/scripts/build.sh"
fi

if [[ ! -x "$VENV/bin/python" ]]; then
  "$PYTHON" -m venv "$VENV"
fi
if [[ "$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("mlsysim"))' 2>/dev/null)" \
      != "$MLSYSIM_PYPI_VERSION" ]]; then
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "mlsysim==$MLSYSIM_PYPI_VERSION"
fi

cd "$ROOT"
exec "$VENV/bin/python" "$ROOT/scripts/tutorial.py" "$@"
