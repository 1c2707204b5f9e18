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

#include "llvm/ADT/SmallVector.h"

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

/// The realism terms of a kernel's price (docs/cost-model.md). Each can be
/// switched off (`realism=`); with none, a contraction is priced by the flat
/// roofline (every core busy, every byte from one level).
enum class Realism : unsigned {
  Waves = 1,          ///< Whole waves of tiles over the cores.
  Tiles = 2,          ///< The problem padded to whole tiles.
  Alignment = 4,      ///< The reduction padded to the matrix instruction.
  Levels = 8,         ///< Traffic at the levels inside device memory.
  SmallTransfer = 16, ///< A level's latency before its first byte.
  Overlap = 32,       ///< What no arithmetic hides: a kernel's latency.
  Launch = 64,        ///< The launch of each kernel.
};
inline constexpr EnumName<Realism> kRealismNames[] = {
    {Realism::Waves, "waves", "tiles run in whole waves over the cores"},
    {Realism::Tiles, "tiles", "the problem is padded to whole tiles"},
    {Realism::Alignment, "alignment",
     "the reduction is padded to the matrix instruction's depth"},
    {Realism::Levels, "levels",
     "the traffic between the caches and the cores is priced too"},
    {Realism::SmallTransfer, "small-transfer",
     "a transfer pays the level's latency before its bandwidth"},
    {Realism::Overlap, "overlap",
     "a kernel's first loads (or its library's fixed latency) run before "
     "any arithmetic"},
    {Realism::Launch, "launch", "each kernel pays its launch"},
};
inline llvm::StringRef stringifyRealism(Realism term) {
  return stringifyEnum(kRealismNames, term);
}
inline constexpr unsigned kAllRealism = 127;

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
  /// The realism terms priced (a mask of Realism).
  unsigned realism = kAllRealism;
  bool has(Realism term) const {
    return (realism & static_cast<unsigned>(term)) != 0;
  }
};

/// The traffic of a kernel at one level of the memory hierarchy.
struct LevelTraffic {
  llvm::StringRef level;   ///< `l1`, `l2`, `llc`, `dram`, ...
  double bytes = 0.0;      ///< The chosen tiling's (or the stream's) bytes.
  double lowerBound = 0.0; ///< 2MNK / sqrt(S) at the level (0: none).
  double bandwidth = 0.0;  ///< Bytes/s at efficiency 1.
  double seconds = 0.0;    ///< At the achievable bandwidth, with latency.
  /// The work over these bytes, in the report's convention (a priced op's
  /// levels; 0 elsewhere): where the level's dot sits on a roofline chart.
  double intensity = 0.0;
};

/// The tiles a contraction runs in (Tiling.h): the library's choice.
struct TilePlan {
  double tileM = 0.0, tileN = 0.0, splitK = 1.0;
  /// Tiles (thread blocks) per run, and the waves they take on the cores.
  double tiles = 0.0, waves = 0.0;
  /// The losses behind the utilization, each a share in (0, 1]: tiles over
  /// whole waves, the problem over whole tiles, the reduction over the
  /// instruction's depth.
  double waveShare = 1.0, tileShare = 1.0, alignmentShare = 1.0;
  /// The tiling's traffic inside device memory (innermost first) and out
  /// of it (`dram`: the operands read again beyond the op's own traffic,
  /// when they overflow the last-level cache), every run.
  llvm::SmallVector<LevelTraffic, 3> levels;
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
  /// A contraction's tiles, on a device whose library tiles it.
  std::optional<TilePlan> tile;
  /// The traffic at each level, innermost first; the memory term is the
  /// slowest (`boundLevel`).
  llvm::SmallVector<LevelTraffic, 3> levels;
  llvm::StringRef boundLevel = "dram";
  /// Time the arithmetic cannot hide: the first loads, or the library
  /// kernel's fixed latency where the device gives it (Realism::Overlap).
  double tExposed = 0.0;
  /// Of tMemory, the levels' latencies (Realism::SmallTransfer).
  double tLatency = 0.0;
  Bound bound = Bound::Free;
  /// The level whose bandwidth priced the traffic (DRAM or LLC).
  MemoryLevel memoryLevel = MemoryLevel::DRAM;
  /// The terms behind the time: the compute and memory efficiencies that
  /// divided the ideal terms, and the execution model whose launch cost
  /// tOverhead is (docs/cost-model.md).
  double computeEfficiency = 1.0, memoryEfficiency = 1.0;
  ExecutionModel execution = ExecutionModel::Compiled;
};

/// The bound as views name it: `memory:<level>` for a memory-bound
/// estimate (the level whose traffic takes longest: `memory:l2`,
/// `memory:dram`), else the bound's name.
std::string getBoundName(const RooflineEstimate &estimate);

/// What one realism term did to a kernel's price: a factor on its compute
/// (waves, tiles, alignment: 1 / their share) or seconds it added (levels:
/// the inner levels' time above device memory's; small-transfer, overlap,
/// launch).
struct RealismEffect {
  Realism term;
  std::optional<double> factor, seconds;
};
/// The terms behind `estimate`, in the order of kRealismNames; a term the
/// options left out or that does not apply is absent.
llvm::SmallVector<RealismEffect, 7>
getRealismEffects(const RooflineEstimate &estimate);

/// Whether the waits on reads across rows outweigh the arithmetic in the
/// larger of the compute and memory terms: the op is memory-bound on them.
bool isBoundByStridedReads(const RooflineEstimate &estimate);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_ESTIMATE_H
