//===- ServingViews.h - The serving view of an LLM step ---------*- C++ -*-===//
//
// The serving view's renderings of a priced serving step (Pricing/Serving.h).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_REPORTING_SERVINGVIEWS_H
#define MLSYSIM_REPORTING_SERVINGVIEWS_H

#include "mlsysim/Pricing/Serving.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace mlsysim {

/// Text, JSON (the `serving` object) and an SVG plot of tokens per second
/// and latency against batch, for the HTML view.
void printServingText(const ServingReport &serving, llvm::raw_ostream &os);
llvm::json::Value servingToJSON(const ServingReport &serving);
void printServingSVG(const ServingReport &serving, llvm::raw_ostream &os);
/// The HTML view's serving section: the text view's lines as paragraphs,
/// its table as a table, and the plot.
void printServingHTML(const ServingReport &serving, llvm::raw_ostream &os);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_SERVINGVIEWS_H
