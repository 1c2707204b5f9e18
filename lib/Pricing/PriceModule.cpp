//===- PriceModule.cpp - A module priced on the devices asked for ---------===//

#include "mlsysim/Pricing/PriceModule.h"

#include "mlsysim/Analysis/TrainingRoles.h"

#include "mlsysim/Pricing/Tiling.h"

#include "mlsysim/Analysis/Weights.h"
#include "mlsysim/Hardware/HardwareRegistry.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringMap.h"

#include <set>

using namespace mlsysim;
using namespace mlir;

/// Whether any op the analysis priced makes a value of dynamic size, or a
/// function takes one (every other value is made by an op).
static bool hasDynamicSizes(ModuleOp module, const CostAnalysis &analysis) {
  auto dynamic = [](Type type) {
    // The builtin types without the ShapedType interface lookup.
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return !tensor.hasStaticShape();
    if (auto memref = dyn_cast<MemRefType>(type))
      return !memref.hasStaticShape();
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && shaped.hasRank() && !shaped.hasStaticShape();
  };
  // Functions at any depth (nested modules), without entering their bodies.
  bool dynamicArgument = false;
  module.walk<WalkOrder::PreOrder>([&](FunctionOpInterface func) {
    dynamicArgument |= llvm::any_of(func.getArgumentTypes(), dynamic);
    return WalkResult::skip();
  });
  return dynamicArgument ||
         llvm::any_of(analysis.getRecords(), [&](const OpCostRecord &record) {
           return llvm::any_of(record.op->getResultTypes(), dynamic);
         });
}

/// Every diagnosis of `program`: the module's, then each function's.
static SmallVector<Diagnosis *> diagnosesOf(PricedProgram &program) {
  SmallVector<Diagnosis *> diagnoses{&program.diagnosis};
  for (PricedFunction &func : program.functions)
    diagnoses.push_back(&func.diagnosis);
  return diagnoses;
}

/// The entry of `kind` in `diagnosis` (null when none of it runs).
static const WorkDiagnosis *findKind(const Diagnosis &diagnosis,
                                     WorkKind kind) {
  for (const WorkDiagnosis &work : diagnosis.kinds)
    if (work.kind == kind)
      return &work;
  return nullptr;
}

/// Prices each lever of `program` that names an option by pricing the
/// module again under that option (once per distinct option, without the
/// formulas) and reading the same kind of work of the same function there:
/// the figure a report with the option prints. `counts` are the program's
/// counts under `options`; `batchResizes` says whether batch= binds the
/// dynamic sizes (otherwise no batch= option prices anything, and batch
/// levers name none).
static void settleLevers(ModuleOp module, const CostAnalysis &counts,
                         const PricingOptions &options, bool batchResizes,
                         PricedProgram &program) {
  SmallVector<Diagnosis *> diagnoses = diagnosesOf(program);
  for (Diagnosis *diagnosis : diagnoses)
    for (WorkDiagnosis &work : diagnosis->kinds) {
      Lever &lever = work.lever;
      if (batchResizes && (lever.kind == LeverKind::BatchToComputeBound ||
                           lever.kind == LeverKind::BatchThroughput))
        lever.option = "batch=" + std::to_string(lever.batchTo);
    }
  std::set<std::string> optionNames;
  for (Diagnosis *diagnosis : diagnoses)
    for (const WorkDiagnosis &work : diagnosis->kinds)
      if (!work.lever.option.empty())
        optionNames.insert(work.lever.option);
  for (const std::string &name : optionNames) {
    PricingOptions changed = options;
    auto [key, value] = StringRef(name).split('=');
    if (key == "tf32") {
      changed.roofline.allowTF32 = true;
    } else if (key == "precision") {
      if (llvm::Error error = parsePrecisionSpec(value, changed.cost)) {
        llvm::consumeError(std::move(error));
        continue;
      }
    } else if (key == "batch") {
      if (value.getAsInteger(10, changed.batch) || changed.batch < 1)
        continue;
      changed.cost.dynamicDimSize = changed.batch;
    } else {
      continue;
    }
    std::optional<CostAnalysis> recounted;
    const CostAnalysis *changedCounts = &counts;
    if (key != "tf32")
      changedCounts = &recounted.emplace(module, changed.cost);
    PricedProgram priced =
        priceProgram(*changedCounts, program.hardware, changed);
    llvm::StringMap<const Diagnosis *> byFunc;
    for (const PricedFunction &func : priced.functions)
      byFunc[func.name] = &func.diagnosis;
    byFunc[""] = &priced.diagnosis;
    for (Diagnosis *diagnosis : diagnoses) {
      auto it = byFunc.find(diagnosis->func);
      if (it == byFunc.end())
        continue;
      for (WorkDiagnosis &work : diagnosis->kinds) {
        Lever &lever = work.lever;
        if (lever.option != name)
          continue;
        const WorkDiagnosis *under = findKind(*it->second, work.kind);
        lever.time = under ? under->time : 0.0;
        if (under)
          lever.boundUnder = under->bound;
        // The throughput at the larger batch, from the priced time.
        if (lever.kind == LeverKind::BatchThroughput && lever.time > 0)
          lever.factor = static_cast<double>(lever.batchTo) / lever.batch *
                         work.time / lever.time;
      }
    }
  }
}

FailureOr<std::vector<PricedProgram>>
mlsysim::priceModule(ModuleOp module, const PricingRequest &request,
                     llvm::function_ref<const CostAnalysis &()> cached) {
  PricingOptions options;
  options.convention = request.flopConvention;
  if (request.dynamicDim < -1)
    return emitError(module.getLoc())
           << "dynamic-dim must be a positive size (0 binds the dynamic sizes "
              "to batch=, or to 1 without it; -1 leaves them unmodeled), got "
           << request.dynamicDim;
  if (request.batch < 0)
    return emitError(module.getLoc())
           << "batch must be a positive number of samples, got "
           << request.batch;
  if (request.batch > 0)
    options.batch = request.batch;
  // Dynamic sizes are bound unless the user asks otherwise: to dynamic-dim=,
  // else to the batch, else to 1 (as the report says in its conventions).
  if (request.dynamicDim > 0)
    options.cost.dynamicDimSize = request.dynamicDim;
  else if (request.dynamicDim == 0)
    options.cost.dynamicDimSize = std::max<int64_t>(request.batch, 1);
  options.cost.argumentSizes = request.argumentSizes;
  if (llvm::Error error = parsePrecisionSpec(request.precision, options.cost))
    return emitError(module.getLoc()) << llvm::toString(std::move(error));
  if (llvm::Error error = parseWeightsSpec(request.weights, options.cost))
    return emitError(module.getLoc()) << llvm::toString(std::move(error));
  if (options.cost.weights)
    if (llvm::Error error = checkWeightsSpec(module, *options.cost.weights))
      return emitError(module.getLoc()) << llvm::toString(std::move(error));
  options.roofline.allowTF32 = request.tf32;
  llvm::Expected<unsigned> realism = parseRealism(request.realism);
  if (!realism)
    return emitError(module.getLoc()) << llvm::toString(realism.takeError());
  options.roofline.realism = *realism;
  options.fusion = request.fusion;
  options.libraryKernels = request.libraryKernels;
  options.overlapCommunication = request.overlap;
  options.allOps = request.allOps;
  options.roofline.memoryLevel = request.memoryLevel;
  options.roofline.collectiveAlgorithm = request.collectives;
  options.roofline.execution = request.execution;

  llvm::Expected<std::vector<std::shared_ptr<const HardwareSpec>>> devices =
      resolveHardwareList(request.hardware);
  if (!devices)
    return emitError(module.getLoc()) << llvm::toString(devices.takeError());
  // memory-level=llc prices every op at the LLC's bandwidth: a device that
  // rates none cannot be priced so (auto falls back by definition).
  if (request.memoryLevel == MemoryLevel::LLC)
    for (const auto &device : *devices)
      if (!device->llcBandwidthBytesPerS)
        return emitError(module.getLoc())
               << "memory-level=llc: " << device->id
               << " rates no last-level cache bandwidth (memory-level=auto "
                  "uses it where a device has one)";

  // The cached analysis holds default options; other options recount. One
  // analysis serves every device: counts do not depend on the hardware. The
  // default binding of dynamic sizes changes nothing in a program that has
  // none, which keeps the cached counts.
  std::optional<CostAnalysis> recounted;
  const CostAnalysis *counts = nullptr;
  bool recount =
      options.cost.precision != Precision::AsWritten ||
      options.cost.hasRolePrecision() || options.cost.weights ||
      !options.cost.argumentSizes.empty() ||
      (options.cost.dynamicDimSize && hasDynamicSizes(module, cached()));
  if (recount)
    counts = &recounted.emplace(module, options.cost);
  else
    counts = &cached();
  // The formulas, once for every device, when the program has dynamic sizes
  // (or the user named some).
  std::shared_ptr<const SymbolicCostAnalysis> symbolic;
  if (request.symbolic &&
      (!request.symbols.empty() || hasDynamicSizes(module, *counts))) {
    llvm::Expected<std::unique_ptr<SymbolicCostAnalysis>> built =
        SymbolicCostAnalysis::build(*counts, module, request.symbols);
    if (!built)
      return emitError(module.getLoc()) << llvm::toString(built.takeError());
    symbolic = std::move(*built);
  }
  std::vector<PricedProgram> reports;
  // batch= binds the dynamic sizes only when dynamic-dim= leaves them to it.
  bool batchResizes = request.priceLevers && request.dynamicDim == 0 &&
                      hasDynamicSizes(module, *counts);
  FailureOr<std::optional<TrainingRoles>> training =
      findTrainingRoles(module, counts->getContext());
  if (failed(training))
    return failure();
  for (const auto &device : *devices) {
    reports.push_back(priceProgram(*counts, device, options, symbolic));
    if (request.priceLevers)
      settleLevers(module, *counts, options, batchResizes, reports.back());
    if (*training)
      reports.back().training = priceTraining(reports.back(), **training);
  }
  return reports;
}
