//===- PriceModule.cpp - A module priced on the devices asked for ---------===//

#include "mlsysim/Pricing/PriceModule.h"

#include "mlsysim/Pricing/Tiling.h"

#include "mlsysim/Analysis/Weights.h"
#include "mlsysim/Hardware/HardwareRegistry.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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
  for (const auto &device : *devices)
    reports.push_back(priceProgram(*counts, device, options, symbolic));
  return reports;
}
