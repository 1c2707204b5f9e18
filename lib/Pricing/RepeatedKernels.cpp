//===- RepeatedKernels.cpp - A model's repeated structure, folded ---------===//

#include "mlsysim/Pricing/RepeatedKernels.h"

#include "mlsysim/Pricing/Roofline.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/bit.h"

#include <charconv>
#include <map>

using namespace mlsysim;

namespace {
/// One unit to fold: its ops, its price and what fusing it saves.
struct FoldUnit {
  llvm::ArrayRef<unsigned> ops;
  const PricedWork *work;
  double saving = 0.0;
  Count bytesSaved;
  std::optional<FusionKind> kind;
};
} // namespace

/// A kernel (or op) as its repeated structure: the names of its ops, its
/// work and traffic (equal layers have equal numbers).
static std::string signatureOf(const PricedProgram &program,
                               llvm::ArrayRef<unsigned> ops,
                               const PricedWork &work) {
  // A key, never shown: the counts as their exact values or their doubles'
  // bits.
  std::string text;
  for (unsigned id : ops) {
    text += program.ops[id].name;
    text += ',';
  }
  for (const Count &count : {work.flops, work.bytesRead, work.bytesWritten}) {
    char digits[24];
    uint64_t bits = count.isExact()
                        ? count.getExact()
                        : llvm::bit_cast<uint64_t>(count.toDouble());
    text += count.isExact() ? '=' : '~';
    text.append(digits,
                std::to_chars(digits, digits + sizeof(digits), bits).ptr);
  }
  return text;
}

unsigned mlsysim::findHeaviestOp(const PricedProgram &program,
                                 llvm::ArrayRef<unsigned> ops) {
  const PricedOp *heaviest = nullptr;
  for (unsigned id : ops) {
    const PricedOp &op = program.ops[id];
    if (!heaviest || (op.flops + op.intOps).toDouble() >
                         (heaviest->flops + heaviest->intOps).toDouble())
      heaviest = &op;
  }
  return heaviest->id;
}

/// `units` folded by repeated structure, in order of first appearance.
static std::vector<RepeatedKernels> fold(const PricedProgram &program,
                                         llvm::ArrayRef<FoldUnit> units) {
  llvm::MapVector<std::string, RepeatedKernels, std::map<std::string, unsigned>>
      folds;
  for (const FoldUnit &unit : units) {
    RepeatedKernels &repeated =
        folds[signatureOf(program, unit.ops, *unit.work)];
    if (repeated.count++ == 0) {
      repeated.ops = unit.ops;
      repeated.kind = unit.kind;
      repeated.heaviestOp = findHeaviestOp(program, unit.ops);
      repeated.each = unit.work->roofline.latency;
      repeated.bound = unit.work->roofline.bound;
    }
    repeated.total += unit.work->roofline.latency;
    repeated.saving += unit.saving;
    repeated.bytesSaved += unit.bytesSaved;
  }
  double asIs = program.fusionBound ? program.fusionBound->asIs : 0.0;
  std::vector<RepeatedKernels> result;
  for (auto &entry : folds) {
    RepeatedKernels &repeated = entry.second;
    repeated.share = getShare(repeated.total, program.totals.latency);
    repeated.savingShare = getShare(repeated.saving, asIs);
    repeated.savingEach = repeated.saving / repeated.count;
    result.push_back(repeated);
  }
  return result;
}

/// What runs under the program's execution model, as units to fold.
static std::vector<FoldUnit> runUnits(const PricedProgram &program) {
  std::vector<FoldUnit> units;
  if (program.options.roofline.execution == ExecutionModel::Compiled) {
    for (const PricedKernel &kernel : program.kernels)
      units.push_back({kernel.ops, &kernel, 0.0, Count(0), kernel.kind});
    return units;
  }
  for (const PricedOp &op : program.ops)
    if (op.modeled && !op.free)
      // The op's id is its one op.
      units.push_back(
          {llvm::ArrayRef<unsigned>(op.id), &op, 0.0, Count(0), std::nullopt});
  return units;
}

size_t mlsysim::countRunUnits(const PricedProgram &program) {
  return runUnits(program).size();
}

std::vector<RepeatedKernels>
mlsysim::foldRunUnits(const PricedProgram &program) {
  std::vector<RepeatedKernels> folded = fold(program, runUnits(program));
  llvm::stable_sort(folded,
                    [](const RepeatedKernels &a, const RepeatedKernels &b) {
                      return a.total > b.total;
                    });
  return folded;
}

std::vector<RepeatedKernels>
mlsysim::foldOpportunities(const PricedProgram &program) {
  std::vector<FoldUnit> units;
  for (unsigned index : program.plan.opportunities) {
    const FusionGroup &group = program.plan.kernels[index];
    units.push_back({group.ops, &program.kernels[index], group.getSaving(),
                     group.bytesSaved, group.kind});
  }
  std::vector<RepeatedKernels> folded = fold(program, units);
  llvm::stable_sort(folded,
                    [](const RepeatedKernels &a, const RepeatedKernels &b) {
                      return a.saving > b.saving;
                    });
  return folded;
}
