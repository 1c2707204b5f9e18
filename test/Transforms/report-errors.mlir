// Bad options get an error and a failing exit. A mistake in the pass's
// options is the command line's: said in the tool's name (not at
// `<unknown>:0` or the module's `module {`), with the nearest valid
// spellings; an error in the IR's pricing is at the module's location.
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=tpu-v99 -o /dev/null 2>&1 | FileCheck %s --check-prefixes=HW,ONE
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=h10 -o /dev/null 2>&1 | FileCheck %s --check-prefixes=H10,ONE
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=h100,xyzzy -o /dev/null 2>&1 | FileCheck %s --check-prefixes=FAR,ONE
// RUN: not mlsysim-opt %s --mlsysim-report=hardwre=h100 -o /dev/null 2>&1 | FileCheck %s --check-prefixes=KEY,ONE
// RUN: not mlsysim-opt %s --mlsysim-report="batch=1 zzz=1" -o /dev/null 2>&1 | FileCheck %s --check-prefixes=NOKEY,ONE
// RUN: not mlsysim-opt %s --mlsysim-annotate=hardwre=h100 -o /dev/null 2>&1 | FileCheck %s --check-prefixes=ANNKEY,ONE
// RUN: not mlsysim-opt %s --mlsysim-report=format=xml -o /dev/null 2>&1 | FileCheck %s --check-prefixes=FMT,ONE
// RUN: not mlsysim-opt %s --mlsysim-report=format=jsn -o /dev/null 2>&1 | FileCheck %s --check-prefixes=JSN,ONE
// RUN: not mlsysim-opt %s --mlsysim-report=flop-convention=fma3 -o /dev/null 2>&1 | FileCheck %s --check-prefixes=CONV,ONE
// RUN: not mlsysim-opt %s --mlsysim-report=batch=abc -o /dev/null 2>&1 | FileCheck %s --check-prefixes=BATCH,ONE
// RUN: not mlsysim-opt %s --mlsysim-report=fusion=maybe -o /dev/null 2>&1 | FileCheck %s --check-prefixes=BOOL,ONE
// RUN: not mlsysim-opt %s --mlsysim-remarks=coverage=most -o /dev/null 2>&1 | FileCheck %s --check-prefixes=NUM,ONE
// A quoted value is read as MLIR's parser reads it: without its quotes.
// RUN: mlsysim-opt %s --mlsysim-report="format='json' hardware='h100' output=-" -o /dev/null | FileCheck %s --check-prefix=QUOTED
// RUN: not mlsysim-opt %s --mlsysim-report=dynamic-dim=-2 -o /dev/null 2>&1 | FileCheck %s --check-prefix=DYN
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

// The nearest names by edit distance, at most a third of the name's length
// away (at least 1), at most three, nearest then alphabetically:
// tpu-v99 is 2 edits from tpu-v1, tpu-v2, tpu-v3, ... (two substitutions, or
// one and a deletion); h10 is 1 insertion from h100; xyzzy near nothing.
// HW: {{^}}mlsysim-opt: error: unknown hardware 'tpu-v99'; did you mean 'tpu-v1', 'tpu-v2' or 'tpu-v3'? (mlsysim-opt --list-hardware lists the zoo; a path names a device file, see docs/hardware.md)
// H10: {{^}}mlsysim-opt: error: unknown hardware 'h10'; did you mean 'h100'? (mlsysim-opt --list-hardware lists the zoo; a path names a device file, see docs/hardware.md)
// FAR: {{^}}mlsysim-opt: error: unknown hardware 'xyzzy' (mlsysim-opt --list-hardware lists the zoo; a path names a device file, see docs/hardware.md)
// KEY: {{^}}mlsysim-opt: error: unknown option 'hardwre' of mlsysim-report; did you mean 'hardware'?
// Nothing near zzz: the pass's options, all of them.
// NOKEY: {{^}}mlsysim-opt: error: unknown option 'zzz' of mlsysim-report; its options: baseline, batch, {{.*}}, hardware, {{.*}}, symbols, tf32
// ANNKEY: {{^}}mlsysim-opt: error: unknown option 'hardwre' of mlsysim-annotate; did you mean 'hardware'?
// Enum values are the table's names; the nearest is suggested (xml is 2
// edits from html, more than a third of 3 letters).
// FMT: {{^}}mlsysim-opt: error: format expects one of text, json, csv, svg, html, trace, got 'xml'{{$}}
// JSN: {{^}}mlsysim-opt: error: format expects one of text, json, csv, svg, html, trace, got 'jsn'; did you mean 'json'?
// CONV: {{^}}mlsysim-opt: error: flop-convention expects one of fma2, mac, got 'fma3'; did you mean 'fma2'?
// BATCH: {{^}}mlsysim-opt: error: batch expects a positive integer, got 'abc'
// BOOL: {{^}}mlsysim-opt: error: fusion expects 1 or 0 (true or false), got 'maybe'
// NUM: {{^}}mlsysim-opt: error: coverage expects a number, got 'most'
// One line each: no llvm::cl complaint beside it, no empty error, no
// location that points nowhere, no IR.
// ONE-NOT: Cannot find option
// ONE-NOT: value invalid
// ONE-NOT: Pass-Options-Parser
// ONE-NOT: {{error: *$}}
// ONE-NOT: <unknown>:0
// ONE-NOT: module {
// QUOTED: "id": "nvidia-h100-sxm"
// DYN: error: dynamic-dim must be a positive size (0 binds the dynamic sizes to batch=, or to 1 without it; -1 leaves them unmodeled), got -2
// SERVLEN: report-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: serving-length must be a positive number of positions (or 0 for 2048), got -1
// OUT: error: cannot write the report to '/nonexistent-dir/report.txt': {{.*}}
// ANN: error: unknown hardware 'nope' (mlsysim-opt --list-hardware lists the zoo
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
