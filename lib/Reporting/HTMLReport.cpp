//===- HTMLReport.cpp - A self-contained page -----------------------------===//
//
// One file, no network, no external scripts: the summary, the roofline chart,
// the kernels that run (costliest first) and a sortable, filterable table of
// the ops, free ops hidden until asked for. Every string from the IR is
// escaped. Nothing is wider than the window: tables scroll inside their own
// box, text cells wrap, charts shrink. The page's script also reads
// `#sort=COLUMN`, `#filter=TEXT`, `#free=1` and `#measure` from the URL, so
// a headless browser can check sorting, filtering and the layout.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Pricing/RepeatedKernels.h"
#include "mlsysim/Reporting/DiagnosisText.h"
#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/ProfileViews.h"
#include "mlsysim/Reporting/ReportFormats.h"
#include "mlsysim/Reporting/ServingViews.h"
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
td { vertical-align: top; }
td.text { white-space: normal; overflow-wrap: break-word; }
.scroll { max-width: 100%; overflow-x: auto; }
svg { max-width: 100%; height: auto; }
tr.compute td.bound { color: #d62728; } tr.memory td.bound { color: #1f77b4; }
tr.overhead td.bound { color: #7f7f7f; } tr.unmodeled td { color: #a00; }
tr.free td { color: #888; }
#ops.hide-free tr.free { display: none; }
.summary td { text-align: left; white-space: normal; } .warn { color: #a00; font-weight: bold; }
)";

// Sorting (every sortable table), filtering and the free ops' toggle (the
// ops table), no dependencies. Columns with data-value sort numerically;
// others as text.
static constexpr const char *kScript = R"(
(function () {
  function sortable(table) {
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
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, i) {
      th.addEventListener('click', function () {
        sortBy(i, state.column === i ? !state.ascending : false);
      });
    });
    return sortBy;
  }
  Array.prototype.forEach.call(document.querySelectorAll('table.sortable'), sortable);
  var table = document.getElementById('ops');
  var sortOps = sortable(table);
  var box = document.getElementById('filter');
  var showFree = document.getElementById('show-free');
  // Rows that match the filter are shown, free ops only when asked for.
  function update() {
    var text = box.value.toLowerCase();
    var shown = 0;
    table.classList.toggle('hide-free', !showFree.checked);
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      var match = row.textContent.toLowerCase().indexOf(text) >= 0;
      row.style.display = match ? '' : 'none';
      if (match && (showFree.checked || !row.classList.contains('free'))) shown++;
    });
    document.getElementById('shown').textContent = shown;
  }
  box.addEventListener('input', update);
  showFree.addEventListener('change', update);
  // #sort=COLUMN[:asc], #filter=TEXT and #free=1, for links and headless
  // checks; #measure writes what the layout gives (the page's overflow past
  // the window, overlapping roof labels) on the root element.
  decodeURIComponent(location.hash.slice(1)).split('&').forEach(function (kv) {
    var parts = kv.split('=');
    if (parts[0] === 'sort') {
      var spec = (parts[1] || '').split(':');
      var th = document.getElementById('col-' + spec[0]);
      if (th) sortOps(th.cellIndex, spec[1] === 'asc');
    } else if (parts[0] === 'filter') {
      box.value = parts.slice(1).join('='); update();
    } else if (parts[0] === 'free') {
      showFree.checked = parts[1] === '1'; update();
    } else if (parts[0] === 'measure') {
      var root = document.documentElement;
      root.setAttribute('data-overflow-px', Math.max(0, root.scrollWidth - root.clientWidth));
      var labels = Array.prototype.map.call(document.querySelectorAll('.roof-label'), function (e) {
        return e.getBoundingClientRect();
      });
      var overlaps = 0;
      labels.forEach(function (a, i) {
        labels.slice(i + 1).forEach(function (b) {
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps++;
        });
      });
      root.setAttribute('data-roof-labels', labels.length);
      root.setAttribute('data-roof-label-overlaps', overlaps);
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
  // Where the time goes: the diagnosis' one definition, the figures the text
  // view's "time:" line and JSON's diagnosis.share print. (The time of the
  // kernels each bound limits, JSON's share_by_bound, counts a memory-bound
  // kernel's launch and compute as memory: a second "memory" figure that
  // disagrees with this one, so the page leaves it to the kernels' table.)
  const Diagnosis &diagnosis = report.diagnosis;
  row("where the time goes",
      "compute " + formatPercent(diagnosis.computeShare) + " · memory " +
          formatPercent(diagnosis.memoryShare) + " · launches " +
          formatPercent(diagnosis.launchShare) +
          (diagnosis.communicationShare > 0
               ? " · communication " +
                     formatPercent(diagnosis.communicationShare)
               : std::string()) +
          " (of each kernel: its larger term, compute or memory, and its "
          "launch)");
  row("throughput", formatQuantity(report.getThroughput(t), "") +
                        "samples/s at batch " +
                        std::to_string(report.options.batch));
  if (auto dominant = t.getDominantPeak())
    row("MFU", formatPercent(t.getMFU()) + " of the " +
                   (stringifyComputeUnit(dominant->first) + " " +
                    stringifyElementKind(dominant->second))
                       .str() +
                   " peak (" +
                   formatQuantity(t.workByPeak.at(*dominant).second,
                                  isIntegerKind(dominant->second) ? "OP/s"
                                                                  : "FLOP/s") +
                   ")");
  row("work", formatQuantity(t.flops.toDouble(), "FLOP") + ", " +
                  formatQuantity(t.intOps.toDouble(), "") + "integer ops");
  row("traffic", formatQuantity(t.bytesRead.toDouble(), "B") + " read, " +
                     formatQuantity(t.bytesWritten.toDouble(), "B") +
                     " written");
  row("ops", std::to_string(t.numOps) + " (" + std::to_string(t.numFree) +
                 " free, " + std::to_string(t.numUnmodeled) + " unmodeled); " +
                 formatQuantity(t.launches.toDouble(), "") + "kernel launches");
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

static void printFusionTable(const PricedProgram &report,
                             const FusionPlan &plan, llvm::raw_ostream &os);

/// The ranked fusion groups and each function's bounds.
static void printFusionSection(const PricedProgram &report,
                               const FusionPlan &plan, llvm::raw_ostream &os) {
  os << "<h2>Fusion</h2>\n<p>Groups of ops that would run as one kernel, "
        "ranked by time saved: max(sum of the members' compute, the group's "
        "external traffic) plus one launch, against the sum of the ops "
        "apart.</p>\n";
  if (plan.opportunities.empty())
    // As the text view says it, rather than a table of headings alone.
    os << "<p>None: no producer-consumer pair is legal and faster "
          "fused.</p>\n";
  else
    printFusionTable(report, plan, os);
  os << "<ul>\n";
  for (const FusionBound &bound : plan.bounds)
    os << "<li>@" << escapeMarkup(bound.func) << ": "
       << formatSeconds(bound.asIs) << " as is, "
       << formatSeconds(bound.planned) << " with these groups fused, "
       << formatSeconds(bound.fullyFused) << " fully fused</li>\n";
  os << "</ul>\n";
}

/// The fusion opportunities, one row each.
static void printFusionTable(const PricedProgram &report,
                             const FusionPlan &plan, llvm::raw_ostream &os) {
  os << "<div class=\"scroll\"><table id=\"fusion\" "
        "class=\"sortable\"><thead><tr><th>group</th><th "
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
  os << "</tbody></table></div>\n";
}

/// A location cell: a path may break after each `/`, so that a long one
/// wraps instead of widening its column.
static void printLocation(llvm::StringRef loc, llvm::raw_ostream &os) {
  llvm::SmallVector<llvm::StringRef> parts;
  loc.split(parts, '/');
  os << "<td class=\"text\">";
  llvm::interleave(
      parts, os, [&](llvm::StringRef part) { os << escapeMarkup(part); },
      "/<wbr>");
  os << "</td>";
}

/// The columns the kernels' and the ops' tables share, after their own
/// leading ones: how often it runs, its work, traffic and time.
static constexpr std::pair<const char *, bool> kWorkColumns[] = {
    {"runs", false},      {"flops", false},   {"bytes", false},
    {"intensity", false}, {"unit", true},     {"compute", false},
    {"memory", false},    {"latency", false}, {"share", false},
    {"bound", true}};

/// A table's head: `columns`, each with the id `prefix` + its name.
static void printHead(llvm::ArrayRef<std::pair<const char *, bool>> columns,
                      llvm::StringRef prefix, llvm::raw_ostream &os) {
  os << "<thead><tr>";
  for (auto [name, text] : columns)
    os << "<th id=\"" << prefix << name << "\""
       << (text ? " class=\"text\"" : "") << ">" << name << "</th>";
  os << "</tr></thead><tbody>\n";
}

/// The cells of kWorkColumns for something that runs.
static void printWorkCells(const PricedWork &work, llvm::raw_ostream &os) {
  numberCell(os, work.multiplier.toDouble(),
             formatQuantity(work.multiplier.toDouble(), ""));
  double arithmetic = (work.flops + work.intOps).toDouble();
  numberCell(os, arithmetic, formatQuantity(arithmetic, ""));
  numberCell(os, work.bytes().toDouble(),
             formatQuantity(work.bytes().toDouble(), "B"));
  numberCell(os, work.intensity, formatFixed(work.intensity, 2));
  os << "<td class=\"text\">" << escapeMarkup(work.unit()) << "</td>";
  numberCell(os, work.roofline.tCompute, formatSeconds(work.roofline.tCompute));
  numberCell(os, work.roofline.tMemory, formatSeconds(work.roofline.tMemory));
  numberCell(os, work.roofline.latency, formatSeconds(work.roofline.latency));
  numberCell(os, work.share, formatPercent(work.share));
  os << "<td class=\"text bound\">" << stringifyBound(work.roofline.bound)
     << "</td>";
}

/// What runs under the headline execution model, costliest first: the
/// compiled plan's kernels (the heaviest op names each, its ops listed), or
/// in eager and graph execution every op that does work, each its own
/// kernel.
static void printKernels(const PricedProgram &report, llvm::raw_ostream &os) {
  ExecutionModel headline = report.options.roofline.execution;
  bool compiled = headline == ExecutionModel::Compiled;
  struct Row {
    const PricedWork *work;
    /// The kernel's position in the plan (compiled) or the op's id, and
    /// the id as shown.
    unsigned order;
    std::string id, name, func, loc, ops;
  };
  std::vector<Row> rows;
  if (compiled) {
    for (auto [index, kernel] : llvm::enumerate(report.kernels)) {
      const PricedOp &heaviest = report.ops[findHeaviestOp(report, kernel.ops)];
      Row row{&kernel,
              static_cast<unsigned>(index),
              "K" + std::to_string(index),
              heaviest.name.str(),
              kernel.func,
              heaviest.loc.str(),
              ""};
      if (kernel.ops.size() > 1)
        row.name += " + " + formatCount(Count(kernel.ops.size() - 1), "op");
      if (kernel.kind)
        row.name += " (" + stringifyFusionKind(*kernel.kind).str() + ")";
      // Its ops, by id (the ops' table's first column).
      llvm::raw_string_ostream ops(row.ops);
      llvm::interleaveComma(kernel.ops, ops,
                            [&](unsigned id) { ops << "#" << id; });
      rows.push_back(std::move(row));
    }
  } else {
    for (const PricedOp &op : report.ops)
      if (op.modeled && !op.free)
        rows.push_back({&op, op.id, "#" + std::to_string(op.id), op.name.str(),
                        op.func.str(), op.loc.str(), ""});
  }
  llvm::stable_sort(rows, [](const Row &a, const Row &b) {
    return a.work->roofline.latency > b.work->roofline.latency;
  });
  os << "<h2>Kernels</h2>\n<p>What runs, "
     << escapeMarkup(stringifyExecutionModel(headline)) << ": "
     << escapeMarkup(formatCount(Count(rows.size()), "kernel"))
     << (compiled ? " as a fusing compiler forms them"
                  : ", each op that does work its own kernel")
     << "; costliest first. Click a column to sort.</p>\n";
  os << "<div class=\"scroll\"><table id=\"kernels\" class=\"sortable\" "
        "data-sorted=\"kcol-latency:desc\">";
  llvm::SmallVector<std::pair<const char *, bool>> columns = {
      {"kernel", false}, {"name", true}, {"func", true}, {"loc", true}};
  columns.append(std::begin(kWorkColumns), std::end(kWorkColumns));
  printHead(columns, "kcol-", os);
  for (const Row &row : rows) {
    os << "<tr class=\"" << stringifyBound(row.work->roofline.bound) << "\">";
    numberCell(os, row.order, row.id);
    os << "<td class=\"text\">" << escapeMarkup(row.name);
    if (!row.ops.empty())
      os << "<br><small>" << escapeMarkup(row.ops) << "</small>";
    os << "</td><td class=\"text\">" << escapeMarkup(row.func) << "</td>";
    printLocation(row.loc, os);
    printWorkCells(*row.work, os);
    os << "</tr>\n";
  }
  os << "</tbody></table></div>\n";
}

/// profile=: the measured run beside the prediction, the text view's lines
/// as a paragraph and every unit in a sortable table (time left first).
static void printMeasured(const PricedProgram &report, llvm::raw_ostream &os) {
  if (!report.profile)
    return;
  std::string lines;
  llvm::raw_string_ostream text(lines);
  printProfileText(report, text);
  // The summary lines only: the table follows as a table.
  llvm::StringRef summary(lines);
  summary = summary.take_front(summary.find("  time left on the table"));
  os << "<h2>Measured</h2>\n<pre id=\"measured-summary\">"
     << escapeMarkup(summary.trim()) << "</pre>\n";
  os << "<div class=\"scroll\"><table id=\"measured\" class=\"sortable\" "
        "data-sorted=\"mcol-left:desc\">";
  printHead({{"measured op", true},
             {"IR ops", true},
             {"loc", true},
             {"measured", false},
             {"predicted", false},
             {"left", false},
             {"headroom", false},
             {"FLOP/s", false},
             {"B/s", false},
             {"bound", true}},
            "mcol-", os);
  for (const MeasuredUnit &unit : report.profile->units) {
    os << "<tr class=\"" << stringifyBound(unit.bound) << "\">"
       << "<td class=\"text\">" << escapeMarkup(describeMeasuredNames(unit))
       << "</td><td class=\"text\">"
       << escapeMarkup(describeMeasuredOps(report, unit)) << "</td>";
    printLocation(report.ops[unit.anchor].loc, os);
    numberCell(os, unit.measured, formatSeconds(unit.measured));
    numberCell(os, unit.predicted, formatSeconds(unit.predicted));
    numberCell(os, unit.timeLeft, formatSeconds(unit.timeLeft));
    numberCell(os, unit.headroom,
               unit.predicted > 0 ? formatFixed(unit.headroom, 2) + "x" : "-");
    numberCell(os, unit.achievedFlops,
               formatQuantity(unit.achievedFlops, "FLOP/s"));
    numberCell(os, unit.achievedBytes,
               formatQuantity(unit.achievedBytes, "B/s"));
    os << "<td class=\"text bound\">" << stringifyBound(unit.bound)
       << "</td></tr>\n";
  }
  os << "</tbody></table></div>\n";
}

/// Every op in program order, each priced as its own kernel; the free ones
/// (no work, no traffic) hidden until asked for.
static void printOps(const PricedProgram &report, llvm::raw_ostream &os) {
  size_t numFree = llvm::count_if(
      report.ops, [](const PricedOp &op) { return op.modeled && op.free; });
  os << "<h2>Ops</h2>\n<p>Every op, each priced as its own kernel. Filter: "
        "<input id=\"filter\" type=\"search\" placeholder=\"op, function, "
        "location, bound\"> showing <span id=\"shown\">"
     << report.ops.size() - numFree << "</span> of " << report.ops.size()
     << " ops. <label><input id=\"show-free\" type=\"checkbox\"> show the "
     << escapeMarkup(formatCount(Count(numFree), "free op"))
     << " (no work, no traffic)</label>. Click a column to sort.</p>\n";
  os << "<div class=\"scroll\"><table id=\"ops\" class=\"hide-free\">";
  llvm::SmallVector<std::pair<const char *, bool>> columns = {
      {"id", false}, {"op", true}, {"func", true}, {"loc", true}};
  columns.append(std::begin(kWorkColumns), std::end(kWorkColumns));
  printHead(columns, "col-", os);
  for (const PricedOp &op : report.ops) {
    std::string bound =
        op.modeled ? stringifyBound(op.roofline.bound).str() : "unmodeled";
    os << "<tr class=\"" << bound << "\">";
    numberCell(os, op.id, std::to_string(op.id));
    os << "<td class=\"text\">" << escapeMarkup(op.name) << "</td>"
       << "<td class=\"text\">" << escapeMarkup(op.func) << "</td>";
    printLocation(op.loc, os);
    if (!op.modeled) {
      numberCell(os, op.multiplier.toDouble(),
                 formatQuantity(op.multiplier.toDouble(), ""));
      os << "<td colspan=\"7\" class=\"text\">" << escapeMarkup(op.reason)
         << "</td>";
      numberCell(os, 0, "-");
      os << "<td class=\"text bound\">unmodeled</td></tr>\n";
      continue;
    }
    printWorkCells(op, os);
    os << "</tr>\n";
  }
  os << "</tbody></table></div>\n";
}

void mlsysim::printHTMLReport(const PricedProgram &report,
                              llvm::raw_ostream &os,
                              const DeviceComparison *devices) {
  const HardwareSpec &hw = *report.hardware;
  os << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
     << "<meta name=\"viewport\" content=\"width=device-width, "
        "initial-scale=1\">\n"
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
  printMeasured(report, os);

  if (devices) {
    os << "<h2>Devices</h2>\n<div class=\"scroll\"><table id=\"devices\" "
          "class=\"sortable\"><thead><tr>"
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
    os << "</tbody></table></div>\n";
  }

  if (report.options.fusion)
    printFusionSection(report, report.plan, os);

  if (report.serving) {
    os << "<h2>Serving</h2>\n<div id=\"serving\">\n";
    printServingHTML(*report.serving, os);
    os << "</div>\n";
  }

  printKernels(report, os);
  printOps(report, os);
  os << "<p>Generated by mlsysim (docs/reports.md). Times are predictions: "
        "max(compute, memory) at the achievable efficiencies plus a launch "
        "overhead per kernel.</p>\n";
  os << "<script>" << kScript << "</script>\n</body></html>\n";
}
