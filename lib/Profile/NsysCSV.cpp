//===- NsysCSV.cpp - Nsight Systems `nsys stats --format csv` -------------===//
//
// Two of nsys's stats reports are measured runs:
//  - `--report cuda_gpu_trace` (`gputrace` before nsys 2021.5): one row per
//    kernel, memcpy or memset, with "Start (ns)", "Duration (ns)", "CorrId",
//    "GrdX"..., "Device", "Ctx", "Strm", "Name". Memory operations keep the
//    names nsys gives them ("[CUDA memcpy Host-to-Device]", "[CUDA memset]"):
//    the brackets tell them from kernels.
//  - `--report cuda_gpu_kern_sum` (`gpukernsum`): one row per kernel name,
//    "Total Time (ns)" over "Instances" launches. A row is one entry whose
//    duration is the total; its start only keeps the rows' order.
// Times carry their unit in the header, "(ns)" by default and "(us)", "(ms)"
// or "(s)" under `--timeunit`; nsys 2021 wrote "Start(sec)" and
// "Duration(nsec)", and a column without a unit is in nanoseconds (the
// reports' own usage text: "All time values default to nanoseconds").
//
// The table is found by its header, not by the file's name: nsys prints
// progress lines ("Processing [x.sqlite] with [...]...") and a title before
// each report when several share one stream; the first table read ends at
// the next such line, and what follows is noted, not read.
//
//===----------------------------------------------------------------------===//

#include "CSV.h"

#include "mlsysim/Profile/Profile.h"

#include "llvm/ADT/STLExtras.h"

#include <climits>
#include <cmath>

using namespace mlsysim;

namespace {
enum class NsysTable { None, Trace, KernelSummary };

/// A time column: where it is and how many seconds one of its units is.
struct TimeColumn {
  unsigned index = 0;
  double secondsPerUnit = 1e-9;
};

/// The columns a table's reading needs.
struct NsysLayout {
  NsysTable table = NsysTable::None;
  unsigned name = 0;
  /// Start and duration (trace), or total time (summary).
  TimeColumn start, duration;
  unsigned instances = 0;
};
} // namespace

/// The column whose name, its unit set aside, is `base`.
static std::optional<unsigned> findBase(llvm::ArrayRef<std::string> header,
                                        llvm::StringRef base) {
  for (unsigned i = 0; i < header.size(); ++i)
    if (splitColumnUnit(header[i]).first == base)
      return i;
  return std::nullopt;
}

/// Which table `header` heads, if any. Recognized by columns no other nsys
/// report shares: the trace's launch geometry or stream (cuda_api_trace has
/// neither), the summary's "Instances" beside "Name" (cuda_api_sum counts
/// "Num Calls", the memory summaries name an "Operation").
static NsysTable classify(llvm::ArrayRef<std::string> header) {
  if (!findBase(header, "Name"))
    return NsysTable::None;
  if (findBase(header, "GrdX") || findBase(header, "Strm"))
    return NsysTable::Trace;
  if (findBase(header, "Instances") || findBase(header, "Total Time"))
    return NsysTable::KernelSummary;
  return NsysTable::None;
}

bool mlsysim::isNsysCSV(llvm::StringRef path, llvm::StringRef text) {
  // The header is near the top, after at most a few progress lines.
  return hasCSVHeader(text, [](const CSVRecord &record) {
    return classify(record.fields) != NsysTable::None;
  });
}

/// The layout of the table `header` heads, or an error naming
/// the missing column or an unknown time unit.
static llvm::Expected<NsysLayout> getLayout(llvm::StringRef path,
                                            const CSVRecord &header) {
  NsysLayout layout;
  layout.table = classify(header.fields);
  layout.name = *findBase(header.fields, "Name");
  auto timeColumn = [&](llvm::StringRef base, llvm::StringRef shown,
                        TimeColumn &column) -> llvm::Error {
    std::optional<unsigned> index = findBase(header.fields, base);
    if (!index)
      return makeCSVError(path, header.line,
                          "missing column \"" + shown + "\" (the " +
                              (layout.table == NsysTable::Trace
                                   ? "cuda_gpu_trace"
                                   : "cuda_gpu_kern_sum") +
                              " table's header)");
    column.index = *index;
    llvm::StringRef unit = splitColumnUnit(header.fields[*index]).second;
    // nsys's own default, for the columns that print no unit.
    if (unit.empty())
      unit = "ns";
    std::optional<double> scale = getSecondsPerUnit(unit);
    if (!scale)
      return makeCSVError(path, header.line,
                          "unknown time unit '" + unit + "' in column \"" +
                              header.fields[*index] + "\" (ns, us, ms or s)");
    column.secondsPerUnit = *scale;
    return llvm::Error::success();
  };
  if (layout.table == NsysTable::Trace) {
    if (llvm::Error error = timeColumn("Start", "Start (ns)", layout.start))
      return std::move(error);
    if (llvm::Error error =
            timeColumn("Duration", "Duration (ns)", layout.duration))
      return std::move(error);
    return layout;
  }
  if (llvm::Error error =
          timeColumn("Total Time", "Total Time (ns)", layout.duration))
    return std::move(error);
  std::optional<unsigned> instances = findBase(header.fields, "Instances");
  if (!instances)
    return makeCSVError(path, header.line,
                        "missing column \"Instances\" (the cuda_gpu_kern_sum "
                        "table's header)");
  layout.instances = *instances;
  return layout;
}

/// A time cell in seconds; std::nullopt when empty, an error when it is
/// not a non-negative number.
static llvm::Expected<std::optional<double>>
readTime(llvm::StringRef path, const CSVRecord &row, const CSVRecord &header,
         const TimeColumn &column, llvm::StringRef what) {
  llvm::StringRef cell = row.fields[column.index];
  if (isEmptyCell(cell))
    return std::nullopt;
  std::optional<double> value = parseCSVNumber(cell);
  if (!value || *value < 0)
    return makeCSVError(path, row.line,
                        (value ? "negative " : "non-numeric ") + what + " '" +
                            cell + "' in column \"" +
                            header.fields[column.index] + "\"");
  return *value * column.secondsPerUnit;
}

llvm::Expected<Profile> mlsysim::readNsysCSV(llvm::StringRef path,
                                             llvm::StringRef text) {
  llvm::Expected<std::vector<CSVRecord>> records = parseCSVRecords(text);
  if (!records)
    return llvm::createStringError("%s: %s", path.str().c_str(),
                                   llvm::toString(records.takeError()).c_str());
  auto header = llvm::find_if(*records, [](const CSVRecord &record) {
    return classify(record.fields) != NsysTable::None;
  });
  if (header == records->end())
    return llvm::createStringError(
        "%s: no nsys table: no header with \"Name\" and the columns of "
        "cuda_gpu_trace (\"Start (ns)\", \"Duration (ns)\", \"GrdX\", "
        "\"Strm\") or cuda_gpu_kern_sum (\"Total Time (ns)\", \"Instances\"); "
        "export with `nsys stats --report cuda_gpu_trace --format csv`",
        path.str().c_str());
  llvm::Expected<NsysLayout> layout = getLayout(path, *header);
  if (!layout)
    return layout.takeError();

  Profile profile;
  profile.format = "nsys";
  profile.path = path.str();
  // A summary's rows are by total time, not in the order they ran.
  profile.ordered = layout->table != NsysTable::KernelSummary;
  unsigned noDuration = 0, noStart = 0;
  for (auto row = std::next(header); row != records->end(); ++row) {
    // A line of one cell is a progress line or the next report's title:
    // this table has ended.
    if (row->fields.size() == 1) {
      profile.skipped.push_back("lines from " + std::to_string(row->line) +
                                " on (another report's output) not read");
      break;
    }
    if (row->fields.size() != header->fields.size())
      return makeCSVError(path, row->line,
                          llvm::Twine(row->fields.size()) +
                              " fields where the " + "header (line " +
                              llvm::Twine(header->line) + ") has " +
                              llvm::Twine(header->fields.size()));
    MeasuredKernel kernel;
    kernel.name = llvm::StringRef(row->fields[layout->name]).trim().str();
    kernel.device = "cuda";
    llvm::Expected<std::optional<double>> duration =
        readTime(path, *row, *header, layout->duration, "duration");
    if (!duration)
      return duration.takeError();
    if (!*duration) {
      ++noDuration;
      continue;
    }
    kernel.duration = **duration;
    if (layout->table == NsysTable::Trace) {
      llvm::Expected<std::optional<double>> start =
          readTime(path, *row, *header, layout->start, "start");
      if (!start)
        return start.takeError();
      if (!*start) {
        ++noStart;
        continue;
      }
      kernel.start = **start;
    } else {
      llvm::StringRef cell = row->fields[layout->instances];
      std::optional<double> count = parseCSVNumber(cell);
      if (!count || *count < 1 || *count > UINT_MAX ||
          *count != std::floor(*count))
        return makeCSVError(path, row->line,
                            "non-numeric instance count '" + cell +
                                "' in column \"" +
                                header->fields[layout->instances] + "\"");
      kernel.instances = static_cast<unsigned>(*count);
      // A summary has no start: the row's place keeps the order.
      kernel.start = profile.kernels.size();
    }
    profile.kernels.push_back(std::move(kernel));
  }
  if (noDuration)
    profile.skipped.push_back(std::to_string(noDuration) +
                              " rows without a duration");
  if (noStart)
    profile.skipped.push_back(std::to_string(noStart) +
                              " rows without a start");
  llvm::stable_sort(profile.kernels,
                    [](const MeasuredKernel &a, const MeasuredKernel &b) {
                      return a.start < b.start;
                    });
  return profile;
}
