// Bad profiles and option misuse: a clear error with a location and a
// non-zero exit, never a crash or a silent empty overlay.
// RUN: not mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="profile=%t.missing.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="profile=%S/Inputs/truncated-hand.trace.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// RUN: not mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="profile=%S/Inputs/linear-relu.mlir" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="profile=%S/Inputs/linear-relu.trace.json profile-format=perfetto" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="profile-baseline=%S/Inputs/linear-relu.trace.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOPROFILE
// RUN: not mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="profile-format=torch" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOPROFILE2
// RUN: not mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="profile=%S/Inputs/linear-relu.trace.json sweep=1,2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SWEEP
// RUN: echo '{"traceEvents": []}' > %t.empty.json
// RUN: not mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="profile=%t.empty.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: printf '' > %t.zero.json
// RUN: not mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="profile=%t.zero.json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// A profile of other IR: the overlay is printed, with a warning.
// RUN: mlsysim-opt %S/Inputs/linear-relu.mlir --mlsysim-report="profile=%S/Inputs/torch-convnet.trace.json output=-" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OTHER

// MISSING: linear-relu.mlir:{{[0-9]+}}:{{[0-9]+}}: error: cannot read the profile '{{.*}}missing.json': No such file or directory
// TRUNCATED: error: {{.*}}truncated-hand.trace.json: not a valid Chrome trace: [1:105, byte=105]: Unterminated string
// UNKNOWN: error: '{{.*}}linear-relu.mlir' is not a profile this tool reads (mlsysim, torch, nsys, ncu): see docs/profiles.md
// FORMAT: error: unknown profile format 'perfetto' (one of: mlsysim, torch, nsys, ncu)
// NOPROFILE: error: profile-baseline= compares an earlier profile with the one profile= gives; give profile=
// NOPROFILE2: error: profile-format= names the reader of profile=; give profile=
// SWEEP: error: profile= overlays a measured run on the op report; sweep= is a view of its own
// EMPTY: error: {{.*}}empty.json: a Chrome trace without ops or kernels (no "X" events of category cpu_op or kernel): record it with torch.profiler
// ZERO: error: the profile '{{.*}}zero.json' is empty
// OTHER: warning: only {{[0-9.]+}}% of the measured time in '{{.*}}torch-convnet.trace.json' maps to this IR's ops: a profile of other IR, or of another batch or shape?
// OTHER: measured: {{.*}}torch-convnet.trace.json (torch profile
