// Wave quantization: 32x32 tiles on 4 cores (Inputs/toy-tiled-one.yaml, no
// split-K, no bandwidths inside device memory), K = 4096, N = 32: one tile
// takes 2*32*32*4096 / 1e12 / 0.5 = 16.777216 us.

// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-tiled-one.yaml" -o /dev/null | %fields --levels | FileCheck %s
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-tiled-one.yaml realism=no-waves" -o /dev/null | %fields --levels | FileCheck %s --check-prefix=NOWAVES
// RUN: mlsysim-opt %s --mlsysim-report="format=json output=- hardware=%S/../Hardware/Inputs/toy-tiled-one.yaml realism=none" -o /dev/null | %fields --levels | FileCheck %s --check-prefix=FLAT
// RUN: not mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-tiled-one.yaml realism=waves,bogus" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not mlsysim-opt %s --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-tiled-one.yaml realism=waves,no-launch" -o /dev/null 2>&1 | FileCheck %s --check-prefix=MIXED

// 3 tiles (M = 96), just under the 4 cores: one wave, 3/4 of the cores busy.
// CHECK: op #0 linalg.matmul:{{.*}} latency_s=1.7777216e-05;{{.*}} tile.tiles=3; tile.utilization=0.75; tile.wave_share=0.75; tile.waves=1;
// 4 tiles: one full wave.
// CHECK: op #1 linalg.matmul:{{.*}} latency_s=1.7777216e-05;{{.*}} tile.tiles=4; tile.utilization=1; tile.wave_share=1; tile.waves=1;
// 5 tiles, just over: two waves, the second with one core busy: 33.554432
// us + 1 us; 5/8 of the cores' time is used.
// CHECK: op #2 linalg.matmul:{{.*}} latency_s=3.455443{{[0-9]*}}e-05;{{.*}} tile.tiles=5; tile.utilization=0.625; tile.wave_share=0.625; tile.waves=2;
// CHECK: op #2 linalg.matmul realism[0]: added_s=null; factor=1.6; term=waves;

// Without wave quantization, 5 tiles take 1.25 waves: 20.97152 + 1 us.
// NOWAVES: op #2 linalg.matmul:{{.*}} latency_s=2.19715{{[0-9]*}}e-05;{{.*}} tile.waves=1.25;

// The flat roofline: 2*160*32*4096 FLOP at 4e12 * 0.5, no launch.
// FLAT: op #2 linalg.matmul:{{.*}} latency_s=2.09715{{[0-9]*}}e-05;{{.*}} t_overhead_s=0;{{.*}} tile=null;
// FLAT-NOT: tile.m=

// BAD: realism: unknown term 'bogus'; expected all, none, or a list of waves, tiles, alignment, levels, small-transfer, overlap, launch (each may be written no-<term>)
// MIXED: realism: list the terms to price or the terms to leave out (no-<term>), not both
func.func @under(%a: tensor<96x4096xf16>, %b: tensor<4096x32xf16>, %c: tensor<96x32xf16>) -> tensor<96x32xf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<96x4096xf16>, tensor<4096x32xf16>) outs(%c : tensor<96x32xf16>) -> tensor<96x32xf16>
  return %0 : tensor<96x32xf16>
}
func.func @exact(%a: tensor<128x4096xf16>, %b: tensor<4096x32xf16>, %c: tensor<128x32xf16>) -> tensor<128x32xf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<128x4096xf16>, tensor<4096x32xf16>) outs(%c : tensor<128x32xf16>) -> tensor<128x32xf16>
  return %0 : tensor<128x32xf16>
}
func.func @over(%a: tensor<160x4096xf16>, %b: tensor<4096x32xf16>, %c: tensor<160x32xf16>) -> tensor<160x32xf16> {
  %0 = linalg.matmul ins(%a, %b : tensor<160x4096xf16>, tensor<4096x32xf16>) outs(%c : tensor<160x32xf16>) -> tensor<160x32xf16>
  return %0 : tensor<160x32xf16>
}
