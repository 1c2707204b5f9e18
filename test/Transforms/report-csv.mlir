// The CSV report: one header row, one row per op with the JSON fields;
// fields with commas, quotes or line breaks are quoted (RFC 4180).
// RUN: mlsysim-opt %s --allow-unregistered-dialect --mlsysim-report="execution=eager format=csv output=-" -o /dev/null 2>/dev/null | FileCheck %s

// CHECK: id,op,func,loc,modeled,approximate,reason,multiplier,trip_count_unknown,flops,int_ops,transcendentals,bytes_read,bytes_written,arithmetic_intensity,unit,dtype,peak_type,peak_ops_per_s,matrix_utilization,t_compute_s,t_memory_s,t_overhead_s,latency_s,roofline_s,bound,memory_level,class,folded,fusion_group,kernel,hardware
// The function name holds a comma and a quote: the field is quoted and the
// quote doubled. An unmodeled op's numbers are empty (null), never 0.
// CHECK-NEXT: 0,"weird""a,b",{{.*}},false,false,"no cost model for 'weird""a,b'",1,false,,,,,,,,,,,,,,,,,,,,false,,,
// CHECK-NEXT: 1,linalg.add,"fn,with""quote",{{.*}},true,false,,1,false,4,0,0,32,16,
func.func @"fn,with\"quote"(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "weird\"a,b"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = linalg.add ins(%0, %0 : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
