//===- Estimate.h - What a price is made of ---------------------*- C++ -*-===//
//
// The data of one price: what limits a kernel, its terms (compute, memory,
// launch, communication), the peak and the efficiencies behind them, and the
// options that choose them. Views read these; only the pricing layer makes
// them (Roofline.h).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_ESTIMATE_H
#define MLSYSIM_PRICING_ESTIMATE_H

#include "mlsysim/Hardware/HardwareSpec.h"
#include "mlsysim/Support/EnumNames.h"
#include "mlsysim/Support/ExecutionModel.h"

#include <optional>
#include <string>

namespace mlsysim {

/// The algorithm a collective runs.
enum class CollectiveAlgorithm { Auto, Ring, Tree, Hierarchical };
inline constexpr EnumName<CollectiveAlgorithm> kCollectiveAlgorithmNames[] = {
    {CollectiveAlgorithm::Auto, "auto",
     "the fastest of ring, tree and hierarchical for each collective"},
    {CollectiveAlgorithm::Ring, "ring", "one ring through every device"},
    {CollectiveAlgorithm::Tree, "tree",
     "trees (all-reduce, broadcast; ring for the others)"},
    {CollectiveAlgorithm::Hierarchical, "hierarchical",
     "rings level by level (a flat ring within one level)"},
};
inline llvm::StringRef stringifyCollectiveAlgorithm(CollectiveAlgorithm a) {
  return stringifyEnum(kCollectiveAlgorithmNames, a);
}

/// What limits an op.
enum class Bound { Compute, Memory, Overhead, Free, Communication };
llvm::StringRef stringifyBound(Bound bound);

/// Where an op's data is assumed to come from.
enum class MemoryLevel {
  DRAM, ///< Device memory (default: every op streams its data).
  LLC,  ///< The last-level cache, for every op.
  Auto, ///< The LLC when the op's footprint fits in it, else device memory.
};
inline constexpr EnumName<MemoryLevel> kMemoryLevelNames[] = {
    {MemoryLevel::DRAM, "dram", "every op streams its data from device memory"},
    {MemoryLevel::LLC, "llc", "every op reads the last-level cache"},
    {MemoryLevel::Auto, "auto",
     "the last-level cache when an op's footprint fits in it"},
};
inline llvm::StringRef stringifyMemoryLevel(MemoryLevel level) {
  return stringifyEnum(kMemoryLevelNames, level);
}

/// Options of the roofline that change which peak applies.
struct RooflineOptions {
  /// How kernels are launched: picks the device's per-kernel launch cost.
  ExecutionModel execution = ExecutionModel::Compiled;
  /// Allow f32 contractions on the matrix unit at the TF32 rate.
  bool allowTF32 = false;
  /// Where data comes from; the LLC needs the device's LLC bandwidth (and,
  /// for Auto, its capacity), otherwise device memory is used.
  MemoryLevel memoryLevel = MemoryLevel::DRAM;
  /// How collectives run (Collectives.h).
  CollectiveAlgorithm collectiveAlgorithm = CollectiveAlgorithm::Auto;
};

/// The peak that prices an op's arithmetic, after fallbacks.
struct PeakChoice {
  ComputeUnit unit = ComputeUnit::Vector;
  ElementKind kind = ElementKind::F32;
  double rate = 0.0; ///< FLOP/s or op/s.
};

/// An op's time on a device.
struct RooflineEstimate {
  /// False when the device has no peak for the op's arithmetic.
  bool priced = true;
  std::string reason;
  /// The peak that priced the arithmetic (none for pure data movement).
  std::optional<PeakChoice> peak;
  /// The unit whose term dominates the compute time.
  std::optional<ComputeUnit> dominantUnit;
  double tCompute = 0.0; ///< At the achievable compute efficiency.
  /// The part of tCompute spent waiting on reads across an operand's rows
  /// (StridedOperand): latency-bound reads, so the op is memory-bound when
  /// they outweigh the arithmetic.
  double tStrided = 0.0;
  double tMemory = 0.0;   ///< At the achievable memory efficiency.
  double tOverhead = 0.0; ///< Launch overhead.
  /// A collective's time on the system's links (Collectives.h).
  double tCommunication = 0.0;
  /// Bytes one device sends over its links, and the algorithm.
  double bytesCommunicated = 0.0;
  std::optional<CollectiveAlgorithm> collectiveAlgorithm;
  /// max(tCompute, tMemory, tCommunication) + tOverhead.
  double latency = 0.0;
  double roofline = 0.0; ///< Ideal: efficiency 1, no overhead.
  /// The two terms of the ideal: compute and traffic at efficiency 1.
  double idealCompute = 0.0, idealMemory = 0.0;
  /// The share of the matrix unit a matrix op keeps busy (its tiles over
  /// the waves of tiles the cores run); 1 for everything else.
  double utilization = 1.0;
  Bound bound = Bound::Free;
  /// The level whose bandwidth priced the traffic (DRAM or LLC).
  MemoryLevel memoryLevel = MemoryLevel::DRAM;
  /// The terms behind the time: the compute and memory efficiencies that
  /// divided the ideal terms, and the execution model whose launch cost
  /// tOverhead is (docs/cost-model.md).
  double computeEfficiency = 1.0, memoryEfficiency = 1.0;
  ExecutionModel execution = ExecutionModel::Compiled;
};

/// Whether the waits on reads across rows outweigh the arithmetic in the
/// larger of the compute and memory terms: the op is memory-bound on them.
bool isBoundByStridedReads(const RooflineEstimate &estimate);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_ESTIMATE_H
