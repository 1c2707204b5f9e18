//===- ProfileViews.cpp - The measured profile beside the prediction ------===//

#include "mlsysim/Reporting/ProfileViews.h"

#include "mlsysim/Pricing/RepeatedKernels.h"
#include "mlsysim/Reporting/TextTable.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlsysim;
using llvm::json::Array;
using llvm::json::Object;

static constexpr Column kUnitColumns[] = {
    {"measured op", true}, {"IR ops", true},     {"location", true},
    {"measured", false},   {"predicted", false}, {"headroom", false},
    {"achieved", false},   {"bound", true},
};
static constexpr Column kChangeColumns[] = {
    {"measured op", true}, {"IR op", true},   {"before", false},
    {"now", false},        {"change", false},
};
constexpr size_t kUnitsShown = 10;

std::string mlsysim::describeMeasuredNames(const MeasuredUnit &unit) {
  constexpr size_t kShown = 2;
  llvm::SmallVector<llvm::StringRef> shown;
  for (const std::string &name : llvm::ArrayRef(unit.names).take_front(kShown))
    shown.push_back(name);
  std::string text = llvm::join(shown, " + ");
  if (unit.names.size() > kShown)
    text += " + " + std::to_string(unit.names.size() - kShown) + " more";
  return text;
}

std::string mlsysim::describeMeasuredOps(const PricedProgram &report,
                                         const MeasuredUnit &unit) {
  const PricedOp &heaviest = report.ops[findHeaviestOp(report, unit.ops)];
  std::string text = heaviest.name.str();
  if (unit.ops.size() > 1)
    text += " + " + std::to_string(unit.ops.size() - 1) +
            (unit.ops.size() == 2 ? " op" : " ops");
  return text;
}

/// A GPU kernel's name can run to hundreds of characters (templates): the
/// text table keeps its head.
static std::string shorten(std::string name) {
  constexpr size_t kWidth = 60;
  if (name.size() > kWidth)
    name = name.substr(0, kWidth - 3) + "...";
  return name;
}

/// "1.2 TFLOP/s, 35 GB/s": the rates the measured time achieves.
static std::string describeAchieved(const MeasuredUnit &unit) {
  std::string text;
  if (unit.achievedFlops > 0)
    text = formatQuantity(unit.achievedFlops, "FLOP/s");
  if (unit.achievedBytes > 0)
    text +=
        (text.empty() ? "" : ", ") + formatQuantity(unit.achievedBytes, "B/s");
  return text.empty() ? "-" : text;
}

static std::string describeHeadroom(const MeasuredUnit &unit) {
  return unit.predicted > 0 ? formatFixed(unit.headroom, 2) + "x" : "-";
}

static void printChanges(const PricedProgram &report, llvm::raw_ostream &os) {
  const ProfileOverlay &before = *report.profileBaseline,
                       &now = *report.profile;
  os << "  against " << before.path << " (" << before.format << "): measured "
     << formatSeconds(before.measured) << " per run before, "
     << formatSeconds(now.measured) << " now"
     << formatChange(before.measured, now.measured) << "\n";
  llvm::SmallVector<llvm::SmallVector<std::string>> rows;
  for (const ProfileChange &change :
       llvm::ArrayRef(report.profileChanges).take_front(kUnitsShown)) {
    auto cell = [](double time) {
      return time >= 0 ? formatSeconds(time) : std::string("-");
    };
    rows.push_back({shorten(change.name), report.ops[change.anchor].name.str(),
                    cell(change.before), cell(change.after),
                    change.before > 0 && change.after >= 0
                        ? formatChange(change.before, change.after)
                        : std::string("-")});
  }
  if (rows.empty())
    return;
  os << "  largest measured changes:\n";
  printTable(rows, os, kChangeColumns);
}

void mlsysim::printProfileText(const PricedProgram &report,
                               llvm::raw_ostream &os) {
  if (!report.profile)
    return;
  const ProfileOverlay &p = *report.profile;
  os << "\nmeasured: " << p.path << " (" << p.format << " profile"
     << (p.runs > 1 ? ", the mean of " + std::to_string(p.runs) + " runs" : "")
     << ")\n";
  os << "  " << formatSeconds(p.measured) << " measured per run; "
     << formatPercent(p.getMatchedShare()) << " of it ("
     << formatSeconds(p.matched) << ") maps onto " << p.opsMeasured
     << " of the IR's " << report.ops.size() << " ops ("
     << formatCount(Count(p.units.size()), "group") << "), predicted at "
     << formatSeconds(p.predictedMatched);
  if (p.predictedMatched > 0)
    os << " (measured " << formatFixed(p.matched / p.predictedMatched, 2)
       << "x the prediction)";
  os << "\n";
  if (!p.unmatched.empty()) {
    double time = 0.0;
    for (const UnmatchedEntries &u : p.unmatched)
      time += u.measured;
    os << "  unmatched: " << formatSeconds(time) << " in " << p.unmatched.size()
       << (p.unmatched.size() == 1 ? " name" : " names");
    constexpr size_t kNamed = 3;
    llvm::ListSeparator sep(", ");
    os << " (";
    for (const UnmatchedEntries &u :
         llvm::ArrayRef(p.unmatched).take_front(kNamed))
      os << sep << u.name << " " << formatSeconds(u.measured);
    if (p.unmatched.size() > kNamed)
      os << sep << "...";
    os << ")\n";
  }
  if (p.hostTransfer > 0)
    os << "  host transfers: " << formatSeconds(p.hostTransfer)
       << " of copies between host and device, outside the IR: left out\n";
  if (p.opsNotMeasured)
    os << "  not measured: " << p.opsNotMeasured << " IR ops predicted at "
       << formatSeconds(p.predictedNotMeasured) << " match no measured entry\n";
  for (const std::string &note : p.notes)
    os << "  note: " << note << "\n";
  llvm::SmallVector<llvm::SmallVector<std::string>> rows;
  size_t shown = report.options.allOps ? p.units.size() : kUnitsShown;
  for (const MeasuredUnit &unit : llvm::ArrayRef(p.units).take_front(shown))
    rows.push_back({shorten(describeMeasuredNames(unit)),
                    describeMeasuredOps(report, unit),
                    report.ops[unit.anchor].loc.str(),
                    formatSeconds(unit.measured), formatSeconds(unit.predicted),
                    describeHeadroom(unit), describeAchieved(unit),
                    stringifyBound(unit.bound).str()});
  if (!rows.empty()) {
    os << "  time left on the table (measured - predicted), largest first"
       << (shown < p.units.size()
               ? " (" + std::to_string(shown) + " of " +
                     std::to_string(p.units.size()) + "; ops=all: every one)"
               : std::string())
       << ":\n";
    printTable(rows, os, kUnitColumns);
  }
  if (report.profileBaseline)
    printChanges(report, os);
}

static llvm::json::Value overlayToJSON(const PricedProgram &report,
                                       const ProfileOverlay &p) {
  Array units, unmatched, notes;
  for (const MeasuredUnit &unit : p.units) {
    Array names, ops;
    for (const std::string &name : unit.names)
      names.push_back(name);
    for (unsigned id : unit.ops)
      ops.push_back(id);
    units.push_back(Object{{"names", std::move(names)},
                           {"anchor", unit.anchor},
                           {"ops", std::move(ops)},
                           {"measured_s", unit.measured},
                           {"entries", unit.entries},
                           {"predicted_s", unit.predicted},
                           {"headroom", unit.predicted > 0
                                            ? llvm::json::Value(unit.headroom)
                                            : llvm::json::Value(nullptr)},
                           {"time_left_s", unit.timeLeft},
                           {"achieved_flops_per_s", unit.achievedFlops},
                           {"achieved_bytes_per_s", unit.achievedBytes},
                           {"bound", stringifyBound(unit.bound)}});
  }
  double unmatchedTime = 0.0;
  for (const UnmatchedEntries &u : p.unmatched) {
    unmatched.push_back(Object{
        {"name", u.name}, {"measured_s", u.measured}, {"entries", u.entries}});
    unmatchedTime += u.measured;
  }
  for (const std::string &note : p.notes)
    notes.push_back(note);
  return Object{{"format", p.format},
                {"path", p.path},
                {"runs", p.runs},
                {"measured_s", p.measured},
                {"matched_s", p.matched},
                {"matched_share", p.getMatchedShare()},
                {"predicted_matched_s", p.predictedMatched},
                {"unmatched_s", unmatchedTime},
                {"unmatched", std::move(unmatched)},
                {"host_transfer_s", p.hostTransfer},
                {"ops_measured", p.opsMeasured},
                {"ops_not_measured", p.opsNotMeasured},
                {"predicted_not_measured_s", p.predictedNotMeasured},
                {"notes", std::move(notes)},
                {"units", std::move(units)}};
}

llvm::json::Value mlsysim::profileToJSON(const PricedProgram &report) {
  llvm::json::Value value = overlayToJSON(report, *report.profile);
  if (!report.profileBaseline)
    return value;
  Object &object = *value.getAsObject();
  object["baseline"] = overlayToJSON(report, *report.profileBaseline);
  Array changes;
  for (const ProfileChange &change : report.profileChanges)
    changes.push_back(Object{
        {"anchor", change.anchor},
        {"name", change.name},
        {"before_s", change.before >= 0 ? llvm::json::Value(change.before)
                                        : llvm::json::Value(nullptr)},
        {"after_s", change.after >= 0 ? llvm::json::Value(change.after)
                                      : llvm::json::Value(nullptr)}});
  object["changes"] = std::move(changes);
  return value;
}
