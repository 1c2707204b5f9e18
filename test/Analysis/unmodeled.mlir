// Never a silent zero: an op with tensor or memref operands or results that
// no model knows is listed as unmodeled with its name (one warning per op
// name, at the first one), and the rest of the report is still produced.
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="format=json output=-" -o /dev/null --verify-diagnostics | %fields | FileCheck %s

// CHECK-LABEL: report:
// CHECK: op #0 foo.opaque:{{.*}} flops=null;{{.*}} func=f;{{.*}} int_ops=null;{{.*}} modeled=false;{{.*}} reason=no cost model for 'foo.opaque';{{.*}} transcendentals=null;
// CHECK: op #1 foo.opaque:{{.*}} flops=null;{{.*}} func=f;{{.*}} int_ops=null;{{.*}} modeled=false;{{.*}} reason=no cost model for 'foo.opaque';{{.*}} transcendentals=null;
// An unknown op's regions are still searched for ops we can price:
// add on 16 f32 -> 16 FLOPs, read 128, write 64.
// CHECK: op #2 foo.region:{{.*}} func=f;{{.*}} modeled=false;{{.*}} reason=no cost model for 'foo.region';
// CHECK: op #3 linalg.add:{{.*}} bytes_read=128;{{.*}} bytes_written=64;{{.*}} flops=16;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// A payload op no counting rule knows leaves the structured op unmodeled.
// CHECK: op #4 linalg.generic:{{.*}} func=f;{{.*}} modeled=false;{{.*}} reason=payload op 'foo.scalar' has no counting rule;
// A call's callee is not priced at the call site.
// CHECK: op #5 func.call:{{.*}} func=f;{{.*}} modeled=false;{{.*}} reason=no cost model for 'func.call';
// CHECK: op #6 linalg.add:{{.*}} bytes_read=128;{{.*}} bytes_written=64;{{.*}} flops=16;{{.*}} func=f;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
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
  // expected-warning @below {{payload op 'foo.scalar' has no counting rule; listed as unmodeled}}
  %3 = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
       ins(%2 : tensor<16xf32>) outs(%x : tensor<16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = "foo.scalar"(%a) : (f32) -> f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  // expected-warning @below {{no cost model for 'func.call'; listed as unmodeled}}
  %4 = func.call @callee(%3) : (tensor<16xf32>) -> tensor<16xf32>
  %5 = linalg.add ins(%4, %4 : tensor<16xf32>, tensor<16xf32>) outs(%x : tensor<16xf32>) -> tensor<16xf32>
  return %5 : tensor<16xf32>
}
