//===- HardwareSpec.h - One device of the hardware zoo ----------*- C++ -*-===//
//
// A device as described by one file of `zoo/hardware/` (schema in
// docs/hardware.md): dense peak rates per compute unit and numeric format, the
// memory hierarchy, launch overhead and achievable efficiencies. Every number
// carries where it came from.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_HARDWARE_HARDWARESPEC_H
#define MLSYSIM_HARDWARE_HARDWARESPEC_H

#include "mlsysim/Hardware/ElementKind.h"
#include "mlsysim/Support/ExecutionModel.h"
#include "mlsysim/Support/OpClass.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlsysim {

/// The compute units a device rates separately.
enum class ComputeUnit { Matrix, Vector, SpecialFunction };
llvm::StringRef stringifyComputeUnit(ComputeUnit unit);

/// A document a device file cites.
struct HardwareSource {
  std::string key;   ///< The name `source:` fields use.
  std::string title; ///< Datasheet or whitepaper title.
  std::string url;
  std::string read; ///< The date the value was read (YYYY-MM-DD).
};

/// A number with its provenance: either a `source` key or an `assumption`.
struct SourcedValue {
  double value = 0.0;
  std::string source;     ///< Key into HardwareSpec::sources, or empty.
  std::string assumption; ///< Why the value was chosen, when no source.
  std::string note;       ///< How the value was read or derived.
};

struct SystemSpec;

/// One device of the zoo.
struct HardwareSpec {
  std::string id;
  std::vector<std::string> aliases;
  std::string name;
  std::string vendor;
  std::string deviceClass;
  std::vector<HardwareSource> sources;

  /// Dense peaks in FLOP/s (floating point) or op/s (integer).
  std::map<ElementKind, SourcedValue> matrixPeaks;
  std::map<ElementKind, SourcedValue> vectorPeaks;
  std::optional<SourcedValue> specialFunctionRate; ///< Transcendentals/s.

  SourcedValue memoryCapacityBytes;
  SourcedValue memoryBandwidthBytesPerS;
  std::optional<SourcedValue> llcCapacityBytes;
  std::optional<SourcedValue> llcBandwidthBytesPerS;
  std::optional<SourcedValue> scratchpadPerCoreBytes;
  /// The read rate of the per-core level (all cores together): on a CPU,
  /// the private L2 that `scratchpadPerCoreBytes` sizes.
  std::optional<SourcedValue> scratchpadBandwidthBytesPerS;
  /// How the per-core level is organized when it is a cache: its ways
  /// (associativity) and its line. Rows a power-of-two stride apart land in
  /// a few of its sets, so a panel of them can miss in a level it fits in
  /// by size (getStridedReadTime).
  std::optional<SourcedValue> scratchpadWays;
  std::optional<SourcedValue> cacheLineBytes;
  /// Measured, when given: the time of one visit of a buffer read a cache
  /// line of each row at a time (rows a page or more apart, every row's line
  /// before the next line), by the buffer's footprint, ascending: how
  /// compiled code reads an operand across its rows. Strided reads are then
  /// priced as visits times this time rather than bytes at a level's rate
  /// (getStridedReadTime).
  struct StridedVisit {
    SourcedValue footprintBytes, seconds;
  };
  std::vector<StridedVisit> stridedVisits;
  /// Load-to-use latencies of the levels, where published (seconds): a
  /// transfer smaller than the level's bandwidth-latency product does not
  /// reach its bandwidth (the small-transfer term, Tiling.h).
  std::optional<SourcedValue> memoryLatencyS, llcLatencyS, scratchpadLatencyS;
  /// A CPU's L1 data cache, per core, when its per-core level
  /// (`scratchpad_*`) is the private L2: size, read rate of all cores
  /// together, latency.
  std::optional<SourcedValue> l1PerCoreBytes, l1BandwidthBytesPerS, l1LatencyS;
  /// The register file of one core (an SM's 256 KB on NVIDIA GPUs).
  std::optional<SourcedValue> registersPerCoreBytes;
  std::optional<SourcedValue> cores;
  /// One output tile a core computes at a time on the matrix unit.
  struct TileShape {
    double m = 0.0, n = 0.0;
  };
  /// The thread-block (work-group) output tiles the device's matrix library
  /// picks among, with its split-K factors (`matrix_tiles`, or the one tile
  /// of the older `matrix_tile` section). With `cores`, a contraction is
  /// priced as the library runs it: the candidate whose waves of tiles
  /// finish first (Tiling.h).
  struct MatrixTiles {
    std::vector<TileShape> shapes;
    /// Factors the reduction may be split by; always holds 1.
    std::vector<double> splitK{1.0};
    /// The matrix instruction's reduction depth in bytes of an operand
    /// element (32 on NVIDIA tensor cores: k16 for f16, k8 for tf32, k32 for
    /// i8): a reduction is padded to a multiple of it.
    std::optional<SourcedValue> instructionKBytes;
    /// What a library kernel takes besides its main loop, in core clock
    /// cycles: its dispatch, the first operand loads, the epilogue's stores
    /// and its drain, which no arithmetic hides. Needs `clock_hz`.
    std::optional<SourcedValue> kernelLatencyCycles;
    std::string source, assumption, note;
  };
  std::optional<MatrixTiles> matrixTiles;
  std::optional<SourcedValue> clockHz;
  std::optional<SourcedValue> accelerators;

  /// The vector unit's side of a register tile: the width of a vector
  /// register and the independent FMA chains a core needs in flight to reach
  /// its vector peak (FMA latency x FMA pipes).
  std::optional<SourcedValue> vectorRegisterBytes, fmaChains;

  /// How the device's compiled code tiles a contraction for the vector unit
  /// (a CPU compiler's choice, as IREE's lowering config states it): output
  /// tiles of `tileM` x `tileN` (one core each) and register tiles of
  /// `registerTileM` x `registerTileN` accumulators; a contraction whose rows
  /// (M) are no multiple of `registerTileM` gets register tiles of
  /// `unalignedRegisterTileM` rows. With the vector unit's numbers, a
  /// register tile of fewer accumulator chains than `fmaChains` caps the
  /// arithmetic's efficiency (getAccumulatorChainShare).
  struct RegisterTiling {
    SourcedValue tileM, tileN, registerTileM, registerTileN;
    std::optional<SourcedValue> unalignedRegisterTileM;
  };
  std::optional<RegisterTiling> registerTiling;

  /// How the device's compiled code reads an input across its rows
  /// (StridedOperand, OpCost.h): each reduction step starts a new row,
  /// and past `pageBytes` a new page, where hardware prefetchers stop; such
  /// reads run at `efficiency` of the serving level's read rate and stall the
  /// arithmetic, which runs at `computeEfficiency`. Each output tile of
  /// `registerTiling` reads the operand, and each register tile passes over
  /// it again. Absent on devices whose libraries repack operands (GPU
  /// GEMMs stage tiles through shared memory).
  struct StridedReads {
    SourcedValue pageBytes, efficiency, computeEfficiency;
  };
  std::optional<StridedReads> stridedReads;

  /// Per-kernel launch cost by execution model. Eager is always given;
  /// graph and compiled fall back to it when a file gives only one number.
  std::map<ExecutionModel, SourcedValue> launchOverheadS;
  SourcedValue computeEfficiency; ///< Achievable fraction of peak compute.
  SourcedValue memoryEfficiency;  ///< Achievable fraction of peak bandwidth.
  /// Achievable fractions for one class of kernels, where they differ from
  /// the device's (a CPU compiler reaches a different share of the peak on
  /// convolutions than on matmuls).
  struct ClassEfficiency {
    std::optional<SourcedValue> compute, memory;
  };
  std::map<OpClass, ClassEfficiency> classEfficiencies;

  std::optional<SourcedValue> tdpW;
  std::optional<SourcedValue> hostLinkBytesPerSPerDirection;
  std::optional<SourcedValue> deviceLinkBytesPerSPerDirection;

  /// Where the description came from (a path, or `builtin:<file>`).
  std::string origin;

  /// Set when this is a system's device (`hardware=dgx-h100`): how many of
  /// it there are and the links between them (SystemSpec.h). Collectives
  /// need one; everything else is priced on one device.
  std::shared_ptr<const SystemSpec> system;

  /// The device as views name it in tables: its id, and for a file given by
  /// path the file's name too (a copied zoo file keeps the zoo's id).
  std::string getLabel() const;
  /// How many accelerators the description prices as one: a system's
  /// devices, or a rack file's `accelerators` (the GB200 NVL72's 72 GPUs
  /// summed into one set of peaks); 1 for a single device.
  int64_t getAcceleratorCount() const;

  /// One level of the memory hierarchy, innermost first (registers, the
  /// per-core levels, the last-level cache, device memory).
  struct MemoryLevelInfo {
    llvm::StringRef name; ///< `registers`, `l1`, `l2`, `l3`, `llc`, `dram`.
    double capacityBytes = 0.0; ///< All cores together.
    std::optional<double> bandwidthBytesPerS, latencyS;
  };
  /// The levels the file describes. The per-core level is the L1 (shared
  /// memory) of a GPU or an accelerator and the L2 of a CPU; the last-level
  /// cache is then the L2 or the L3 (docs/hardware.md).
  std::vector<MemoryLevelInfo> getMemoryLevels() const;
  /// The name views give the per-core level and the last-level cache.
  llvm::StringRef getScratchpadName() const;
  llvm::StringRef getLLCName() const;
  /// A library contraction kernel's fixed latency in seconds
  /// (`matrix_tiles.kernel_latency_cycles` at `clock_hz`), if the file
  /// gives it.
  std::optional<double> getKernelLatency() const;
  /// The peak table of `unit` (Matrix or Vector).
  const std::map<ElementKind, SourcedValue> &peaks(ComputeUnit unit) const {
    return unit == ComputeUnit::Matrix ? matrixPeaks : vectorPeaks;
  }
  /// The source entry named `key`, or null.
  const HardwareSource *findSource(llvm::StringRef key) const;
  /// The launch cost of one kernel under `model` (eager's when the file
  /// gives none for `model`).
  const SourcedValue &getLaunchOverhead(ExecutionModel model) const;
  /// Whether the file gives a launch cost of its own for `model`.
  bool hasLaunchOverhead(ExecutionModel model) const {
    return launchOverheadS.count(model) != 0;
  }
  /// The achievable fractions of peak compute and bandwidth for kernels of
  /// `opClass` (the device's when the file gives none for the class).
  const SourcedValue &getComputeEfficiency(OpClass opClass) const;
  const SourcedValue &getMemoryEfficiency(OpClass opClass) const;
};

/// Limits of a device description, checked before it is parsed.
inline constexpr size_t kMaxDeviceFileBytes = 256 << 10;
inline constexpr unsigned kMaxDeviceFileDepth = 64;

/// Parses one device file. `bufferName` is used in diagnostics
/// (`file:line:col: error: ...`). Ids and aliases already in `takenNames` are
/// rejected as duplicates.
llvm::Expected<HardwareSpec>
parseHardwareSpec(llvm::StringRef buffer, llvm::StringRef bufferName,
                  const llvm::StringSet<> *takenNames = nullptr);

} // namespace mlsysim

#endif // MLSYSIM_HARDWARE_HARDWARESPEC_H
