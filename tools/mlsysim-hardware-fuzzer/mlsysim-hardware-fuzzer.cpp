//===- mlsysim-hardware-fuzzer.cpp - libFuzzer target for device files ----===//
//
// Feeds arbitrary bytes to the device-file and system-file parsers: each must
// return a description or an error, never crash or hang. Built by
// scripts/fuzz-hardware.sh with clang and -fsanitize=fuzzer,address (a seed
// corpus: zoo/hardware and zoo/systems).
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Hardware/HardwareSpec.h"
#include "mlsysim/Hardware/SystemSpec.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string buffer(reinterpret_cast<const char *>(data), size);
  llvm::StringSet<> taken;
  taken.insert("h100");
  llvm::Expected<mlsysim::HardwareSpec> spec =
      mlsysim::parseHardwareSpec(buffer, "fuzz.yaml", &taken);
  if (!spec)
    llvm::consumeError(spec.takeError());
  llvm::Expected<mlsysim::SystemSpec> system =
      mlsysim::parseSystemSpec(buffer, "fuzz.yaml", &taken);
  if (!system)
    llvm::consumeError(system.takeError());
  return 0;
}
