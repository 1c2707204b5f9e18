// Real frontends put cf.assert (bounds checks before a gather) and
// arith.index_cast in linalg.generic payloads. The op is priced by its
// traffic and the payload ops that have rules, flagged approximate with the
// reason, not unmodeled as a whole.
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=-" -o /dev/null --verify-diagnostics | %fields | FileCheck %s
// 1024 i64 elements: read 8192 B, write 8192 B; per element one cmpi and
// one addi (the constant and the index_cast are free): 2 * 1024 = 2048
// integer ops.
// CHECK: op #1 linalg.generic: approximate=true;{{.*}} bytes_read=8192; bytes_written=8192;{{.*}} int_ops=2048;{{.*}} modeled=true;{{.*}} reason=payload op 'cf.assert' has no counting rule: priced by its traffic and the ops it knows;
#map = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<1024xi64>) -> tensor<1024xi64> {
  %e = tensor.empty() : tensor<1024xi64>
  // expected-warning @below {{payload op 'cf.assert' has no counting rule: priced by its traffic and the ops it knows}}
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%x : tensor<1024xi64>) outs(%e : tensor<1024xi64>) {
  ^bb0(%in: i64, %out: i64):
    %c0 = arith.constant 0 : i64
    %ok = arith.cmpi sge, %in, %c0 : i64
    cf.assert %ok, "index must be non-negative"
    %i = arith.index_cast %in : i64 to index
    %v = arith.addi %in, %in : i64
    linalg.yield %v : i64
  } -> tensor<1024xi64>
  return %0 : tensor<1024xi64>
}
