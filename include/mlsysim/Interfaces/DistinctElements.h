//===- DistinctElements.h - Distinct elements an indexing map touches *- C++
//-*-===//
//
// The traffic rule for structured ops: an operand costs the bytes of the
// distinct elements its indexing map touches over the iteration space, not one
// access per iteration. A broadcast operand is read once; a strided access that
// skips elements does not count them (a 1x1 stride-2 convolution reads a
// quarter of its input).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_INTERFACES_DISTINCTELEMENTS_H
#define MLSYSIM_INTERFACES_DISTINCTELEMENTS_H

#include "mlsysim/Support/Count.h"

#include "mlir/IR/AffineMap.h"

namespace mlsysim {

/// Number of distinct points of the operand that `map` reaches when each loop
/// dimension `d_i` ranges over `[0, loopRanges[i])`. `operandShape` (static)
/// caps each result: an in-bounds access never exceeds the operand.
///
/// Results that are affine combinations of dims (`s*oh + d*kh`) are counted
/// exactly; results that share dims with other results, or use mod/floordiv,
/// are bounded by the smaller of the iteration count and the operand size.
Count countDistinctElements(mlir::AffineMap map,
                            llvm::ArrayRef<int64_t> loopRanges,
                            llvm::ArrayRef<int64_t> operandShape);

/// Number of distinct values of `sum_i coefficients[i] * k_i` for
/// `k_i` in `[0, ranges[i])` (coefficients may be negative).
Count countDistinctLinearValues(llvm::ArrayRef<int64_t> coefficients,
                                llvm::ArrayRef<int64_t> ranges);

} // namespace mlsysim

#endif // MLSYSIM_INTERFACES_DISTINCTELEMENTS_H
