// Dynamic sizes: bound to 1 by default (to batch= when given), to N with
// dynamic-dim=N; dynamic-dim=-1 leaves an op whose loop ranges are not all
// static unmodeled ("dynamic shape").
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- dynamic-dim=-1" -o /dev/null --verify-diagnostics | %fields | FileCheck %s --check-prefix=UNBOUND
// RUN: mlsysim-opt %s --mlsysim-report="dynamic-dim=-1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNBOUND-TEXT
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=-" -o /dev/null 2>/dev/null | %fields --section functions | FileCheck %s --check-prefix=UNBOUND-JSON-DEFAULT
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- dynamic-dim=-1" -o /dev/null 2>/dev/null | %fields --section functions | FileCheck %s --check-prefix=UNBOUND-JSON
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- dynamic-dim=4" -o /dev/null | %fields | FileCheck %s --check-prefix=BOUND
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=-" -o /dev/null | %fields | FileCheck %s --check-prefix=DEFAULT
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- batch=4" -o /dev/null | %fields | FileCheck %s --check-prefix=BOUND
// RUN: mlsysim-opt %s --mlsysim-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT-TEXT

// Nothing priced: the latency is not a number, never a zero.
// UNBOUND-TEXT: @dyn: predicted latency cannot be computed: 3 ops unmodeled and none priced
// UNBOUND-TEXT-NOT: predicted 0 s
// UNBOUND-TEXT: dynamic sizes unbound
// UNBOUND-JSON: functions:{{.*}} totals.latency_by_execution.compiled.latency_s=null;{{.*}} totals.latency_s=null;
// UNBOUND-JSON-DEFAULT: functions:{{.*}} totals.latency_s={{[0-9]}}

// Unbound: listed, with its reason and no numbers (never a zero).
// UNBOUND-LABEL: report:
// UNBOUND: op #0 linalg.matmul:{{.*}} arithmetic_intensity=null;{{.*}} bytes_read=null;{{.*}} bytes_written=null;{{.*}} dtype=null;{{.*}} flops=null;{{.*}} func=dyn;{{.*}} int_ops=null;{{.*}} latency_s=null;{{.*}} modeled=false;{{.*}} peak_ops_per_s=null;{{.*}} peak_type=null;{{.*}} reason=dynamic shape (bind dynamic sizes with the option dynamic-dim=N);{{.*}} roofline_s=null;{{.*}} t_compute_s=null;{{.*}} t_memory_s=null;{{.*}} t_overhead_s=null;{{.*}} transcendentals=null;{{.*}} unit=null;
// UNBOUND: op #1 tensor.empty:{{.*}} func=dyn;{{.*}} modeled=true;
// UNBOUND: op #2 linalg.add:{{.*}} func=dyn;{{.*}} modeled=false;{{.*}} reason=dynamic shape

// Bound to 1 by default: M = 1, N = 32, K = 128
// flops = 2*1*32*128 = 8192; read = 1*128*2 + 128*32*2 + 1*32*4 = 256 + 8192 + 128 = 8576; write 128
// The add on ?x32 f32 with ? = 1: 32 FLOPs, read 256, write 128.
// DEFAULT-LABEL: report:
// DEFAULT: op #0 linalg.matmul:{{.*}} bytes_read=8576;{{.*}} bytes_written=128;{{.*}} flops=8192;{{.*}} modeled=true;
// DEFAULT: op #2 linalg.add:{{.*}} bytes_read=256;{{.*}} bytes_written=128;{{.*}} flops=32;{{.*}} modeled=true;
// DEFAULT-TEXT-NOT: warning: dynamic shape
// DEFAULT-TEXT: @dyn: predicted {{[0-9.]+ .?.?s}}, compiled
// DEFAULT-TEXT: 0 unmodeled
// DEFAULT-TEXT: dynamic sizes bound to 1

// Bound to 4 (dynamic-dim=4, or batch=4 without dynamic-dim): M = 4, N = 32, K = 128 (f16 in, f32 out)
// flops = 2*4*32*128 = 32768; read = 4*128*2 + 128*32*2 + 4*32*4 = 1024 + 8192 + 512 = 9728; write 512
// The add on ?x32 f32 with ? = 4: 128 FLOPs, read 1024, write 512.
// BOUND-LABEL: report:
// BOUND: op #0 linalg.matmul:{{.*}} bytes_read=9728;{{.*}} bytes_written=512;{{.*}} flops=32768;{{.*}} func=dyn;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
// BOUND: op #1 tensor.empty:{{.*}} func=dyn;{{.*}} modeled=true;
// BOUND: op #2 linalg.add:{{.*}} bytes_read=1024;{{.*}} bytes_written=512;{{.*}} flops=128;{{.*}} func=dyn;{{.*}} int_ops=0;{{.*}} modeled=true;{{.*}} transcendentals=0;
func.func @dyn(%a: tensor<?x128xf16>, %b: tensor<128x32xf16>, %c: tensor<?x32xf32>, %n: index) -> tensor<?x32xf32> {
  // expected-warning @below {{dynamic shape (bind dynamic sizes with the option dynamic-dim=N); listed as unmodeled (2 'linalg.matmul' ops)}}
  %0 = linalg.matmul ins(%a, %b : tensor<?x128xf16>, tensor<128x32xf16>) outs(%c : tensor<?x32xf32>) -> tensor<?x32xf32>
  %e = tensor.empty(%n) : tensor<?x32xf32>
  // expected-warning @below {{dynamic shape (bind dynamic sizes with the option dynamic-dim=N); listed as unmodeled}}
  %1 = linalg.add ins(%0, %0 : tensor<?x32xf32>, tensor<?x32xf32>) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<?x128xf16>, tensor<128x32xf16>) outs(%1 : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %2 : tensor<?x32xf32>
}

