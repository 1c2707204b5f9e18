//===- DiagnosisText.cpp - The diagnosis in words -------------------------===//

#include "mlsysim/Reporting/DiagnosisText.h"

#include "mlsysim/Reporting/Units.h"

using namespace mlsysim;

/// What every kernel pays whatever its work (its launch, and its fixed
/// latency where the device gives one) against the work.
static void describeOverhead(const Lever &lever, llvm::raw_ostream &os) {
  bool fixed = lever.fixedSeconds > 0.0;
  os << "the launch overhead (" << formatSeconds(lever.seconds) << ")";
  if (fixed)
    os << " and the kernels' fixed latency ("
       << formatSeconds(lever.fixedSeconds) << ")";
  os << (fixed ? " outweigh" : " outweighs") << " the work ("
     << formatSeconds(lever.workSeconds)
     << "): fewer, larger kernels (fusion, a larger batch) amortize "
     << (fixed ? "them" : "it");
}

std::string mlsysim::describeLever(const Lever &lever,
                                   const HardwareSpec &hardware) {
  std::string text;
  llvm::raw_string_ostream os(text);
  switch (lever.kind) {
  case LeverKind::FusedAttention:
    os << "a fused attention kernel (FlashAttention-style, the scores stay "
          "on chip) would move "
       << formatQuantity(lever.bytes, "B") << " instead of "
       << formatQuantity(lever.bytesBefore, "B") << " and take "
       << formatSeconds(lever.time);
    break;
  case LeverKind::Communication:
    os << "each device sends " << formatQuantity(lever.bytes, "B")
       << " over the links (" << formatSeconds(lever.seconds)
       << "): faster links (another system) or fewer devices per "
          "collective move them; the sum assumes none of it overlaps "
          "compute";
    break;
  case LeverKind::Overhead:
    describeOverhead(lever, os);
    break;
  case LeverKind::StridedReads:
    os << formatSeconds(lever.seconds)
       << " of it waits on reads across the rows of inputs whose reduced "
          "dimension is outer ([k, n]), which the compiled code steps a row "
          "at a time: stored with it innermost ([n, k]; a weight transposed "
          "once) or packed by "
          "the compiler, the same work without those waits would take "
       << formatSeconds(lever.time);
    break;
  case LeverKind::WaveQuantization:
    os << "they keep " << formatPercent(lever.utilization)
       << " of the matrix unit busy: even the library's best tiles leave "
          "some of the "
       << formatFixed(hardware.cores->value, 0)
       << " cores idle or pad the problem (wave and tile quantization); "
          "with every core busy (more rows "
          "per run, a larger batch) the same work would take "
       << formatSeconds(lever.time);
    break;
  case LeverKind::BatchToComputeBound:
    os << formatQuantity(lever.bytes, "B") << " of their "
       << formatQuantity(lever.bytesBefore, "B")
       << " are weights: " << formatFixed(lever.factor, 1)
       << "x the samples per run (batch " << lever.batch << " -> "
       << lever.batchTo << ") "
       << (!lever.boundUnder || *lever.boundUnder == Bound::Compute
               ? "makes them compute-bound"
               : "takes their intensity to the ridge point (priced there, "
                 "they stay " +
                     stringifyBound(*lever.boundUnder).str() + "-bound)")
       << ", reusing the weights";
    if (!lever.option.empty())
      os << "; they would take " << formatSeconds(lever.time) << " ("
         << lever.option << " prices it)";
    break;
  case LeverKind::NearRidge:
    os << formatQuantity(lever.bytes, "B") << " of their "
       << formatQuantity(lever.bytesBefore, "B")
       << " are weights: already near the ridge";
    break;
  case LeverKind::BatchThroughput:
    os << formatQuantity(lever.bytes, "B") << " of their "
       << formatQuantity(lever.bytesBefore, "B")
       << " are weights: 8x the samples per run (batch " << lever.batch
       << " -> " << lever.batchTo << ") would take "
       << formatSeconds(lever.time) << ": " << formatFixed(lever.factor, 1)
       << "x the throughput (the weights are read once for all)";
    if (!lever.option.empty())
      os << " (" << lever.option << " prices it)";
    break;
  case LeverKind::FasterPeak:
    os << "compute-bound on the " << stringifyComputeUnit(lever.priced->unit)
       << " unit's " << stringifyElementKind(lever.priced->kind) << " peak ("
       << formatQuantity(lever.priced->rate, "FLOP/s") << "); in "
       << stringifyElementKind(lever.fasterKind) << " on the matrix unit ("
       << formatQuantity(lever.fasterRate, "FLOP/s") << ") they would take "
       << formatSeconds(lever.time) << " (" << lever.option << " prices it)";
    break;
  case LeverKind::AtEfficiency:
    os << "compute-bound on the " << stringifyComputeUnit(lever.unit)
       << " unit at its assumed efficiency: only less work moves them";
    break;
  case LeverKind::NarrowerData:
    os << "they move " << formatQuantity(lever.bytes, "B")
       << ": at half the element width they would take "
       << formatSeconds(lever.time) << " ("
       << (lever.option.empty() ? "precision=" : lever.option)
       << " prices it); fusing them into their neighbours removes round "
          "trips";
    break;
  case LeverKind::LessWork:
    os << "compute-bound on the " << stringifyComputeUnit(lever.unit)
       << " unit: only less work moves them";
    break;
  }
  return text;
}

std::string mlsysim::describeLaunches(const LaunchDiagnosis &launches) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << launches.kernels
     << (launches.kernels.isExact() && launches.kernels.getExact() == 1
             ? " kernel launch x "
             : " kernel launches x ")
     << formatSeconds(launches.perLaunch) << " = "
     << formatSeconds(launches.time) << " (" << formatPercent(launches.share)
     << " of the time)";
  if (launches.model == ExecutionModel::Compiled)
    os << "; eager execution would launch " << launches.otherKernels << " ("
       << formatSeconds(launches.otherLatency) << " in all)";
  else
    os << "; the compiled plan runs "
       << formatCount(launches.otherKernels, "kernel") << " ("
       << formatSeconds(launches.otherLatency) << " in all)";
  return text;
}

std::string mlsysim::describeWeights(const WeightsFloor &weights) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "the " << formatQuantity(weights.bytes, "B")
     << " of weights, read once per run, set a floor of "
     << formatSeconds(weights.floor) << " on this device";
  if (weights.share > 0)
    os << " (" << formatPercent(weights.share) << " of the predicted latency)";
  os << ": only fewer or narrower weights, or more samples per run, move it";
  return text;
}

std::string mlsysim::describeWeightsFound(const PeakMemory &footprint) {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto amount = [&] {
    os << formatCount(Count(footprint.weightValues), "value") << ", "
       << formatQuantity(footprint.parameterBytes.toDouble(), "B");
  };
  switch (footprint.weightsSource) {
  case WeightsSource::None:
    break;
  case WeightsSource::Tagged:
    os << "tagged (mlsysim.param): ";
    amount();
    break;
  case WeightsSource::Named:
    os << "named by weights=: ";
    amount();
    break;
  case WeightsSource::Inferred:
    os << "inferred: ";
    amount();
    os << " (arguments, constants or globals that a contraction reads as "
          "its stationary operand or a lookup indexes, or of static shape "
          "beside a dynamic batch; weights= overrides)";
    break;
  case WeightsSource::NotInferred:
    os << "could not be inferred (no contraction reads an argument, constant "
          "or global as its stationary operand; weights= names them)";
    break;
  }
  return text;
}
