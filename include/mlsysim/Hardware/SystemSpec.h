//===- SystemSpec.h - Several devices and the links between them -*- C++
//-*-===//
//
// A system as described by one file of `zoo/systems/` (schema in
// docs/hardware.md): a zoo device, how many of it, and the levels of links
// that join them (NVLink inside a node, InfiniBand across nodes, ...), each
// with the bandwidth one device puts into it and the fixed cost of one step
// of a collective across it. Every number carries where it came from.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_HARDWARE_SYSTEMSPEC_H
#define MLSYSIM_HARDWARE_SYSTEMSPEC_H

#include "mlsysim/Hardware/HardwareSpec.h"

namespace mlsysim {

/// One level of links. Level 0 joins `size` devices; level i joins `size`
/// groups of level i - 1.
struct SystemLevel {
  std::string name; ///< Its label in reports (`nvlink`, `infiniband`).
  std::string kind; ///< nvlink, nvswitch, pcie, infiniband, roce, ...
  SourcedValue size;
  /// Bytes per second one device sends into this level (per direction).
  SourcedValue bandwidthBytesPerS;
  /// The fixed cost of one step of a collective across this level (alpha).
  SourcedValue latencyS;
};

/// One system of the zoo.
struct SystemSpec {
  std::string id;
  std::vector<std::string> aliases;
  std::string name;
  std::string device; ///< The zoo id of its devices.
  std::vector<HardwareSource> sources;
  std::vector<SystemLevel> levels; ///< Innermost first.
  std::string origin;

  /// The devices it holds: the product of the level sizes.
  int64_t getDeviceCount() const;
  /// The source entry named `key`, or null.
  const HardwareSource *findSource(llvm::StringRef key) const;
};

/// The link kinds a level may name.
inline constexpr const char *kLinkKinds[] = {
    "nvlink", "nvswitch", "pcie", "infiniband", "roce", "ethernet", "ici"};

/// Parses one system file; errors are located in `bufferName`. Ids and
/// aliases in `takenNames` are rejected as duplicates.
llvm::Expected<SystemSpec>
parseSystemSpec(llvm::StringRef buffer, llvm::StringRef bufferName,
                const llvm::StringSet<> *takenNames = nullptr);

/// Whether `buffer` is a system file rather than a device file (it has a
/// top-level `topology`).
bool isSystemFile(llvm::StringRef buffer);

/// The device `system` is made of, as every view and the roofline use it:
/// the device's numbers, the system's id, name and topology.
HardwareSpec makeSystemDevice(const HardwareSpec &device,
                              std::shared_ptr<const SystemSpec> system);

} // namespace mlsysim

#endif // MLSYSIM_HARDWARE_SYSTEMSPEC_H
