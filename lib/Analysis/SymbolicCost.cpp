//===- SymbolicCost.cpp - Costs as formulas of the dynamic sizes ----------===//

#include "mlsysim/Analysis/SymbolicCost.h"

#include "mlsysim/Analysis/PeakMemory.h"
#include "mlsysim/Interfaces/DynamicSizes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/STLExtras.h"

#include <numeric>

using namespace mlsysim;
using namespace mlir;
using Int = SymExpr::Int;

//===----------------------------------------------------------------------===//
// Counts
//===----------------------------------------------------------------------===//

namespace {
/// The fields of SymbolicCounts, in one order (every loop over them).
constexpr std::array<SymExpr SymbolicCounts::*, 7> kCountFields = {
    &SymbolicCounts::flops,           &SymbolicCounts::macs,
    &SymbolicCounts::intOps,          &SymbolicCounts::intMacs,
    &SymbolicCounts::transcendentals, &SymbolicCounts::bytesRead,
    &SymbolicCounts::bytesWritten};
/// The same fields of an OpCost.
constexpr std::array<Count OpCost::*, 7> kCostFields = {
    &OpCost::flops,           &OpCost::macs,
    &OpCost::intOps,          &OpCost::intMacs,
    &OpCost::transcendentals, &OpCost::bytesRead,
    &OpCost::bytesWritten};
} // namespace

void SymbolicCounts::add(const SymbolicCounts &other) {
  for (auto field : kCountFields)
    this->*field = this->*field + other.*field;
}

SymbolicCounts SymbolicCounts::scaled(const SymExpr &times) const {
  SymbolicCounts result;
  for (auto field : kCountFields)
    result.*field = this->*field * times;
  return result;
}

bool SymbolicCounts::isValid() const {
  return llvm::all_of(kCountFields,
                      [&](auto field) { return (this->*field).isValid(); });
}

static SymExpr fromCount(const Count &count) {
  return count.isExact() ? SymExpr::constant(count.getExact())
                         : SymExpr::invalid();
}

//===----------------------------------------------------------------------===//
// Exact interpolation
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kNoPolynomial =
    "its counts are no polynomial of its sizes";

namespace {
/// A rational with 128-bit parts, always reduced, denominator positive.
struct Rational {
  Int num = 0, den = 1;
  bool ok = true;

  static Int gcd(Int a, Int b) {
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b != 0) {
      Int t = a % b;
      a = b;
      b = t;
    }
    return a;
  }
  static Rational make(Int num, Int den, bool ok = true) {
    Rational r;
    r.ok = ok && den != 0;
    if (!r.ok)
      return r;
    if (den < 0) {
      num = -num;
      den = -den;
    }
    Int g = gcd(num, den);
    r.num = g ? num / g : 0;
    r.den = g ? den / g : 1;
    return r;
  }
  Rational operator+(const Rational &o) const {
    Int g = gcd(den, o.den);
    Int a = 0, b = 0, n = 0, d = 1;
    bool bad = __builtin_mul_overflow(num, o.den / g, &a) ||
               __builtin_mul_overflow(o.num, den / g, &b) ||
               __builtin_add_overflow(a, b, &n) ||
               __builtin_mul_overflow(den / g, o.den, &d);
    return make(n, d, ok && o.ok && !bad);
  }
  Rational operator*(const Rational &o) const {
    Int g1 = gcd(num, o.den), g2 = gcd(o.num, den);
    g1 = g1 ? g1 : 1;
    g2 = g2 ? g2 : 1;
    Int n = 0, d = 1;
    bool bad = __builtin_mul_overflow(num / g1, o.num / g2, &n) ||
               __builtin_mul_overflow(den / g2, o.den / g1, &d);
    return make(n, d, ok && o.ok && !bad);
  }
  bool isZero() const { return ok && num == 0; }
};

/// The node values of the interpolation: away from 0 and 1, which rules may
/// treat as special (unit dimensions), and spaced apart. With `aligned`,
/// multiples of 8, at which a tensor of sub-byte elements fills whole bytes.
int64_t nodeValue(unsigned m, bool aligned = false) {
  return aligned ? 8 * (static_cast<int64_t>(m) + 1)
                 : 4 + 3 * static_cast<int64_t>(m);
}

/// Coefficients of the Lagrange basis polynomial of node `i` among the first
/// `count` nodes (ascending powers).
std::vector<Rational> lagrangeBasis(unsigned i, unsigned count, bool aligned) {
  std::vector<Rational> poly = {Rational::make(1, 1)};
  for (unsigned m = 0; m < count; ++m) {
    if (m == i)
      continue;
    Rational scale =
        Rational::make(1, nodeValue(i, aligned) - nodeValue(m, aligned));
    // poly *= (z - x_m) * scale
    std::vector<Rational> next(poly.size() + 1, Rational::make(0, 1));
    for (size_t e = 0; e < poly.size(); ++e) {
      next[e + 1] = next[e + 1] + poly[e] * scale;
      next[e] =
          next[e] + poly[e] * Rational::make(-nodeValue(m, aligned), 1) * scale;
    }
    poly = std::move(next);
  }
  return poly;
}

/// What the counting rule gives at one point: the seven counts (bytes read
/// without its gathers), the four extents of the matrix problem (absent:
/// -1), and each gather's reads and tensor elements.
using Sample = llvm::SmallVector<Int, 16>;
constexpr size_t kFirstGather = 11;

/// Sizes for the rules while probing: each distinct formula of a size the
/// rule reads is a variable, set independently.
class ProbeSizes : public SizeResolver {
public:
  /// `formulas`: each size's normalized formula, shared by every op's probe
  /// (ops read the same values).
  using Formulas = llvm::DenseMap<std::pair<Value, int64_t>, SymExpr>;
  ProbeSizes(SymbolicSizes &sizes, Formulas &formulas, bool aligned)
      : sizes(sizes), formulas(formulas), aligned(aligned) {}

  int64_t getSize(Value value, int64_t dim) override {
    auto shaped = cast<ShapedType>(value.getType());
    if (!shaped.isDynamicDim(dim))
      return shaped.getDimSize(dim);
    auto [it, inserted] = formulas.try_emplace({value, dim});
    if (inserted)
      it->second = sizes.normalize(sizes.getSize(value, dim));
    const SymExpr &formula = it->second;
    if (std::optional<Int> constant = formula.getConstant()) {
      if (*constant >= 0 && *constant <= INT64_MAX)
        return static_cast<int64_t>(*constant);
      failed = true;
      return 1;
    }
    auto found = llvm::find(variables, formula);
    size_t index = found - variables.begin();
    if (found == variables.end()) {
      if (!recording) {
        // The rule read a size it did not read at the first point.
        failed = true;
        return 1;
      }
      variables.push_back(formula);
      values.push_back(nodeValue(0, aligned));
      queries.push_back(0);
    }
    if (recording)
      ++queries[index];
    return values[index];
  }

  SymbolicSizes &sizes;
  Formulas &formulas;
  std::vector<SymExpr> variables;
  std::vector<int64_t> values;
  std::vector<unsigned> queries;
  bool aligned;
  bool recording = true, failed = false;
};

/// The sample of `cost`, or none when a count is not an exact integer.
std::optional<Sample> toSample(const OpCost &cost) {
  Sample sample(kFirstGather + 2 * cost.gathers.size());
  for (auto [index, field] : llvm::enumerate(kCostFields)) {
    const Count &count = cost.*field;
    if (!count.isExact())
      return std::nullopt;
    sample[index] = count.getExact();
  }
  // Bytes read apart from the gathers (each a minimum).
  for (auto [index, gather] : llvm::enumerate(cost.gathers)) {
    if (!gather.reads.isExact() || !gather.elements.isExact())
      return std::nullopt;
    Count read = gather.reads.getExact() < gather.elements.getExact()
                     ? gather.reads
                     : gather.elements;
    sample[5] -= CostContext::bytesFor(read, gather.bits).getExact();
    sample[kFirstGather + 2 * index] = gather.reads.getExact();
    sample[kFirstGather + 2 * index + 1] = gather.elements.getExact();
  }
  std::array<double, 4> extents = {-1, -1, -1, -1};
  if (cost.matrixShape)
    extents = {cost.matrixShape->batch, cost.matrixShape->m,
               cost.matrixShape->n, cost.matrixShape->k};
  for (auto [index, extent] : llvm::enumerate(extents)) {
    if (extent != std::floor(extent) || std::fabs(extent) > 1e18)
      return std::nullopt;
    sample[7 + index] = static_cast<Int>(extent);
  }
  return sample;
}
/// One op's counting rule, run with the sizes it reads (its variables) set
/// to chosen values.
class RuleProbe {
public:
  RuleProbe(Operation *op, const OpCostRecord &record, const CostContext &base,
            SymbolicSizes &sizes, ProbeSizes::Formulas &formulas, bool aligned)
      : op(op), record(record), probe(sizes, formulas, aligned),
        // The roles' what-if types too: a weight priced at
        // precision=weights:i4 in the report is priced so in its formula.
        context(base.getOptions(), base.getDataLayout(), &probe,
                base.getPrecision(), base.getRoleTypes()) {}

  /// The rule at the first node, recording the variables it reads; later
  /// runs only set them.
  OpCost runFirst() {
    OpCost cost = computeOpCost(op, context, record.indexingMaps);
    probe.recording = false;
    return cost;
  }
  /// Whether the last run read a size it could not be given.
  bool readFailed() const { return probe.failed; }
  llvm::ArrayRef<SymExpr> getVariables() const { return probe.variables; }
  /// How many times the first run read each variable.
  llvm::ArrayRef<unsigned> getQueries() const { return probe.queries; }

  /// The sample at `point` (a value per variable), or none where the rule
  /// gives no exact count, or another number of outputs (gathers) than
  /// `outputs`.
  std::optional<Sample> at(const std::vector<int64_t> &point) {
    if (auto it = memo.find(point); it != memo.end())
      return it->second;
    probe.values = point;
    probe.failed = false;
    OpCost cost = computeOpCost(op, context, record.indexingMaps);
    if (!cost.modeled || probe.failed)
      return std::nullopt;
    std::optional<Sample> sample = toSample(cost);
    if (!sample || sample->size() != outputs)
      return std::nullopt;
    memo[point] = *sample;
    return sample;
  }

  /// The number of outputs of every sample (set from the first).
  size_t outputs = 0;

private:
  Operation *op;
  const OpCostRecord &record;
  ProbeSizes probe;
  CostContext context;
  std::map<std::vector<int64_t>, Sample> memo;
};

/// A polynomial in the variables with a rational coefficient per output for
/// each exponent vector of its grid (each variable's exponent up to its
/// degree).
struct Polynomial {
  std::vector<unsigned> degree;
  /// The grid's exponent vectors, the first variable's varying fastest.
  std::vector<std::vector<unsigned>> exponents;
  /// By position in `exponents`, then by output.
  std::vector<std::vector<Rational>> coefficients;

  /// Its value for `output` at `point`.
  Rational evaluate(llvm::ArrayRef<int64_t> point, size_t output) const {
    Rational sum = Rational::make(0, 1);
    for (auto [e, exponent] : llvm::enumerate(exponents)) {
      Rational term = coefficients[e][output];
      for (size_t j = 0; j < exponent.size(); ++j)
        for (unsigned p = 0; p < exponent[j]; ++p)
          term = term * Rational::make(point[j], 1);
      sum = sum + term;
    }
    return sum;
  }

  /// The formula of `output`, each variable replaced by its formula: over
  /// the common denominator, rounded up with `aligned` (whole bytes), else
  /// down.
  SymExpr toFormula(size_t output, llvm::ArrayRef<SymExpr> variables,
                    bool aligned) const {
    Int denominator = 1;
    for (const auto &c : coefficients) {
      Int den = c[output].den;
      denominator = denominator / Rational::gcd(denominator, den) * den;
    }
    SymExpr sum;
    for (auto [e, exponent] : llvm::enumerate(exponents)) {
      const Rational &c = coefficients[e][output];
      if (c.isZero())
        continue;
      SymExpr term = SymExpr::constant(c.num * (denominator / c.den));
      for (size_t j = 0; j < exponent.size(); ++j)
        for (unsigned p = 0; p < exponent[j]; ++p)
          term = term * variables[j];
      sum = sum + term;
    }
    return aligned ? SymExpr::ceilDiv(sum, SymExpr::constant(denominator))
                   : SymExpr::floorDiv(sum, SymExpr::constant(denominator));
  }
};
} // namespace

/// The degree of the rule's counts in each variable, along its axis: the
/// highest order of divided difference that does not vanish. A rule reads a
/// size once per factor, so its reads bound the degree. None where the rule
/// gives no count.
static std::optional<std::vector<unsigned>> findDegrees(RuleProbe &rule,
                                                        bool aligned) {
  size_t n = rule.getVariables().size();
  std::vector<unsigned> degree(n, 0);
  std::vector<int64_t> baseline(n, nodeValue(0, aligned));
  for (size_t j = 0; j < n; ++j) {
    unsigned bound = std::min(rule.getQueries()[j], 8u);
    std::vector<Sample> line;
    for (unsigned m = 0; m <= bound; ++m) {
      std::vector<int64_t> point = baseline;
      point[j] = nodeValue(m, aligned);
      std::optional<Sample> sample = rule.at(point);
      if (!sample)
        return std::nullopt;
      line.push_back(*sample);
    }
    // Divided differences over equally spaced nodes: plain differences.
    for (unsigned order = 1; order <= bound; ++order) {
      for (unsigned m = 0; m + order <= bound; ++m)
        for (size_t o = 0; o < line[m].size(); ++o)
          line[m][o] = line[m + 1][o] - line[m][o];
      for (unsigned m = 0; m + order <= bound; ++m)
        if (llvm::any_of(line[m], [](Int v) { return v != 0; }))
          degree[j] = order;
    }
  }
  return degree;
}

/// The polynomial of `degree` through the rule's samples on the grid of
/// nodes, by Lagrange's formula; none, with `why`, when the grid is too
/// large, a node has no sample, or a coefficient leaves 127 bits.
static std::optional<Polynomial> interpolate(RuleProbe &rule,
                                             std::vector<unsigned> degree,
                                             bool aligned, std::string &why) {
  size_t n = degree.size();
  Polynomial poly;
  size_t gridSize = 1;
  for (unsigned d : degree) {
    gridSize *= d + 1;
    if (gridSize > 512) {
      why = "its counts depend on too many sizes at once";
      return std::nullopt;
    }
  }
  std::vector<unsigned> exponent(n, 0);
  for (size_t e = 0; e < gridSize; ++e) {
    poly.exponents.push_back(exponent);
    for (size_t j = 0; j < n && ++exponent[j] > degree[j]; ++j)
      exponent[j] = 0;
  }
  std::vector<std::vector<std::vector<Rational>>> basis(n);
  for (size_t j = 0; j < n; ++j)
    for (unsigned i = 0; i <= degree[j]; ++i)
      basis[j].push_back(lagrangeBasis(i, degree[j] + 1, aligned));
  poly.coefficients.assign(
      gridSize, std::vector<Rational>(rule.outputs, Rational::make(0, 1)));
  // The nodes run over the same grid as the exponents.
  for (const std::vector<unsigned> &node : poly.exponents) {
    std::vector<int64_t> point(n);
    for (size_t j = 0; j < n; ++j)
      point[j] = nodeValue(node[j], aligned);
    std::optional<Sample> sample = rule.at(point);
    if (!sample) {
      why = "its rule gives no count at some sizes";
      return std::nullopt;
    }
    // Add sample * prod_j basis[j][node_j] to every exponent vector.
    for (auto [e, exponent] : llvm::enumerate(poly.exponents)) {
      Rational weight = Rational::make(1, 1);
      for (size_t j = 0; j < n; ++j)
        weight = weight * basis[j][node[j]][exponent[j]];
      if (!weight.isZero())
        for (size_t o = 0; o < rule.outputs; ++o)
          poly.coefficients[e][o] = poly.coefficients[e][o] +
                                    weight * Rational::make((*sample)[o], 1);
    }
  }
  for (const auto &c : poly.coefficients)
    for (const Rational &r : c)
      if (!r.ok) {
        why = "its counts leave 127 bits";
        return std::nullopt;
      }
  poly.degree = std::move(degree);
  return poly;
}

/// Whether the polynomial gives the rule's counts off the nodes too: a rule
/// that is no polynomial of its sizes (a minimum, a rounding) is caught
/// here, with `why`.
static LogicalResult checkOffNodes(RuleProbe &rule, const Polynomial &poly,
                                   bool aligned, std::string &why) {
  size_t n = poly.degree.size();
  for (int64_t offset : {29, 53}) {
    std::vector<int64_t> point(n);
    for (size_t j = 0; j < n; ++j)
      point[j] = offset + 7 * static_cast<int64_t>(j);
    std::optional<Sample> sample = rule.at(point);
    if (!sample) {
      why = "its rule gives no count at some sizes";
      return failure();
    }
    for (size_t o = 0; o < rule.outputs; ++o) {
      Rational value = poly.evaluate(point, o);
      // Aligned, the polynomial holds at multiples of 8 and is rounded up
      // elsewhere.
      Int expected = !value.ok ? -1
                     : aligned && value.den > 1
                         ? -floorDivInt(-value.num, value.den)
                         : value.num;
      if (!value.ok || (!aligned && value.den != 1) ||
          expected != (*sample)[o]) {
        why = kNoPolynomial.str();
        return failure();
      }
    }
  }
  return success();
}

/// The counts of all outputs of `poly` (ordered as a Sample), each gather of
/// `first` read at most whole.
static SymbolicCounts toCounts(const Polynomial &poly,
                               llvm::ArrayRef<SymExpr> variables,
                               const OpCost &first, bool aligned) {
  auto toFormula = [&](size_t output) {
    return poly.toFormula(output, variables, aligned);
  };
  SymbolicCounts counts;
  for (auto [index, field] : llvm::enumerate(kCountFields))
    counts.*field = toFormula(index);
  // Each gather reads at most its tensor: a minimum of two formulas.
  for (auto [index, gather] : llvm::enumerate(first.gathers)) {
    SymExpr read = SymExpr::min(toFormula(kFirstGather + 2 * index),
                                toFormula(kFirstGather + 2 * index + 1));
    counts.bytesRead =
        counts.bytesRead +
        SymExpr::ceilDiv(read * SymExpr::constant(gather.bits), 8);
  }
  return counts;
}

/// The formulas of one op's counts, interpolated from its rule. With
/// `aligned`, at sizes that are multiples of 8 and rounded up to whole bytes
/// (a tensor of sub-byte elements takes ceil(bits / 8) bytes: one such
/// tensor per count is expressed exactly, and the check off the nodes says
/// whether that was all).
static SymbolicOp probeOp(Operation *op, const OpCostRecord &record,
                          const CostContext &base, SymbolicSizes &sizes,
                          ProbeSizes::Formulas &formulas, bool aligned) {
  SymbolicOp result;
  auto fail = [&](const std::string &why) {
    result.expressible = false;
    result.reason = why;
    return result;
  };
  RuleProbe rule(op, record, base, sizes, formulas, aligned);
  OpCost first = rule.runFirst();
  if (!first.modeled)
    return fail(first.reason);
  if (rule.readFailed())
    return fail("a size past 63 bits");
  for (const SymExpr &variable : rule.getVariables()) {
    std::string why;
    if (sizes.isOpaque(variable, &why))
      return fail("its sizes depend on " + why);
    if (variable.hasConditional())
      return fail("its sizes depend on a comparison of sizes");
  }
  result.prototype = first;
  result.prototype.opClass = classifyOp(op, first, record.indexingMaps);
  std::optional<Sample> origin = toSample(first);
  if (!origin)
    return fail("its counts are not exact integers (past 64 bits)");
  rule.outputs = origin->size();

  std::optional<std::vector<unsigned>> degree = findDegrees(rule, aligned);
  if (!degree)
    return fail("its rule gives no count at some sizes");
  std::string why;
  std::optional<Polynomial> poly =
      interpolate(rule, std::move(*degree), aligned, why);
  if (!poly || failed(checkOffNodes(rule, *poly, aligned, why)))
    return fail(why);

  // Each size replaced by its formula of the sources.
  result.counts = toCounts(*poly, rule.getVariables(), first, aligned);
  if ((*origin)[7] >= 0) {
    std::array<SymExpr, 4> shape;
    for (size_t i = 0; i < 4; ++i)
      shape[i] = poly->toFormula(7 + i, rule.getVariables(), aligned);
    result.matrixShape = shape;
  }
  result.expressible = result.counts.isValid();
  if (!result.expressible)
    result.reason = "its counts leave 127 bits";
  return result;
}

/// The trip counts of the loops around `op` that the analysis could not
/// count (bounds that are sizes), as a formula; none with `why` when a bound
/// is no formula of the sources.
static std::optional<SymExpr>
getDynamicTrips(Operation *op, SymbolicSizes &sizes, std::string &why) {
  SymExpr trips(1);
  for (Operation *parent = op->getParentOp();
       parent && !isa<FunctionOpInterface>(parent);
       parent = parent->getParentOp()) {
    auto loop = dyn_cast<LoopLikeOpInterface>(parent);
    if (!loop)
      continue;
    std::optional<SmallVector<OpFoldResult>> lbs = loop.getLoopLowerBounds();
    std::optional<SmallVector<OpFoldResult>> ubs = loop.getLoopUpperBounds();
    std::optional<SmallVector<OpFoldResult>> steps = loop.getLoopSteps();
    if (!lbs || !ubs || !steps || lbs->size() != ubs->size() ||
        lbs->size() != steps->size()) {
      why = "a loop whose trip count has no bounds to read";
      return std::nullopt;
    }
    // Loops with constant bounds are in the analysis's multiplier already.
    auto isConstant = [](OpFoldResult r) {
      return getConstantIntValue(r).has_value();
    };
    if (llvm::all_of(*lbs, isConstant) && llvm::all_of(*ubs, isConstant) &&
        llvm::all_of(*steps, [](OpFoldResult r) {
          std::optional<int64_t> v = getConstantIntValue(r);
          return v && *v > 0;
        }))
      continue;
    auto formula = [&](OpFoldResult r) {
      if (std::optional<int64_t> v = getConstantIntValue(r))
        return SymExpr::constant(*v);
      return sizes.normalize(sizes.getScalar(cast<Value>(r)));
    };
    for (auto [lb, ub, step] : llvm::zip_equal(*lbs, *ubs, *steps)) {
      SymExpr count = SymExpr::max(
          SymExpr::ceilDiv(formula(ub) - formula(lb), formula(step)),
          SymExpr());
      std::string opaque;
      if (!count.isValid() || sizes.isOpaque(count, &opaque) ||
          count.hasConditional()) {
        why = "a loop whose trip count depends on " +
              (opaque.empty() ? std::string("data") : opaque);
        return std::nullopt;
      }
      trips = trips * count;
    }
  }
  return trips;
}

//===----------------------------------------------------------------------===//
// The analysis
//===----------------------------------------------------------------------===//

SymbolicCostAnalysis::SymbolicCostAnalysis(const CostAnalysis &analysis,
                                           Operation *root)
    : analysis(analysis), sizes(std::make_unique<SymbolicSizes>(root)) {}

llvm::Expected<std::unique_ptr<SymbolicCostAnalysis>>
SymbolicCostAnalysis::build(const CostAnalysis &analysis, Operation *root,
                            llvm::StringRef userNames) {
  std::unique_ptr<SymbolicCostAnalysis> result(
      new SymbolicCostAnalysis(analysis, root));
  if (llvm::Error error = result->sizes->setUserNames(userNames))
    return std::move(error);
  result->run(root);
  return result;
}

const SymbolicFunction *
SymbolicCostAnalysis::getFunction(llvm::StringRef name) const {
  for (const SymbolicFunction &func : functions)
    if (func.name == name)
      return &func;
  return nullptr;
}

/// Whether an op's operands or results have a dynamic size.
static bool hasDynamicShape(Operation *op) {
  auto dynamic = [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return shaped && (!shaped.hasRank() || !shaped.hasStaticShape());
  };
  return llvm::any_of(op->getOperandTypes(), dynamic) ||
         llvm::any_of(op->getResultTypes(), dynamic);
}

/// The formulas of an op the analysis counted with no size to set: its
/// counts, as constants.
static SymbolicOp constantFormulas(const OpCost &cost) {
  SymbolicOp op;
  op.expressible = true;
  op.prototype = cost;
  for (auto [field, costField] : llvm::zip_equal(kCountFields, kCostFields))
    op.counts.*field = fromCount(cost.*costField);
  if (cost.matrixShape) {
    const MatrixShape &shape = *cost.matrixShape;
    op.matrixShape = {SymExpr::constant(static_cast<Int>(shape.batch)),
                      SymExpr::constant(static_cast<Int>(shape.m)),
                      SymExpr::constant(static_cast<Int>(shape.n)),
                      SymExpr::constant(static_cast<Int>(shape.k))};
  }
  if (!op.counts.isValid()) {
    op.expressible = false;
    op.reason = "its counts are not exact integers (past 64 bits)";
  }
  return op;
}

/// The formulas of one record's counts, over all its executions.
static SymbolicOp formulasOf(const OpCostRecord &record,
                             const CostContext &context, SymbolicSizes &sizes,
                             ProbeSizes::Formulas &formulas) {
  SymbolicOp op;
  // Static ops keep the analysis's counts (the same rule, no size to set).
  // A dynamic binding (dynamic-dim=N) made the analysis bind sizes: those
  // ops are probed like unbound ones.
  bool probe = hasDynamicShape(record.op) || !record.cost.modeled ||
               record.unknownTripCountLoop;
  if (probe) {
    op = probeOp(record.op, record, context, sizes, formulas,
                 /*aligned=*/false);
    // Sub-byte elements round up to whole bytes per tensor: try again at
    // sizes where they fill whole bytes.
    if (!op.expressible && op.reason == kNoPolynomial) {
      SymbolicOp rounded = probeOp(record.op, record, context, sizes, formulas,
                                   /*aligned=*/true);
      if (rounded.expressible)
        op = std::move(rounded);
    }
  } else {
    op = constantFormulas(record.cost);
  }
  if (!op.expressible)
    return op;
  // How many times it runs: the analysis's multiplier (static loops,
  // repeats) and the trip counts of the loops bounded by sizes.
  std::string why;
  std::optional<SymExpr> trips = getDynamicTrips(record.op, sizes, why);
  if (!trips) {
    op.expressible = false;
    op.reason = why;
    return op;
  }
  op.multiplier = fromCount(record.multiplier) * *trips;
  // Stored over all executions; evaluate() divides back.
  op.counts = op.counts.scaled(op.multiplier);
  if (!op.counts.isValid()) {
    op.expressible = false;
    op.reason = "its counts leave 127 bits";
  }
  return op;
}

/// The most bytes alive at once: the maximum of the live sums after each op,
/// keeping only the sums no other is known to exceed. `bufferBytes` sizes
/// `live.buffers`, in its order.
static SymExpr peakLiveBytes(const LiveBuffers &live,
                             llvm::ArrayRef<SymExpr> bufferBytes) {
  std::vector<SymExpr> starting(live.order.size() + 1),
      ending(live.order.size() + 1);
  for (auto [buffer, bytes] : llvm::zip_equal(live.buffers, bufferBytes)) {
    starting[buffer.start] += bytes;
    ending[buffer.end] += bytes;
  }
  std::vector<SymExpr> candidates;
  SymExpr current;
  for (size_t i = 0; i < live.order.size(); ++i) {
    current += starting[i];
    auto covers = [](const SymExpr &a, const SymExpr &b) {
      SymSign sign = (a - b).getSign();
      return sign == SymSign::Positive || sign == SymSign::NonNegative ||
             sign == SymSign::Zero;
    };
    if (llvm::none_of(candidates,
                      [&](const SymExpr &c) { return covers(c, current); })) {
      llvm::erase_if(candidates,
                     [&](const SymExpr &c) { return covers(current, c); });
      candidates.push_back(current);
    }
    current = current - ending[i];
  }
  SymExpr peak;
  for (const SymExpr &candidate : candidates)
    peak = SymExpr::max(peak, candidate);
  return peak;
}

namespace {
/// Sums each function's op formulas and sizes its memory.
struct FunctionSummarizer {
  llvm::ArrayRef<OpCostRecord> records;
  llvm::ArrayRef<SymbolicOp> ops;
  const CostContext &context;
  SymbolicSizes &sizes;
  /// Record index by op.
  llvm::DenseMap<Operation *, unsigned> indexOf;

  FunctionSummarizer(llvm::ArrayRef<OpCostRecord> records,
                     llvm::ArrayRef<SymbolicOp> ops, const CostContext &context,
                     SymbolicSizes &sizes)
      : records(records), ops(ops), context(context), sizes(sizes) {
    for (auto [index, record] : llvm::enumerate(records))
      indexOf[record.op] = index;
  }

  /// `func`'s ops as written, and its memory.
  SymbolicFunction summarize(FunctionOpInterface func) const {
    SymbolicFunction summary;
    summary.name = func.getName().str();
    for (auto [index, record] : llvm::enumerate(records)) {
      if (record.funcName != summary.name)
        continue;
      const SymbolicOp &op = ops[index];
      if (!op.expressible) {
        summary.leftOut.push_back(index);
        continue;
      }
      summary.counts.add(op.counts);
    }
    addMemory(func, summary);
    return summary;
  }

private:
  /// Memory: the analysis's liveness, each buffer sized by its formula.
  void addMemory(FunctionOpInterface func, SymbolicFunction &summary) const {
    bool complete = true;
    for (BlockArgument arg : func.getArguments())
      if (isa<ShapedType>(arg.getType())) {
        SymExpr bytes = bytesOf(arg);
        complete &= bytes.isValid();
        summary.argumentBytes = summary.argumentBytes + bytes;
      }
    std::vector<SymExpr> bufferBytes; // In the order of live.buffers.
    LiveBuffers live = computeLiveBuffers(
        func,
        [&](Value value) {
          SymExpr bytes = bytesOf(value);
          if (!bytes.isValid())
            return false;
          bufferBytes.push_back(bytes);
          return true;
        },
        [&](Operation *op) { return movesNoData(op); });
    complete &= live.unsized == 0;
    summary.peakBytes =
        summary.argumentBytes + peakLiveBytes(live, bufferBytes);
    summary.hasPeak = complete && summary.peakBytes.isValid();
  }

  /// The bytes of `value`'s buffer; invalid when not a formula of the
  /// sources.
  SymExpr bytesOf(Value value) const {
    auto shaped = dyn_cast<ShapedType>(value.getType());
    if (!shaped || !shaped.hasRank())
      return SymExpr::invalid();
    std::optional<uint64_t> bits = context.elementBits(value);
    if (!bits)
      return SymExpr::invalid();
    SymExpr elements(1);
    for (int64_t dim = 0; dim < shaped.getRank(); ++dim)
      elements = elements * sizes.normalize(sizes.getSize(value, dim));
    SymExpr bytes = SymExpr::ceilDiv(
        elements * SymExpr::constant(static_cast<Int>(*bits)), 8);
    if (sizes.isOpaque(bytes) || bytes.hasConditional())
      return SymExpr::invalid();
    return bytes;
  }

  /// Whether `op` is a view (free): its results share its operand's buffer.
  bool movesNoData(Operation *op) const {
    auto it = indexOf.find(op);
    if (it == indexOf.end())
      return false;
    const SymbolicOp &sym = ops[it->second];
    const OpCostRecord &record = records[it->second];
    if (record.cost.modeled)
      return record.cost.isFree();
    return sym.expressible && llvm::all_of(kCountFields, [&](auto field) {
             return (sym.counts.*field).isConstant() &&
                    *(sym.counts.*field).getConstant() == 0;
           });
  }
};
} // namespace

/// Whether any of the counts mentions a symbol.
static bool mentionsSymbols(const SymbolicCounts &counts) {
  return llvm::any_of(
      kCountFields, [&](auto field) { return !(counts.*field).isConstant(); });
}

/// Adds the symbols `expr` mentions (representatives) to `used`.
static void collectSymbols(const SymExpr &expr, const SymbolicSizes &sizes,
                           llvm::SmallVectorImpl<unsigned> &used) {
  for (unsigned id : expr.getSymbols())
    used.push_back(sizes.getRepresentative(id));
}

/// Puts `op`'s formulas in normal form, adding the symbols they mention to
/// `used`.
static void normalizeOp(SymbolicOp &op, const SymbolicSizes &sizes,
                        llvm::SmallVectorImpl<unsigned> &used) {
  auto collect = [&](const SymExpr &expr) {
    collectSymbols(expr, sizes, used);
  };
  for (auto field : kCountFields) {
    op.counts.*field = sizes.normalize(op.counts.*field);
    collect(op.counts.*field);
  }
  op.multiplier = sizes.normalize(op.multiplier);
  collect(op.multiplier);
  if (op.matrixShape)
    for (SymExpr &extent : *op.matrixShape)
      extent = sizes.normalize(extent);
  op.dynamic = mentionsSymbols(op.counts);
}

/// Puts `func`'s formulas in normal form, adding the symbols its counts and
/// peak mention to `used`.
static void normalizeFunction(SymbolicFunction &func,
                              const SymbolicSizes &sizes,
                              llvm::SmallVectorImpl<unsigned> &used) {
  auto collect = [&](const SymExpr &expr) {
    collectSymbols(expr, sizes, used);
  };
  for (auto field : kCountFields)
    func.counts.*field = sizes.normalize(func.counts.*field);
  func.peakBytes = sizes.normalize(func.peakBytes);
  func.argumentBytes = sizes.normalize(func.argumentBytes);
  func.dynamic = !func.leftOut.empty() || mentionsSymbols(func.counts) ||
                 (func.hasPeak && !func.peakBytes.isConstant());
  for (auto field : kCountFields)
    collect(func.counts.*field);
  if (func.hasPeak)
    collect(func.peakBytes);
}

void SymbolicCostAnalysis::run(Operation *root) {
  CostContext context = analysis.getContext();
  llvm::ArrayRef<OpCostRecord> records = analysis.getRecords();
  ops.reserve(records.size());
  ProbeSizes::Formulas formulas;
  for (const OpCostRecord &record : records)
    ops.push_back(formulasOf(record, context, *sizes, formulas));

  // Functions: their ops as written, and their memory.
  FunctionSummarizer summarizer(records, ops, context, *sizes);
  root->walk<WalkOrder::PreOrder>([&](FunctionOpInterface func) {
    if (!func.isExternal())
      functions.push_back(summarizer.summarize(func));
    return WalkResult::skip();
  });

  // The symbols in use, their printed names, and whether anything depends on
  // them.
  names = sizes->getNames();
  llvm::SmallVector<unsigned> used;
  for (SymbolicOp &op : ops)
    if (op.expressible)
      normalizeOp(op, *sizes, used);
  for (SymbolicFunction &func : functions) {
    normalizeFunction(func, *sizes, used);
    dynamic |= func.dynamic;
  }
  llvm::sort(used);
  used.erase(std::unique(used.begin(), used.end()), used.end());
  usedSymbols.assign(used.begin(), used.end());
  dynamic |= !usedSymbols.empty();
}

std::optional<Count>
SymbolicCostAnalysis::evaluate(const SymExpr &expr,
                               const SymbolBinding &binding) const {
  std::optional<Int> value =
      expr.evaluate([&](unsigned id) -> std::optional<int64_t> {
        auto it = binding.find(sizes->getRepresentative(id));
        return it == binding.end() ? 1 : it->second;
      });
  if (!value || *value < 0)
    return std::nullopt;
  if (*value <= static_cast<Int>(UINT64_MAX))
    return Count(static_cast<uint64_t>(*value));
  return Count::fromDouble(static_cast<double>(*value));
}

std::optional<OpCost>
SymbolicCostAnalysis::evaluate(unsigned index, const SymbolBinding &binding,
                               Count &multiplier) const {
  const SymbolicOp &op = ops[index];
  if (!op.expressible)
    return std::nullopt;
  std::optional<Count> runs = evaluate(op.multiplier, binding);
  if (!runs)
    return std::nullopt;
  multiplier = *runs;
  OpCost cost = op.prototype;
  cost.modeled = true;
  // Strided reads are sized at the prototype's binding, not in symbols:
  // left out rather than priced at the wrong size (docs/cost-model.md).
  cost.stridedOperands.clear();
  // What-if precision: floating-point arithmetic runs at its rate (as the
  // analysis sets it on its records).
  if (Type precision = analysis.getContext().getPrecision())
    if (isa_and_nonnull<FloatType>(cost.elementType))
      cost.elementType = precision;
  for (auto [field, costField] : llvm::zip_equal(kCountFields, kCostFields)) {
    std::optional<Count> total = evaluate(op.counts.*field, binding);
    if (!total)
      return std::nullopt;
    // Over all executions: one execution's share.
    cost.*costField =
        runs->isZero() || !total->isExact() || !runs->isExact()
            ? Count::fromDouble(
                  runs->isZero() ? 0.0 : total->toDouble() / runs->toDouble())
            : Count(total->getExact() / runs->getExact());
  }
  if (op.matrixShape) {
    std::array<double, 4> extents;
    for (size_t i = 0; i < 4; ++i) {
      std::optional<Count> extent = evaluate((*op.matrixShape)[i], binding);
      if (!extent)
        return std::nullopt;
      extents[i] = extent->toDouble();
    }
    cost.matrixShape =
        MatrixShape{extents[0], extents[1], extents[2], extents[3]};
  }
  return cost;
}
