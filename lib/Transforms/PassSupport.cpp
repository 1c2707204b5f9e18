//===- PassSupport.cpp - What every pricing pass does first ---------------===//

#include "PassSupport.h"

#include "mlsysim/Hardware/HardwareRegistry.h"
#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/Units.h"
#include "mlsysim/Support/Suggest.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlsysim;
using namespace mlir;

void mlsysim::passutil::emitCoverageWarnings(const PricedProgram &report) {
  for (const CaveatSummary &summary : report.unmodeled) {
    InFlightDiagnostic diag =
        emitWarning(escapeTerminal(summary.first->getLoc()))
        << escapeTerminal(summary.reason) << "; listed as unmodeled";
    if (summary.count > 1)
      diag << " (" << summary.count << " '" << escapeTerminal(summary.name)
           << "' ops)";
  }
  for (const CaveatSummary &summary : report.approximate) {
    InFlightDiagnostic diag =
        emitWarning(escapeTerminal(summary.first->getLoc()))
        << escapeTerminal(summary.reason);
    if (summary.count > 1)
      diag << " (" << summary.count << " '" << escapeTerminal(summary.name)
           << "' ops)";
  }
  for (Operation *loop : report.unknownTripCountLoops)
    emitWarning(escapeTerminal(loop->getLoc()))
        << "trip count unknown: the ops inside are counted once per run of "
           "this loop";
  emitFitWarnings(report);
}

void mlsysim::passutil::emitFitWarnings(const PricedProgram &report) {
  for (const PeakMemory &footprint : report.footprints)
    if (!report.fits(footprint))
      // At the op where live memory peaks: a function's own location can be
      // a signature line of thousands of arguments.
      emitWarning(escapeTerminal(footprint.peakOp ? footprint.peakOp->getLoc()
                                                  : footprint.func->getLoc()))
          << "does not fit: @" << escapeTerminal(footprint.name) << " needs "
          << formatQuantity(footprint.peakBytes().toDouble(), "B")
          << " at its peak" << (footprint.peakOp ? ", at this op" : "")
          << " (arguments and live intermediates); " << report.hardware->name
          << " has "
          << formatQuantity(report.hardware->memoryCapacityBytes.value, "B");
}

passutil::OptionCheck::OptionCheck(const llvm::cl::Option &anyOption) {
  for (llvm::cl::SubCommand *table : anyOption.Subs)
    for (const auto &[name, option] : table->OptionsMap)
      known.push_back(name.str());
  llvm::sort(known);
}

passutil::OptionCheck &passutil::OptionCheck::value(llvm::StringRef name,
                                                    ValueCheck check) {
  checks[name] = std::move(check);
  return *this;
}

/// An option's key or value as MLIR's parser cuts it from the text: trimmed,
/// without one pair of enclosing quotes or braces.
static llvm::StringRef takeArgument(llvm::StringRef &options, size_t size) {
  llvm::StringRef text = options.take_front(size).trim();
  options = options.drop_front(size).ltrim();
  if (text.size() > 1 && ((text.front() == '\'' && text.back() == '\'') ||
                          (text.front() == '"' && text.back() == '"')))
    return text.drop_front().drop_back().trim();
  if (text.size() > 1 && text.front() == '{' && text.back() == '}')
    return text.drop_front().drop_back().trim();
  return text;
}

/// The next `key[=value]` of `options`, split where MLIR's pass-option
/// parser (PassRegistry.cpp, parseNextArg) splits it: at a space outside
/// quotes and braces.
static std::pair<llvm::StringRef, llvm::StringRef>
takeOption(llvm::StringRef &options) {
  size_t end = 0;
  while (end != options.size() && options[end] != ' ' && options[end] != '=')
    ++end;
  bool hasValue = end != options.size() && options[end] == '=';
  llvm::StringRef key = takeArgument(options, end);
  if (!hasValue)
    return {key, ""};
  options = options.drop_front();
  auto skipQuoted = [&](size_t &at, char quote) {
    if (options[at] != quote)
      return false;
    size_t close = options.find(quote, at + 1);
    if (close != llvm::StringRef::npos)
      at = close;
    return true;
  };
  for (end = 0; end != options.size() && options[end] != ' '; ++end) {
    if (skipQuoted(end, '\'') || skipQuoted(end, '"'))
      continue;
    if (options[end] != '{')
      continue;
    for (int depth = 1; end + 1 != options.size() && depth != 0;) {
      ++end;
      if (skipQuoted(end, '\'') || skipQuoted(end, '"'))
        continue;
      depth += options[end] == '{' ? 1 : options[end] == '}' ? -1 : 0;
    }
  }
  return {key, takeArgument(options, end)};
}

mlir::LogicalResult passutil::OptionCheck::run(
    llvm::StringRef pass, llvm::StringRef options,
    llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler)
    const {
  while (!options.empty()) {
    auto [key, text] = takeOption(options);
    if (key.empty())
      continue;
    if (!llvm::is_contained(known, key)) {
      std::vector<llvm::StringRef> names(known.begin(), known.end());
      std::string near = suggestNames(key, names);
      // The options are few: without a near one, all of them.
      return errorHandler(
          "unknown option '" + key + "' of " + pass +
          (near.empty() ? "; its options: " + llvm::join(known, ", ") : near));
    }
    auto check = checks.find(key);
    if (check == checks.end())
      continue;
    if (std::string error = check->second(text); !error.empty())
      return errorHandler(error);
  }
  return mlir::success();
}

std::string
passutil::OptionCheck::checkName(llvm::StringRef option, llvm::StringRef text,
                                 llvm::ArrayRef<std::string> names) {
  if (llvm::is_contained(names, text))
    return "";
  std::vector<llvm::StringRef> refs(names.begin(), names.end());
  return (option + " expects one of " + llvm::join(names, ", ") + ", got '" +
          text + "'" + suggestNames(text, refs))
      .str();
}

std::string passutil::OptionCheck::checkBool(llvm::StringRef option,
                                             llvm::StringRef text) {
  // The spellings llvm::cl::parser<bool> takes; none is `option` alone.
  if (llvm::is_contained(
          {"", "true", "TRUE", "True", "1", "false", "FALSE", "False", "0"},
          text))
    return "";
  return (option + " expects 1 or 0 (true or false), got '" + text + "'").str();
}

std::string passutil::OptionCheck::checkInteger(llvm::StringRef option,
                                                llvm::StringRef expects,
                                                llvm::StringRef text) {
  // As llvm::cl::parser<int64_t> reads it.
  int64_t value;
  if (!text.getAsInteger(0, value))
    return "";
  return (option + " expects " + expects + ", got '" + text + "'").str();
}

std::string passutil::OptionCheck::checkNumber(llvm::StringRef option,
                                               llvm::StringRef text) {
  double value;
  if (llvm::to_float(text, value))
    return "";
  return (option + " expects a number, got '" + text + "'").str();
}

std::string passutil::checkHardwareList(llvm::StringRef list) {
  llvm::Expected<std::vector<std::shared_ptr<const HardwareSpec>>> devices =
      resolveHardwareList(list);
  if (devices)
    return "";
  return llvm::toString(devices.takeError());
}

std::string passutil::withReferenceDevice(llvm::StringRef list,
                                          llvm::StringRef defaultDevice) {
  llvm::StringRef first = list.split(',').first.trim();
  if (first != "all" && !first.starts_with("class:"))
    return list.str();
  return (defaultDevice + "," + list).str();
}

/// Below this share of the measured time mapped, the report warns.
static constexpr double kLowMatchedShare = 0.5;

LogicalResult
mlsysim::passutil::overlayProfiles(ModuleOp module,
                                   const ProfileRequest &request,
                                   std::vector<PricedProgram> &reports) {
  if (request.profile.empty())
    return success();
  auto read = [&](llvm::StringRef path) -> FailureOr<Profile> {
    llvm::Expected<Profile> measured = readProfile(path, request.format);
    if (!measured)
      return emitError(module.getLoc()) << llvm::toString(measured.takeError());
    return std::move(*measured);
  };
  FailureOr<Profile> now = read(request.profile);
  if (failed(now))
    return failure();
  if (request.runs && now->steps)
    return emitError(module.getLoc())
           << "'" << request.profile << "' marks " << now->steps
           << " profiler steps, each a run; profile-runs= is for a file "
              "that marks none";
  std::optional<Profile> before;
  if (!request.baseline.empty()) {
    FailureOr<Profile> earlier = read(request.baseline);
    if (failed(earlier))
      return failure();
    before = std::move(*earlier);
  }
  for (PricedProgram &report : reports) {
    report.profile = std::make_shared<ProfileOverlay>(
        overlayProfile(report, *now, request.runs));
    // Said once, for the first device: the mapping is the same IR's.
    if (&report == &reports.front() &&
        report.profile->getMatchedShare() < kLowMatchedShare)
      emitWarning(module.getLoc())
          << "only " << formatPercent(report.profile->getMatchedShare())
          << " of the measured time in '" << request.profile
          << "' maps to this IR's ops: a profile of other IR, or of another "
             "batch or shape?";
    if (!before)
      continue;
    report.profileBaseline = std::make_shared<ProfileOverlay>(
        overlayProfile(report, *before, request.runs));
    report.profileChanges =
        diffProfiles(*report.profileBaseline, *report.profile);
  }
  return success();
}
