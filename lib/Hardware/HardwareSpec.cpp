//===- HardwareSpec.cpp - Parsing one device file -------------------------===//
//
// The parser is llvm::yaml's traits machinery. Field-level checks live in the
// scalar traits below so that an error points at the offending scalar
// (`file:line:col`); the parse context carries the dotted field path so every
// message names the field.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Hardware/HardwareSpec.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"

#include <cmath>

using namespace mlsysim;
using llvm::StringRef;

llvm::StringRef mlsysim::stringifyComputeUnit(ComputeUnit unit) {
  switch (unit) {
  case ComputeUnit::Matrix:
    return "matrix";
  case ComputeUnit::Vector:
    return "vector";
  case ComputeUnit::SpecialFunction:
    return "special-function";
  }
  llvm_unreachable("unknown compute unit");
}

const SourcedValue &
HardwareSpec::getLaunchOverhead(ExecutionModel model) const {
  auto it = launchOverheadS.find(model);
  return it != launchOverheadS.end()
             ? it->second
             : launchOverheadS.at(ExecutionModel::Eager);
}

const SourcedValue &HardwareSpec::getComputeEfficiency(OpClass opClass) const {
  auto it = classEfficiencies.find(opClass);
  return it != classEfficiencies.end() && it->second.compute
             ? *it->second.compute
             : computeEfficiency;
}

const SourcedValue &HardwareSpec::getMemoryEfficiency(OpClass opClass) const {
  auto it = classEfficiencies.find(opClass);
  return it != classEfficiencies.end() && it->second.memory ? *it->second.memory
                                                            : memoryEfficiency;
}

std::string HardwareSpec::getLabel() const {
  if (origin.empty() || StringRef(origin).starts_with("builtin:"))
    return id;
  return id + " (" + llvm::sys::path::filename(origin).str() + ")";
}

const HardwareSource *HardwareSpec::findSource(StringRef key) const {
  for (const HardwareSource &source : sources)
    if (source.key == key)
      return &source;
  return nullptr;
}

namespace {
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
  /// Whether the value being read must lie in (0, 1].
  bool fraction = false;
};

ParseContext &getContext(llvm::yaml::IO &io) {
  return *static_cast<ParseContext *>(io.getContext());
}

// Scalar wrappers: each validates in its `input` so the error is located at
// the scalar itself.
struct DeviceName {
  std::string value;
};
struct DeviceClass {
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

/// Proxies that map the nested sections onto the flat HardwareSpec.
struct SourcesSection {
  std::vector<HardwareSource> *sources;
};
struct PeaksSection {
  HardwareSpec *spec;
};
struct PeakTable {
  std::map<ElementKind, SourcedValue> *peaks;
  const char *unit;
};
struct MemorySection {
  HardwareSpec *spec;
};
struct EfficiencySection {
  HardwareSpec *spec;
};
struct ClassEfficiencyTable {
  std::map<OpClass, HardwareSpec::ClassEfficiency> *table;
};
struct LaunchSection {
  HardwareSpec *spec;
};
struct MatrixTileSection {
  HardwareSpec *spec;
};
struct LinksSection {
  HardwareSpec *spec;
};

constexpr const char *kDeviceClasses[] = {
    "datacenter-gpu", "desktop-gpu",    "tpu", "npu", "cpu", "edge",
    "mobile",         "microcontroller"};

/// Reads `key` as a sourced number; `path` names it in messages.
void mapNumber(llvm::yaml::IO &io, StringRef key, SourcedValue &value,
               StringRef path, bool fraction = false) {
  ParseContext &ctx = getContext(io);
  ctx.field = path.str();
  ctx.fraction = fraction;
  io.mapRequired(key, value);
  ctx.fraction = false;
}

void mapOptionalNumber(llvm::yaml::IO &io, StringRef key,
                       std::optional<SourcedValue> &value, StringRef path,
                       bool fraction = false) {
  ParseContext &ctx = getContext(io);
  ctx.field = path.str();
  ctx.fraction = fraction;
  io.mapOptional(key, value);
  ctx.fraction = false;
}
} // namespace

LLVM_YAML_IS_FLOW_SEQUENCE_VECTOR(DeviceName)

namespace llvm {
namespace yaml {

template <> struct ScalarTraits<DeviceName> {
  static void output(const DeviceName &v, void *, raw_ostream &os) {
    os << v.value;
  }
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
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<DeviceClass> {
  static void output(const DeviceClass &v, void *, raw_ostream &os) {
    os << v.value;
  }
  static StringRef input(StringRef scalar, void *, DeviceClass &v) {
    if (!llvm::is_contained(kDeviceClasses, scalar))
      return "unknown class; expected one of datacenter-gpu, desktop-gpu, "
             "tpu, npu, cpu, edge, mobile, microcontroller";
    v.value = scalar.str();
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

/// Bounds of device numbers (see ScalarTraits<PositiveNumber>).
constexpr double kMinEfficiency = 1e-3;
constexpr double kMinQuantity = 1e-12, kMaxQuantity = 1e24;

template <> struct ScalarTraits<PositiveNumber> {
  static void output(const PositiveNumber &v, void *, raw_ostream &os) {
    os << v.value;
  }
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
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<SourceRef> {
  static void output(const SourceRef &v, void *, raw_ostream &os) {
    os << v.value;
  }
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
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<ReadDate> {
  static void output(const ReadDate &v, void *, raw_ostream &os) {
    os << v.value;
  }
  static StringRef input(StringRef scalar, void *, ReadDate &v) {
    bool ok = scalar.size() == 10 && scalar[4] == '-' && scalar[7] == '-';
    for (size_t i = 0; ok && i < scalar.size(); ++i)
      ok = (i == 4 || i == 7) || llvm::isDigit(scalar[i]);
    if (!ok)
      return "'read' is the date the value was read, as YYYY-MM-DD";
    v.value = scalar.str();
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<NonEmptyText> {
  static void output(const NonEmptyText &v, void *, raw_ostream &os) {
    os << v.value;
  }
  static StringRef input(StringRef scalar, void *, NonEmptyText &v) {
    if (scalar.trim().empty())
      return "expected a non-empty text";
    v.value = scalar.str();
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::Single; }
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
/// compiled fall back to it), or one per execution model.
template <> struct MappingTraits<LaunchSection> {
  static void mapping(IO &io, LaunchSection &section) {
    auto &launch = section.spec->launchOverheadS;
    if (llvm::is_contained(io.keys(), "value")) {
      MappingTraits<SourcedValue>::mapping(io, launch[ExecutionModel::Eager]);
      return;
    }
    for (ExecutionModel model : kAllExecutionModels) {
      StringRef key = stringifyExecutionModel(model);
      std::optional<SourcedValue> value;
      if (model == ExecutionModel::Eager) {
        mapNumber(io, key, launch[model], ("launch_overhead_s." + key).str());
        continue;
      }
      mapOptionalNumber(io, key, value, ("launch_overhead_s." + key).str());
      if (value)
        launch[model] = *value;
    }
  }
  static std::string validate(IO &io, LaunchSection &section) {
    auto &launch = section.spec->launchOverheadS;
    auto eager = launch.find(ExecutionModel::Eager);
    if (getContext(io).input->error() || eager == launch.end() ||
        launch.size() != 1)
      return {};
    // The one-number form: its provenance is checked here.
    getContext(io).field = "launch_overhead_s";
    return MappingTraits<SourcedValue>::validate(io, eager->second);
  }
};

/// `matrix_tile`: the output tile of one core, `m` rows by `n` columns.
template <> struct MappingTraits<MatrixTileSection> {
  static void mapping(IO &io, MatrixTileSection &section) {
    SourcedValue m, n;
    mapNumber(io, "m", m, "matrix_tile.m");
    mapNumber(io, "n", n, "matrix_tile.n");
    section.spec->matrixTileM = m;
    section.spec->matrixTileN = n;
  }
};

/// `efficiency.by_class`: per op class, `compute` and/or `memory`.
template <> struct CustomMappingTraits<ClassEfficiencyTable> {
  static void inputOne(IO &io, StringRef key, ClassEfficiencyTable &table) {
    std::optional<OpClass> opClass = parseOpClass(key);
    if (!opClass) {
      io.setError("efficiency.by_class: unknown op class '" + key +
                  "'; expected matmul, convolution, depthwise-convolution, "
                  "pooling, reduction, elementwise or data-movement");
      return;
    }
    getContext(io).field = ("efficiency.by_class." + key).str();
    io.mapRequired(key, (*table.table)[*opClass]);
  }
  static void output(IO &, ClassEfficiencyTable &) {}
};

template <> struct MappingTraits<HardwareSpec::ClassEfficiency> {
  static void mapping(IO &io, HardwareSpec::ClassEfficiency &efficiency) {
    std::string path = getContext(io).field;
    mapOptionalNumber(io, "compute", efficiency.compute, path + ".compute",
                      /*fraction=*/true);
    mapOptionalNumber(io, "memory", efficiency.memory, path + ".memory",
                      /*fraction=*/true);
  }
};

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

template <> struct CustomMappingTraits<PeakTable> {
  static void inputOne(IO &io, StringRef key, PeakTable &table) {
    std::optional<ElementKind> kind = parseElementKind(key);
    if (!kind) {
      io.setError("peaks." + StringRef(table.unit) +
                  ": unknown element type '" + key +
                  "'; expected f64, f32, tf32, bf16, f16, fp8, fp6, fp4, i64, "
                  "i32, i16, i8 or i4");
      return;
    }
    getContext(io).field = ("peaks." + StringRef(table.unit) + "." + key).str();
    io.mapRequired(key, (*table.peaks)[*kind]);
  }
  static void output(IO &, PeakTable &) {}
};

template <> struct MappingTraits<PeaksSection> {
  static void mapping(IO &io, PeaksSection &section) {
    HardwareSpec &spec = *section.spec;
    PeakTable matrix{&spec.matrixPeaks, "matrix"};
    PeakTable vector{&spec.vectorPeaks, "vector"};
    io.mapOptional("matrix", matrix);
    io.mapRequired("vector", vector);
    mapOptionalNumber(io, "special_function", spec.specialFunctionRate,
                      "peaks.special_function");
  }
  static std::string validate(IO &io, PeaksSection &section) {
    if (getContext(io).input->error())
      return {};
    if (section.spec->vectorPeaks.empty())
      return "peaks.vector: at least one element type needs a rate";
    return {};
  }
};

template <> struct MappingTraits<MemorySection> {
  static void mapping(IO &io, MemorySection &section) {
    HardwareSpec &spec = *section.spec;
    mapNumber(io, "capacity_bytes", spec.memoryCapacityBytes,
              "memory.capacity_bytes");
    mapNumber(io, "bandwidth_bytes_per_s", spec.memoryBandwidthBytesPerS,
              "memory.bandwidth_bytes_per_s");
    mapOptionalNumber(io, "llc_capacity_bytes", spec.llcCapacityBytes,
                      "memory.llc_capacity_bytes");
    mapOptionalNumber(io, "llc_bandwidth_bytes_per_s",
                      spec.llcBandwidthBytesPerS,
                      "memory.llc_bandwidth_bytes_per_s");
    mapOptionalNumber(io, "scratchpad_per_core_bytes",
                      spec.scratchpadPerCoreBytes,
                      "memory.scratchpad_per_core_bytes");
  }
};

template <> struct MappingTraits<EfficiencySection> {
  static void mapping(IO &io, EfficiencySection &section) {
    mapNumber(io, "compute", section.spec->computeEfficiency,
              "efficiency.compute", /*fraction=*/true);
    mapNumber(io, "memory", section.spec->memoryEfficiency, "efficiency.memory",
              /*fraction=*/true);
    ClassEfficiencyTable byClass{&section.spec->classEfficiencies};
    io.mapOptional("by_class", byClass);
  }
};

template <> struct MappingTraits<LinksSection> {
  static void mapping(IO &io, LinksSection &section) {
    mapOptionalNumber(io, "host_bytes_per_s_per_direction",
                      section.spec->hostLinkBytesPerSPerDirection,
                      "links.host_bytes_per_s_per_direction");
    mapOptionalNumber(io, "device_bytes_per_s_per_direction",
                      section.spec->deviceLinkBytesPerSPerDirection,
                      "links.device_bytes_per_s_per_direction");
  }
};

template <> struct MappingTraits<HardwareSpec> {
  static void mapping(IO &io, HardwareSpec &spec) {
    ParseContext &ctx = getContext(io);
    // Sources first: every later `source:` is checked against them.
    SourcesSection sources{&spec.sources};
    ctx.field = "sources";
    io.mapRequired("sources", sources);

    DeviceName id;
    std::vector<DeviceName> aliases;
    NonEmptyText name, vendor;
    DeviceClass deviceClass;
    io.mapRequired("id", id);
    io.mapOptional("aliases", aliases);
    io.mapRequired("name", name);
    io.mapRequired("vendor", vendor);
    io.mapRequired("class", deviceClass);
    spec.id = id.value;
    for (DeviceName &alias : aliases)
      spec.aliases.push_back(alias.value);
    spec.name = name.value;
    spec.vendor = vendor.value;
    spec.deviceClass = deviceClass.value;
    mapOptionalNumber(io, "accelerators", spec.accelerators, "accelerators");

    PeaksSection peaks{&spec};
    ctx.field = "peaks";
    io.mapRequired("peaks", peaks);
    MemorySection memory{&spec};
    ctx.field = "memory";
    io.mapRequired("memory", memory);
    mapOptionalNumber(io, "cores", spec.cores, "cores");
    mapOptionalNumber(io, "clock_hz", spec.clockHz, "clock_hz");
    MatrixTileSection matrixTile{&spec};
    ctx.field = "matrix_tile";
    io.mapOptional("matrix_tile", matrixTile);
    LaunchSection launch{&spec};
    ctx.field = "launch_overhead_s";
    io.mapRequired("launch_overhead_s", launch);
    EfficiencySection efficiency{&spec};
    ctx.field = "efficiency";
    io.mapRequired("efficiency", efficiency);
    mapOptionalNumber(io, "tdp_w", spec.tdpW, "tdp_w");
    LinksSection links{&spec};
    io.mapOptional("links", links);
  }
  static std::string validate(IO &io, HardwareSpec &spec) {
    if (getContext(io).input->error())
      return {};
    if (spec.sources.empty())
      return "sources: a device file cites at least one document";
    if (spec.matrixTileM && !spec.cores)
      return "matrix_tile: wave quantization needs 'cores' too";
    return {};
  }
};

} // namespace yaml
} // namespace llvm

/// Rejects, before the YAML parser sees them, inputs no device description
/// needs and the parser handles badly: past kMaxDeviceFileBytes (a zoo file
/// is under 8 KB; a mapping of 200k keys parses in quadratic time), or
/// nested deeper than kMaxDeviceFileDepth (the parser recurses once per
/// level: 30,000 levels overflow the stack).
static llvm::Error checkDeviceFileShape(StringRef buffer,
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

llvm::Expected<HardwareSpec>
mlsysim::parseHardwareSpec(StringRef buffer, StringRef bufferName,
                           const llvm::StringSet<> *takenNames) {
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
          "%s:1:1: error: empty device description (see docs/hardware.md)",
          bufferName.str().c_str());
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
  HardwareSpec spec;
  yin >> spec;
  if (yin.error() || !diagnostics.empty()) {
    if (diagnostics.empty())
      diagnostics = (bufferName + ": error: not a device description").str();
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   StringRef(diagnostics).rtrim());
  }
  if (spec.id.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "%s: error: not a device description (no 'id'; see docs/hardware.md)",
        bufferName.str().c_str());
  spec.origin = bufferName.str();
  return spec;
}
