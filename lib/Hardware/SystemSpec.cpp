//===- SystemSpec.cpp - Parsing one system file ---------------------------===//
//
// The same llvm::yaml machinery as device files (SpecParsing.h): every number
// is sourced, every error located at the scalar that caused it.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Hardware/SystemSpec.h"

#include "SpecParsing.h"

using namespace mlsysim;
using namespace mlsysim::specparse;
using llvm::StringRef;

/// The most devices a system may hold (a large cluster; keeps every product
/// of level sizes exact).
static constexpr double kMaxDevices = 1 << 24;

int64_t SystemSpec::getDeviceCount() const {
  int64_t count = 1;
  for (const SystemLevel &level : levels)
    count *= static_cast<int64_t>(level.size.value);
  return count;
}

const HardwareSource *SystemSpec::findSource(StringRef key) const {
  for (const HardwareSource &source : sources)
    if (source.key == key)
      return &source;
  return nullptr;
}

namespace {
/// The link kinds a level may name.
struct LinkKinds {
  static constexpr llvm::ArrayRef<const char *> names = kLinkKinds;
  static constexpr const char *error =
      "unknown link kind; expected one of nvlink, nvswitch, pcie, "
      "infiniband, roce, ethernet, ici";
};
using LinkKind = OneOf<LinkKinds>;
} // namespace

LLVM_YAML_IS_SEQUENCE_VECTOR(mlsysim::SystemLevel)

namespace llvm {
namespace yaml {

template <> struct MappingTraits<SystemLevel> {
  static void mapping(IO &io, SystemLevel &level) {
    NonEmptyText name;
    LinkKind kind;
    getContext(io).field = "topology";
    io.mapRequired("name", name);
    io.mapRequired("kind", kind);
    level.name = name.value;
    level.kind = kind.value;
    SectionScope scope(io, level.name);
    mapNumber(io, "size", level.size);
    mapNumber(io, "bandwidth_bytes_per_s", level.bandwidthBytesPerS);
    mapNumber(io, "latency_s", level.latencyS);
  }
  static std::string validate(IO &io, SystemLevel &level) {
    if (getContext(io).input->error())
      return {};
    double size = level.size.value;
    if (size != std::floor(size) || size > kMaxDevices)
      return "topology." + level.name +
             ".size: a count of devices or groups, a whole number of at most "
             "16777216";
    return {};
  }
};

template <> struct MappingTraits<SystemSpec> {
  static void mapping(IO &io, SystemSpec &spec) {
    mapHeader(io, spec);
    NonEmptyText device;
    io.mapRequired("device", device);
    spec.device = device.value;
    mapSection(io, "topology", spec.levels, /*required=*/true);
  }
  static std::string validate(IO &io, SystemSpec &spec) {
    if (std::optional<std::string> error = validateHeader(io, spec, "system"))
      return *error;
    if (spec.levels.empty())
      return "topology: a system has at least one level of links";
    double devices = 1.0;
    for (const SystemLevel &level : spec.levels)
      devices *= level.size.value;
    if (devices > kMaxDevices)
      return "topology: the sizes multiply to more than 16777216 devices";
    return {};
  }
};

} // namespace yaml
} // namespace llvm

llvm::Expected<SystemSpec>
mlsysim::parseSystemSpec(StringRef buffer, StringRef bufferName,
                         const llvm::StringSet<> *takenNames) {
  return parseDocument<SystemSpec>(buffer, bufferName, takenNames,
                                   "system description");
}

bool mlsysim::isSystemFile(StringRef buffer) {
  // A top-level key at the start of a line; device files have none of it.
  return llvm::any_of(llvm::split(buffer, '\n'), [](StringRef line) {
    return line.starts_with("topology:");
  });
}

HardwareSpec
mlsysim::makeSystemDevice(const HardwareSpec &device,
                          std::shared_ptr<const SystemSpec> system) {
  HardwareSpec spec = device;
  spec.id = system->id;
  spec.aliases = system->aliases;
  spec.name = system->name;
  spec.origin = system->origin;
  spec.system = std::move(system);
  return spec;
}
