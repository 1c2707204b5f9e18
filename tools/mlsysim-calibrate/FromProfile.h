//===- FromProfile.h - Efficiencies fitted to a user's measured run -*- C++
//-*-===//
//
// `mlsysim-calibrate --from-profile`: prices the IR the user ran on their
// device file, maps their profile onto it, fits the efficiencies per op
// class that make the prediction match (Pricing/ProfileFit.h), prints the
// fit and writes the device file with them; then loads that file as
// `hardware=` would and prices the IR again, so the figures printed last are
// what a report with the fitted file predicts.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_FROMPROFILE_H
#define MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_FROMPROFILE_H

#include "mlsysim/Support/ExecutionModel.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace mlsysim::calibrate {

struct FromProfileOptions {
  std::string profile;  ///< The measured run (any format readProfile reads).
  std::string ir;       ///< The IR that ran (.mlir).
  std::string hardware; ///< A zoo id or alias, or a device file.
  int64_t batch = 1;
  ExecutionModel execution = ExecutionModel::Eager;
  /// Where the fitted device file goes; empty: a temporary file, removed
  /// after it has been loaded back.
  std::string output;
};

/// Runs the mode, printing to `os` (errors to stderr); the exit status.
int runFromProfile(const FromProfileOptions &options, llvm::raw_ostream &os);

} // namespace mlsysim::calibrate

#endif // MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_FROMPROFILE_H
