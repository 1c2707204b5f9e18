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

/// "serving: @f is a decode step (1 token per sequence, ...)": what the step
/// is, on one line.
static void printStepLine(const ServingReport &s, llvm::raw_ostream &os) {
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
  os << ")";
}

/// "KV cache 131 KB per token; weights ...; at most 230 sequences fit": what
/// the device's memory holds, on one line.
static void printCapacityLine(const ServingReport &s, llvm::raw_ostream &os) {
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
}

/// The name of a point's latency: per output token (decode) or to the first
/// token (prefill).
static const char *latencyName(const ServingReport &s) {
  return s.step == ServingStep::Decode ? "per token" : "first token";
}

void mlsysim::printServingText(const ServingReport &s, llvm::raw_ostream &os) {
  printStepLine(s, os);
  os << "\n  ";
  printCapacityLine(s, os);
  os << "\n";
  os << llvm::format("  %8s  %12s  %12s  %-13s  %s\n", "batch", latencyName(s),
                     "tokens/s", "bound", "peak memory");
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

namespace {
/// A linear axis from 0 with round ticks (1, 2 or 5 times a power of ten),
/// about five of them, whose last tick is at or above `max`.
struct LinearTicks {
  double step = 1.0, top = 1.0;

  explicit LinearTicks(double max) {
    if (!(max > 0) || !std::isfinite(max))
      return;
    double raw = max / 5;
    double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double normalized = raw / magnitude;
    step = (normalized <= 1   ? 1
            : normalized <= 2 ? 2
            : normalized <= 5 ? 5
                              : 10) *
           magnitude;
    top = std::ceil(max / step - 1e-9) * step;
  }
  unsigned count() const {
    return static_cast<unsigned>(std::lround(top / step));
  }
};
} // namespace

void mlsysim::printServingSVG(const ServingReport &s, llvm::raw_ostream &os) {
  if (s.points.empty())
    return;
  // Batch on a log axis; tokens/s (left axis, solid) and latency (right
  // axis, dashed) each on a linear axis from 0 with its own ticks.
  constexpr double width = 640, height = 320, left = 80, right = 80, top = 20,
                   bottom = 45;
  double minB = std::log2(static_cast<double>(s.points.front().batch));
  double maxB = std::log2(static_cast<double>(s.points.back().batch));
  double maxRate = 0, maxLatency = 0;
  for (const ServingPoint &p : s.points) {
    maxRate = std::max(maxRate, p.tokensPerS);
    maxLatency = std::max(maxLatency, p.latency);
  }
  LinearTicks rateTicks(maxRate), latencyTicks(maxLatency);
  auto x = [&](int64_t batch) {
    double span = maxB > minB ? maxB - minB : 1.0;
    return left + (std::log2(static_cast<double>(batch)) - minB) / span *
                      (width - left - right);
  };
  auto y = [&](double v, const LinearTicks &ticks) {
    return height - bottom - v / ticks.top * (height - top - bottom);
  };
  // A viewBox, so that the page can shrink the plot to a narrow window.
  os << llvm::format("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                     "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                     "font-family=\"sans-serif\" font-size=\"11\" "
                     "role=\"img\">",
                     width, height, width, height)
     << "<title>"
     << escapeMarkup("@" + s.func + ": tokens/s and latency against batch")
     << "</title>\n";
  os << llvm::format("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                     "stroke=\"#333\"/>\n",
                     left, height - bottom, width - right, height - bottom);
  // One y axis per series, in its colour: the line, a tick, a grid line
  // (left axis only, so that the two grids do not interleave) and a label
  // per round value, and the axis' name with its unit.
  auto axis = [&](bool rate) {
    const LinearTicks &ticks = rate ? rateTicks : latencyTicks;
    double ax = rate ? left : width - right;
    const char *color = rate ? "#1f77b4" : "#d62728";
    os << "<g class=\"y-axis " << (rate ? "left" : "right") << "\" fill=\""
       << color << "\">\n";
    os << llvm::format("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                       "stroke=\"%s\"/>\n",
                       ax, top, ax, height - bottom, color);
    for (unsigned i = 0; i <= ticks.count(); ++i) {
      double v = i * ticks.step, py = y(v, ticks);
      if (rate && i > 0)
        os << llvm::format("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                           "y2=\"%.1f\" stroke=\"#eee\"/>\n",
                           left, py, width - right, py);
      os << llvm::format("<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" "
                         "x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n",
                         ax, py, rate ? ax - 4 : ax + 4, py, color);
      std::string label =
          rate ? llvm::StringRef(formatQuantity(v, "")).rtrim().str()
               : formatSeconds(v);
      os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">",
                         rate ? ax - 7 : ax + 7, py + 4, rate ? "end" : "start")
         << escapeMarkup(label) << "</text>\n";
    }
    std::string name = rate ? "tokens/s (solid)"
                            : std::string(s.step == ServingStep::Decode
                                              ? "time per output token"
                                              : "time to first token") +
                                  " (dashed)";
    os << llvm::format("<text class=\"axis-label\" transform=\"translate(%.1f,"
                       "%.1f) rotate(-90)\" text-anchor=\"middle\" "
                       "font-size=\"12\">",
                       rate ? 14.0 : width - 8, (top + height - bottom) / 2)
       << escapeMarkup(name) << "</text>\n</g>\n";
  };
  axis(true);
  axis(false);
  auto polyline = [&](bool rate, const char *color, const char *dash) {
    auto py = [&](const ServingPoint &p) {
      return rate ? y(p.tokensPerS, rateTicks) : y(p.latency, latencyTicks);
    };
    os << "<polyline fill=\"none\" stroke=\"" << color << "\" "
       << "stroke-dasharray=\"" << dash << "\" points=\"";
    for (const ServingPoint &p : s.points)
      os << llvm::format("%.1f,%.1f ", x(p.batch), py(p));
    os << "\"/>\n";
    for (const ServingPoint &p : s.points)
      os << llvm::format("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\">",
                         x(p.batch), py(p), color)
         << "<title>batch " << p.batch << ": "
         << (rate ? formatQuantity(p.tokensPerS, "") + "tokens/s"
                  : formatSeconds(p.latency) + " " + latencyName(s))
         << ", " << stringifyBound(p.bound) << "-bound</title></circle>\n";
  };
  polyline(true, "#1f77b4", "none");
  polyline(false, "#d62728", "5,3");
  for (const ServingPoint &p : s.points)
    os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
                       x(p.batch), height - bottom + 15)
       << p.batch << "</text>\n";
  os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                     "font-size=\"12\">batch (sequences per step, log "
                     "scale)</text>\n",
                     (left + width - right) / 2, height - 8);
  os << "</svg>\n";
}

void mlsysim::printServingHTML(const ServingReport &s, llvm::raw_ostream &os) {
  // The text view's two lines as paragraphs (a <pre> would need the text's
  // own line breaks, which markup escaping turns into spaces), its table as
  // a table, then the plot.
  std::string line;
  llvm::raw_string_ostream lineOS(line);
  printStepLine(s, lineOS);
  os << "<p class=\"serving-step\">" << escapeMarkup(line) << "</p>\n";
  line.clear();
  printCapacityLine(s, lineOS);
  os << "<p class=\"serving-capacity\">" << escapeMarkup(line) << "</p>\n";
  os << "<div class=\"scroll\"><table id=\"serving-points\"><thead><tr>"
     << "<th>batch</th><th>" << latencyName(s)
     << "</th><th>tokens/s</th><th class=\"text\">bound</th><th>peak "
        "memory</th></tr></thead><tbody>\n";
  for (const ServingPoint &p : s.points)
    os << "<tr" << (p.fits ? "" : " class=\"warn\"") << "><td>" << p.batch
       << "</td><td>" << escapeMarkup(formatSeconds(p.latency)) << "</td><td>"
       << escapeMarkup(formatQuantity(p.tokensPerS, "")) << "</td><td "
       << "class=\"text\">" << stringifyBound(p.bound) << "</td><td>"
       << escapeMarkup(formatQuantity(p.peakBytes, "B") +
                       (p.fits ? "" : " (does not fit)"))
       << "</td></tr>\n";
  os << "</tbody></table></div>\n";
  printServingSVG(s, os);
}
