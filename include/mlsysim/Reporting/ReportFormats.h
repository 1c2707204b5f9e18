//===- ReportFormats.h - Views of a report ----------------------*- C++ -*-===//

#ifndef MLSYSIM_REPORTING_REPORTFORMATS_H
#define MLSYSIM_REPORTING_REPORTFORMATS_H

#include "mlsysim/Pricing/Comparison.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace mlsysim {

enum class ReportFormat { Text, JSON, CSV, SVG, HTML, Trace };
/// The views of the report pass beside the op report, each rendered in some
/// formats only.
enum class ReportView { Sweep, Scaling, Diff };

/// One format: its spelling, the views it renders, and how it prints the op
/// report. getReportFormats() is the one list of them: the pass option's
/// values, the pass's checks and the printing all read it.
struct ReportFormatInfo {
  ReportFormat value;
  llvm::StringLiteral name;
  llvm::StringLiteral description;
  /// Whether sweep=, scaling= and baseline= render in this format.
  bool sweep, scaling, diff;
  /// The op report of the devices asked for; `comparison` when several.
  void (*print)(llvm::ArrayRef<PricedProgram> reports,
                const DeviceComparison *comparison, llvm::raw_ostream &os);
};
/// Every format, in the order `format=` lists them.
llvm::ArrayRef<ReportFormatInfo> getReportFormats();
/// Whether `view` renders in `format`.
bool rendersView(ReportFormat format, ReportView view);
/// The formats `view` renders in, for a message: "text, json or csv".
std::string describeFormatsOf(ReportView view);

/// Which ops the text view lists.
enum class OpsView { Top, All };
inline constexpr EnumName<OpsView> kOpsViewNames[] = {
    {OpsView::Top, "top",
     "the kernels that take most of the time, repeated structure folded"},
    {OpsView::All, "all", "every op, in program order"},
};

/// `{compute, memory, overhead}`: each bound's share of the latency.
llvm::json::Object shareByBoundToJSON(const PricedTotals &totals);
/// `{communication, compute, launches, memory}`: where the latency goes, as
/// the report's `time:` line gives it (the diagnosis's shares).
llvm::json::Object diagnosisShareToJSON(const Diagnosis &diagnosis);

void printTextReport(const PricedProgram &report, llvm::raw_ostream &os);
/// CSV rows of one device, optionally preceded by the header; the last column
/// names the device.
void printCSVRows(const PricedProgram &report, bool header,
                  llvm::raw_ostream &os);
/// The roofline chart of one device: log-log, one roof per (unit, format)
/// the ops used with its ridge point, one dot per op coloured by bound and
/// sized by time, the costliest ops labelled.
void printSVGRoofline(const PricedProgram &report, llvm::raw_ostream &os);
/// One chart per device, stacked in one SVG document.
void printSVGRooflines(llvm::ArrayRef<PricedProgram> reports,
                       llvm::raw_ostream &os);
/// A self-contained HTML page: summary, chart, sortable and filterable op
/// table (and the device comparison when several were asked for).
void printHTMLReport(const PricedProgram &report, llvm::raw_ostream &os,
                     const DeviceComparison *devices = nullptr);
/// Chrome trace / Perfetto JSON: one slice per op at its predicted start.
void printTraceReport(const PricedProgram &report, llvm::raw_ostream &os);
/// The JSON document (docs/report-json.md): `hardware`, `conventions`, `ops`,
/// `kernels`, `fusion`, `functions`, `totals`, `unmodeled`.
void printJSONReport(const PricedProgram &report, llvm::raw_ostream &os);
/// Every device's document and the comparison.
void printJSONReports(const DeviceComparison &comparison,
                      llvm::raw_ostream &os);
void printCSVReport(const PricedProgram &report, llvm::raw_ostream &os);
void printReport(const PricedProgram &report, ReportFormat format,
                 llvm::raw_ostream &os);

/// The programs of one module on the devices asked for; `comparison` when
/// there are several (`hardware=a100,h100,h200`): the first device's report,
/// then the totals side by side and each op's speedup over the first device
/// (text); every report and the comparison (JSON); every device's rows (CSV).
void printReports(llvm::ArrayRef<PricedProgram> reports,
                  const DeviceComparison *comparison, ReportFormat format,
                  llvm::raw_ostream &os);
/// One line of `--mlsysim-track`: the IR after `what` as a fusing compiler
/// runs it (the headline) and as written, one eager kernel per op (what a
/// fusion pass changes), with the change from `before` (none at the input).
void printTrackLine(llvm::StringRef what, const PricedTotals *before,
                    const PricedTotals &now, const HardwareSpec &hardware,
                    llvm::raw_ostream &os);

/// The comparison alone, as a JSON object.
llvm::json::Value comparisonToJSON(const DeviceComparison &comparison);
void printTextComparison(const DeviceComparison &comparison,
                         llvm::raw_ostream &os);

} // namespace mlsysim

#endif // MLSYSIM_REPORTING_REPORTFORMATS_H
