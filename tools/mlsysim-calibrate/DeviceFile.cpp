//===- DeviceFile.cpp - The measured peaks as a zoo device file -----------===//

#include "DeviceFile.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/YAMLParser.h"

#include <cmath>

using namespace mlsysim::calibrate;

/// A double-quoted YAML scalar: host names and CPU models may hold ':' or '#'.
static std::string quoted(llvm::StringRef text) {
  return "\"" + llvm::yaml::escape(text) + "\"";
}

/// `{value: N, source: KEY, note: "..."}` with enough digits to round-trip
/// the measurement's precision (which is nowhere near 17 digits). Counts
/// the system reports (bytes of a cache, cores) are exact integers: a 2 MiB
/// L2 written as 2.09715e+06 would have 2047 sets of 16 x 64 B, not 2048.
/// Written without the line's end, inside a larger mapping.
static void writeInlineNumber(llvm::raw_ostream &os, double value,
                              llvm::StringRef source, llvm::StringRef note) {
  os << "{value: ";
  if (source == "system" && value == std::floor(value) && value < 0x1p53)
    os << static_cast<uint64_t>(value);
  else
    os << llvm::format("%.6g", value);
  os << ", source: " << source;
  if (!note.empty())
    os << ", note: " << quoted(note);
  os << "}";
}

/// The same number as a line of its own.
static void writeNumber(llvm::raw_ostream &os, double value,
                        llvm::StringRef source, llvm::StringRef note) {
  writeInlineNumber(os, value, source, note);
  os << "\n";
}

void mlsysim::calibrate::writeDeviceFile(llvm::raw_ostream &os,
                                         const HostInfo &host,
                                         const DeviceFigures &figures) {
  os << "# Written by mlsysim-calibrate on " << host.hostName << ", "
     << host.date << ". Every `measured` number is the best of repeated\n"
     << "# runs (the notes give the median and the spread); regenerate with\n"
     << "# `mlsysim-calibrate -o FILE` rather than editing by hand.\n";
  os << "id: " << figures.id << "\n";
  os << "name: " << quoted(figures.name) << "\n";
  os << "vendor: " << quoted(host.vendor) << "\n";
  os << "class: cpu\n";
  os << "sources:\n";
  os << "  measured:\n";
  os << "    title: "
     << quoted("measured by mlsysim-calibrate on " + host.cpuModel + ", " +
               std::to_string(figures.cores) + " cores, " + figures.method)
     << "\n";
  os << "    url: " << quoted("file://" + host.hostName) << "\n";
  os << "    read: " << host.date << "\n";
  os << "  system:\n";
  os << "    title: "
     << quoted("Linux /proc/cpuinfo, /proc/meminfo and "
               "/sys/devices/system/cpu/cpu0/cache of " +
               host.hostName)
     << "\n";
  os << "    url: " << quoted("file://" + host.hostName + "/proc/cpuinfo")
     << "\n";
  os << "    read: " << host.date << "\n";

  os << "peaks:\n  vector:\n";
  os << "    f32: ";
  writeNumber(os, figures.vectorF32.value, "measured", figures.vectorF32.note);
  os << "    f64: ";
  writeNumber(os, figures.vectorF64.value, "measured", figures.vectorF64.note);

  os << "memory:\n";
  os << "  capacity_bytes: ";
  writeNumber(os, double(host.memoryBytes ? host.memoryBytes : 1), "system",
              host.memoryBytes ? "MemTotal of /proc/meminfo"
                               : "unknown: /proc/meminfo was not readable");
  os << "  bandwidth_bytes_per_s: ";
  writeNumber(os, figures.bandwidth.value, "measured", figures.bandwidth.note);
  if (figures.dramLatency) {
    os << "  latency_s: ";
    writeNumber(os, figures.dramLatency->value, "measured",
                figures.dramLatency->note);
  }
  // A level's rate and latency only with its size: what the parser asks.
  if (host.llcBytes) {
    os << "  llc_capacity_bytes: ";
    writeNumber(os, double(host.llcBytes), "system",
                "L" + std::to_string(host.llcLevel) + " of cpu0 (sysfs)");
    os << "  llc_bandwidth_bytes_per_s: ";
    writeNumber(os, figures.llcBandwidth.value, "measured",
                figures.llcBandwidth.note);
    if (figures.llcLatency) {
      os << "  llc_latency_s: ";
      writeNumber(os, figures.llcLatency->value, "measured",
                  figures.llcLatency->note);
    }
  }
  if (host.l2PerCoreBytes && host.llcLevel > 2) {
    os << "  scratchpad_per_core_bytes: ";
    writeNumber(os, double(host.l2PerCoreBytes), "system",
                "private L2 of cpu0 (sysfs); a cache, not a scratchpad");
    if (figures.l2Bandwidth) {
      os << "  scratchpad_bandwidth_bytes_per_s: ";
      writeNumber(os, figures.l2Bandwidth->value, "measured",
                  figures.l2Bandwidth->note);
    }
    if (figures.l2Latency) {
      os << "  scratchpad_latency_s: ";
      writeNumber(os, figures.l2Latency->value, "measured",
                  figures.l2Latency->note);
    }
    if (host.l2Ways) {
      os << "  scratchpad_ways: ";
      writeNumber(os, host.l2Ways, "system",
                  "associativity of the L2 of cpu0 (sysfs)");
      os << "  cache_line_bytes: ";
      writeNumber(os, host.l2LineBytes, "system",
                  "line of the L2 of cpu0 (sysfs)");
    }
  }
  if (host.l1PerCoreBytes) {
    os << "  l1_per_core_bytes: ";
    writeNumber(os, double(host.l1PerCoreBytes), "system",
                "level-1 data cache of cpu0 (sysfs)");
    if (figures.l1Bandwidth) {
      os << "  l1_bandwidth_bytes_per_s: ";
      writeNumber(os, figures.l1Bandwidth->value, "measured",
                  figures.l1Bandwidth->note);
    }
    if (figures.l1Latency) {
      os << "  l1_latency_s: ";
      writeNumber(os, figures.l1Latency->value, "measured",
                  figures.l1Latency->note);
    }
  }
  // A visit reads a line: only with the line the file states.
  if (host.l2PerCoreBytes && host.llcLevel > 2 && host.l2Ways &&
      !figures.stridedVisits.empty()) {
    os << "  strided_visits:\n";
    for (const auto &[footprint, figure] : figures.stridedVisits) {
      // The footprint is the measurement's own size, exact.
      os << "    - {footprint_bytes: {value: " << footprint
         << ", source: measured}, seconds: ";
      writeInlineNumber(os, figure.value, "measured", figure.note);
      os << "}\n";
    }
  }

  os << "cores: ";
  writeNumber(os, figures.cores, "system",
              "hardware threads the measurements ran on");
  if (figures.clockHz) {
    os << "clock_hz: ";
    writeNumber(os, figures.clockHz->value, "measured", figures.clockHz->note);
  }
  if (figures.vectorRegisterBytes && figures.fmaChains) {
    os << "vector_unit:\n";
    os << "  register_bytes: ";
    writeNumber(os, *figures.vectorRegisterBytes, "system",
                "the FMA kernels' registers (" + figures.method + ")");
    os << "  fma_chains: ";
    writeNumber(os, figures.fmaChains->value, "measured",
                figures.fmaChains->note);
  }
  os << "launch_overhead_s: ";
  writeNumber(os, figures.launchOverhead.value, "measured",
              figures.launchOverhead.note);
  os << "efficiency:\n";
  os << "  compute: {value: 1.0, assumption: \"the peaks are sustained rates "
        "measured on this host, so the achievable fraction of them is 1\"}\n";
  os << "  memory: {value: 1.0, assumption: \"the bandwidths are sustained "
        "STREAM rates measured on this host, so the achievable fraction of "
        "them is 1\"}\n";
}
