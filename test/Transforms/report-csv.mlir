// The CSV report: one header row, one row per op with the JSON fields;
// fields with commas, quotes or line breaks are quoted (RFC 4180).
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager format=csv output=-" -o /dev/null 2>/dev/null | FileCheck %s
// The same rows read through the header, by field name.
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager format=csv output=-" -o /dev/null 2>/dev/null | %fields --csv | FileCheck %s --check-prefix=FIELDS

// The header names the columns (the JSON op fields, then the device).
// CHECK: {{^}}id,op,func,loc,{{.*}},hardware{{$}}
// The function name holds a comma and a quote: the field is quoted and the
// quote doubled.
// CHECK-NEXT: {{^}}0,"weird""a,b",{{.*}},"no cost model for 'weird""a,b'",
// CHECK-NEXT: {{^}}1,linalg.add,"fn,with""quote",
// Read back through the header: the quoted fields come back whole, and an
// unmodeled op's numbers are empty (null), never 0.
// FIELDS: op #0 weird"a,b: {{.*}} bytes_read=null; bytes_written=null;{{.*}} flops=null;{{.*}} func=fn,with"quote;{{.*}} modeled=false;{{.*}} reason=no cost model for 'weird"a,b';
// FIELDS-NEXT: op #1 linalg.add: {{.*}} bytes_read=32; bytes_written=16;{{.*}} flops=4;{{.*}} func=fn,with"quote;{{.*}} int_ops=0;
func.func @"fn,with\"quote"(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "weird\"a,b"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.add ins(%0, %0 : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
