//===- DistinctElements.cpp - Distinct elements an indexing map touches ---===//

#include "mlsysim/Interfaces/DistinctElements.h"

#include "mlir/IR/AffineExpr.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SmallBitVector.h"

#include <cstdlib>
#include <functional>

using namespace mlsysim;
using namespace mlir;

/// Largest value span enumerated exactly (bits of a bit vector).
static constexpr uint64_t kMaxEnumeratedSpan = uint64_t(1) << 24;

/// Decomposes `expr` into `sum coefficients[d] * d + constant`; false when it
/// is not such an affine combination of dims (symbols, mod, floordiv).
static bool decomposeLinear(AffineExpr expr,
                            llvm::SmallVectorImpl<int64_t> &coefficients,
                            int64_t scale = 1) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    coefficients[dim.getPosition()] += scale;
    return true;
  }
  if (isa<AffineConstantExpr>(expr))
    return true;
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return false;
  if (binary.getKind() == AffineExprKind::Add)
    return decomposeLinear(binary.getLHS(), coefficients, scale) &&
           decomposeLinear(binary.getRHS(), coefficients, scale);
  if (binary.getKind() == AffineExprKind::Mul) {
    if (auto rhs = dyn_cast<AffineConstantExpr>(binary.getRHS()))
      return decomposeLinear(binary.getLHS(), coefficients,
                             scale * rhs.getValue());
    if (auto lhs = dyn_cast<AffineConstantExpr>(binary.getLHS()))
      return decomposeLinear(binary.getRHS(), coefficients,
                             scale * lhs.getValue());
  }
  return false;
}

/// The set `{ s + c*k : s in set, k in [0, range) }` computed by doubling:
/// O(log range) shifted unions.
static llvm::BitVector spread(const llvm::BitVector &set, uint64_t coefficient,
                              uint64_t range) {
  if (range == 1)
    return set;
  if (range % 2 == 0) {
    llvm::BitVector half = spread(set, coefficient, range / 2);
    llvm::BitVector shifted = half;
    shifted <<= static_cast<unsigned>(coefficient * (range / 2));
    half |= shifted;
    return half;
  }
  llvm::BitVector rest = spread(set, coefficient, range - 1);
  llvm::BitVector shifted = set;
  shifted <<= static_cast<unsigned>(coefficient * (range - 1));
  rest |= shifted;
  return rest;
}

Count mlsysim::countDistinctLinearValues(llvm::ArrayRef<int64_t> coefficients,
                                         llvm::ArrayRef<int64_t> ranges) {
  llvm::SmallVector<std::pair<uint64_t, uint64_t>> terms; // (|c|, range)
  Count product(1);
  for (auto [coefficient, range] : llvm::zip_equal(coefficients, ranges)) {
    if (range <= 0)
      return Count(0);
    if (range == 1 || coefficient == 0)
      continue;
    // A negative coefficient reflects the set; its size does not change.
    terms.push_back({static_cast<uint64_t>(std::llabs(coefficient)),
                     static_cast<uint64_t>(range)});
    product *= Count(static_cast<uint64_t>(range));
  }
  if (terms.size() <= 1)
    return product;

  // Values lie in [0, span). Enumerate when the span is small, which covers
  // every convolution window; otherwise bound by both the count of index
  // tuples and the span (exact whenever the terms tile the span).
  Count span(1);
  for (auto [coefficient, range] : terms)
    span += Count(coefficient) * Count(range - 1);
  if (!span.isExact() || span.getExact() > kMaxEnumeratedSpan)
    return span.toDouble() < product.toDouble() ? span : product;

  llvm::BitVector set(span.getExact());
  set.set(0);
  for (auto [coefficient, range] : terms)
    set = spread(set, coefficient, range);
  return Count(set.count());
}

Count mlsysim::countDistinctElements(AffineMap map,
                                     llvm::ArrayRef<int64_t> loopRanges,
                                     llvm::ArrayRef<int64_t> operandShape) {
  unsigned numResults = map.getNumResults();
  unsigned numDims = map.getNumDims();
  for (int64_t range : loopRanges)
    if (range <= 0)
      return Count(0); // No iteration touches anything.

  auto minCount = [](Count a, Count b) {
    return a.toDouble() <= b.toDouble() ? a : b;
  };
  // The common case, a projected permutation (identity, transpose,
  // broadcast): each result is its own loop, clamped by the operand.
  if (map.isProjectedPermutation(/*allowZeroInResults=*/true)) {
    Count total(1);
    for (auto [expr, size] : llvm::zip_equal(map.getResults(), operandShape))
      if (auto dim = dyn_cast<AffineDimExpr>(expr))
        total *= minCount(
            Count(static_cast<uint64_t>(loopRanges[dim.getPosition()])),
            Count(static_cast<uint64_t>(std::max<int64_t>(0, size))));
    return total;
  }

  // Results that share a loop dim are not independent (a diagonal, a skew):
  // group them.
  llvm::SmallVector<llvm::SmallBitVector> dimsOf;
  for (AffineExpr expr : map.getResults()) {
    llvm::SmallBitVector dims(numDims);
    expr.walk([&](AffineExpr sub) {
      if (auto dim = dyn_cast<AffineDimExpr>(sub))
        dims.set(dim.getPosition());
    });
    dimsOf.push_back(std::move(dims));
  }
  llvm::EquivalenceClasses<unsigned> groups;
  for (unsigned r = 0; r < numResults; ++r) {
    groups.insert(r);
    for (unsigned s = 0; s < r; ++s)
      if (dimsOf[r].anyCommon(dimsOf[s]))
        groups.unionSets(r, s);
  }

  auto operandSize = [&](unsigned result) {
    return Count(
        static_cast<uint64_t>(std::max<int64_t>(0, operandShape[result])));
  };

  Count total(1);
  for (auto it = groups.begin(); it != groups.end(); ++it) {
    if (!(*it)->isLeader())
      continue;
    llvm::SmallVector<unsigned> members(groups.member_begin(**it),
                                        groups.member_end());
    llvm::SmallBitVector dims(numDims);
    Count operandPoints(1);
    for (unsigned r : members) {
      dims |= dimsOf[r];
      operandPoints *= operandSize(r);
    }
    Count iterationPoints(1);
    for (unsigned d : dims.set_bits())
      iterationPoints *= Count(static_cast<uint64_t>(loopRanges[d]));

    if (members.size() == 1) {
      unsigned r = members.front();
      llvm::SmallVector<int64_t> coefficients(numDims, 0);
      if (decomposeLinear(map.getResult(r), coefficients)) {
        Count values = countDistinctLinearValues(coefficients, loopRanges);
        total *= minCount(values, operandPoints);
        continue;
      }
    }
    total *= minCount(iterationPoints, operandPoints);
  }
  return total;
}
