//===- HardwareSpec.cpp - Parsing one device file -------------------------===//
//
// The parser is llvm::yaml's traits machinery. Field-level checks live in the
// scalar traits below so that an error points at the offending scalar
// (`file:line:col`); the parse context carries the dotted field path so every
// message names the field.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Hardware/HardwareSpec.h"

#include "SpecParsing.h"
#include "mlsysim/Hardware/SystemSpec.h"
#include "mlsysim/Support/EnumNames.h"

#include "llvm/Support/Path.h"

#include <cmath>

using namespace mlsysim;
using namespace mlsysim::specparse;
using llvm::StringRef;

static constexpr EnumName<ComputeUnit> kComputeUnitNames[] = {
    {ComputeUnit::Matrix, "matrix", "matrix (tensor) cores"},
    {ComputeUnit::Vector, "vector", "vector (SIMT) lanes"},
    {ComputeUnit::SpecialFunction, "special-function",
     "transcendental function units"},
};

llvm::StringRef mlsysim::stringifyComputeUnit(ComputeUnit unit) {
  return stringifyEnum(kComputeUnitNames, unit);
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

int64_t HardwareSpec::getAcceleratorCount() const {
  if (system)
    return system->getDeviceCount();
  if (accelerators && accelerators->value > 1)
    return static_cast<int64_t>(accelerators->value);
  return 1;
}

StringRef HardwareSpec::getScratchpadName() const {
  // A CPU's per-core level is its private L2 (its L1 has fields of its own).
  return deviceClass == "cpu" ? "l2" : "l1";
}

StringRef HardwareSpec::getLLCName() const {
  return deviceClass == "cpu" ? "llc" : "l2";
}

std::optional<double> HardwareSpec::getKernelLatency() const {
  if (!matrixTiles || !matrixTiles->kernelLatencyCycles || !clockHz)
    return std::nullopt;
  return matrixTiles->kernelLatencyCycles->value / clockHz->value;
}

std::vector<HardwareSpec::MemoryLevelInfo>
HardwareSpec::getMemoryLevels() const {
  std::vector<MemoryLevelInfo> levels;
  double coreCount = cores ? cores->value : 1.0;
  auto value = [](const std::optional<SourcedValue> &v) {
    return v ? std::optional<double>(v->value) : std::nullopt;
  };
  if (registersPerCoreBytes)
    levels.push_back(
        {"registers", registersPerCoreBytes->value * coreCount, {}, {}});
  if (l1PerCoreBytes)
    levels.push_back({"l1", l1PerCoreBytes->value * coreCount,
                      value(l1BandwidthBytesPerS), value(l1LatencyS)});
  if (scratchpadPerCoreBytes)
    levels.push_back(
        {getScratchpadName(), scratchpadPerCoreBytes->value * coreCount,
         value(scratchpadBandwidthBytesPerS), value(scratchpadLatencyS)});
  if (llcCapacityBytes)
    levels.push_back({getLLCName(), llcCapacityBytes->value,
                      value(llcBandwidthBytesPerS), value(llcLatencyS)});
  levels.push_back({"dram", memoryCapacityBytes.value,
                    memoryBandwidthBytesPerS.value, value(memoryLatencyS)});
  return levels;
}

const HardwareSource *HardwareSpec::findSource(StringRef key) const {
  for (const HardwareSource &source : sources)
    if (source.key == key)
      return &source;
  return nullptr;
}

namespace {

/// Proxies that map the nested sections onto the flat HardwareSpec.
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
/// A section of two required numbers that set two optional fields of the
/// spec together (`matrix_tile`, `vector_unit`).
struct NumberPairSection {
  llvm::StringRef name, firstKey, secondKey;
  std::optional<SourcedValue> *first, *second;
};
struct RegisterTilingSection {
  HardwareSpec *spec;
};
struct MatrixTilesSection {
  HardwareSpec *spec;
};
/// One `matrix_tiles.shapes` entry, `<rows>x<columns>`.
struct TileShapeText {
  HardwareSpec::TileShape shape;
};
struct StridedReadsSection {
  HardwareSpec *spec;
};
struct LinksSection {
  HardwareSpec *spec;
};

/// The device classes a file may name.
struct DeviceClasses {
  static constexpr const char *names[] = {
      "datacenter-gpu", "desktop-gpu",    "tpu", "npu", "cpu", "edge",
      "mobile",         "microcontroller"};
  static constexpr const char *error =
      "unknown class; expected one of datacenter-gpu, desktop-gpu, tpu, npu, "
      "cpu, edge, mobile, microcontroller";
};
using DeviceClass = OneOf<DeviceClasses>;

} // namespace

LLVM_YAML_IS_SEQUENCE_VECTOR(mlsysim::HardwareSpec::StridedVisit)
LLVM_YAML_IS_FLOW_SEQUENCE_VECTOR(TileShapeText)
LLVM_YAML_IS_FLOW_SEQUENCE_VECTOR(mlsysim::specparse::PositiveNumber)

namespace llvm {
namespace yaml {

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
        mapNumber(io, key, launch[model]);
        continue;
      }
      mapNumber(io, key, value);
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

template <> struct MappingTraits<NumberPairSection> {
  static void mapping(IO &io, NumberPairSection &section) {
    SourcedValue first, second;
    mapNumber(io, section.firstKey, first);
    mapNumber(io, section.secondKey, second);
    *section.first = first;
    *section.second = second;
  }
};

/// `strided_reads`: how compiled code reads a contraction operand across
/// its rows (HardwareSpec::StridedReads).
template <> struct MappingTraits<StridedReadsSection> {
  static void mapping(IO &io, StridedReadsSection &section) {
    HardwareSpec::StridedReads strided;
    mapNumber(io, "page_bytes", strided.pageBytes);
    mapNumber(io, "efficiency", strided.efficiency, /*fraction=*/true);
    mapNumber(io, "compute_efficiency", strided.computeEfficiency,
              /*fraction=*/true);
    section.spec->stridedReads = strided;
  }
};

/// One point of `memory.strided_visits`.
template <> struct MappingTraits<HardwareSpec::StridedVisit> {
  static void mapping(IO &io, HardwareSpec::StridedVisit &visit) {
    mapNumber(io, "footprint_bytes", visit.footprintBytes);
    mapNumber(io, "seconds", visit.seconds);
  }
};

/// `register_tiling`: how compiled code tiles a contraction for the vector
/// unit (HardwareSpec::RegisterTiling).
template <> struct MappingTraits<RegisterTilingSection> {
  static void mapping(IO &io, RegisterTilingSection &section) {
    HardwareSpec::RegisterTiling tiling;
    mapNumber(io, "tile_m", tiling.tileM);
    mapNumber(io, "tile_n", tiling.tileN);
    mapNumber(io, "register_tile_m", tiling.registerTileM);
    mapNumber(io, "register_tile_n", tiling.registerTileN);
    mapNumber(io, "unaligned_register_tile_m", tiling.unalignedRegisterTileM);
    section.spec->registerTiling = tiling;
  }
};

template <> struct ScalarTraits<TileShapeText> {
  static void output(const TileShapeText &tile, void *, raw_ostream &os) {
    os << tile.shape.m << "x" << tile.shape.n;
  }
  static StringRef input(StringRef scalar, void *ctxPtr, TileShapeText &tile) {
    auto &ctx = *static_cast<ParseContext *>(ctxPtr);
    auto [rows, columns] = scalar.split('x');
    unsigned m = 0, n = 0;
    if (rows.getAsInteger(10, m) || columns.getAsInteger(10, n) || m == 0 ||
        n == 0 || m > 65536 || n > 65536) {
      ctx.field += ": a tile is <rows>x<columns>, whole numbers in [1, 65536]";
      return ctx.field;
    }
    tile.shape = {double(m), double(n)};
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

/// `matrix_tiles`: the library's output tiles and split-K factors
/// (HardwareSpec::MatrixTiles), with the provenance of the set.
template <> struct MappingTraits<MatrixTilesSection> {
  static void mapping(IO &io, MatrixTilesSection &section) {
    HardwareSpec::MatrixTiles tiles;
    std::vector<TileShapeText> shapes;
    std::vector<PositiveNumber> splitK;
    std::optional<SourceRef> source;
    std::optional<NonEmptyText> assumption;
    ParseContext &ctx = getContext(io);
    ctx.field = ctx.pathOf("shapes");
    io.mapRequired("shapes", shapes);
    ctx.field = ctx.pathOf("split_k");
    io.mapOptional("split_k", splitK);
    mapNumber(io, "instruction_k_bytes", tiles.instructionKBytes);
    mapNumber(io, "kernel_latency_cycles", tiles.kernelLatencyCycles);
    ctx.field = ctx.section;
    io.mapOptional("source", source);
    io.mapOptional("assumption", assumption);
    io.mapOptional("note", tiles.note);
    for (const TileShapeText &shape : shapes)
      tiles.shapes.push_back(shape.shape);
    for (const PositiveNumber &factor : splitK)
      if (!llvm::is_contained(tiles.splitK, factor.value))
        tiles.splitK.push_back(factor.value);
    tiles.source = source ? source->value : "";
    tiles.assumption = assumption ? assumption->value : "";
    section.spec->matrixTiles = std::move(tiles);
  }
  static std::string validate(IO &io, MatrixTilesSection &section) {
    if (getContext(io).input->error())
      return {};
    const HardwareSpec::MatrixTiles &tiles = *section.spec->matrixTiles;
    if (tiles.shapes.empty())
      return "matrix_tiles.shapes: at least one tile";
    for (double factor : tiles.splitK)
      if (factor != std::floor(factor) || factor > 256)
        return "matrix_tiles.split_k: whole numbers in [1, 256]";
    if (tiles.source.empty() == tiles.assumption.empty())
      return "matrix_tiles: the set needs exactly one of 'source' (a key of "
             "'sources') or 'assumption' (why these tiles)";
    return {};
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
    mapSection(io, key, (*table.table)[*opClass], /*required=*/true);
  }
  static void output(IO &, ClassEfficiencyTable &) {}
};

template <> struct MappingTraits<HardwareSpec::ClassEfficiency> {
  static void mapping(IO &io, HardwareSpec::ClassEfficiency &efficiency) {
    mapNumber(io, "compute", efficiency.compute, /*fraction=*/true);
    mapNumber(io, "memory", efficiency.memory, /*fraction=*/true);
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
    mapNumber(io, key, (*table.peaks)[*kind]);
  }
  static void output(IO &, PeakTable &) {}
};

template <> struct MappingTraits<PeaksSection> {
  static void mapping(IO &io, PeaksSection &section) {
    HardwareSpec &spec = *section.spec;
    PeakTable matrix{&spec.matrixPeaks, "matrix"};
    PeakTable vector{&spec.vectorPeaks, "vector"};
    mapSection(io, "matrix", matrix, /*required=*/false);
    mapSection(io, "vector", vector, /*required=*/true);
    mapNumber(io, "special_function", spec.specialFunctionRate);
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
    mapNumber(io, "capacity_bytes", spec.memoryCapacityBytes);
    mapNumber(io, "bandwidth_bytes_per_s", spec.memoryBandwidthBytesPerS);
    mapNumber(io, "llc_capacity_bytes", spec.llcCapacityBytes);
    mapNumber(io, "llc_bandwidth_bytes_per_s", spec.llcBandwidthBytesPerS);
    mapNumber(io, "scratchpad_per_core_bytes", spec.scratchpadPerCoreBytes);
    mapNumber(io, "scratchpad_bandwidth_bytes_per_s",
              spec.scratchpadBandwidthBytesPerS);
    mapNumber(io, "scratchpad_ways", spec.scratchpadWays);
    mapNumber(io, "cache_line_bytes", spec.cacheLineBytes);
    mapNumber(io, "latency_s", spec.memoryLatencyS);
    mapNumber(io, "llc_latency_s", spec.llcLatencyS);
    mapNumber(io, "scratchpad_latency_s", spec.scratchpadLatencyS);
    mapNumber(io, "l1_per_core_bytes", spec.l1PerCoreBytes);
    mapNumber(io, "l1_bandwidth_bytes_per_s", spec.l1BandwidthBytesPerS);
    mapNumber(io, "l1_latency_s", spec.l1LatencyS);
    mapNumber(io, "registers_per_core_bytes", spec.registersPerCoreBytes);
    mapSection(io, "strided_visits", spec.stridedVisits, /*required=*/false);
  }
};

template <> struct MappingTraits<EfficiencySection> {
  static void mapping(IO &io, EfficiencySection &section) {
    mapNumber(io, "compute", section.spec->computeEfficiency,
              /*fraction=*/true);
    mapNumber(io, "memory", section.spec->memoryEfficiency, /*fraction=*/true);
    ClassEfficiencyTable byClass{&section.spec->classEfficiencies};
    mapSection(io, "by_class", byClass, /*required=*/false);
  }
};

template <> struct MappingTraits<LinksSection> {
  static void mapping(IO &io, LinksSection &section) {
    mapNumber(io, "host_bytes_per_s_per_direction",
              section.spec->hostLinkBytesPerSPerDirection);
    mapNumber(io, "device_bytes_per_s_per_direction",
              section.spec->deviceLinkBytesPerSPerDirection);
  }
};

template <> struct MappingTraits<HardwareSpec> {
  static void mapping(IO &io, HardwareSpec &spec) {
    mapHeader(io, spec);
    NonEmptyText vendor;
    DeviceClass deviceClass;
    io.mapRequired("vendor", vendor);
    io.mapRequired("class", deviceClass);
    spec.vendor = vendor.value;
    spec.deviceClass = deviceClass.value;
    mapNumber(io, "accelerators", spec.accelerators);

    mapSection(io, "peaks", PeaksSection{&spec}, /*required=*/true);
    mapSection(io, "memory", MemorySection{&spec}, /*required=*/true);
    mapNumber(io, "cores", spec.cores);
    mapNumber(io, "clock_hz", spec.clockHz);
    // The one output tile of the older `matrix_tile` section, `m` rows by
    // `n` columns (a set of one, `matrix_tiles`); a vector register's width
    // and the FMA chains a core needs for its vector peak.
    std::optional<SourcedValue> tileM, tileN;
    for (NumberPairSection pair :
         {NumberPairSection{"matrix_tile", "m", "n", &tileM, &tileN},
          NumberPairSection{"vector_unit", "register_bytes", "fma_chains",
                            &spec.vectorRegisterBytes, &spec.fmaChains}})
      mapSection(io, pair.name, pair, /*required=*/false);
    mapSection(io, "matrix_tiles", MatrixTilesSection{&spec},
               /*required=*/false);
    if (tileM && tileN && !spec.matrixTiles) {
      HardwareSpec::MatrixTiles tiles;
      tiles.shapes.push_back({tileM->value, tileN->value});
      tiles.source = tileM->source;
      tiles.assumption = tileM->assumption;
      tiles.note = tileM->note;
      spec.matrixTiles = std::move(tiles);
    } else if (tileM && spec.matrixTiles) {
      getContext(io).field = "matrix_tile";
      io.setError("matrix_tile: give one of matrix_tile (one tile) and "
                  "matrix_tiles (the library's set)");
    }
    mapSection(io, "register_tiling", RegisterTilingSection{&spec},
               /*required=*/false);
    mapSection(io, "strided_reads", StridedReadsSection{&spec},
               /*required=*/false);
    mapSection(io, "launch_overhead_s", LaunchSection{&spec},
               /*required=*/true);
    mapSection(io, "efficiency", EfficiencySection{&spec}, /*required=*/true);
    mapNumber(io, "tdp_w", spec.tdpW);
    mapSection(io, "links", LinksSection{&spec}, /*required=*/false);
  }
  static std::string validate(IO &io, HardwareSpec &spec) {
    if (std::optional<std::string> error = validateHeader(io, spec, "device"))
      return *error;
    if (spec.matrixTiles && !spec.cores)
      return "matrix_tiles: wave quantization needs 'cores' too";
    if (spec.matrixTiles && spec.matrixTiles->kernelLatencyCycles &&
        !spec.clockHz)
      return "matrix_tiles.kernel_latency_cycles: cycles need 'clock_hz' to "
             "become seconds";
    // Counts: wave quantization divides by the cores and the tile, and
    // a fraction of either prices waves no device runs.
    for (auto [value, field] : {std::pair{&spec.cores, "cores"},
                                std::pair{&spec.accelerators, "accelerators"}})
      if (*value && (*value)->value != std::floor((*value)->value))
        return std::string(field) + ": a count, a whole number";
    if (spec.matrixTiles)
      for (const HardwareSpec::TileShape &tile : spec.matrixTiles->shapes)
        if (tile.m != std::floor(tile.m) || tile.n != std::floor(tile.n))
          return "matrix_tile: a tile is a whole number of rows and columns";
    if (spec.l1BandwidthBytesPerS && !spec.l1PerCoreBytes)
      return "memory.l1_bandwidth_bytes_per_s: the level's size "
             "(l1_per_core_bytes) is needed too";
    if ((spec.l1PerCoreBytes || spec.registersPerCoreBytes) && !spec.cores)
      return "memory: a per-core size needs 'cores' too";
    if (spec.scratchpadLatencyS && !spec.scratchpadPerCoreBytes)
      return "memory.scratchpad_latency_s: the level's size "
             "(scratchpad_per_core_bytes) is needed too";
    if ((spec.llcLatencyS || spec.llcBandwidthBytesPerS) &&
        !spec.llcCapacityBytes)
      return "memory: the last-level cache's size (llc_capacity_bytes) is "
             "needed with its bandwidth or latency";
    if (spec.scratchpadBandwidthBytesPerS && !spec.scratchpadPerCoreBytes)
      return "memory.scratchpad_bandwidth_bytes_per_s: the level's size "
             "(scratchpad_per_core_bytes) is needed too";
    if (spec.scratchpadBandwidthBytesPerS && !spec.cores)
      return "memory.scratchpad_bandwidth_bytes_per_s: the level's size is "
             "per core: 'cores' is needed too";
    if (spec.stridedReads && !spec.registerTiling)
      return "strided_reads: the tiles that re-read the operand "
             "(register_tiling) are needed too";
    if (!spec.stridedVisits.empty()) {
      if (!spec.cacheLineBytes)
        return "memory.strided_visits: a visit reads a line: "
               "memory.cache_line_bytes is needed too";
      const auto &visits = spec.stridedVisits;
      for (size_t i = 1; i < visits.size(); ++i)
        if (visits[i].footprintBytes.value <=
            visits[i - 1].footprintBytes.value)
          return "memory.strided_visits: footprints ascend, each larger than "
                 "the one before";
    }
    if (spec.registerTiling) {
      const HardwareSpec::RegisterTiling &tiling = *spec.registerTiling;
      for (const SourcedValue *value :
           {&tiling.tileM, &tiling.tileN, &tiling.registerTileM,
            &tiling.registerTileN})
        if (value->value != std::floor(value->value))
          return "register_tiling: tiles are whole numbers of elements";
      if (tiling.unalignedRegisterTileM &&
          tiling.unalignedRegisterTileM->value !=
              std::floor(tiling.unalignedRegisterTileM->value))
        return "register_tiling: tiles are whole numbers of elements";
    }
    if (spec.scratchpadWays.has_value() != spec.cacheLineBytes.has_value())
      return "memory.scratchpad_ways and memory.cache_line_bytes: the "
             "level's sets need both";
    if (spec.scratchpadWays && !spec.scratchpadPerCoreBytes)
      return "memory.scratchpad_ways: the level's size "
             "(scratchpad_per_core_bytes) is needed too";
    if (spec.scratchpadWays) {
      double ways = spec.scratchpadWays->value;
      double line = spec.cacheLineBytes->value;
      if (ways != std::floor(ways) || line != std::floor(line))
        return "memory.scratchpad_ways and memory.cache_line_bytes are whole "
               "numbers";
      if (ways * line > spec.scratchpadPerCoreBytes->value)
        return "memory.scratchpad_ways x memory.cache_line_bytes exceeds the "
               "level's size (scratchpad_per_core_bytes)";
    }
    return {};
  }
};

} // namespace yaml
} // namespace llvm

llvm::Expected<HardwareSpec>
mlsysim::parseHardwareSpec(StringRef buffer, StringRef bufferName,
                           const llvm::StringSet<> *takenNames) {
  return parseDocument<HardwareSpec>(buffer, bufferName, takenNames,
                                     "device description");
}
