// Systems (zoo/systems): a device, how many of it, and the links between
// them, usable wherever a device is. Their files are checked as device files
// are: every error located, with the field it names.
// RUN: mlsysim-opt --show-hardware=dgx-h100 | FileCheck %s --check-prefix=SHOW
// RUN: mlsysim-opt --list-hardware | FileCheck %s --check-prefix=LIST
// RUN: mlsysim-opt %s --mlsysim-report="hardware=h100-2node-ib format=json output=-" -o /dev/null | %fields --section totals | FileCheck %s --check-prefix=USE
// RUN: sed 's/kind: nvswitch/kind: smoke-signals/' %mlsysim_src/zoo/systems/dgx-h100.yaml > %t.kind.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.kind.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=KIND
// RUN: sed 's/size: {value: 8,/size: {value: 7.5,/' %mlsysim_src/zoo/systems/dgx-h100.yaml > %t.size.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.size.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: sed 's/latency_s: {value: 1.0e-6, source: nccl-tuning,/latency_s: {value: 1.0e-6,/' %mlsysim_src/zoo/systems/dgx-h100.yaml > %t.prov.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.prov.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROV
// RUN: sed 's/^device: nvidia-h100-sxm/device: no-such-gpu/' %mlsysim_src/zoo/systems/dgx-h100.yaml > %t.dev.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.dev.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEV
// RUN: sed 's/^device: nvidia-h100-sxm/device: dgx-h100/' %mlsysim_src/zoo/systems/dgx-h100.yaml > %t.nest.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.nest.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEST
// A system file that names itself as its device, or two that name each
// other, is a cycle (followed, it recursed until the stack overflowed): an
// error naming the chain, through hardware=, --show-hardware= and annotate.
// RUN: rm -rf %t.cycle && mkdir -p %t.cycle
// RUN: sed 's/^device: nvidia-h100-sxm/device: self.yaml/' %mlsysim_src/zoo/systems/dgx-h100.yaml > %t.cycle/self.yaml
// RUN: sed 's/^device: nvidia-h100-sxm/device: b.yaml/' %mlsysim_src/zoo/systems/dgx-h100.yaml > %t.cycle/a.yaml
// RUN: sed 's/^device: nvidia-h100-sxm/device: a.yaml/' %mlsysim_src/zoo/systems/dgx-h100.yaml > %t.cycle/b.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.cycle/self.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=SELF
// RUN: not mlsysim-opt --show-hardware=%t.cycle/self.yaml 2>&1 | FileCheck %s --check-prefix=SELF
// RUN: not mlsysim-opt %s --mlsysim-annotate=hardware=%t.cycle/self.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=SELF
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.cycle/a.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAIR
// RUN: not mlsysim-opt --show-hardware=%t.cycle/b.yaml 2>&1 | FileCheck %s --check-prefix=PAIR-B
// RUN: not mlsysim-opt %s --mlsysim-annotate=hardware=%t.cycle/a.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAIR

// SHOW: NVIDIA DGX H100 (8x H100 SXM5 80GB, NVLink 4 + NVSwitch) (dgx-h100)
// SHOW: system: 8 x nvidia-h100-sxm, from builtin:zoo/systems/dgx-h100.yaml
// SHOW: level nvlink (nvswitch):
// SHOW: bandwidth per device, per direction    450 GB/s          [hgx-blog]
// LIST: dgx-1-v100 system 8 x nvidia-v100-sxm2; nvlink x8 150 GB/s
// LIST: dgx-a100-40gb system 8 x nvidia-a100-sxm4-40gb; nvlink x8 300 GB/s
// LIST: dgx-a100-80gb system 8 x nvidia-a100-sxm4-80gb; nvlink x8 300 GB/s
// LIST: dgx-h100 system 8 x nvidia-h100-sxm; nvlink x8 450 GB/s
// LIST: h100-2node-ib system 16 x nvidia-h100-sxm; nvlink x8 450 GB/s, infiniband x2 50 GB/s
// LIST: {{[0-9]+}} devices and 7 systems
// A system prices everything else as its device does (the H100's 989.4e12
// f16 matrix peak here).
// USE: totals:{{.*}} t_communication_s=0;
// KIND: error: {{.*}}.kind.yaml:{{[0-9]+}}:{{[0-9]+}}: error: unknown link kind; expected one of nvlink, nvswitch, pcie, infiniband, roce, ethernet, ici
// SIZE: error: {{.*}}.size.yaml:{{[0-9]+}}:{{[0-9]+}}: error: topology.nvlink.size: a count of devices or groups, a whole number of at most 16777216
// PROV: error: {{.*}}.prov.yaml:{{[0-9]+}}:{{[0-9]+}}: error: topology.nvlink.latency_s: a number needs exactly one of 'source'
// DEV: error: {{.*}}.dev.yaml: error: device 'no-such-gpu': unknown hardware 'no-such-gpu'
// NEST: error: {{.*}}.nest.yaml: error: device 'dgx-h100' is itself a system
// SELF: error: [[DIR:.*]]/self.yaml: error: 'device:' references form a cycle of system files: [[DIR]]/self.yaml -> [[DIR]]/self.yaml{{$}}
// PAIR: error: [[DIR:.*]]/a.yaml: error: 'device:' references form a cycle of system files: [[DIR]]/a.yaml -> [[DIR]]/b.yaml -> [[DIR]]/a.yaml{{$}}
// PAIR-B: error: [[DIR:.*]]/b.yaml: error: 'device:' references form a cycle of system files: [[DIR]]/b.yaml -> [[DIR]]/a.yaml -> [[DIR]]/b.yaml{{$}}
func.func @f(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>, %c: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%c : tensor<64x64xf16>) -> tensor<64x64xf16>
  return %0 : tensor<64x64xf16>
}
