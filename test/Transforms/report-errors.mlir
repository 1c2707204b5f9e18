// Bad options get an error (at the module's location when the pass reports
// it) and a failing exit.
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=tpu-v99 -o /dev/null 2>&1 | FileCheck %s --check-prefix=HW
// RUN: not mlsysim-opt %s --mlsysim-report=format=xml -o /dev/null 2>&1 | FileCheck %s --check-prefix=FMT
// RUN: not mlsysim-opt %s --mlsysim-report=flop-convention=fma3 -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONV
// RUN: not mlsysim-opt %s --mlsysim-report=dynamic-dim=0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: not mlsysim-opt %s --mlsysim-report=serving-length=-1 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SERVLEN
// RUN: not mlsysim-opt %s --mlsysim-report=output=/nonexistent-dir/report.txt -o /dev/null 2>&1 | FileCheck %s --check-prefix=OUT
// RUN: not mlsysim-opt %s --mlsysim-annotate=hardware=nope -o /dev/null 2>&1 | FileCheck %s --check-prefix=ANN
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/no-such-file.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE
// Errors are one located line: no note prints the module they concern.
// RUN: not mlsysim-opt %s --mlsysim-report=output=/nonexistent-dir/report.txt -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not mlsysim-opt %s --mlsysim-report="baseline=%S/no-such-file.mlir" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not mlsysim-opt %s --mlsysim-annotate=hardware=a100,h100 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not mlsysim-opt %s --mlsysim-fuse=hardware=a100,h100 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not mlsysim-opt %s --mlsysim-remarks=hardware=a100,h100 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHORT

// HW: report-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: unknown hardware 'tpu-v99'; known names: {{.*}}a100{{.*}}h100{{.*}}
// Enum options are checked by the option parser, which names the bad value.
// FMT: for the --format option: Cannot find option named 'xml'!
// CONV: for the --flop-convention option: Cannot find option named 'fma3'!
// DYN: error: dynamic-dim must be a positive size (or -1 to leave dynamic shapes unmodeled), got 0
// SERVLEN: report-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: serving-length must be a positive number of positions (or 0 for 2048), got -1
// OUT: error: cannot write the report to '/nonexistent-dir/report.txt': {{.*}}
// ANN: error: unknown hardware 'nope'; known names:
// NOFILE: error: cannot read hardware file '{{.*}}no-such-file.yaml': {{.*}}
// SHORT: report-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
// SHORT-NOT: see current operation
// SHORT-NOT: linalg.add
module {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
