//===- PriceModule.cpp - A module priced on the devices asked for ---------===//

#include "mlsysim/Pricing/PriceModule.h"

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
mlsysim::priceModule(ModuleOp module, const PricingRequest &values,
                     llvm::function_ref<const CostAnalysis &()> cached) {
  PricingOptions options;
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
  std::vector<PricedProgram> reports;
  for (const auto &device : *devices)
    reports.push_back(priceProgram(*counts, device, options, symbolic));
  return reports;
}

