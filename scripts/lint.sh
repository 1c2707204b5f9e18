#!/usr/bin/env bash
# Formatting and lint of the project's own C++ (include/, lib/, tools/,
# unittests/, test/lib/): fails on any clang-format difference and on any
# clang-tidy warning (.clang-format, .clang-tidy; Debian's clang-format-22 and
# clang-tidy-22, installed by scripts/setup.sh). Builds first: clang-tidy reads
# build/compile_commands.json and the generated headers.
#   scripts/lint.sh            check everything
#   scripts/lint.sh --fix      rewrite the files clang-format would change
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MLSYSIM_BUILD_DIR:-$root/build}
cd "$root"
"$root/scripts/build.sh" >/dev/null
mapfile -t files < <(git ls-files '*.cpp' '*.h' | grep -E '^(include|lib|tools|unittests|test/lib)/')

if [[ ${1:-} == --fix ]]; then
  clang-format-22 -i "${files[@]}"
  exit 0
fi

status=0
echo "lint: clang-format on ${#files[@]} files"
if ! clang-format-22 --dry-run -Werror "${files[@]}"; then
  echo "lint: formatting differs (scripts/lint.sh --fix rewrites it)" >&2
  status=1
fi

mapfile -t sources < <(printf '%s\n' "${files[@]}" | grep '\.cpp$')
echo "lint: clang-tidy on ${#sources[@]} translation units"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! run-clang-tidy-22 -p "$build" -quiet -j "${MLSYSIM_JOBS:-2}" \
       "${sources[@]/#/$root/}" >"$log" 2>&1; then
  grep -E '(error|warning):' "$log" | sort -u >&2 || cat "$log" >&2
  echo "lint: clang-tidy reported warnings" >&2
  status=1
fi
[[ $status == 0 ]] && echo "lint: clean"
exit "$status"
