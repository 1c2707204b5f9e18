//===- ProgramDiff.cpp - What a transformation bought ---------------------===//

#include "mlsysim/Pricing/ProgramDiff.h"

#include "mlsysim/Pricing/Roofline.h"

#include "llvm/ADT/StringMap.h"

#include <deque>

using namespace mlsysim;

static std::string keyOf(const PricedOp &op) {
  return (op.loc + "|" + op.name).str();
}

ReportDiff mlsysim::diffReports(const PricedProgram &baseline,
                                const PricedProgram &now,
                                llvm::StringRef baselineName) {
  ReportDiff diff;
  diff.baselineName = baselineName.str();
  llvm::StringMap<std::deque<const PricedOp *>> before;
  for (const PricedOp &op : baseline.ops)
    before[keyOf(op)].push_back(&op);
  for (const PricedOp &op : now.ops) {
    auto it = before.find(keyOf(op));
    if (it == before.end() || it->second.empty()) {
      if (op.modeled && op.free)
        ++diff.freeAppeared;
      else
        diff.appeared.push_back(&op);
      continue;
    }
    const PricedOp *old = it->second.front();
    it->second.pop_front();
    bool same = old->modeled == op.modeled && old->bytes() == op.bytes() &&
                old->flops == op.flops &&
                old->roofline.latency == op.roofline.latency;
    if (same)
      ++diff.unchanged;
    else
      diff.changed.push_back({old, &op});
  }
  for (const PricedOp &op : baseline.ops) {
    auto &left = before[keyOf(op)];
    if (!llvm::is_contained(left, &op))
      continue;
    if (op.modeled && op.free)
      ++diff.freeVanished;
    else
      diff.vanished.push_back(&op);
  }
  return diff;
}
