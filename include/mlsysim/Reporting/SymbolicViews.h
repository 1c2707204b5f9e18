//===- SymbolicViews.h - The formulas in the report's views -----*- C++ -*-===//
//
// JSON: a `symbols` object at the top (name -> where the size comes from),
// and a `symbolic` object on every op and function (its counts as formulas,
// in the grammar of SymExpr.h, FLOPs in the report's convention; its
// crossovers; a function's peak memory and the largest sizes that fit).
// Text: a section with the same, for the functions and the ops that take
// longest.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_SYMBOLICVIEWS_H
#define MLSYSIM_REPORTING_SYMBOLICVIEWS_H

#include "mlsysim/Pricing/PricedProgram.h"

#include "llvm/Support/JSON.h"

namespace mlsysim {

/// `{name: source}` of the symbols the formulas use.
llvm::json::Object symbolsToJSON(const PricedProgram &report);
/// Op `id`'s formulas, or why it has none.
llvm::json::Object symbolicOpToJSON(const PricedProgram &report, unsigned id);
/// Function `name`'s formulas (its ops as written), crossovers and fits.
llvm::json::Value symbolicFunctionToJSON(const PricedProgram &report,
                                         llvm::StringRef name);
/// The text section; nothing when the program has no dynamic size.
void printSymbolicText(const PricedProgram &report, llvm::raw_ostream &os);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_SYMBOLICVIEWS_H
