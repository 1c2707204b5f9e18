//===- HardwarePrinter.cpp - Human views of the hardware zoo --------------===//

#include "mlsysim/Reporting/HardwarePrinter.h"

#include "mlsysim/Hardware/HardwareRegistry.h"
#include "mlsysim/Hardware/SystemSpec.h"
#include "mlsysim/Pricing/PricedProgram.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/Support/Format.h"

using namespace mlsysim;

/// The headline rate of a unit: 16-bit floats for the matrix unit (what ML
/// training and inference use), f32 for the vector unit; else what it has.
static std::optional<std::pair<ElementKind, double>>
headlinePeak(const HardwareSpec &hw, ComputeUnit unit) {
  const auto &table = hw.peaks(unit);
  static constexpr ElementKind kMatrixOrder[] = {
      ElementKind::BF16, ElementKind::F16, ElementKind::I8, ElementKind::F32};
  static constexpr ElementKind kVectorOrder[] = {
      ElementKind::F32, ElementKind::F16, ElementKind::BF16, ElementKind::I32};
  for (ElementKind kind : unit == ComputeUnit::Matrix
                              ? llvm::ArrayRef(kMatrixOrder)
                              : llvm::ArrayRef(kVectorOrder))
    if (auto it = table.find(kind); it != table.end())
      return std::make_pair(kind, it->second.value);
  if (table.empty())
    return std::nullopt;
  return std::make_pair(table.begin()->first, table.begin()->second.value);
}

void mlsysim::printHardwareTable(const HardwareRegistry &registry,
                                 llvm::raw_ostream &os) {
  os << llvm::format("%-28s %-15s %-22s %-22s %-12s %s\n", "id", "class",
                     "matrix peak", "vector peak", "bandwidth",
                     "ridge FLOP/B (matrix, vector)");
  for (const auto &device : registry.getDevices()) {
    auto describe = [&](ComputeUnit unit) -> std::string {
      auto peak = headlinePeak(*device, unit);
      if (!peak)
        return "-";
      return (formatQuantity(peak->second,
                             isIntegerKind(peak->first) ? "OP/s" : "FLOP/s") +
              " " + stringifyElementKind(peak->first))
          .str();
    };
    auto ridge = [&](ComputeUnit unit) -> std::string {
      auto peak = headlinePeak(*device, unit);
      if (!peak)
        return "-";
      return formatFixed(getRidgePoints(*device).at({unit, peak->first}), 1);
    };
    os << llvm::format(
        "%-28s %-15s %-22s %-22s %-12s %s, %s\n", device->id.c_str(),
        device->deviceClass.c_str(), describe(ComputeUnit::Matrix).c_str(),
        describe(ComputeUnit::Vector).c_str(),
        formatQuantity(device->memoryBandwidthBytesPerS.value, "B/s").c_str(),
        ridge(ComputeUnit::Matrix).c_str(), ridge(ComputeUnit::Vector).c_str());
  }
  size_t numSystems = 0;
  if (llvm::Expected<llvm::ArrayRef<SystemSpec>> systems =
          getBuiltinSystems()) {
    for (const SystemSpec &system : *systems) {
      std::string links;
      for (const SystemLevel &level : system.levels)
        links += (links.empty() ? "" : ", ") + level.name + " x" +
                 formatFixed(level.size.value, 0) + " " +
                 formatQuantity(level.bandwidthBytesPerS.value, "B/s");
      os << llvm::format("%-28s %-15s %s\n", system.id.c_str(), "system",
                         (std::to_string(system.getDeviceCount()) + " x " +
                          system.device + "; " + links)
                             .c_str());
    }
    numSystems = systems->size();
  } else {
    os << "error: " << llvm::toString(systems.takeError()) << "\n";
  }
  os << registry.getDevices().size() << " devices and " << numSystems
     << " systems; dense peaks (a multiply-accumulate is 2 FLOPs); "
        "`--show-hardware=ID` lists every number with its source\n";
}

/// `value unit  (source: title, url, read DATE | assumption: ...; note)`,
/// the source looked up in `sources` (the device's or the system's).
static void printValue(llvm::ArrayRef<HardwareSource> sources,
                       llvm::StringRef field, const SourcedValue &value,
                       llvm::StringRef unit, llvm::raw_ostream &os) {
  os << "  " << llvm::format("%-38s", field.str().c_str()) << " "
     << llvm::format("%-16s", (unit == "s" ? formatSeconds(value.value)
                                           : formatQuantity(value.value, unit))
                                  .c_str());
  if (!value.source.empty()) {
    os << "  [" << value.source << "]";
    if (llvm::none_of(sources, [&](const HardwareSource &source) {
          return source.key == value.source;
        }))
      os << " (unknown source)";
  } else {
    os << "  assumption: " << value.assumption;
  }
  if (!value.note.empty())
    os << "; " << value.note;
  os << "\n";
}

/// `value` as printValue prints it, when the file gives it.
static void printOptional(llvm::ArrayRef<HardwareSource> sources,
                          llvm::StringRef field,
                          const std::optional<SourcedValue> &value,
                          llvm::StringRef unit, llvm::raw_ostream &os) {
  if (value)
    printValue(sources, field, *value, unit, os);
}

/// The dense peaks of the matrix and vector units with their ridge points,
/// and the special-function rate.
static void printPeaks(const HardwareSpec &hw, llvm::raw_ostream &os) {
  auto ridges = getRidgePoints(hw);
  for (ComputeUnit unit : {ComputeUnit::Matrix, ComputeUnit::Vector}) {
    os << stringifyComputeUnit(unit) << " unit (dense peaks):\n";
    if (hw.peaks(unit).empty())
      os << "  none\n";
    for (const auto &[kind, value] : hw.peaks(unit)) {
      std::string field = stringifyElementKind(kind).str() + " (ridge " +
                          formatFixed(ridges.at({unit, kind}), 1) +
                          (isIntegerKind(kind) ? " OP/B)" : " FLOP/B)");
      printValue(hw.sources, field, value,
                 isIntegerKind(kind) ? "OP/s" : "FLOP/s", os);
    }
  }
  os << "special functions:\n";
  if (hw.specialFunctionRate)
    printValue(hw.sources, "transcendentals", *hw.specialFunctionRate, "/s",
               os);
  else
    os << "  none (transcendentals are priced at the arithmetic rate)\n";
}

/// The memory levels, then the device's counts, clock, power and links.
static void printMemoryAndDevice(const HardwareSpec &hw,
                                 llvm::raw_ostream &os) {
  auto optional = [&](llvm::StringRef field,
                      const std::optional<SourcedValue> &value,
                      llvm::StringRef unit) {
    printOptional(hw.sources, field, value, unit, os);
  };
  os << "memory:\n";
  printValue(hw.sources, "capacity", hw.memoryCapacityBytes, "B", os);
  printValue(hw.sources, "bandwidth", hw.memoryBandwidthBytesPerS, "B/s", os);
  optional("last-level cache capacity", hw.llcCapacityBytes, "B");
  optional("last-level cache bandwidth", hw.llcBandwidthBytesPerS, "B/s");
  optional("scratchpad per core", hw.scratchpadPerCoreBytes, "B");
  optional("scratchpad bandwidth, all cores", hw.scratchpadBandwidthBytesPerS,
           "B/s");
  optional("scratchpad ways", hw.scratchpadWays, "");
  optional("cache line", hw.cacheLineBytes, "B");
  optional("device memory latency", hw.memoryLatencyS, "s");
  optional("last-level cache latency", hw.llcLatencyS, "s");
  optional("scratchpad latency", hw.scratchpadLatencyS, "s");
  optional("L1 per core", hw.l1PerCoreBytes, "B");
  optional("L1 bandwidth, all cores", hw.l1BandwidthBytesPerS, "B/s");
  optional("L1 latency", hw.l1LatencyS, "s");
  optional("registers per core", hw.registersPerCoreBytes, "B");
  for (const HardwareSpec::StridedVisit &visit : hw.stridedVisits)
    printValue(hw.sources,
               "a line per row, " +
                   formatQuantity(visit.footprintBytes.value, "B"),
               visit.seconds, "s", os);
  os << "device:\n";
  optional("cores", hw.cores, "");
  if (hw.matrixTiles) {
    const HardwareSpec::MatrixTiles &tiles = *hw.matrixTiles;
    os << "  matrix tiles: ";
    llvm::interleave(
        tiles.shapes, os,
        [&](const HardwareSpec::TileShape &t) {
          os << formatFixed(t.m, 0) << "x" << formatFixed(t.n, 0);
        },
        " ");
    os << "; split-K ";
    llvm::interleave(
        tiles.splitK, os, [&](double k) { os << formatFixed(k, 0); }, " ");
    os << " ("
       << (tiles.source.empty() ? "assumption: " + tiles.assumption
                                : "source: " + tiles.source)
       << ")\n";
  }
  optional("matrix instruction depth",
           hw.matrixTiles ? hw.matrixTiles->instructionKBytes : std::nullopt,
           "B");
  optional("library kernel latency",
           hw.matrixTiles ? hw.matrixTiles->kernelLatencyCycles : std::nullopt,
           "cycles");
  optional("clock", hw.clockHz, "Hz");
  optional("vector register", hw.vectorRegisterBytes, "B");
  optional("FMA chains for the vector peak", hw.fmaChains, "");
  optional("accelerators", hw.accelerators, "");
  optional("TDP", hw.tdpW, "W");
  optional("host link, per direction", hw.hostLinkBytesPerSPerDirection, "B/s");
  optional("device link, per direction", hw.deviceLinkBytesPerSPerDirection,
           "B/s");
}

/// What every prediction assumes: launch costs and efficiencies, and how
/// compiled contractions tile and read their operands.
static void printAssumptions(const HardwareSpec &hw, llvm::raw_ostream &os) {
  os << "assumptions of every prediction:\n";
  for (ExecutionModel model : kAllExecutionModels) {
    std::string field =
        ("launch overhead per kernel, " + stringifyExecutionModel(model)).str();
    if (hw.hasLaunchOverhead(model))
      printValue(hw.sources, field, hw.getLaunchOverhead(model), "s", os);
    else
      os << "  " << field << ": as eager (the file gives no " << field
         << " cost)\n";
  }
  printValue(hw.sources, "achievable compute efficiency", hw.computeEfficiency,
             "", os);
  printValue(hw.sources, "achievable memory efficiency", hw.memoryEfficiency,
             "", os);
  for (const auto &[opClass, efficiency] : hw.classEfficiencies) {
    std::string field =
        ("achievable efficiency of " + stringifyOpClass(opClass) + " kernels, ")
            .str();
    if (efficiency.compute)
      printValue(hw.sources, field + "compute", *efficiency.compute, "", os);
    if (efficiency.memory)
      printValue(hw.sources, field + "memory", *efficiency.memory, "", os);
  }
  if (hw.stridedReads) {
    const HardwareSpec::StridedReads &strided = *hw.stridedReads;
    os << "contractions reading an operand across its rows:\n";
    printValue(hw.sources, "page (prefetchers stop there)", strided.pageBytes,
               "B", os);
    printValue(hw.sources, "share of a level's read rate", strided.efficiency,
               "", os);
    printValue(hw.sources, "achievable compute efficiency",
               strided.computeEfficiency, "", os);
  }
  if (hw.registerTiling) {
    const HardwareSpec::RegisterTiling &tiling = *hw.registerTiling;
    os << "compiled contractions on the vector unit:\n";
    printValue(hw.sources, "output tile, rows", tiling.tileM, "", os);
    printValue(hw.sources, "output tile, columns", tiling.tileN, "", os);
    printValue(hw.sources, "register tile, rows", tiling.registerTileM, "", os);
    printValue(hw.sources, "register tile, columns", tiling.registerTileN, "",
               os);
    printOptional(hw.sources, "register tile rows, M unaligned",
                  tiling.unalignedRegisterTileM, "", os);
  }
}

/// One line per document cited.
static void printSources(llvm::ArrayRef<HardwareSource> sources,
                         llvm::raw_ostream &os) {
  for (const HardwareSource &source : sources)
    os << "  [" << source.key << "] " << source.title << ", " << source.url
       << ", read " << source.read << "\n";
}

/// The system a device belongs to: its levels of links.
static void printSystem(const SystemSpec &system, llvm::raw_ostream &os) {
  os << "system: " << system.getDeviceCount() << " x " << system.device
     << ", from " << system.origin << "\n";
  for (const SystemLevel &level : system.levels) {
    os << " level " << level.name << " (" << level.kind << "):\n";
    printValue(system.sources, "size (devices or groups joined)", level.size,
               "", os);
    printValue(system.sources, "bandwidth per device, per direction",
               level.bandwidthBytesPerS, "B/s", os);
    printValue(system.sources, "latency per collective step (alpha)",
               level.latencyS, "s", os);
  }
  os << "sources of the system:\n";
  printSources(system.sources, os);
}

void mlsysim::printHardwareDetails(const HardwareSpec &hw,
                                   llvm::raw_ostream &os) {
  os << hw.name << " (" << hw.id << ")\n";
  os << "  vendor: " << hw.vendor << "; class: " << hw.deviceClass;
  if (!hw.aliases.empty()) {
    os << "; aliases: ";
    llvm::interleaveComma(hw.aliases, os);
  }
  os << "; from " << hw.origin << "\n";
  printPeaks(hw, os);
  printMemoryAndDevice(hw, os);
  printAssumptions(hw, os);
  os << "sources:\n";
  printSources(hw.sources, os);
  if (hw.system)
    printSystem(*hw.system, os);
}
