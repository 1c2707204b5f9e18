//===- Report.h - The one model of a report ---------------------*- C++ -*-===//
//
// Every view (text, JSON, CSV, and the attributes of mlsysim-annotate) is
// printed from this model; none recomputes a cost. It joins the
// hardware-independent counts of CostAnalysis with the roofline on one device,
// in the FLOP convention the user asked for.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_REPORT_H
#define MLSYSIM_REPORTING_REPORT_H

#include "mlsysim/Analysis/CostAnalysis.h"
#include "mlsysim/Analysis/FusionPlanner.h"
#include "mlsysim/Analysis/Roofline.h"
#include "mlsysim/Hardware/HardwareSpec.h"

#include <map>
#include <memory>

namespace mlsysim {

/// What a report was asked for.
struct ReportOptions {
  CostOptions cost;
  RooflineOptions roofline;
  FlopConvention convention = FlopConvention::FMA2;
  /// Samples per run, for throughput (`batch=N`; 1 when unset).
  int64_t batch = 1;
  /// Plan and price fusion opportunities (Report::fusion).
  bool fusion = false;
};

/// One op of interest, priced.
struct OpReport {
  unsigned id = 0; ///< Position in program order.
  mlir::Operation *op = nullptr;
  std::string name; ///< e.g. `linalg.matmul`.
  std::string func; ///< Enclosing function's symbol name.
  std::string loc;  ///< `file:line:col`, or the location as printed.
  bool modeled = false;
  bool free = false; ///< Modeled, with no work and no traffic.
  std::string reason;
  Count multiplier = Count(1);
  bool tripCountUnknown = false;
  // Totals over all executions, FLOPs and integer ops in the convention.
  Count flops, intOps, transcendentals, bytesRead, bytesWritten;
  double intensity = 0.0;
  /// The peak that priced the arithmetic, in the convention (a MAC-convention
  /// peak is half the vendor's 2-FLOP figure); 0 for pure data movement.
  double peakRate = 0.0;
  std::string dtype; ///< The element type that priced the arithmetic.
  RooflineEstimate roofline;
  /// With a fusion plan: the index of the op's group in it, or -1 (none).
  std::optional<int> fusionGroup;

  Count bytes() const { return bytesRead + bytesWritten; }
  /// `matrix`, `vector`, `special-function`, or empty for data movement.
  std::string unit() const;
};

/// Sums over a set of ops (modeled ops only; unmodeled ones are counted).
struct ReportTotals {
  Count flops, intOps, transcendentals, bytesRead, bytesWritten;
  double tCompute = 0.0, tMemory = 0.0, tOverhead = 0.0;
  double latency = 0.0, roofline = 0.0;
  /// Predicted time of the ops each bound limits.
  double computeBoundTime = 0.0, memoryBoundTime = 0.0, overheadBoundTime = 0.0;
  unsigned numOps = 0, numModeled = 0, numFree = 0, numUnmodeled = 0;
  /// Kernel launches (modeled, non-free ops times their multiplier).
  Count launches;
  /// Arithmetic (FLOPs + integer ops, in the convention) per peak that
  /// priced it, with that peak's rate in the convention.
  std::map<std::pair<ComputeUnit, ElementKind>, std::pair<double, double>>
      workByPeak;

  void add(const OpReport &op);

  /// Predicted time of the ops `bound` limits, and its share of the latency.
  double getBoundTime(Bound bound) const;
  double getBoundShare(Bound bound) const;

  /// The peak that priced the most arithmetic (MFU is measured against it).
  std::optional<std::pair<ComputeUnit, ElementKind>> getDominantPeak() const;
  /// Model FLOPs utilization: all arithmetic over the predicted latency, as a
  /// fraction of the dominant peak; 0 when nothing runs.
  double getMFU() const;
};

/// The ops of one name that no model prices (one warning each).
struct UnmodeledSummary {
  std::string name;
  std::string reason; ///< Of the first one.
  mlir::Operation *first = nullptr;
  unsigned count = 0;
};

struct FunctionReport {
  std::string name;
  ReportTotals totals;
  /// Index in Report::footprints of the memory the function needs at once,
  /// or -1 (external functions).
  int64_t footprintIndex = -1;
  /// Position of the op at the peak of live memory, or -1.
  int64_t peakOpId = -1;
};

struct Report {
  std::shared_ptr<const HardwareSpec> hardware;
  ReportOptions options;
  std::vector<OpReport> ops;
  std::vector<FunctionReport> functions;
  ReportTotals totals;
  std::vector<UnmodeledSummary> unmodeled;
  /// Ops inside loops whose trip count is unknown (counted once per run of
  /// the loop), by loop.
  std::vector<mlir::Operation *> unknownTripCountLoops;
  /// Each function's memory needs, in program order.
  std::vector<PeakMemory> footprints;
  /// Fusion opportunities, when asked for (ReportOptions::fusion); groups
  /// hold op ids.
  std::optional<FusionPlan> fusion;

  /// Throughput in samples per second of a run of `totals`.
  double getThroughput(const ReportTotals &totals) const;
  /// Energy of a run of `totals`: TDP x predicted latency; std::nullopt
  /// when the device has no TDP.
  std::optional<double> getEnergy(const ReportTotals &totals) const;
  /// Whether a function's peak live bytes fit in device memory.
  bool fits(const PeakMemory &footprint) const;
  /// The ridge point of a unit and format in the report's FLOP convention.
  std::optional<double> getRidgePoint(ComputeUnit unit, ElementKind kind) const;
};

/// `part` as a fraction of `whole` (0 when `whole` is not positive): every
/// share a view prints.
double getShare(double part, double whole);
/// Samples per second of a run of `samples` taking `latency`.
double getThroughput(int64_t samples, double latency);
/// How many times faster `latency` is than `baseLatency` (0 when it takes no
/// time): every speedup a view prints.
double getSpeedup(double baseLatency, double latency);

/// Prices every record of `analysis` on `hardware`.
Report buildReport(const CostAnalysis &analysis,
                   std::shared_ptr<const HardwareSpec> hardware,
                   const ReportOptions &options);

/// `file:line:col` of the first file location inside `loc`, else the
/// location as MLIR prints it.
std::string formatLocation(mlir::Location loc);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_REPORT_H
