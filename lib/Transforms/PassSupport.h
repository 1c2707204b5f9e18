//===- PassSupport.h - What every pricing pass does first -------*- C++ -*-===//

#ifndef MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H
#define MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H

#include "mlsysim/Pricing/PriceModule.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"

namespace mlsysim {
namespace passutil {

/// The opening every pricing pass shares: read the common options, price the
/// module on the devices they name. A pass grants it access to its
/// (protected) generated options and analyses with
/// `friend struct passutil::PassPricing`.
struct PassPricing {
  /// The request the pass's common options make.
  template <typename PassT> static PricingRequest read(const PassT &pass) {
    PricingRequest options;
    options.hardware = pass.hardware;
    options.dynamicDim = pass.dynamicDim;
    options.flopConvention = pass.flopConvention;
    options.tf32 = pass.tf32;
    options.memoryLevel = pass.memoryLevel;
    options.collectives = pass.collectives;
    options.overlap = pass.overlap;
    options.execution = pass.execution;
    options.batch = pass.batch;
    options.precision = pass.precision;
    options.realism = pass.realism;
    return options;
  }

  /// The pass's module priced as `request` asks, on every device named, from
  /// the pass's cached counts; failed when pricing failed (said already).
  template <typename PassT>
  static mlir::FailureOr<std::vector<PricedProgram>>
  price(PassT &pass, const PricingRequest &request) {
    return priceModule(pass.getOperation(), request,
                       [&]() -> const CostAnalysis & {
                         return pass.template getAnalysis<CostAnalysis>();
                       });
  }

  /// As `price`, for a pass that works on one device: an error when
  /// hardware= names several, `purpose` saying why ("mlsysim-fuse plans
  /// for").
  template <typename PassT>
  static mlir::FailureOr<std::vector<PricedProgram>>
  priceOneDevice(PassT &pass, const PricingRequest &request,
                 llvm::StringRef purpose) {
    mlir::FailureOr<std::vector<PricedProgram>> reports = price(pass, request);
    if (mlir::failed(reports))
      return mlir::failure();
    if (reports->size() != 1)
      return mlir::emitError(pass.getOperation().getLoc())
             << purpose << " one device; got " << reports->size()
             << " in hardware=" << request.hardware;
    return reports;
  }
};

/// One warning per unmodeled op name, at its first occurrence, one per loop
/// whose trip count is unknown, and one per function that does not fit in
/// device memory.
void emitCoverageWarnings(const PricedProgram &report);
/// One warning per function that does not fit in the report's device memory.
void emitFitWarnings(const PricedProgram &report);

} // namespace passutil
} // namespace mlsysim

#endif // MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H
