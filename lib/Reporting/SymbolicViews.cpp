//===- SymbolicViews.cpp - The formulas in the report's views -------------===//

#include "mlsysim/Reporting/SymbolicViews.h"

#include "mlsysim/Reporting/Units.h"

using namespace mlsysim;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

/// A count in the report's FLOP convention (`ops` counts each of its `macs`
/// twice).
static SymExpr inConvention(const SymExpr &ops, const SymExpr &macs,
                            FlopConvention convention) {
  return convention == FlopConvention::MAC ? ops - macs : ops;
}

/// The five counts a view prints, by key.
static llvm::SmallVector<std::pair<llvm::StringLiteral, SymExpr>, 5>
reportedCounts(const SymbolicCounts &counts, FlopConvention convention) {
  return {{"flops", inConvention(counts.flops, counts.macs, convention)},
          {"int_ops", inConvention(counts.intOps, counts.intMacs, convention)},
          {"transcendentals", counts.transcendentals},
          {"bytes_read", counts.bytesRead},
          {"bytes_written", counts.bytesWritten}};
}

static std::string symbolName(const PricedProgram &report, unsigned symbol) {
  return report.symbolic->getNames()[symbol];
}

static Array crossoversToJSON(const PricedProgram &report,
                              llvm::ArrayRef<SymbolicCrossover> crossovers) {
  Array array;
  for (const SymbolicCrossover &c : crossovers)
    array.push_back(Object{{"symbol", symbolName(report, c.symbol)},
                           {"below", stringifyBound(c.below)},
                           {"bound", stringifyBound(c.from)},
                           {"from", c.value}});
  return array;
}

Object mlsysim::symbolsToJSON(const PricedProgram &report) {
  Object symbols;
  const SymbolicSizes &sizes = report.symbolic->getSizes();
  for (unsigned symbol : report.symbolic->getUsedSymbols()) {
    const SizeSymbol &entry = sizes.getSymbols()[symbol];
    std::string source = entry.source;
    // The sources the program requires to equal it.
    std::string same;
    for (auto [id, other] : llvm::enumerate(sizes.getSymbols()))
      if (id != symbol && sizes.getRepresentative(id) == symbol)
        same += (same.empty() ? "" : ", ") + other.sourceName;
    if (!same.empty())
      source += "; the same size as " + same;
    if (entry.name != entry.sourceName)
      source = entry.sourceName + ": " + source;
    symbols[entry.name] = source;
  }
  return symbols;
}

Object mlsysim::symbolicOpToJSON(const PricedProgram &report, unsigned id) {
  const SymbolicOp &op = report.symbolic->getOps()[id];
  Object object;
  if (!op.expressible) {
    object["reason"] = op.reason;
    return object;
  }
  for (auto &[key, expr] : reportedCounts(op.counts, report.options.convention))
    object[key] = report.symbolic->format(expr);
  if (!report.findings.ops.empty() && !report.findings.ops[id].empty())
    object["crossovers"] = crossoversToJSON(report, report.findings.ops[id]);
  return object;
}

Value mlsysim::symbolicFunctionToJSON(const PricedProgram &report,
                                      llvm::StringRef name) {
  const SymbolicFunction *func = report.symbolic->getFunction(name);
  if (!func)
    return nullptr;
  Object object;
  for (auto &[key, expr] :
       reportedCounts(func->counts, report.options.convention))
    object[key] = report.symbolic->format(expr);
  object["argument_bytes"] =
      func->hasPeak ? Value(report.symbolic->format(func->argumentBytes))
                    : Value(nullptr);
  object["peak_bytes"] = func->hasPeak
                             ? Value(report.symbolic->format(func->peakBytes))
                             : Value(nullptr);
  object["left_out"] = func->leftOut.size();
  if (auto it = report.findings.functions.find(name.str());
      it != report.findings.functions.end())
    object["crossovers"] = crossoversToJSON(report, it->second);
  Array fits;
  if (auto it = report.findings.fits.find(name.str());
      it != report.findings.fits.end())
    for (const SymbolicFit &fit : it->second)
      fits.push_back(Object{
          {"symbol", symbolName(report, fit.symbol)},
          {"largest", fit.largest ? Value(*fit.largest) : Value(nullptr)},
          {"unbounded", fit.unbounded}});
  object["fits"] = std::move(fits);
  return object;
}

/// An op's crossover: "compute term exceeds the memory term from B >= 37".
static std::string describeOpCrossover(const PricedProgram &report,
                                       const SymbolicCrossover &c) {
  return (stringifyBound(c.from) + " term exceeds the " +
          stringifyBound(c.below) + " term from " +
          symbolName(report, c.symbol) + " >= " + std::to_string(c.value))
      .str();
}

/// A function's crossover, each op its own kernel.
static std::string describeFunctionCrossover(const PricedProgram &report,
                                             const SymbolicCrossover &c) {
  Bound other = c.from == Bound::Compute ? Bound::Memory : Bound::Compute;
  std::string text =
      (stringifyBound(c.from) + "-bound time exceeds " + stringifyBound(other) +
       "-bound time from " + symbolName(report, c.symbol) +
       " >= " + std::to_string(c.value))
          .str();
  if (c.below == Bound::Overhead)
    text += " (below, launches take the most time)";
  return text;
}

/// `key = formula` of the non-zero counts, joined by "; ".
static std::string joinCounts(const SymbolicCostAnalysis &symbolic,
                              llvm::ArrayRef<llvm::StringLiteral> keys,
                              const SymbolicCounts &counts,
                              FlopConvention convention) {
  std::string text;
  for (auto &[key, expr] : reportedCounts(counts, convention)) {
    if (!llvm::is_contained(keys, key) ||
        (expr.isConstant() && expr.getConstant() == SymExpr::Int(0)))
      continue;
    text +=
        (text.empty() ? "" : "; ") + key.str() + " = " + symbolic.format(expr);
  }
  return text;
}

void mlsysim::printSymbolicText(const PricedProgram &report,
                                llvm::raw_ostream &os) {
  if (!report.symbolic || !report.symbolic->isDynamic())
    return;
  const SymbolicCostAnalysis &symbolic = *report.symbolic;
  const SymbolicSizes &sizes = symbolic.getSizes();
  FlopConvention convention = report.options.convention;
  os << "\nformulas of the dynamic sizes (grammar: docs/report-json.md"
     << (report.options.allOps ? "" : "; ops=all gives every op's") << "):\n";
  for (unsigned symbol : symbolic.getUsedSymbols()) {
    const SizeSymbol &entry = sizes.getSymbols()[symbol];
    unsigned same = 0;
    for (unsigned id = 0; id < sizes.getSymbols().size(); ++id)
      same += id != symbol && sizes.getRepresentative(id) == symbol;
    os << "  " << entry.name << " = "
       << (entry.name != entry.sourceName ? entry.sourceName + ", " : "")
       << entry.source;
    if (same)
      os << " (and " << same << " more source" << (same > 1 ? "s" : "")
         << " the program requires equal to it)";
    os << "\n";
  }
  for (const SymbolicFunction &func : symbolic.getFunctions()) {
    if (!func.dynamic)
      continue;
    std::string work =
        joinCounts(symbolic, {"flops", "int_ops", "transcendentals"},
                   func.counts, convention);
    std::string traffic = joinCounts(symbolic, {"bytes_read", "bytes_written"},
                                     func.counts, convention);
    os << "  @" << func.name
       << " (its ops as written): " << (work.empty() ? "no arithmetic" : work)
       << "\n";
    if (!traffic.empty())
      os << "    " << traffic << "\n";
    if (func.hasPeak) {
      os << "    peak memory = " << symbolic.format(func.peakBytes) << " bytes";
      if (auto it = report.findings.fits.find(func.name);
          it != report.findings.fits.end())
        for (const SymbolicFit &fit : it->second) {
          std::string name = symbolName(report, fit.symbol);
          os << "; fits " << report.hardware->id << " ("
             << formatQuantity(report.hardware->memoryCapacityBytes.value, "B")
             << ") ";
          if (!fit.largest)
            os << "at no " << name;
          else if (fit.unbounded)
            os << "at every " << name << " up to " << *fit.largest;
          else
            os << "up to " << name << " = " << *fit.largest;
        }
      os << "\n";
    }
    if (auto it = report.findings.functions.find(func.name);
        it != report.findings.functions.end())
      for (const SymbolicCrossover &c : it->second)
        os << "    " << describeFunctionCrossover(report, c) << " on "
           << report.hardware->id << ", each op its own kernel\n";
    if (!func.leftOut.empty()) {
      const SymbolicOp &first = symbolic.getOps()[func.leftOut.front()];
      os << "    left out of these sums: " << func.leftOut.size()
         << " ops no formula expresses (first: "
         << report.ops[func.leftOut.front()].name << " at "
         << report.ops[func.leftOut.front()].loc << ", " << first.reason
         << ")\n";
    }
  }
  if (!report.options.allOps)
    return;
  // Every op with dynamic sizes, in program order.
  for (const PricedOp &op : report.ops) {
    const SymbolicOp &formulas = symbolic.getOps()[op.id];
    if (formulas.expressible && !formulas.dynamic)
      continue;
    os << "  #" << op.id << " " << op.name << " at " << op.loc << ": ";
    if (!formulas.expressible) {
      os << "no formula (" << formulas.reason << ")\n";
      continue;
    }
    os << joinCounts(
        symbolic,
        {"flops", "int_ops", "transcendentals", "bytes_read", "bytes_written"},
        formulas.counts, convention);
    for (const SymbolicCrossover &c : report.findings.ops[op.id])
      os << "; " << describeOpCrossover(report, c);
    os << "\n";
  }
}
