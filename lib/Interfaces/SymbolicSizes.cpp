//===- SymbolicSizes.cpp - Dynamic sizes as formulas of their sources -----===//

#include "mlsysim/Interfaces/SymbolicSizes.h"

#include "mlsysim/Dialect/MLSysim/MLSysimDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace mlsysim;
using namespace mlir;

/// Cache key of a scalar (no dimension).
static constexpr int64_t kScalar = -1;

/// `text` as a symbol name of the formulas' grammar (docs/report-json.md): a
/// letter, then letters, digits, '_' and '.'. Names come from the IR
/// (`mlsysim.input` attributes, function names): any other byte becomes '_'
/// (`input-ids` would read as `input - ids`), a name that does not start
/// with a letter gets a leading 'v', and one that is a function of the
/// grammar a trailing '_'.
static std::string toSymbolName(StringRef text) {
  std::string name;
  if (text.empty() || !llvm::isAlpha(text.front()))
    name = "v";
  for (char c : text)
    name += llvm::isAlnum(c) || c == '_' || c == '.' ? c : '_';
  if (name == "min" || name == "max" || name == "ceildiv")
    name += '_';
  return name;
}

std::string SymbolicSizes::takeName(StringRef name, StringRef scope) {
  if (takenNames.insert(name).second)
    return name.str();
  // Several functions may name an argument alike: the function's name
  // first, then a number.
  if (!scope.empty()) {
    std::string scoped = toSymbolName(scope) + "." + name.str();
    if (takenNames.insert(scoped).second)
      return scoped;
  }
  for (unsigned n = 2;; ++n) {
    std::string numbered = name.str() + "_" + std::to_string(n);
    if (takenNames.insert(numbered).second)
      return numbered;
  }
}

SymbolicSizes::SymbolicSizes(Operation *root, bool unifyEqualities) {
  // The named sources, in argument order: ids and names do not depend on
  // which size is asked first.
  root->walk<WalkOrder::PreOrder>([&](FunctionOpInterface func) {
    if (func.isExternal())
      return WalkResult::skip();
    for (BlockArgument arg : func.getArguments()) {
      std::string base = "arg" + std::to_string(arg.getArgNumber());
      auto input = func.getArgAttrOfType<StringAttr>(
          arg.getArgNumber(), MLSysimDialect::InputAttrHelper::getNameStr());
      if (input)
        base = toSymbolName(input.getValue());
      auto add = [&](std::optional<int64_t> dim) {
        std::string name = takeName(
            dim ? base + ".d" + std::to_string(*dim) : base, func.getName());
        // The input's name as written, when the formulas spell it otherwise.
        std::string source =
            (dim ? "dimension " + std::to_string(*dim) + " of " : "") +
            std::string("argument ") + std::to_string(arg.getArgNumber()) +
            (input ? " (" + input.getValue().str() + ")" : "") + " of @" +
            func.getName().str();
        argumentSymbols[{arg, dim.value_or(kScalar)}] =
            addSymbol({name, name, source, /*opaque=*/false});
      };
      if (auto shaped = dyn_cast<ShapedType>(arg.getType())) {
        if (shaped.hasRank())
          for (int64_t dim = 0; dim < shaped.getRank(); ++dim)
            if (shaped.isDynamicDim(dim))
              add(dim);
      } else if (arg.getType().isIntOrIndex()) {
        add(std::nullopt);
      }
    }
    return WalkResult::skip();
  });
  if (unifyEqualities)
    unifyRequiredEqualities(root);
}

unsigned SymbolicSizes::addSymbol(SizeSymbol symbol) {
  symbols.push_back(std::move(symbol));
  parent.push_back(parent.size());
  return symbols.size() - 1;
}

unsigned SymbolicSizes::getRepresentative(unsigned id) const {
  while (parent[id] != id)
    id = parent[id];
  return id;
}

void SymbolicSizes::unify(unsigned a, unsigned b) {
  a = getRepresentative(a);
  b = getRepresentative(b);
  if (a == b || symbols[a].opaque || symbols[b].opaque)
    return;
  // The first argument names the size.
  if (b < a)
    std::swap(a, b);
  parent[b] = a;
}

SymExpr SymbolicSizes::normalize(const SymExpr &expr) const {
  return expr.substitute([&](unsigned id) -> std::optional<SymExpr> {
    unsigned representative = getRepresentative(id);
    if (representative == id)
      return std::nullopt;
    return SymExpr::symbol(representative);
  });
}

std::vector<std::string> SymbolicSizes::getNames() const {
  std::vector<std::string> names;
  for (unsigned id = 0; id < symbols.size(); ++id)
    names.push_back(symbols[getRepresentative(id)].name);
  return names;
}

bool SymbolicSizes::isOpaque(const SymExpr &expr, std::string *why) const {
  llvm::SmallVector<unsigned> ids = expr.getSymbols();
  const unsigned *opaque = llvm::find_if(
      ids, [&](unsigned id) { return symbols[getRepresentative(id)].opaque; });
  if (opaque == ids.end())
    return false;
  if (why)
    *why = symbols[getRepresentative(*opaque)].source;
  return true;
}

llvm::Error SymbolicSizes::setUserNames(StringRef spec) {
  // A name given to several sources says they are one size.
  llvm::StringMap<unsigned> named;
  SmallVector<StringRef> entries;
  spec.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    std::pair<StringRef, StringRef> parts = entry.trim().split(':');
    StringRef name = parts.first.trim(), source = parts.second.trim();
    if (name.empty() || source.empty())
      return llvm::createStringError(
          "symbols=: '" + entry.str() +
          "' is not NAME:SOURCE (e.g. B:input_ids.d0)");
    if (!llvm::isAlpha(name.front()) || !llvm::all_of(name, [](char c) {
          return llvm::isAlnum(c) || c == '_' || c == '.';
        }))
      return llvm::createStringError(
          "symbols=: '" + name.str() +
          "' is not a name (a letter, then letters, digits, '_' or '.')");
    if (name == "min" || name == "max" || name == "ceildiv")
      return llvm::createStringError("symbols=: '" + name.str() +
                                     "' is a function of the formulas");
    auto it = llvm::find_if(symbols, [&](const SizeSymbol &symbol) {
      return !symbol.opaque && symbol.sourceName == source;
    });
    if (it == symbols.end()) {
      std::string known;
      for (const SizeSymbol &symbol : symbols)
        if (!symbol.opaque)
          known += (known.empty() ? "" : ", ") + symbol.sourceName;
      return llvm::createStringError(
          "symbols=: no dynamic size is named '" + source.str() +
          "' (the program's are: " + (known.empty() ? "none" : known) + ")");
    }
    unsigned id = it - symbols.begin();
    auto [previous, inserted] = named.try_emplace(name, id);
    if (!inserted)
      unify(previous->second, id);
    symbols[getRepresentative(id)].name = name.str();
  }
  return llvm::Error::success();
}

SymExpr SymbolicSizes::getArgumentSize(BlockArgument arg,
                                       std::optional<int64_t> dim) {
  auto it = argumentSymbols.find({arg, dim.value_or(kScalar)});
  if (it != argumentSymbols.end())
    return SymExpr::symbol(it->second);
  return getOpaque(arg, dim, "a loop or block variable");
}

SymExpr SymbolicSizes::getOpaque(Value value, std::optional<int64_t> dim,
                                 StringRef why) {
  std::string where;
  if (Operation *def = value.getDefiningOp())
    where = "'" + def->getName().getStringRef().str() + "'";
  else
    where = "a block argument";
  std::string source = (dim ? "dimension " + std::to_string(*dim) + " of "
                            : std::string("the value of ")) +
                       where + " (" + why.str() + ")";
  std::string name =
      takeName("size" + std::to_string(symbols.size()), /*scope=*/"");
  return SymExpr::symbol(addSymbol({name, name, source, /*opaque=*/true}));
}

/// `expr` (over dims then symbols) with each operand replaced by its
/// formula.
static SymExpr fromAffine(AffineExpr expr, ArrayRef<SymExpr> dims,
                          ArrayRef<SymExpr> syms) {
  switch (expr.getKind()) {
  case AffineExprKind::Constant:
    return SymExpr::constant(cast<AffineConstantExpr>(expr).getValue());
  case AffineExprKind::DimId: {
    unsigned position = cast<AffineDimExpr>(expr).getPosition();
    return position < dims.size() ? dims[position] : SymExpr::invalid();
  }
  case AffineExprKind::SymbolId: {
    unsigned position = cast<AffineSymbolExpr>(expr).getPosition();
    return position < syms.size() ? syms[position] : SymExpr::invalid();
  }
  default:
    break;
  }
  auto binary = cast<AffineBinaryOpExpr>(expr);
  SymExpr lhs = fromAffine(binary.getLHS(), dims, syms);
  SymExpr rhs = fromAffine(binary.getRHS(), dims, syms);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return lhs + rhs;
  case AffineExprKind::Mul:
    return lhs * rhs;
  case AffineExprKind::FloorDiv:
    return SymExpr::floorDiv(lhs, rhs);
  case AffineExprKind::CeilDiv:
    return SymExpr::ceilDiv(lhs, rhs);
  case AffineExprKind::Mod:
    return SymExpr::mod(lhs, rhs);
  default:
    return SymExpr::invalid();
  }
}

SymExpr SymbolicSizes::getSize(Value value, int64_t dim) {
  auto shaped = cast<ShapedType>(value.getType());
  if (!shaped.isDynamicDim(dim))
    return SymExpr::constant(shaped.getDimSize(dim));
  return resolve(value, dim);
}

SymExpr SymbolicSizes::resolve(Value value, int64_t dim) {
  std::pair<Value, int64_t> key{value, dim};
  if (auto it = cache.find(key); it != cache.end())
    return it->second;
  if (auto arg = dyn_cast<BlockArgument>(value))
    return cache[key] = getArgumentSize(arg, dim);
  // An elementwise op (arith or math on tensors) has its operands' shape.
  // Asked directly: the bounds models of arith ops describe index values
  // only, and a constraint walk into one with a tensor crashes upstream.
  if (Operation *def = value.getDefiningOp())
    if (def->hasTrait<OpTrait::Elementwise>())
      for (Value operand : def->getOperands())
        if (auto shaped = dyn_cast<ShapedType>(operand.getType());
            shaped && shaped.hasRank() && dim < shaped.getRank())
          return cache[key] = getSize(operand, dim);
  // A concatenation is as large as its inputs along its dimension and as
  // each of them across it (a KV cache appended to).
  if (auto concat = value.getDefiningOp<tensor::ConcatOp>()) {
    if (static_cast<uint64_t>(dim) != concat.getDim())
      return cache[key] = getSize(concat.getInputs().front(), dim);
    SymExpr sum;
    for (Value input : concat.getInputs())
      sum = sum + getSize(input, dim);
    return cache[key] = sum;
  }
  // tensor.reshape takes its sizes from a shape tensor, which frontends build
  // with tensor.from_elements of computed sizes.
  if (auto reshape = value.getDefiningOp<tensor::ReshapeOp>())
    if (auto elements =
            reshape.getShape().getDefiningOp<tensor::FromElementsOp>())
      if (dim < static_cast<int64_t>(elements.getElements().size()))
        return cache[key] = getScalar(elements.getElements()[dim]);

  // Sources end the walk; anything already resolved is reused; scalars are
  // evaluated on their own. The walk stops there, so each query looks back
  // only as far as the nearest known size.
  auto isKnown = [&](Value v, std::optional<int64_t> d,
                     ValueBoundsConstraintSet &) {
    if (v == value && d == dim)
      return false;
    if (isa<BlockArgument>(v) || !d)
      return true;
    // A size no interface explains (tensor.reshape) becomes an operand of
    // the bound, resolved on its own; otherwise no bound could be expressed.
    if (!isa<ValueBoundsOpInterface>(v.getDefiningOp()) ||
        v.getDefiningOp()->hasTrait<OpTrait::Elementwise>())
      return true;
    if (d && !cast<ShapedType>(v.getType()).isDynamicDim(*d))
      return true;
    return cache.contains({v, d.value_or(kScalar)});
  };
  AffineMap map;
  ValueDimList operands;
  SymExpr size = SymExpr::invalid();
  if (succeeded(ValueBoundsConstraintSet::computeBound(
          map, operands, presburger::BoundType::EQ,
          ValueBoundsConstraintSet::Variable(value, dim), isKnown)) &&
      map.getNumResults() == 1 && map.getNumInputs() == operands.size()) {
    SmallVector<SymExpr> replacements;
    for (auto [operand, operandDim] : operands)
      replacements.push_back(operandDim ? getSize(operand, *operandDim)
                                        : getScalar(operand));
    ArrayRef<SymExpr> all(replacements);
    size = fromAffine(map.getResult(0), all.take_front(map.getNumDims()),
                      all.drop_front(map.getNumDims()));
  }
  if (!size.isValid() || size.getSign() == SymSign::Negative)
    size = getOpaque(value, dim, "no interface relates it to the arguments");
  return cache[key] = size;
}

/// The predicate of an integer comparison, for sizes (never negative:
/// signed and unsigned read alike).
static std::optional<SymPredicate> toPredicate(arith::CmpIPredicate p) {
  switch (p) {
  case arith::CmpIPredicate::eq:
    return SymPredicate::EQ;
  case arith::CmpIPredicate::ne:
    return SymPredicate::NE;
  case arith::CmpIPredicate::slt:
  case arith::CmpIPredicate::ult:
    return SymPredicate::LT;
  case arith::CmpIPredicate::sle:
  case arith::CmpIPredicate::ule:
    return SymPredicate::LE;
  case arith::CmpIPredicate::sgt:
  case arith::CmpIPredicate::ugt:
    return SymPredicate::GT;
  case arith::CmpIPredicate::sge:
  case arith::CmpIPredicate::uge:
    return SymPredicate::GE;
  }
  return std::nullopt;
}

SymExpr SymbolicSizes::getScalar(Value scalar) {
  std::pair<Value, int64_t> key{scalar, kScalar};
  if (auto it = cache.find(key); it != cache.end()) {
    // An invalid entry is a scalar being evaluated: a loop-carried value
    // reached itself, and an opaque source ends the cycle.
    if (!it->second.isValid())
      return getOpaque(scalar, std::nullopt, "a value carried by a loop");
    return it->second;
  }
  cache[key] = SymExpr::invalid();
  SymExpr result = evaluate(scalar);
  if (!result.isValid())
    result =
        getOpaque(scalar, std::nullopt, "it is read, not computed from sizes");
  return cache[key] = result;
}

SymExpr SymbolicSizes::evaluate(Value scalar) {
  if (auto arg = dyn_cast<BlockArgument>(scalar))
    return getArgumentSize(arg, std::nullopt);
  Operation *op = scalar.getDefiningOp();
  auto operand = [&](unsigned i) { return getScalar(op->getOperand(i)); };
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    if (auto integer = dyn_cast<IntegerAttr>(constant.getValue()))
      return SymExpr::constant(integer.getValue().getSExtValue());
    return SymExpr::invalid();
  }
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::TruncIOp>(op))
    return operand(0);
  if (isa<tensor::DimOp, memref::DimOp>(op)) {
    auto source = op->getOperand(0);
    std::optional<int64_t> index = getConstantIntValue(op->getOperand(1));
    auto shaped = cast<ShapedType>(source.getType());
    if (index && shaped.hasRank() && *index >= 0 && *index < shaped.getRank())
      return getSize(source, *index);
    return SymExpr::invalid();
  }
  if (isa<arith::AddIOp>(op))
    return operand(0) + operand(1);
  if (isa<arith::SubIOp>(op))
    return operand(0) - operand(1);
  if (isa<arith::MulIOp>(op))
    return operand(0) * operand(1);
  if (isa<arith::DivSIOp, arith::DivUIOp, arith::FloorDivSIOp>(op))
    return SymExpr::floorDiv(operand(0), operand(1));
  if (isa<arith::CeilDivSIOp, arith::CeilDivUIOp>(op))
    return SymExpr::ceilDiv(operand(0), operand(1));
  if (isa<arith::RemSIOp, arith::RemUIOp>(op))
    return SymExpr::mod(operand(0), operand(1));
  if (isa<arith::MaxSIOp, arith::MaxUIOp>(op))
    return SymExpr::max(operand(0), operand(1));
  if (isa<arith::MinSIOp, arith::MinUIOp>(op))
    return SymExpr::min(operand(0), operand(1));
  if (auto select = dyn_cast<arith::SelectOp>(op))
    return SymExpr::select(operand(0), operand(1), operand(2));
  if (auto compare = dyn_cast<arith::CmpIOp>(op)) {
    if (std::optional<SymPredicate> predicate =
            toPredicate(compare.getPredicate()))
      return SymExpr::cmp(*predicate, operand(0), operand(1));
    return SymExpr::invalid();
  }
  // affine.apply/min/max: their map over the operands' formulas.
  auto applyMap = [&](AffineMap map, ValueRange operands) {
    SmallVector<SymExpr> values;
    for (Value v : operands)
      values.push_back(getScalar(v));
    ArrayRef<SymExpr> all(values);
    SmallVector<SymExpr> results;
    for (AffineExpr expr : map.getResults())
      results.push_back(fromAffine(expr, all.take_front(map.getNumDims()),
                                   all.drop_front(map.getNumDims())));
    return results;
  };
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op))
    return applyMap(apply.getAffineMap(), apply.getMapOperands()).front();
  if (isa<affine::AffineMinOp, affine::AffineMaxOp>(op)) {
    bool isMin = isa<affine::AffineMinOp>(op);
    AffineMap map = isMin ? cast<affine::AffineMinOp>(op).getAffineMap()
                          : cast<affine::AffineMaxOp>(op).getAffineMap();
    SmallVector<SymExpr> results = applyMap(map, op->getOperands());
    if (results.empty())
      return SymExpr::invalid();
    SymExpr folded = results.front();
    for (const SymExpr &next : llvm::drop_begin(results))
      folded = isMin ? SymExpr::min(folded, next) : SymExpr::max(folded, next);
    return folded;
  }
  // Anything else an interface can express.
  if (scalar.getType().isIndex()) {
    AffineMap map;
    ValueDimList operands;
    auto stop = [&](Value v, std::optional<int64_t> d,
                    ValueBoundsConstraintSet &) {
      return v != scalar || d.has_value();
    };
    if (succeeded(ValueBoundsConstraintSet::computeBound(
            map, operands, presburger::BoundType::EQ,
            ValueBoundsConstraintSet::Variable(scalar), stop)) &&
        map.getNumResults() == 1 && map.getNumInputs() == operands.size()) {
      SmallVector<SymExpr> replacements;
      for (auto [v, d] : operands)
        replacements.push_back(d ? getSize(v, *d) : getScalar(v));
      ArrayRef<SymExpr> all(replacements);
      return fromAffine(map.getResult(0), all.take_front(map.getNumDims()),
                        all.drop_front(map.getNumDims()));
    }
  }
  return SymExpr::invalid();
}

void SymbolicSizes::unifyRequiredEqualities(Operation *root) {
  // Two sources that must be equal for the program to run are one symbol.
  auto equate = [&](const SymExpr &a, const SymExpr &b) {
    std::optional<unsigned> x = a.getSymbol(), y = b.getSymbol();
    if (x && y)
      unify(*x, *y);
  };
  root->walk([&](Operation *op) {
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      // Each loop's range, from every operand dimension it indexes alone.
      SmallVector<std::optional<SymExpr>> range(linalgOp.getNumLoops());
      for (OpOperand &operand : op->getOpOperands()) {
        auto shaped = dyn_cast<ShapedType>(operand.get().getType());
        if (!shaped || !shaped.hasRank())
          continue;
        AffineMap map = linalgOp.getMatchingIndexingMap(&operand);
        for (auto [position, expr] : llvm::enumerate(map.getResults())) {
          auto loop = dyn_cast<AffineDimExpr>(expr);
          if (!loop || !shaped.isDynamicDim(position) ||
              loop.getPosition() >= range.size())
            continue;
          SymExpr size = getSize(operand.get(), position);
          std::optional<SymExpr> &seen = range[loop.getPosition()];
          if (seen)
            equate(*seen, size);
          else
            seen = size;
        }
      }
      return;
    }
    if (auto concat = dyn_cast<tensor::ConcatOp>(op)) {
      auto type = cast<RankedTensorType>(concat.getType());
      for (int64_t dim = 0; dim < type.getRank(); ++dim)
        if (static_cast<uint64_t>(dim) != concat.getDim())
          for (Value input : llvm::drop_begin(concat.getInputs()))
            if (cast<ShapedType>(input.getType()).isDynamicDim(dim) &&
                cast<ShapedType>(concat.getInputs().front().getType())
                    .isDynamicDim(dim))
              equate(getSize(concat.getInputs().front(), dim),
                     getSize(input, dim));
      return;
    }
    if (op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1)
      if (auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType()))
        for (Value operand : op->getOperands())
          if (auto type = dyn_cast<RankedTensorType>(operand.getType());
              type && type.getRank() == result.getRank())
            for (int64_t dim = 0; dim < result.getRank(); ++dim)
              if (type.isDynamicDim(dim) && result.isDynamicDim(dim))
                equate(getSize(operand, dim), getSize(op->getResult(0), dim));
  });
}
