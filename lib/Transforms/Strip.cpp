//===- Strip.cpp - Remove the attributes of mlsysim-annotate --------------===//

#include "mlsysim/Transforms/Passes.h"

#include "mlsysim/Dialect/MLSysim/MLSysimAttrs.h"

using namespace mlsysim;
using namespace mlir;

namespace mlsysim {
#define GEN_PASS_DEF_STRIPPASS
#include "mlsysim/Transforms/Passes.h.inc"
} // namespace mlsysim

namespace {
struct StripPass : public mlsysim::impl::StripPassBase<StripPass> {
  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      for (StringRef name :
           {StringRef(MLSysimDialect::CostAttrHelper::getNameStr()),
            StringRef(MLSysimDialect::UnmodeledAttrHelper::getNameStr()),
            StringRef(MLSysimDialect::HardwareAttrHelper::getNameStr())})
        if (op->removeAttr(name))
          ++numStripped;
    });
    markAllAnalysesPreserved();
  }
};
} // namespace
