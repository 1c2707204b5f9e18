//===- ReportFormats.cpp - Choosing a view of a report --------------------===//

#include "mlsysim/Reporting/ReportFormats.h"

#include "mlsysim/Reporting/JSONWriter.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlsysim;

static void printText(llvm::ArrayRef<PricedProgram> reports,
                      const DeviceComparison *comparison,
                      llvm::raw_ostream &os) {
  printTextReport(reports.front(), os);
  if (comparison)
    printTextComparison(*comparison, os);
}

static void printJSON(llvm::ArrayRef<PricedProgram> reports,
                      const DeviceComparison *comparison,
                      llvm::raw_ostream &os) {
  if (comparison)
    return printJSONReports(*comparison, os);
  printJSONReport(reports.front(), os);
}

static void printCSV(llvm::ArrayRef<PricedProgram> reports,
                     const DeviceComparison *comparison,
                     llvm::raw_ostream &os) {
  if (!comparison)
    return printCSVReport(reports.front(), os);
  for (auto [i, report] : llvm::enumerate(reports))
    printCSVRows(report, /*header=*/i == 0, os);
}

static void printSVG(llvm::ArrayRef<PricedProgram> reports,
                     const DeviceComparison *comparison,
                     llvm::raw_ostream &os) {
  // One chart per device, stacked in one document.
  printSVGRooflines(comparison ? reports : reports.take_front(), os);
}

static void printHTML(llvm::ArrayRef<PricedProgram> reports,
                      const DeviceComparison *comparison,
                      llvm::raw_ostream &os) {
  printHTMLReport(reports.front(), os, comparison);
}

static void printTrace(llvm::ArrayRef<PricedProgram> reports,
                       const DeviceComparison *, llvm::raw_ostream &os) {
  printTraceReport(reports.front(), os);
}

static const ReportFormatInfo kReportFormats[] = {
    // value, name, description, sweep, scaling, diff, print
    {ReportFormat::Text, "text", "aligned tables (default)", true, true, true,
     printText},
    {ReportFormat::JSON, "json", "JSON (docs/report-json.md)", true, true, true,
     printJSON},
    {ReportFormat::CSV, "csv", "one row per op", true, false, false, printCSV},
    {ReportFormat::SVG, "svg", "roofline chart", true, false, false, printSVG},
    {ReportFormat::HTML, "html", "self-contained page", true, false, false,
     printHTML},
    // A trace has no timeline for a sweep to show.
    {ReportFormat::Trace, "trace", "Chrome trace / Perfetto timeline", false,
     false, false, printTrace},
};

llvm::ArrayRef<ReportFormatInfo> mlsysim::getReportFormats() {
  return kReportFormats;
}

bool mlsysim::rendersView(ReportFormat format, ReportView view) {
  const ReportFormatInfo &info = lookupEnum(kReportFormats, format);
  switch (view) {
  case ReportView::Sweep:
    return info.sweep;
  case ReportView::Scaling:
    return info.scaling;
  case ReportView::Diff:
    return info.diff;
  }
  llvm_unreachable("unknown report view");
}

std::string mlsysim::describeFormatsOf(ReportView view) {
  llvm::SmallVector<llvm::StringRef> names;
  for (const ReportFormatInfo &info : kReportFormats)
    if (rendersView(info.value, view))
      names.push_back(info.name);
  std::string text;
  for (auto [i, name] : llvm::enumerate(names))
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + name.str();
  return text;
}

void mlsysim::printReport(const PricedProgram &report, ReportFormat format,
                          llvm::raw_ostream &os) {
  lookupEnum(kReportFormats, format).print(report, nullptr, os);
}

void mlsysim::printReports(llvm::ArrayRef<PricedProgram> reports,
                           const DeviceComparison *comparison,
                           ReportFormat format, llvm::raw_ostream &os) {
  lookupEnum(kReportFormats, format).print(reports, comparison, os);
}
