//===- JSONReport.cpp - The JSON and CSV views ----------------------------===//
//
// The CSV view is the JSON op objects flattened into rows, so the two can
// never disagree on a field.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Reporting/ReportFormats.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlsysim;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

/// Per-op fields, in CSV column order (docs/report-json.md).
static constexpr llvm::StringLiteral kOpFields[] = {
    "id",
    "op",
    "func",
    "loc",
    "modeled",
    "reason",
    "multiplier",
    "trip_count_unknown",
    "flops",
    "int_ops",
    "transcendentals",
    "bytes_read",
    "bytes_written",
    "arithmetic_intensity",
    "unit",
    "dtype",
    "peak_type",
    "peak_ops_per_s",
    "t_compute_s",
    "t_memory_s",
    "t_overhead_s",
    "latency_s",
    "roofline_s",
    "bound",
};

std::optional<ReportFormat> mlsysim::parseReportFormat(llvm::StringRef name) {
  if (name == "text")
    return ReportFormat::Text;
  if (name == "json")
    return ReportFormat::JSON;
  if (name == "csv")
    return ReportFormat::CSV;
  return std::nullopt;
}

Object mlsysim::toJSON(const OpReport &op) {
  Object object{{"id", op.id},
                {"op", op.name},
                {"func", op.func},
                {"loc", op.loc},
                {"modeled", op.modeled},
                {"multiplier", op.multiplier.toJSON()},
                {"trip_count_unknown", op.tripCountUnknown}};
  if (!op.modeled) {
    // Unknown is null, never zero.
    object["reason"] = op.reason;
    for (llvm::StringLiteral field : kOpFields)
      if (object.find(field) == object.end())
        object[field] = nullptr;
    return object;
  }
  object["reason"] = nullptr;
  object["flops"] = op.flops.toJSON();
  object["int_ops"] = op.intOps.toJSON();
  object["transcendentals"] = op.transcendentals.toJSON();
  object["bytes_read"] = op.bytesRead.toJSON();
  object["bytes_written"] = op.bytesWritten.toJSON();
  object["arithmetic_intensity"] = op.intensity;
  std::string unit = op.unit();
  object["unit"] = unit.empty() ? Value(nullptr) : Value(unit);
  object["dtype"] = op.dtype.empty() ? Value(nullptr) : Value(op.dtype);
  if (op.roofline.peak) {
    object["peak_type"] = stringifyElementKind(op.roofline.peak->kind);
    object["peak_ops_per_s"] = op.peakRate;
  } else {
    object["peak_type"] = nullptr;
    object["peak_ops_per_s"] = nullptr;
  }
  object["t_compute_s"] = op.roofline.tCompute;
  object["t_memory_s"] = op.roofline.tMemory;
  object["t_overhead_s"] = op.roofline.tOverhead;
  object["latency_s"] = op.roofline.latency;
  object["roofline_s"] = op.roofline.roofline;
  object["bound"] = stringifyBound(op.roofline.bound);
  return object;
}

static Object totalsToJSON(const ReportTotals &totals) {
  double time = totals.latency;
  auto share = [&](double part) { return time > 0 ? part / time : 0.0; };
  return Object{
      {"flops", totals.flops.toJSON()},
      {"int_ops", totals.intOps.toJSON()},
      {"transcendentals", totals.transcendentals.toJSON()},
      {"bytes_read", totals.bytesRead.toJSON()},
      {"bytes_written", totals.bytesWritten.toJSON()},
      {"t_compute_s", totals.tCompute},
      {"t_memory_s", totals.tMemory},
      {"t_overhead_s", totals.tOverhead},
      {"latency_s", totals.latency},
      {"roofline_s", totals.roofline},
      {"time_by_bound_s",
       Object{{"compute", totals.computeBoundTime},
              {"memory", totals.memoryBoundTime},
              {"overhead", totals.overheadBoundTime}}},
      {"share_by_bound",
       Object{{"compute", share(totals.computeBoundTime)},
              {"memory", share(totals.memoryBoundTime)},
              {"overhead", share(totals.overheadBoundTime)}}},
      {"op_count", totals.numOps},
      {"modeled_count", totals.numModeled},
      {"free_count", totals.numFree},
      {"unmodeled_count", totals.numUnmodeled},
      {"launches", totals.launches.toJSON()},
  };
}

static Value optionalNumber(const std::optional<SourcedValue> &value) {
  return value ? Value(value->value) : Value(nullptr);
}

Value mlsysim::toJSON(const Report &report) {
  const HardwareSpec &hw = *report.hardware;
  Object hardware{
      {"id", hw.id},
      {"name", hw.name},
      {"vendor", hw.vendor},
      {"class", hw.deviceClass},
      {"origin", hw.origin},
      {"memory_bandwidth_bytes_per_s", hw.memoryBandwidthBytesPerS.value},
      {"memory_capacity_bytes", hw.memoryCapacityBytes.value},
      {"special_function_per_s", optionalNumber(hw.specialFunctionRate)},
      {"launch_overhead_s", hw.launchOverheadS.value},
      {"compute_efficiency", hw.computeEfficiency.value},
      {"memory_efficiency", hw.memoryEfficiency.value},
  };
  for (ComputeUnit unit : {ComputeUnit::Matrix, ComputeUnit::Vector}) {
    Object peaks;
    for (const auto &[kind, value] : hw.peaks(unit))
      peaks[stringifyElementKind(kind)] = value.value;
    hardware[(stringifyComputeUnit(unit) + "_peaks_per_s").str()] =
        std::move(peaks);
  }
  const ReportOptions &options = report.options;
  Object conventions{
      {"flop_convention", stringifyFlopConvention(options.convention)},
      {"flops_per_mac", options.convention == FlopConvention::MAC ? 1 : 2},
      {"dynamic_dim", options.cost.dynamicDimSize
                          ? Value(*options.cost.dynamicDimSize)
                          : Value(nullptr)},
      {"tf32", options.roofline.allowTF32},
      {"bytes", "decimal; sub-byte element types rounded up per tensor"},
  };
  Array ops;
  for (const OpReport &op : report.ops)
    ops.push_back(toJSON(op));
  Array functions;
  for (const FunctionReport &func : report.functions)
    functions.push_back(
        Object{{"name", func.name}, {"totals", totalsToJSON(func.totals)}});
  Array unmodeled;
  for (const UnmodeledSummary &summary : report.unmodeled)
    unmodeled.push_back(
        Object{{"op", summary.name},
               {"count", summary.count},
               {"reason", summary.reason},
               {"loc", formatLocation(summary.first->getLoc())}});
  return Object{{"schema", "mlsysim-report/1"},
                {"hardware", std::move(hardware)},
                {"conventions", std::move(conventions)},
                {"ops", std::move(ops)},
                {"functions", std::move(functions)},
                {"totals", totalsToJSON(report.totals)},
                {"unmodeled", std::move(unmodeled)}};
}

void mlsysim::printJSONReport(const Report &report, llvm::raw_ostream &os) {
  os << llvm::formatv("{0:2}", toJSON(report)) << "\n";
}

/// RFC 4180: quote a field holding a comma, quote, or line break.
static void printCSVField(const Value &value, llvm::raw_ostream &os) {
  if (value.kind() == Value::Null)
    return;
  std::string text;
  if (auto str = value.getAsString()) {
    text = str->str();
  } else if (value.kind() == Value::Number && !value.getAsUINT64() &&
             !value.getAsInteger()) {
    text = formatShortest(*value.getAsNumber());
  } else {
    llvm::raw_string_ostream s(text);
    s << value;
  }
  if (llvm::StringRef(text).find_first_of(",\"\r\n") == llvm::StringRef::npos) {
    os << text;
    return;
  }
  os << '"';
  for (char c : text) {
    if (c == '"')
      os << '"';
    os << c;
  }
  os << '"';
}

void mlsysim::printCSVReport(const Report &report, llvm::raw_ostream &os) {
  llvm::interleave(kOpFields, os, ",");
  os << "\n";
  for (const OpReport &op : report.ops) {
    Object object = toJSON(op);
    llvm::interleave(
        kOpFields,
        [&](llvm::StringLiteral field) {
          printCSVField(*object.get(field), os);
        },
        [&] { os << ","; });
    os << "\n";
  }
}

void mlsysim::printReport(const Report &report, ReportFormat format,
                          llvm::raw_ostream &os) {
  switch (format) {
  case ReportFormat::Text:
    return printTextReport(report, os);
  case ReportFormat::JSON:
    return printJSONReport(report, os);
  case ReportFormat::CSV:
    return printCSVReport(report, os);
  }
}
