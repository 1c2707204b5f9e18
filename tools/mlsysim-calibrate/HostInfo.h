//===- HostInfo.h - What the operating system says about the host -*- C++
//-*-===//
//
// The facts mlsysim-calibrate does not measure: CPU model, core count, memory
// and cache sizes (from /proc and /sys on Linux), host name and date.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_HOSTINFO_H
#define MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_HOSTINFO_H

#include <cstdint>
#include <string>

namespace mlsysim::calibrate {

/// What the host reports about itself; a size is 0 when the system does not
/// say (then the device file omits the field or the tool uses a default).
struct HostInfo {
  std::string cpuModel; ///< "model name" of /proc/cpuinfo, else "unknown CPU"
  std::string vendor;   ///< "vendor_id" of /proc/cpuinfo, else "unknown"
  std::string hostName; ///< gethostname()
  std::string date;     ///< today, YYYY-MM-DD (local time)
  unsigned cores = 1;   ///< hardware threads the OS schedules on
  uint64_t memoryBytes = 0;    ///< MemTotal of /proc/meminfo
  uint64_t llcBytes = 0;       ///< size of the highest cache level of cpu0
  unsigned llcLevel = 0;       ///< that level (3 for an L3)
  uint64_t l1PerCoreBytes = 0; ///< the level-1 data cache of cpu0
  uint64_t l2PerCoreBytes = 0; ///< the level-2 cache of cpu0
  unsigned l2Ways = 0;         ///< its associativity (0: unknown)
  unsigned l2LineBytes = 0;    ///< its line (0: unknown)
};

/// Reads the host's facts; never fails (unknown facts stay at their defaults).
HostInfo readHostInfo();

/// The id of the host's device file: "host-" + the host name lowercased, every
/// character outside [a-z0-9-] replaced by '-', so it never collides with a zoo
/// id (which never starts with "host-").
std::string hostDeviceId(const HostInfo &info);

} // namespace mlsysim::calibrate

#endif // MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_HOSTINFO_H
