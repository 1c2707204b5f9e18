//===- Annotate.cpp - Attach costs as attributes --------------------------===//

#include "mlsysim/Transforms/Passes.h"

#include "PassSupport.h"
#include "mlsysim/Dialect/MLSysim/MLSysimAttrs.h"
#include "mlsysim/Reporting/SymbolicViews.h"

using namespace mlsysim;
using namespace mlir;

namespace mlsysim {
#define GEN_PASS_DEF_ANNOTATEPASS
#include "mlsysim/Transforms/Passes.h.inc"
} // namespace mlsysim

namespace {
/// Op `id`'s formulas as a dictionary (the keys of the JSON report's
/// `symbolic` object), when it has dynamic sizes and formulas for them.
DictionaryAttr getSymbolic(const PricedProgram &report, unsigned id) {
  if (!report.symbolic || !report.symbolic->getOps()[id].dynamic)
    return {};
  llvm::json::Object formulas = symbolicOpToJSON(report, id);
  MLIRContext *ctx = report.ops[id].op->getContext();
  SmallVector<NamedAttribute> entries;
  for (llvm::StringRef key :
       {"flops", "int_ops", "transcendentals", "bytes_read", "bytes_written"})
    if (std::optional<llvm::StringRef> formula = formulas.getString(key))
      entries.emplace_back(StringAttr::get(ctx, key),
                           StringAttr::get(ctx, *formula));
  return DictionaryAttr::get(ctx, entries);
}

struct AnnotatePass : public mlsysim::impl::AnnotatePassBase<AnnotatePass> {
  using AnnotatePassBase::AnnotatePassBase;
  friend struct passutil::PassPricing;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    passutil::OptionCheck check = passutil::PassPricing::checkOptions(*this);
    return passutil::PassPricing::initialize(*this, check, options,
                                             errorHandler);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    PricingRequest options = passutil::PassPricing::read(*this);
    options.symbolic = true;
    options.symbols = symbols;
    FailureOr<std::vector<PricedProgram>> reports =
        passutil::PassPricing::priceOneDevice(*this, options,
                                              "mlsysim-annotate prices");
    if (failed(reports))
      return signalPassFailure();
    PricedProgram *report = &reports->front();
    passutil::emitCoverageWarnings(*report);

    MLIRContext *ctx = &getContext();
    for (const PricedOp &op : report->ops) {
      // An op with dynamic sizes also carries its formulas.
      DictionaryAttr symbolic = getSymbolic(*report, op.id);
      if (!op.modeled && symbolic) {
        op.op->setAttr(MLSysimDialect::CostAttrHelper::getNameStr(),
                       CostAttr::get(ctx, symbolic));
        ++numAnnotated;
        continue;
      }
      if (!op.modeled) {
        op.op->setAttr(MLSysimDialect::UnmodeledAttrHelper::getNameStr(),
                       StringAttr::get(ctx, op.reason));
        ++numUnmodeled;
        continue;
      }
      std::string unit =
          op.roofline.peak
              ? (stringifyComputeUnit(op.roofline.peak->unit) + ":" +
                 stringifyElementKind(op.roofline.peak->kind))
                    .str()
              : "none";
      auto apFloat = [](double value) { return llvm::APFloat(value); };
      op.op->setAttr(
          MLSysimDialect::CostAttrHelper::getNameStr(),
          CostAttr::get(ctx, apFloat(op.flops.toDouble()),
                        apFloat(op.intOps.toDouble()),
                        apFloat(op.transcendentals.toDouble()),
                        apFloat(op.bytesRead.toDouble()),
                        apFloat(op.bytesWritten.toDouble()),
                        apFloat(op.intensity), apFloat(op.roofline.latency),
                        stringifyBound(op.roofline.bound), unit, symbolic,
                        /*priced=*/true));
      ++numAnnotated;
    }
    module->setAttr(MLSysimDialect::HardwareAttrHelper::getNameStr(),
                    StringAttr::get(ctx, report->hardware->id));
    // Attributes are not what the cost analysis reads.
    markAllAnalysesPreserved();
  }
};
} // namespace
