//===- PayloadCounting.cpp - The per-iteration counting rules -------------===//

#include "mlsysim/Interfaces/PayloadCounting.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

using namespace mlsysim;
using namespace mlir;

ArithCost mlsysim::classifyArithmetic(Operation *op) {
  // Free: data conversion, selection, index queries, constants, terminators.
  if (isa<arith::ExtFOp, arith::TruncFOp, arith::ExtSIOp, arith::ExtUIOp,
          arith::TruncIOp, arith::SIToFPOp, arith::UIToFPOp, arith::FPToSIOp,
          arith::FPToUIOp, arith::BitcastOp, arith::IndexCastOp,
          arith::IndexCastUIOp, arith::ScalingExtFOp, arith::ScalingTruncFOp,
          arith::SelectOp, arith::ConstantOp, linalg::IndexOp, linalg::YieldOp,
          tensor::YieldOp, ub::PoisonOp>(op))
    return {ArithKind::Free, 0, 0};
  if (isa<math::FmaOp>(op))
    return {ArithKind::Float, 2, 1};
  if (isa<math::ClampFOp>(op))
    return {ArithKind::Float, 2, 0};
  if (isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
          arith::RemFOp, arith::NegFOp, arith::MaximumFOp, arith::MinimumFOp,
          arith::MaxNumFOp, arith::MinNumFOp, arith::CmpFOp, math::AbsFOp,
          math::CopySignOp, math::FloorOp, math::CeilOp, math::RoundOp,
          math::RoundEvenOp, math::TruncOp, math::IsNaNOp, math::IsInfOp,
          math::IsFiniteOp, math::IsNormalOp>(op))
    return {ArithKind::Float, 1, 0};
  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivSIOp,
          arith::DivUIOp, arith::RemSIOp, arith::RemUIOp, arith::CeilDivSIOp,
          arith::CeilDivUIOp, arith::FloorDivSIOp, arith::AndIOp, arith::OrIOp,
          arith::XOrIOp, arith::ShLIOp, arith::ShRSIOp, arith::ShRUIOp,
          arith::MaxSIOp, arith::MaxUIOp, arith::MinSIOp, arith::MinUIOp,
          arith::CmpIOp, arith::AddUIExtendedOp, arith::MulSIExtendedOp,
          arith::MulUIExtendedOp, math::AbsIOp, math::CountLeadingZerosOp,
          math::CountTrailingZerosOp, math::CtPopOp, math::IPowIOp>(op))
    return {ArithKind::Integer, 1, 0};
  if (isa<math::SincosOp>(op))
    return {ArithKind::Transcendental, 2, 0};
  if (isa<math::ExpOp, math::Exp2Op, math::ExpM1Op, math::LogOp, math::Log10Op,
          math::Log1pOp, math::Log2Op, math::TanhOp, math::TanOp, math::SinOp,
          math::CosOp, math::SinhOp, math::CoshOp, math::AsinOp, math::AcosOp,
          math::AtanOp, math::Atan2Op, math::AsinhOp, math::AcoshOp,
          math::AtanhOp, math::ErfOp, math::ErfcOp, math::SqrtOp, math::RsqrtOp,
          math::CbrtOp, math::PowFOp, math::FPowIOp>(op))
    return {ArithKind::Transcendental, 1, 0};
  return {ArithKind::Unknown, 0, 0};
}

/// Whether `add` (an addf/subf or addi/subi) accumulates the single-use result
/// of a multiply of the same kind, and that multiply is not yet paired.
template <typename MulOp>
static bool accumulatesProduct(Operation *add,
                               llvm::SmallPtrSetImpl<Operation *> &paired) {
  for (Value operand : add->getOperands()) {
    auto mul = operand.getDefiningOp<MulOp>();
    if (mul && mul->getBlock() == add->getBlock() && mul->hasOneUse() &&
        paired.insert(mul).second)
      return true;
  }
  return false;
}

PayloadCounts mlsysim::countPayload(Block &body) {
  PayloadCounts counts;
  llvm::SmallPtrSet<Operation *, 4> paired;
  for (Operation &op : body) {
    // A terminator passes values on (linalg.yield, tensor.yield).
    if (op.hasTrait<OpTrait::IsTerminator>())
      continue;
    if (auto extract = dyn_cast<tensor::ExtractOp>(op)) {
      // A gather: one element of a tensor from outside the payload.
      auto *it = llvm::find_if(counts.capturedReads, [&](const auto &read) {
        return read.first == extract.getTensor();
      });
      if (it == counts.capturedReads.end())
        counts.capturedReads.push_back({extract.getTensor(), 1});
      else
        ++it->second;
      continue;
    }
    ArithCost cost = classifyArithmetic(&op);
    switch (cost.kind) {
    case ArithKind::Free:
      continue;
    case ArithKind::Unknown:
      if (!counts.unknownOp)
        counts.unknownOp = &op;
      continue;
    case ArithKind::Float:
      counts.flops += Count(cost.count);
      counts.macs += Count(cost.macs);
      if (isa<arith::AddFOp, arith::SubFOp>(op) &&
          accumulatesProduct<arith::MulFOp>(&op, paired))
        counts.macs += Count(1);
      break;
    case ArithKind::Integer:
      counts.intOps += Count(cost.count);
      if (isa<arith::AddIOp, arith::SubIOp>(op) &&
          accumulatesProduct<arith::MulIOp>(&op, paired))
        counts.intMacs += Count(1);
      break;
    case ArithKind::Transcendental:
      counts.transcendentals += Count(cost.count);
      break;
    }
    // The operand type, not the result type: a comparison computes in its
    // operands' type and yields i1.
    if (!counts.computeType && op.getNumOperands() > 0)
      counts.computeType = op.getOperand(0).getType();
  }
  return counts;
}
