//===- Profile.h - What a user measured ------------------------*- C++ -*-===//
//
// A measured run, read from a profiler's file: the kernels (or framework
// ops) that ran, in the order they started, with their times and whatever
// evidence the file carries for mapping them onto the IR (op names, input
// shapes, call stacks, an op id of this project's own trace). It knows
// nothing of the IR or of prices: the pricing layer maps it
// (Pricing/ProfileOverlay.h), the views print the overlay.
//
// Each file format is one reader behind ProfileReader; getProfileReaders()
// is the one list of them, and readProfile() picks the reader that
// recognizes the file.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PROFILE_PROFILE_H
#define MLSYSIM_PROFILE_PROFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlsysim {

/// One measured kernel, or one framework op (with the time of the kernels
/// it ran).
struct MeasuredKernel {
  /// As the file names it: `aten::addmm`, a CUDA kernel's name, an IR op's.
  std::string name;
  /// When it started, in seconds from the file's origin, and how long it
  /// took (on the device, for a GPU op: the sum of its kernels).
  double start = 0.0, duration = 0.0;
  /// `cpu` or `cuda` (where its time was spent).
  std::string device = "cpu";
  /// Input shapes, as recorded (torch.profiler's `record_shapes=True`; a
  /// scalar or non-tensor input is an empty shape).
  std::vector<std::vector<int64_t>> inputShapes;
  /// The Python call stack, innermost frame first (`with_stack=True`).
  std::vector<std::string> stack;
  /// Work and traffic the profiler counted (Nsight Compute metrics), when
  /// collected.
  std::optional<double> flops, bytes;
  /// The IR op ids a prediction's slice ran (this project's own trace):
  /// the mapping needs no guess.
  std::vector<unsigned> opIds;
  /// The profiler step (torch.profiler's `ProfilerStep#N`) it ran in; 0
  /// when the file marks none.
  unsigned step = 0;
  /// How many launches it stands for: 1, or a summary's instance count
  /// (`nsys stats --report cuda_gpu_kern_sum`: `duration` is then their
  /// total, and `start` only orders the rows).
  unsigned instances = 1;
};

struct Profile {
  /// The reader that read it (`torch`, `nsys`, `ncu`, `mlsysim`).
  std::string format;
  std::string path;
  /// In the order they started.
  std::vector<MeasuredKernel> kernels;
  /// Profiler steps seen (0 when none are marked): the kernels of one
  /// step are one run of the IR.
  unsigned steps = 0;
  /// Whether the entries are in the order they ran; false for a summary
  /// (one row per kernel name, by total time), which the mapping matches
  /// by kind alone.
  bool ordered = true;
  /// Events the reader skipped, and why (`12 events without a duration`),
  /// for the report's note: never silent.
  std::vector<std::string> skipped;
};

/// One file format.
struct ProfileReader {
  llvm::StringLiteral name;
  llvm::StringLiteral description;
  /// Whether `text` (the file's contents, `path` its name) is this format.
  bool (*recognizes)(llvm::StringRef path, llvm::StringRef text);
  /// The profile, or an error that says what is wrong and where (line or
  /// event number).
  llvm::Expected<Profile> (*read)(llvm::StringRef path, llvm::StringRef text);
};

/// Every reader, in the order readProfile() tries them.
llvm::ArrayRef<ProfileReader> getProfileReaders();

/// Reads `path` with the reader that recognizes it (or `format`, a reader's
/// name, when given). Errors: the file cannot be read, no reader
/// recognizes it, or the reader fails.
llvm::Expected<Profile> readProfile(llvm::StringRef path,
                                    llvm::StringRef format = "");

// The readers (one file each).
llvm::Expected<Profile> readChromeTrace(llvm::StringRef path,
                                        llvm::StringRef text);
bool isChromeTrace(llvm::StringRef path, llvm::StringRef text);
llvm::Expected<Profile> readMLSysimTrace(llvm::StringRef path,
                                         llvm::StringRef text);
bool isMLSysimTrace(llvm::StringRef path, llvm::StringRef text);
llvm::Expected<Profile> readNsysCSV(llvm::StringRef path, llvm::StringRef text);
bool isNsysCSV(llvm::StringRef path, llvm::StringRef text);
llvm::Expected<Profile> readNcuCSV(llvm::StringRef path, llvm::StringRef text);
bool isNcuCSV(llvm::StringRef path, llvm::StringRef text);

/// A CSV file (RFC 4180: quoted fields, doubled quotes, newlines inside
/// quotes), as rows of fields; an error names the line of an unterminated
/// quote.
llvm::Expected<std::vector<std::vector<std::string>>>
parseCSV(llvm::StringRef text);

} // namespace mlsysim

#endif // MLSYSIM_PROFILE_PROFILE_H
