//===- Tiling.cpp - A contraction as the device's library runs it ---------===//

#include "mlsysim/Pricing/Tiling.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace mlsysim;

double mlsysim::getContractionTrafficBound(const MatrixShape &shape,
                                           double elementBytes,
                                           double capacityBytes) {
  double words = capacityBytes / elementBytes;
  if (words <= 0.0)
    return 0.0;
  return 2.0 * shape.batch * shape.m * shape.n * shape.k / std::sqrt(words) *
         elementBytes;
}

double mlsysim::getTransferTime(double bytes, double bandwidth,
                                double efficiency,
                                std::optional<double> latency,
                                const RooflineOptions &options) {
  if (bytes <= 0.0)
    return 0.0;
  double seconds = bytes / (bandwidth * efficiency);
  if (latency && options.has(Realism::SmallTransfer))
    seconds += *latency;
  return seconds;
}

namespace {
/// What every candidate of one contraction shares.
struct Problem {
  MatrixShape shape;
  double elementBytes = 0.0, outputBytes = 0.0, uniqueBytes = 0.0;
  /// The reduction, padded to the matrix instruction's depth (`depth`
  /// elements; 1 without alignment).
  double paddedK = 0.0, depth = 1.0;
  double cores = 0.0, corePeak = 0.0;
  double computeEfficiency = 1.0, memoryEfficiency = 1.0;
  /// The library kernel's fixed latency (HardwareSpec::getKernelLatency).
  std::optional<double> kernelLatency;
};

/// One candidate's price.
struct Candidate {
  TiledContraction tiled;
  double seconds = 0.0;
};
} // namespace

/// The levels a tile's operands pass through on their way to the cores:
/// shared memory (or L1) into registers, the last-level cache into shared
/// memory, and device memory into the last-level cache.
static void addLevels(const HardwareSpec &hardware, const Problem &p,
                      const TilePlan &plan, double kPerTile,
                      const RooflineOptions &options,
                      llvm::SmallVectorImpl<LevelTraffic> &levels) {
  double b = p.elementBytes;
  // Each tile reads its rows of A and columns of B along its share of the
  // reduction. Its warps (a 2x2 arrangement of half-tiles, CUTLASS's
  // default) each read their own rows and columns out of shared memory.
  double panelBytes = plan.tiles * (plan.tileM + plan.tileN) * kPerTile * b;
  double outputs = p.shape.batch * p.shape.m * p.shape.n;
  // Split-K: each split writes its partial tile in f32, and a reduction
  // reads them back.
  double partials = plan.splitK > 1.0 ? 2.0 * plan.splitK * outputs * 4.0 : 0.0;
  if (hardware.scratchpadPerCoreBytes &&
      hardware.scratchpadBandwidthBytesPerS) {
    double bound = hardware.registersPerCoreBytes
                       ? getContractionTrafficBound(
                             p.shape, b, hardware.registersPerCoreBytes->value)
                       : 0.0;
    double bytes = 2.0 * panelBytes;
    // A core's level serves only its own tiles: a wave takes one tile's
    // bytes at one core's share of the bandwidth, however few cores the
    // last wave keeps busy.
    double bandwidth = hardware.scratchpadBandwidthBytesPerS->value;
    double perWave = bytes / plan.tiles * p.cores;
    levels.push_back(
        {hardware.getScratchpadName(), bytes, bound, bandwidth,
         getTransferTime(perWave * plan.waves, bandwidth, p.memoryEfficiency,
                         hardware.scratchpadLatencyS
                             ? std::optional(hardware.scratchpadLatencyS->value)
                             : std::nullopt,
                         options)});
  }
  if (hardware.llcCapacityBytes && hardware.llcBandwidthBytesPerS) {
    double bound = hardware.scratchpadPerCoreBytes
                       ? getContractionTrafficBound(
                             p.shape, b, hardware.scratchpadPerCoreBytes->value)
                       : 0.0;
    double bytes = panelBytes + outputs * p.outputBytes + partials;
    levels.push_back(
        {hardware.getLLCName(), bytes, bound,
         hardware.llcBandwidthBytesPerS->value,
         getTransferTime(
             bytes, hardware.llcBandwidthBytesPerS->value, p.memoryEfficiency,
             hardware.llcLatencyS ? std::optional(hardware.llcLatencyS->value)
                                  : std::nullopt,
             options)});
  }
  // Device memory: the kernel's own traffic (priceKernel adds it: a fused
  // kernel's is not the op's), and the operands read again when they
  // overflow the last-level cache: up to the I/O bound at the cache's
  // capacity, which the library's rasterization of tiles (a swizzle) is
  // built to reach.
  double bound = 0.0, again = 0.0;
  // Without the L2's bandwidth, split-K's partials are priced at device
  // memory's.
  bool l2Priced = hardware.llcCapacityBytes && hardware.llcBandwidthBytesPerS;
  if (!l2Priced)
    again += partials;
  if (hardware.llcCapacityBytes) {
    bound = getContractionTrafficBound(p.shape, b,
                                       hardware.llcCapacityBytes->value);
    if (p.uniqueBytes > hardware.llcCapacityBytes->value)
      again += std::max(0.0, bound - p.uniqueBytes);
  }
  double bandwidth = hardware.memoryBandwidthBytesPerS.value;
  levels.push_back({"dram", again, bound, bandwidth,
                    again / (bandwidth * p.memoryEfficiency)});
}

/// Prices one candidate: `tileM` x `tileN` tiles, the reduction split
/// `splitK` ways.
static Candidate priceCandidate(const HardwareSpec &hardware, const Problem &p,
                                HardwareSpec::TileShape tile, double splitK,
                                const RooflineOptions &options) {
  Candidate c;
  TilePlan &plan = c.tiled.plan;
  plan.tileM = tile.m;
  plan.tileN = tile.n;
  plan.splitK = splitK;
  const MatrixShape &s = p.shape;
  bool padTiles = options.has(Realism::Tiles);
  double rowTiles = padTiles ? std::ceil(s.m / tile.m) : s.m / tile.m;
  double columnTiles = padTiles ? std::ceil(s.n / tile.n) : s.n / tile.n;
  plan.tiles = s.batch * rowTiles * columnTiles * splitK;
  plan.waves = options.has(Realism::Waves) ? std::ceil(plan.tiles / p.cores)
                                           : plan.tiles / p.cores;
  // Each split's share of the reduction, padded to the instruction's depth.
  double kPerTile =
      std::ceil(std::ceil(p.paddedK / splitK) / p.depth) * p.depth;
  // The arithmetic the cores run (waves x cores x one tile's) against the
  // problem's.
  double runWork = plan.waves * p.cores * tile.m * tile.n * kPerTile;
  double work = s.batch * s.m * s.n * s.k;
  c.tiled.utilization = std::min(1.0, work / runWork);
  plan.waveShare = plan.tiles / (plan.waves * p.cores);
  plan.tileShare = s.batch * s.m * s.n * splitK / plan.tiles / tile.m / tile.n;
  plan.alignmentShare = s.k / (kPerTile * splitK);
  double tTile = 2.0 * tile.m * tile.n * kPerTile / p.corePeak;
  double compute = plan.waves * tTile / p.computeEfficiency;

  if (options.has(Realism::Levels))
    addLevels(hardware, p, plan, kPerTile, options, plan.levels);
  // Device memory carries the unique bytes besides any read again.
  double slowest = std::max(
      compute, p.uniqueBytes / (hardware.memoryBandwidthBytesPerS.value *
                                p.memoryEfficiency));
  for (const LevelTraffic &level : plan.levels)
    slowest = std::max(slowest, level.seconds +
                                    (level.level == "dram"
                                         ? p.uniqueBytes / (level.bandwidth *
                                                            p.memoryEfficiency)
                                         : 0.0));
  // What no arithmetic hides. Where the device gives its library kernels'
  // fixed latency (dispatch, the first loads, the epilogue, the drain), that;
  // otherwise the first tiles' first loads: one latency of the level that
  // serves them. Later waves' loads overlap the tiles still running (a core
  // holds several). A split reduction sums its partial tiles in turn
  // (CUTLASS's serial split-K): each split after the first waits for the one
  // before, reads the partial from the level that serves the tiles and
  // writes the sum back, two latencies each.
  if (options.has(Realism::Overlap)) {
    const std::optional<SourcedValue> &latency =
        hardware.llcLatencyS ? hardware.llcLatencyS : hardware.memoryLatencyS;
    if (p.kernelLatency)
      c.tiled.exposed = *p.kernelLatency;
    else if (latency)
      c.tiled.exposed = latency->value;
    if (latency)
      c.tiled.exposed += (splitK - 1.0) * 2.0 * latency->value;
  }
  c.seconds = slowest + c.tiled.exposed;
  return c;
}

std::optional<TiledContraction>
mlsysim::planContraction(const HardwareSpec &hardware, const OpCost &cost,
                         ComputeUnit unit, double peakRate,
                         const RooflineOptions &options) {
  if (!cost.matrixShape || !hardware.matrixTiles || !hardware.cores ||
      !cost.elementType || !cost.elementType.isIntOrFloat())
    return std::nullopt;
  // Without any of the tiling's terms, the contraction is priced flat.
  unsigned tiling = static_cast<unsigned>(Realism::Waves) |
                    static_cast<unsigned>(Realism::Tiles) |
                    static_cast<unsigned>(Realism::Alignment) |
                    static_cast<unsigned>(Realism::Levels) |
                    static_cast<unsigned>(Realism::Overlap);
  if ((options.realism & tiling) == 0)
    return std::nullopt;
  Problem p;
  p.shape = *cost.matrixShape;
  const MatrixShape &s = p.shape;
  if (s.batch <= 0.0 || s.m <= 0.0 || s.n <= 0.0 || s.k <= 0.0)
    return std::nullopt;
  // Sub-byte types pack several elements to a byte.
  p.elementBytes = std::max(1u, cost.elementType.getIntOrFloatBitWidth()) / 8.0;
  double outputs = s.batch * s.m * s.n;
  p.outputBytes = cost.bytesWritten.toDouble() / outputs;
  p.uniqueBytes = cost.bytes().toDouble();
  p.paddedK = s.k;
  const HardwareSpec::MatrixTiles &tiles = *hardware.matrixTiles;
  if (unit == ComputeUnit::Matrix && tiles.instructionKBytes &&
      options.has(Realism::Alignment)) {
    p.depth = tiles.instructionKBytes->value / p.elementBytes;
    p.paddedK = std::ceil(s.k / p.depth) * p.depth;
  }
  p.cores = hardware.cores->value;
  p.corePeak = peakRate / p.cores;
  p.computeEfficiency = hardware.getComputeEfficiency(cost.opClass).value;
  p.memoryEfficiency = hardware.getMemoryEfficiency(cost.opClass).value;
  p.kernelLatency = hardware.getKernelLatency();

  std::optional<Candidate> best;
  auto consider = [&](HardwareSpec::TileShape tile) {
    for (double splitK : tiles.splitK) {
      // A split leaves each part at least one tile's depth of the
      // reduction (a main-loop step of 32 elements, CUTLASS's smallest).
      if (splitK > 1.0 && p.paddedK / splitK < 32.0)
        continue;
      Candidate c = priceCandidate(hardware, p, tile, splitK, options);
      // Ties go to the earlier candidate: the files list larger tiles
      // first, which the libraries prefer for their reuse.
      if (!best || c.seconds < best->seconds * (1.0 - 1e-9))
        best = std::move(c);
    }
  };
  for (HardwareSpec::TileShape tile : tiles.shapes)
    consider(tile);
  // A loop nest the IR already tiled may also run its own tiles, whole, one
  // work-group each (its trips' m x n): the compiler that lowers it picks
  // that or retiles each trip, whichever is faster. (Trips of one output
  // element each would otherwise pad to the library's smallest tile.)
  if (s.tiledByLoops)
    consider({s.m, s.n});
  return std::move(best->tiled);
}

llvm::SmallVector<RealismEffect, 7>
mlsysim::getRealismEffects(const RooflineEstimate &estimate) {
  llvm::SmallVector<RealismEffect, 7> effects;
  if (const std::optional<TilePlan> &tile = estimate.tile) {
    effects.push_back({Realism::Waves, 1.0 / tile->waveShare, std::nullopt});
    effects.push_back({Realism::Tiles, 1.0 / tile->tileShare, std::nullopt});
    effects.push_back(
        {Realism::Alignment, 1.0 / tile->alignmentShare, std::nullopt});
  }
  auto dram = llvm::find_if(estimate.levels, [&](const LevelTraffic &l) {
    return l.level == "dram";
  });
  if (estimate.levels.size() > 1 && dram != estimate.levels.end())
    effects.push_back({Realism::Levels, std::nullopt,
                       std::max(0.0, estimate.tMemory - dram->seconds)});
  if (estimate.tLatency > 0.0)
    effects.push_back(
        {Realism::SmallTransfer, std::nullopt, estimate.tLatency});
  if (estimate.tExposed > 0.0)
    effects.push_back({Realism::Overlap, std::nullopt, estimate.tExposed});
  if (estimate.tOverhead > 0.0)
    effects.push_back({Realism::Launch, std::nullopt, estimate.tOverhead});
  return effects;
}

llvm::Expected<unsigned> mlsysim::parseRealism(llvm::StringRef text) {
  text = text.trim();
  if (text.empty() || text == "all")
    return kAllRealism;
  if (text == "none")
    return 0u;
  llvm::SmallVector<llvm::StringRef> items;
  text.split(items, ',');
  unsigned keep = 0, drop = 0;
  for (llvm::StringRef item : items) {
    item = item.trim();
    bool negated = item.consume_front("no-");
    std::optional<Realism> term = parseEnum(kRealismNames, item);
    if (!term) {
      std::string names;
      for (const auto &entry : kRealismNames)
        names += (names.empty() ? "" : ", ") + entry.name.str();
      return llvm::createStringError(
          llvm::formatv("realism: unknown term '{0}'; expected all, none, or "
                        "a list of {1} (each may be written no-<term>)",
                        item, names)
              .str());
    }
    (negated ? drop : keep) |= static_cast<unsigned>(*term);
  }
  if (keep && drop)
    return llvm::createStringError(
        "realism: list the terms to price or the terms to leave out "
        "(no-<term>), not both");
  return keep ? keep : kAllRealism & ~drop;
}
