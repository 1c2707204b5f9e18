// Never a silent zero: an op with tensor or memref operands or results that
// no model knows is listed as unmodeled with its name (one warning per op
// name, at the first one), and the rest of the report is still produced.
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="format=csv output=-" -o /dev/null --verify-diagnostics | FileCheck %s

// CHECK-LABEL: id,op,func
// CHECK: 0,foo.opaque,f,{{[^,]*}},false,no cost model for 'foo.opaque',1,false,,,,
// CHECK: 1,foo.opaque,f,{{[^,]*}},false,no cost model for 'foo.opaque',1,false,,,,
// An unknown op's regions are still searched for ops we can price:
// add on 16 f32 -> 16 FLOPs, read 128, write 64.
// CHECK: 2,foo.region,f,{{[^,]*}},false,no cost model for 'foo.region',
// CHECK: 3,linalg.add,f,{{[^,]*}},true,,1,false,16,0,0,128,64,
// A payload op no counting rule knows leaves the structured op unmodeled.
// CHECK: 4,linalg.generic,f,{{[^,]*}},false,payload op 'foo.scalar' has no counting rule,
// A call's callee is not priced at the call site.
// CHECK: 5,func.call,f,{{[^,]*}},false,no cost model for 'func.call',
// CHECK: 6,linalg.add,f,{{[^,]*}},true,,1,false,16,0,0,128,64,
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
