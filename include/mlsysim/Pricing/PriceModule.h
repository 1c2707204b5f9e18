//===- PriceModule.h - A module priced on the devices asked for -*- C++ -*-===//
//
// The entry point of the pricing layer for a pass or a compiler pipeline: the
// options a user gives by name, validated, and the module priced on each
// device of the list (one count of its ops serves every device; the counts
// are redone only when the options change them).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_PRICEMODULE_H
#define MLSYSIM_PRICING_PRICEMODULE_H

#include "mlsysim/Pricing/PricedProgram.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlsysim {

/// The options of a pricing request, by name (the options every pricing
/// pass declares, `commonRooflineOptions` in Passes.td, and the report's).
struct PricingRequest {
  std::string hardware;
  /// The size every dynamic dimension is bound to: 0 binds them to `batch`
  /// (1 without one), -1 leaves the ops with dynamic shapes unmodeled.
  int64_t dynamicDim = 0;
  FlopConvention flopConvention = FlopConvention::FMA2;
  bool tf32 = false;
  MemoryLevel memoryLevel = MemoryLevel::DRAM;
  CollectiveAlgorithm collectives = CollectiveAlgorithm::Auto;
  bool overlap = false;
  ExecutionModel execution = ExecutionModel::Compiled;
  int64_t batch = 0;
  std::string precision;
  /// The weights the user names (`weights=`, parseWeightsSpec); empty: the
  /// tags, else inferred.
  std::string weights;
  /// The realism terms priced (parseRealism, Tiling.h).
  std::string realism = "all";
  /// Whether the views list fusion opportunities, and every op.
  bool fusion = true;
  bool allOps = false;
  /// Whether the compiled plan has the library's own kernels
  /// (FusionOptions::libraryKernels).
  bool libraryKernels = true;
  /// Whether to give the costs as formulas of the dynamic sizes (when the
  /// program has any), and the user's names for them (`symbols=`).
  bool symbolic = false;
  std::string symbols;
  /// Argument dimensions bound apart from dynamic-dim (the serving view's
  /// lengths), and the serving view's length where the program leaves it
  /// dynamic (0: 2048).
  llvm::SmallVector<CostOptions::ArgumentSize, 2> argumentSizes;
  int64_t servingLength = 0;
  /// Whether each lever that names an option (`tf32=1`, `precision=bf16`,
  /// `batch=N`) is priced by pricing the module again under it, once per
  /// option (settleLevers), so that its figure is what that option's report
  /// prints; otherwise the levers keep the diagnosis's estimates.
  bool priceLevers = true;
};

/// Validates `request` and prices `module` once per device of the
/// comma-separated `hardware` list. `cached` (which fetches the
/// AnalysisManager's analysis, computed with default options) is called only
/// when the options do not change the counts; otherwise the counts are made
/// once with the options. Emits an error at the module's location and fails on
/// a bad option or an unknown device.
mlir::FailureOr<std::vector<PricedProgram>>
priceModule(mlir::ModuleOp module, const PricingRequest &request,
            llvm::function_ref<const CostAnalysis &()> cached);

/// Adds the serving step (Serving.h) to each program when a function of
/// `module` is a prefill or decode step: the step priced at batches 1, 4,
/// 16, ... up to the largest that fits.
mlir::LogicalResult priceServing(mlir::ModuleOp module,
                                 const PricingRequest &request,
                                 std::vector<PricedProgram> &programs);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_PRICEMODULE_H
