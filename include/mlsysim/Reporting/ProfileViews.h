//===- ProfileViews.h - The measured profile beside the prediction -*- C++
//-*-===//
//
// The views of a profile overlay (Pricing/ProfileOverlay.h): what the
// report prints when `profile=` gives a measured run. They print the
// overlay's figures; the mapping and every ratio were made in the pricing
// layer.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_PROFILEVIEWS_H
#define MLSYSIM_REPORTING_PROFILEVIEWS_H

#include "mlsysim/Pricing/PricedProgram.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace mlsysim {

/// The text view's `measured` section: totals, what did not map, and the
/// units ranked by time left on the table (all of them with `ops=all`,
/// else the first ten); with profile-baseline=, the largest changes.
void printProfileText(const PricedProgram &report, llvm::raw_ostream &os);
/// `totals.profile` (docs/report-json.md).
llvm::json::Value profileToJSON(const PricedProgram &report);
/// "aten::linear + aten::relu": a unit's measured names, the first few.
std::string describeMeasuredNames(const MeasuredUnit &unit);
/// "linalg.matmul + 2 ops": the IR ops a unit covers, by its heaviest.
std::string describeMeasuredOps(const PricedProgram &report,
                                const MeasuredUnit &unit);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_PROFILEVIEWS_H
