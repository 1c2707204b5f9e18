//===- SymExpr.cpp - Integer formulas of dynamic sizes --------------------===//

#include "mlsysim/Support/SymExpr.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlsysim;
using Int = SymExpr::Int;

namespace {
enum AtomKind : unsigned {
  Symbol,
  FloorDiv,
  CeilDiv,
  Mod,
  Min,
  Max,
  Cmp,   // symbol: the SymPredicate
  Select // lhs ? rhs : third
};
} // namespace

struct SymExpr::Atom {
  unsigned kind = Symbol;
  /// The symbol's id, or a comparison's predicate.
  unsigned symbol = 0;
  SymExpr lhs, rhs, third;
};

Int mlsysim::floorDivInt(Int a, Int b) {
  Int quotient = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --quotient;
  return quotient;
}

static bool addOverflows(Int a, Int b, Int &out) {
  return __builtin_add_overflow(a, b, &out);
}
static bool mulOverflows(Int a, Int b, Int &out) {
  return __builtin_mul_overflow(a, b, &out);
}

//===----------------------------------------------------------------------===//
// Order and equality
//===----------------------------------------------------------------------===//

static int compareAtoms(const SymExpr::Atom &a, const SymExpr::Atom &b) {
  if (a.kind != b.kind)
    return a.kind < b.kind ? -1 : 1;
  if (a.symbol != b.symbol)
    return a.symbol < b.symbol ? -1 : 1;
  if (a.kind == Symbol)
    return 0;
  if (int lhs = SymExpr::compare(a.lhs, b.lhs))
    return lhs;
  if (int rhs = SymExpr::compare(a.rhs, b.rhs))
    return rhs;
  return SymExpr::compare(a.third, b.third);
}

static int compareFactors(llvm::ArrayRef<SymExpr::Factor> a,
                          llvm::ArrayRef<SymExpr::Factor> b) {
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (a[i].atom != b[i].atom)
      if (int atoms = compareAtoms(*a[i].atom, *b[i].atom))
        return atoms;
    if (a[i].power != b[i].power)
      return a[i].power < b[i].power ? -1 : 1;
  }
  if (a.size() != b.size())
    return a.size() < b.size() ? -1 : 1;
  return 0;
}

int SymExpr::compare(const SymExpr &a, const SymExpr &b) {
  if (a.valid != b.valid)
    return a.valid ? -1 : 1;
  for (size_t i = 0; i < std::min(a.terms.size(), b.terms.size()); ++i) {
    if (int factors = compareFactors(a.terms[i].factors, b.terms[i].factors))
      return factors;
    if (a.terms[i].coefficient != b.terms[i].coefficient)
      return a.terms[i].coefficient < b.terms[i].coefficient ? -1 : 1;
  }
  if (a.terms.size() != b.terms.size())
    return a.terms.size() < b.terms.size() ? -1 : 1;
  return 0;
}

bool SymExpr::operator==(const SymExpr &other) const {
  return compare(*this, other) == 0;
}

static size_t hashAtom(const SymExpr::Atom &atom) {
  if (atom.kind == Symbol)
    return llvm::hash_combine(atom.kind, atom.symbol);
  return llvm::hash_combine(atom.kind, atom.symbol, atom.lhs.hash(),
                            atom.rhs.hash(), atom.third.hash());
}

size_t SymExpr::hash() const {
  llvm::hash_code code = llvm::hash_value(valid);
  for (const Term &term : terms) {
    code = llvm::hash_combine(code, static_cast<uint64_t>(term.coefficient),
                              static_cast<uint64_t>(term.coefficient >> 64));
    for (const Factor &factor : term.factors)
      code = llvm::hash_combine(code, hashAtom(*factor.atom), factor.power);
  }
  return code;
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

SymExpr SymExpr::invalid() {
  SymExpr expr;
  expr.valid = false;
  return expr;
}

SymExpr SymExpr::constant(Int value) {
  SymExpr expr;
  if (value != 0)
    expr.terms.push_back({value, {}});
  return expr;
}

SymExpr SymExpr::symbol(unsigned id) {
  auto atom = std::make_shared<Atom>();
  atom->kind = Symbol;
  atom->symbol = id;
  SymExpr expr;
  expr.terms.push_back({1, {{atom, 1}}});
  return expr;
}

SymExpr SymExpr::fromTerms(std::vector<Term> terms) {
  llvm::sort(terms, [](const Term &a, const Term &b) {
    return compareFactors(a.factors, b.factors) < 0;
  });
  SymExpr expr;
  for (Term &term : terms) {
    if (!expr.terms.empty() &&
        compareFactors(expr.terms.back().factors, term.factors) == 0) {
      if (addOverflows(expr.terms.back().coefficient, term.coefficient,
                       expr.terms.back().coefficient))
        return invalid();
      if (expr.terms.back().coefficient == 0)
        expr.terms.pop_back();
      continue;
    }
    if (term.coefficient != 0)
      expr.terms.push_back(std::move(term));
  }
  return expr;
}

SymExpr SymExpr::operator+(const SymExpr &other) const {
  if (!valid || !other.valid)
    return invalid();
  std::vector<Term> all(terms);
  all.insert(all.end(), other.terms.begin(), other.terms.end());
  return fromTerms(std::move(all));
}

SymExpr SymExpr::operator-(const SymExpr &other) const {
  return *this + other * SymExpr(-1);
}

/// The product of two monomials (factor lists sorted by atom).
static llvm::SmallVector<SymExpr::Factor, 2>
multiplyFactors(llvm::ArrayRef<SymExpr::Factor> a,
                llvm::ArrayRef<SymExpr::Factor> b) {
  llvm::SmallVector<SymExpr::Factor, 2> product;
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    int order = i == a.size()   ? 1
                : j == b.size() ? -1
                                : compareAtoms(*a[i].atom, *b[j].atom);
    if (order < 0) {
      product.push_back(a[i++]);
    } else if (order > 0) {
      product.push_back(b[j++]);
    } else {
      product.push_back({a[i].atom, a[i].power + b[j].power});
      ++i;
      ++j;
    }
  }
  return product;
}

SymExpr SymExpr::operator*(const SymExpr &other) const {
  if (!valid || !other.valid)
    return invalid();
  std::vector<Term> all;
  all.reserve(terms.size() * other.terms.size());
  for (const Term &a : terms)
    for (const Term &b : other.terms) {
      Term term;
      if (mulOverflows(a.coefficient, b.coefficient, term.coefficient))
        return invalid();
      term.factors = multiplyFactors(a.factors, b.factors);
      all.push_back(std::move(term));
    }
  return fromTerms(std::move(all));
}

SymExpr SymExpr::composite(unsigned kind, const SymExpr &a, const SymExpr &b) {
  return composite(kind, a, b, SymExpr(), 0);
}

SymExpr SymExpr::composite(unsigned kind, const SymExpr &a, const SymExpr &b,
                           const SymExpr &c, unsigned tag) {
  auto atom = std::make_shared<Atom>();
  atom->kind = kind;
  atom->symbol = tag;
  atom->lhs = a;
  atom->rhs = b;
  atom->third = c;
  SymExpr expr;
  expr.terms.push_back({1, {{atom, 1}}});
  return expr;
}

std::optional<Int> SymExpr::getConstant() const {
  if (!valid)
    return std::nullopt;
  if (terms.empty())
    return 0;
  if (terms.size() == 1 && terms.front().factors.empty())
    return terms.front().coefficient;
  return std::nullopt;
}

std::optional<unsigned> SymExpr::getSymbol() const {
  if (!valid || terms.size() != 1 || terms.front().coefficient != 1 ||
      terms.front().factors.size() != 1 ||
      terms.front().factors.front().power != 1 ||
      terms.front().factors.front().atom->kind != Symbol)
    return std::nullopt;
  return terms.front().factors.front().atom->symbol;
}

/// Whether monomial `b` divides monomial `a`; `quotient` is a / b then.
static bool divideFactors(llvm::ArrayRef<SymExpr::Factor> a,
                          llvm::ArrayRef<SymExpr::Factor> b,
                          llvm::SmallVector<SymExpr::Factor, 2> &quotient) {
  quotient.clear();
  size_t j = 0;
  for (const SymExpr::Factor &factor : a) {
    if (j < b.size() && compareAtoms(*factor.atom, *b[j].atom) == 0) {
      if (factor.power < b[j].power)
        return false;
      if (factor.power > b[j].power)
        quotient.push_back({factor.atom, factor.power - b[j].power});
      ++j;
      continue;
    }
    quotient.push_back(factor);
  }
  return j == b.size();
}

/// Splits `dividend` by a one-term `divisor`: the terms it divides exactly,
/// divided (`quotient`), and the rest (`remainder`).
static void splitByTerm(llvm::ArrayRef<SymExpr::Term> terms,
                        const SymExpr::Term &divisor,
                        std::vector<SymExpr::Term> &quotient,
                        std::vector<SymExpr::Term> &remainder) {
  for (const SymExpr::Term &term : terms) {
    SymExpr::Term divided;
    if (term.coefficient % divisor.coefficient == 0 &&
        divideFactors(term.factors, divisor.factors, divided.factors)) {
      divided.coefficient = term.coefficient / divisor.coefficient;
      quotient.push_back(std::move(divided));
    } else {
      remainder.push_back(term);
    }
  }
}

// The terms of a formula, for the divisions below (friend access through a
// local helper keeps the class interface small).
namespace mlsysim {
struct SymExprAccess {
  static const std::vector<SymExpr::Term> &terms(const SymExpr &expr) {
    return expr.terms;
  }
  static SymExpr fromTerms(std::vector<SymExpr::Term> terms) {
    return SymExpr::fromTerms(std::move(terms));
  }
  static SymExpr composite(unsigned kind, const SymExpr &a, const SymExpr &b) {
    return SymExpr::composite(kind, a, b);
  }
};
} // namespace mlsysim

/// `dividend` = divisor * quotient + remainder with the quotient holding
/// every term the one-term divisor divides; false when the divisor is not
/// one positive term.
static bool splitDivision(const SymExpr &dividend, const SymExpr &divisor,
                          SymExpr &quotient, SymExpr &remainder) {
  const auto &divisorTerms = SymExprAccess::terms(divisor);
  if (divisorTerms.size() != 1 || divisorTerms.front().coefficient <= 0)
    return false;
  std::vector<SymExpr::Term> q, r;
  splitByTerm(SymExprAccess::terms(dividend), divisorTerms.front(), q, r);
  quotient = SymExprAccess::fromTerms(std::move(q));
  remainder = SymExprAccess::fromTerms(std::move(r));
  return true;
}

/// Integer division of `dividend` by `divisor`, rounding down (FloorDiv) or
/// up (CeilDiv).
static SymExpr divide(const SymExpr &dividend, const SymExpr &divisor,
                      unsigned kind) {
  bool up = kind == CeilDiv;
  if (!dividend.isValid() || !divisor.isValid())
    return SymExpr::invalid();
  std::optional<Int> a = dividend.getConstant(), b = divisor.getConstant();
  if (b && *b == 0)
    return SymExpr::invalid();
  if (a && b)
    return SymExpr::constant(up ? -floorDivInt(-*a, *b) : floorDivInt(*a, *b));
  if (b && *b == 1)
    return dividend;
  // (d*q + r) / d = q + r / d for a one-term d > 0 (d*q is a multiple of d),
  // rounding either way.
  SymExpr quotient, remainder;
  if (splitDivision(dividend, divisor, quotient, remainder)) {
    if (remainder.isConstant() && remainder.getConstant() == Int(0))
      return quotient;
    if (quotient.isConstant() && quotient.getConstant() == Int(0))
      return SymExprAccess::composite(kind, remainder, divisor);
    return quotient + divide(remainder, divisor, kind);
  }
  return SymExprAccess::composite(kind, dividend, divisor);
}

SymExpr SymExpr::floorDiv(const SymExpr &dividend, const SymExpr &divisor) {
  return divide(dividend, divisor, FloorDiv);
}

SymExpr SymExpr::ceilDiv(const SymExpr &dividend, const SymExpr &divisor) {
  return divide(dividend, divisor, CeilDiv);
}

SymExpr SymExpr::mod(const SymExpr &dividend, const SymExpr &divisor) {
  if (!dividend.valid || !divisor.valid)
    return invalid();
  std::optional<Int> a = dividend.getConstant(), b = divisor.getConstant();
  if (b && *b == 0)
    return invalid();
  if (a && b)
    return constant(*a - *b * floorDivInt(*a, *b));
  if (b && (*b == 1 || *b == -1))
    return SymExpr();
  // (d*q + r) mod d = r mod d.
  SymExpr quotient, remainder;
  if (splitDivision(dividend, divisor, quotient, remainder)) {
    if (remainder.terms.empty())
      return SymExpr();
    if (std::optional<Int> r = remainder.getConstant();
        r && b && *r >= 0 && *r < *b)
      return remainder;
    return composite(Mod, remainder, divisor);
  }
  return composite(Mod, dividend, divisor);
}

/// The smaller (Min) or the larger (Max) of two formulas, decided when the
/// sign of their difference decides it.
static SymExpr extremum(const SymExpr &a, const SymExpr &b, unsigned kind) {
  if (!a.isValid() || !b.isValid())
    return SymExpr::invalid();
  if (a == b)
    return a;
  bool wantMin = kind == Min;
  switch ((a - b).getSign()) {
  case SymSign::Positive:
  case SymSign::NonNegative:
  case SymSign::Zero:
    return wantMin ? b : a;
  case SymSign::Negative:
  case SymSign::NonPositive:
    return wantMin ? a : b;
  case SymSign::Unknown:
    break;
  }
  // One order whatever the call's: min(a,b) and min(b,a) are one formula.
  return SymExpr::compare(a, b) < 0 ? SymExprAccess::composite(kind, a, b)
                                    : SymExprAccess::composite(kind, b, a);
}

SymExpr SymExpr::min(const SymExpr &a, const SymExpr &b) {
  return extremum(a, b, Min);
}

SymExpr SymExpr::max(const SymExpr &a, const SymExpr &b) {
  return extremum(a, b, Max);
}

/// Whether `predicate` holds of a value of sign `sign`, when that decides.
static std::optional<bool> decide(SymPredicate predicate, SymSign sign) {
  bool positive = sign == SymSign::Positive,
       negative = sign == SymSign::Negative, zero = sign == SymSign::Zero,
       nonNegative = positive || zero || sign == SymSign::NonNegative,
       nonPositive = negative || zero || sign == SymSign::NonPositive;
  // The signs that make the predicate hold, and those that make it fail.
  auto [holds, fails] = [&]() -> std::pair<bool, bool> {
    switch (predicate) {
    case SymPredicate::EQ:
      return {zero, positive || negative};
    case SymPredicate::NE:
      return {positive || negative, zero};
    case SymPredicate::LT:
      return {negative, nonNegative};
    case SymPredicate::LE:
      return {nonPositive, positive};
    case SymPredicate::GT:
      return {positive, nonPositive};
    case SymPredicate::GE:
      return {nonNegative, negative};
    }
    llvm_unreachable("unknown predicate");
  }();
  if (holds)
    return true;
  if (fails)
    return false;
  return std::nullopt;
}

SymExpr SymExpr::cmp(SymPredicate predicate, const SymExpr &a,
                     const SymExpr &b) {
  if (!a.valid || !b.valid)
    return invalid();
  if (std::optional<bool> holds = decide(predicate, (a - b).getSign()))
    return constant(*holds ? 1 : 0);
  return composite(Cmp, a, b, SymExpr(), static_cast<unsigned>(predicate));
}

SymExpr SymExpr::select(const SymExpr &condition, const SymExpr &whenTrue,
                        const SymExpr &whenFalse) {
  if (!condition.valid || !whenTrue.valid || !whenFalse.valid)
    return invalid();
  if (std::optional<Int> c = condition.getConstant())
    return *c != 0 ? whenTrue : whenFalse;
  if (whenTrue == whenFalse)
    return whenTrue;
  return composite(Select, condition, whenTrue, whenFalse, 0);
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

static void collectSymbols(const SymExpr &expr,
                           llvm::SmallVectorImpl<unsigned> &symbols);

static void collectSymbols(const SymExpr::Atom &atom,
                           llvm::SmallVectorImpl<unsigned> &symbols) {
  if (atom.kind == Symbol) {
    symbols.push_back(atom.symbol);
    return;
  }
  collectSymbols(atom.lhs, symbols);
  collectSymbols(atom.rhs, symbols);
  collectSymbols(atom.third, symbols);
}

static void collectSymbols(const SymExpr &expr,
                           llvm::SmallVectorImpl<unsigned> &symbols) {
  for (const SymExpr::Term &term : SymExprAccess::terms(expr))
    for (const SymExpr::Factor &factor : term.factors)
      collectSymbols(*factor.atom, symbols);
}

llvm::SmallVector<unsigned> SymExpr::getSymbols() const {
  llvm::SmallVector<unsigned> symbols;
  collectSymbols(*this, symbols);
  llvm::sort(symbols);
  symbols.erase(std::unique(symbols.begin(), symbols.end()), symbols.end());
  return symbols;
}

bool SymExpr::hasConditional() const {
  for (const Term &term : terms)
    for (const Factor &factor : term.factors) {
      const Atom &atom = *factor.atom;
      if (atom.kind == Cmp || atom.kind == Select)
        return true;
      if (atom.kind != Symbol &&
          (atom.lhs.hasConditional() || atom.rhs.hasConditional() ||
           atom.third.hasConditional()))
        return true;
    }
  return false;
}

unsigned SymExpr::getDegree(unsigned id) const {
  unsigned degree = 0;
  for (const Term &term : terms)
    for (const Factor &factor : term.factors)
      if (factor.atom->kind == Symbol && factor.atom->symbol == id)
        degree = std::max(degree, factor.power);
  return degree;
}

SymExpr SymExpr::substitute(
    llvm::function_ref<std::optional<SymExpr>(unsigned)> replacement) const {
  if (!valid)
    return invalid();
  SymExpr sum;
  for (const Term &term : terms) {
    SymExpr product = constant(term.coefficient);
    for (const Factor &factor : term.factors) {
      const Atom &atom = *factor.atom;
      SymExpr base;
      if (atom.kind == Symbol) {
        std::optional<SymExpr> replaced = replacement(atom.symbol);
        base = replaced ? *replaced : symbol(atom.symbol);
      } else {
        SymExpr lhs = atom.lhs.substitute(replacement);
        SymExpr rhs = atom.rhs.substitute(replacement);
        switch (atom.kind) {
        case Cmp:
          base = cmp(static_cast<SymPredicate>(atom.symbol), lhs, rhs);
          break;
        case Select:
          base = select(lhs, rhs, atom.third.substitute(replacement));
          break;
        case FloorDiv:
          base = floorDiv(lhs, rhs);
          break;
        case CeilDiv:
          base = ceilDiv(lhs, rhs);
          break;
        case Mod:
          base = mod(lhs, rhs);
          break;
        case Min:
          base = min(lhs, rhs);
          break;
        default:
          base = max(lhs, rhs);
          break;
        }
      }
      for (unsigned i = 0; i < factor.power; ++i)
        product = product * base;
    }
    sum = sum + product;
  }
  return sum;
}

std::optional<Int> SymExpr::evaluate(
    llvm::function_ref<std::optional<int64_t>(unsigned)> value) const {
  if (!valid)
    return std::nullopt;
  Int sum = 0;
  for (const Term &term : terms) {
    Int product = term.coefficient;
    for (const Factor &factor : term.factors) {
      const Atom &atom = *factor.atom;
      std::optional<Int> base;
      if (atom.kind == Symbol) {
        if (std::optional<int64_t> v = value(atom.symbol))
          base = *v;
      } else {
        std::optional<Int> lhs = atom.lhs.evaluate(value);
        std::optional<Int> rhs = atom.rhs.evaluate(value);
        if (!lhs || !rhs)
          return std::nullopt;
        switch (atom.kind) {
        case Cmp: {
          Int diff = *lhs - *rhs;
          SymSign sign = diff > 0   ? SymSign::Positive
                         : diff < 0 ? SymSign::Negative
                                    : SymSign::Zero;
          base = *decide(static_cast<SymPredicate>(atom.symbol), sign) ? 1 : 0;
          break;
        }
        case Select:
          if (*lhs != 0) {
            base = rhs;
          } else if (std::optional<Int> third = atom.third.evaluate(value)) {
            base = third;
          } else {
            return std::nullopt;
          }
          break;
        case FloorDiv:
          if (*rhs == 0)
            return std::nullopt;
          base = floorDivInt(*lhs, *rhs);
          break;
        case CeilDiv:
          if (*rhs == 0)
            return std::nullopt;
          base = -floorDivInt(-*lhs, *rhs);
          break;
        case Mod:
          if (*rhs == 0)
            return std::nullopt;
          base = *lhs - *rhs * floorDivInt(*lhs, *rhs);
          break;
        case Min:
          base = std::min(*lhs, *rhs);
          break;
        default:
          base = std::max(*lhs, *rhs);
          break;
        }
      }
      if (!base)
        return std::nullopt;
      for (unsigned i = 0; i < factor.power; ++i)
        if (mulOverflows(product, *base, product))
          return std::nullopt;
    }
    if (addOverflows(sum, product, sum))
      return std::nullopt;
  }
  return sum;
}

SymSign SymExpr::getSign() const {
  if (!valid)
    return SymSign::Unknown;
  if (terms.empty())
    return SymSign::Zero;
  // Symbols are at least 1 and composites of sizes at least 0. With every
  // term but the constant of one sign, the value is at least (or at most)
  // the constant plus the coefficients of the terms of symbols alone.
  bool allPositive = true, allNegative = true;
  Int bound = 0;
  for (const Term &term : terms) {
    bool constantTerm = term.factors.empty();
    allPositive &= constantTerm || term.coefficient > 0;
    allNegative &= constantTerm || term.coefficient < 0;
    if (llvm::all_of(term.factors, [](const Factor &factor) {
          return factor.atom->kind == Symbol;
        }))
      if (addOverflows(bound, term.coefficient, bound))
        return SymSign::Unknown;
  }
  if (allPositive && bound >= 0)
    return bound > 0 ? SymSign::Positive : SymSign::NonNegative;
  if (allNegative && bound <= 0)
    return bound < 0 ? SymSign::Negative : SymSign::NonPositive;
  // A product of symbols common to every term is at least 1: the sign is
  // that of the rest (B*S - B has the sign of S - 1).
  llvm::SmallVector<Factor, 2> common;
  for (const Factor &factor : terms.front().factors)
    if (factor.atom->kind == Symbol)
      common.push_back(factor);
  for (const Term &term : llvm::drop_begin(terms)) {
    llvm::SmallVector<Factor, 2> kept;
    for (const Factor &factor : common)
      for (const Factor &other : term.factors)
        if (compareAtoms(*factor.atom, *other.atom) == 0)
          kept.push_back({factor.atom, std::min(factor.power, other.power)});
    common = std::move(kept);
  }
  if (common.empty())
    return SymSign::Unknown;
  std::vector<Term> rest;
  for (const Term &term : terms) {
    Term divided{term.coefficient, {}};
    divideFactors(term.factors, common, divided.factors);
    rest.push_back(std::move(divided));
  }
  return fromTerms(std::move(rest)).getSign();
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

static void printInt(llvm::raw_ostream &os, Int value) {
  if (value < 0) {
    os << '-';
    value = -value;
  }
  char digits[48];
  int size = 0;
  do {
    digits[size++] = static_cast<char>('0' + static_cast<int>(value % 10));
    value /= 10;
  } while (value != 0);
  while (size > 0)
    os << digits[--size];
}

/// Whether `expr` prints as one factor (no `+` or `-` at its top level).
static bool isSingleFactor(const SymExpr &expr) {
  const auto &terms = SymExprAccess::terms(expr);
  if (terms.empty())
    return true;
  return terms.size() == 1 && terms.front().coefficient >= 0 &&
         (terms.front().factors.empty() ||
          (terms.front().coefficient == 1 &&
           terms.front().factors.size() == 1 &&
           terms.front().factors.front().power == 1));
}

static void printOperand(llvm::raw_ostream &os, const SymExpr &expr,
                         llvm::ArrayRef<std::string> names) {
  if (isSingleFactor(expr)) {
    expr.print(os, names);
    return;
  }
  os << '(';
  expr.print(os, names);
  os << ')';
}

static void printAtom(llvm::raw_ostream &os, const SymExpr::Atom &atom,
                      llvm::ArrayRef<std::string> names) {
  switch (atom.kind) {
  case Symbol:
    if (atom.symbol < names.size())
      os << names[atom.symbol];
    else
      os << 's' << atom.symbol;
    return;
  case FloorDiv:
    printOperand(os, atom.lhs, names);
    os << '/';
    printOperand(os, atom.rhs, names);
    return;
  case CeilDiv:
    os << "ceildiv(";
    atom.lhs.print(os, names);
    os << ',';
    atom.rhs.print(os, names);
    os << ')';
    return;
  case Mod:
    // The grammar has no remainder: a - (a/b)*b.
    os << '(';
    atom.lhs.print(os, names);
    os << " - (";
    printOperand(os, atom.lhs, names);
    os << '/';
    printOperand(os, atom.rhs, names);
    os << ")*";
    printOperand(os, atom.rhs, names);
    os << ')';
    return;
  case Cmp:
  case Select:
    // Outside the grammar (callers check hasConditional first).
    os << (atom.kind == Cmp ? "cmp(" : "select(");
    atom.lhs.print(os, names);
    os << ',';
    atom.rhs.print(os, names);
    if (atom.kind == Select) {
      os << ',';
      atom.third.print(os, names);
    }
    os << ')';
    return;
  case Min:
  case Max: {
    // A constant bound reads last: min(S,2048).
    bool swap = atom.lhs.isConstant() && !atom.rhs.isConstant();
    os << (atom.kind == Min ? "min(" : "max(");
    (swap ? atom.rhs : atom.lhs).print(os, names);
    os << ',';
    (swap ? atom.lhs : atom.rhs).print(os, names);
    os << ')';
    return;
  }
  }
}

static unsigned degreeOf(const SymExpr::Term &term) {
  unsigned degree = 0;
  for (const SymExpr::Factor &factor : term.factors)
    degree += factor.power;
  return degree;
}

void SymExpr::print(llvm::raw_ostream &os,
                    llvm::ArrayRef<std::string> names) const {
  if (!valid) {
    os << "invalid";
    return;
  }
  if (terms.empty()) {
    os << '0';
    return;
  }
  // Highest degree first, the constant last.
  std::vector<const Term *> order;
  for (const Term &term : terms)
    order.push_back(&term);
  std::stable_sort(
      order.begin(), order.end(),
      [](const Term *a, const Term *b) { return degreeOf(*a) > degreeOf(*b); });
  for (auto [index, term] : llvm::enumerate(order)) {
    Int magnitude = term->coefficient;
    if (magnitude < 0) {
      os << (index ? " - " : "-");
      magnitude = -magnitude;
    } else if (index) {
      os << " + ";
    }
    bool needStar = false;
    if (term->factors.empty() || magnitude != 1) {
      printInt(os, magnitude);
      needStar = true;
    }
    // A division among other factors is parenthesized: `*` and `/` bind
    // alike, left to right, so 3*B/2 would read as (3*B)/2.
    bool alone = magnitude == 1 && degreeOf(*term) == 1;
    for (const Factor &factor : term->factors)
      for (unsigned i = 0; i < factor.power; ++i) {
        if (needStar)
          os << '*';
        bool wrap = !alone && factor.atom->kind == FloorDiv;
        if (wrap)
          os << '(';
        printAtom(os, *factor.atom, names);
        if (wrap)
          os << ')';
        needStar = true;
      }
  }
}

std::string SymExpr::toString(llvm::ArrayRef<std::string> names) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  print(os, names);
  return text;
}
