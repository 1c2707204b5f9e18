//===- HostInfo.cpp - What the operating system says about the host ------===//

#include "HostInfo.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <ctime>
#include <thread>
#include <unistd.h>

using namespace mlsysim::calibrate;

/// The whole text of a small system file, or "" when it cannot be read.
/// /proc files report size 0, so they are read as streams.
static std::string readSystemFile(const llvm::Twine &path) {
  auto buffer = llvm::MemoryBuffer::getFileAsStream(path);
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

/// The value of the first "key : value" line of /proc/cpuinfo-style text.
static std::string fieldOf(llvm::StringRef text, llvm::StringRef key) {
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    auto [name, value] = line.split(':');
    if (name.trim() == key)
      return value.trim().str();
  }
  return "";
}

/// A small system file holding one whole number, or 0 when it cannot be
/// read as one.
static unsigned readSystemNumber(const llvm::Twine &path) {
  unsigned value = 0;
  if (llvm::StringRef(readSystemFile(path)).trim().getAsInteger(10, value))
    return 0;
  return value;
}

/// Parses a sysfs cache size such as "32768K" or "1M".
static uint64_t parseCacheSize(llvm::StringRef text) {
  text = text.trim();
  uint64_t scale = 1;
  if (text.consume_back("K"))
    scale = 1024;
  else if (text.consume_back("M"))
    scale = 1024 * 1024;
  uint64_t value = 0;
  if (text.getAsInteger(10, value))
    return 0;
  return value * scale;
}

HostInfo mlsysim::calibrate::readHostInfo() {
  HostInfo info;
  std::string cpuinfo = readSystemFile("/proc/cpuinfo");
  info.cpuModel = fieldOf(cpuinfo, "model name");
  if (info.cpuModel.empty())
    info.cpuModel = "unknown CPU";
  info.vendor = fieldOf(cpuinfo, "vendor_id");
  if (info.vendor.empty())
    info.vendor = "unknown";

  char name[256] = {0};
  if (gethostname(name, sizeof(name) - 1) == 0)
    info.hostName = name;
  if (info.hostName.empty())
    info.hostName = "localhost";

  std::time_t now = std::time(nullptr);
  char date[16];
  std::strftime(date, sizeof(date), "%Y-%m-%d", std::localtime(&now));
  info.date = date;

  info.cores = std::max(1u, std::thread::hardware_concurrency());

  // MemTotal is in kB (KiB) in /proc/meminfo.
  std::string memTotalField =
      fieldOf(readSystemFile("/proc/meminfo"), "MemTotal");
  llvm::StringRef memTotal(memTotalField);
  uint64_t kib = 0;
  if (!memTotal.consume_back("kB") || memTotal.trim().getAsInteger(10, kib))
    kib = 0;
  info.memoryBytes = kib * 1024;

  // index0.. of cpu0 list L1d, L1i, L2, L3; the highest level is the LLC.
  for (unsigned index = 0; index < 8; ++index) {
    std::string dir =
        "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    if (readSystemFile(dir + "/level").empty())
      break;
    unsigned level = readSystemNumber(dir + "/level");
    if (!level)
      continue;
    uint64_t size = parseCacheSize(readSystemFile(dir + "/size"));
    // Level 1 is split: the instruction cache holds no data the kernels read.
    std::string type = readSystemFile(dir + "/type");
    if (level == 1 && llvm::StringRef(type).trim() == "Data")
      info.l1PerCoreBytes = size;
    if (level == 2) {
      info.l2PerCoreBytes = size;
      // Its sets: what reads a power-of-two stride apart can reach.
      unsigned ways = readSystemNumber(dir + "/ways_of_associativity");
      unsigned line = readSystemNumber(dir + "/coherency_line_size");
      if (ways && line && uint64_t(ways) * line <= size) {
        info.l2Ways = ways;
        info.l2LineBytes = line;
      }
    }
    if (level >= info.llcLevel && size) {
      info.llcLevel = level;
      info.llcBytes = size;
    }
  }
  return info;
}

std::string mlsysim::calibrate::hostDeviceId(const HostInfo &info) {
  std::string id = "host-";
  for (char c : llvm::StringRef(info.hostName).lower())
    id += (llvm::isAlnum(c) || c == '-') ? c : '-';
  return id;
}
