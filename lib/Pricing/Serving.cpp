//===- Serving.cpp - An LLM step priced for serving -----------------------===//
//
// A prefill or decode step priced at the batches a server would run: each
// batch is the whole step re-counted with its dynamic batch (and, where the
// program leaves them dynamic, its prompt and cache lengths) bound, and
// priced on every device; the largest batch that fits is searched for with
// the same prices.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Pricing/PriceModule.h"

#include "mlsysim/Pricing/Roofline.h"

#include "mlsysim/Analysis/ServingRoles.h"

#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <cmath>
#include <map>

using namespace mlsysim;
using namespace mlir;

namespace {
/// What the serving view keeps of one program at one batch.
struct StepPrice {
  double latency = 0.0, peakBytes = 0.0;
  Bound bound = Bound::Free;
};

/// The step a module serves and how its sizes are bound.
struct StepInfo {
  FunctionOpInterface func;
  ServingRoles roles;
  std::string name;
  RankedTensorType tokens;
  bool dynamicBatch = false;
  /// The serving length, and whether a prompt or cache length the program
  /// leaves dynamic is bound to it (the batch binds everything else).
  int64_t length = 2048;
  bool boundLength = false;
  llvm::SmallVector<CostOptions::ArgumentSize, 2> lengths;
  /// The batch the program writes (1 when it is dynamic).
  int64_t fixedBatch = 1;
  /// The KV cache's length (the serving length where it is dynamic).
  std::optional<int64_t> cacheLength;
};

/// The step priced at one batch on every device, each batch once.
class StepPricer {
public:
  StepPricer(ModuleOp module, const PricingRequest &request,
             const StepInfo &step)
      : module(module), request(request), step(step) {}

  FailureOr<const std::vector<StepPrice> *> at(int64_t batch) {
    if (auto it = priced.find(batch); it != priced.end())
      return &it->second;
    PricingRequest at = request;
    at.symbolic = false;
    at.fusion = false;
    at.priceLevers = false;
    at.argumentSizes = step.lengths;
    if (step.dynamicBatch || step.boundLength) {
      at.dynamicDim = batch;
      at.batch = batch;
    }
    std::optional<CostAnalysis> counts;
    FailureOr<std::vector<PricedProgram>> built =
        priceModule(module, at, [&]() -> const CostAnalysis & {
          return counts.emplace(module);
        });
    if (failed(built))
      return failure();
    std::vector<StepPrice> prices;
    for (const PricedProgram &program : *built) {
      StepPrice price;
      for (const PricedFunction &f : program.functions)
        if (f.name == step.name) {
          price.latency = f.totals.latency;
          price.bound = f.totals.getMainBound();
          if (f.footprintIndex >= 0)
            price.peakBytes =
                program.footprints[f.footprintIndex].peakBytes().toDouble();
        }
      prices.push_back(price);
    }
    return &(priced[batch] = std::move(prices));
  }

  /// The peak memory of the step at `batch` on device `device`.
  FailureOr<double> peak(int64_t batch, size_t device) {
    FailureOr<const std::vector<StepPrice> *> p = at(batch);
    if (failed(p))
      return failure();
    return (**p)[device].peakBytes;
  }

private:
  ModuleOp module;
  const PricingRequest &request;
  const StepInfo &step;
  std::map<int64_t, std::vector<StepPrice>> priced;
};
} // namespace

/// The first prefill or decode step of `module`, with the lengths to bind
/// (its weights as `weights` names them, Weights.h).
static std::optional<StepInfo>
findStep(ModuleOp module, const PricingRequest &request,
         const std::optional<WeightsSpec> &weights) {
  StepInfo step;
  bool tagged = hasWeightTags(module);
  for (auto candidate : module.getOps<FunctionOpInterface>()) {
    if (!hasTokenArgument(candidate))
      continue;
    step.roles =
        findServingRoles(candidate, findWeights(candidate, weights, tagged));
    if (step.roles.step != ServingStep::None) {
      step.func = candidate;
      break;
    }
  }
  if (!step.func)
    return std::nullopt;
  const ServingRoles &roles = step.roles;
  step.name = step.func.getName().str();
  step.tokens =
      cast<RankedTensorType>(step.func.getArgument(*roles.tokens).getType());
  step.dynamicBatch = step.tokens.isDynamicDim(roles.batchDim);
  step.fixedBatch =
      step.dynamicBatch ? 1 : step.tokens.getDimSize(roles.batchDim);
  if (request.servingLength > 0)
    step.length = request.servingLength;
  for (auto [dim, size] : llvm::enumerate(step.tokens.getShape()))
    if (static_cast<int64_t>(dim) != roles.batchDim &&
        ShapedType::isDynamic(size)) {
      step.lengths.push_back({step.func.getArgument(*roles.tokens),
                              static_cast<int64_t>(dim), step.length});
      step.boundLength = true;
    }
  for (const KVCacheArg &kv : roles.kvCache)
    if (cast<RankedTensorType>(step.func.getArgument(kv.argument).getType())
            .isDynamicDim(kv.lengthDim)) {
      step.lengths.push_back(
          {step.func.getArgument(kv.argument), kv.lengthDim, step.length});
      step.boundLength = true;
    }
  if (!roles.kvCache.empty()) {
    auto type = cast<RankedTensorType>(
        step.func.getArgument(roles.kvCache.front().argument).getType());
    int64_t cache = type.getDimSize(roles.kvCache.front().lengthDim);
    step.cacheLength = ShapedType::isDynamic(cache) ? step.length : cache;
  }
  return step;
}

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
  // Sized as the op counts size them: the data layout's bits per element,
  // so a 4-bit cache is half a byte per element, not rounded up to one.
  DataLayout layout = DataLayout::closest(func);
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
    bytes +=
        elements *
        static_cast<double>(layout.getTypeSizeInBits(element).getFixedValue()) /
        8.0;
  }
  return bytes;
}

/// The most batches tried: a larger one that fits is reported as "more".
constexpr int64_t kMaxBatch = int64_t(1) << 20;

/// The largest batch whose peak memory fits `capacity` on device `device`
/// (std::nullopt when the written or first batch does not). Peak memory
/// grows linearly with the batch, so two points give it; it is then checked
/// at the value and the next one, and walked to the boundary when the growth
/// is not linear.
static FailureOr<std::optional<int64_t>> findMaxBatch(StepPricer &pricer,
                                                      const StepInfo &step,
                                                      size_t device,
                                                      double capacity) {
  FailureOr<double> one = pricer.peak(step.fixedBatch, device);
  if (failed(one))
    return failure();
  if (*one > capacity)
    return std::optional<int64_t>();
  if (!step.dynamicBatch)
    return std::optional<int64_t>(step.fixedBatch);
  // The boundary lies between `fits` (known to fit) and `over` (known not
  // to, or past the cap). The linear guess and the one after it usually
  // close the bracket at once; otherwise it is bisected, every probe a
  // whole analysis, so the answer is exact whatever the growth.
  int64_t fits = 1, over = kMaxBatch + 1;
  auto probe = [&](int64_t batch) -> LogicalResult {
    if (batch <= fits || batch >= over)
      return success();
    FailureOr<double> at = pricer.peak(batch, device);
    if (failed(at))
      return failure();
    (*at <= capacity ? fits : over) = batch;
    return success();
  };
  FailureOr<double> two = pricer.peak(2, device);
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
  return std::optional<int64_t>(fits);
}

/// The serving step of one device: its facts, and the step at batches 1, 4,
/// 16, ... up to the largest that fits (and it).
static FailureOr<ServingReport>
priceDevice(StepPricer &pricer, const StepInfo &step,
            const PricedProgram &program, size_t device,
            std::optional<int64_t> maxBatch, std::optional<double> kvBytes,
            const std::string &why) {
  const ServingRoles &roles = step.roles;
  ServingReport serving;
  serving.func = step.name;
  serving.step = roles.step;
  serving.tokensPerSequence = roles.tokensPerSequence;
  if (!roles.tokensPerSequence && roles.step == ServingStep::Prefill)
    serving.tokensPerSequence = step.length;
  serving.cacheLength = step.cacheLength;
  serving.lengthBound = step.boundLength;
  serving.kvBytesPerToken = kvBytes;
  serving.kvReason = why;
  serving.capacityBytes = program.hardware->memoryCapacityBytes.value;
  for (const PricedFunction &f : program.functions)
    if (f.name == step.name && f.footprintIndex >= 0)
      serving.parameterBytes =
          program.footprints[f.footprintIndex].parameterBytes.toDouble();
  serving.maxBatch = maxBatch;
  serving.maxBatchCapped = maxBatch && *maxBatch >= kMaxBatch;
  if (kvBytes && *kvBytes > 0 && serving.capacityBytes > serving.parameterBytes)
    serving.maxCachedTokens =
        std::floor((serving.capacityBytes - serving.parameterBytes) / *kvBytes);
  std::vector<int64_t> batches;
  if (!step.dynamicBatch) {
    batches.push_back(step.fixedBatch);
  } else {
    int64_t last = maxBatch ? std::min<int64_t>(*maxBatch, 1024) : 1;
    for (int64_t b = 1; b <= last; b *= 4)
      batches.push_back(b);
    if (maxBatch && batches.back() != *maxBatch)
      batches.push_back(*maxBatch);
  }
  double tokensPerRow =
      roles.step == ServingStep::Prefill && serving.tokensPerSequence
          ? static_cast<double>(*serving.tokensPerSequence)
          : 1.0;
  for (int64_t batch : batches) {
    FailureOr<const std::vector<StepPrice> *> p = pricer.at(batch);
    if (failed(p))
      return failure();
    const StepPrice &price = (**p)[device];
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
  return serving;
}

LogicalResult mlsysim::priceServing(ModuleOp module,
                                    const PricingRequest &request,
                                    std::vector<PricedProgram> &programs) {
  if (programs.empty())
    return success();
  std::optional<StepInfo> step =
      findStep(module, request, programs.front().options.cost.weights);
  if (!step)
    return success();
  StepPricer pricer(module, request, *step);
  std::string why;
  std::optional<double> kvBytes = getKVBytesPerToken(
      step->func, step->roles, programs.front().options.cost, why);
  // Every device's largest batch first: the points reuse its prices.
  std::vector<std::optional<int64_t>> maxBatch(programs.size());
  for (auto [device, program] : llvm::enumerate(programs)) {
    FailureOr<std::optional<int64_t>> found = findMaxBatch(
        pricer, *step, device, program.hardware->memoryCapacityBytes.value);
    if (failed(found))
      return failure();
    maxBatch[device] = *found;
  }
  for (auto [device, program] : llvm::enumerate(programs)) {
    FailureOr<ServingReport> serving = priceDevice(
        pricer, *step, program, device, maxBatch[device], kvBytes, why);
    if (failed(serving))
      return failure();
    program.serving = std::move(*serving);
  }
  return success();
}
