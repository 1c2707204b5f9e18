//===- HTMLReport.cpp - A self-contained page -----------------------------===//
//
// One file, no network, no external scripts: the summary, the roofline chart
// and a sortable, filterable table of the ops. Every string from the IR is
// escaped. The page's script also reads `#sort=COLUMN` and `#filter=TEXT`
// from the URL, so a headless browser can check sorting.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/ReportFormats.h"

#include "mlsysim/Reporting/ServingViews.h"

#include "mlsysim/Reporting/DiagnosisText.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/Support/Format.h"

using namespace mlsysim;

static constexpr const char *kStyle = R"(
body { font-family: sans-serif; margin: 24px; color: #222; }
h1 { font-size: 22px; } h2 { font-size: 18px; margin-top: 28px; }
table { border-collapse: collapse; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: right; white-space: nowrap; }
th { background: #f0f0f0; cursor: pointer; user-select: none; }
td.text, th.text { text-align: left; }
tr.compute td.bound { color: #d62728; } tr.memory td.bound { color: #1f77b4; }
tr.overhead td.bound { color: #7f7f7f; } tr.unmodeled td { color: #a00; }
.summary td { text-align: left; } .warn { color: #a00; font-weight: bold; }
)";

// Sorting and filtering, no dependencies. Columns with data-value sort
// numerically; others as text.
static constexpr const char *kScript = R"(
(function () {
  var table = document.getElementById('ops');
  var body = table.tBodies[0];
  var state = { column: -1, ascending: true };
  function key(row, column) {
    var cell = row.cells[column];
    var v = cell.getAttribute('data-value');
    return v === null ? cell.textContent : parseFloat(v);
  }
  function sortBy(column, ascending) {
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = key(a, column), y = key(b, column);
      if (typeof x === 'number' && isNaN(x)) x = -Infinity;
      if (typeof y === 'number' && isNaN(y)) y = -Infinity;
      var r = x < y ? -1 : x > y ? 1 : 0;
      return ascending ? r : -r;
    });
    rows.forEach(function (row) { body.appendChild(row); });
    state.column = column; state.ascending = ascending;
    table.setAttribute('data-sorted', table.tHead.rows[0].cells[column].id + (ascending ? ':asc' : ':desc'));
  }
  function filter(text) {
    text = text.toLowerCase();
    var shown = 0;
    Array.prototype.forEach.call(body.rows, function (row) {
      var match = row.textContent.toLowerCase().indexOf(text) >= 0;
      row.style.display = match ? '' : 'none';
      if (match) shown++;
    });
    document.getElementById('shown').textContent = shown;
  }
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
    th.addEventListener('click', function () {
      sortBy(i, state.column === i ? !state.ascending : false);
    });
  });
  var box = document.getElementById('filter');
  box.addEventListener('input', function () { filter(box.value); });
  // #sort=COLUMN[:asc] and #filter=TEXT, for links and headless checks.
  decodeURIComponent(location.hash.slice(1)).split('&').forEach(function (kv) {
    var parts = kv.split('=');
    if (parts[0] === 'sort') {
      var spec = (parts[1] || '').split(':');
      var th = document.getElementById('col-' + spec[0]);
      if (th) sortBy(th.cellIndex, spec[1] === 'asc');
    } else if (parts[0] === 'filter') {
      box.value = parts.slice(1).join('='); filter(box.value);
    }
  });
})();
)";

/// A numeric cell that sorts by its value.
static void numberCell(llvm::raw_ostream &os, double value,
                       const std::string &shown) {
  os << "<td data-value=\"" << formatShortest(value) << "\">"
     << escapeMarkup(shown) << "</td>";
}

static void printDiagnosis(const Diagnosis &diagnosis, const std::string &id,
                           const HardwareSpec &hw, llvm::raw_ostream &os);

static void printSummary(const PricedProgram &report, llvm::raw_ostream &os) {
  const HardwareSpec &hw = *report.hardware;
  const PricedTotals &t = report.totals;
  os << "<table class=\"summary\" id=\"summary\">\n";
  auto row = [&](llvm::StringRef name, const std::string &value) {
    os << "<tr><th class=\"text\">" << escapeMarkup(name) << "</th><td>"
       << escapeMarkup(value) << "</td></tr>\n";
  };
  row("device", hw.name + " (" + hw.id + ")");
  ExecutionModel headline = report.options.roofline.execution;
  row("predicted latency",
      formatSeconds(t.latency) + ", " +
          stringifyExecutionModel(headline).str() + " (" +
          formatCount(t.getExecution(headline).kernels, "kernel") +
          "; each op at peak " + formatSeconds(t.roofline) + ")");
  std::string byExecution;
  for (ExecutionModel model : kAllExecutionModels) {
    ExecutionTotals entry = t.getExecution(model);
    byExecution += (byExecution.empty() ? "" : " · ") +
                   stringifyExecutionModel(model).str() + " " +
                   formatSeconds(entry.latency) + " (" +
                   formatCount(entry.kernels, "kernel") + ")";
  }
  if (report.fusionBound)
    byExecution +=
        " · fully fused " + formatSeconds(report.fusionBound->fullyFused);
  byExecution += " · each op at peak " + formatSeconds(t.roofline);
  row("by execution model", byExecution);
  const Diagnosis &diagnosis = report.diagnosis;
  row("time", "compute " + formatPercent(diagnosis.computeShare) +
                  " · memory " + formatPercent(diagnosis.memoryShare) +
                  " · launches " + formatPercent(diagnosis.launchShare) +
                  (diagnosis.communicationShare > 0
                       ? " · communication " +
                             formatPercent(diagnosis.communicationShare)
                       : std::string()));
  row("throughput", formatQuantity(report.getThroughput(t), "") +
                        "samples/s at batch " +
                        std::to_string(report.options.batch));
  row("MFU", formatPercent(t.getMFU()));
  row("time by bound",
      "compute " + formatPercent(t.getBoundShare(Bound::Compute)) +
          ", memory " + formatPercent(t.getBoundShare(Bound::Memory)) +
          ", overhead " + formatPercent(t.getBoundShare(Bound::Overhead)));
  row("work", formatQuantity(t.flops.toDouble(), "FLOP") + ", " +
                  formatQuantity(t.intOps.toDouble(), "") + "integer ops");
  row("traffic", formatQuantity(t.bytesRead.toDouble(), "B") + " read, " +
                     formatQuantity(t.bytesWritten.toDouble(), "B") +
                     " written");
  row("ops", std::to_string(t.numOps) + " (" + std::to_string(t.numModeled) +
                 " modeled, " + std::to_string(t.numUnmodeled) +
                 " unmodeled); " + formatQuantity(t.launches.toDouble(), "") +
                 "kernel launches");
  if (auto energy = report.getEnergy(t))
    row("energy", formatQuantity(*energy, "J") + " (TDP x latency)");
  for (const PeakMemory &footprint : report.footprints) {
    os << "<tr><th class=\"text\">memory of @" << escapeMarkup(footprint.name)
       << "</th><td" << (report.fits(footprint) ? "" : " class=\"warn\"") << ">"
       << escapeMarkup(formatQuantity(footprint.peakBytes().toDouble(), "B") +
                       " at peak of " +
                       formatQuantity(hw.memoryCapacityBytes.value, "B") +
                       (report.fits(footprint) ? ": fits" : ": DOES NOT FIT"))
       << "</td></tr>\n";
  }
  row("assumptions",
      formatPercent(hw.computeEfficiency.value) + " of peak compute, " +
          formatPercent(hw.memoryEfficiency.value) + " of peak bandwidth, " +
          formatSeconds(
              hw.getLaunchOverhead(report.options.roofline.execution).value) +
          " launch overhead per kernel (" +
          stringifyExecutionModel(report.options.roofline.execution).str() +
          "); a multiply-accumulate = " +
          (report.options.convention == FlopConvention::MAC ? "1 FLOP"
                                                            : "2 FLOPs"));
  os << "</table>\n";
  // The diagnosis, as in the text view: the module's, then each
  // function's when there are several.
  os << "<h2>What limits it, and what moves it</h2>\n";
  printDiagnosis(diagnosis, "diagnosis", hw, os);
  if (report.functions.size() > 1)
    for (const PricedFunction &func : report.functions) {
      os << "<h3>@" << escapeMarkup(func.name) << ": "
         << escapeMarkup(formatSeconds(func.totals.latency)) << "</h3>\n";
      printDiagnosis(
          func.diagnosis,
          "diagnosis-" + std::to_string(&func - &report.functions[0]), hw, os);
    }
}

/// One diagnosis as a list whose element id is `id`.
static void printDiagnosis(const Diagnosis &diagnosis, const std::string &id,
                           const HardwareSpec &hw, llvm::raw_ostream &os) {
  os << "<ul id=\"" << id << "\">\n";
  for (const WorkDiagnosis &work : diagnosis.kinds)
    os << "<li><b>" << escapeMarkup(describeWorkKind(work.kind)) << "</b>: "
       << escapeMarkup(formatCount(Count(work.kernels), "kernel") + ", " +
                       formatSeconds(work.time) + " (" +
                       formatPercent(work.share) + "), " +
                       stringifyBound(work.bound).str() + "-bound; " +
                       describeLever(work.lever, hw))
       << "</li>\n";
  os << "<li><b>launches</b>: "
     << escapeMarkup(describeLaunches(diagnosis.launches)) << "</li>\n";
  if (diagnosis.weights)
    os << "<li><b>weights</b>: "
       << escapeMarkup(describeWeights(*diagnosis.weights)) << "</li>\n";
  os << "</ul>\n";
}

/// The ranked fusion groups and each function's bounds.
static void printFusionSection(const PricedProgram &report,
                               const FusionPlan &plan, llvm::raw_ostream &os) {
  os << "<h2>Fusion</h2>\n<p>Groups of ops that would run as one kernel, "
        "ranked by time saved: max(sum of the members' compute, the group's "
        "external traffic) plus one launch, against the sum of the ops "
        "apart.</p>\n";
  os << "<table id=\"fusion\"><thead><tr><th>group</th><th "
        "class=\"text\">kind</th><th class=\"text\">ops</th><th>bytes "
        "saved</th><th>launches saved</th><th>ops added</th><th>before</th>"
        "<th>after</th><th>saved</th><th>share</th></tr></thead><tbody>\n";
  for (unsigned index = 0; index < plan.opportunities.size(); ++index) {
    const FusionGroup &group = plan.getOpportunity(index);
    os << "<tr>";
    numberCell(os, index, "G" + std::to_string(index));
    os << "<td class=\"text\">" << stringifyFusionKind(*group.kind)
       << "</td><td class=\"text\">";
    llvm::interleaveComma(group.ops, os, [&](unsigned id) {
      os << "#" << id << " " << escapeMarkup(report.ops[id].name);
    });
    os << "</td>";
    numberCell(os, group.bytesSaved.toDouble(),
               formatQuantity(group.bytesSaved.toDouble(), "B"));
    numberCell(os, group.launchesSaved, std::to_string(group.launchesSaved));
    numberCell(os, group.flopsAdded.toDouble(),
               formatQuantity(group.flopsAdded.toDouble(), ""));
    numberCell(os, group.latencyBefore, formatSeconds(group.latencyBefore));
    numberCell(os, group.fused.latency, formatSeconds(group.fused.latency));
    numberCell(os, group.getSaving(), formatSeconds(group.getSaving()));
    numberCell(os, group.share, formatPercent(group.share));
    os << "</tr>\n";
  }
  os << "</tbody></table>\n<ul>\n";
  for (const FusionBound &bound : plan.bounds)
    os << "<li>@" << escapeMarkup(bound.func) << ": "
       << formatSeconds(bound.asIs) << " as is, "
       << formatSeconds(bound.planned) << " with these groups fused, "
       << formatSeconds(bound.fullyFused) << " fully fused</li>\n";
  os << "</ul>\n";
}

void mlsysim::printHTMLReport(const PricedProgram &report,
                              llvm::raw_ostream &os,
                              const DeviceComparison *devices) {
  const HardwareSpec &hw = *report.hardware;
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
     << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
        "'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
        "img-src data:\">\n"
     << "<title>mlsysim report: " << escapeMarkup(hw.name) << "</title>\n"
     << "<style>" << kStyle << "</style></head><body>\n";
  os << "<h1>mlsysim roofline report: " << escapeMarkup(hw.name) << "</h1>\n";
  os << "<h2>Summary</h2>\n";
  printSummary(report, os);
  os << "<h2>Roofline</h2>\n<div id=\"chart\">\n";
  printSVGRoofline(report, os);
  os << "</div>\n";

  if (devices) {
    os << "<h2>Devices</h2>\n<table id=\"devices\"><thead><tr>"
       << "<th class=\"text\">device</th><th>latency</th><th>speedup</th>"
       << "<th>MFU</th></tr></thead><tbody>\n";
    for (auto [index, other] : llvm::enumerate(devices->devices)) {
      double speedup = devices->speedup[index];
      os << "<tr><td class=\"text\">"
         << escapeMarkup(other.hardware->getLabel()) << "</td>";
      numberCell(os, other.totals.latency, formatSeconds(other.totals.latency));
      numberCell(os, speedup, formatFixed(speedup, 2) + "x");
      numberCell(os, other.totals.getMFU(),
                 formatPercent(other.totals.getMFU()));
      os << "</tr>\n";
    }
    os << "</tbody></table>\n";
  }

  if (report.options.fusion)
    printFusionSection(report, report.plan, os);

  if (report.serving) {
    // The text view's table and the plot of tokens/s and latency.
    os << "<h2>Serving</h2>\n<div id=\"serving\">\n";
    std::string table;
    llvm::raw_string_ostream text(table);
    printServingText(*report.serving, text);
    os << "<pre>" << escapeMarkup(table) << "</pre>\n";
    printServingSVG(*report.serving, os);
    os << "</div>\n";
  }

  os << "<h2>Ops</h2>\n<p>Filter: <input id=\"filter\" type=\"search\" "
        "placeholder=\"op, function, location, bound\"> showing <span "
        "id=\"shown\">"
     << report.ops.size() << "</span> of " << report.ops.size()
     << ". Click a column to sort.</p>\n";
  os << "<table id=\"ops\"><thead><tr>";
  static constexpr std::pair<const char *, bool> kColumns[] = {
      {"id", false},      {"op", true},         {"func", true},
      {"loc", true},      {"runs", false},      {"flops", false},
      {"bytes", false},   {"intensity", false}, {"unit", true},
      {"compute", false}, {"memory", false},    {"latency", false},
      {"share", false},   {"bound", true}};
  for (auto [name, text] : kColumns)
    os << "<th id=\"col-" << name << "\"" << (text ? " class=\"text\"" : "")
       << ">" << name << "</th>";
  os << "</tr></thead><tbody>\n";
  for (const PricedOp &op : report.ops) {
    std::string bound =
        op.modeled ? stringifyBound(op.roofline.bound).str() : "unmodeled";
    os << "<tr class=\"" << bound << "\">";
    numberCell(os, op.id, std::to_string(op.id));
    os << "<td class=\"text\">" << escapeMarkup(op.name) << "</td>"
       << "<td class=\"text\">" << escapeMarkup(op.func) << "</td>"
       << "<td class=\"text\">" << escapeMarkup(op.loc) << "</td>";
    numberCell(os, op.multiplier.toDouble(),
               formatQuantity(op.multiplier.toDouble(), ""));
    if (!op.modeled) {
      os << "<td colspan=\"8\" class=\"text\">" << escapeMarkup(op.reason)
         << "</td>";
      numberCell(os, 0, "-");
      os << "<td class=\"text bound\">unmodeled</td></tr>\n";
      continue;
    }
    double work = (op.flops + op.intOps).toDouble();
    numberCell(os, work, formatQuantity(work, ""));
    numberCell(os, op.bytes().toDouble(),
               formatQuantity(op.bytes().toDouble(), "B"));
    numberCell(os, op.intensity, formatFixed(op.intensity, 2));
    os << "<td class=\"text\">" << escapeMarkup(op.unit()) << "</td>";
    numberCell(os, op.roofline.tCompute, formatSeconds(op.roofline.tCompute));
    numberCell(os, op.roofline.tMemory, formatSeconds(op.roofline.tMemory));
    numberCell(os, op.roofline.latency, formatSeconds(op.roofline.latency));
    numberCell(os, op.share, formatPercent(op.share));
    os << "<td class=\"text bound\">" << bound << "</td></tr>\n";
  }
  os << "</tbody></table>\n";
  os << "<p>Generated by mlsysim (docs/reports.md). Times are predictions: "
        "max(compute, memory) at the achievable efficiencies plus a launch "
        "overhead per kernel.</p>\n";
  os << "<script>" << kScript << "</script>\n</body></html>\n";
}
