//===- ServingRoles.h - What an LLM step's arguments are --------*- C++ -*-===//
//
// Finds, from the IR alone, whether a function is a step of LLM serving and
// what its arguments are: the weights (Analysis/Weights.h: tagged
// `mlsysim.param`, named by weights=, or inferred), the token ids (an integer
// tensor whose values index a weight, the embedding lookup, in a function that
// returns scores over that table's rows: a language model's logits), and the
// KV cache (a
// float tensor argument that the step appends to along one dimension with
// tensor.concat, or writes into with tensor.insert_slice; that dimension is
// the cache's length). A step with a KV cache and one token per sequence is
// a decode step; a step with more tokens per sequence is a prefill. The
// serving view prices them (Reporting/Serving.h), and precision= roles name
// them (`weights:int4,kv:fp8`).
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_ANALYSIS_SERVINGROLES_H
#define MLSYSIM_ANALYSIS_SERVINGROLES_H

#include "mlsysim/Analysis/Weights.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <optional>

namespace mlsysim {

/// What a function does in serving.
enum class ServingStep { None, Prefill, Decode };

/// One KV-cache argument, the dimension the step appends along, and its
/// batch dimension (its first dynamic one other than the length, else 0).
struct KVCacheArg {
  unsigned argument = 0;
  int64_t lengthDim = 0, batchDim = 0;
};

struct ServingRoles {
  ServingStep step = ServingStep::None;
  /// The token-id argument, its batch dimension (its first dynamic one, else
  /// 0) and the tokens per sequence (the product of its other dimensions;
  /// std::nullopt when one is dynamic).
  std::optional<unsigned> tokens;
  int64_t batchDim = 0;
  std::optional<int64_t> tokensPerSequence;
  std::vector<KVCacheArg> kvCache;

  bool isKVCache(unsigned argument) const;
};

/// The roles of `func`'s arguments, given its weights (step None when it
/// has no token input).
ServingRoles findServingRoles(mlir::FunctionOpInterface func,
                              const FunctionWeights &weights);

/// Whether `func` has what every serving step reads first: a tensor of
/// integer token ids among its arguments. Asked before its weights are
/// found (a walk of the function), so that a module of many functions
/// without tokens pays nothing for the search of a step.
bool hasTokenArgument(mlir::FunctionOpInterface func);

} // namespace mlsysim

#endif // MLSYSIM_ANALYSIS_SERVINGROLES_H
