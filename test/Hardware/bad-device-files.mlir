// A bad device file is rejected with file:line:col naming the field.
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/bad-negative-rate.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/bad-missing-bandwidth.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/bad-element-type.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/bad-source.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=SOURCE
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/bad-efficiency.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=EFF
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/bad-bare-number.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=BARE
// A crash libFuzzer found (a root alias node) is now a located error.
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%S/Inputs/fuzz-unknown-alias.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUZZ
// Hostile files are refused before the YAML parser sees them: a device
// that never ends (it used to read until out of memory), 30,000 levels of
// nesting (they overflowed the parser's stack), a file past 256 KiB (a
// mapping of 200k keys parsed in quadratic time).
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=/dev/zero -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: %python -c "print('[' * 30000 + ']' * 30000)" > %t.deep.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.deep.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python -c "print('- ' * 30000 + 'x')" > %t.dashes.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.dashes.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: %python -c "print('id: x'); [print('k%d: 1' % i) for i in range(200000)]" > %t.keys.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.keys.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=BIG
// ZERO: error: cannot read hardware file '/dev/zero': not a regular file
// DEEP: error: {{.*}}.yaml:1: error: nested deeper than 64 levels
// BIG: error: cannot read hardware file '{{.*}}keys.yaml': 2088896 bytes is too large for a device description (at most 262144)
// Numbers that are positive but not physical (they made every time inf or 0
// and JSON invalid) are refused with their range.
// RUN: sed 's/bandwidth_bytes_per_s: {value: 3.35e12,/bandwidth_bytes_per_s: {value: 1e-300,/' %mlsysim_src/zoo/hardware/nvidia-h100-sxm.yaml > %t.bw.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.bw.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=TINY
// RUN: sed '/^  compute:$/,/value/ s/value: 0.8$/value: 1e-320/' %mlsysim_src/zoo/hardware/nvidia-h100-sxm.yaml > %t.eff.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.eff.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=TINYEFF
// RUN: sed 's/eager: {value: 5.0e-6,/eager: {value: 1e308,/' %mlsysim_src/zoo/hardware/nvidia-h100-sxm.yaml > %t.launch.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.launch.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGE
// TINY: .bw.yaml:{{[0-9]+}}:{{[0-9]+}}: error: memory.bandwidth_bytes_per_s: value outside the physical range [1e-12, 1e24]
// TINYEFF: .eff.yaml:{{[0-9]+}}:{{[0-9]+}}: error: efficiency.compute{{.*}}: an efficiency below 0.001 is not a device's
// HUGE: .launch.yaml:{{[0-9]+}}:{{[0-9]+}}: error: launch_overhead_s.eager: value outside the physical range [1e-12, 1e24]

// strided_reads: its efficiencies are fractions; the per-core level's read
// rate needs the level's size.
// RUN: sed 's/efficiency: {value: 0.1,/efficiency: {value: 1.5,/' %mlsysim_src/test/Analysis/Inputs/strided-host.yaml > %t.strided.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.strided.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRIDED
// RUN: sed '/scratchpad_per_core_bytes/d' %mlsysim_src/test/Analysis/Inputs/strided-host.yaml > %t.level.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.level.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEVEL
// The per-core level's sets: ways and line together, whole numbers, and
// no more than the level holds (ways x line <= its size).
// RUN: sed '/cache_line_bytes/d' %mlsysim_src/test/Analysis/Inputs/strided-host-sets.yaml > %t.sets1.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.sets1.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=SETS1
// RUN: sed 's/scratchpad_ways: {value: 4,/scratchpad_ways: {value: 4.5,/' %mlsysim_src/test/Analysis/Inputs/strided-host-sets.yaml > %t.sets2.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.sets2.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=SETS2
// RUN: sed 's/scratchpad_ways: {value: 4,/scratchpad_ways: {value: 2048,/' %mlsysim_src/test/Analysis/Inputs/strided-host-sets.yaml > %t.sets3.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.sets3.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=SETS3
// register_tiling: strided_reads needs its tiles; vector_unit has both its
// numbers; tiles are whole.
// RUN: sed '/^register_tiling:/,/register_tile_n/d' %mlsysim_src/test/Analysis/Inputs/strided-host.yaml > %t.notiles.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.notiles.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTILES
// RUN: sed '/fma_chains/d' %mlsysim_src/test/Analysis/Inputs/chains-host.yaml > %t.chains.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.chains.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHAINS
// RUN: sed 's/unaligned_register_tile_m: {value: 1,/unaligned_register_tile_m: {value: 1.5,/' %mlsysim_src/test/Analysis/Inputs/chains-host.yaml > %t.wholetile.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.wholetile.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=WHOLETILE
// memory.strided_visits: a visit reads a line (cache_line_bytes needed), and
// the footprints ascend.
// RUN: sed '/cache_line_bytes/d' %mlsysim_src/test/Analysis/Inputs/strided-host-visits.yaml > %t.visitline.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.visitline.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=VISITLINE
// RUN: sed 's/footprint_bytes: {value: 1048576,/footprint_bytes: {value: 32768,/' %mlsysim_src/test/Analysis/Inputs/strided-host-visits.yaml > %t.visitorder.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.visitorder.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=VISITORDER
// RUN: sed 's/seconds: {value: 4e-9,/seconds: {value: -4e-9,/' %mlsysim_src/test/Analysis/Inputs/strided-host-visits.yaml > %t.visitneg.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.visitneg.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=VISITNEG
// VISITLINE: .visitline.yaml:{{[0-9]+}}:{{[0-9]+}}: error: memory.strided_visits: a visit reads a line: memory.cache_line_bytes is needed too
// VISITORDER: .visitorder.yaml:{{[0-9]+}}:{{[0-9]+}}: error: memory.strided_visits: footprints ascend, each larger than the one before
// VISITNEG: .visitneg.yaml:{{[0-9]+}}:{{[0-9]+}}: error: memory.strided_visits.seconds: value must be positive
// NOTILES: .notiles.yaml:{{[0-9]+}}:{{[0-9]+}}: error: strided_reads: the tiles that re-read the operand (register_tiling) are needed too
// CHAINS: .chains.yaml:{{[0-9]+}}:{{[0-9]+}}: error: missing required key 'fma_chains'
// WHOLETILE: .wholetile.yaml:{{[0-9]+}}:{{[0-9]+}}: error: register_tiling: tiles are whole numbers of elements
// SETS1: .sets1.yaml:{{[0-9]+}}:{{[0-9]+}}: error: memory.scratchpad_ways and memory.cache_line_bytes: the level's sets need both
// SETS2: .sets2.yaml:{{[0-9]+}}:{{[0-9]+}}: error: memory.scratchpad_ways and memory.cache_line_bytes are whole numbers
// SETS3: .sets3.yaml:{{[0-9]+}}:{{[0-9]+}}: error: memory.scratchpad_ways x memory.cache_line_bytes exceeds the level's size (scratchpad_per_core_bytes)
// Counts are whole: a fraction of a core or of a tile (they divide the
// tiles into waves) was accepted.
// RUN: sed 's/^cores: {value: 132,/cores: {value: 132.5,/' %mlsysim_src/zoo/hardware/nvidia-h100-sxm.yaml > %t.cores.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.cores.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=CORES
// The older one-tile section (toy-gpu.yaml's matrix_tile) and an entry of
// the library's set (matrix_tiles.shapes, `<rows>x<columns>`).
// RUN: sed 's/^  n: {value: 64,/  n: {value: 0.5,/' %S/Inputs/toy-gpu.yaml > %t.tile.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.tile.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=TILE
// RUN: sed 's/^  shapes: \[256x128,/  shapes: [256x0.5,/' %mlsysim_src/zoo/hardware/nvidia-h100-sxm.yaml > %t.tiles.yaml
// RUN: not mlsysim-opt %s --mlsysim-report=hardware=%t.tiles.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=TILES
// RUN: sed 's/^accelerators: {value: 72,/accelerators: {value: 71.9,/' %mlsysim_src/zoo/hardware/nvidia-gb200-nvl72.yaml > %t.acc.yaml
// RUN: not mlsysim-opt --show-hardware=%t.acc.yaml 2>&1 | FileCheck %s --check-prefix=ACC
// CORES: .cores.yaml:{{[0-9]+}}:{{[0-9]+}}: error: cores: a count, a whole number
// TILE: .tile.yaml:{{[0-9]+}}:{{[0-9]+}}: error: matrix_tile: a tile is a whole number of rows and columns
// TILES: .tiles.yaml:{{[0-9]+}}:{{[0-9]+}}: error: matrix_tiles.shapes: a tile is <rows>x<columns>, whole numbers in [1, 65536]
// ACC: .acc.yaml:{{[0-9]+}}:{{[0-9]+}}: error: accelerators: a count, a whole number
// STRIDED: .strided.yaml:27:{{[0-9]+}}: error: strided_reads.efficiency: an efficiency is a fraction in (0, 1]
// LEVEL: .level.yaml:{{[0-9]+}}:{{[0-9]+}}: error: memory.scratchpad_bandwidth_bytes_per_s: the level's size (scratchpad_per_core_bytes) is needed too

// NEG: bad-negative-rate.yaml:13:18: error: peaks.vector.f32: value must be positive
// MISSING: bad-missing-bandwidth.yaml:16:3: error: missing required key 'bandwidth_bytes_per_s'
// TYPE: bad-element-type.yaml:11:5: error: peaks.matrix: unknown element type 'bf17'
// SOURCE: bad-source.yaml:13:33: error: peaks.vector.f32: source 'datasheet' names no entry of 'sources'
// EFF: bad-efficiency.yaml:20:20: error: efficiency.compute: an efficiency is a fraction in (0, 1]
// BARE: bad-bare-number.yaml:16:19: error: not a mapping
// FUZZ: fuzz-unknown-alias.yaml:1:4: error: unknown node kind
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
