//===- Profile.cpp - The one list of profile readers ----------------------===//

#include "mlsysim/Profile/Profile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlsysim;

llvm::ArrayRef<ProfileReader> mlsysim::getProfileReaders() {
  // This project's own trace is a Chrome trace too: it is tried first.
  static const ProfileReader readers[] = {
      {"mlsysim", "this project's predicted trace (format=trace)",
       isMLSysimTrace, readMLSysimTrace},
      {"torch",
       "the PyTorch profiler's Chrome trace (export_chrome_trace; CPU ops, "
       "CUDA kernels)",
       isChromeTrace, readChromeTrace},
      {"nsys",
       "Nsight Systems `nsys stats --format csv` (cuda_gpu_trace, "
       "cuda_gpu_kern_sum)",
       isNsysCSV, readNsysCSV},
      {"ncu", "Nsight Compute `ncu --csv` (details or --page raw)", isNcuCSV,
       readNcuCSV},
  };
  return readers;
}

llvm::Expected<Profile> mlsysim::readProfile(llvm::StringRef path,
                                             llvm::StringRef format) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (!file)
    return llvm::createStringError(
        file.getError(), "cannot read the profile '%s': %s", path.str().c_str(),
        file.getError().message().c_str());
  llvm::StringRef text = (*file)->getBuffer();
  if (text.trim().empty())
    return llvm::createStringError("the profile '%s' is empty",
                                   path.str().c_str());
  llvm::SmallVector<llvm::StringRef> names;
  for (const ProfileReader &reader : getProfileReaders()) {
    names.push_back(reader.name);
    if (format.empty() ? reader.recognizes(path, text) : reader.name == format)
      return reader.read(path, text);
  }
  if (!format.empty())
    return llvm::createStringError("unknown profile format '%s' (one of: %s)",
                                   format.str().c_str(),
                                   llvm::join(names, ", ").c_str());
  return llvm::createStringError(
      "'%s' is not a profile this tool reads (%s): see docs/profiles.md",
      path.str().c_str(), llvm::join(names, ", ").c_str());
}
