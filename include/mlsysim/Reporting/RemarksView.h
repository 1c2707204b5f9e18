//===- RemarksView.h - What bounds each op, in one line ---------*- C++ -*-===//
//
// The remarks view (`mlsysim-remarks`): a line per op that matters, for the
// op's location, where a compiler engineer already looks. The pass emits
// them as remarks.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_REMARKSVIEW_H
#define MLSYSIM_REPORTING_REMARKSVIEW_H

#include "mlsysim/Pricing/PricedProgram.h"

namespace mlsysim {

/// A note attached to a remark, at an op's location.
struct OpNote {
  const PricedOp *op;
  std::string message;
};

struct OpRemark {
  /// Where it is emitted: the op, or a kernel's heaviest op.
  const PricedOp *op;
  std::string message;
  /// Under compiled execution, one per other op of the kernel.
  std::vector<OpNote> notes;
};

/// The remarks of `program`, in program order, of what runs under its
/// execution model: under eager and graph execution the longest ops of each
/// function that together make up `coverage` of its ops' time (every op at
/// 1), of those the ones taking at least `minShare` of it; under compiled
/// execution the same of the kernels of the compiled plan (shares of the
/// function's compiled latency), each at its heaviest op.
std::vector<OpRemark> describeRemarks(const PricedProgram &program,
                                      double coverage, double minShare);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_REMARKSVIEW_H
