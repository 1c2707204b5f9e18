// Never a silent zero: an op with tensor or memref operands or results that
// no model knows is listed as unmodeled with its name (one warning per op
// name, at the first one), and the rest of the report is still produced.
// A payload op no counting rule knows makes its structured op approximate
// (priced by traffic and the payload ops it knows, flagged, one warning),
// unless it has regions or calls: then it could do any amount of work, and
// the op is unmodeled.
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="format=json output=-" -o /dev/null --verify-diagnostics | %fields | FileCheck %s
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="format=json output=-" -o /dev/null 2>/dev/null | %fields --section totals | FileCheck %s --check-prefix=TOTALS
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="ops=all output=-" -o /dev/null 2>/dev/null | FileCheck %s --check-prefix=TEXT

// CHECK-LABEL: report:
// CHECK: op #0 foo.opaque:{{.*}} flops=null;{{.*}} func=f;{{.*}} int_ops=null;{{.*}} modeled=false;{{.*}} reason=no cost model for 'foo.opaque';{{.*}} transcendentals=null;
// CHECK: op #1 foo.opaque:{{.*}} flops=null;{{.*}} func=f;{{.*}} int_ops=null;{{.*}} modeled=false;{{.*}} reason=no cost model for 'foo.opaque';{{.*}} transcendentals=null;
// An unknown op's regions are still searched for ops we can price:
// add on 16 f32 -> 16 FLOPs, read 128, write 64.
// CHECK: op #2 foo.region:{{.*}} func=f;{{.*}} modeled=false;{{.*}} reason=no cost model for 'foo.region';
// CHECK: op #3 linalg.add:{{.*}} bytes_read=128;{{.*}} bytes_written=64;{{.*}} flops=16;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// foo.scalar has no rule: the generic reads 16 f32 (64 B), writes 16 f32
// (64 B), and of its payload counts only the mulf: 16 FLOPs.
// CHECK: op #4 linalg.generic: approximate=true;{{.*}} bytes_read=64;{{.*}} bytes_written=64;{{.*}} flops=16;{{.*}} func=f;{{.*}} modeled=true;{{.*}} reason=payload op 'foo.scalar' has no counting rule: priced by its traffic and the ops it knows;
// A payload op with a region may loop: no estimate.
// CHECK: op #5 linalg.generic: approximate=false;{{.*}} flops=null;{{.*}} modeled=false;{{.*}} reason=payload op 'foo.loop' has no counting rule and may do any amount of work;
// A call's callee is not priced at the call site.
// CHECK: op #6 func.call:{{.*}} func=f;{{.*}} modeled=false;{{.*}} reason=no cost model for 'func.call';
// CHECK: op #7 linalg.add:{{.*}} bytes_read=128;{{.*}} bytes_written=64;{{.*}} flops=16;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// TOTALS: approximate_count=1;{{.*}} free_count=0;{{.*}} modeled_count=3;{{.*}} op_count=8;{{.*}} unmodeled_count=5;

// TEXT: 8 ops (0 free, 5 unmodeled, 1 approximate)
// TEXT: every op
// TEXT: 4  linalg.generic {{.*}}  16 FLOP~
// TEXT: unmodeled: 2 foo.opaque (no cost model for 'foo.opaque'), first at {{.*}}unmodeled.mlir:
// TEXT: approximate: 1 linalg.generic (payload op 'foo.scalar' has no counting rule: priced by its traffic and the ops it knows), first at {{.*}}unmodeled.mlir:
func.func private @callee(tensor<16xf32>) -> tensor<16xf32>

func.func @f(%x: tensor<16xf32>) -> tensor<16xf32> {
  // expected-warning @below {{no cost model for 'foo.opaque'; listed as unmodeled (2 'foo.opaque' ops)}}
  %0 = "foo.opaque"(%x) : (tensor<16xf32>) -> tensor<16xf32>
  %1 = "foo.opaque"(%0) : (tensor<16xf32>) -> tensor<16xf32>
  // expected-warning @below {{no cost model for 'foo.region'; listed as unmodeled}}
  %2 = "foo.region"(%1) ({
    %in = linalg.add ins(%x, %x : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
    "foo.yield"(%in) : (tensor<16xf32>) -> ()
  }) : (tensor<16xf32>) -> tensor<16xf32>
  // expected-warning @below {{payload op 'foo.scalar' has no counting rule: priced by its traffic and the ops it knows}}
  %3 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
       ins(%2 : tensor<16xf32>) outs(%x : tensor<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = "foo.scalar"(%a) : (f32) -> f32
    %m = arith.mulf %s, %s : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  // expected-warning @below {{payload op 'foo.loop' has no counting rule and may do any amount of work; listed as unmodeled}}
  %l = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
       ins(%3 : tensor<16xf32>) outs(%x : tensor<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = "foo.loop"(%a) ({
      "foo.body"() : () -> ()
    }) : (f32) -> f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  // expected-warning @below {{no cost model for 'func.call'; listed as unmodeled}}
  %4 = func.call @callee(%l) : (tensor<16xf32>) -> tensor<16xf32>
  %5 = linalg.add ins(%4, %4 : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
  return %5 : tensor<16xf32>
}
