//===- SVGReport.cpp - The roofline chart ---------------------------------===//
//
// One picture: which side of the roof each op sits on. Log-log axes (x:
// arithmetic intensity in ops/byte, y: attained ops/s = work / predicted
// latency), one roof per (unit, format) the ops used with its ridge point,
// one dot per op coloured by bound and sized by its share of time, the
// costliest ops labelled.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/ReportFormats.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <cmath>

using namespace mlsysim;

namespace {
/// Chart geometry (SVG user units).
constexpr double kWidth = 900, kHeight = 600;
constexpr double kLeft = 90, kRight = 200, kTop = 50, kBottom = 70;

/// The color of each bound's dots.
struct BoundColor {
  Bound value;
  const char *color;
};
constexpr BoundColor kBoundColors[] = {
    {Bound::Compute, "#d62728"},       {Bound::Memory, "#1f77b4"},
    {Bound::Overhead, "#7f7f7f"},      {Bound::Free, "#bbbbbb"},
    {Bound::Communication, "#2ca02c"},
};
const char *boundColor(Bound bound) {
  return lookupEnum(kBoundColors, bound).color;
}

/// The colour of a memory level's dots (registers and shared memory inner,
/// device memory outer).
static const char *levelColor(llvm::StringRef level) {
  return llvm::StringSwitch<const char *>(level)
      .Case("l1", "#1b9e77")
      .Case("l2", "#7570b3")
      .Case("llc", "#7570b3")
      .Case("l3", "#7570b3")
      .Default("#e7298a");
}

/// Log scale of [lo, hi] onto [a, b].
struct LogAxis {
  double lo, hi, a, b;
  double map(double v) const {
    v = std::clamp(v, lo, hi);
    return a + (std::log10(v) - std::log10(lo)) /
                   (std::log10(hi) - std::log10(lo)) * (b - a);
  }
};

/// Decades spanning [lo, hi].
std::pair<double, double> decades(double lo, double hi) {
  return {std::pow(10.0, std::floor(std::log10(lo))),
          std::pow(10.0, std::ceil(std::log10(hi)))};
}

/// One op on the chart: its intensity (x) and attained rate (y).
struct Point {
  const PricedOp *op;
  double x, y;
};

/// The axes of one chart at vertical offset `y0`.
struct ChartAxes {
  LogAxis x, y;
};
} // namespace

/// The ops that did work, as points.
static std::vector<Point> collectPoints(const PricedProgram &report) {
  std::vector<Point> points;
  for (const PricedOp &op : report.ops) {
    double work = (op.flops + op.intOps).toDouble();
    if (!op.modeled || op.free || work <= 0 || op.roofline.latency <= 0 ||
        op.bytes().isZero())
      continue;
    points.push_back({&op, op.intensity, op.achievedRate});
  }
  return points;
}

/// The measured units with work and traffic (profile=): a predicted and a
/// measured dot each, at the same intensity.
static std::vector<const MeasuredUnit *>
collectMeasured(const PricedProgram &report) {
  std::vector<const MeasuredUnit *> units;
  if (report.profile)
    for (const MeasuredUnit &unit : report.profile->units)
      if (unit.intensity > 0 && unit.predictedFlops > 0 &&
          unit.achievedFlops > 0)
        units.push_back(&unit);
  return units;
}

/// Decades around every point and every roof (its peak, and its ridge well
/// inside the x range), for the chart at vertical offset `y0`.
static ChartAxes chooseAxes(const PricedProgram &report,
                            llvm::ArrayRef<Point> points, double y0) {
  std::vector<Point> all(points.begin(), points.end());
  for (const MeasuredUnit *unit : collectMeasured(report)) {
    all.push_back({nullptr, unit->intensity, unit->predictedFlops});
    all.push_back({nullptr, unit->intensity, unit->achievedFlops});
  }
  points = all;
  // The roofs: the peaks the ops used (in the report's convention).
  double maxPeak = 0;
  for (const auto &[key, entry] : report.totals.workByPeak)
    maxPeak = std::max(maxPeak, entry.second);
  double xlo = 1e-2, xhi = 1e3, ylo = maxPeak > 0 ? maxPeak / 1e5 : 1e9,
         yhi = maxPeak > 0 ? maxPeak * 2 : 1e15;
  for (const Point &p : points) {
    xlo = std::min(xlo, p.x / 2);
    xhi = std::max(xhi, p.x * 2);
    ylo = std::min(ylo, p.y / 2);
    yhi = std::max(yhi, p.y * 2);
  }
  for (const auto &[key, entry] : report.totals.workByPeak)
    // Every priced peak comes from the device's table: it has a ridge.
    xhi = std::max(xhi, *report.getRidgePoint(key.first, key.second) * 4);
  std::tie(xlo, xhi) = decades(xlo, xhi);
  std::tie(ylo, yhi) = decades(ylo, yhi);
  return {LogAxis{xlo, xhi, kLeft, kWidth - kRight},
          LogAxis{ylo, yhi, y0 + kHeight - kBottom, y0 + kTop}};
}

/// The title, the frame, a grid line and a label per decade of each axis,
/// and the axes' names.
static void printFrame(const PricedProgram &report, const ChartAxes &axes,
                       double y0, llvm::raw_ostream &os) {
  os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"18\" "
                     "font-weight=\"bold\">Roofline: %s</text>\n",
                     kLeft, y0 + 28,
                     escapeMarkup(report.hardware->name).c_str());
  os << llvm::format("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                     "height=\"%.1f\" fill=\"none\" stroke=\"#333\"/>\n",
                     kLeft, y0 + kTop, kWidth - kRight - kLeft,
                     kHeight - kTop - kBottom);
  for (double v = axes.x.lo; v <= axes.x.hi * 1.0001; v *= 10) {
    double px = axes.x.map(v);
    os << llvm::format("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                       "stroke=\"#ddd\"/>\n",
                       px, y0 + kTop, px, y0 + kHeight - kBottom);
    os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" "
                       "text-anchor=\"middle\">%s</text>\n",
                       px, y0 + kHeight - kBottom + 16,
                       formatShortest(v).c_str());
  }
  for (double v = axes.y.lo; v <= axes.y.hi * 1.0001; v *= 10) {
    double py = axes.y.map(v);
    os << llvm::format("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                       "stroke=\"#ddd\"/>\n",
                       kLeft, py, kWidth - kRight, py);
    os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" "
                       "text-anchor=\"end\">%s</text>\n",
                       kLeft - 6, py + 4, formatQuantity(v, "").c_str());
  }
  bool mac = report.options.convention == FlopConvention::MAC;
  os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" "
                     "text-anchor=\"middle\">arithmetic intensity (%s per "
                     "byte, log scale)</text>\n",
                     (kLeft + kWidth - kRight) / 2, y0 + kHeight - 30,
                     mac ? "MAC-convention ops" : "ops");
  os << llvm::format("<text transform=\"translate(%.1f,%.1f) rotate(-90)\" "
                     "font-size=\"13\" text-anchor=\"middle\">attained "
                     "performance (ops/s = work / predicted latency, log "
                     "scale)</text>\n",
                     24.0, y0 + (kTop + kHeight - kBottom) / 2);
}

/// The baselines of labels that want to sit at `wanted` (SVG y, any order),
/// each at least `spacing` below the one above it and none below `bottom`:
/// labels in the order of their wanted positions, pushed down where they
/// would overlap the one above, then up where the stack runs past the
/// bottom.
static std::vector<double> stackLabels(llvm::ArrayRef<double> wanted,
                                       double spacing, double bottom) {
  std::vector<size_t> order(wanted.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::stable_sort(order,
                    [&](size_t a, size_t b) { return wanted[a] < wanted[b]; });
  std::vector<double> placed(wanted.begin(), wanted.end());
  for (size_t k = 1; k < order.size(); ++k)
    placed[order[k]] =
        std::max(placed[order[k]], placed[order[k - 1]] + spacing);
  if (!order.empty())
    placed[order.back()] = std::min(placed[order.back()], bottom);
  for (size_t k = order.size(); k-- > 1;)
    placed[order[k - 1]] =
        std::min(placed[order[k - 1]], placed[order[k]] - spacing);
  return placed;
}

/// Roofs: bandwidth diagonal up to each peak, then flat; ridge marked; each
/// labelled above its flat part, the labels stacked so that none overlaps
/// another (two formats often share a peak: f16 and bf16, fp8 and int8).
static void printRoofs(const PricedProgram &report, const ChartAxes &axes,
                       double y0, llvm::raw_ostream &os) {
  const LogAxis &x = axes.x, &y = axes.y;
  double bandwidth = report.hardware->memoryBandwidthBytesPerS.value;
  int roofIndex = 0;
  std::vector<std::string> labels;
  std::vector<double> wanted;
  for (const auto &[key, entry] : report.totals.workByPeak) {
    double peak = entry.second;
    double ridge = *report.getRidgePoint(key.first, key.second);
    double x0 = x.lo, xr = std::min(ridge, x.hi);
    os << llvm::format("<polyline class=\"roof\" fill=\"none\" "
                       "stroke=\"#222\" stroke-width=\"2\" "
                       "stroke-dasharray=\"%s\" points=\"%.1f,%.1f %.1f,%.1f "
                       "%.1f,%.1f\"/>\n",
                       roofIndex == 0 ? "none" : "6,3", x.map(x0),
                       y.map(bandwidth * x0), x.map(xr), y.map(bandwidth * xr),
                       x.map(x.hi), y.map(peak));
    os << llvm::format("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" "
                       "fill=\"#222\"/>\n",
                       x.map(xr), y.map(peak));
    labels.push_back(
        (stringifyComputeUnit(key.first) + " " +
         stringifyElementKind(key.second) + " " +
         formatQuantity(peak, isIntegerKind(key.second) ? "OP/s" : "FLOP/s") +
         ", ridge " + formatFixed(ridge, 1))
            .str());
    wanted.push_back(y.map(peak) - 4);
    ++roofIndex;
  }
  // 11-unit text is about 13 units from its descent to its ascent: 14 from
  // baseline to baseline keeps a gap. A white
  // halo (stroke painted under the fill) keeps a label readable where
  // another roof's line crosses it.
  constexpr double kLabelSpacing = 14;
  std::vector<double> placed =
      stackLabels(wanted, kLabelSpacing, y0 + kHeight - kBottom - 4);
  for (auto [label, baseline] : llvm::zip_equal(labels, placed))
    os << llvm::format("<text class=\"roof-label\" x=\"%.1f\" y=\"%.1f\" "
                       "font-size=\"11\" text-anchor=\"end\" "
                       "paint-order=\"stroke\" stroke=\"white\" "
                       "stroke-width=\"3\">%s</text>\n",
                       kWidth - kRight - 4, baseline,
                       escapeMarkup(label).c_str());
}

/// One dot per op, largest first (so small ones stay visible), sized by its
/// share of time; the costliest (the first of `sorted`) numbered.
static void printDots(llvm::ArrayRef<Point> sorted,
                      llvm::ArrayRef<Point> costliest, const ChartAxes &axes,
                      llvm::raw_ostream &os) {
  for (const Point &p : sorted) {
    double radius = 3 + 22 * std::sqrt(p.op->share);
    os << llvm::format("<circle class=\"op\" cx=\"%.1f\" cy=\"%.1f\" "
                       "r=\"%.1f\" fill=\"%s\" fill-opacity=\"0.6\" "
                       "stroke=\"#000\" stroke-width=\"0.5\">",
                       axes.x.map(p.x), axes.y.map(p.y), radius,
                       boundColor(p.op->roofline.bound));
    os << "<title>#" << p.op->id << " " << escapeMarkup(p.op->name) << " at "
       << escapeMarkup(p.op->loc) << ": "
       << formatSeconds(p.op->roofline.latency) << ", "
       << stringifyBound(p.op->roofline.bound) << "-bound</title></circle>\n";
  }
  // Nsight's hierarchical roofline: the op's work over each level's
  // traffic, at the same achieved rate, one colour per level.
  for (const Point &p : sorted)
    for (const LevelTraffic &level : p.op->roofline.levels)
      if (level.intensity > 0.0 && p.op->roofline.levels.size() > 1)
        os << llvm::format("<rect class=\"level\" x=\"%.1f\" y=\"%.1f\" "
                           "width=\"6\" height=\"6\" fill=\"%s\">"
                           "<title>#%lld %s</title></rect>\n",
                           axes.x.map(level.intensity) - 3, axes.y.map(p.y) - 3,
                           levelColor(level.level),
                           static_cast<long long>(p.op->id),
                           escapeMarkup(level.level).c_str());
  for (auto [rank, p] : llvm::enumerate(costliest))
    os << llvm::format("<text class=\"label\" x=\"%.1f\" y=\"%.1f\" "
                       "font-size=\"12\" font-weight=\"bold\" "
                       "text-anchor=\"middle\">%zu</text>\n",
                       axes.x.map(p.x), axes.y.map(p.y) + 4, rank + 1);
}

/// profile=: per measured unit, its predicted dot (hollow) and its
/// measured dot (black) joined by a line: how far below the prediction the
/// run was, at the same intensity.
static void printMeasured(const PricedProgram &report, const ChartAxes &axes,
                          llvm::raw_ostream &os) {
  for (const MeasuredUnit *unit : collectMeasured(report)) {
    double x = axes.x.map(unit->intensity),
           yp = axes.y.map(unit->predictedFlops),
           ym = axes.y.map(unit->achievedFlops);
    std::string title =
        (unit->names.empty() ? std::string("?") : unit->names.front()) +
        " on #" + std::to_string(unit->anchor) + " " +
        report.ops[unit->anchor].name.str() + ": measured " +
        formatSeconds(unit->measured) + ", predicted " +
        formatSeconds(unit->predicted);
    os << llvm::format("<g class=\"measured\"><line x1=\"%.1f\" y1=\"%.1f\" "
                       "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\" "
                       "stroke-width=\"1\" stroke-dasharray=\"3,2\"/>",
                       x, yp, x, ym);
    os << llvm::format("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"none\" "
                       "stroke=\"#000\"/>",
                       x, yp);
    os << llvm::format("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" "
                       "fill=\"#000\">",
                       x, ym);
    os << "<title>" << escapeMarkup(title) << "</title></circle></g>\n";
  }
}

/// The legend column: the bounds' colors, what a dot says, and the costliest
/// ops by number.
static void printLegend(const PricedProgram &report, size_t numPoints,
                        llvm::ArrayRef<Point> costliest, double y0,
                        llvm::raw_ostream &os) {
  double lx = kWidth - kRight + 16, ly = y0 + kTop + 10;
  for (Bound bound : {Bound::Compute, Bound::Memory, Bound::Overhead}) {
    os << llvm::format("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"6\" fill=\"%s\" "
                       "fill-opacity=\"0.6\"/>\n",
                       lx, ly, boundColor(bound));
    os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\">%s-bound"
                       "</text>\n",
                       lx + 12, ly + 4, stringifyBound(bound).str().c_str());
    ly += 20;
  }
  bool mac = report.options.convention == FlopConvention::MAC;
  os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">dot area: "
                     "share of time</text>\n",
                     lx - 6, ly + 4);
  os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">%zu ops, "
                     "%s total</text>\n",
                     lx - 6, ly + 22, numPoints,
                     formatSeconds(report.totals.latency).c_str());
  os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">a MAC = %s"
                     "</text>\n",
                     lx - 6, ly + 40, mac ? "1 FLOP" : "2 FLOPs");
  os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">squares: "
                     "a tiled op's work over its",
                     lx - 6, ly + 58)
     << "</text>\n";
  ly += 58;
  for (llvm::StringRef level : {"l1", "l2", "dram"}) {
    ly += 16;
    os << llvm::format("<rect x=\"%.1f\" y=\"%.1f\" width=\"6\" "
                       "height=\"6\" fill=\"%s\"/>\n",
                       lx - 3, ly - 3, levelColor(level));
    os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">%s "
                       "traffic</text>\n",
                       lx + 8, ly + 4, level.str().c_str());
  }
  if (report.profile) {
    ly += 22;
    os << llvm::format("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" "
                       "fill=\"#000\"/>\n",
                       lx, ly);
    os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">"
                       "measured (o: predicted)</text>\n",
                       lx + 8, ly + 4);
  }
  ly += 30;
  os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" "
                     "font-weight=\"bold\">costliest ops</text>\n",
                     lx - 6, ly);
  for (auto [rank, p] : llvm::enumerate(costliest)) {
    ly += 30;
    os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\">", lx - 6,
                       ly)
       << (rank + 1) << ". #" << p.op->id << " "
       << escapeMarkup(formatSeconds(p.op->roofline.latency)) << "</text>\n";
    // Long op names on their own line, shortened to fit the column.
    std::string name = p.op->name.str();
    if (name.size() > 28)
      name = name.substr(0, 27) + "…";
    os << llvm::format("<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">", lx + 6,
                       ly + 13)
       << escapeMarkup(name) << "</text>\n";
  }
}

/// One chart at vertical offset `y0`.
static void printChart(const PricedProgram &report, double y0,
                       llvm::raw_ostream &os) {
  std::vector<Point> points = collectPoints(report);
  ChartAxes axes = chooseAxes(report, points, y0);
  os << "<g class=\"roofline\">\n";
  printFrame(report, axes, y0, os);
  printRoofs(report, axes, y0, os);
  std::vector<Point> sorted = points;
  llvm::sort(sorted, [](const Point &a, const Point &b) {
    return a.op->roofline.latency > b.op->roofline.latency;
  });
  // The five costliest: a number on the dot, the op in the legend column.
  llvm::ArrayRef<Point> costliest = llvm::ArrayRef(sorted).take_front(5);
  printDots(sorted, costliest, axes, os);
  printMeasured(report, axes, os);
  printLegend(report, points.size(), costliest, y0, os);
  os << "</g>\n";
}

void mlsysim::printSVGRooflines(llvm::ArrayRef<PricedProgram> reports,
                                llvm::raw_ostream &os) {
  os << llvm::format("<svg xmlns=\"http://www.w3.org/2000/svg\" "
                     "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                     "font-family=\"sans-serif\">\n",
                     kWidth, kHeight * reports.size(), kWidth,
                     kHeight * reports.size());
  os << llvm::format("<rect width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n",
                     kWidth, kHeight * reports.size());
  for (auto [i, report] : llvm::enumerate(reports))
    printChart(report, i * kHeight, os);
  os << "</svg>\n";
}

void mlsysim::printSVGRoofline(const PricedProgram &report,
                               llvm::raw_ostream &os) {
  printSVGRooflines(llvm::ArrayRef(report), os);
}
