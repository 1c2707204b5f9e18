//===- FittedDeviceFile.h - A device file with fitted efficiencies -*- C++
//-*-===//
//
// What `mlsysim-calibrate --from-profile` writes: the user's device file as
// written, with the efficiencies fitted to a measured run added per op class
// (`efficiency.by_class`), each citing a `profile-fit` source that names the
// profile and the IR, and the id suffixed `-fitted`. Only the `id`, `sources`
// and `efficiency` entries are rewritten; every other line, comments
// included, is kept.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_FITTEDDEVICEFILE_H
#define MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_FITTEDDEVICEFILE_H

#include "mlsysim/Hardware/HardwareSpec.h"
#include "mlsysim/Pricing/ProfileFit.h"

#include "llvm/Support/Error.h"

#include <string>

namespace mlsysim::calibrate {

/// Where a fit came from: the `profile-fit` source's title and url.
struct FitProvenance {
  std::string profilePath, irPath;
  std::string date; ///< YYYY-MM-DD.
};

/// The key of the source the fitted values cite.
inline constexpr llvm::StringLiteral kProfileFitSource = "profile-fit";

/// `text`, the device file `spec` was parsed from (`bufferName` in errors),
/// with `fit`'s classes in its `efficiency.by_class` (the file's own compute,
/// memory and other classes kept), a `profile-fit` source (replacing one a
/// previous fit added) and `-fitted` appended to its id (once). Fails when
/// the file's top level is not a block mapping with those keys.
llvm::Expected<std::string> rewriteDeviceFile(llvm::StringRef text,
                                              llvm::StringRef bufferName,
                                              const HardwareSpec &spec,
                                              const ProfileFit &fit,
                                              const FitProvenance &provenance);

} // namespace mlsysim::calibrate

#endif // MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_FITTEDDEVICEFILE_H
