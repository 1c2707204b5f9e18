//===- Collectives.h - Time of a collective on a system ---------*- C++ -*-===//
//
// The alpha-beta model of communication, in one place. A collective over p
// devices on one level of links (bandwidth B per device per direction, alpha
// per step) takes, for a buffer of n bytes:
//   ring all_reduce / reduce       2(p-1)/p * n/B + 2(p-1) * alpha
//   ring all_gather, reduce_scatter, all_to_all, gather, scatter
//                                   (p-1)/p * n/B +  (p-1) * alpha
//   broadcast (pipelined chain)     n/B + (p-1) * alpha
//   tree all_reduce (double binary) 2 n/B + 2 ceil(log2 p) * alpha
//   tree broadcast                  ceil(log2 p) * (n/B + alpha)
//   point to point                  n/B + alpha
// A group that spans levels (devices in several nodes) runs either one flat
// ring at the slowest level's bandwidth and alpha, or the hierarchical
// algorithm: the ring formula level by level, innermost first, each level on
// the part of the buffer the inner levels left to it (n / product of the
// inner group sizes). `auto` takes the fastest, as NCCL's tuner does.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_PRICING_COLLECTIVES_H
#define MLSYSIM_PRICING_COLLECTIVES_H

#include "mlsysim/Interfaces/OpCost.h"
#include "mlsysim/Pricing/Estimate.h"

namespace mlsysim {

/// One collective's time on a system.
struct CollectiveTime {
  bool priced = false;
  std::string reason; ///< Why it is not priced.
  double seconds = 0.0;
  /// Bytes one device sends over its links (the bandwidth terms' bytes).
  double bytesSent = 0.0;
  /// The algorithm that priced it (never Auto).
  CollectiveAlgorithm algorithm = CollectiveAlgorithm::Ring;
  /// The levels of links it crosses, innermost first, with how many devices
  /// of the group meet on each.
  llvm::SmallVector<std::pair<unsigned, int64_t>, 2> levels;
};

/// Prices `collective` on `hardware`'s system (a single device prices a
/// group of one; a larger group needs hardware=<system>).
CollectiveTime priceCollective(const Collective &collective,
                               const HardwareSpec &hardware,
                               CollectiveAlgorithm algorithm);

} // namespace mlsysim

#endif // MLSYSIM_PRICING_COLLECTIVES_H
