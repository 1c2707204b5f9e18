// The serving view and precision by role, on a toy decode step: token ids
// index an embedding (a weight, mlsysim.param), the step appends one
// position to its KV cache (tensor.concat along dim 1) and returns logits
// over the embedding's 100 rows. Device: the toy NPU (8e9 B).
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-device.yaml batch=1" -o /dev/null > %t.json
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); print('latency_s=%%r' %% d['totals']['latency_s']); print(json.dumps(d['serving'], sort_keys=True))" %t.json | FileCheck %s --check-prefix=SERVING
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-device.yaml batch=1 precision=weights:int4,kv:fp8" -o /dev/null > %t.roles.json
// RUN: %python -c "import json,sys; print(json.dumps(json.load(open(sys.argv[1]))['serving'], sort_keys=True))" %t.roles.json | FileCheck %s --check-prefix=ROLES
// RUN: %fields < %t.roles.json | FileCheck %s --check-prefix=ROLEOPS
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-device.yaml batch=1 precision=kv:fp4" -o /dev/null > %t.kv4.json
// RUN: %python -c "import json,sys; print(json.dumps(json.load(open(sys.argv[1]))['serving'], sort_keys=True))" %t.kv4.json | FileCheck %s --check-prefix=KV4
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml precision=kv:i4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=KV4TEXT
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- serving=0" -o /dev/null | FileCheck %s --check-prefix=OFF
// RUN: mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml,h100" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEVICES
// RUN: not mlsysim-opt %s --mlsysim-report="precision=weights:int4,cache:fp8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADROLE
// A role given twice is an error (the last one used to win silently).
// RUN: not mlsysim-opt %s --mlsysim-report="precision=weights:i4,weights:fp8" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWICE
// activations:TYPE alone sets only the tensors that are neither weights nor
// KV cache: the weights and the cache stay as written (it used to price
// them at TYPE too, as precision=TYPE does).
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-device.yaml batch=1 precision=activations:fp8" -o /dev/null > %t.act.json
// RUN: %python -c "import json,sys; print(json.dumps(json.load(open(sys.argv[1]))['serving'], sort_keys=True))" %t.act.json | FileCheck %s --check-prefix=ACT
// RUN: %fields < %t.act.json | FileCheck %s --check-prefix=ACTOPS
// The formulas price the roles as the report does (they priced every tensor
// at the activations' type): at precision=weights:i4 and activations:fp8.
// RUN: %check-symbolic mlsysim-opt %s 1 4 --option=hardware=%S/../Hardware/Inputs/toy-device.yaml --option=precision=weights:i4,kv:fp8 | FileCheck %s --check-prefix=FORMULAS
// RUN: %check-symbolic mlsysim-opt %s 1 4 --option=hardware=%S/../Hardware/Inputs/toy-device.yaml --option=precision=activations:fp8 | FileCheck %s --check-prefix=FORMULAS

// KV bytes per token: the cache's elements per position of one sequence,
//   16 (f16) x 2 B = 32 B (fp8: 16 B). Weights: 100 x 16 x 2 B = 3200 B
//   (int4: 100 x 16 / 2 = 800 B). Cached tokens next to the weights:
//   floor((8e9 - 3200) / 32) = 249999900; with the roles
//   floor((8e9 - 800) / 16) = 499999950.
// The point at batch 1 is the report's own total at batch 1.
// SERVING: latency_s=[[LAT:[0-9.e-]+]]
// The step is so small that the most batch tried (2^20) fits.
// SERVING: "cache_length": 8, {{.*}}"kv_bytes_per_token": 32, {{.*}}"max_batch": 1048576, "max_batch_capped": true, "max_cached_tokens": 249999900, {{.*}}"parameter_bytes": 3200, "points": [{"batch": 1, {{.*}}"tpot_s": [[LAT]], "ttft_s": null}, {"batch": 4, {{.*}}"step": "decode", "tokens_per_sequence": 1}
// A 4-bit cache counts 4 bits per element, as the op counts do: 16 x 0.5 B
//   = 8 B per token (not 16 x 1 B, each element rounded up to a byte), and
//   floor((8e9 - 3200) / 8) = 999999600 cached tokens.
// KV4: "kv_bytes_per_token": 8, {{.*}}"max_cached_tokens": 999999600, {{.*}}"parameter_bytes": 3200,
// KV4TEXT: KV cache 8 B per token; weights 3.20 KB of 8 GB
// ROLES: "kv_bytes_per_token": 16, {{.*}}"max_cached_tokens": 499999950, {{.*}}"parameter_bytes": 800,
// Weight-only quantization: the logits' contraction reads the embedding at
// 4 bits (800 B), the 1x16 activations at 2 B (32 B) and the 100 f16
// accumulators (200 B): 1032 B, and still computes in f16. The concatenated cache is the cache: (8 + 1) x 16 x 1 B = 144 B
// written (fp8), reading the old cache (128 B) and the new row (32 B, f16).
// ROLEOPS: op #{{[0-9]+}} tensor.concat:{{.*}} bytes_read=160;{{.*}} bytes_written=144;
// ROLEOPS: op #{{[0-9]+}} linalg.generic:{{.*}} bytes_read=1032;{{.*}} dtype=f16;
// TEXT: serving: @step is a decode step (1 token per sequence, a KV cache of 8 positions)
// TEXT-NEXT: KV cache 32 B per token; weights 3.20 KB of 8 GB; more than 1048576 sequences (the most tried) fit at this context; 250 M cached tokens (batch x context) fit next to the weights (activations aside)
// TEXT-NEXT: batch per token tokens/s bound peak memory
// TEXT-NEXT: 1
// OFF-NOT: "serving"
// With several devices, each device's step at batch 1 and its largest
// batch (the most tried, 2^20, on both) side by side.
// DEVICES: serving @step across devices:
// DEVICES-NEXT: device per token (1) max batch tokens/s there
// DEVICES-DAG: toy-npu (toy-device.yaml) {{.*}} 1048576
// DEVICES-DAG: nvidia-h100-sxm {{.*}} 1048576
// BADROLE: error: precision=weights:int4,cache:fp8: unknown role 'cache'
// TWICE: error: precision=weights:i4,weights:fp8: role 'weights' given twice
// At activations:fp8 the KV cache is 32 B per token and the weights 3200 B,
// as written (fp8 everywhere: 16 B and 1600 B).
// ACT: "kv_bytes_per_token": 32, {{.*}}"parameter_bytes": 3200,
// The concatenation reads the old cache as written (8 x 16 x 2 B = 256 B)
// and the new row, an activation, at fp8 (16 x 1 B = 16 B): 272 B; it
// writes the cache as written, 9 x 16 x 2 B = 288 B. The logits read the
// embedding as written (100 x 16 x 2 B = 3200 B), the 1x16 activations and
// the 100 accumulators at fp8 (16 + 100 B): 3316 B, and compute in fp8.
// ACTOPS: op #{{[0-9]+}} tensor.concat:{{.*}} bytes_read=272;{{.*}} bytes_written=288;
// ACTOPS: op #{{[0-9]+}} linalg.generic:{{.*}} bytes_read=3316;{{.*}} bytes_written=100;{{.*}} dtype=f8E4M3FN;
// FORMULAS: serving.mlir: every symbol = 1: {{[0-9]+}} ops and 1 functions agree
// FORMULAS: serving.mlir: every symbol = 4: {{[0-9]+}} ops and 1 functions agree
#id = affine_map<(b, t, d) -> (b, t, d)>
func.func @step(%emb: tensor<100x16xf16> {mlsysim.param = "embed"},
                %ids: tensor<?x1xi64> {mlsysim.input = "input_ids"},
                %cache: tensor<?x8x16xf16> {mlsysim.input = "past"}) -> tensor<?x1x100xf16> {
  %c0 = arith.constant 0 : index
  %b = tensor.dim %ids, %c0 : tensor<?x1xi64>
  %e = tensor.empty(%b) : tensor<?x1x16xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(b, t, d) -> (b, t)>, #id], iterator_types = ["parallel", "parallel", "parallel"]}
       ins(%ids : tensor<?x1xi64>) outs(%e : tensor<?x1x16xf16>) {
  ^bb0(%id: i64, %out: f16):
    %row = arith.index_cast %id : i64 to index
    %col = linalg.index 2 : index
    %v = tensor.extract %emb[%row, %col] : tensor<100x16xf16>
    linalg.yield %v : f16
  } -> tensor<?x1x16xf16>
  %kv = tensor.concat dim(1) %cache, %h : (tensor<?x8x16xf16>, tensor<?x1x16xf16>) -> tensor<?x9x16xf16>
  %zero = arith.constant 0.0 : f16
  %se = tensor.empty(%b) : tensor<?x1x9xf16>
  %s0 = linalg.fill ins(%zero : f16) outs(%se : tensor<?x1x9xf16>) -> tensor<?x1x9xf16>
  %s = linalg.generic {indexing_maps = [affine_map<(b, t, p, d) -> (b, t, d)>, affine_map<(b, t, p, d) -> (b, p, d)>, affine_map<(b, t, p, d) -> (b, t, p)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
       ins(%h, %kv : tensor<?x1x16xf16>, tensor<?x9x16xf16>) outs(%s0 : tensor<?x1x9xf16>) {
  ^bb0(%x: f16, %y: f16, %acc: f16):
    %m = arith.mulf %x, %y : f16
    %a = arith.addf %acc, %m : f16
    linalg.yield %a : f16
  } -> tensor<?x1x9xf16>
  %oe = tensor.empty(%b) : tensor<?x1x16xf16>
  %o0 = linalg.fill ins(%zero : f16) outs(%oe : tensor<?x1x16xf16>) -> tensor<?x1x16xf16>
  %o = linalg.generic {indexing_maps = [affine_map<(b, t, d, p) -> (b, t, p)>, affine_map<(b, t, d, p) -> (b, p, d)>, affine_map<(b, t, d, p) -> (b, t, d)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
       ins(%s, %kv : tensor<?x1x9xf16>, tensor<?x9x16xf16>) outs(%o0 : tensor<?x1x16xf16>) {
  ^bb0(%x: f16, %y: f16, %acc: f16):
    %m = arith.mulf %x, %y : f16
    %a = arith.addf %acc, %m : f16
    linalg.yield %a : f16
  } -> tensor<?x1x16xf16>
  %le = tensor.empty(%b) : tensor<?x1x100xf16>
  %l0 = linalg.fill ins(%zero : f16) outs(%le : tensor<?x1x100xf16>) -> tensor<?x1x100xf16>
  %logits = linalg.generic {indexing_maps = [affine_map<(b, t, v, d) -> (b, t, d)>, affine_map<(b, t, v, d) -> (v, d)>, affine_map<(b, t, v, d) -> (b, t, v)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
       ins(%o, %emb : tensor<?x1x16xf16>, tensor<100x16xf16>) outs(%l0 : tensor<?x1x100xf16>) {
  ^bb0(%x: f16, %w: f16, %acc: f16):
    %m = arith.mulf %x, %w : f16
    %a = arith.addf %acc, %m : f16
    linalg.yield %a : f16
  } -> tensor<?x1x100xf16>
  return %logits : tensor<?x1x100xf16>
}
