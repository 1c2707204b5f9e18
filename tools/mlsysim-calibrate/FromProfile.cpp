//===- FromProfile.cpp - Efficiencies fitted to a user's measured run -----===//

#include "FromProfile.h"
#include "FittedDeviceFile.h"
#include "HostInfo.h"

#include "mlsysim/Hardware/HardwareRegistry.h"
#include "mlsysim/InitAll.h"
#include "mlsysim/Pricing/PriceModule.h"
#include "mlsysim/Pricing/ProfileFit.h"
#include "mlsysim/Pricing/ProfileOverlay.h"
#include "mlsysim/Profile/Profile.h"
#include "mlsysim/Reporting/Units.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlsysim;
using namespace mlsysim::calibrate;
using llvm::StringRef;

/// Below this share of the measured time mapped onto the IR, the profile is
/// of other IR (or another batch or shape): a fit on it would be noise.
static constexpr double kMinMatchedShare = 0.5;

static int fail(const llvm::Twine &message) {
  // After what was printed so far, when both go to one pipe.
  llvm::outs().flush();
  llvm::WithColor::error(llvm::errs(), "mlsysim-calibrate") << message << "\n";
  return 1;
}

/// The module priced on `hardware` (one device) under the options; errors
/// are emitted at the module's location.
static mlir::FailureOr<PricedProgram> priceOn(mlir::ModuleOp module,
                                              const FromProfileOptions &options,
                                              StringRef hardware) {
  PricingRequest request;
  request.hardware = hardware.str();
  request.batch = options.batch;
  request.execution = options.execution;
  // Only the ops' prices are read: no lever is priced again.
  request.priceLevers = false;
  std::optional<CostAnalysis> counts;
  mlir::FailureOr<std::vector<PricedProgram>> programs =
      priceModule(module, request, [&]() -> const CostAnalysis & {
        return counts.emplace(module);
      });
  if (mlir::failed(programs))
    return mlir::failure();
  if (programs->size() != 1) {
    module.emitError("--hardware names ")
        << programs->size() << " devices; the fit is of one";
    return mlir::failure();
  }
  return std::move(programs->front());
}

/// `profile` on `program`, or an error when too little of it maps.
static llvm::Expected<ProfileOverlay> overlay(const PricedProgram &program,
                                              const Profile &profile) {
  ProfileOverlay mapped = overlayProfile(program, profile);
  if (mapped.getMatchedShare() < kMinMatchedShare)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "only " + formatPercent(mapped.getMatchedShare()) +
            " of the measured time in '" + profile.path +
            "' maps to the IR's ops (at least " +
            formatPercent(kMinMatchedShare) +
            " is needed to fit): a profile of other IR, or of another batch "
            "or shape?");
  return mapped;
}

/// "measured 121 µs, predicted 4.10 µs (29.29x)" of the mapped ops.
static std::string formatTotals(const ProfileOverlay &mapped) {
  double ratio = mapped.predictedMatched > 0
                     ? mapped.matched / mapped.predictedMatched
                     : 0.0;
  return "measured " + formatSeconds(mapped.matched) + ", predicted " +
         formatSeconds(mapped.predictedMatched) + " (measured " +
         formatFixed(ratio, 2) + "x the prediction)";
}

static void printFit(llvm::raw_ostream &os, const ProfileOverlay &mapped,
                     const ProfileFit &fit) {
  os << "fitted on " << fit.unitsUsed << " of the " << mapped.opsMeasured
     << " IR ops measured (" << formatSeconds(fit.measured) << " of the "
     << formatSeconds(mapped.matched) << " mapped)\n";
  for (const std::string &note : fit.notes)
    os << "  note: " << note << "\n";
  if (fit.classes.empty())
    return;
  os << llvm::format("%-22s %-7s %5s %12s %9s %9s  %s\n", "class", "term",
                     "ops", "measured", "assumed", "fitted",
                     "spread after (p10-p90 of measured/predicted)");
  for (const ClassFit &c : fit.classes)
    os << llvm::format("%-22s %-7s %5u %12s %9.4g %9.4g  %.2f-%.2f\n",
                       stringifyOpClass(c.opClass).str().c_str(),
                       c.compute ? "compute" : "memory", c.units,
                       formatSeconds(c.seconds).c_str(), c.assumed, c.fitted,
                       c.spreadLow, c.spreadHigh);
  for (const ClassFit &c : fit.classes)
    if (c.unclamped != c.fitted)
      os << "  note: " << stringifyOpClass(c.opClass) << " "
         << (c.compute ? "compute" : "memory") << ": the fit, "
         << llvm::format("%.4g", c.unclamped)
         << ", is outside the range a device file allows ["
         << formatShortest(kMinFittedEfficiency) << ", "
         << formatShortest(kMaxFittedEfficiency)
         << "]: " << formatShortest(c.fitted) << " is written\n";
  os << "fitted ops: measured " << formatSeconds(fit.measured) << ", predicted "
     << formatSeconds(fit.predictedBefore) << " before, "
     << formatSeconds(fit.predictedAfter) << " after the fit\n";
}

/// The text of the device file `spec` was read from.
static llvm::Expected<std::string> readDeviceText(const HardwareSpec &spec) {
  if (spec.system)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "'" + spec.id +
            "' is a system: the fit writes a device file, so give its device");
  if (std::optional<StringRef> builtin = getBuiltinHardwareText(spec.origin))
    return builtin->str();
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(spec.origin, /*IsText=*/true);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   "cannot read hardware file '" + spec.origin +
                                       "': " + buffer.getError().message());
  return (*buffer)->getBuffer().str();
}

/// Writes `text` to `path`, or to a new temporary file when `path` is
/// empty; returns the path written.
static llvm::Expected<std::string> writeFile(StringRef path, StringRef text) {
  std::string written = path.str();
  if (path.empty()) {
    llvm::SmallString<128> temporary;
    if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
            "mlsysim-fitted", "yaml", temporary))
      return llvm::createStringError(ec, "cannot create a temporary file: " +
                                             ec.message());
    written = temporary.str().str();
  }
  std::error_code ec;
  llvm::ToolOutputFile out(written, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return llvm::createStringError(ec, "cannot write '" + written +
                                           "': " + ec.message());
  out.os() << text;
  out.os().flush();
  if (std::error_code error = out.os().error()) {
    out.os().clear_error();
    return llvm::createStringError(error, "cannot write '" + written +
                                              "': " + error.message());
  }
  out.keep();
  return written;
}

/// An absolute path, for the source's url (a relative one names nothing
/// once the file is moved).
static std::string absolutePath(StringRef path) {
  llvm::SmallString<256> absolute(path);
  if (llvm::sys::fs::make_absolute(absolute))
    return path.str();
  llvm::sys::path::remove_dots(absolute, /*remove_dot_dot=*/true);
  return absolute.str().str();
}

int calibrate::runFromProfile(const FromProfileOptions &options,
                              llvm::raw_ostream &os) {
  if (options.ir.empty() || options.hardware.empty())
    return fail("--from-profile needs --ir (the IR that ran) and --hardware "
                "(the device file to fit)");
  if (options.batch < 1)
    return fail("--batch must be at least 1");
  llvm::Expected<Profile> profile = readProfile(options.profile);
  if (!profile)
    return fail(llvm::toString(profile.takeError()));

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registerMLSysimDialects(registry);
  mlir::MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(options.ir, &error);
  if (!input)
    return fail(error);
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr,
                                            mlir::ParserConfig(&context));
  if (!module)
    return 1; // The parser said why.

  mlir::FailureOr<PricedProgram> program =
      priceOn(*module, options, options.hardware);
  if (mlir::failed(program))
    return 1;
  llvm::Expected<ProfileOverlay> before = overlay(*program, *profile);
  if (!before)
    return fail(llvm::toString(before.takeError()));
  ProfileFit fit = fitEfficiencies(*program, *before);

  os << "mlsysim-calibrate --from-profile: " << options.profile << " ("
     << profile->format << " profile) on " << options.ir << ", "
     << program->hardware->getLabel() << ", batch " << options.batch << ", "
     << stringifyExecutionModel(options.execution) << "\n";
  os << "before: " << formatTotals(*before) << "; "
     << formatPercent(before->getMatchedShare()) << " of the "
     << formatSeconds(before->measured) << " measured maps onto the IR\n";
  printFit(os, *before, fit);
  if (fit.classes.empty())
    return fail("no measured op could be fitted (see the notes above)");

  llvm::Expected<std::string> original = readDeviceText(*program->hardware);
  if (!original)
    return fail(llvm::toString(original.takeError()));
  FitProvenance provenance{absolutePath(options.profile),
                           absolutePath(options.ir), readHostInfo().date};
  llvm::Expected<std::string> fitted =
      rewriteDeviceFile(*original, program->hardware->origin,
                        *program->hardware, fit, provenance);
  if (!fitted)
    return fail(llvm::toString(fitted.takeError()));
  llvm::Expected<std::string> written = writeFile(options.output, *fitted);
  if (!written)
    return fail(llvm::toString(written.takeError()));

  // The written file, loaded as hardware=<file> would load it: what a
  // report with it predicts for the same run.
  mlir::FailureOr<PricedProgram> refitted = priceOn(*module, options, *written);
  // A temporary file: a failure to remove it leaves a file in the temporary
  // folder, nothing the fit depends on; said, not fatal.
  if (options.output.empty())
    if (std::error_code code = llvm::sys::fs::remove(*written))
      llvm::errs() << "mlsysim-calibrate: note: cannot remove " << *written
                   << ": " << code.message() << "\n";
  if (mlir::failed(refitted))
    return fail("the fitted device file does not load (see above)");
  llvm::Expected<ProfileOverlay> after = overlay(*refitted, *profile);
  if (!after)
    return fail(llvm::toString(after.takeError()));
  os << "after:  " << formatTotals(*after) << ", with "
     << (options.output.empty() ? StringRef("the fitted file")
                                : StringRef(options.output))
     << "\n";
  return 0;
}
