// Costs as formulas of the dynamic sizes: each op's and each function's
// counts (docs/report-json.md gives the grammar), where the bound changes as a
// size grows, and the largest size that fits. A size is named after its
// argument and dimension (arg0.d0), or the argument's mlsysim.input name. Device: test/Hardware/Inputs/
// toy-device.yaml (bf16 matrix 100e12 and f32 vector 10e12 FLOP/s, 1e12 B/s,
// efficiencies 0.5, launches of 1 us, 8e9 bytes, no matrix tiles).
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-device.yaml" -o /dev/null 2>/dev/null | %fields | FileCheck %s --check-prefix=LINEAR
// The formulas need no binding (dynamic-dim=-1 leaves the numbers out, and
// with them the diagnosis's rows).
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-device.yaml dynamic-dim=-1" -o /dev/null 2>/dev/null | %fields --section functions | FileCheck %s --check-prefix=FUNC
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-device.yaml" -o /dev/null 2>/dev/null | %fields --section symbols | FileCheck %s --check-prefix=SYMBOLS
// The crossovers, checked against sweep= at the values around them.
// (The time each bound limits, share_by_bound in sweep='s JSON.)
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml sweep=141,142,197,198 execution=eager format=json output=-" -o /dev/null 2>/dev/null | %python %S/../lib/sweep_bounds.py | FileCheck %s --check-prefix=SWEEP
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT
// mlsysim-annotate: the formulas in #mlsysim.cost, alone when the sizes are
// not bound, beside the numbers when they are (M = 8: 2097152*8 = 16777216
// FLOPs); the attribute reads back as written. (The last chunk has no
// arg0.d0 to name: an error there.)
// RUN: not mlsysim-opt %s --split-input-file --mlsysim-annotate="hardware=%S/../Hardware/Inputs/toy-device.yaml symbols=M:arg0.d0" 2>/dev/null | mlsysim-opt --split-input-file | FileCheck %s --check-prefix=ANNOTATE
// RUN: mlsysim-opt %s --split-input-file --mlsysim-annotate="hardware=%S/../Hardware/Inputs/toy-device.yaml batch=8" 2>/dev/null | FileCheck %s --check-prefix=BOUND

// A linear layer with a dynamic number of rows M: bf16 [M,1024] x
// [1024,1024] accumulated into [M,1024] (an argument, read and written).
//   flops = 2*M*1024*1024 = 2097152*M
//   read  = A 2*1024*M + W 2*1024*1024 + C 2*1024*M = 4096*M + 2097152
//   write = 2048*M
// Compute term 2097152*M/(100e12*0.5), memory term (6144*M + 2097152)/
// (1e12*0.5): compute >= memory when 2097152*M >= 100*(6144*M + 2097152),
// 1482752*M >= 209715200, M >= 141.43: compute-bound from M = 142.
// LINEAR-LABEL: report:
// LINEAR: op #0 linalg.matmul: {{.*}} symbolic.bytes_read=4096*arg0.d0 + 2097152; symbolic.bytes_written=2048*arg0.d0; symbolic.flops=2097152*arg0.d0; symbolic.int_ops=0; symbolic.transcendentals=0;
// LINEAR-NEXT: op #0 linalg.matmul symbolic.crossovers[0]: below=memory; bound=compute; from=142; symbol=arg0.d0;
// The function is that one op: the same crossover (at 142 its compute term,
// 5.96 us, exceeds the 1 us launch). Its memory: the three arguments,
// 2048*M + 2097152 + 2048*M bytes (the result is C's buffer); 8e9 bytes
// hold M <= (8e9 - 2097152)/4096 = 1952613 exactly.
// FUNC-LABEL: report:
// FUNC: functions: {{.*}} name=linear; symbolic.argument_bytes=4096*arg0.d0 + 2097152; symbolic.bytes_read=4096*arg0.d0 + 2097152; symbolic.bytes_written=2048*arg0.d0; symbolic.flops=2097152*arg0.d0; symbolic.int_ops=0; symbolic.left_out=0; symbolic.peak_bytes=4096*arg0.d0 + 2097152; symbolic.transcendentals=0;
// FUNC-NEXT: functions symbolic.crossovers[0]: below=memory; bound=compute; from=142; symbol=arg0.d0;
// FUNC-NEXT: functions symbolic.fits[0]: largest=1952613; symbol=arg0.d0; unbounded=false;
// SYMBOLS-LABEL: report:
// SYMBOLS-NEXT: symbols: arg0.d0=dimension 0 of argument 0 of @linear;
// SWEEP-LABEL: sweep on toy-npu
// SWEEP-NEXT: 141 compute=0.000 memory=1.000 overhead=0.000
// SWEEP-NEXT: 142 compute=1.000 memory=0.000 overhead=0.000
// TEXT: formulas of the dynamic sizes
// TEXT-NEXT: arg0.d0 = dimension 0 of argument 0 of @linear
// TEXT-NEXT: @linear (its ops as written): flops = 2097152*arg0.d0
// TEXT-NEXT: bytes_read = 4096*arg0.d0 + 2097152; bytes_written = 2048*arg0.d0
// TEXT-NEXT: peak memory = 4096*arg0.d0 + 2097152 bytes; fits toy-npu (8 GB) up to arg0.d0 = 1952613
// TEXT-NEXT: compute-bound time exceeds memory-bound time from arg0.d0 >= 142 on toy-npu, each op its own kernel
// ANNOTATE-LABEL: func.func @linear
// Annotated at the default binding (M = 1: the formulas' values) and as
// formulas.
// ANNOTATE: linalg.matmul {mlsysim.cost = #mlsysim.cost<flops = 2097152, int_ops = 0, transcendentals = 0, bytes_read = 2101248, bytes_written = 2048, {{.*}} symbolic = {bytes_read = "4096*M + 2097152", bytes_written = "2048*M", flops = "2097152*M", int_ops = "0", transcendentals = "0"}>}
// BOUND-LABEL: func.func @linear
// BOUND: linalg.matmul {mlsysim.cost = #mlsysim.cost<flops = 16777216, {{.*}}, symbolic = {bytes_read = "4096*arg0.d0 + 2097152", bytes_written = "2048*arg0.d0", flops = "2097152*arg0.d0", int_ops = "0", transcendentals = "0"}>}
func.func @linear(%a: tensor<?x1024xbf16>, %w: tensor<1024x1024xbf16>, %c: tensor<?x1024xbf16>) -> tensor<?x1024xbf16> {
  %0 = linalg.matmul ins(%a, %w : tensor<?x1024xbf16>, tensor<1024x1024xbf16>) outs(%c : tensor<?x1024xbf16>) -> tensor<?x1024xbf16>
  return %0 : tensor<?x1024xbf16>
}

// -----

// Attention over a dynamic sequence of S rows (f32, head size 64): Q, K and V
// are one size (the product's loops read S from each of them).
//   fill of the SxS scores: write 4*S*S
//   Q K^T: flops 2*S*S*64 = 128*S*S; read Q 256*S + K 256*S + scores 4*S*S
//     (the accumulator); write 4*S*S
//   scale: flops S*S; read 4*S*S; write 4*S*S
//   fill of the Sx64 output: write 256*S
//   P V: flops 2*S*64*S = 128*S*S; read P 4*S*S + V 256*S + out 256*S;
//     write 256*S
// Sums: flops 257*S*S, read 12*S*S + 1024*S, write 12*S*S + 512*S.
// Memory: arguments 3*256*S; the live buffers peak at the scores with the
// scaled scores (8*S*S) or at the scaled scores with the output (4*S*S +
// 256*S), which no sign orders for every S: their maximum. 8e9 bytes hold
// 768*S + 8*S*S <= 8e9 up to S = 31574 (8*31574^2 + 768*31574 = 7999.4e6).
// The products' compute terms exceed their memory terms from S = 107 (Q K^T:
// 128*S*S/(10e12*0.5) >= (8*S*S + 512*S)/(1e12*0.5) from S >= 106.7) and 88
// (P V: >= (4*S*S + 768*S)/0.5e12 from S >= 87.3). The function has
// compute-bound time from S = 198, where the products' compute terms,
// 128*198*198/5e12 = 1.0036 us, pass their 1 us launches (at 197: 0.9935 us;
// below, every op is bound by its launch).
// LINEAR-LABEL: report:
// LINEAR: op #2 linalg.fill: {{.*}} symbolic.bytes_written=4*arg0.d0*arg0.d0;
// LINEAR: op #3 linalg.matmul: {{.*}} symbolic.bytes_read=4*arg0.d0*arg0.d0 + 512*arg0.d0; symbolic.bytes_written=4*arg0.d0*arg0.d0; symbolic.flops=128*arg0.d0*arg0.d0;
// LINEAR-NEXT: op #3 linalg.matmul symbolic.crossovers[0]: below=memory; bound=compute; from=107; symbol=arg0.d0;
// LINEAR: op #5 linalg.generic: {{.*}} symbolic.bytes_read=4*arg0.d0*arg0.d0; symbolic.bytes_written=4*arg0.d0*arg0.d0; symbolic.flops=arg0.d0*arg0.d0;
// LINEAR: op #7 linalg.fill: {{.*}} symbolic.bytes_written=256*arg0.d0;
// LINEAR: op #8 linalg.matmul: {{.*}} symbolic.bytes_read=4*arg0.d0*arg0.d0 + 512*arg0.d0; symbolic.bytes_written=256*arg0.d0; symbolic.flops=128*arg0.d0*arg0.d0;
// LINEAR-NEXT: op #8 linalg.matmul symbolic.crossovers[0]: below=memory; bound=compute; from=88; symbol=arg0.d0;
// FUNC-LABEL: report:
// FUNC: functions: {{.*}} name=attention; symbolic.argument_bytes=768*arg0.d0; symbolic.bytes_read=12*arg0.d0*arg0.d0 + 1024*arg0.d0; symbolic.bytes_written=12*arg0.d0*arg0.d0 + 512*arg0.d0; symbolic.flops=257*arg0.d0*arg0.d0; symbolic.int_ops=0; symbolic.left_out=0; symbolic.peak_bytes=768*arg0.d0 + max(4*arg0.d0*arg0.d0 + 256*arg0.d0,8*arg0.d0*arg0.d0); symbolic.transcendentals=0;
// FUNC-NEXT: functions symbolic.crossovers[0]: below=overhead; bound=compute; from=198; symbol=arg0.d0;
// FUNC-NEXT: functions symbolic.fits[0]: largest=31574; symbol=arg0.d0; unbounded=false;
// SWEEP-LABEL: sweep on toy-npu
// SWEEP: 197 compute=0.000 memory=0.000 overhead=1.000
// SWEEP-NEXT: 198 compute=0.498 memory=0.000 overhead=0.502
#qk_a = affine_map<(d0, d1, d2) -> (d0, d2)>
#qk_b = affine_map<(d0, d1, d2) -> (d1, d2)>
#mm_c = affine_map<(d0, d1, d2) -> (d0, d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @attention(%q: tensor<?x64xf32>, %k: tensor<?x64xf32>, %v: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.125 : f32
  %s = tensor.dim %q, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%s, %s) : tensor<?x?xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %scores = linalg.matmul indexing_maps = [#qk_a, #qk_b, #mm_c] ins(%q, %k : tensor<?x64xf32>, tensor<?x64xf32>) outs(%f : tensor<?x?xf32>) -> tensor<?x?xf32>
  %e2 = tensor.empty(%s, %s) : tensor<?x?xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%scores : tensor<?x?xf32>) outs(%e2 : tensor<?x?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %scale : f32
    linalg.yield %m : f32
  } -> tensor<?x?xf32>
  %e3 = tensor.empty(%s) : tensor<?x64xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<?x64xf32>) -> tensor<?x64xf32>
  %out = linalg.matmul ins(%p, %v : tensor<?x?xf32>, tensor<?x64xf32>) outs(%f3 : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %out : tensor<?x64xf32>
}

// -----

// A CNN block with a dynamic batch (the argument is named `image` by
// mlsysim.input, so its batch is image.d0): a 3x3 convolution from 3 to 4
// channels on 8x8 images (6x6 out), then bias and ReLU.
//   fill: write 4*4*6*6*B = 576*B
//   conv: flops 2*B*4*6*6*3*3*3 = 7776*B; read images 3*8*8*4*B = 768*B,
//     filter 108*4 = 432, accumulator 576*B: 1344*B + 432; write 576*B
//   bias + ReLU (add, max): flops 2*144*B = 288*B; read 576*B + bias 16;
//     write 576*B
// Sums: flops 8064*B, read 1920*B + 448, write 1728*B.
// LINEAR-LABEL: report:
// LINEAR: op #2 linalg.fill: {{.*}} symbolic.bytes_written=576*image.d0;
// LINEAR: op #3 linalg.conv_2d_nchw_fchw: {{.*}} symbolic.bytes_read=1344*image.d0 + 432; symbolic.bytes_written=576*image.d0; symbolic.flops=7776*image.d0;
// LINEAR: op #5 linalg.generic: {{.*}} symbolic.bytes_read=576*image.d0 + 16; symbolic.bytes_written=576*image.d0; symbolic.flops=288*image.d0;
// FUNC-LABEL: report:
// FUNC: functions: {{.*}} name=block; {{.*}} symbolic.bytes_read=1920*image.d0 + 448; symbolic.bytes_written=1728*image.d0; symbolic.flops=8064*image.d0;
#nchw = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bias = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @block(%x: tensor<?x3x8x8xf32> {mlsysim.input = "image"}, %w: tensor<4x3x3x3xf32> {mlsysim.param = "conv.weight"}, %b: tensor<4xf32> {mlsysim.param = "conv.bias"}) -> tensor<?x4x6x6xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x3x8x8xf32>
  %e = tensor.empty(%n) : tensor<?x4x6x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32>
  %conv = linalg.conv_2d_nchw_fchw ins(%x, %w : tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<?x4x6x6xf32>) -> tensor<?x4x6x6xf32>
  %e2 = tensor.empty(%n) : tensor<?x4x6x6xf32>
  %y = linalg.generic {indexing_maps = [#nchw, #bias, #nchw], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv, %b : tensor<?x4x6x6xf32>, tensor<4xf32>) outs(%e2 : tensor<?x4x6x6xf32>) {
  ^bb0(%in: f32, %bi: f32, %o: f32):
    %s = arith.addf %in, %bi : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<?x4x6x6xf32>
  return %y : tensor<?x4x6x6xf32>
}
