# Sourced by scripts/fuzz-ir.sh and scripts/fuzz-hardware.sh with the target
# and a short name: builds the target (scripts/fuzz-build.sh) and sets
#   out   build-fuzz/                 work  build-fuzz/NAME-work/ (emptied,
#                                           with an empty corpus/)
#   artifacts build-fuzz/NAME-artifacts/
#   seed  "-seed=N" or empty: in CI (CI=true) the run is reproducible, a
#         fixed seed, so that a failure there is one a developer can replay;
#         MLSYSIM_FUZZ_SEED overrides it.
fuzz_target=$1 fuzz_name=$2
"$root/scripts/fuzz-build.sh" "$fuzz_target"
out=$root/build-fuzz
work=$out/$fuzz_name-work
artifacts=$out/$fuzz_name-artifacts/
rm -rf "$work" && mkdir -p "$work/corpus" "$artifacts"
seed=
if [[ ${CI:-} == true ]]; then seed=-seed=${MLSYSIM_FUZZ_SEED:-1}; fi
if [[ -n ${MLSYSIM_FUZZ_SEED:-} ]]; then seed=-seed=$MLSYSIM_FUZZ_SEED; fi
