//===- DeviceFile.h - The measured peaks as a zoo device file -----*- C++
//-*-===//
//
// Writes a device file in the zoo's schema (docs/hardware.md): every measured
// number names the `measured` source, whose title says on what CPU, how many
// cores and with which compiler flags it was measured; the facts read from the
// operating system name the `system` source.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_DEVICEFILE_H
#define MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_DEVICEFILE_H

#include "HostInfo.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlsysim::calibrate {

/// One measured number and how it was obtained (the file's `note`).
struct Figure {
  double value = 0;
  std::string note;
};

/// What one device file states: the peaks of all cores together, or of one.
struct DeviceFigures {
  std::string id;
  std::string name;
  unsigned cores = 1; ///< cores the measurements used
  std::string method; ///< compiler, flags and instruction set
  Figure vectorF32, vectorF64;
  Figure bandwidth, llcBandwidth;
  /// Read rates of the L1 data cache and of the private L2 (per-core
  /// working sets, the figures' cores together); absent where not measured.
  std::optional<Figure> l1Bandwidth, l2Bandwidth;
  /// Load-to-use latencies (one core's pointer chase), seconds.
  std::optional<Figure> l1Latency, l2Latency, llcLatency, dramLatency;
  Figure launchOverhead;
  std::optional<Figure> clockHz;
  /// The FMA kernels' vector register width in bytes and the chains of
  /// dependent FMAs a core needs for its f32 peak (absent for the generic
  /// kernels).
  std::optional<unsigned> vectorRegisterBytes;
  std::optional<Figure> fmaChains;
  /// Seconds per visit of a line of a row, by footprint (bytes), ascending.
  std::vector<std::pair<uint64_t, Figure>> stridedVisits;
};

/// Writes the device file; the caller checks the stream for errors.
void writeDeviceFile(llvm::raw_ostream &os, const HostInfo &host,
                     const DeviceFigures &figures);

} // namespace mlsysim::calibrate

#endif // MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_DEVICEFILE_H
