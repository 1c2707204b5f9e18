//===- FittedDeviceFile.cpp - A device file with fitted efficiencies ------===//
//
// The file is not re-emitted from the parsed spec: a device file's comments
// and notes are its documentation, and a fit should change only what it
// fitted. The YAML parser finds where each top-level entry starts; the three
// rewritten entries are emitted from the spec (which already resolved their
// flow or block style into values), the rest is copied byte for byte.
//
//===----------------------------------------------------------------------===//

#include "FittedDeviceFile.h"

#include "mlsysim/Reporting/Units.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlsysim;
using namespace mlsysim::calibrate;
using llvm::StringRef;

namespace {
/// A top-level entry's bytes: from the start of its key's line to the start
/// of the next entry's, less the comment and blank lines before the next
/// one (those belong to it).
struct TopLevelEntry {
  std::string key;
  size_t begin = 0, end = 0;
};
} // namespace

static std::string quoted(StringRef text) {
  return "\"" + llvm::yaml::escape(text, /*EscapePrintable=*/false) + "\"";
}

/// The start of the line `pos` is on.
static size_t lineStart(StringRef text, size_t pos) {
  size_t newline = text.rfind('\n', pos); // The last one before `pos`.
  return newline == StringRef::npos ? 0 : newline + 1;
}

/// Moves `end` (a line start) back over the blank and column-0 comment
/// lines that end [begin, end).
static size_t trimTrailingComments(StringRef text, size_t begin, size_t end) {
  while (end > begin) {
    size_t previous = lineStart(text, end - 1);
    StringRef line = text.slice(previous, end).trim();
    if (previous == begin || (!line.empty() && text[previous] != '#'))
      break;
    end = previous;
  }
  return end;
}

static llvm::Expected<std::vector<TopLevelEntry>>
findTopLevelEntries(StringRef text, StringRef bufferName) {
  auto fail = [&](const llvm::Twine &why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   bufferName + ": " + why);
  };
  llvm::SourceMgr sourceMgr;
  std::string parseError;
  sourceMgr.setDiagHandler(
      [](const llvm::SMDiagnostic &diag, void *context) {
        *static_cast<std::string *>(context) = diag.getMessage().str();
      },
      &parseError);
  llvm::yaml::Stream stream(text, sourceMgr, /*ShowColors=*/false);
  llvm::yaml::document_iterator document = stream.begin();
  auto *root = document == stream.end()
                   ? nullptr
                   : llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(
                         document->getRoot());
  if (!root)
    return fail("the top level is not a mapping");
  std::vector<TopLevelEntry> entries;
  for (llvm::yaml::KeyValueNode &entry : *root) {
    auto *key = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(entry.getKey());
    if (!key)
      return fail("a top-level key is not a scalar");
    llvm::SmallString<32> storage;
    size_t offset = key->getSourceRange().Start.getPointer() - text.data();
    // A block mapping's keys start their lines; a flow mapping's do not.
    if (lineStart(text, offset) != offset)
      return fail("the top level is not a block mapping");
    entries.push_back({key->getValue(storage).str(), offset});
    entry.skip();
  }
  if (!parseError.empty())
    return fail(parseError);
  for (size_t i = 0; i < entries.size(); ++i) {
    size_t next = i + 1 < entries.size() ? entries[i + 1].begin : text.size();
    entries[i].end = trimTrailingComments(text, entries[i].begin, next);
  }
  return entries;
}

static void writeValue(llvm::raw_ostream &os, const SourcedValue &value) {
  os << "{value: " << formatShortest(value.value);
  if (!value.source.empty())
    os << ", source: " << value.source;
  else
    os << ", assumption: " << quoted(value.assumption);
  if (!value.note.empty())
    os << ", note: " << quoted(value.note);
  os << "}";
}

/// A fitted efficiency as the file states it, with what it was fitted on.
static SourcedValue fittedValue(const ClassFit &fit,
                                const FitProvenance &provenance) {
  SourcedValue value;
  // Six digits: the prediction it gives matches the fit's to 1e-6.
  std::string digits = llvm::formatv("{0:e5}", fit.fitted).str();
  if (llvm::StringRef(digits).getAsDouble(value.value))
    value.value = fit.fitted;
  value.source = kProfileFitSource.str();
  value.note = llvm::formatv(
      "ratio of sums over {0} measured op{1} ({2} per run) of {3}; "
      "measured/predicted {4:f2}-{5:f2} (p10-p90) after the fit; {6} before",
      fit.units, fit.units == 1 ? "" : "s", formatSeconds(fit.seconds),
      llvm::sys::path::filename(provenance.profilePath), fit.spreadLow,
      fit.spreadHigh, formatShortest(fit.assumed));
  return value;
}

static void writeEfficiency(llvm::raw_ostream &os, const HardwareSpec &spec,
                            const ProfileFit &fit,
                            const FitProvenance &provenance) {
  // The file's own classes, with the fitted sides replaced.
  std::map<OpClass, HardwareSpec::ClassEfficiency> byClass =
      spec.classEfficiencies;
  for (const ClassFit &fitted : fit.classes) {
    HardwareSpec::ClassEfficiency &entry = byClass[fitted.opClass];
    (fitted.compute ? entry.compute : entry.memory) =
        fittedValue(fitted, provenance);
  }
  os << "efficiency:\n  compute: ";
  writeValue(os, spec.computeEfficiency);
  os << "\n  memory: ";
  writeValue(os, spec.memoryEfficiency);
  os << "\n";
  if (byClass.empty())
    return;
  os << "  by_class:\n";
  for (const auto &[opClass, entry] : byClass) {
    os << "    " << stringifyOpClass(opClass) << ":\n";
    if (entry.compute) {
      os << "      compute: ";
      writeValue(os, *entry.compute);
      os << "\n";
    }
    if (entry.memory) {
      os << "      memory: ";
      writeValue(os, *entry.memory);
      os << "\n";
    }
  }
}

static void writeSources(llvm::raw_ostream &os, const HardwareSpec &spec,
                         const FitProvenance &provenance) {
  os << "sources:\n";
  auto writeSource = [&](StringRef key, StringRef title, StringRef url,
                         StringRef read) {
    os << "  " << key << ":\n    title: " << quoted(title)
       << "\n    url: " << quoted(url) << "\n    read: " << read << "\n";
  };
  for (const HardwareSource &source : spec.sources)
    if (source.key != kProfileFitSource)
      writeSource(source.key, source.title, source.url, source.read);
  writeSource(kProfileFitSource,
              llvm::formatv("fitted by mlsysim-calibrate --from-profile {0} "
                            "on {1}, {2}",
                            provenance.profilePath, provenance.irPath,
                            provenance.date)
                  .str(),
              "file:" + provenance.profilePath, provenance.date);
}

llvm::Expected<std::string>
calibrate::rewriteDeviceFile(StringRef text, StringRef bufferName,
                             const HardwareSpec &spec, const ProfileFit &fit,
                             const FitProvenance &provenance) {
  llvm::Expected<std::vector<TopLevelEntry>> entries =
      findTopLevelEntries(text, bufferName);
  if (!entries)
    return entries.takeError();
  for (StringRef required : {"id", "sources", "efficiency"})
    if (llvm::none_of(*entries, [&](const TopLevelEntry &entry) {
          return entry.key == required;
        }))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     bufferName + ": no top-level '" +
                                         required + "' to rewrite");

  std::string result;
  llvm::raw_string_ostream os(result);
  os << "# Efficiencies by class fitted by mlsysim-calibrate --from-profile "
     << provenance.profilePath << " on " << provenance.irPath << ", "
     << provenance.date << " (source " << kProfileFitSource << ").\n";
  size_t copied = 0;
  for (const TopLevelEntry &entry : *entries) {
    if (entry.key != "id" && entry.key != "sources" &&
        entry.key != "efficiency")
      continue;
    os << text.slice(copied, entry.begin);
    if (entry.key == "id")
      os << "id: "
         << (StringRef(spec.id).ends_with("-fitted") ? spec.id
                                                     : spec.id + "-fitted")
         << "\n";
    else if (entry.key == "sources")
      writeSources(os, spec, provenance);
    else
      writeEfficiency(os, spec, fit, provenance);
    copied = entry.end;
  }
  os << text.substr(copied);
  return result;
}
