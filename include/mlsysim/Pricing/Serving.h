//===- Serving.h - The serving view of an LLM step ------------*- C++ -*-===//
//
// For a function recognized as a prefill or decode step (ServingRoles.h),
// the questions of LLM serving answered from its IR on one device: the time
// to first token of its prompt (prefill) or the time per output token at its
// cache length (decode) at each batch size, the tokens per second that makes,
// the bound at each point, the KV-cache bytes per token, the largest batch
// that fits next to the weights at this context, and the most cached tokens
// (batch x context) the device holds next to the weights. Each point is the
// compiled-plan latency of the whole step with its dynamic batch bound to
// that size, as `sweep=` computes it.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_SERVING_H
#define MLSYSIM_PRICING_SERVING_H

#include "mlsysim/Analysis/ServingRoles.h"
#include "mlsysim/Pricing/Estimate.h"

namespace mlsysim {

struct ServingPoint {
  int64_t batch = 1;
  /// The step's latency: time to first token (prefill) or per output token
  /// (decode).
  double latency = 0.0;
  /// Tokens the step makes per second: batch x prompt / latency (prefill),
  /// batch / latency (decode).
  double tokensPerS = 0.0;
  /// What limits the step there (the bound of most of its time).
  Bound bound = Bound::Free;
  /// Its peak memory, and whether that fits the device.
  double peakBytes = 0.0;
  bool fits = true;
};

struct ServingReport {
  std::string func;
  ServingStep step = ServingStep::None;
  /// Tokens per sequence the step takes (the prompt, for a prefill).
  std::optional<int64_t> tokensPerSequence;
  /// The KV cache's length (decode).
  std::optional<int64_t> cacheLength;
  /// Whether the prompt or cache length is dynamic in the program and bound
  /// to the serving length (serving-length=).
  bool lengthBound = false;
  /// Bytes one token adds to the KV cache (every cache argument's bytes per
  /// position and sequence, at its element width after precision=).
  std::optional<double> kvBytesPerToken;
  std::string kvReason; ///< Why kvBytesPerToken is unknown.
  double parameterBytes = 0.0;
  double capacityBytes = 0.0;
  /// The largest batch whose peak memory fits at this context (the step's
  /// own peak, weights and cache included); std::nullopt when even 1 does
  /// not fit.
  std::optional<int64_t> maxBatch;
  /// Whether maxBatch is only the most tried (2^20): more would fit.
  bool maxBatchCapped = false;
  /// The cached tokens (batch x context) the device holds next to the
  /// weights: (capacity - weights) / kvBytesPerToken, activations aside.
  std::optional<double> maxCachedTokens;
  std::vector<ServingPoint> points;
};

} // namespace mlsysim

#endif // MLSYSIM_PRICING_SERVING_H
