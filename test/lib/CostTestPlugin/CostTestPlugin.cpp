//===- CostTestPlugin.cpp - An out-of-tree dialect prices its own op ------===//
//
// A dialect plugin as a third party would write it: it registers its dialect
// and attaches mlsysim's CostOpInterface to its op, using only mlsysim's
// public headers. Loaded with --load-dialect-plugin.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Interfaces/CostOpInterface.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/Config/llvm-config.h"

#include "CostTestOpsDialect.h.inc"
#define GET_OP_CLASSES
#include "CostTestOps.h.inc"

#include "CostTestOpsDialect.cpp.inc"
#define GET_OP_CLASSES
#include "CostTestOps.cpp.inc"

using namespace mlir;

void costtest::CostTestDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "CostTestOps.cpp.inc"
      >();
}

namespace {
/// C[M,N] = A[M,K] x B[K,N]: M*N*K multiply-accumulates on the matrix unit.
struct BlasGemmCostModel
    : public mlsysim::CostOpInterface::ExternalModel<BlasGemmCostModel,
                                                     costtest::BlasGemmOp> {
  mlsysim::OpCost getCost(Operation *op,
                          const mlsysim::CostContext &context) const {
    auto gemm = cast<costtest::BlasGemmOp>(op);
    auto a = context.bindShape(gemm.getA());
    auto b = context.bindShape(gemm.getB());
    if (!a || !b || a->size() != 2 || b->size() != 2)
      return mlsysim::OpCost::unmodeled("blas_gemm needs static 2-D operands");
    mlsysim::OpCost cost = mlsysim::OpCost::free();
    cost.macs = mlsysim::Count((*a)[0]) * mlsysim::Count((*b)[1]) *
                mlsysim::Count((*a)[1]);
    cost.flops = cost.macs * mlsysim::Count(2);
    cost.bytesRead =
        *context.bytesOf(gemm.getA()) + *context.bytesOf(gemm.getB());
    cost.bytesWritten = *context.bytesOf(gemm.getC());
    cost.elementType = getElementTypeOrSelf(gemm.getA().getType());
    cost.matrixUnit = true;
    return cost;
  }
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "CostTest", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            registry->insert<costtest::CostTestDialect>();
            registry->addExtension(+[](MLIRContext *ctx,
                                       costtest::CostTestDialect *) {
              costtest::BlasGemmOp::attachInterface<BlasGemmCostModel>(*ctx);
            });
          }};
}
