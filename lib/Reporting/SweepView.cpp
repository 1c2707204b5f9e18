//===- SweepView.cpp - The batch-size lesson ------------------------------===//

#include "mlsysim/Reporting/SweepView.h"

#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/JSONWriter.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlsysim;
using llvm::json::Array;
using llvm::json::Object;

static void printText(llvm::ArrayRef<SweepSeries> series,
                      llvm::raw_ostream &os) {
  for (const SweepSeries &s : series) {
    os << "sweep on " << s.hardware->name << " (" << s.hardware->id
       << "): the dynamic sizes bound to each value, which is also the batch\n";
    os << llvm::format("  %8s %12s %14s %8s %9s %8s %9s\n", "batch", "latency",
                       "samples/s", "MFU", "compute", "memory", "launches");
    for (size_t i = 0; i < s.values.size(); ++i) {
      const PricedTotals &t = s.totals[i];
      const Diagnosis &d = s.diagnoses[i];
      os << llvm::format("  %8lld %12s %14s %8s %9s %8s %9s\n",
                         static_cast<long long>(s.values[i]),
                         formatSeconds(t.latency).c_str(),
                         formatQuantity(s.getThroughput(i), "").c_str(),
                         formatPercent(t.getMFU()).c_str(),
                         formatPercent(d.computeShare).c_str(),
                         formatPercent(d.memoryShare).c_str(),
                         formatPercent(d.launchShare).c_str());
    }
    std::optional<int64_t> from = s.getComputeBoundFrom();
    if (!from)
      os << "  compute never takes the largest share of the time (memory or "
            "launches do) from any value swept on\n\n";
    else if (*from == s.values.front())
      os << "  compute-bound at every value swept\n\n";
    else
      os << "  turns compute-bound at batch " << *from
         << " (compute takes the largest share of the time from there on)\n\n";
  }
}

static llvm::json::Value sweepToJSON(llvm::ArrayRef<SweepSeries> series) {
  Array devices;
  for (const SweepSeries &s : series) {
    Array points;
    for (size_t i = 0; i < s.values.size(); ++i) {
      const PricedTotals &t = s.totals[i];
      points.push_back(Object{
          {"batch", s.values[i]},
          {"latency_s", t.latency},
          {"throughput_per_s", s.getThroughput(i)},
          {"mfu", t.getMFU()},
          {"flops", t.flops.toJSON()},
          {"bytes", (t.bytesRead + t.bytesWritten).toJSON()},
          {"share_by_bound", shareByBoundToJSON(t)},
          {"share", diagnosisShareToJSON(s.diagnoses[i])},
      });
    }
    std::optional<int64_t> from = s.getComputeBoundFrom();
    devices.push_back(
        Object{{"hardware", s.hardware->id},
               {"points", std::move(points)},
               {"compute_bound_from",
                from ? llvm::json::Value(*from) : llvm::json::Value(nullptr)}});
  }
  return Object{{"schema", "mlsysim-sweep/1"}, {"devices", std::move(devices)}};
}

/// Throughput against batch, log-log, one line per device.
static void printSVG(llvm::ArrayRef<SweepSeries> series,
                     llvm::raw_ostream &os) {
  constexpr double width = 800, height = 500, left = 90, right = 220, top = 50,
                   bottom = 60;
  double xlo = 1e300, xhi = 0, ylo = 1e300, yhi = 0;
  for (const SweepSeries &s : series)
    for (size_t i = 0; i < s.values.size(); ++i) {
      xlo = std::min<double>(xlo, s.values[i]);
      xhi = std::max<double>(xhi, s.values[i]);
      double t = s.getThroughput(i);
      if (t > 0) {
        ylo = std::min(ylo, t);
        yhi = std::max(yhi, t);
      }
    }
  if (xhi <= 0 || yhi <= 0)
    xlo = 1, xhi = 2, ylo = 1, yhi = 10;
  xlo = std::pow(2, std::floor(std::log2(xlo)));
  xhi = std::pow(2, std::ceil(std::log2(std::max(xhi, xlo * 2))));
  ylo = std::pow(10, std::floor(std::log10(ylo)));
  yhi = std::pow(10, std::ceil(std::log10(std::max(yhi, ylo * 10))));
  auto px = [&](double v) {
    return left +
           std::log(v / xlo) / std::log(xhi / xlo) * (width - left - right);
  };
  auto py = [&](double v) {
    return height - bottom -
           std::log(v / ylo) / std::log(yhi / ylo) * (height - top - bottom);
  };
  static constexpr const char *kColors[] = {"#1f77b4", "#d62728", "#2ca02c",
                                            "#9467bd", "#ff7f0e", "#8c564b"};
  os << llvm::format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
                     "height=\"%.0f\" font-family=\"sans-serif\">\n",
                     width, height);
  os << llvm::format("<rect width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n",
                     width, height);
  os << llvm::format("<text x=\"%.0f\" y=\"28\" font-size=\"18\" "
                     "font-weight=\"bold\">Throughput against batch size"
                     "</text>\n",
                     left);
  for (double v = xlo; v <= xhi * 1.0001; v *= 2)
    os << llvm::format("<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" "
                       "stroke=\"#ddd\"/><text x=\"%.1f\" y=\"%.0f\" "
                       "font-size=\"11\" text-anchor=\"middle\">%.0f</text>\n",
                       px(v), top, px(v), height - bottom, px(v),
                       height - bottom + 16, v);
  for (double v = ylo; v <= yhi * 1.0001; v *= 10)
    os << llvm::format("<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" "
                       "stroke=\"#ddd\"/><text x=\"%.0f\" y=\"%.1f\" "
                       "font-size=\"11\" text-anchor=\"end\">%s</text>\n",
                       left, py(v), width - right, py(v), left - 6, py(v) + 4,
                       formatQuantity(v, "").c_str());
  os << llvm::format("<text x=\"%.0f\" y=\"%.0f\" font-size=\"13\" "
                     "text-anchor=\"middle\">batch (log scale)</text>\n",
                     (left + width - right) / 2, height - 20);
  os << llvm::format("<text transform=\"translate(24,%.0f) rotate(-90)\" "
                     "font-size=\"13\" text-anchor=\"middle\">predicted "
                     "samples/s (log scale)</text>\n",
                     (top + height - bottom) / 2);
  for (auto [k, s] : llvm::enumerate(series)) {
    const char *color = kColors[k % std::size(kColors)];
    os << "<polyline class=\"series\" fill=\"none\" stroke=\"" << color
       << "\" stroke-width=\"2\" points=\"";
    for (size_t i = 0; i < s.values.size(); ++i)
      if (s.getThroughput(i) > 0)
        os << llvm::format("%.1f,%.1f ", px(s.values[i]),
                           py(s.getThroughput(i)));
    os << "\"/>\n";
    std::optional<int64_t> from = s.getComputeBoundFrom();
    for (size_t i = 0; i < s.values.size(); ++i)
      if (s.getThroughput(i) > 0)
        os << llvm::format("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" "
                           "fill=\"%s\"/>\n",
                           px(s.values[i]), py(s.getThroughput(i)),
                           from && s.values[i] == *from ? "6" : "3", color);
    double ly = top + 10 + 40 * k;
    os << llvm::format("<rect x=\"%.0f\" y=\"%.0f\" width=\"14\" height=\"4\" "
                       "fill=\"%s\"/><text x=\"%.0f\" y=\"%.0f\" "
                       "font-size=\"12\">%s</text>\n",
                       width - right + 14, ly, color, width - right + 34,
                       ly + 6, escapeMarkup(s.hardware->id).c_str());
    os << llvm::format(
        "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\">%s"
        "</text>\n",
        width - right + 34, ly + 20,
        from ? ("compute-bound from " + std::to_string(*from)).c_str()
             : "memory- or launch-bound");
  }
  os << "</svg>\n";
}

void mlsysim::printSweep(llvm::ArrayRef<SweepSeries> series,
                         ReportFormat format, llvm::raw_ostream &os) {
  switch (format) {
  case ReportFormat::JSON:
    printJSON(sweepToJSON(series), os);
    return;
  case ReportFormat::SVG:
    return printSVG(series, os);
  case ReportFormat::HTML:
    // A page around the chart, not a bare SVG under an .html name.
    os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<title>mlsysim sweep</title></head>\n<body>\n<h1>mlsysim "
          "sweep</h1>\n";
    printSVG(series, os);
    os << "</body></html>\n";
    return;
  case ReportFormat::CSV:
    os << "hardware,batch,latency_s,throughput_per_s,mfu,compute_share,"
          "memory_share,launch_share\n";
    for (const SweepSeries &s : series)
      for (size_t i = 0; i < s.values.size(); ++i) {
        const PricedTotals &t = s.totals[i];
        const Diagnosis &d = s.diagnoses[i];
        os << s.hardware->id << "," << s.values[i] << ","
           << formatShortest(t.latency) << ","
           << formatShortest(s.getThroughput(i)) << ","
           << formatShortest(t.getMFU()) << ","
           << formatShortest(d.computeShare) << ","
           << formatShortest(d.memoryShare) << ","
           << formatShortest(d.launchShare) << "\n";
      }
    return;
  case ReportFormat::Text:
    return printText(series, os);
  case ReportFormat::Trace:
    llvm_unreachable("the report pass refuses sweep= with format=trace");
  }
}
