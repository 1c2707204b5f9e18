// A size's default name comes from the IR (its argument's mlsysim.input name,
// its function's name), which may hold any text: it is made a name of the
// formulas' grammar (docs/report-json.md: a letter, then letters, digits, '_'
// and '.'), and stays unique. An input named `input-ids` used to give
// `8*input-ids.d0` (read as 8*input - ids.d0) and `x+1` a formula that does
// not parse. check_symbolic.py reads every formula with the grammar's own
// parser (no name outside the grammar, no name that is not a symbol) and
// evaluates it against the bound report.
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=-" -o /dev/null 2>/dev/null | %fields --section symbols | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=-" -o /dev/null 2>/dev/null | %fields | FileCheck %s --check-prefix=OPS
// RUN: %check-symbolic mlsysim-opt %s 1 5 | FileCheck %s --check-prefix=EVAL
// A name the user gives is refused when it is a function of the grammar.
// RUN: not mlsysim-opt %s --mlsysim-report="symbols=max:input_ids.d0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUNCNAME
// FUNCNAME: error: symbols=: 'max' is a function of the formulas

// Each byte outside the grammar is '_'; a name starting with no letter gets
// a 'v'; a function of the grammar (max) a trailing '_'; `é` is two bytes.
// `input_ids` is taken by the first argument: the second is qualified by its
// function. The same names in @"g-h" and @g_h: qualified, then numbered.
// CHECK-LABEL: symbols:
// CHECK-DAG: {{ }}input_ids.d0=dimension 0 of argument 0 (input-ids) of @f;
// CHECK-DAG: {{ }}x_1.d0=dimension 0 of argument 1 (x+1) of @f;
// CHECK-DAG: {{ }}f.input_ids.d0=dimension 0 of argument 2 (input_ids) of @f;
// CHECK-DAG: {{ }}v9lives.d0=dimension 0 of argument 3 (9lives) of @f;
// CHECK-DAG: {{ }}max_=argument 4 (max) of @f;
// CHECK-DAG: {{ }}b__ta.d1=dimension 1 of argument 5 (b{{.+}}ta) of @f;
// CHECK-DAG: {{ }}g_h.input_ids.d0=dimension 0 of argument 0 (input-ids) of @g-h;
// CHECK-DAG: {{ }}input_ids.d0_2=dimension 0 of argument 0 (input-ids) of @g_h;

// Each op's formulas over its own size: the add on input-ids reads its
// [d0 x 8] f32 twice (2 x 32*d0 B) and writes it once (32*d0 B); the fill
// writes max f32 elements (4*max B).
// OPS: op #0 linalg.add:{{.*}} symbolic.bytes_read=64*input_ids.d0; symbolic.bytes_written=32*input_ids.d0;
// OPS: op #5 linalg.fill:{{.*}} symbolic.bytes_read=0; symbolic.bytes_written=4*max_;
// EVAL: symbolic-names.mlir: every symbol = 1: 9 ops and 3 functions agree
// EVAL: symbolic-names.mlir: every symbol = 5: 9 ops and 3 functions agree
func.func @f(%a: tensor<?x8xf32> {mlsysim.input = "input-ids"},
             %b: tensor<?xf32> {mlsysim.input = "x+1"},
             %c: tensor<?x4xf32> {mlsysim.input = "input_ids"},
             %d: tensor<?xf32> {mlsysim.input = "9lives"},
             %n: index {mlsysim.input = "max"},
             %e: tensor<2x?xf32> {mlsysim.input = "béta"})
    -> (tensor<?x8xf32>, tensor<?xf32>, tensor<?x4xf32>, tensor<?xf32>, tensor<?xf32>, tensor<2x?xf32>) {
  %0 = linalg.add ins(%a, %a : tensor<?x8xf32>, tensor<?x8xf32>) outs(%a : tensor<?x8xf32>) -> tensor<?x8xf32>
  %1 = linalg.add ins(%b, %b : tensor<?xf32>, tensor<?xf32>) outs(%b : tensor<?xf32>) -> tensor<?xf32>
  %2 = linalg.add ins(%c, %c : tensor<?x4xf32>, tensor<?x4xf32>) outs(%c : tensor<?x4xf32>) -> tensor<?x4xf32>
  %3 = linalg.add ins(%d, %d : tensor<?xf32>, tensor<?xf32>) outs(%d : tensor<?xf32>) -> tensor<?xf32>
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty(%n) : tensor<?xf32>
  %4 = linalg.fill ins(%zero : f32) outs(%empty : tensor<?xf32>) -> tensor<?xf32>
  %5 = linalg.add ins(%e, %e : tensor<2x?xf32>, tensor<2x?xf32>) outs(%e : tensor<2x?xf32>) -> tensor<2x?xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<?x8xf32>, tensor<?xf32>, tensor<?x4xf32>, tensor<?xf32>, tensor<?xf32>, tensor<2x?xf32>
}

func.func @"g-h"(%a: tensor<?xf32> {mlsysim.input = "input-ids"}) -> tensor<?xf32> {
  %0 = linalg.add ins(%a, %a : tensor<?xf32>, tensor<?xf32>) outs(%a : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

func.func @g_h(%a: tensor<?xf32> {mlsysim.input = "input-ids"}) -> tensor<?xf32> {
  %0 = linalg.add ins(%a, %a : tensor<?xf32>, tensor<?xf32>) outs(%a : tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
