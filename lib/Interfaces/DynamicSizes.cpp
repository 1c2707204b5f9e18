//===- DynamicSizes.cpp - Binding dynamic sizes to a value ----------------===//

#include "mlsysim/Interfaces/DynamicSizes.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlsysim;
using namespace mlir;

SizeResolver::~SizeResolver() = default;

DynamicSizeResolver::DynamicSizeResolver(
    Operation *root, int64_t boundSize,
    ArrayRef<CostOptions::ArgumentSize> argumentSizes)
    : boundSize(boundSize),
      sizes(std::make_unique<SymbolicSizes>(root, /*unifyEqualities=*/false)) {
  for (const CostOptions::ArgumentSize &bound : argumentSizes)
    if (std::optional<unsigned> symbol =
            sizes->getArgumentSymbol(bound.argument, bound.dim))
      boundSymbols[*symbol] = bound.size;
}

DynamicSizeResolver::~DynamicSizeResolver() = default;

int64_t DynamicSizeResolver::getSize(Value value, int64_t dim) {
  auto shaped = cast<ShapedType>(value.getType());
  if (!shaped.isDynamicDim(dim))
    return shaped.getDimSize(dim);
  if (auto it = cache.find({value, dim}); it != cache.end())
    return it->second;
  // Every source (named or opaque) is N; a formula with no value there (a
  // division by zero) or a negative one is a source too.
  std::optional<SymExpr::Int> size =
      sizes->getSize(value, dim)
          .evaluate([&](unsigned symbol) -> std::optional<int64_t> {
            auto it = boundSymbols.find(symbol);
            return it != boundSymbols.end() ? it->second : boundSize;
          });
  int64_t result = boundSize;
  if (size && *size >= 0 && *size <= INT64_MAX)
    result = static_cast<int64_t>(*size);
  return cache[{value, dim}] = result;
}
