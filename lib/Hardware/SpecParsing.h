//===- SpecParsing.h - What device and system files share -------*- C++ -*-===//
//
// The llvm::yaml pieces every kind of zoo file uses: sourced numbers, the
// `sources` table, ids, the checks run before the parser sees a file, and the
// parse itself. A private header of the Hardware library.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_LIB_HARDWARE_SPECPARSING_H
#define MLSYSIM_LIB_HARDWARE_SPECPARSING_H

#include "mlsysim/Hardware/HardwareSpec.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"

#include <cmath>
#include <type_traits>

namespace mlsysim {
namespace specparse {
using llvm::StringRef;

/// State shared by the traits while one file is parsed.
struct ParseContext {
  /// The input being read: validators must not report on top of an earlier
  /// error (llvm::yaml::Input may have no current node then).
  llvm::yaml::Input *input = nullptr;
  const llvm::StringSet<> *takenNames = nullptr;
  llvm::StringSet<> namesInFile;
  llvm::StringSet<> sourceKeys;
  /// Dotted path of the field being read, for messages.
  std::string field;
  /// Dotted path of the section being read (empty at the top level).
  std::string section;
  /// Whether the value being read must lie in (0, 1].
  bool fraction = false;

  /// The dotted path of `key` in the section being read.
  std::string pathOf(StringRef key) const {
    return section.empty() ? key.str() : (section + "." + key).str();
  }
};

inline ParseContext &getContext(llvm::yaml::IO &io) {
  return *static_cast<ParseContext *>(io.getContext());
}

// Scalar wrappers: each validates in its `input` so the error is located at
// the scalar itself.
struct DeviceName {
  std::string value;
};
struct PositiveNumber {
  double value = 0.0;
};
struct SourceRef {
  std::string value;
};
struct ReadDate {
  std::string value;
};
struct NonEmptyText {
  std::string value;
};

/// A scalar that must be one of a fixed list: `Choices` has `names` (the
/// list) and `error` (the message, naming the field and the list).
template <typename Choices> struct OneOf {
  std::string value;
};

/// The `sources` table.
struct SourcesSection {
  std::vector<HardwareSource> *sources;
};

/// Reads `key` of the section being read as a sourced number: required, or
/// optional when `value` is a std::optional; messages name it by its dotted
/// path (`memory.capacity_bytes`). `fraction`: the number must lie in (0, 1].
template <typename ValueT>
void mapNumber(llvm::yaml::IO &io, StringRef key, ValueT &value,
               bool fraction = false) {
  ParseContext &ctx = getContext(io);
  ctx.field = ctx.pathOf(key);
  ctx.fraction = fraction;
  if constexpr (std::is_same_v<ValueT, SourcedValue>)
    io.mapRequired(key, value);
  else
    io.mapOptional(key, value);
  ctx.fraction = false;
}

/// While it lives, the numbers read are fields of section `key` of the
/// section being read (a sequence's element names its own section).
class SectionScope {
public:
  SectionScope(llvm::yaml::IO &io, StringRef key)
      : ctx(getContext(io)), outer(ctx.section) {
    ctx.section = ctx.pathOf(key);
  }
  ~SectionScope() { ctx.section = std::move(outer); }
  SectionScope(const SectionScope &) = delete;
  SectionScope &operator=(const SectionScope &) = delete;

private:
  ParseContext &ctx;
  std::string outer;
};

/// Reads `key` as a nested section: messages about it name its dotted path,
/// and its numbers are named from it.
template <typename Section>
void mapSection(llvm::yaml::IO &io, StringRef key, Section &&section,
                bool required) {
  getContext(io).field = getContext(io).pathOf(key);
  SectionScope scope(io, key);
  if (required)
    io.mapRequired(key, section);
  else
    io.mapOptional(key, section);
}
} // namespace specparse
} // namespace mlsysim

LLVM_YAML_IS_FLOW_SEQUENCE_VECTOR(mlsysim::specparse::DeviceName)

namespace llvm {
namespace yaml {

using namespace mlsysim::specparse;
using mlsysim::HardwareSource;
using mlsysim::SourcedValue;

/// What the traits of the scalar wrappers share: each is written back as its
/// text; `input` (each its own) checks it.
template <typename T, QuotingType Quote = QuotingType::None>
struct WrappedScalarTraits {
  static void output(const T &v, void *, raw_ostream &os) { os << v.value; }
  static QuotingType mustQuote(StringRef) { return Quote; }
};

template <> struct ScalarTraits<DeviceName> : WrappedScalarTraits<DeviceName> {
  static StringRef input(StringRef scalar, void *ctxPtr, DeviceName &v) {
    auto &ctx = *static_cast<ParseContext *>(ctxPtr);
    if (scalar.empty() || !llvm::all_of(scalar, [](char c) {
          return llvm::isLower(c) || llvm::isDigit(c) || c == '-' || c == '.';
        }))
      return "an id or alias uses lowercase letters, digits, '-' and '.'";
    if ((ctx.takenNames && ctx.takenNames->contains(scalar)) ||
        !ctx.namesInFile.insert(scalar).second) {
      // The message must outlive this call: keep it in the context.
      ctx.field = ("duplicate id or alias '" + scalar +
                   "': another device already uses it")
                      .str();
      return ctx.field;
    }
    v.value = scalar.str();
    return {};
  }
};

/// Bounds of device numbers (see ScalarTraits<PositiveNumber>).
constexpr double kMinEfficiency = 1e-3;
constexpr double kMinQuantity = 1e-12, kMaxQuantity = 1e24;

template <>
struct ScalarTraits<PositiveNumber> : WrappedScalarTraits<PositiveNumber> {
  static StringRef input(StringRef scalar, void *ctxPtr, PositiveNumber &v) {
    auto &ctx = *static_cast<ParseContext *>(ctxPtr);
    double value;
    if (scalar.getAsDouble(value) || !std::isfinite(value)) {
      ctx.field += ": value is not a number";
      return ctx.field;
    }
    if (value <= 0.0) {
      ctx.field += ": value must be positive";
      return ctx.field;
    }
    if (ctx.fraction && value > 1.0) {
      ctx.field += ": an efficiency is a fraction in (0, 1]";
      return ctx.field;
    }
    // Physical ranges: every time, rate, size and count of a real device
    // (a 50 ns launch to a rack's 1e18 FLOP/s) lies well inside them, and
    // within them no price overflows or underflows a double.
    if (ctx.fraction && value < kMinEfficiency) {
      ctx.field += ": an efficiency below 0.001 is not a device's";
      return ctx.field;
    }
    if (!ctx.fraction && (value < kMinQuantity || value > kMaxQuantity)) {
      ctx.field += ": value outside the physical range [1e-12, 1e24]";
      return ctx.field;
    }
    v.value = value;
    return {};
  }
};

template <> struct ScalarTraits<SourceRef> : WrappedScalarTraits<SourceRef> {
  static StringRef input(StringRef scalar, void *ctxPtr, SourceRef &v) {
    auto &ctx = *static_cast<ParseContext *>(ctxPtr);
    if (!ctx.sourceKeys.contains(scalar)) {
      ctx.field +=
          ": source '" + scalar.str() + "' names no entry of 'sources'";
      return ctx.field;
    }
    v.value = scalar.str();
    return {};
  }
};

template <> struct ScalarTraits<ReadDate> : WrappedScalarTraits<ReadDate> {
  static StringRef input(StringRef scalar, void *, ReadDate &v) {
    bool ok = scalar.size() == 10 && scalar[4] == '-' && scalar[7] == '-';
    for (size_t i = 0; ok && i < scalar.size(); ++i)
      ok = (i == 4 || i == 7) || llvm::isDigit(scalar[i]);
    if (!ok)
      return "'read' is the date the value was read, as YYYY-MM-DD";
    v.value = scalar.str();
    return {};
  }
};

template <>
struct ScalarTraits<NonEmptyText>
    : WrappedScalarTraits<NonEmptyText, QuotingType::Single> {
  static StringRef input(StringRef scalar, void *, NonEmptyText &v) {
    if (scalar.trim().empty())
      return "expected a non-empty text";
    v.value = scalar.str();
    return {};
  }
};

template <> struct MappingTraits<SourcedValue> {
  static void mapping(IO &io, SourcedValue &v) {
    PositiveNumber number;
    std::optional<SourceRef> source;
    std::optional<NonEmptyText> assumption;
    io.mapRequired("value", number);
    io.mapOptional("source", source);
    io.mapOptional("assumption", assumption);
    io.mapOptional("note", v.note);
    v.value = number.value;
    v.source = source ? source->value : "";
    v.assumption = assumption ? assumption->value : "";
  }
  static std::string validate(IO &io, SourcedValue &v) {
    if (getContext(io).input->error())
      return {};
    if (v.source.empty() == v.assumption.empty())
      return getContext(io).field +
             ": a number needs exactly one of 'source' (a key of 'sources') "
             "or 'assumption' (why this value)";
    return {};
  }
};

/// `launch_overhead_s`: one sourced number (the eager cost; graph and
template <> struct CustomMappingTraits<SourcesSection> {
  static void inputOne(IO &io, StringRef key, SourcesSection &section) {
    ParseContext &ctx = getContext(io);
    ctx.field = ("sources." + key).str();
    if (!ctx.sourceKeys.insert(key).second) {
      io.setError("duplicate source key '" + key + "'");
      return;
    }
    HardwareSource source;
    source.key = key.str();
    io.mapRequired(key, source);
    section.sources->push_back(std::move(source));
  }
  static void output(IO &, SourcesSection &) {}
};

template <> struct MappingTraits<HardwareSource> {
  static void mapping(IO &io, HardwareSource &source) {
    NonEmptyText title, url;
    ReadDate read;
    io.mapRequired("title", title);
    io.mapRequired("url", url);
    io.mapRequired("read", read);
    source.title = title.value;
    source.url = url.value;
    source.read = read.value;
  }
};

template <typename Choices>
struct ScalarTraits<OneOf<Choices>> : WrappedScalarTraits<OneOf<Choices>> {
  static StringRef input(StringRef scalar, void *, OneOf<Choices> &v) {
    if (!llvm::is_contained(Choices::names, scalar))
      return Choices::error;
    v.value = scalar.str();
    return {};
  }
};

} // namespace yaml
} // namespace llvm

namespace mlsysim {
namespace specparse {

/// Rejects, before the YAML parser sees them, inputs no device description
/// needs and the parser handles badly: past kMaxDeviceFileBytes (a zoo file
/// is under 8 KB; a mapping of 200k keys parses in quadratic time), or
/// nested deeper than kMaxDeviceFileDepth (the parser recurses once per
/// level: 30,000 levels overflow the stack).
inline llvm::Error checkDeviceFileShape(StringRef buffer,
                                        StringRef bufferName) {
  if (buffer.size() > kMaxDeviceFileBytes)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "%s: error: %zu bytes is too large for a device description (at "
        "most %zu)",
        bufferName.str().c_str(), buffer.size(), kMaxDeviceFileBytes);
  // Flow collections nest through brackets, block sequences through "- "
  // on one line, block collections through indentation (at most a line's
  // length, itself bounded by the size).
  unsigned line = 1, flow = 0, dashes = 0;
  bool lineStart = true, inQuote = false;
  char quote = 0;
  for (char c : buffer) {
    if (c == '\n') {
      ++line;
      lineStart = true;
      dashes = 0;
      inQuote = false;
      continue;
    }
    if (inQuote) {
      inQuote = c != quote;
      continue;
    }
    if (c == '#')
      lineStart = false;
    if (c == '"' || c == '\'') {
      inQuote = true;
      quote = c;
      lineStart = false;
      continue;
    }
    if (lineStart && (c == '-' || c == '?'))
      ++dashes;
    else if (c != ' ')
      lineStart = false;
    if (c == '[' || c == '{')
      ++flow;
    else if ((c == ']' || c == '}') && flow)
      --flow;
    if (flow + dashes > kMaxDeviceFileDepth)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "%s:%u: error: nested deeper than %u levels; a device description "
          "needs a few",
          bufferName.str().c_str(), line, kMaxDeviceFileDepth);
  }
  return llvm::Error::success();
}

/// The keys every zoo file has: `sources` (mapped first: every later
/// `source:` is checked against them), `id`, `aliases` and `name`.
template <typename Spec> void mapHeader(llvm::yaml::IO &io, Spec &spec) {
  mapSection(io, "sources", SourcesSection{&spec.sources}, /*required=*/true);
  DeviceName id;
  std::vector<DeviceName> aliases;
  NonEmptyText name;
  io.mapRequired("id", id);
  io.mapOptional("aliases", aliases);
  io.mapRequired("name", name);
  spec.id = id.value;
  for (DeviceName &alias : aliases)
    spec.aliases.push_back(alias.value);
  spec.name = name.value;
}

/// What every zoo file's validation checks first: nothing after an earlier
/// error (an empty message: the error is reported), and that `sources` cites
/// a document (`kind` names the file: "device"). std::nullopt when both hold.
template <typename Spec>
std::optional<std::string> validateHeader(llvm::yaml::IO &io, const Spec &spec,
                                          StringRef kind) {
  if (getContext(io).input->error())
    return std::string();
  if (spec.sources.empty())
    return ("sources: a " + kind + " file cites at least one document").str();
  return std::nullopt;
}

/// Parses `buffer` as one `T` (a device or a system: both have `id` and
/// `origin`), with every error located in `bufferName`; `what` names the kind
/// of file in messages. Ids and aliases in `takenNames` are duplicates.
template <typename T>
llvm::Expected<T> parseDocument(StringRef buffer, StringRef bufferName,
                                const llvm::StringSet<> *takenNames,
                                StringRef what) {
  if (llvm::Error error = checkDeviceFileShape(buffer, bufferName))
    return std::move(error);
  // llvm::yaml::Input crashes when a validator reports an error on a document
  // with no root node (an empty file, only comments): reject those first.
  {
    llvm::SourceMgr sourceMgr;
    sourceMgr.setDiagHandler([](const llvm::SMDiagnostic &, void *) {});
    llvm::yaml::Stream stream(buffer, sourceMgr);
    llvm::yaml::document_iterator document = stream.begin();
    if (document == stream.end() || !document->getRoot() ||
        llvm::isa<llvm::yaml::NullNode>(document->getRoot()))
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "%s:1:1: error: empty %s (see docs/hardware.md)",
          bufferName.str().c_str(), what.str().c_str());
  }
  ParseContext ctx;
  ctx.takenNames = takenNames;
  std::string diagnostics;
  auto handler = [](const llvm::SMDiagnostic &diag, void *out) {
    auto &text = *static_cast<std::string *>(out);
    if (!text.empty())
      return; // The first error is the one that explains the rest.
    llvm::raw_string_ostream os(text);
    diag.print(/*ProgName=*/nullptr, os, /*ShowColors=*/false);
  };
  llvm::yaml::Input yin(llvm::MemoryBufferRef(buffer, bufferName), &ctx,
                        handler, &diagnostics);
  ctx.input = &yin;
  T spec;
  yin >> spec;
  if (yin.error() || !diagnostics.empty()) {
    if (diagnostics.empty())
      diagnostics = (bufferName + ": error: not a " + what).str();
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   StringRef(diagnostics).rtrim());
  }
  if (spec.id.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "%s: error: not a %s (no 'id'; see docs/hardware.md)",
        bufferName.str().c_str(), what.str().c_str());
  spec.origin = bufferName.str();
  return spec;
}

} // namespace specparse
} // namespace mlsysim

#endif // MLSYSIM_LIB_HARDWARE_SPECPARSING_H
