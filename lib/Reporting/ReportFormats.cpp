//===- ReportFormats.cpp - Choosing a view of a report --------------------===//

#include "mlsysim/Reporting/ReportFormats.h"

#include "mlsysim/Reporting/JSONWriter.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlsysim;

void mlsysim::printReport(const PricedProgram &report, ReportFormat format,
                          llvm::raw_ostream &os) {
  switch (format) {
  case ReportFormat::Text:
    return printTextReport(report, os);
  case ReportFormat::JSON:
    return printJSONReport(report, os);
  case ReportFormat::CSV:
    return printCSVReport(report, os);
  case ReportFormat::SVG:
    return printSVGRoofline(report, os);
  case ReportFormat::HTML:
    return printHTMLReport(report, os);
  case ReportFormat::Trace:
    return printTraceReport(report, os);
  }
}

void mlsysim::printReports(llvm::ArrayRef<PricedProgram> reports,
                           const DeviceComparison *comparison,
                           ReportFormat format, llvm::raw_ostream &os) {
  if (!comparison)
    return printReport(reports.front(), format, os);
  switch (format) {
  case ReportFormat::Text:
    printTextReport(reports.front(), os);
    return printTextComparison(*comparison, os);
  case ReportFormat::JSON:
    return printJSONReports(*comparison, os);
  case ReportFormat::CSV:
    for (auto [i, report] : llvm::enumerate(reports))
      printCSVRows(report, /*header=*/i == 0, os);
    return;
  case ReportFormat::SVG:
    // One chart per device, stacked in one document.
    return printSVGRooflines(reports, os);
  case ReportFormat::HTML:
    return printHTMLReport(reports.front(), os, comparison);
  case ReportFormat::Trace:
    return printTraceReport(reports.front(), os);
  }
}
