//===- PassSupport.cpp - What every pricing pass does first ---------------===//

#include "PassSupport.h"

#include "mlsysim/Analysis/ServingRoles.h"
#include "mlsysim/Hardware/HardwareRegistry.h"
#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/Units.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <cmath>
#include <map>

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

FailureOr<std::vector<Report>> mlsysim::passutil::buildModuleReports(
    ModuleOp module, const CommonOptions &values,
    llvm::function_ref<const CostAnalysis &()> cached) {
  ReportOptions options;
  options.convention = values.flopConvention;
  if (values.dynamicDim == 0 || values.dynamicDim < -1)
    return emitError(module.getLoc())
           << "dynamic-dim must be a positive size (or -1 to leave dynamic "
              "shapes unmodeled), got "
           << values.dynamicDim;
  if (values.batch < 0)
    return emitError(module.getLoc())
           << "batch must be a positive number of samples, got "
           << values.batch;
  if (values.dynamicDim > 0)
    options.cost.dynamicDimSize = values.dynamicDim;
  options.cost.argumentSizes = values.argumentSizes;
  if (values.batch > 0) {
    options.batch = values.batch;
    if (!options.cost.dynamicDimSize)
      options.cost.dynamicDimSize = values.batch;
  }
  if (llvm::Error error = parsePrecisionSpec(values.precision, options.cost))
    return emitError(module.getLoc()) << llvm::toString(std::move(error));
  options.roofline.allowTF32 = values.tf32;
  options.fusion = values.fusion;
  options.overlapCommunication = values.overlap;
  options.allOps = values.allOps;
  options.roofline.memoryLevel = values.memoryLevel;
  options.roofline.collectiveAlgorithm = values.collectives;
  options.roofline.execution = values.execution;

  llvm::Expected<std::vector<std::shared_ptr<const HardwareSpec>>> devices =
      resolveHardwareList(values.hardware);
  if (!devices)
    return emitError(module.getLoc()) << llvm::toString(devices.takeError());
  // memory-level=llc prices every op at the LLC's bandwidth: a device that
  // rates none cannot be priced so (auto falls back by definition).
  if (values.memoryLevel == MemoryLevel::LLC)
    for (const auto &device : *devices)
      if (!device->llcBandwidthBytesPerS)
        return emitError(module.getLoc())
               << "memory-level=llc: " << device->id
               << " rates no last-level cache bandwidth (memory-level=auto "
                  "uses it where a device has one)";

  // The cached analysis holds default options; other options recount. One
  // analysis serves every device: counts do not depend on the hardware.
  std::optional<CostAnalysis> recounted;
  const CostAnalysis *counts = nullptr;
  if (options.cost.dynamicDimSize ||
      options.cost.precision != Precision::AsWritten ||
      options.cost.hasRolePrecision())
    counts = &recounted.emplace(module, options.cost);
  else
    counts = &cached();
  // The formulas, once for every device, when the program has dynamic sizes
  // (or the user named some).
  std::shared_ptr<const SymbolicCostAnalysis> symbolic;
  if (values.symbolic &&
      (!values.symbols.empty() || hasDynamicSizes(module, *counts))) {
    llvm::Expected<std::unique_ptr<SymbolicCostAnalysis>> built =
        SymbolicCostAnalysis::build(*counts, module, values.symbols);
    if (!built)
      return emitError(module.getLoc()) << llvm::toString(built.takeError());
    symbolic = std::move(*built);
  }
  std::vector<Report> reports;
  for (const auto &device : *devices)
    reports.push_back(buildReport(*counts, device, options, symbolic));
  return reports;
}

void mlsysim::passutil::emitCoverageWarnings(const Report &report) {
  for (const CaveatSummary &summary : report.unmodeled) {
    InFlightDiagnostic diag =
        emitWarning(escapeTerminal(summary.first->getLoc()))
        << escapeTerminal(summary.reason) << "; listed as unmodeled";
    if (summary.count > 1)
      diag << " (" << summary.count << " '" << escapeTerminal(summary.name)
           << "' ops)";
  }
  for (const CaveatSummary &summary : report.approximate) {
    InFlightDiagnostic diag =
        emitWarning(escapeTerminal(summary.first->getLoc()))
        << escapeTerminal(summary.reason);
    if (summary.count > 1)
      diag << " (" << summary.count << " '" << escapeTerminal(summary.name)
           << "' ops)";
  }
  for (Operation *loop : report.unknownTripCountLoops)
    emitWarning(escapeTerminal(loop->getLoc()))
        << "trip count unknown: the ops inside are counted once per run of "
           "this loop";
  emitFitWarnings(report);
}

void mlsysim::passutil::emitFitWarnings(const Report &report) {
  for (const PeakMemory &footprint : report.footprints)
    if (!report.fits(footprint))
      // At the op where live memory peaks: a function's own location can be
      // a signature line of thousands of arguments.
      emitWarning(escapeTerminal(footprint.peakOp ? footprint.peakOp->getLoc()
                                                  : footprint.func->getLoc()))
          << "does not fit: @" << escapeTerminal(footprint.name) << " needs "
          << formatQuantity(footprint.peakBytes().toDouble(), "B")
          << " at its peak" << (footprint.peakOp ? ", at this op" : "")
          << " (arguments and live intermediates); " << report.hardware->name
          << " has "
          << formatQuantity(report.hardware->memoryCapacityBytes.value, "B");
}

namespace {
/// What the serving view keeps of one report at one batch.
struct StepPrice {
  double latency = 0.0, peakBytes = 0.0;
  Bound bound = Bound::Free;
};
} // namespace

/// Bytes one token adds to the cache: each cache argument's bytes per
/// position of one sequence; std::nullopt (and `why`) when a dimension other
/// than the batch and the length is dynamic.
static std::optional<double> getKVBytesPerToken(FunctionOpInterface func,
                                                const ServingRoles &roles,
                                                const CostOptions &options,
                                                std::string &why) {
  if (roles.kvCache.empty()) {
    why = "the step neither reads nor appends to a KV cache";
    return std::nullopt;
  }
  Type whatIf = getPrecisionType(options.kvPrecision ? *options.kvPrecision
                                                     : options.precision,
                                 func->getContext());
  double bytes = 0.0;
  for (const KVCacheArg &kv : roles.kvCache) {
    auto type = cast<RankedTensorType>(func.getArgument(kv.argument).getType());
    double elements = 1.0;
    for (auto [dim, size] : llvm::enumerate(type.getShape())) {
      if (static_cast<int64_t>(dim) == kv.batchDim ||
          static_cast<int64_t>(dim) == kv.lengthDim)
        continue;
      if (ShapedType::isDynamic(size)) {
        why = "a KV-cache dimension other than the batch and the length is "
              "dynamic";
        return std::nullopt;
      }
      elements *= static_cast<double>(size);
    }
    Type element = whatIf && isa<FloatType>(type.getElementType())
                       ? whatIf
                       : type.getElementType();
    bytes += elements * std::ceil(element.getIntOrFloatBitWidth() / 8.0);
  }
  return bytes;
}

LogicalResult passutil::addServingViews(ModuleOp module,
                                        const CommonOptions &values,
                                        std::vector<Report> &reports) {
  FunctionOpInterface func;
  ServingRoles roles;
  for (auto candidate : module.getOps<FunctionOpInterface>()) {
    roles = findServingRoles(candidate);
    if (roles.step != ServingStep::None) {
      func = candidate;
      break;
    }
  }
  if (!func)
    return success();
  std::string name = func.getName().str();
  auto tokens =
      cast<RankedTensorType>(func.getArgument(*roles.tokens).getType());
  bool dynamicBatch = tokens.isDynamicDim(roles.batchDim);
  // A prompt or cache length the program leaves dynamic is bound to the
  // serving length (the batch binds everything else).
  int64_t length = values.servingLength > 0 ? values.servingLength : 2048;
  llvm::SmallVector<CostOptions::ArgumentSize, 2> lengths;
  bool boundLength = false;
  for (auto [dim, size] : llvm::enumerate(tokens.getShape()))
    if (static_cast<int64_t>(dim) != roles.batchDim &&
        ShapedType::isDynamic(size)) {
      lengths.push_back(
          {func.getArgument(*roles.tokens), static_cast<int64_t>(dim), length});
      boundLength = true;
    }
  for (const KVCacheArg &kv : roles.kvCache)
    if (cast<RankedTensorType>(func.getArgument(kv.argument).getType())
            .isDynamicDim(kv.lengthDim)) {
      lengths.push_back({func.getArgument(kv.argument), kv.lengthDim, length});
      boundLength = true;
    }

  // The step priced at one batch on every device (the analysis is the
  // report's, without formulas); each batch priced once.
  std::map<int64_t, std::vector<StepPrice>> priced;
  auto priceAt =
      [&](int64_t batch) -> FailureOr<const std::vector<StepPrice> *> {
    if (auto it = priced.find(batch); it != priced.end())
      return &it->second;
    CommonOptions at = values;
    at.symbolic = false;
    at.fusion = false;
    at.argumentSizes = lengths;
    if (dynamicBatch || boundLength) {
      at.dynamicDim = batch;
      at.batch = batch;
    }
    std::optional<CostAnalysis> counts;
    FailureOr<std::vector<Report>> built =
        buildModuleReports(module, at, [&]() -> const CostAnalysis & {
          return counts.emplace(module);
        });
    if (failed(built))
      return failure();
    std::vector<StepPrice> prices;
    for (const Report &report : *built) {
      StepPrice price;
      for (const FunctionReport &f : report.functions)
        if (f.name == name) {
          price.latency = f.totals.latency;
          price.bound = f.totals.getMainBound();
          if (f.footprintIndex >= 0)
            price.peakBytes =
                report.footprints[f.footprintIndex].peakBytes().toDouble();
        }
      prices.push_back(price);
    }
    return &(priced[batch] = std::move(prices));
  };

  // The largest batch that fits, per device: peak memory grows linearly with
  // the batch, so two points give it; it is then checked at the value and
  // the next one, and walked to the boundary when the growth is not linear.
  constexpr int64_t kMaxBatch = int64_t(1) << 20;
  std::vector<std::optional<int64_t>> maxBatch(reports.size());
  std::string why;
  std::optional<double> kvBytes =
      getKVBytesPerToken(func, roles, reports.front().options.cost, why);
  int64_t fixedBatch = dynamicBatch ? 1 : tokens.getDimSize(roles.batchDim);
  for (size_t i = 0; i < reports.size(); ++i) {
    double capacity = reports[i].hardware->memoryCapacityBytes.value;
    auto peak = [&](int64_t batch) -> FailureOr<double> {
      FailureOr<const std::vector<StepPrice> *> p = priceAt(batch);
      if (failed(p))
        return failure();
      return (**p)[i].peakBytes;
    };
    FailureOr<double> one = peak(fixedBatch);
    if (failed(one))
      return failure();
    if (*one > capacity)
      continue;
    if (!dynamicBatch) {
      maxBatch[i] = fixedBatch;
      continue;
    }
    // The boundary lies between `fits` (known to fit) and `over` (known not
    // to, or past the cap). The linear guess and the one after it usually
    // close the bracket at once; otherwise it is bisected, every probe a
    // whole analysis, so the answer is exact whatever the growth.
    int64_t fits = 1, over = kMaxBatch + 1;
    auto probe = [&](int64_t batch) -> LogicalResult {
      if (batch <= fits || batch >= over)
        return success();
      FailureOr<double> at = peak(batch);
      if (failed(at))
        return failure();
      (*at <= capacity ? fits : over) = batch;
      return success();
    };
    FailureOr<double> two = peak(2);
    if (failed(two))
      return failure();
    double slope = *two - *one;
    (*two <= capacity ? fits : over) = 2;
    int64_t guess =
        slope <= 0 ? kMaxBatch
                   : static_cast<int64_t>(std::min<double>(
                         kMaxBatch, std::floor((capacity - *one) / slope) + 1));
    if (failed(probe(std::max<int64_t>(guess, 1))) ||
        failed(probe(std::max<int64_t>(guess, 1) + 1)))
      return failure();
    while (over - fits > 1)
      if (failed(probe(fits + (over - fits) / 2)))
        return failure();
    maxBatch[i] = fits;
  }

  for (auto [i, report] : llvm::enumerate(reports)) {
    ServingReport serving;
    serving.func = name;
    serving.step = roles.step;
    serving.tokensPerSequence = roles.tokensPerSequence;
    if (!roles.tokensPerSequence && roles.step == ServingStep::Prefill)
      serving.tokensPerSequence = length;
    if (!roles.kvCache.empty()) {
      auto type = cast<RankedTensorType>(
          func.getArgument(roles.kvCache.front().argument).getType());
      int64_t cache = type.getDimSize(roles.kvCache.front().lengthDim);
      serving.cacheLength = ShapedType::isDynamic(cache) ? length : cache;
    }
    serving.lengthBound = boundLength;
    serving.kvBytesPerToken = kvBytes;
    serving.kvReason = why;
    serving.capacityBytes = report.hardware->memoryCapacityBytes.value;
    for (const FunctionReport &f : report.functions)
      if (f.name == name && f.footprintIndex >= 0)
        serving.parameterBytes =
            report.footprints[f.footprintIndex].parameterBytes.toDouble();
    serving.maxBatch = maxBatch[i];
    serving.maxBatchCapped = maxBatch[i] && *maxBatch[i] >= kMaxBatch;
    if (kvBytes && *kvBytes > 0 &&
        serving.capacityBytes > serving.parameterBytes)
      serving.maxCachedTokens = std::floor(
          (serving.capacityBytes - serving.parameterBytes) / *kvBytes);
    // Batches 1, 4, 16, ... up to the largest that fits (and it).
    std::vector<int64_t> batches;
    if (!dynamicBatch)
      batches.push_back(fixedBatch);
    else {
      int64_t last = maxBatch[i] ? std::min<int64_t>(*maxBatch[i], 1024) : 1;
      for (int64_t b = 1; b <= last; b *= 4)
        batches.push_back(b);
      if (maxBatch[i] && batches.back() != *maxBatch[i])
        batches.push_back(*maxBatch[i]);
    }
    double tokensPerRow =
        roles.step == ServingStep::Prefill && serving.tokensPerSequence
            ? static_cast<double>(*serving.tokensPerSequence)
            : 1.0;
    for (int64_t batch : batches) {
      FailureOr<const std::vector<StepPrice> *> p = priceAt(batch);
      if (failed(p))
        return failure();
      const StepPrice &price = (**p)[i];
      ServingPoint point;
      point.batch = batch;
      point.latency = price.latency;
      point.tokensPerS =
          price.latency > 0 ? batch * tokensPerRow / price.latency : 0.0;
      point.bound = price.bound;
      point.peakBytes = price.peakBytes;
      point.fits = price.peakBytes <= serving.capacityBytes;
      serving.points.push_back(point);
    }
    report.serving = std::move(serving);
  }
  return success();
}
