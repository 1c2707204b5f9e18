//===- RepeatedKernels.h - A model's repeated structure, folded -*- C++ -*-===//
//
// A network repeats its layers: the kernels (or ops) of one repeated
// structure have the same ops and the same work and traffic. Folding them
// ("x12: conv_2d + 7 ops") is how the text view shows the kernels that take
// longest and the fusion opportunities; the totals and shares of each fold
// are computed here, once.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_REPEATEDKERNELS_H
#define MLSYSIM_PRICING_REPEATEDKERNELS_H

#include "mlsysim/Pricing/PricedProgram.h"

namespace mlsysim {

/// The kernels (or ops) of one repeated structure.
struct RepeatedKernels {
  /// The first one's ops, and its kind (none for a single op).
  llvm::ArrayRef<unsigned> ops;
  std::optional<FusionKind> kind;
  /// The op of the first one with the most arithmetic: it names them.
  unsigned heaviestOp = 0;
  unsigned count = 0;
  /// The time of one, of all, and their share of the program's latency.
  double each = 0.0, total = 0.0, share = 0.0;
  /// What fusing them saves (fusion opportunities), and that saving's share
  /// of the program's ops as written.
  double saving = 0.0, savingEach = 0.0, savingShare = 0.0;
  Count bytesSaved;
  Bound bound = Bound::Free;
};

/// What runs under the program's execution model (the compiled plan's
/// kernels, or the ops), folded, largest total first.
std::vector<RepeatedKernels> foldRunUnits(const PricedProgram &program);
/// The number of units foldRunUnits folded.
size_t countRunUnits(const PricedProgram &program);

/// The fusion opportunities folded, largest saving first.
std::vector<RepeatedKernels> foldOpportunities(const PricedProgram &program);

/// The op of `ops` with the most arithmetic (the first on ties).
unsigned findHeaviestOp(const PricedProgram &program,
                        llvm::ArrayRef<unsigned> ops);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_REPEATEDKERNELS_H
