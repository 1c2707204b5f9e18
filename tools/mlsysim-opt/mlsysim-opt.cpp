//===- mlsysim-opt.cpp - The mlsysim driver -------------------------------===//
//
// mlir-opt with the mlsysim dialect, cost models and passes: every upstream
// dialect and pass is available, so pipelines, --split-input-file and
// --verify-diagnostics behave as they do in mlir-opt. Two options look at the
// hardware zoo without reading IR: --list-hardware and --show-hardware=ID.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Hardware/HardwareRegistry.h"
#include "mlsysim/InitAll.h"
#include "mlsysim/Reporting/HardwarePrinter.h"
#include "mlsysim/Transforms/CostTracker.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

static llvm::cl::opt<bool>
    listHardware("list-hardware",
                 llvm::cl::desc("Print the hardware zoo (id, class, key "
                                "peaks, bandwidth, ridge points) and exit"));
static llvm::cl::opt<std::string> trackPasses(
    "mlsysim-track",
    llvm::cl::desc("After each pass of the pipeline, print the predicted "
                   "total on this device (zoo id, alias or file) to stderr"),
    llvm::cl::value_desc("HW"));
static llvm::cl::opt<int64_t> trackBatch(
    "mlsysim-track-batch",
    llvm::cl::desc("With --mlsysim-track: bind dynamic sizes and the batch "
                   "to this value"),
    llvm::cl::init(0));
static llvm::cl::opt<std::string> showHardware(
    "show-hardware",
    llvm::cl::desc("Print every number of one device (zoo id, alias or "
                   "file) with its source, and exit"),
    llvm::cl::value_desc("ID|FILE"));

/// Flushes `os` (the output file, or stdout: `name`): a full disk or a closed
/// pipe is an error saying so, rather than the LLVM ERROR a stream with an
/// error aborts with when it is destroyed.
static int checkWritten(llvm::raw_fd_ostream &os, llvm::StringRef name) {
  os.flush();
  std::error_code error = os.error();
  if (!error)
    return 0;
  os.clear_error();
  llvm::WithColor::error() << "cannot write " << name << ": " << error.message()
                           << "\n";
  return 1;
}

/// Runs --list-hardware / --show-hardware; std::nullopt when neither is set.
static std::optional<int> runHardwareQuery() {
  if (listHardware) {
    llvm::Expected<const mlsysim::HardwareRegistry &> zoo =
        mlsysim::HardwareRegistry::builtin();
    if (!zoo) {
      llvm::WithColor::error() << llvm::toString(zoo.takeError()) << "\n";
      return 1;
    }
    mlsysim::printHardwareTable(*zoo, llvm::outs());
    return checkWritten(llvm::outs(), "to stdout");
  }
  if (!showHardware.empty()) {
    auto hardware = mlsysim::resolveHardware(showHardware);
    if (!hardware) {
      llvm::WithColor::error() << llvm::toString(hardware.takeError()) << "\n";
      return 1;
    }
    mlsysim::printHardwareDetails(**hardware, llvm::outs());
    return checkWritten(llvm::outs(), "to stdout");
  }
  return std::nullopt;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlsysim::registerMLSysimDialects(registry);
  mlir::registerAllPasses();
  mlsysim::registerMLSysimPasses();
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "mlsysim: roofline cost model driver\n", registry);
  if (std::optional<int> status = runHardwareQuery())
    return *status;

  // MlirOptMain as its command-line entry runs it, with the files opened
  // here: a failed write to the output is then an error (the entry point
  // lets it abort in the stream's destructor); with --mlsysim-track, a
  // pass-manager hook adds the cost tracker.
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  std::shared_ptr<const mlsysim::HardwareSpec> tracked;
  if (!trackPasses.empty()) {
    auto hardware = mlsysim::resolveHardware(trackPasses);
    if (!hardware) {
      llvm::WithColor::error() << llvm::toString(hardware.takeError()) << "\n";
      return 1;
    }
    tracked = *hardware;
  }
  // Keep the pipeline the command line asked for; add the tracker to it. A
  // pass rejects a bad option while the pipeline is built, at an unknown
  // location (MLIR would print `<unknown>:0: error:`): the mistake is in the
  // command line, and the tool says so in its own name.
  mlir::MlirOptMainConfig fromCommandLine = config;
  llvm::StringRef toolName = llvm::sys::path::filename(argv[0]);
  config.setPassPipelineSetupFn([&](mlir::PassManager &pm) {
    mlir::LogicalResult built = mlir::success();
    {
      mlir::ScopedDiagnosticHandler optionErrors(
          pm.getContext(), [&](mlir::Diagnostic &diag) {
            if (diag.getSeverity() != mlir::DiagnosticSeverity::Error ||
                !llvm::isa<mlir::UnknownLoc>(diag.getLocation()))
              return mlir::failure();
            llvm::WithColor::error(llvm::errs(), toolName) << diag << "\n";
            return mlir::success();
          });
      built = fromCommandLine.setupPassPipeline(pm);
    }
    if (mlir::failed(built))
      return mlir::failure();
    if (tracked)
      pm.addInstrumentation(
          mlsysim::createCostTracker(tracked, trackBatch, llvm::errs()));
    return mlir::success();
  });
  if (inputFilename == "-" &&
      llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &error);
  if (!input) {
    llvm::WithColor::error() << error << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::WithColor::error() << error << "\n";
    return 1;
  }
  bool ran = mlir::succeeded(
      mlir::MlirOptMain(output->os(), std::move(input), registry, config));
  std::string name = outputFilename == "-"
                         ? std::string("to stdout")
                         : "the output '" + outputFilename + "'";
  if (checkWritten(output->os(), name) != 0 || !ran)
    return 1;
  output->keep();
  return 0;
}
