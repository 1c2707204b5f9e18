//===- mlsysim-hardware-fuzzer.cpp - libFuzzer target for device files ----===//
//
// Feeds arbitrary bytes to the device-file and system-file parsers, and to
// the resolution of files as `hardware=` does it: each must return a
// description or an error, never crash or hang. Built by
// scripts/fuzz-hardware.sh with clang and -fsanitize=fuzzer,address (a seed
// corpus: zoo/hardware and zoo/systems, and systems whose device: names
// another file of the input or themselves).
//
// An input is up to two files: the text before a line `--- b.yaml`, and
// the text after it. They are written as a.yaml and b.yaml in a folder of
// their own and a.yaml is resolved, so that a system file's `device:`
// reaches a.yaml (itself), b.yaml (which may name a.yaml back), a zoo device
// or a zoo system. The custom mutator rewrites those references, which byte
// flips reach only by luck.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Hardware/HardwareRegistry.h"
#include "mlsysim/Hardware/HardwareSpec.h"
#include "mlsysim/Hardware/SystemSpec.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <random>
#include <string>

/// The line that separates the two files of an input.
static constexpr llvm::StringLiteral kSeparator = "\n--- b.yaml\n";

/// The folder the files of each input are written to.
static std::string folder;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  llvm::SmallString<128> path;
  if (llvm::sys::fs::createUniqueDirectory("mlsysim-hardware-fuzzer", path)) {
    llvm::errs() << "mlsysim-hardware-fuzzer: cannot create a folder\n";
    abort();
  }
  folder = path.str().str();
  std::atexit([] { (void)llvm::sys::fs::remove_directories(folder); });
  return 0;
}

/// Writes `text` to `name` in the folder; false when it cannot.
static bool writeFile(llvm::StringRef name, llvm::StringRef text) {
  llvm::SmallString<128> path(folder);
  llvm::sys::path::append(path, name);
  std::error_code error;
  llvm::raw_fd_ostream os(path, error);
  if (error)
    return false;
  os << text;
  os.close();
  bool failed = os.has_error();
  os.clear_error();
  return !failed;
}

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

  // The files, and a.yaml resolved as hardware=a.yaml would be.
  auto [first, second] = llvm::StringRef(buffer).split(kSeparator);
  if (!writeFile("a.yaml", first) || !writeFile("b.yaml", second))
    abort(); // The folder is ours: a failure here is the harness's.
  llvm::SmallString<128> path(folder);
  llvm::sys::path::append(path, "a.yaml");
  llvm::Expected<std::shared_ptr<const mlsysim::HardwareSpec>> resolved =
      mlsysim::resolveHardware(path);
  if (!resolved)
    llvm::consumeError(resolved.takeError());
  return 0;
}

/// libFuzzer's own mutations (for the custom mutator below).
extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

/// Points the `device:` line of a random file of `text` at a.yaml, b.yaml,
/// or a zoo device or system, adding the line (and the second file, a copy
/// of the first) when missing: the self-references and the cycles of two
/// files that once recursed until the stack overflowed.
static void mutateDevice(std::string &text, std::minstd_rand &rng) {
  static const char *const targets[] = {"a.yaml", "b.yaml", "./a.yaml",
                                        "nvidia-h100-sxm", "dgx-h100"};
  if (text.find(kSeparator.str()) == std::string::npos && rng() % 2)
    text += kSeparator.str() + text;
  size_t separator = text.find(kSeparator.str());
  bool inSecond = separator != std::string::npos && rng() % 2;
  size_t begin = inSecond ? separator + kSeparator.size() : 0;
  size_t end =
      inSecond || separator == std::string::npos ? text.size() : separator;
  std::string line =
      std::string("device: ") + targets[rng() % std::size(targets)];
  // The first `device:` at the start of a line of that file, else a new one.
  for (size_t at = begin; at < end;) {
    size_t lineEnd = std::min(text.find('\n', at), end);
    if (text.compare(at, 7, "device:") == 0) {
      text.replace(at, lineEnd - at, line);
      return;
    }
    at = lineEnd + 1;
  }
  text.insert(begin, line + "\n");
}

/// One time in four, a mutation of the device references (above);
/// otherwise libFuzzer's.
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  std::minstd_rand rng(seed);
  if (rng() % 4 == 0) {
    std::string text(reinterpret_cast<const char *>(data), size);
    mutateDevice(text, rng);
    if (text.size() <= maxSize) {
      memcpy(data, text.data(), text.size());
      return text.size();
    }
  }
  return LLVMFuzzerMutate(data, size, maxSize);
}
