#!/usr/bin/env bash
# Installs the Debian packages mlsysim needs to build and test, when they are missing.
# Idempotent; must run as root; uses Debian's registry only (LLVM/MLIR 22 come from
# bookworm-security).
set -euo pipefail

packages=(
  # Toolchain and build.
  g++ cmake ninja-build git python3 python3-venv ca-certificates
  # LLVM/MLIR 22: headers, shared libraries, CMake config, and the test tools
  # (mlir-opt, FileCheck, lit, not).
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  # Unit tests.
  googletest libgtest-dev
  # Formatting and lint (scripts/lint.sh, run by CI).
  clang-format-22 clang-tidy-22
  # The libFuzzer targets (scripts/fuzz-ir.sh, scripts/fuzz-hardware.sh).
  clang-22 libclang-rt-22-dev
  # The HTML report is tested in a real (headless) browser.
  chromium fonts-dejavu-core
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  if [[ $(id -u) != 0 ]]; then
    echo "setup: missing packages: ${missing[*]}; run this script as root" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
fi
