//===- PricedProgram.h - The one model of a report ---------------------*- C++
//-*-===//
//
// Every view (text, JSON, CSV, and the attributes of mlsysim-annotate) is
// printed from this model; none recomputes a cost. It joins the
// hardware-independent counts of CostAnalysis with the roofline on one device,
// in the FLOP convention the user asked for.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_PRICEDPROGRAM_H
#define MLSYSIM_PRICING_PRICEDPROGRAM_H

#include "mlsysim/Analysis/CostAnalysis.h"
#include "mlsysim/Analysis/SymbolicCost.h"
#include "mlsysim/Hardware/HardwareSpec.h"
#include "mlsysim/Pricing/Diagnosis.h"
#include "mlsysim/Pricing/FusionPlan.h"
#include "mlsysim/Pricing/ProfileOverlay.h"
#include "mlsysim/Pricing/Serving.h"
#include "mlsysim/Pricing/Training.h"

#include "llvm/Support/Allocator.h"

#include <map>
#include <memory>

namespace mlsysim {

/// What a report was asked for.
struct PricingOptions {
  CostOptions cost;
  /// Which peaks and memory level apply, and the execution model behind the
  /// headline latency (`roofline.execution`).
  RooflineOptions roofline;
  FlopConvention convention = FlopConvention::FMA2;
  /// Samples per run, for throughput (`batch=N`; 1 when unset).
  int64_t batch = 1;
  /// List the fusion opportunities (the groups of the compiled plan, ranked
  /// by time saved) in the views.
  bool fusion = true;
  /// The compiled plan has the library's own kernels
  /// (FusionOptions::libraryKernels).
  bool libraryKernels = true;
  /// Print every op in the text view (`ops=all`), not only the kernels that
  /// take longest.
  bool allOps = false;
  /// Collectives run on a stream of their own (as NCCL's do) and overlap
  /// the kernels that neither feed them nor read them (`overlap=1`);
  /// otherwise every kernel runs after the one before.
  bool overlapCommunication = false;
};

/// The work counters a report sums (totals over all executions, FLOPs and
/// integer ops in the report's convention), added field by field in one
/// place.
struct WorkCounts {
  Count flops, intOps, transcendentals;

  void addWork(const WorkCounts &other) {
    flops += other.flops;
    intOps += other.intOps;
    transcendentals += other.transcendentals;
  }
};

/// Work, traffic and time of something that runs: an op, or a kernel of the
/// compiled plan.
struct PricedWork : WorkCounts {
  Count multiplier = Count(1);
  Count bytesRead, bytesWritten;
  double intensity = 0.0;
  /// The peak that priced the arithmetic, in the convention (a MAC-convention
  /// peak is half the vendor's 2-FLOP figure); 0 for pure data movement.
  double peakRate = 0.0;
  RooflineEstimate roofline;
  /// Its latency's share of the program's predicted latency.
  double share = 0.0;
  /// The arithmetic it achieves: FLOPs and integer ops (in the convention)
  /// per second of its latency; 0 when it does none or takes no time.
  double achievedRate = 0.0;
  /// When it starts, in seconds, on the module's timeline: the functions
  /// one after another, each's ops (or, for kernels, the compiled plan's
  /// kernels) in program order, each after the one before (the trace view's
  /// schedule; it ends at the sum of their latencies).
  double start = 0.0;

  Count bytes() const { return bytesRead + bytesWritten; }
  /// `matrix`, `vector`, `special-function`, or empty for data movement.
  llvm::StringRef unit() const;
};

/// One op of interest, priced as its own kernel under the report's execution
/// model.
struct PricedOp : PricedWork {
  unsigned id = 0; ///< Position in program order.
  mlir::Operation *op = nullptr;
  // Borrowed: the name and the function's from the IR (as `op` is), the
  // location from the report's `text`. A large report has tens of thousands
  // of ops, and a string of their own each was a heap block to make and free.
  llvm::StringRef name; ///< e.g. `linalg.matmul`.
  llvm::StringRef func; ///< Enclosing function's symbol name.
  llvm::StringRef loc;  ///< `file:line:col`, or the location as printed.
  bool modeled = false;
  bool free = false; ///< Modeled, with no work and no traffic.
  /// Modeled from part of what it does; `reason` says what is missing.
  bool approximate = false;
  /// Depends on weights alone: a compiler computes it once, not per run
  /// (compiled execution only).
  bool folded = false;
  std::string reason;
  bool tripCountUnknown = false;
  std::string dtype; ///< The element type that priced the arithmetic.
  OpClass opClass = OpClass::Unclassified;
  /// The index of the op's group in the fusion plan, or -1 (none).
  int fusionGroup = -1;
  /// The kernel of the compiled plan that runs the op, or -1 (free, folded
  /// or unmodeled ops).
  int kernel = -1;
  /// Its latency's share of its function's ops, each priced as its own
  /// kernel (PricedFunction::opTime).
  double functionShare = 0.0;
};

/// One kernel of the compiled plan: a fusion group or a single op.
struct PricedKernel : PricedWork {
  unsigned id = 0;
  std::string func;
  /// The ops it runs (report op ids, program order).
  std::vector<unsigned> ops;
  /// The group's kind, or none for a single op.
  std::optional<FusionKind> kind;
  OpClass opClass = OpClass::Unclassified;
  /// Its latency's share of its function's compiled latency.
  double functionShare = 0.0;
};

/// The predicted latency of a run under one execution model.
struct ExecutionTotals {
  double latency = 0.0;
  /// Kernel launches per run (ops or kernels times their multipliers).
  Count kernels;
};

/// Sums over a set of ops (modeled ops only; unmodeled ones are counted).
/// The work (WorkCounts) is that of the ops as written, whatever runs them.
struct PricedTotals : WorkCounts {
  /// What runs under the headline execution model (the ops, or the kernels
  /// of the compiled plan): its traffic and time.
  Count bytesRead, bytesWritten;
  double tCompute = 0.0, tMemory = 0.0, tOverhead = 0.0;
  double latency = 0.0;
  /// Each op at peak: the ops as written, each its own kernel at the
  /// roofline (no efficiency, no launch), whatever the execution model.
  double roofline = 0.0;
  /// The collectives' time on the links, and the bytes a device sends.
  double tCommunication = 0.0, bytesCommunicated = 0.0;
  /// The time overlap=1 hides: the sum of what runs minus its schedule on
  /// two streams (latency is then the schedule's).
  double hiddenTime = 0.0;
  /// Predicted time of the ops (or kernels) each bound limits.
  double computeBoundTime = 0.0, memoryBoundTime = 0.0, overheadBoundTime = 0.0,
         communicationBoundTime = 0.0;
  unsigned numOps = 0, numModeled = 0, numFree = 0, numUnmodeled = 0,
           numFolded = 0, numApproximate = 0;
  /// Kernel launches per run under the headline execution model.
  Count launches;
  /// Arithmetic (FLOPs + integer ops, in the convention) per peak that
  /// priced it, with that peak's rate in the convention.
  std::map<std::pair<ComputeUnit, ElementKind>, std::pair<double, double>>
      workByPeak;

  /// Counts `op` and its work (as written, whatever runs it).
  void add(const PricedOp &op);
  /// Adds the time of something that runs under the headline execution
  /// model (an op in eager and graph execution, a kernel in compiled).
  void addTime(const PricedWork &unit);
  /// Latency and kernel launches under each execution model.
  std::map<ExecutionModel, ExecutionTotals> byExecution;
  /// The entry of `model` (zero when nothing runs).
  ExecutionTotals getExecution(ExecutionModel model) const;

  /// Predicted time of the ops `bound` limits, and its share of the latency.
  double getBoundTime(Bound bound) const;
  double getBoundShare(Bound bound) const;
  /// The bound that limits the most time (Free when nothing runs).
  Bound getMainBound() const;

  /// Whether the latency is a prediction: false when ops no model prices
  /// left nothing priced (a zero would then read as "free"). With some ops
  /// unmodeled and others priced, the latency is a lower bound.
  bool isLatencyKnown() const;

  /// The peak that priced the most arithmetic (MFU is measured against it).
  std::optional<std::pair<ComputeUnit, ElementKind>> getDominantPeak() const;
  /// Model FLOPs utilization: all arithmetic over the predicted latency, as a
  /// fraction of the dominant peak; 0 when nothing runs.
  double getMFU() const;
};

/// The ops of one name that share a caveat: no model prices them, or they
/// are priced from part of what they do (one warning each).
struct CaveatSummary {
  std::string name;
  std::string reason; ///< Of the first one.
  mlir::Operation *first = nullptr;
  unsigned count = 0;
};

struct PricedFunction {
  std::string name;
  PricedTotals totals;
  /// Index in PricedProgram::footprints of the memory the function needs at
  /// once, or -1 (external functions).
  int64_t footprintIndex = -1;
  /// Position of the op at the peak of live memory, or -1.
  int64_t peakOpId = -1;
  /// Its fusion bounds (as written, as planned, fully fused), when the plan
  /// priced it.
  std::optional<FusionBound> fusionBound;
  /// What limits it, and what moves it.
  Diagnosis diagnosis;
  /// The sum of its ops' latencies, each priced as its own kernel.
  double opTime = 0.0;
  /// Its share of the module's predicted time.
  double share = 0.0;
};

/// Where a bound takes over for good as one symbol grows (the others held at
/// the report's binding): from `value` on, the compute term exceeds the
/// memory term (an op), or compute-bound time exceeds memory-bound time (a
/// function, each op its own kernel), or the reverse.
struct SymbolicCrossover {
  unsigned symbol = 0;
  /// The bound from `value` on (Compute or Memory), and the one below it.
  Bound from = Bound::Compute, below = Bound::Memory;
  int64_t value = 1;
};

/// The largest value of a symbol at which a function's peak memory fits the
/// device (the others held at the binding); none when it does not fit at 1,
/// `unbounded` when it fits at every value tried (up to 2^40).
struct SymbolicFit {
  unsigned symbol = 0;
  std::optional<int64_t> largest;
  bool unbounded = false;
};

/// The symbolic costs on one device: what depends on the device.
struct SymbolicFindings {
  /// The values the symbols are held at while one of them varies: the
  /// report's binding (dynamic-dim=, batch=), else 1.
  SymbolBinding binding;
  /// By op id.
  std::vector<std::vector<SymbolicCrossover>> ops;
  std::map<std::string, std::vector<SymbolicCrossover>> functions;
  std::map<std::string, std::vector<SymbolicFit>> fits;
};

struct PricedProgram {
  std::shared_ptr<const HardwareSpec> hardware;
  /// The text the ops' locations are formatted into; shared, so that a copy
  /// of the report reads the same text.
  std::shared_ptr<llvm::BumpPtrAllocator> text =
      std::make_shared<llvm::BumpPtrAllocator>();
  PricingOptions options;
  std::vector<PricedOp> ops;
  std::vector<PricedFunction> functions;
  /// Positions in `functions`, costliest (predicted time) first; ties in
  /// the order written.
  std::vector<unsigned> functionsByCost;
  PricedTotals totals;
  std::vector<CaveatSummary> unmodeled;
  /// Ops priced from part of what they do (`PricedOp::approximate`).
  std::vector<CaveatSummary> approximate;
  /// Ops inside loops whose trip count is unknown (counted once per run of
  /// the loop), by loop.
  std::vector<mlir::Operation *> unknownTripCountLoops;
  /// Each function's memory needs, in program order.
  std::vector<PeakMemory> footprints;
  /// The compiled plan: its groups (the fusion opportunities, ranked by time
  /// saved; they hold op ids), the folded ops and each function's bounds.
  FusionPlan plan;
  /// The kernels of the compiled plan, in program order of their first op.
  std::vector<PricedKernel> kernels;
  /// The kernels an eager framework launches, when the IR names the
  /// framework op each op was lowered from (FusionOptions::byFrameworkOp):
  /// the eager and graph models run a framework op's ops in its kernels.
  /// Empty when no op names one: each op is then its own eager kernel.
  FusionPlan frameworkPlan;
  /// Under eager or graph execution, the framework's kernels of more than
  /// one op priced under that model, in program order (what the diagnosis
  /// and the totals count as one kernel); for each op, the index of the one
  /// it runs in, or -1. Empty under compiled execution.
  std::vector<PricedKernel> frameworkKernels;
  std::vector<int> frameworkKernelOf;
  /// The costs as formulas of the dynamic sizes (shared by every device's
  /// report), when the program has dynamic sizes; and what they say on this
  /// device.
  std::shared_ptr<const SymbolicCostAnalysis> symbolic;
  SymbolicFindings findings;
  /// The training step, when the module's functions are its phases
  /// (`mlsysim.phase`: Training.h).
  std::optional<TrainingStep> training;
  /// The serving view, when a function is a prefill or decode step
  /// (Serving.h; built by the report pass, which prices the other batches).
  std::optional<ServingReport> serving;
  /// What limits the whole module, and what moves it.
  Diagnosis diagnosis;
  /// The user's measured profile on this program (`profile=`), and the
  /// profile it is compared with (`profile-baseline=`).
  std::shared_ptr<const ProfileOverlay> profile, profileBaseline;
  /// With both: per anchor op, the measured time in each, the largest
  /// change first.
  std::vector<ProfileChange> profileChanges;
  /// The module's fusion bounds (every function once, summed); none when
  /// nothing is planned.
  std::optional<FusionBound> fusionBound;

  /// Throughput in samples per second of a run of `totals`.
  double getThroughput(const PricedTotals &totals) const;
  /// Energy of a run of `totals`: TDP x predicted latency; std::nullopt
  /// when the device has no TDP.
  std::optional<double> getEnergy(const PricedTotals &totals) const;
  /// Whether a function's peak live bytes fit in device memory.
  bool fits(const PeakMemory &footprint) const;
  /// The ridge point of a unit and format in the report's FLOP convention.
  std::optional<double> getRidgePoint(ComputeUnit unit, ElementKind kind) const;
};

/// The ridge point of every unit and format `hardware` rates, in operations
/// per byte of `convention`: what the views of a device print.
std::map<std::pair<ComputeUnit, ElementKind>, double>
getRidgePoints(const HardwareSpec &hardware,
               FlopConvention convention = FlopConvention::FMA2);

/// Samples per second of a run of `samples` taking `latency`.
double getThroughput(int64_t samples, double latency);
/// How many times faster `latency` is than `baseLatency` (0 when it takes no
/// time): every speedup a view prints.
double getSpeedup(double baseLatency, double latency);

/// Prices every record of `analysis` on `hardware`; with `symbolic`, also
/// solves where each op's and function's bound changes as a symbol grows and
/// how large a symbol fits.
PricedProgram
priceProgram(const CostAnalysis &analysis,
             std::shared_ptr<const HardwareSpec> hardware,
             const PricingOptions &options,
             std::shared_ptr<const SymbolicCostAnalysis> symbolic = {});

/// `file:line:col` of the first file location inside `loc`, else the
/// location as MLIR prints it.
std::string formatLocation(mlir::Location loc);
/// The same text, made in `text` (no heap block of its own).
llvm::StringRef formatLocation(mlir::Location loc,
                               llvm::BumpPtrAllocator &text);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_PRICEDPROGRAM_H
