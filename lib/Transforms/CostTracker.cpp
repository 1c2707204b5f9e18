//===- CostTracker.cpp - Predicted cost after each pass -------------------===//

#include "mlsysim/Transforms/CostTracker.h"

#include "mlsysim/Pricing/PricedProgram.h"
#include "mlsysim/Reporting/ReportFormats.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlsysim;
using namespace mlir;

namespace {
class CostTracker : public PassInstrumentation {
public:
  CostTracker(std::shared_ptr<const HardwareSpec> hardware, int64_t batch,
              llvm::raw_ostream &os)
      : hardware(std::move(hardware)), os(os) {
    // Dynamic sizes bound as the report binds them by default.
    if (batch > 0)
      options.batch = batch;
    options.cost.dynamicDimSize = std::max<int64_t>(batch, 1);
  }

  void runBeforePipeline(std::optional<OperationName> name,
                         const PipelineParentInfo &) override {
    started = false;
  }

  void runBeforePass(Pass *pass, Operation *op) override {
    // The starting point, once: the IR as parsed.
    if (!started && isa<ModuleOp>(op)) {
      started = true;
      previous = price(op);
      print("input", previous);
    }
  }

  void runAfterPass(Pass *pass, Operation *op) override {
    // Module-level passes only: a nested pipeline reports once, through its
    // adaptor, not once per function.
    if (!isa<ModuleOp>(op))
      return;
    PricedTotals now = price(op);
    print(pass->getArgument().empty() ? pass->getName() : pass->getArgument(),
          now);
    previous = now;
  }

private:
  PricedTotals price(Operation *module) {
    CostAnalysis analysis(module, options.cost);
    return priceProgram(analysis, hardware, options).totals;
  }

  void print(StringRef what, const PricedTotals &now) {
    printTrackLine(what, what == "input" ? nullptr : &previous, now, *hardware,
                   os);
  }

  std::shared_ptr<const HardwareSpec> hardware;
  llvm::raw_ostream &os;
  PricingOptions options;
  PricedTotals previous;
  bool started = false;
};
} // namespace

std::unique_ptr<PassInstrumentation>
mlsysim::createCostTracker(std::shared_ptr<const HardwareSpec> hardware,
                           int64_t batch, llvm::raw_ostream &os) {
  return std::make_unique<CostTracker>(std::move(hardware), batch, os);
}
