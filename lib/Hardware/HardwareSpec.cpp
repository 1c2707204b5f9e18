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
    // The output tile of one core on the matrix unit, `m` rows by `n`
    // columns; a vector register's width and the FMA chains a core needs for
    // its vector peak.
    for (NumberPairSection pair :
         {NumberPairSection{"matrix_tile", "m", "n", &spec.matrixTileM,
                            &spec.matrixTileN},
          NumberPairSection{"vector_unit", "register_bytes", "fma_chains",
                            &spec.vectorRegisterBytes, &spec.fmaChains}})
      mapSection(io, pair.name, pair, /*required=*/false);
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
    if (spec.matrixTileM && !spec.cores)
      return "matrix_tile: wave quantization needs 'cores' too";
    // Counts: wave quantization divides by the cores and the tile, and
    // a fraction of either prices waves no device runs.
    for (auto [value, field] : {std::pair{&spec.cores, "cores"},
                                std::pair{&spec.matrixTileM, "matrix_tile.m"},
                                std::pair{&spec.matrixTileN, "matrix_tile.n"},
                                std::pair{&spec.accelerators, "accelerators"}})
      if (*value && (*value)->value != std::floor((*value)->value))
        return std::string(field) + ": a count, a whole number";
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
