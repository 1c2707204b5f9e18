// Where the symbols of the formulas come from: each dynamic size is traced to
// a function argument's dimension; sizes the program requires equal are one
// symbol; symbols= renames them (a name given twice makes two sources one);
// what no formula of the arguments expresses is said so, op by op.
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=-" -o /dev/null 2>/dev/null | %fields --section symbols | FileCheck %s --check-prefix=SYMBOLS
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=-" -o /dev/null 2>/dev/null | %fields | FileCheck %s
// RUN: not mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=- symbols=B:arg0.d0,B:arg1.d0" -o /dev/null 2>/dev/null | %fields --section functions | FileCheck %s --check-prefix=NAMED
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=-" -o /dev/null 2>/dev/null | %fields --section functions | FileCheck %s --check-prefix=FUNCS
// RUN: not mlsysim-opt %s --mlsysim-report="symbols=B:nope.d0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not mlsysim-opt %s --mlsysim-report="symbols=B" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not mlsysim-opt %s --mlsysim-report="symbols=2B:arg0.d0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTNAME

// An elementwise add of a [?,4] and b [?,4] reads both at one index: their
// rows are one size, named after the first argument.
// SYMBOLS-LABEL: report:
// SYMBOLS-NEXT: symbols: arg0.d0=dimension 0 of argument 0 of @equal; the same size as arg1.d0;
// 4*arg0.d0 f32 elements in twice, out once; one FLOP each.
// CHECK-LABEL: report:
// CHECK: op #2 linalg.add: {{.*}} symbolic.bytes_read=32*arg0.d0; symbolic.bytes_written=16*arg0.d0; symbolic.flops=4*arg0.d0;
// NAMED-LABEL: report:
// NAMED: name=equal; {{.*}} symbolic.flops=4*B;
// Without --split-input-file the three functions are one module: names they
// share are told apart by the function's.
// UNKNOWN: error: symbols=: no dynamic size is named 'nope.d0' (the program's are: arg0.d0, arg1.d0, apart.arg0.d0, apart.arg1.d0, loops.arg0.d0)
// MALFORMED: error: symbols=: 'B' is not NAME:SOURCE (e.g. B:input_ids.d0)
// NOTNAME: error: symbols=: '2B' is not a name (a letter, then letters, digits, '_' or '.')
func.func @equal(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %0 = linalg.add ins(%a, %b : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Two inputs nothing in the program relates: two symbols. Naming both B says
// they are one size (as a frontend's batch is, when it gathers one input by
// the other's index).
// SYMBOLS-LABEL: report:
// SYMBOLS-NEXT: symbols: arg0.d0=dimension 0 of argument 0 of @apart; arg1.d0=dimension 0 of argument 1 of @apart;
// exp of [?,8] (8*arg0.d0 transcendentals) and of [?,2] (2*arg1.d0).
// CHECK-LABEL: report:
// CHECK: op #{{[0-9]+}} linalg.exp: {{.*}} symbolic.transcendentals=8*arg0.d0;
// CHECK: op #{{[0-9]+}} linalg.exp: {{.*}} symbolic.transcendentals=2*arg1.d0;
// NAMED-LABEL: report:
// NAMED: name=apart; {{.*}} symbolic.transcendentals=10*B;
func.func @apart(%a: tensor<?x8xf32>, %b: tensor<?x2xf32>) -> (tensor<?x8xf32>, tensor<?x2xf32>) {
  %0 = linalg.exp ins(%a : tensor<?x8xf32>) outs(%a : tensor<?x8xf32>) -> tensor<?x8xf32>
  %1 = linalg.exp ins(%b : tensor<?x2xf32>) outs(%b : tensor<?x2xf32>) -> tensor<?x2xf32>
  return %0, %1 : tensor<?x8xf32>, tensor<?x2xf32>
}

// -----

// (symbols=B:arg0.d0,B:arg1.d0 is an error here, where there is no arg1.d0:
// the last chunk gives NAMED no report.)
// Loops: one bounded by a size runs that many times (the fill of 16 f32, 64
// bytes, 64*arg0.d0 in all; the bound analysis counts it once and warns); one
// bounded by a value read from memory runs a number of times no formula of
// the arguments gives: its op is listed with the reason, and the function's
// sums leave it out.
// CHECK-LABEL: report:
// CHECK: op #{{[0-9]+}} linalg.fill: {{.*}} symbolic.bytes_written=64*arg0.d0;
// CHECK: op #{{[0-9]+}} linalg.fill: {{.*}} symbolic.reason=a loop whose trip count depends on the value of 'tensor.extract' (it is read, not computed from sizes);
// FUNCS: name=loops; {{.*}} symbolic.bytes_written=64*arg0.d0; {{.*}} symbolic.left_out=1;
func.func @loops(%a: tensor<?xf32>, %counts: tensor<1xindex>, %buf: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %buf) -> tensor<16xf32> {
    %f = linalg.fill ins(%zero : f32) outs(%t : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %f : tensor<16xf32>
  }
  %m = tensor.extract %counts[%c0] : tensor<1xindex>
  %s = scf.for %i = %c0 to %m step %c1 iter_args(%t = %r) -> tensor<16xf32> {
    %f = linalg.fill ins(%zero : f32) outs(%t : tensor<16xf32>) -> tensor<16xf32>
    scf.yield %f : tensor<16xf32>
  }
  return %s : tensor<16xf32>
}
