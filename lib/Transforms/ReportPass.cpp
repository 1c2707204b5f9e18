//===- ReportPass.cpp - Print a per-op roofline report --------------------===//

#include "mlsysim/Transforms/Passes.h"

#include "PassSupport.h"
#include "mlsysim/Hardware/HardwareRegistry.h"
#include "mlsysim/Hardware/SystemSpec.h"
#include "mlsysim/Reporting/Diff.h"
#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/ReportFormats.h"
#include "mlsysim/Reporting/SweepView.h"
#include "mlsysim/Reporting/Units.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "mlir/Parser/Parser.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"

#include <mutex>

using namespace mlsysim;
using namespace mlir;

namespace mlsysim {
#define GEN_PASS_DEF_REPORTPASS
#include "mlsysim/Transforms/Passes.h.inc"
} // namespace mlsysim

namespace {
struct ReportPass : public mlsysim::impl::ReportPassBase<ReportPass> {
  using ReportPassBase::ReportPassBase;
  friend struct passutil::PassPricing;

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    passutil::OptionCheck check = passutil::PassPricing::checkOptions(*this);
    check.value(format)
        .value(ops)
        .value(servingLength, "a number of positions (0: 2048)")
        .value(serving)
        .value(fusion);
    return passutil::PassPricing::initialize(*this, check, options,
                                             errorHandler);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ReportFormat reportFormat = format;
    if (failed(checkViewOptions()))
      return signalPassFailure();
    if (!sweep.empty())
      return runSweep(reportFormat);
    if (!scaling.empty())
      return runScaling(reportFormat);
    if (!baseline.empty())
      return runDiff(reportFormat);
    PricingRequest options = opReportRequest();
    FailureOr<std::vector<PricedProgram>> reports =
        passutil::PassPricing::price(*this, options);
    if (failed(reports))
      return signalPassFailure();
    options.servingLength = servingLength;
    if (serving && failed(priceServing(module, options, *reports)))
      return signalPassFailure();
    // The warnings are the reference device's, whose report is printed in
    // full; the comparison's table says which other devices leave ops
    // unmodeled or lack the memory (a zoo of microcontrollers would
    // otherwise bury the table under one warning each).
    passutil::emitCoverageWarnings(reports->front());

    if (failed(passutil::overlayProfiles(
            module, {profile, profileBaseline, profileFormat, profileRuns},
            *reports)))
      return signalPassFailure();
    std::optional<DeviceComparison> comparison;
    if (reports->size() > 1)
      comparison = compareDevices(*reports);
    writeAndPreserve([&](llvm::raw_ostream &os) {
      printReports(*reports, comparison ? &*comparison : nullptr, reportFormat,
                   os);
    });
  }

  /// What the op report asks of the pricing: the common options, the
  /// fusion opportunities and rows asked for, and the formulas of dynamic
  /// sizes.
  PricingRequest opReportRequest() {
    PricingRequest options = passutil::PassPricing::read(*this);
    options.fusion = fusion;
    options.allOps = ops == OpsView::All;
    options.symbolic = true;
    options.symbols = symbols;
    return options;
  }

  /// Refuses options a view would ignore: every combination renders as
  /// asked or is an error (test/Transforms/report-option-matrix.test).
  LogicalResult checkViewOptions() {
    Location loc = getOperation().getLoc();
    ReportFormat reportFormat = format;
    llvm::StringRef view = !sweep.empty()     ? "sweep="
                           : !scaling.empty() ? "scaling="
                                              : "baseline=";
    if (servingLength < 0)
      return emitError(loc) << "serving-length must be a positive number of "
                               "positions (or 0 for 2048), got "
                            << static_cast<int64_t>(servingLength);
    if (!profileBaseline.empty() && profile.empty())
      return emitError(loc) << "profile-baseline= compares an earlier profile "
                               "with the one profile= gives; give profile=";
    if (profileRuns.hasValue() && profile.empty())
      return emitError(loc) << "profile-runs= says how many runs profile= "
                               "holds; give profile=";
    if (!profileFormat.empty() && profile.empty())
      return emitError(loc) << "profile-format= names the reader of "
                               "profile=; give profile=";
    if (!profile.empty() &&
        (!sweep.empty() || !baseline.empty() || !scaling.empty()))
      return emitError(loc) << "profile= overlays a measured run on the op "
                               "report; "
                            << view << " is a view of its own";
    if (int(!sweep.empty()) + int(!baseline.empty()) + int(!scaling.empty()) >
        1)
      return emitError(loc) << "sweep=, baseline= and scaling= are separate "
                               "views; give one of them";
    if (sweep.empty() && baseline.empty() && scaling.empty())
      return success();
    if (!scaling.empty() && !rendersView(reportFormat, ReportView::Scaling))
      return emitError(loc) << "scaling= renders as "
                            << describeFormatsOf(ReportView::Scaling);
    if (fusion.hasValue())
      return emitError(loc)
             << "fusion= lists fusion opportunities in the op report; " << view
             << " prices the headline execution model (execution= picks it)";
    if (ops.hasValue())
      return emitError(loc) << "ops= selects the rows of the op report; "
                            << view << " has none";
    if (!sweep.empty() && (dynamicDim.hasValue() || batch.hasValue()))
      return emitError(loc) << "sweep= binds the dynamic sizes and the batch "
                               "to each of its values; drop dynamic-dim= and "
                               "batch=";
    if (!sweep.empty() && !rendersView(reportFormat, ReportView::Sweep))
      return emitError(loc)
             << "sweep= renders as " << describeFormatsOf(ReportView::Sweep)
             << "; a trace has no timeline to show";
    if (!baseline.empty() && !rendersView(reportFormat, ReportView::Diff))
      return emitError(loc)
             << "baseline= renders as " << describeFormatsOf(ReportView::Diff);
    return success();
  }

  /// Writes to `output` (stderr by default, `-` for stdout).
  /// Text goes through a TerminalSafeOStream: names from the IR cannot
  /// drive the terminal it is read on.
  LogicalResult
  writeOutput(llvm::function_ref<void(llvm::raw_ostream &)> emit) {
    auto print = [&](llvm::raw_ostream &os) {
      if (ReportFormat(format) != ReportFormat::Text)
        return emit(os);
      TerminalSafeOStream safe(os);
      emit(safe);
    };
    if (output.empty()) {
      // LLVM leaves stderr unbuffered, and the report is written piece by
      // piece: buffered while it is written (a system call per buffer, not
      // per piece: ResNet-50's text report made 5,584), then unbuffered
      // again for the diagnostics that follow.
      llvm::raw_ostream &err = llvm::errs();
      err.SetBuffered();
      print(err);
      err.flush();
      err.SetUnbuffered();
      return success();
    }
    // With --split-input-file each chunk runs the pass again: the first
    // report of a process creates the file, the next ones follow it there
    // instead of overwriting it.
    static std::mutex mutex;
    static llvm::StringSet<> written;
    bool append;
    {
      std::lock_guard<std::mutex> lock(mutex);
      append = output != "-" && !written.insert(output).second;
    }
    std::error_code code;
    auto file = std::make_unique<llvm::ToolOutputFile>(
        output, code,
        append ? llvm::sys::fs::OF_Append : llvm::sys::fs::OF_None);
    if (code)
      return emitError(getOperation().getLoc())
             << "cannot write the report to '" << output
             << "': " << code.message();
    print(file->os());
    // A full disk or a closed pipe is an error here, not an LLVM ERROR when
    // the stream is destroyed.
    file->os().flush();
    if (std::error_code failed = file->os().error()) {
      file->os().clear_error();
      return emitError(getOperation().getLoc())
             << "cannot write the report to '" << output
             << "': " << failed.message();
    }
    file->keep();
    return success();
  }

  /// Writes the report `emit` prints; the pass changed nothing.
  void writeAndPreserve(llvm::function_ref<void(llvm::raw_ostream &)> emit) {
    if (failed(writeOutput(emit)))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }

  /// The values of option `name` (sweep=, scaling=), or failure (said).
  FailureOr<std::vector<int64_t>> parseValues(llvm::StringRef name,
                                              llvm::StringRef text) {
    llvm::Expected<std::vector<int64_t>> values = parseSweepValues(name, text);
    if (!values)
      return emitError(getOperation().getLoc())
             << llvm::toString(values.takeError());
    return std::move(*values);
  }

  /// The report of the IR against that of the baseline file.
  void runDiff(ReportFormat reportFormat) {
    ModuleOp module = getOperation();
    ParserConfig config(module.getContext());
    OwningOpRef<ModuleOp> before = parseSourceFile<ModuleOp>(baseline, config);
    if (!before) {
      emitError(module.getLoc()) << "cannot read the baseline '" << baseline
                                 << "' (see the diagnostics above)";
      return signalPassFailure();
    }
    PricingRequest values = passutil::PassPricing::read(*this);
    FailureOr<std::vector<PricedProgram>> now =
        passutil::PassPricing::price(*this, values);
    if (failed(now))
      return signalPassFailure();
    // The baseline module is not this pass's IR: counted on its own.
    std::optional<CostAnalysis> baselineCounts;
    FailureOr<std::vector<PricedProgram>> then =
        priceModule(*before, values, [&]() -> const CostAnalysis & {
          return baselineCounts.emplace(*before);
        });
    if (failed(then))
      return signalPassFailure();
    ReportDiff diff = diffReports(then->front(), now->front(), baseline);
    writeAndPreserve([&](llvm::raw_ostream &os) {
      printDiff(then->front(), now->front(), diff, reportFormat, os);
    });
  }

  /// The annotated program partitioned by MLIR's own passes at each device
  /// count, each priced on every device.
  void runScaling(ReportFormat reportFormat) {
    ModuleOp module = getOperation();
    FailureOr<std::vector<int64_t>> counts = parseValues("scaling", scaling);
    if (failed(counts))
      return signalPassFailure();
    bool annotated = false;
    for (auto grid : module.getOps<shard::GridOp>()) {
      annotated = true;
      if (grid.getRank() != 1) {
        emitError(grid.getLoc())
            << "scaling= sets one-dimensional grids to each device count; "
               "this grid has "
            << grid.getRank() << " dimensions";
        return signalPassFailure();
      }
    }
    if (!annotated) {
      emitError(module.getLoc())
          << "scaling= needs a program annotated for the shard dialect (a "
             "shard.grid and shard.shard annotations)";
      return signalPassFailure();
    }
    PricingRequest options = passutil::PassPricing::read(*this);
    options.symbolic = false;
    options.fusion = false;
    std::vector<ScalingSeries> series;
    for (int64_t count : *counts) {
      OwningOpRef<ModuleOp> copy = module.clone();
      for (auto grid : copy->getOps<shard::GridOp>())
        grid.setShape({count});
      // The passes' diagnostics say why a count does not partition.
      std::string why;
      LogicalResult partitioned = success();
      {
        ScopedDiagnosticHandler capture(&getContext(), [&](Diagnostic &diag) {
          if (why.empty() && diag.getSeverity() == DiagnosticSeverity::Error)
            why = diag.str();
          return success();
        });
        PassManager pm(&getContext());
        OpPassManager &perFunction = pm.nest<func::FuncOp>();
        perFunction.addPass(shard::createShardingPropagation());
        perFunction.addPass(shard::createPartition());
        perFunction.addPass(createCanonicalizerPass());
        perFunction.addPass(createCSEPass());
        partitioned = pm.run(*copy);
      }
      std::optional<CostAnalysis> counted;
      FailureOr<std::vector<PricedProgram>> reports =
          succeeded(partitioned) ? priceModule(*copy, options,
                                               [&]() -> const CostAnalysis & {
                                                 return counted.emplace(*copy);
                                               })
                                 : FailureOr<std::vector<PricedProgram>>(
                                       std::vector<PricedProgram>());
      if (failed(reports))
        return signalPassFailure();
      if (series.empty()) {
        llvm::Expected<std::vector<std::shared_ptr<const HardwareSpec>>>
            devices = resolveHardwareList(options.hardware);
        if (!devices) {
          emitError(module.getLoc()) << llvm::toString(devices.takeError());
          return signalPassFailure();
        }
        for (const auto &device : *devices)
          series.push_back({device, {}});
      }
      for (auto [index, s] : llvm::enumerate(series)) {
        ScalingPoint point;
        point.devices = count;
        if (failed(partitioned)) {
          point.failure =
              "does not partition: " +
              (why.empty() ? std::string("the passes failed") : why);
          s.points.push_back(point);
          continue;
        }
        int64_t available =
            s.hardware->system ? s.hardware->system->getDeviceCount() : 1;
        if (count > available) {
          point.failure = ("needs " + Twine(count) + " devices; " +
                           s.hardware->id + " has " + Twine(available))
                              .str();
          s.points.push_back(point);
          continue;
        }
        s.points.push_back(priceScalingPoint((*reports)[index], count));
      }
    }
    writeAndPreserve(
        [&](llvm::raw_ostream &os) { printScaling(series, reportFormat, os); });
  }

  /// One analysis per swept value, priced on every device.
  void runSweep(ReportFormat reportFormat) {
    FailureOr<std::vector<int64_t>> values = parseValues("sweep", sweep);
    if (failed(values))
      return signalPassFailure();
    std::vector<SweepSeries> series;
    for (int64_t value : *values) {
      PricingRequest options = passutil::PassPricing::read(*this);
      options.dynamicDim = value;
      options.batch = value;
      FailureOr<std::vector<PricedProgram>> reports =
          passutil::PassPricing::price(*this, options);
      if (failed(reports))
        return signalPassFailure();
      if (series.empty()) {
        passutil::emitCoverageWarnings(reports->front());
        for (const PricedProgram &report : *reports)
          series.push_back({report.hardware, {}, {}});
      }
      for (auto [s, report] : llvm::zip_equal(series, *reports)) {
        s.values.push_back(value);
        s.totals.push_back(report.totals);
        s.diagnoses.push_back(report.diagnosis);
      }
    }
    writeAndPreserve(
        [&](llvm::raw_ostream &os) { printSweep(series, reportFormat, os); });
  }
};
} // namespace
