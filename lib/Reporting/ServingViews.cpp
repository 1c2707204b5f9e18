//===- ServingViews.cpp - The serving view of an LLM step -----------------===//

#include "mlsysim/Reporting/ServingViews.h"

#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/Units.h"
#include "mlsysim/Support/EnumNames.h"

#include "llvm/Support/Format.h"

#include <cmath>

using namespace mlsysim;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

/// The name of each serving step, as the views print it.
static constexpr EnumName<ServingStep> kServingStepNames[] = {
    {ServingStep::None, "none", "not a serving step"},
    {ServingStep::Prefill, "prefill", "reads a prompt, fills the KV cache"},
    {ServingStep::Decode, "decode", "appends one token to the KV cache"},
};

void mlsysim::printServingText(const ServingReport &s, llvm::raw_ostream &os) {
  bool decode = s.step == ServingStep::Decode;
  os << "serving: @" << s.func << " is a "
     << stringifyEnum(kServingStepNames, s.step) << " step (";
  if (s.tokensPerSequence)
    os << *s.tokensPerSequence
       << (*s.tokensPerSequence == 1 ? " token" : " tokens") << " per sequence";
  else
    os << "a dynamic number of tokens per sequence";
  if (s.cacheLength)
    os << ", a KV cache of " << *s.cacheLength << " positions";
  if (s.lengthBound)
    os << "; the program's dynamic length bound by serving-length=";
  os << ")\n  ";
  if (s.kvBytesPerToken)
    os << "KV cache " << formatQuantity(*s.kvBytesPerToken, "B")
       << " per token; ";
  else
    os << "KV cache per token unknown (" << s.kvReason << "); ";
  os << "weights " << formatQuantity(s.parameterBytes, "B") << " of "
     << formatQuantity(s.capacityBytes, "B") << "; ";
  if (s.maxBatch && s.maxBatchCapped)
    os << "more than " << *s.maxBatch
       << " sequences (the most tried) fit at this context";
  else if (s.maxBatch)
    os << "at most " << *s.maxBatch << " sequences fit at this context";
  else
    os << "not even one sequence fits";
  if (s.maxCachedTokens)
    os << "; " << formatQuantity(*s.maxCachedTokens, "")
       << " cached tokens (batch x context) fit next to the weights "
          "(activations aside)";
  os << "\n";
  os << llvm::format("  %8s  %12s  %12s  %-13s  %s\n", "batch",
                     decode ? "per token" : "first token", "tokens/s", "bound",
                     "peak memory");
  for (const ServingPoint &p : s.points)
    os << llvm::format("  %8lld  %12s  %12s  %-13s  %s%s\n",
                       static_cast<long long>(p.batch),
                       formatSeconds(p.latency).c_str(),
                       formatQuantity(p.tokensPerS, "").c_str(),
                       stringifyBound(p.bound).str().c_str(),
                       formatQuantity(p.peakBytes, "B").c_str(),
                       p.fits ? "" : " (does not fit)");
}

Value mlsysim::servingToJSON(const ServingReport &s) {
  bool decode = s.step == ServingStep::Decode;
  auto optional = [](const auto &value) -> Value {
    return value ? Value(*value) : Value(nullptr);
  };
  Array points;
  for (const ServingPoint &p : s.points)
    points.push_back(Object{
        {"batch", p.batch},
        {"ttft_s", decode ? Value(nullptr) : Value(p.latency)},
        {"tpot_s", decode ? Value(p.latency) : Value(nullptr)},
        {"tokens_per_s", p.tokensPerS},
        {"bound", stringifyBound(p.bound)},
        {"peak_bytes", p.peakBytes},
        {"fits", p.fits},
    });
  return Object{
      {"func", s.func},
      {"step", stringifyEnum(kServingStepNames, s.step)},
      {"tokens_per_sequence", optional(s.tokensPerSequence)},
      {"cache_length", optional(s.cacheLength)},
      {"length_bound", s.lengthBound},
      {"kv_bytes_per_token", optional(s.kvBytesPerToken)},
      {"kv_reason", s.kvBytesPerToken ? Value(nullptr) : Value(s.kvReason)},
      {"parameter_bytes", s.parameterBytes},
      {"capacity_bytes", s.capacityBytes},
      {"max_batch", optional(s.maxBatch)},
      {"max_batch_capped", s.maxBatchCapped},
      {"max_cached_tokens", optional(s.maxCachedTokens)},
      {"points", std::move(points)},
  };
}

void mlsysim::printServingSVG(const ServingReport &s, llvm::raw_ostream &os) {
  if (s.points.empty())
    return;
  // Batch on a log axis; tokens/s (left, solid) and latency (right, dashed)
  // each on a linear axis from 0.
  constexpr double width = 640, height = 320, left = 70, right = 70, top = 20,
                   bottom = 45;
  double minB = std::log2(static_cast<double>(s.points.front().batch));
  double maxB = std::log2(static_cast<double>(s.points.back().batch));
  double maxRate = 0, maxLatency = 0;
  for (const ServingPoint &p : s.points) {
    maxRate = std::max(maxRate, p.tokensPerS);
    maxLatency = std::max(maxLatency, p.latency);
  }
  auto x = [&](int64_t batch) {
    double span = maxB > minB ? maxB - minB : 1.0;
    return left + (std::log2(static_cast<double>(batch)) - minB) / span *
                      (width - left - right);
  };
  auto y = [&](double v, double max) {
    return height - bottom - (max > 0 ? v / max : 0) * (height - top - bottom);
  };
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
     << "\" height=\"" << height << "\" font-family=\"sans-serif\" "
     << "font-size=\"11\" role=\"img\"><title>"
     << escapeMarkup("@" + s.func + ": tokens/s and latency against batch")
     << "</title>\n";
  os << llvm::format("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                     "stroke=\"#333\"/>\n",
                     left, height - bottom, width - right, height - bottom);
  auto polyline = [&](bool rate, const char *color, const char *dash) {
    os << "<polyline fill=\"none\" stroke=\"" << color << "\" "
       << "stroke-dasharray=\"" << dash << "\" points=\"";
    for (const ServingPoint &p : s.points)
      os << llvm::format("%.1f,%.1f ", x(p.batch),
                         rate ? y(p.tokensPerS, maxRate)
                              : y(p.latency, maxLatency));
    os << "\"/>\n";
    for (const ServingPoint &p : s.points)
      os << llvm::format("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\">",
                         x(p.batch),
                         rate ? y(p.tokensPerS, maxRate)
                              : y(p.latency, maxLatency),
                         color)
         << "<title>batch " << p.batch << ": "
         << (rate ? formatQuantity(p.tokensPerS, "") + " tokens/s"
                  : formatSeconds(p.latency))
         << ", " << stringifyBound(p.bound) << "-bound</title></circle>\n";
  };
  polyline(true, "#1f77b4", "none");
  polyline(false, "#d62728", "5,3");
  for (const ServingPoint &p : s.points)
    os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
                       x(p.batch), height - bottom + 15)
       << p.batch << "</text>\n";
  os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">"
                     "batch</text>\n",
                     (width) / 2, height - 8);
  os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" fill=\"#1f77b4\">", 4.0,
                     top + 4)
     << "tokens/s (max " << formatQuantity(maxRate, "") << ")</text>\n";
  os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" fill=\"#d62728\" "
                     "text-anchor=\"end\">",
                     width - 4, top + 4)
     << (s.step == ServingStep::Decode ? "per token" : "first token")
     << " (max " << formatSeconds(maxLatency) << ", dashed)</text>\n";
  os << "</svg>\n";
}
