// Peak memory counts buffers, not views: a slice, a subview or a reshape of
// a buffer (an argument or a live intermediate) adds no bytes and keeps its
// source alive while it is; a destination-style result (insert_slice) writes
// into its destination. The fully fused bound reads of each argument no more
// than the ops read of it, writes only the results an op makes, and stays at
// or under the planned kernels.
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml format=json output=-" -o /dev/null | %fields --section functions | FileCheck %s
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml format=json output=-" -o /dev/null | %fields --section fusion_bounds | FileCheck %s --check-prefix=BOUNDS
// RUN: mlsysim-opt %s --split-input-file --mlsysim-report="hardware=%S/../Hardware/Inputs/toy-device.yaml" 2>&1 >/dev/null | FileCheck %s --check-prefix=TEXT

// The toy device: 1 TB/s at 0.5 efficiency (0.5 TB/s), f32 vector 10 TFLOP/s
// at 0.5, special functions 1e12/s at 0.5, 1 us launch, 8 GB.

// Two slices of a 4 MiB argument, returned: views of it. Arguments
// 1024*1024*4 = 4194304 B; no intermediate buffer (peak_op null); peak
// 4194304 (it was 8388608: each slice a 2 MiB buffer).
// Planned: each slice a copy kernel, 2097152 read + 2097152 written =
// 4194304 B / 0.5e12 = 8.388608 us + 1 us = 9.388608 us, two of them
// 18.777216 us. Fully fused: %a read once, min(4194304, 2097152 + 2097152) =
// 4194304 B, both results written, 4194304 B: 8388608 B = 16.777216 us + 1 us
// = 17.777216 us.
// CHECK-LABEL: report:
// CHECK: functions: {{.*}}memory.argument_bytes=4194304; {{.*}}memory.peak_bytes=4194304; memory.peak_intermediate_bytes=0; memory.peak_op=null; {{.*}}name=two_slices;
// BOUNDS-LABEL: report:
// BOUNDS: fusion_bounds: as_is_s=1.8777216e-05; fully_fused_s=1.7777216e-05; func=two_slices; with_groups_fused_s=1.8777216e-05;
// TEXT-LABEL: @two_slices:
// TEXT: memory: 4.19 MB at peak (arguments 4.19 MB + live intermediates 0 B) of 8 GB: fits
func.func @two_slices(%a: tensor<1024x1024xf32>) -> (tensor<512x1024xf32>, tensor<512x1024xf32>) {
  %0 = tensor.extract_slice %a[0, 0] [512, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<512x1024xf32>
  %1 = tensor.extract_slice %a[512, 0] [512, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<512x1024xf32>
  return %0, %1 : tensor<512x1024xf32>, tensor<512x1024xf32>
}

// -----

// The two halves added: the slices are views, the add's destination (#2,
// 512*1024*4 = 2097152 B) the only buffer, live from #2 to the return.
// Peak 4194304 + 2097152 = 6291456 at #2 (it was 4194304 + 6291456).
// The plan fuses the slices into the add: it reads %a once, 4194304 B (the
// two slices' reads of it, 2097152 each, are not the same bytes twice: the
// kernel read 0 B before), and writes 2097152 B: 6291456 B / 0.5e12 =
// 12.582912 us (over 524288 FLOPs / 5e12 = 0.1 us) + 1 us = 13.582912 us.
// Fully fused moves the same bytes with the same launch: 13.582912 us (it
// was above the 5.194304 us the plan was priced at). As is: slices 9.388608
// us each, the add 4194304 read + 2097152 written, 13.582912 us: 32.360128 us.
// (The last digits of the sums of doubles are left to the regex.)
// CHECK-LABEL: report:
// CHECK: functions: {{.*}}memory.argument_bytes=4194304; {{.*}}memory.peak_bytes=6291456; memory.peak_intermediate_bytes=2097152; memory.peak_op=2; {{.*}}name=halves_added;
// BOUNDS-LABEL: report:
// BOUNDS: fusion_bounds: as_is_s=3.2360128e-05; fully_fused_s=1.3582912{{0*[0-9]?}}e-05; func=halves_added; with_groups_fused_s=1.3582912{{0*[0-9]?}}e-05;
// TEXT-LABEL: @halves_added:
// TEXT: memory: 6.29 MB at peak (arguments 4.19 MB + live intermediates 2.10 MB at #2) of 8 GB: fits
func.func @halves_added(%a: tensor<1024x1024xf32>) -> tensor<512x1024xf32> {
  %0 = tensor.extract_slice %a[0, 0] [512, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<512x1024xf32>
  %1 = tensor.extract_slice %a[512, 0] [512, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<512x1024xf32>
  %e = tensor.empty() : tensor<512x1024xf32>
  %2 = linalg.add ins(%0, %1 : tensor<512x1024xf32>, tensor<512x1024xf32>) outs(%e : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  return %2 : tensor<512x1024xf32>
}

// -----

// One half of an argument: the fully fused kernel reads that half, not the
// whole argument. Planned (and as is): the slice's copy, 4194304 B, 9.388608
// us. Fully fused: min(4194304, 2097152) read + 2097152 written, the same
// 9.388608 us (it was 6291456 B, 13.582912 us: above the plan). The slice is
// a view: peak 4194304, no intermediate.
// CHECK-LABEL: report:
// CHECK: functions: {{.*}}memory.argument_bytes=4194304; {{.*}}memory.peak_bytes=4194304; memory.peak_intermediate_bytes=0; memory.peak_op=null; {{.*}}name=one_half;
// BOUNDS-LABEL: report:
// BOUNDS: fusion_bounds: as_is_s=9.388608e-06; fully_fused_s=9.388608e-06; func=one_half; with_groups_fused_s=9.388608e-06;
func.func @one_half(%a: tensor<1024x1024xf32>) -> tensor<512x1024xf32> {
  %0 = tensor.extract_slice %a[0, 0] [512, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<512x1024xf32>
  return %0 : tensor<512x1024xf32>
}

// -----

// An argument returned as it is is written by no kernel. Planned: the exp
// reads 4194304 B and writes 4194304 B = 16.777216 us (over 1048576
// transcendentals / 0.5e12 = 2.097152 us) + 1 us = 17.777216 us; fully fused
// the same (it read %a and wrote it back: 16777216 B, 34.554432 us).
// Peak: arguments 8388608 + the exp's destination 4194304 at #0 = 12582912.
// CHECK-LABEL: report:
// CHECK: functions: {{.*}}memory.argument_bytes=8388608; {{.*}}memory.peak_bytes=12582912; memory.peak_intermediate_bytes=4194304; memory.peak_op=0; {{.*}}name=passthrough;
// BOUNDS-LABEL: report:
// BOUNDS: fusion_bounds: as_is_s=1.7777216e-05; fully_fused_s=1.7777216e-05; func=passthrough; with_groups_fused_s=1.7777216e-05;
func.func @passthrough(%a: tensor<1048576xf32>, %b: tensor<1048576xf32>) -> (tensor<1048576xf32>, tensor<1048576xf32>) {
  %e = tensor.empty() : tensor<1048576xf32>
  %0 = linalg.exp ins(%b : tensor<1048576xf32>) outs(%e : tensor<1048576xf32>) -> tensor<1048576xf32>
  return %a, %0 : tensor<1048576xf32>, tensor<1048576xf32>
}

// -----

// Reshapes of an argument and of a slice of it: all views. Arguments
// 4194304 B, no intermediate (the collapsed slice was a 2097152 B buffer).
// Only the slice runs (its copy, 4194304 B, 9.388608 us); fully fused reads
// its 2097152 B of %a and writes the one result it makes, 2097152 B: the
// same 9.388608 us (it read all of %a and wrote all three results, 14680064
// B, 30.360128 us).
// CHECK-LABEL: report:
// CHECK: functions: {{.*}}memory.argument_bytes=4194304; {{.*}}memory.peak_bytes=4194304; memory.peak_intermediate_bytes=0; memory.peak_op=null; {{.*}}name=reshapes;
// BOUNDS-LABEL: report:
// BOUNDS: fusion_bounds: as_is_s=9.388608e-06; fully_fused_s=9.388608e-06; func=reshapes; with_groups_fused_s=9.388608e-06;
// TEXT-LABEL: @reshapes:
// TEXT: memory: 4.19 MB at peak (arguments 4.19 MB + live intermediates 0 B) of 8 GB: fits
func.func @reshapes(%a: tensor<1024x1024xf32>) -> (tensor<1024x32x32xf32>, tensor<1048576xf32>, tensor<524288xf32>) {
  %0 = tensor.expand_shape %a [[0], [1, 2]] output_shape [1024, 32, 32] : tensor<1024x1024xf32> into tensor<1024x32x32xf32>
  %1 = tensor.collapse_shape %a [[0, 1]] : tensor<1024x1024xf32> into tensor<1048576xf32>
  %2 = tensor.extract_slice %a[0, 0] [512, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<512x1024xf32>
  %3 = tensor.collapse_shape %2 [[0, 1]] : tensor<512x1024xf32> into tensor<524288xf32>
  return %0, %1, %3 : tensor<1024x32x32xf32>, tensor<1048576xf32>, tensor<524288xf32>
}

// -----

// A view of an intermediate keeps it alive: #1 writes a 4194304 B buffer
// (#0), #2 views one row of it, and the broadcast at #4 reads that row, so
// the buffer lives through #4, beside the broadcast's destination (#3,
// 4194304 B): 8388608 B of intermediates at #3, peak 4194304 + 8388608 =
// 12582912. (With the row a copy, the buffer died at #2: 4198400 at #2.)
// CHECK-LABEL: report:
// CHECK: functions: {{.*}}memory.argument_bytes=4194304; {{.*}}memory.peak_bytes=12582912; memory.peak_intermediate_bytes=8388608; memory.peak_op=3; {{.*}}name=row_of_intermediate;
// As is: the exp 8388608 B = 16.777216 us (over 1048576 transcendentals /
// 0.5e12 = 2.097152 us) + 1 us; the row's copy 8192 B = 0.016384 us + 1 us;
// the broadcast 4096 + 4194304 B = 8.3968 us + 1 us: 28.1904 us. Planned:
// the row fused into the broadcast (4198400 B, 9.3968 us) after the exp:
// 27.174016 us. Fully fused: %x read, the broadcast written, 8388608 B, the
// exp's 2.097152 us of compute under it: 17.777216 us (the row read of the
// exp's result is its 4096 B, not the whole buffer, taken back).
// BOUNDS-LABEL: report:
// BOUNDS: fusion_bounds: as_is_s=2.81904e-05; fully_fused_s=1.7777216e-05; func=row_of_intermediate; with_groups_fused_s=2.7174016e-05;
func.func @row_of_intermediate(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %e0 = tensor.empty() : tensor<1024x1024xf32>
  %t = linalg.exp ins(%x : tensor<1024x1024xf32>) outs(%e0 : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %row = tensor.extract_slice %t[0, 0] [1, 1024] [1, 1] : tensor<1024x1024xf32> to tensor<1024xf32>
  %e1 = tensor.empty() : tensor<1024x1024xf32>
  %b = linalg.broadcast ins(%row : tensor<1024xf32>) outs(%e1 : tensor<1024x1024xf32>) dimensions = [0]
  return %b : tensor<1024x1024xf32>
}

// -----

// insert_slice writes into its destination (an argument): no new buffer.
// Arguments 2097152 + 4194304 = 6291456 B, no intermediate. Its kernel reads
// the 2097152 B it inserts and writes them in place: 4194304 B, 9.388608 us,
// and so does the fully fused kernel (it read both arguments and wrote the
// whole destination, 10485760 B, 21.97152 us).
// CHECK-LABEL: report:
// CHECK: functions: {{.*}}memory.argument_bytes=6291456; {{.*}}memory.peak_bytes=6291456; memory.peak_intermediate_bytes=0; memory.peak_op=null; {{.*}}name=insert_in_place;
// BOUNDS-LABEL: report:
// BOUNDS: fusion_bounds: as_is_s=9.388608e-06; fully_fused_s=9.388608e-06; func=insert_in_place; with_groups_fused_s=9.388608e-06;
func.func @insert_in_place(%a: tensor<512x1024xf32>, %d: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = tensor.insert_slice %a into %d[0, 0] [512, 1024] [1, 1] : tensor<512x1024xf32> into tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// -----

// memref views: a subview of an argument read into another argument.
// Arguments 4194304 + 2097152 = 6291456 B, no intermediate. The exp reads
// 2097152 B and writes 2097152 B: 8.388608 us (over 524288 transcendentals /
// 0.5e12 = 1.048576 us) + 1 us = 9.388608 us, fully fused too (it read all
// of both arguments, 6291456 B, 13.582912 us).
// CHECK-LABEL: report:
// CHECK: functions: {{.*}}memory.argument_bytes=6291456; {{.*}}memory.peak_bytes=6291456; memory.peak_intermediate_bytes=0; memory.peak_op=null; {{.*}}name=subview;
// BOUNDS-LABEL: report:
// BOUNDS: fusion_bounds: as_is_s=9.388608e-06; fully_fused_s=9.388608e-06; func=subview; with_groups_fused_s=9.388608e-06;
func.func @subview(%m: memref<1024x1024xf32>, %out: memref<512x1024xf32>) {
  %sv = memref.subview %m[0, 0] [512, 1024] [1, 1] : memref<1024x1024xf32> to memref<512x1024xf32, strided<[1024, 1]>>
  linalg.exp ins(%sv : memref<512x1024xf32, strided<[1024, 1]>>) outs(%out : memref<512x1024xf32>)
  return
}
