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

struct OpRemark {
  const PricedOp *op;
  std::string message;
};

/// The remarks of `program`, in program order: the longest ops of each
/// function that together make up `coverage` of its ops' time (every op at
/// 1), of those the ones taking at least `minShare` of it.
std::vector<OpRemark> describeRemarks(const PricedProgram &program,
                                      double coverage, double minShare);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_REMARKSVIEW_H
