//===- HardwareRegistry.h - Device lookup by id, alias or file --*- C++ -*-===//
//
// The zoo files are embedded at build time; a user's own file is loaded from a
// path at run time. Both go through the same parser.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_HARDWARE_HARDWAREREGISTRY_H
#define MLSYSIM_HARDWARE_HARDWAREREGISTRY_H

#include "mlsysim/Hardware/HardwareSpec.h"
#include "mlsysim/Hardware/SystemSpec.h"

#include "llvm/ADT/StringMap.h"

#include <memory>
#include <optional>

namespace mlsysim {

/// A set of devices addressable by id or alias.
class HardwareRegistry {
public:
  /// The zoo embedded in this binary. Parsed once, on first use.
  static llvm::Expected<const HardwareRegistry &> builtin();

  /// Adds a device; fails when its id or an alias is taken.
  llvm::Error add(HardwareSpec spec);

  /// The device with this id or alias, or null.
  const HardwareSpec *lookup(llvm::StringRef idOrAlias) const;

  /// Devices in id order.
  llvm::ArrayRef<std::unique_ptr<HardwareSpec>> getDevices() const {
    return devices;
  }

private:
  std::vector<std::unique_ptr<HardwareSpec>> devices;
  llvm::StringMap<const HardwareSpec *> byName;
  /// Every id and alias (for duplicate checks).
  llvm::StringSet<> names;
};

/// The systems of the zoo (zoo/systems), in file order. Parsed once.
llvm::Expected<llvm::ArrayRef<SystemSpec>> getBuiltinSystems();

/// The text of the zoo device file that `origin` names
/// (`builtin:zoo/hardware/<file>`, a HardwareSpec's origin), or std::nullopt
/// for any other origin: what a tool that rewrites a device file starts from.
std::optional<llvm::StringRef> getBuiltinHardwareText(llvm::StringRef origin);

/// Resolves one device: a zoo id or alias, a zoo system (its device with the
/// system's topology), or a path to a device or system file (the user's,
/// which may reuse a zoo id). The error lists the known names when the value
/// is none of these.
llvm::Expected<std::shared_ptr<const HardwareSpec>>
resolveHardware(llvm::StringRef nameOrPath);

/// Resolves a `hardware=` list: comma-separated devices as above, `all` (the
/// whole zoo) or `class:CLASS` (the zoo's devices of one class, e.g.
/// `class:datacenter-gpu`).
llvm::Expected<std::vector<std::shared_ptr<const HardwareSpec>>>
resolveHardwareList(llvm::StringRef list);

} // namespace mlsysim

#endif // MLSYSIM_HARDWARE_HARDWAREREGISTRY_H
