//===- PassSupport.h - What every pricing pass does first -------*- C++ -*-===//

#ifndef MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H
#define MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H

#include "mlsysim/Pricing/PriceModule.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"

#include <functional>
#include <type_traits>

namespace mlsysim {
namespace passutil {

/// Checks a pass's option string before MLIR's option parser reads it, so
/// that each mistake is one error naming the nearest valid spelling. MLIR's
/// parser says "no such option" and suggests nothing, and llvm::cl prints a
/// value it cannot parse on stderr, outside the diagnostics, leaving an empty
/// `error:` behind.
class OptionCheck {
public:
  /// What is wrong with a value (empty when nothing is).
  using ValueCheck = std::function<std::string(llvm::StringRef)>;

  /// `anyOption` is one of the pass's options: through it the check knows
  /// them all (they share one table, the pass's llvm::cl::SubCommand).
  explicit OptionCheck(const llvm::cl::Option &anyOption);

  /// Checks values of `option` as its parser will read them: an enum's names
  /// (with the nearest suggested), an integer, a number or a boolean.
  /// `expects` says what an integer means ("a positive integer").
  template <typename DataT, typename ParserT>
  OptionCheck &value(llvm::cl::opt<DataT, false, ParserT> &option,
                     llvm::StringRef expects = "") {
    std::string name = option.ArgStr.str();
    if constexpr (std::is_base_of_v<llvm::cl::generic_parser_base, ParserT>) {
      std::vector<std::string> names;
      ParserT &parser = option.getParser();
      for (unsigned i = 0, e = parser.getNumOptions(); i != e; ++i)
        names.push_back(parser.getOption(i).str());
      return value(name, [name, names](llvm::StringRef text) {
        return checkName(name, text, names);
      });
    } else if constexpr (std::is_same_v<DataT, bool>) {
      return value(
          name, [name](llvm::StringRef text) { return checkBool(name, text); });
    } else if constexpr (std::is_integral_v<DataT>) {
      std::string what = expects.empty() ? "an integer" : expects.str();
      return value(name, [name, what](llvm::StringRef text) {
        return checkInteger(name, what, text);
      });
    } else if constexpr (std::is_floating_point_v<DataT>) {
      return value(name, [name](llvm::StringRef text) {
        return checkNumber(name, text);
      });
    } else {
      // A string: whatever it says, its meaning is checked where it is
      // used.
      return *this;
    }
  }
  /// Checks values of option `name` with `check`.
  OptionCheck &value(llvm::StringRef name, ValueCheck check);

  /// Checks `options` (`key=value` pairs as MLIR splits them) for pass
  /// `pass`: reports the first unknown option or bad value through
  /// `errorHandler` and fails.
  mlir::LogicalResult
  run(llvm::StringRef pass, llvm::StringRef options,
      llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler)
      const;

private:
  static std::string checkName(llvm::StringRef option, llvm::StringRef text,
                               llvm::ArrayRef<std::string> names);
  static std::string checkBool(llvm::StringRef option, llvm::StringRef text);
  static std::string checkInteger(llvm::StringRef option,
                                  llvm::StringRef expects,
                                  llvm::StringRef text);
  static std::string checkNumber(llvm::StringRef option, llvm::StringRef text);

  /// The pass's options by name.
  std::vector<std::string> known;
  llvm::StringMap<ValueCheck> checks;
};

/// What is wrong with a `hardware=` list (empty when every device resolves):
/// an unknown name with the nearest known ones, a file that does not parse.
std::string checkHardwareList(llvm::StringRef list);

/// `hardware=` as it is priced: a list that starts with every device
/// (`all`) or a class of them (`class:NAME`) names no reference to measure
/// against, so `defaultDevice` (the option's default) leads it; the
/// expansion leaves it out (resolveHardwareList). `a100,all` keeps a100.
std::string withReferenceDevice(llvm::StringRef list,
                                llvm::StringRef defaultDevice);

/// The opening every pricing pass shares: read the common options, price the
/// module on the devices they name. A pass grants it access to its
/// (protected) generated options and analyses with
/// `friend struct passutil::PassPricing`.
struct PassPricing {
  /// The request the pass's common options make.
  template <typename PassT> static PricingRequest read(const PassT &pass) {
    PricingRequest options;
    options.hardware = withReferenceDevice(
        pass.hardware, pass.hardware.getDefault().getValue());
    options.dynamicDim = pass.dynamicDim;
    options.flopConvention = pass.flopConvention;
    options.tf32 = pass.tf32;
    options.memoryLevel = pass.memoryLevel;
    options.collectives = pass.collectives;
    options.overlap = pass.overlap;
    options.execution = pass.execution;
    options.batch = pass.batch;
    options.precision = pass.precision;
    options.weights = pass.weights;
    options.realism = pass.realism;
    return options;
  }

  /// What a pricing pass's initializeOptions does: the option string
  /// checked with `check` (the common options' values and the pass's own),
  /// then parsed as MLIR parses pass options.
  template <typename PassT>
  static mlir::LogicalResult
  initialize(PassT &pass, OptionCheck &check, llvm::StringRef options,
             llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)>
                 errorHandler) {
    if (mlir::failed(check.run(pass.getArgument(), options, errorHandler)))
      return mlir::failure();
    return pass.mlir::Pass::initializeOptions(options, errorHandler);
  }

  /// The check of the common options' values (the pass adds its own).
  template <typename PassT> static OptionCheck checkOptions(PassT &pass) {
    OptionCheck check(pass.hardware);
    check.value("hardware", checkHardwareList)
        .value(pass.dynamicDim, "an integer (a size, 0 to bind it to batch=, "
                                "or -1)")
        .value(pass.flopConvention)
        .value(pass.tf32)
        .value(pass.memoryLevel)
        .value(pass.collectives)
        .value(pass.overlap)
        .value(pass.execution)
        .value(pass.batch, "a positive integer");
    return check;
  }

  /// The pass's module priced as `request` asks, on every device named, from
  /// the pass's cached counts; failed when pricing failed (said already).
  template <typename PassT>
  static mlir::FailureOr<std::vector<PricedProgram>>
  price(PassT &pass, const PricingRequest &request) {
    return priceModule(pass.getOperation(), request,
                       [&]() -> const CostAnalysis & {
                         return pass.template getAnalysis<CostAnalysis>();
                       });
  }

  /// As `price`, for a pass that works on one device: an error when
  /// hardware= names several, `purpose` saying why ("mlsysim-fuse plans
  /// for").
  template <typename PassT>
  static mlir::FailureOr<std::vector<PricedProgram>>
  priceOneDevice(PassT &pass, const PricingRequest &request,
                 llvm::StringRef purpose) {
    mlir::FailureOr<std::vector<PricedProgram>> reports = price(pass, request);
    if (mlir::failed(reports))
      return mlir::failure();
    if (reports->size() != 1)
      return mlir::emitError(pass.getOperation().getLoc())
             << purpose << " one device; got " << reports->size()
             << " in hardware=" << pass.hardware;
    return reports;
  }
};

/// One warning per unmodeled op name, at its first occurrence, one per loop
/// whose trip count is unknown, and one per function that does not fit in
/// device memory.
void emitCoverageWarnings(const PricedProgram &report);

/// The profile options of a pass (`profile=`, `profile-baseline=`,
/// `profile-format=`, `profile-runs=`).
struct ProfileRequest {
  llvm::StringRef profile, baseline, format;
  unsigned runs = 0;
};
/// Reads `request`'s profiles and overlays them on every device's program
/// (a warning when little of the measured time maps); an error at
/// `module`'s location when a file cannot be read.
mlir::LogicalResult overlayProfiles(mlir::ModuleOp module,
                                    const ProfileRequest &request,
                                    std::vector<PricedProgram> &reports);
/// One warning per function that does not fit in the report's device memory.
void emitFitWarnings(const PricedProgram &report);

} // namespace passutil
} // namespace mlsysim

#endif // MLSYSIM_LIB_TRANSFORMS_PASSSUPPORT_H
