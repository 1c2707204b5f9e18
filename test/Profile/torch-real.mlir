// Real torch.profiler traces (torch 2.15, this CPU, record_shapes=True,
// three profiler steps) of two small models, on the IR torch-mlir exported
// from the same models (test/Profile/Inputs/README-torch.md: how they were
// recorded, and the hand-checked mapping: which IR ops each measured op
// computes). The times are the mean over the three steps of each top-level
// op's `dur` (the README's "mean dur" column).
// RUN: mlsysim-opt %S/Inputs/torch-mlp.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%S/Inputs/torch-mlp.trace.json format=json output=-" -o /dev/null | FileCheck %s --check-prefix=MLP
// RUN: mlsysim-opt %S/Inputs/torch-convnet.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%S/Inputs/torch-convnet.trace.json format=json output=-" -o /dev/null | FileCheck %s --check-prefix=CONV
// RUN: mlsysim-opt %S/Inputs/torch-convnet.mlir --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml execution=eager profile=%S/Inputs/torch-convnet.trace.json output=-" -o /dev/null | FileCheck %s --check-prefix=TEXT

// The mlp: (90.034 + 41.361 + 30.857) / 3 = 54.084 µs per step, all of it
// mapped. Units by time left (the toy device predicts about 1 µs per op
// that runs): linear 30.943 µs (ops 0-3: empty, fill, matmul, bias add),
// linear 12.118 (5-8), relu 3.936 (4), softmax 7.087 (9-20: max, subtract,
// exp, sum, divide and their inits: eight kernels, more predicted than
// measured).
// MLP:      "profile": {
// MLP:        "matched_share": 1,
// MLP:        "measured_s": 5.4084{{[0-9]*}}e-05,
// MLP:        "runs": 3,
// MLP:        "units": [
// MLP:          "anchor": 2,
// MLP:          "measured_s": 3.09426{{[0-9]*}}e-05,
// MLP:          "names": [
// MLP-NEXT:       "aten::linear"
// MLP:          "ops": [
// MLP-NEXT:       0,
// MLP-NEXT:       1,
// MLP-NEXT:       2,
// MLP-NEXT:       3
// MLP-NEXT:     ],
// MLP:          "anchor": 7,
// MLP:          "measured_s": 1.2117{{[0-9]*}}e-05,
// MLP:          "ops": [
// MLP-NEXT:       5,
// MLP-NEXT:       6,
// MLP-NEXT:       7,
// MLP-NEXT:       8
// MLP-NEXT:     ],
// MLP:          "anchor": 4,
// MLP:          "measured_s": 3.93599{{[0-9]*}}e-06,
// MLP:            "aten::relu"
// MLP:          "anchor": 13,
// MLP:          "measured_s": 7.08733{{[0-9]*}}e-06,
// MLP:            "aten::softmax"
// MLP:          "ops": [
// MLP-NEXT:       9,
// MLP-COUNT-10:   {{[0-9]+}},
// MLP-NEXT:       20
// MLP-NEXT:     ],
// MLP:        "unmatched": [],

// The convnet: 174.626 µs per step. conv2d 97.785 (0-3: the pad, the bias
// broadcast, the conv), adaptive_avg_pool2d 26.125 (16-19), batch_norm
// 21.822 (4-14: the rsqrt of running_var + eps after the conv in the IR is
// the batch norm's: it feeds only the batch norm's ops), linear 18.508
// (21-24), relu 5.892 (15), flatten 4.493 (20, the collapse_shape).
// CONV:     "matched_share": 1,
// CONV:     "measured_s": 0.000174625{{[0-9]*}}
// CONV:       "anchor": 3,
// CONV:       "measured_s": 9.77853{{[0-9]*}}e-05,
// CONV:         "aten::conv2d"
// CONV:       "ops": [
// CONV-NEXT:    0,
// CONV-NEXT:    1,
// CONV-NEXT:    2,
// CONV-NEXT:    3
// CONV-NEXT:  ],
// CONV:       "anchor": 18,
// CONV:       "measured_s": 2.61253{{[0-9]*}}e-05,
// CONV:         "aten::adaptive_avg_pool2d"
// CONV:       "ops": [
// CONV-NEXT:    16,
// CONV-NEXT:    17,
// CONV-NEXT:    18,
// CONV-NEXT:    19
// CONV:       "anchor": 9,
// CONV:       "measured_s": 2.18223{{[0-9]*}}e-05,
// CONV:         "aten::batch_norm"
// CONV:       "ops": [
// CONV-NEXT:    4,
// CONV-NEXT:    5,
// CONV-NEXT:    6,
// CONV-NEXT:    7,
// CONV-NEXT:    8,
// CONV-NEXT:    9,
// CONV-NEXT:    10,
// CONV-NEXT:    11,
// CONV-NEXT:    12,
// CONV-NEXT:    13,
// CONV-NEXT:    14
// CONV-NEXT:  ],
// CONV:       "anchor": 23,
// CONV:       "measured_s": 1.85076{{[0-9]*}}e-05,
// CONV:       "anchor": 15,
// CONV:       "measured_s": 5.89166{{[0-9]*}}e-06,
// CONV:       "anchor": 20,
// CONV:       "measured_s": 4.49333{{[0-9]*}}e-06,
// CONV:         "aten::flatten"

// TEXT: measured: {{.*}}torch-convnet.trace.json (torch profile, the mean of 3 runs)
// TEXT-NEXT: 175 µs measured per run; 100.0% of it (175 µs) maps onto 25 of the IR's 25 ops (6 groups)
// TEXT: aten::conv2d              linalg.conv_2d_nchw_fchw + 3 ops
// TEXT: aten::adaptive_avg_pool2d linalg.generic + 3 ops
