//===- Roofline.cpp - The roofline formula --------------------------------===//

#include "mlsysim/Pricing/Roofline.h"

#include "mlsysim/Pricing/Tiling.h"
#include "mlsysim/Support/EnumNames.h"

#include <algorithm>
#include <cmath>
#include <numeric>

using namespace mlsysim;

static constexpr EnumName<Bound> kBoundNames[] = {
    {Bound::Compute, "compute", "the arithmetic takes longest"},
    {Bound::Memory, "memory", "moving the bytes takes longest"},
    {Bound::Overhead, "overhead", "launching the kernel takes longest"},
    {Bound::Free, "free", "no work: a view or a constant"},
    {Bound::Communication, "communication",
     "moving data between devices takes longest"},
};

llvm::StringRef mlsysim::stringifyBound(Bound bound) {
  return stringifyEnum(kBoundNames, bound);
}

std::optional<PeakChoice> mlsysim::choosePeak(const HardwareSpec &hardware,
                                              bool matrixUnit,
                                              mlir::Type elementType,
                                              const RooflineOptions &options) {
  std::optional<ElementKind> kind = classifyElementType(elementType);
  if (!kind)
    return std::nullopt;
  auto find = [&](ComputeUnit unit,
                  ElementKind k) -> std::optional<PeakChoice> {
    const auto &table = hardware.peaks(unit);
    auto it = table.find(k);
    if (it == table.end())
      return std::nullopt;
    return PeakChoice{unit, k, it->second.value};
  };
  if (matrixUnit) {
    // f32 contractions use TF32 tensor cores only when the user allows it.
    if (*kind == ElementKind::F32 && options.allowTF32)
      if (auto peak = find(ComputeUnit::Matrix, ElementKind::TF32))
        return peak;
    if (auto peak = find(ComputeUnit::Matrix, *kind))
      return peak;
  }
  for (std::optional<ElementKind> k = kind; k; k = widerElementKind(*k))
    if (auto peak = find(ComputeUnit::Vector, *k))
      return peak;
  // Nothing as wide: the nearest narrower rate of the same family (i64 on a
  // GPU is priced at its i32 rate: optimistic, since it takes several i32
  // instructions).
  for (std::optional<ElementKind> k = narrowerElementKind(*kind); k;
       k = narrowerElementKind(*k))
    if (auto peak = find(ComputeUnit::Vector, *k))
      return peak;
  return std::nullopt;
}

/// The level whose bandwidth prices an op moving `footprint` bytes per run.
static MemoryLevel chooseMemoryLevel(const HardwareSpec &hardware,
                                     double footprint, MemoryLevel requested) {
  if (requested == MemoryLevel::DRAM || !hardware.llcBandwidthBytesPerS)
    return MemoryLevel::DRAM;
  if (requested == MemoryLevel::LLC)
    return MemoryLevel::LLC;
  return hardware.llcCapacityBytes &&
                 footprint <= hardware.llcCapacityBytes->value
             ? MemoryLevel::LLC
             : MemoryLevel::DRAM;
}

double mlsysim::peakInConvention(double rate, FlopConvention convention) {
  return convention == FlopConvention::MAC ? rate / 2 : rate;
}

std::optional<double> mlsysim::getRidgePoint(const HardwareSpec &hardware,
                                             ComputeUnit unit, ElementKind kind,
                                             FlopConvention convention) {
  const auto &table = hardware.peaks(unit);
  auto it = table.find(kind);
  if (it == table.end())
    return std::nullopt;
  return peakInConvention(it->second.value, convention) /
         hardware.memoryBandwidthBytesPerS.value;
}

double mlsysim::getShare(double part, double whole) {
  return whole > 0 ? part / whole : 0.0;
}

double mlsysim::arithmeticIntensity(Count ops, Count bytes) {
  return bytes.isZero() ? 0.0 : ops.toDouble() / bytes.toDouble();
}

TrafficTime mlsysim::priceTraffic(const HardwareSpec &hardware,
                                  double footprint, double runs,
                                  const RooflineOptions &options) {
  TrafficTime traffic;
  traffic.level = chooseMemoryLevel(hardware, footprint, options.memoryLevel);
  double bytes = footprint * runs;
  traffic.ideal = traffic.level == MemoryLevel::LLC
                      ? bytes / hardware.llcBandwidthBytesPerS->value
                      : bytes / hardware.memoryBandwidthBytesPerS.value;
  // With auto, a footprint F larger than the LLC (capacity C) still finds C
  // bytes there when it ran just before: only F - C come from device memory,
  // and all F pass through the LLC.
  if (options.memoryLevel == MemoryLevel::Auto &&
      traffic.level == MemoryLevel::DRAM && hardware.llcBandwidthBytesPerS &&
      hardware.llcCapacityBytes) {
    double capacity = hardware.llcCapacityBytes->value;
    traffic.ideal =
        runs * std::max((footprint - capacity) /
                            hardware.memoryBandwidthBytesPerS.value,
                        footprint / hardware.llcBandwidthBytesPerS->value);
  }
  return traffic;
}

/// The compute side of `runs` runs of an op of cost `cost`: its arithmetic
/// at the peak that applies, over the achievable efficiency (and the share
/// of the matrix unit its tiles keep busy), with its waits on strided reads,
/// and a collective's time on the links. `priced` is false (with the reason)
/// when no peak or no link prices it.
static RooflineEstimate priceCompute(const OpCost &cost, double runs,
                                     const HardwareSpec &hardware,
                                     const RooflineOptions &options) {
  RooflineEstimate estimate;
  double arithmetic = cost.arithmetic().toDouble() * runs;
  double transcendentals = cost.transcendentals.toDouble() * runs;

  double idealArithmetic = 0.0, idealSpecial = 0.0;
  std::optional<TiledContraction> tiled;
  if (arithmetic > 0.0 || transcendentals > 0.0) {
    mlir::Type type = cost.elementType;
    estimate.peak = type ? choosePeak(hardware, cost.matrixUnit, type, options)
                         : std::nullopt;
    if (!estimate.peak) {
      estimate.priced = false;
      estimate.reason = "the device rates no format for this element type";
      return estimate;
    }
    // A contraction runs in the tiles its library picks: too small a problem
    // leaves cores idle in its last wave, and its operands pass through the
    // levels inside device memory (Tiling.h).
    tiled = planContraction(hardware, cost, estimate.peak->unit,
                            estimate.peak->rate, options);
    // A problem the matrix unit's tiles would mostly pad (a reduction of 2,
    // a single row) runs faster as a vector kernel (a GEMV, an elementwise
    // loop): the library takes it when the vector peak beats the share of
    // the matrix peak its tiles keep busy.
    if (tiled && estimate.peak->unit == ComputeUnit::Matrix)
      if (std::optional<PeakChoice> vector =
              choosePeak(hardware, /*matrixUnit=*/false, type, options);
          vector && vector->rate > tiled->utilization * estimate.peak->rate) {
        estimate.peak = vector;
        tiled.reset();
        // Still a library kernel: its fixed latency stays.
        if (std::optional<double> latency = hardware.getKernelLatency();
            latency && options.has(Realism::Overlap))
          estimate.tExposed = *latency * runs;
      }
    idealArithmetic = arithmetic / estimate.peak->rate;
    if (transcendentals > 0.0) {
      // Without a special-function rate, a transcendental costs one vector
      // operation at the op's rate (optimistic; the device file says why).
      double rate = hardware.specialFunctionRate
                        ? hardware.specialFunctionRate->value
                        : estimate.peak->rate;
      idealSpecial = transcendentals / rate;
    }
    estimate.dominantUnit = idealSpecial > idealArithmetic
                                ? ComputeUnit::SpecialFunction
                                : estimate.peak->unit;
  }
  estimate.idealCompute = idealArithmetic + idealSpecial;
  if (tiled) {
    estimate.utilization = tiled->utilization;
    estimate.tExposed = tiled->exposed * runs;
    for (LevelTraffic &level : tiled->plan.levels) {
      level.bytes *= runs;
      level.lowerBound *= runs;
      level.seconds *= runs;
    }
    estimate.tile = std::move(tiled->plan);
  }

  // Code that reads an input across its rows vectorizes along them: its
  // arithmetic has its own efficiency, and it waits on those reads.
  estimate.tStrided = getStridedReadTime(hardware, cost) * runs;
  estimate.computeEfficiency =
      estimate.tStrided > 0.0
          ? hardware.stridedReads->computeEfficiency.value
          : hardware.getComputeEfficiency(cost.opClass).value;
  if (estimate.peak)
    estimate.computeEfficiency =
        std::min(estimate.computeEfficiency,
                 getAccumulatorChainShare(hardware, cost, estimate.peak->unit));
  estimate.tCompute = (idealArithmetic / estimate.utilization + idealSpecial) /
                          estimate.computeEfficiency +
                      estimate.tStrided;
  if (cost.collective) {
    CollectiveTime comm = priceCollective(*cost.collective, hardware,
                                          options.collectiveAlgorithm);
    if (!comm.priced) {
      estimate = RooflineEstimate();
      estimate.priced = false;
      estimate.reason = comm.reason;
      return estimate;
    }
    estimate.tCommunication = comm.seconds * runs;
    estimate.bytesCommunicated = comm.bytesSent * runs;
    estimate.collectiveAlgorithm = comm.algorithm;
  }
  return estimate;
}

/// Adds `recompute` times the levels of a part to a kernel's, level by
/// level.
static void addLevels(llvm::SmallVectorImpl<LevelTraffic> &kernel,
                      llvm::ArrayRef<LevelTraffic> part, double recompute) {
  for (const LevelTraffic &level : part) {
    auto it = llvm::find_if(
        kernel, [&](const LevelTraffic &l) { return l.level == level.level; });
    if (it == kernel.end())
      it = kernel.insert(kernel.end(),
                         {level.level, 0.0, 0.0, level.bandwidth, 0.0});
    it->bytes += level.bytes * recompute;
    it->lowerBound += level.lowerBound * recompute;
    it->seconds += level.seconds * recompute;
  }
}

/// Completes a kernel's levels with its own traffic (`bytes` at the level
/// `traffic` names) and sets its memory term to the slowest level: device
/// memory carries at least the kernel's inputs and outputs, and more when a
/// contraction's operands overflow the last-level cache.
static void settleLevels(RooflineEstimate &kernel, const HardwareSpec &hardware,
                         const TrafficTime &traffic, double bytes) {
  llvm::StringRef name = traffic.level == MemoryLevel::LLC
                             ? hardware.getLLCName()
                             : llvm::StringRef("dram");
  if (traffic.level == MemoryLevel::LLC)
    // Every op reads the cache (memory-level=llc): no traffic beyond it.
    llvm::erase_if(kernel.levels,
                   [](const LevelTraffic &l) { return l.level == "dram"; });
  auto it = llvm::find_if(
      kernel.levels, [&](const LevelTraffic &l) { return l.level == name; });
  if (it == kernel.levels.end())
    it = kernel.levels.insert(kernel.levels.end(),
                              {name, 0.0, 0.0,
                               traffic.level == MemoryLevel::LLC
                                   ? hardware.llcBandwidthBytesPerS->value
                                   : hardware.memoryBandwidthBytesPerS.value,
                               0.0});
  // The parts' operands read again come on top of the kernel's own traffic.
  it->bytes += bytes;
  it->seconds += kernel.tMemory;
  kernel.tMemory = it->seconds;
  kernel.boundLevel = name;
  for (const LevelTraffic &level : kernel.levels)
    if (level.seconds > kernel.tMemory) {
      kernel.tMemory = level.seconds;
      kernel.boundLevel = level.level;
    }
}

RooflineEstimate mlsysim::priceKernel(llvm::ArrayRef<KernelPart> parts,
                                      double bytesPerRun, double runs,
                                      OpClass opClass, bool launches,
                                      const HardwareSpec &hardware,
                                      const RooflineOptions &options) {
  RooflineEstimate kernel;
  // The part with the most compute names the peak, the unit and the
  // efficiency behind the kernel's compute term.
  double mostCompute = -1.0;
  for (const KernelPart &part : parts) {
    const RooflineEstimate &p = *part.compute;
    kernel.tCompute += p.tCompute * part.recompute;
    kernel.tStrided += p.tStrided * part.recompute;
    kernel.idealCompute += p.idealCompute * part.recompute;
    // One kernel, one dispatch and drain: its fixed latency once.
    kernel.tExposed = std::max(kernel.tExposed, p.tExposed);
    if (p.tile)
      addLevels(kernel.levels, p.tile->levels, part.recompute);
    // A collective (always a kernel of its own) keeps its links' time.
    kernel.tCommunication += p.tCommunication;
    kernel.bytesCommunicated += p.bytesCommunicated;
    if (p.collectiveAlgorithm)
      kernel.collectiveAlgorithm = p.collectiveAlgorithm;
    if (p.tCompute * part.recompute > mostCompute) {
      mostCompute = p.tCompute * part.recompute;
      kernel.peak = p.peak;
      kernel.dominantUnit = p.dominantUnit;
      kernel.utilization = p.utilization;
      kernel.computeEfficiency = p.computeEfficiency;
      kernel.tile = p.tile;
    }
  }
  // Its traffic at the achievable bandwidth of its class, and its launches.
  TrafficTime traffic = priceTraffic(hardware, bytesPerRun, runs, options);
  kernel.memoryLevel = traffic.level;
  kernel.idealMemory = traffic.ideal;
  kernel.memoryEfficiency = hardware.getMemoryEfficiency(opClass).value;
  kernel.tMemory = traffic.ideal / kernel.memoryEfficiency;
  // A transfer waits one latency of its level before its first byte.
  const std::optional<SourcedValue> &latency = traffic.level == MemoryLevel::LLC
                                                   ? hardware.llcLatencyS
                                                   : hardware.memoryLatencyS;
  // Accesses that launch no kernel of their own (a scalar read) run inside
  // another kernel's stream.
  if (latency && options.has(Realism::SmallTransfer) && launches &&
      bytesPerRun > 0.0) {
    kernel.tLatency = latency->value * runs;
    kernel.tMemory += kernel.tLatency;
  }
  settleLevels(kernel, hardware, traffic, bytesPerRun * runs);
  kernel.execution = options.execution;
  kernel.tOverhead = launches && options.has(Realism::Launch)
                         ? getLaunchTime(hardware, runs, options)
                         : 0.0;
  // The links have no efficiency term: their time is the ideal's too.
  kernel.roofline = std::max(
      {kernel.idealCompute, kernel.idealMemory, kernel.tCommunication});
  settleRoofline(kernel);
  return kernel;
}

RooflineEstimate mlsysim::estimateRoofline(const OpCost &cost, Count multiplier,
                                           const HardwareSpec &hardware,
                                           const RooflineOptions &options) {
  if (cost.isFree() || multiplier.isZero())
    return RooflineEstimate(); // Bound::Free, all zero: no kernel runs.
  double runs = multiplier.toDouble();
  RooflineEstimate compute = priceCompute(cost, runs, hardware, options);
  if (!compute.priced)
    return compute;
  return priceKernel({{&compute, 1.0}}, cost.bytes().toDouble(), runs,
                     cost.opClass, cost.launchesKernel, hardware, options);
}

/// The read rate of the smallest level of `hardware` that holds `bytes`.
static double servingBandwidth(const HardwareSpec &hardware, double bytes) {
  if (hardware.scratchpadBandwidthBytesPerS &&
      bytes <= hardware.scratchpadPerCoreBytes->value * hardware.cores->value)
    return hardware.scratchpadBandwidthBytesPerS->value;
  if (hardware.llcBandwidthBytesPerS && hardware.llcCapacityBytes &&
      bytes <= hardware.llcCapacityBytes->value)
    return hardware.llcBandwidthBytesPerS->value;
  return hardware.memoryBandwidthBytesPerS.value;
}

/// Whether the per-core level's sets hold `rows` rows of `rowBytes`
/// contiguous bytes each, `strideBytes` apart. A row starts every
/// stride/line sets (modulo the level's sets), so rows of a stride that
/// shares a large factor with the sets land in few of them: 4 KiB rows
/// of 256 B (a 64-float tile) reach 1/16 of a 2 MiB 16-way L2, 128 KiB of it.
/// True when the level's organization is not known.
static bool setsHoldRows(const HardwareSpec &hardware, double rows,
                         double rowBytes, double strideBytes) {
  if (!hardware.scratchpadWays || !hardware.cacheLineBytes)
    return true;
  double line = hardware.cacheLineBytes->value;
  double ways = hardware.scratchpadWays->value;
  // Rounded: a file may write a 2 MiB level to 6 digits (2.09715e+06).
  double sets =
      std::round(hardware.scratchpadPerCoreBytes->value / (ways * line));
  // Strides that are not whole lines spread their rows over every set.
  if (sets < 1.0 || std::fmod(strideBytes, line) != 0.0 || sets > 1e15 ||
      strideBytes / line > 1e15)
    return true;
  uint64_t setCount = static_cast<uint64_t>(sets);
  uint64_t step = static_cast<uint64_t>(strideBytes / line) % setCount;
  // Rows start at multiples of gcd(step, sets): sets / gcd starting sets,
  // each followed by the row's other lines.
  uint64_t spacing = step == 0 ? setCount : std::gcd(step, setCount);
  double rowLines = std::ceil(rowBytes / line);
  double reached = std::min(sets, double(setCount / spacing) *
                                      std::min(rowLines, double(spacing)));
  return rows * rowLines <= reached * ways;
}

double mlsysim::getStridedVisitTime(const HardwareSpec &hardware,
                                    double footprint) {
  const auto &visits = hardware.stridedVisits;
  if (visits.empty())
    return 0.0;
  if (footprint <= visits.front().footprintBytes.value)
    return visits.front().seconds.value;
  if (footprint >= visits.back().footprintBytes.value)
    return visits.back().seconds.value;
  // Linear in log2(footprint) between the two measured points around it.
  auto above =
      llvm::upper_bound(visits, footprint, [](double f, const auto &v) {
        return f < v.footprintBytes.value;
      });
  const auto &hi = *above, &lo = *std::prev(above);
  double t = std::log2(footprint / lo.footprintBytes.value) /
             std::log2(hi.footprintBytes.value / lo.footprintBytes.value);
  return lo.seconds.value + t * (hi.seconds.value - lo.seconds.value);
}

double mlsysim::getStridedReadTime(const HardwareSpec &hardware,
                                   const OpCost &cost) {
  if (!hardware.stridedReads)
    return 0.0;
  const HardwareSpec::StridedReads &reads = *hardware.stridedReads;
  // Validated with the section: the tiles that re-read each operand.
  const HardwareSpec::RegisterTiling &tiling = *hardware.registerTiling;
  double seconds = 0.0;
  for (const StridedOperand &operand : cost.stridedOperands) {
    // The tiles along the loops that re-read the operand.
    double extent = operand.rereadExtent;
    bool alongM = operand.rereadAlongM;
    double tile = (alongM ? tiling.tileM : tiling.tileN).value;
    double registerTile =
        (alongM ? tiling.registerTileM : tiling.registerTileN).value;
    double otherTile = (alongM ? tiling.tileN : tiling.tileM).value;
    double tiles = std::ceil(extent / tile);
    double registerPasses =
        tiles * (std::ceil(std::min(extent, tile) / registerTile) - 1.0);
    double pageShare =
        std::min(1.0, operand.strideBytes / reads.pageBytes.value);
    // An output tile's panels: its rows of one operand and columns of the
    // other, along the whole reduction.
    double panels =
        operand.reductionExtent * (tile + otherTile) * operand.elementBytes;
    double panel = operand.reductionExtent * otherTile * operand.elementBytes;
    // The register tiles re-read this operand's panel (its rows along the
    // reduction, the other tile's width each) from the per-core level when
    // the panels fit there, by size and by the sets its rows land in.
    bool innerFits =
        hardware.scratchpadPerCoreBytes &&
        panels <= hardware.scratchpadPerCoreBytes->value &&
        setsHoldRows(hardware, operand.reductionExtent,
                     otherTile * operand.elementBytes, operand.strideBytes);
    if (!hardware.stridedVisits.empty()) {
      // Measured visits: each pass visits every line of the operand, a row
      // apart; the register tiles' passes at the panel's footprint when it
      // stays in the per-core level.
      double lines = operand.bytes / hardware.cacheLineBytes->value;
      double whole = getStridedVisitTime(hardware, operand.bytes);
      double inner = innerFits ? getStridedVisitTime(hardware, panel) : whole;
      seconds += lines * pageShare * (tiles * whole + registerPasses * inner) /
                 reads.efficiency.value;
      continue;
    }
    double whole = servingBandwidth(hardware, operand.bytes);
    double inner = innerFits && hardware.scratchpadBandwidthBytesPerS
                       ? hardware.scratchpadBandwidthBytesPerS->value
                       : whole;
    seconds += operand.bytes * pageShare *
               (tiles / whole + registerPasses / inner) /
               reads.efficiency.value;
  }
  return seconds;
}

double mlsysim::getAccumulatorChainShare(const HardwareSpec &hardware,
                                         const OpCost &cost, ComputeUnit unit) {
  if (!hardware.registerTiling || !hardware.fmaChains ||
      unit != ComputeUnit::Vector || cost.opClass != OpClass::Matmul ||
      !cost.matrixShape || !cost.elementType ||
      !cost.elementType.isIntOrFloat())
    return 1.0;
  const HardwareSpec::RegisterTiling &tiling = *hardware.registerTiling;
  double m = cost.matrixShape->m;
  double rows = tiling.registerTileM.value;
  if (tiling.unalignedRegisterTileM && std::fmod(m, rows) != 0.0)
    rows = tiling.unalignedRegisterTileM->value;
  // A tile has no more rows than the matmul (a matrix-vector product has 1).
  rows = std::max(1.0, std::min(rows, m));
  // Sub-byte types pack several elements to a byte.
  double elementBytes =
      std::max(1u, cost.elementType.getIntOrFloatBitWidth()) / 8.0;
  double lanes =
      std::max(1.0, hardware.vectorRegisterBytes->value / elementBytes);
  double chains = rows * std::ceil(tiling.registerTileN.value / lanes);
  return std::min(1.0, chains / hardware.fmaChains->value);
}

double mlsysim::getLaunchTime(const HardwareSpec &hardware, double runs,
                              const RooflineOptions &options) {
  return hardware.getLaunchOverhead(options.execution).value * runs;
}

std::string mlsysim::getBoundName(const RooflineEstimate &estimate) {
  if (estimate.bound != Bound::Memory)
    return stringifyBound(estimate.bound).str();
  return ("memory:" + estimate.boundLevel).str();
}

void mlsysim::settleRoofline(RooflineEstimate &estimate) {
  double slowest =
      std::max({estimate.tCompute, estimate.tMemory, estimate.tCommunication});
  estimate.latency = slowest + estimate.tExposed + estimate.tOverhead;
  // What every kernel pays whatever its work (its launch, and what no
  // arithmetic hides: its fixed latency) outweighs the work: only fewer
  // kernels move it.
  if (estimate.tOverhead + estimate.tExposed > slowest)
    estimate.bound = Bound::Overhead;
  else if (estimate.tCommunication == slowest && slowest > 0.0)
    estimate.bound = Bound::Communication;
  else
    // Stalls on strided reads are waits on memory: memory-bound when they
    // outweigh the arithmetic.
    estimate.bound = estimate.tCompute >= estimate.tMemory &&
                             !isBoundByStridedReads(estimate)
                         ? Bound::Compute
                         : Bound::Memory;
}

bool mlsysim::isBoundByStridedReads(const RooflineEstimate &estimate) {
  return estimate.tStrided * 2.0 > estimate.tCompute &&
         estimate.tCompute >= estimate.tMemory;
}

double mlsysim::getRooflineLatency(double tCompute, double tMemory,
                                   double tOverhead, double tCommunication) {
  RooflineEstimate estimate;
  estimate.tCompute = tCompute;
  estimate.tMemory = tMemory;
  estimate.tOverhead = tOverhead;
  estimate.tCommunication = tCommunication;
  settleRoofline(estimate);
  return estimate.latency;
}

double mlsysim::getScaledLatency(const RooflineEstimate &estimate,
                                 double computeScale, double memoryScale) {
  return getRooflineLatency(estimate.tCompute * computeScale,
                            estimate.tMemory * memoryScale, estimate.tOverhead,
                            estimate.tCommunication);
}

double mlsysim::getMemoryTime(const HardwareSpec &hardware, double bytes,
                              OpClass opClass) {
  // A kernel of no arithmetic and no launch, at device memory.
  RooflineOptions dram;
  return priceKernel({}, bytes, 1.0, opClass, /*launches=*/false, hardware,
                     dram)
      .tMemory;
}
