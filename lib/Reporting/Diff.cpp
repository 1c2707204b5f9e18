//===- Diff.cpp - What a transformation bought ----------------------------===//

#include "mlsysim/Reporting/Diff.h"

#include "mlsysim/Reporting/JSONWriter.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlsysim;
using llvm::json::Array;
using llvm::json::Object;

/// "a -> b (+x%)".
static std::string change(double before, double after,
                          llvm::function_ref<std::string(double)> show) {
  return show(before) + " -> " + show(after) + formatChange(before, after);
}

void mlsysim::printDiff(const PricedProgram &baseline, const PricedProgram &now,
                        const ReportDiff &diff, ReportFormat format,
                        llvm::raw_ostream &os) {
  const PricedTotals &b = baseline.totals, &n = now.totals;
  if (format == ReportFormat::JSON) {
    auto ops = [](llvm::ArrayRef<const PricedOp *> list) {
      Array array;
      for (const PricedOp *op : list)
        array.push_back(Object{
            {"id", op->id},
            {"op", op->name},
            {"loc", op->loc},
            {"latency_s", op->modeled ? llvm::json::Value(op->roofline.latency)
                                      : llvm::json::Value(nullptr)}});
      return array;
    };
    Array changed;
    for (auto [old, op] : diff.changed)
      changed.push_back(Object{{"baseline_id", old->id},
                               {"id", op->id},
                               {"op", op->name},
                               {"loc", op->loc},
                               {"latency_s_before", old->roofline.latency},
                               {"latency_s_after", op->roofline.latency},
                               {"bytes_before", old->bytes().toJSON()},
                               {"bytes_after", op->bytes().toJSON()}});
    auto totals = [](const PricedTotals &t) {
      return Object{{"latency_s", t.latency},
                    {"bytes", (t.bytesRead + t.bytesWritten).toJSON()},
                    {"flops", t.flops.toJSON()},
                    {"launches", t.launches.toJSON()},
                    {"op_count", t.numOps}};
    };
    printJSON(
        llvm::json::Value(Object{{"schema", "mlsysim-diff/1"},
                                 {"hardware", now.hardware->id},
                                 {"baseline", diff.baselineName},
                                 {"before", totals(b)},
                                 {"after", totals(n)},
                                 {"vanished", ops(diff.vanished)},
                                 {"appeared", ops(diff.appeared)},
                                 {"free_vanished_count", diff.freeVanished},
                                 {"free_appeared_count", diff.freeAppeared},
                                 {"changed", std::move(changed)},
                                 {"unchanged_count", diff.unchanged}}),
        os);
    return;
  }
  os << "what changed against " << diff.baselineName << " on "
     << now.hardware->name << ":\n";
  os << "  predicted latency: " << change(b.latency, n.latency, [](double v) {
    return formatSeconds(v);
  }) << "\n";
  os << "  traffic: "
     << change((b.bytesRead + b.bytesWritten).toDouble(),
               (n.bytesRead + n.bytesWritten).toDouble(),
               [](double v) { return formatQuantity(v, "B"); })
     << "\n";
  os << "  work: "
     << change(b.flops.toDouble(), n.flops.toDouble(),
               [](double v) { return formatQuantity(v, "FLOP"); })
     << "\n";
  os << "  kernel launches: "
     << change(b.launches.toDouble(), n.launches.toDouble(),
               [](double v) { return formatShortest(v); })
     << "\n";
  os << "  ops: " << b.numOps << " -> " << n.numOps << "; "
     << diff.vanished.size() << " vanished, " << diff.appeared.size()
     << " appeared, " << diff.changed.size() << " changed, " << diff.unchanged
     << " unchanged (matched by location and op name)\n";
  if (diff.freeVanished + diff.freeAppeared > 0)
    os << "  not listed: " << formatCount(Count(diff.freeVanished), "free op")
       << " vanished, " << diff.freeAppeared
       << " appeared (no work and no traffic: constants, empty tensors)\n";
  auto show = [&](llvm::StringRef what, const PricedOp *op) {
    os << "  " << what << " #" << op->id << " " << op->name << " at "
       << op->loc;
    if (op->modeled)
      os << ": " << formatSeconds(op->roofline.latency);
    os << "\n";
  };
  for (const PricedOp *op : diff.vanished)
    show("vanished", op);
  for (const PricedOp *op : diff.appeared)
    show("appeared", op);
  for (auto [old, op] : diff.changed)
    os << "  changed #" << old->id << " -> #" << op->id << " " << op->name
       << " at " << op->loc << ": "
       << change(old->roofline.latency, op->roofline.latency,
                 [](double v) { return formatSeconds(v); })
       << ", "
       << change(old->bytes().toDouble(), op->bytes().toDouble(),
                 [](double v) { return formatQuantity(v, "B"); })
       << ", "
       << change((old->flops + old->intOps).toDouble(),
                 (op->flops + op->intOps).toDouble(),
                 [](double v) { return formatQuantity(v, "op"); })
       << "\n";
}
