//===- Diagnosis.cpp - What limits a program, and what moves it -----------===//

#include "Diagnose.h"

#include "mlsysim/Pricing/Roofline.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <cmath>

using namespace mlsysim;

namespace {
/// Something that runs: a kernel of the compiled plan, or an op.
struct Unit {
  const PricedWork *work;
  OpClass opClass;
  llvm::ArrayRef<unsigned> ops;
  unsigned single = 0; ///< Storage for `ops` of an op unit.
  bool attention = false;
};
} // namespace

static WorkKind kindOf(const Unit &unit) {
  if (unit.attention)
    return WorkKind::Attention;
  switch (unit.opClass) {
  case OpClass::Convolution:
  case OpClass::DepthwiseConvolution:
    return WorkKind::Convolutions;
  case OpClass::Matmul:
    return WorkKind::Matmuls;
  case OpClass::Reduction:
    return WorkKind::Normalization;
  case OpClass::Pooling:
    return WorkKind::Pooling;
  case OpClass::DataMovement:
    return WorkKind::DataMovement;
  case OpClass::Collective:
    return WorkKind::Communication;
  case OpClass::Elementwise:
  case OpClass::Unclassified:
    return WorkKind::Elementwise;
  }
  llvm_unreachable("unknown op class");
}

/// The units to diagnose: `runUnits` are kernels of the compiled plan
/// (compiled execution) or op ids (eager and graph execution: an op in a
/// framework kernel stands for that kernel, counted once).
static std::vector<Unit> collectUnits(const PricedProgram &report,
                                      llvm::ArrayRef<unsigned> runUnits) {
  std::vector<Unit> units;
  units.reserve(runUnits.size());
  if (report.options.roofline.execution == ExecutionModel::Compiled) {
    for (unsigned index : runUnits) {
      const PricedKernel &kernel = report.kernels[index];
      units.push_back({&kernel, kernel.opClass, kernel.ops});
    }
    return units;
  }
  llvm::DenseSet<int> seen;
  for (unsigned id : runUnits) {
    int framework =
        report.frameworkKernelOf.empty() ? -1 : report.frameworkKernelOf[id];
    if (framework >= 0) {
      if (seen.insert(framework).second) {
        const PricedKernel &kernel = report.frameworkKernels[framework];
        units.push_back({&kernel, kernel.opClass, kernel.ops});
      }
      continue;
    }
    const PricedOp &op = report.ops[id];
    Unit unit{&op, op.opClass, {}};
    unit.single = op.id;
    units.push_back(unit);
  }
  for (Unit &unit : units)
    if (unit.ops.empty())
      unit.ops = llvm::ArrayRef<unsigned>(unit.single);
  return units;
}

/// The bytes fused attention kernels would move and the time they would
/// take: the traffic of the attention chain's ops to and from the rest of
/// the program only (the scores stay on chip), one launch per chain.
struct FlashEstimate {
  double bytes = 0.0, time = 0.0;
};

namespace {
/// The producer-consumer graph of the units (through ops outside any unit:
/// free views, folded ops).
struct UnitGraph {
  llvm::DenseMap<mlir::Operation *, unsigned> unitOfOp;
  std::vector<llvm::SmallVector<unsigned>> producers, consumers;

  UnitGraph(const PricedProgram &report, llvm::ArrayRef<Unit> units)
      : producers(units.size()), consumers(units.size()) {
    for (auto [index, unit] : llvm::enumerate(units))
      for (unsigned id : unit.ops)
        unitOfOp[report.ops[id].op] = index;
    for (auto [index, unit] : llvm::enumerate(units))
      for (unsigned id : unit.ops)
        for (mlir::Value operand : report.ops[id].op->getOperands()) {
          int producer = producerOf(operand);
          if (producer >= 0 && static_cast<unsigned>(producer) != index &&
              !llvm::is_contained(producers[index], producer)) {
            producers[index].push_back(producer);
            consumers[producer].push_back(index);
          }
        }
  }

  /// The unit that produces `value`, through ops outside every unit.
  int producerOf(mlir::Value value) const {
    while (mlir::Operation *def = value.getDefiningOp()) {
      auto it = unitOfOp.find(def);
      if (it != unitOfOp.end())
        return it->second;
      if (def->getNumOperands() == 0)
        return -1;
      value = def->getOperand(0);
    }
    return -1;
  }
};
} // namespace

/// Whether `unit` is a matmul of two activations (scores or values), not a
/// projection by weights.
static bool isActivationMatmul(const PricedProgram &report, const Unit &unit) {
  if (unit.opClass != OpClass::Matmul)
    return false;
  // The contraction itself, not its epilogue (a mask may be a constant).
  return llvm::all_of(unit.ops, [&](unsigned id) {
    return report.ops[id].opClass != OpClass::Matmul ||
           report.plan.records[id].weightBytes.isZero();
  });
}

/// From `start`, follows `edges` through at most four non-matmul units to
/// an activation matmul; returns the path (without `start`), or empty.
static llvm::SmallVector<unsigned>
findMatmul(const PricedProgram &report, llvm::ArrayRef<Unit> units,
           const std::vector<llvm::SmallVector<unsigned>> &edges,
           unsigned start) {
  llvm::SmallVector<unsigned> path;
  std::function<bool(unsigned, unsigned)> visit = [&](unsigned at,
                                                      unsigned depth) {
    for (unsigned next : edges[at]) {
      path.push_back(next);
      if (isActivationMatmul(report, units[next]))
        return true;
      if (depth < 4 && units[next].opClass != OpClass::Matmul &&
          units[next].opClass != OpClass::Convolution && visit(next, depth + 1))
        return true;
      path.pop_back();
    }
    return false;
  };
  visit(start, 0);
  return path;
}

/// Attention: a softmax (a reduction taking an exponential per element it
/// writes, where a norm takes one per row) between two matmuls of
/// activations, the first producing the scores it reads (through the
/// scaling and masking between), the second reading its probabilities.
/// Marks the chain's units and returns each chain.
static std::vector<llvm::SmallVector<unsigned>>
markAttention(const PricedProgram &report, std::vector<Unit> &units) {
  auto isSoftmax = [](const Unit &unit) {
    return !unit.attention && unit.opClass == OpClass::Reduction &&
           !unit.work->transcendentals.isZero() &&
           unit.work->transcendentals.toDouble() * 8 >=
               unit.work->bytesWritten.toDouble();
  };
  // The producer-consumer graph only when a softmax may head a chain.
  if (llvm::none_of(units, isSoftmax))
    return {};
  UnitGraph graph(report, units);
  std::vector<llvm::SmallVector<unsigned>> chains;
  for (auto [index, unit] : llvm::enumerate(units)) {
    if (!isSoftmax(unit))
      continue;
    llvm::SmallVector<unsigned> up =
        findMatmul(report, units, graph.producers, index);
    llvm::SmallVector<unsigned> down =
        findMatmul(report, units, graph.consumers, index);
    if (up.empty() || down.empty())
      continue;
    llvm::SmallVector<unsigned> chain(up.begin(), up.end());
    chain.push_back(index);
    chain.append(down.begin(), down.end());
    for (unsigned member : chain)
      units[member].attention = true;
    chains.push_back(std::move(chain));
  }
  return chains;
}

/// Whether `value` is read outside the chain (through ops of no unit:
/// views), or returned.
template <typename InChain>
static bool leavesChain(const UnitGraph &graph, mlir::Value value,
                        InChain inChain, unsigned depth = 0) {
  for (mlir::Operation *user : value.getUsers()) {
    auto it = graph.unitOfOp.find(user);
    if (it != graph.unitOfOp.end()) {
      if (!inChain(it->second))
        return true;
      continue;
    }
    if (user->getNumResults() == 0 || depth > 8)
      return true;
    for (mlir::Value result : user->getResults())
      if (leavesChain(graph, result, inChain, depth + 1))
        return true;
  }
  return false;
}

/// What fused attention kernels would move and take for `chains`: the
/// compute of their units, over the bytes their ops read from and write to
/// the rest of the program, plus one launch each.
static FlashEstimate
estimateFlash(const PricedProgram &report, llvm::ArrayRef<Unit> units,
              llvm::ArrayRef<llvm::SmallVector<unsigned>> chains) {
  FlashEstimate flash;
  // The graph only when there is a chain to follow through it.
  if (chains.empty())
    return flash;
  UnitGraph graph(report, units);
  for (const llvm::SmallVector<unsigned> &chain : chains) {
    double compute = 0, bytes = 0, launch = 0;
    auto inChain = [&](int unit) {
      return unit >= 0 && llvm::is_contained(chain, unit);
    };
    // The scores (and what else only the chain reads) are written once and
    // read once by each unit of the chain that reads them: that traffic
    // stays on chip.
    for (unsigned index : chain) {
      const PricedWork &work = *units[index].work;
      compute += work.roofline.tCompute;
      launch = std::max(launch, work.roofline.tOverhead);
      bytes += work.bytes().toDouble();
      bool leaves = false;
      for (unsigned id : units[index].ops)
        for (mlir::Value result : report.ops[id].op->getResults())
          leaves |= leavesChain(graph, result, inChain);
      if (leaves)
        continue;
      unsigned readers = llvm::count_if(graph.consumers[index], inChain);
      bytes -= work.bytesWritten.toDouble() * (1 + readers);
    }
    bytes = std::max(bytes, 0.0);
    flash.bytes += bytes;
    flash.time += getRooflineLatency(
        compute, getMemoryTime(*report.hardware, bytes, OpClass::Matmul),
        launch);
  }
  return flash;
}

/// The faster matrix peak the same arithmetic could use: the matrix unit at
/// the priced format when the vector unit priced it (f32 on a GPU whose
/// tensor cores start at tf32/f16), else the next narrower format it rates.
static std::optional<std::pair<ElementKind, double>>
fasterMatrixPeak(const HardwareSpec &hw, const PeakChoice &priced) {
  // Widest first: the format itself (vector-priced), tf32 for f32, then
  // narrower formats, bf16 beside f16.
  llvm::SmallVector<ElementKind> candidates;
  if (priced.unit != ComputeUnit::Matrix) {
    candidates.push_back(priced.kind);
    if (priced.kind == ElementKind::F32)
      candidates.push_back(ElementKind::TF32);
  }
  for (std::optional<ElementKind> k = narrowerElementKind(priced.kind); k;
       k = narrowerElementKind(*k)) {
    candidates.push_back(*k);
    if (*k == ElementKind::F16)
      candidates.push_back(ElementKind::BF16);
  }
  for (ElementKind kind : candidates) {
    auto it = hw.matrixPeaks.find(kind);
    if (it != hw.matrixPeaks.end() && it->second.value > priced.rate)
      return std::make_pair(kind, it->second.value);
  }
  return std::nullopt;
}

/// The sums over a kind's units that its lever reads.
namespace {
struct KindSums {
  double compute = 0, memory = 0, launch = 0, exposed = 0, arithmetic = 0,
         bytes = 0, weights = 0, slowest = 0, strided = 0, sent = 0, links = 0;
};
} // namespace

static KindSums sumUnits(const PricedProgram &report,
                         llvm::ArrayRef<const Unit *> units) {
  KindSums sums;
  for (const Unit *unit : units) {
    const RooflineEstimate &r = unit->work->roofline;
    sums.compute += r.tCompute;
    sums.memory += r.tMemory;
    sums.launch += r.tOverhead;
    sums.exposed += r.tExposed;
    sums.slowest += std::max(r.tCompute, r.tMemory);
    sums.arithmetic += (unit->work->flops + unit->work->intOps).toDouble();
    sums.bytes += unit->work->bytes().toDouble();
    sums.strided += r.tStrided;
    sums.sent += r.bytesCommunicated;
    sums.links += r.tCommunication;
    for (unsigned id : unit->ops)
      sums.weights += report.plan.records[id].weightBytes.toDouble();
  }
  return sums;
}

/// The lever of a memory-bound matrix kind that reads weights: the batch
/// that turns it compute-bound, or what 8x the batch buys.
static Lever weightsLever(const PricedProgram &report,
                          const WorkDiagnosis &work,
                          llvm::ArrayRef<const Unit *> units,
                          const KindSums &sums) {
  Lever lever;
  lever.bytes = sums.weights;
  lever.bytesBefore = sums.bytes;
  lever.batch = report.options.batch;
  // Compute grows with the batch, and so does the traffic but for the
  // weights: at k times the batch, k * compute >= weights + k * rest.
  double perFlop = sums.compute / sums.arithmetic,
         perByte = sums.memory / sums.bytes;
  double rest = sums.bytes - sums.weights;
  double gain = sums.arithmetic * perFlop - rest * perByte;
  if (gain > 0) {
    double k = sums.weights * perByte / gain;
    if (k <= 1) {
      lever.kind = LeverKind::NearRidge;
      return lever;
    }
    lever.kind = LeverKind::BatchToComputeBound;
    lever.factor = k;
    lever.batchTo = static_cast<int64_t>(std::ceil(k * report.options.batch));
    return lever;
  }
  // Their activations alone outweigh their compute: never compute-bound,
  // but more samples share one read of the weights.
  double weightTime = sums.weights * perByte, restTime = rest * perByte;
  double eight =
      std::max(8 * sums.compute, weightTime + 8 * restTime) + sums.launch;
  lever.kind = LeverKind::BatchThroughput;
  lever.batchTo = 8 * report.options.batch;
  lever.time = eight;
  lever.factor = 8 * work.time / eight;
  return lever;
}

/// The lever of a compute-bound matrix kind: a faster peak the same
/// arithmetic could use, else its efficiency.
static Lever peakLever(const PricedProgram &report,
                       llvm::ArrayRef<const Unit *> units) {
  // The op with the most arithmetic names the peak that priced them.
  const PricedOp *sample = nullptr;
  for (const Unit *unit : units)
    for (unsigned id : unit->ops) {
      const PricedOp &op = report.ops[id];
      if (op.roofline.peak &&
          (!sample || (op.flops + op.intOps).toDouble() >
                          (sample->flops + sample->intOps).toDouble()))
        sample = &op;
    }
  Lever lever;
  if (sample)
    if (auto faster =
            fasterMatrixPeak(*report.hardware, *sample->roofline.peak)) {
      const PeakChoice &priced = *sample->roofline.peak;
      double ratio = priced.rate / faster->second;
      for (const Unit *unit : units)
        lever.time += getScaledLatency(unit->work->roofline, ratio);
      lever.kind = LeverKind::FasterPeak;
      lever.priced = priced;
      lever.fasterKind = faster->first;
      lever.fasterRate = faster->second;
      lever.option =
          faster->first == ElementKind::TF32
              ? std::string("tf32=1")
              : "precision=" + stringifyElementKind(faster->first).str();
      return lever;
    }
  lever.kind = LeverKind::AtEfficiency;
  lever.unit = sample && sample->roofline.peak ? sample->roofline.peak->unit
                                               : ComputeUnit::Matrix;
  return lever;
}

/// The precision= that halves the widest floats `units` read or write
/// (f32 -> bf16, 16-bit -> fp8, 8-bit -> fp4), or empty when they move no
/// floats that a narrower precision= names.
static std::string halfWidthPrecision(const PricedProgram &report,
                                      llvm::ArrayRef<const Unit *> units) {
  unsigned widest = 0;
  auto visit = [&](mlir::Type type) {
    if (auto floatType =
            mlir::dyn_cast<mlir::FloatType>(mlir::getElementTypeOrSelf(type)))
      widest = std::max(widest, floatType.getWidth());
  };
  for (const Unit *unit : units)
    for (unsigned id : unit->ops) {
      mlir::Operation *op = report.ops[id].op;
      for (mlir::Type type : op->getOperandTypes())
        visit(type);
      for (mlir::Type type : op->getResultTypes())
        visit(type);
    }
  if (widest >= 32)
    return "precision=bf16";
  if (widest >= 16)
    return "precision=fp8";
  if (widest >= 8)
    return "precision=fp4";
  return "";
}

/// The lever of one kind of work, from its units.
static Lever leverOf(const PricedProgram &report, const WorkDiagnosis &work,
                     llvm::ArrayRef<const Unit *> units,
                     const FlashEstimate &flash) {
  const HardwareSpec &hw = *report.hardware;
  KindSums sums = sumUnits(report, units);
  Lever lever;
  bool matrix = work.kind == WorkKind::Convolutions ||
                work.kind == WorkKind::Matmuls ||
                work.kind == WorkKind::Attention;
  if (work.kind == WorkKind::Attention && flash.time > 0 &&
      flash.time < 0.9 * work.time) {
    lever.kind = LeverKind::FusedAttention;
    lever.bytes = flash.bytes;
    lever.bytesBefore = sums.bytes;
    lever.time = flash.time;
    return lever;
  }
  if (work.bound == Bound::Communication) {
    lever.kind = LeverKind::Communication;
    lever.bytes = sums.sent;
    lever.seconds = sums.links;
    return lever;
  }
  if (work.bound == Bound::Overhead) {
    lever.kind = LeverKind::Overhead;
    lever.seconds = sums.launch;
    lever.fixedSeconds = sums.exposed;
    lever.workSeconds = sums.slowest;
    return lever;
  }
  if (sums.strided > 0.5 * work.time) {
    // Waits on reads across rows (a device's strided_reads) dominate: the
    // layout is the lever, not the batch or the peak.
    lever.kind = LeverKind::StridedReads;
    lever.seconds = sums.strided;
    for (const Unit *unit : units) {
      const RooflineEstimate &r = unit->work->roofline;
      lever.time += getRooflineLatency(r.tCompute - r.tStrided, r.tMemory,
                                       r.tOverhead, r.tCommunication);
    }
    return lever;
  }
  if (matrix && work.bound == Bound::Compute && work.utilization < 0.75 &&
      hw.matrixTiles && hw.cores) {
    // Every core busy: the compute term at utilization 1.
    lever.kind = LeverKind::WaveQuantization;
    lever.utilization = work.utilization;
    for (const Unit *unit : units)
      lever.time += getScaledLatency(unit->work->roofline,
                                     unit->work->roofline.utilization);
    return lever;
  }
  if (matrix && work.bound == Bound::Memory && sums.arithmetic > 0 &&
      sums.weights > 0 && sums.compute > 0)
    return weightsLever(report, work, units, sums);
  if (matrix && work.bound == Bound::Compute)
    return peakLever(report, units);
  if (work.bound == Bound::Memory) {
    lever.kind = LeverKind::NarrowerData;
    lever.bytes = sums.bytes;
    lever.option = halfWidthPrecision(report, units);
    for (const Unit *unit : units)
      lever.time += getScaledLatency(unit->work->roofline, 1.0, 0.5);
    return lever;
  }
  lever.kind = LeverKind::LessWork;
  lever.unit = matrix ? ComputeUnit::Matrix : ComputeUnit::Vector;
  return lever;
}

Diagnosis mlsysim::diagnose(const PricedProgram &program,
                            llvm::ArrayRef<unsigned> runUnits,
                            const PricedTotals &totals, Count weightBytes,
                            llvm::StringRef func) {
  Diagnosis diagnosis;
  diagnosis.func = func.str();
  std::vector<Unit> units = collectUnits(program, runUnits);
  FlashEstimate flash =
      estimateFlash(program, units, markAttention(program, units));
  double compute = 0, memory = 0, launch = 0, communication = 0;
  std::map<WorkKind, std::vector<const Unit *>> byKind;
  for (const Unit &unit : units) {
    const RooflineEstimate &r = unit.work->roofline;
    if (r.tCommunication > std::max(r.tCompute, r.tMemory))
      communication += r.tCommunication;
    else
      (r.tCompute >= r.tMemory ? compute : memory) +=
          std::max(r.tCompute, r.tMemory);
    // The loads no arithmetic hides wait on memory.
    memory += r.tExposed;
    launch += r.tOverhead;
    byKind[kindOf(unit)].push_back(&unit);
  }
  diagnosis.latency = compute + memory + launch + communication;
  diagnosis.communicationShare = getShare(communication, diagnosis.latency);
  diagnosis.computeShare = getShare(compute, diagnosis.latency);
  diagnosis.memoryShare = getShare(memory, diagnosis.latency);
  diagnosis.launchShare = getShare(launch, diagnosis.latency);

  for (auto &[kind, members] : byKind) {
    WorkDiagnosis work;
    work.kind = kind;
    work.kernels = members.size();
    std::map<Bound, double> timeByBound;
    double matrixCompute = 0, idealMatrix = 0;
    for (const Unit *unit : members) {
      const RooflineEstimate &r = unit->work->roofline;
      work.time += r.latency;
      timeByBound[r.bound] += r.latency;
      if (r.utilization < 1.0 ||
          (r.peak && r.peak->unit == ComputeUnit::Matrix)) {
        matrixCompute += r.tCompute;
        idealMatrix += r.tCompute * r.utilization;
      }
    }
    work.share = getShare(work.time, diagnosis.latency);
    work.bound = std::max_element(timeByBound.begin(), timeByBound.end(),
                                  [](const auto &a, const auto &b) {
                                    return a.second < b.second;
                                  })
                     ->first;
    if (matrixCompute > 0)
      work.utilization = idealMatrix / matrixCompute;
    work.lever = leverOf(program, work, members, flash);
    diagnosis.kinds.push_back(std::move(work));
  }
  llvm::stable_sort(diagnosis.kinds,
                    [](const WorkDiagnosis &a, const WorkDiagnosis &b) {
                      return a.time > b.time;
                    });

  // Launches, against the other execution models.
  ExecutionModel headline = program.options.roofline.execution;
  LaunchDiagnosis &launches = diagnosis.launches;
  launches.model = headline;
  launches.kernels = totals.getExecution(headline).kernels;
  launches.perLaunch = program.hardware->getLaunchOverhead(headline).value;
  launches.time = launch;
  launches.share = diagnosis.launchShare;
  launches.other = headline == ExecutionModel::Compiled
                       ? ExecutionModel::Eager
                       : ExecutionModel::Compiled;
  ExecutionTotals other = totals.getExecution(launches.other);
  launches.otherKernels = other.kernels;
  launches.otherLatency = other.latency;

  // The weights, read at least once per run.
  double floor = getMemoryTime(*program.hardware, weightBytes.toDouble(),
                               OpClass::Unclassified);
  if (floor > 0.1 * diagnosis.latency && floor > 0)
    diagnosis.weights = WeightsFloor{weightBytes.toDouble(), floor,
                                     getShare(floor, diagnosis.latency)};
  return diagnosis;
}
