//===- NcuCSV.cpp - Nsight Compute `ncu --csv` ----------------------------===//
//
// ncu writes two CSV layouts, both with "ID" and "Kernel Name" columns:
//  - details (the default page): one row per metric of a kernel launch,
//    "ID", "Process ID", ..., "Kernel Name", ..., "Section Name",
//    "Metric Name", "Metric Unit", "Metric Value". The rows of one ID are
//    one launch.
//  - raw (`--page raw`): one row per launch, one column per metric; the row
//    after the header gives each metric's unit (its identity columns empty).
// Either way a launch is a set of metrics, each a value and a unit, and one
// function turns that set into a MeasuredKernel: the time from
// "gpu__time_duration.sum" (raw, or `--metrics`) or "Duration" (the
// SpeedOfLight section), the traffic from the DRAM byte counters, the work
// from the SASS floating-point instruction counters (an FMA is two FLOPs).
// Values may carry thousands separators ("1,234.5") and units are scaled by
// `--print-units` ("usecond", "Mbyte"). ncu's own lines ("==PROF== ...",
// "==WARNING== ...") may precede or follow the table: they are skipped.
//
// ncu replays launches one at a time and records no start time: each kernel
// starts where the one before it (by ID) ended.
//
//===----------------------------------------------------------------------===//

#include "CSV.h"

#include "mlsysim/Profile/Profile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <map>

using namespace mlsysim;

namespace {
/// One metric of one launch, with the line it was read from.
struct MetricCell {
  std::string unit, value;
  unsigned line = 0;
};

/// One launch as the file gives it.
struct NcuLaunch {
  std::string name;
  unsigned line = 0;
  llvm::StringMap<MetricCell> metrics;
};

/// Where a layout's identity columns are.
struct NcuHeader {
  unsigned id = 0, name = 0;
  /// Set for the details layout.
  std::optional<unsigned> metricName, metricUnit, metricValue;
};
} // namespace

/// ncu's own messages, not table rows.
static bool isNcuMessage(const CSVRecord &record) {
  return llvm::StringRef(record.fields.front()).starts_with("==");
}

static bool isNcuHeader(const CSVRecord &record) {
  return findColumn(record.fields, "ID") &&
         findColumn(record.fields, "Kernel Name");
}

bool mlsysim::isNcuCSV(llvm::StringRef path, llvm::StringRef text) {
  // ncu's "==PROF==" lines, one per profiled launch, are not counted.
  return hasCSVHeader(text, isNcuHeader, [](llvm::StringRef line) {
    return line.starts_with("==");
  });
}

/// Bytes per unit of ncu's byte counters (decimal prefixes, as ncu prints).
static std::optional<double> getBytesPerUnit(llvm::StringRef unit) {
  double scale = llvm::StringSwitch<double>(unit.trim())
                     .Cases({"byte", "B"}, 1.0)
                     .Cases({"Kbyte", "KB"}, 1e3)
                     .Cases({"Mbyte", "MB"}, 1e6)
                     .Cases({"Gbyte", "GB"}, 1e9)
                     .Cases({"Tbyte", "TB"}, 1e12)
                     .Default(0.0);
  return scale == 0.0 ? std::nullopt : std::optional<double>(scale);
}

/// Instructions per unit of ncu's instruction counters.
static std::optional<double> getInstructionsPerUnit(llvm::StringRef unit) {
  double scale = llvm::StringSwitch<double>(unit.trim())
                     .Cases({"", "inst"}, 1.0)
                     .Case("Kinst", 1e3)
                     .Case("Minst", 1e6)
                     .Case("Ginst", 1e9)
                     .Case("Tinst", 1e12)
                     .Default(0.0);
  return scale == 0.0 ? std::nullopt : std::optional<double>(scale);
}

/// `metric` of `launch` in base units: std::nullopt when absent or empty
/// ("n/a"), an error when the value is not a number or the unit unknown.
static llvm::Expected<std::optional<double>>
readMetric(llvm::StringRef path, const NcuLaunch &launch,
           llvm::StringRef metric,
           std::optional<double> (*perUnit)(llvm::StringRef)) {
  auto it = launch.metrics.find(metric);
  if (it == launch.metrics.end() || isEmptyCell(it->second.value))
    return std::nullopt;
  const MetricCell &cell = it->second;
  std::optional<double> value = parseCSVNumber(cell.value);
  if (!value)
    return makeCSVError(path, cell.line,
                        "non-numeric value '" + cell.value + "' of metric " +
                            metric);
  std::optional<double> scale = perUnit(cell.unit);
  if (!scale)
    return makeCSVError(path, cell.line,
                        "unknown unit '" + cell.unit + "' of metric " + metric);
  return *value * *scale;
}

/// The MeasuredKernel `launch` stands for; std::nullopt when it has no
/// duration.
static llvm::Expected<std::optional<MeasuredKernel>>
toKernel(llvm::StringRef path, const NcuLaunch &launch) {
  MeasuredKernel kernel;
  kernel.name = launch.name;
  kernel.device = "cuda";
  std::optional<double> duration;
  for (llvm::StringRef metric : {"gpu__time_duration.sum", "Duration"}) {
    llvm::Expected<std::optional<double>> value =
        readMetric(path, launch, metric, getSecondsPerUnit);
    if (!value)
      return value.takeError();
    if ((duration = *value))
      break;
  }
  if (!duration)
    return std::nullopt;
  kernel.duration = *duration;

  // Traffic: the total counter, or read and written when both are there
  // (one alone would undercount).
  std::optional<double> total, read, written;
  for (auto [metric, bytes] :
       {std::pair<llvm::StringRef, std::optional<double> *>{"dram__bytes.sum",
                                                            &total},
        {"dram__bytes_read.sum", &read},
        {"dram__bytes_write.sum", &written}}) {
    llvm::Expected<std::optional<double>> value =
        readMetric(path, launch, metric, getBytesPerUnit);
    if (!value)
      return value.takeError();
    *bytes = *value;
  }
  if (total)
    kernel.bytes = *total;
  else if (read && written)
    kernel.bytes = *read + *written;

  // Work: add and multiply are one FLOP per thread instruction, FMA two,
  // in double, single and half precision.
  std::optional<double> flops;
  for (llvm::StringRef precision : {"d", "f", "h"}) {
    for (auto [op, perInstruction] :
         {std::pair<llvm::StringRef, double>{"add", 1.0},
          {"mul", 1.0},
          {"fma", 2.0}}) {
      std::string metric = ("sm__sass_thread_inst_executed_op_" + precision +
                            op + "_pred_on.sum")
                               .str();
      llvm::Expected<std::optional<double>> count =
          readMetric(path, launch, metric, getInstructionsPerUnit);
      if (!count)
        return count.takeError();
      if (*count)
        flops = flops.value_or(0.0) + **count * perInstruction;
    }
  }
  kernel.flops = flops;
  return kernel;
}

/// The launch of ID cell `cell` at `line`, added to `launches` when new.
static llvm::Expected<NcuLaunch *>
getLaunch(llvm::StringRef path, std::map<int64_t, NcuLaunch> &launches,
          const CSVRecord &row, const NcuHeader &header) {
  llvm::StringRef cell = llvm::StringRef(row.fields[header.id]).trim();
  int64_t id = 0;
  if (cell.getAsInteger(10, id))
    return makeCSVError(path, row.line, "non-numeric kernel ID '" + cell + "'");
  auto [it, inserted] = launches.try_emplace(id);
  if (inserted) {
    it->second.name = llvm::StringRef(row.fields[header.name]).trim().str();
    it->second.line = row.line;
  }
  return &it->second;
}

llvm::Expected<Profile> mlsysim::readNcuCSV(llvm::StringRef path,
                                            llvm::StringRef text) {
  llvm::Expected<std::vector<CSVRecord>> parsed = parseCSVRecords(text);
  if (!parsed)
    return llvm::createStringError("%s: %s", path.str().c_str(),
                                   llvm::toString(parsed.takeError()).c_str());
  std::vector<CSVRecord> records;
  for (CSVRecord &record : *parsed)
    if (!isNcuMessage(record))
      records.push_back(std::move(record));
  auto headerRow = llvm::find_if(records, isNcuHeader);
  if (headerRow == records.end())
    return llvm::createStringError(
        "%s: no ncu table: no header with \"ID\" and \"Kernel Name\"; export "
        "with `ncu --csv` (details) or `ncu --csv --page raw`",
        path.str().c_str());
  NcuHeader header;
  header.id = *findColumn(headerRow->fields, "ID");
  header.name = *findColumn(headerRow->fields, "Kernel Name");
  header.metricName = findColumn(headerRow->fields, "Metric Name");
  header.metricUnit = findColumn(headerRow->fields, "Metric Unit");
  header.metricValue = findColumn(headerRow->fields, "Metric Value");
  bool details = header.metricName.has_value();
  if (details && !header.metricValue)
    return makeCSVError(
        path, headerRow->line,
        "missing column \"Metric Value\" (ncu's details layout "
        "names \"Metric Name\", \"Metric Unit\", \"Metric Value\")");

  auto row = std::next(headerRow);
  // Raw: the units row, whose identity cells are empty.
  std::vector<std::string> units(headerRow->fields.size());
  if (!details && row != records.end() && row->fields.size() == units.size() &&
      llvm::StringRef(row->fields[header.id]).trim().empty())
    units = (row++)->fields;

  std::map<int64_t, NcuLaunch> launches;
  for (; row != records.end(); ++row) {
    if (row->fields.size() != headerRow->fields.size())
      return makeCSVError(
          path, row->line,
          llvm::Twine(row->fields.size()) + " fields where the " +
              "header (line " + llvm::Twine(headerRow->line) + ") has " +
              llvm::Twine(headerRow->fields.size()) + " (a truncated file?)");
    llvm::Expected<NcuLaunch *> launch =
        getLaunch(path, launches, *row, header);
    if (!launch)
      return launch.takeError();
    if (details) {
      MetricCell cell;
      cell.unit = header.metricUnit ? row->fields[*header.metricUnit] : "";
      cell.value = row->fields[*header.metricValue];
      cell.line = row->line;
      // A metric shown by two sections is the same number: the first wins.
      (*launch)->metrics.try_emplace(
          llvm::StringRef(row->fields[*header.metricName]).trim(),
          std::move(cell));
      continue;
    }
    if ((*launch)->line != row->line)
      return makeCSVError(path, row->line,
                          "kernel ID " + row->fields[header.id] +
                              " repeated (first at line " +
                              llvm::Twine((*launch)->line) + ")");
    for (unsigned i = 0; i < row->fields.size(); ++i)
      (*launch)->metrics.try_emplace(
          llvm::StringRef(headerRow->fields[i]).trim(),
          MetricCell{units[i], row->fields[i], row->line});
  }

  Profile profile;
  profile.format = "ncu";
  profile.path = path.str();
  unsigned noDuration = 0;
  double clock = 0.0;
  for (const auto &[id, launch] : launches) {
    llvm::Expected<std::optional<MeasuredKernel>> kernel =
        toKernel(path, launch);
    if (!kernel)
      return kernel.takeError();
    if (!*kernel) {
      ++noDuration;
      continue;
    }
    (*kernel)->start = clock;
    clock += (*kernel)->duration;
    profile.kernels.push_back(std::move(**kernel));
  }
  if (noDuration)
    profile.skipped.push_back(
        std::to_string(noDuration) +
        (noDuration == 1 ? " kernel" : " kernels") +
        " without a duration (collect gpu__time_duration.sum or the "
        "SpeedOfLight section)");
  return profile;
}
