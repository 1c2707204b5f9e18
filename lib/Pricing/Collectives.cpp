//===- Collectives.cpp - Time of a collective on a system -----------------===//

#include "mlsysim/Pricing/Collectives.h"

#include "mlsysim/Hardware/SystemSpec.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlsysim;

namespace {
/// One level a group crosses: `members` devices of the group meet there.
struct Hop {
  unsigned level;
  int64_t members;
  double bandwidth, alpha;
};
/// A time and the bytes its bandwidth terms move.
struct Cost {
  double seconds = 0.0, bytes = 0.0;
};
} // namespace

/// The ring (or chain) formula for `kind` over `p` devices that share one
/// bandwidth and alpha.
static Cost ringCost(CollectiveKind kind, double p, double n, double bandwidth,
                     double alpha) {
  switch (kind) {
  case CollectiveKind::AllReduce:
  case CollectiveKind::Reduce:
    return {2 * (p - 1) / p * n / bandwidth + 2 * (p - 1) * alpha,
            2 * (p - 1) / p * n};
  case CollectiveKind::AllGather:
  case CollectiveKind::ReduceScatter:
  case CollectiveKind::AllToAll:
  case CollectiveKind::Gather:
  case CollectiveKind::Scatter:
    return {(p - 1) / p * n / bandwidth + (p - 1) * alpha, (p - 1) / p * n};
  case CollectiveKind::Broadcast:
    return {n / bandwidth + (p - 1) * alpha, n};
  case CollectiveKind::PointToPoint:
    return {n / bandwidth + alpha, n};
  }
  llvm_unreachable("unknown collective kind");
}

/// The tree formula, for the kinds trees serve.
static std::optional<Cost> treeCost(CollectiveKind kind, double p, double n,
                                    double bandwidth, double alpha) {
  double depth = std::ceil(std::log2(p));
  if (kind == CollectiveKind::AllReduce)
    return Cost{2 * n / bandwidth + 2 * depth * alpha, 2 * n};
  if (kind == CollectiveKind::Broadcast)
    return Cost{depth * (n / bandwidth + alpha), n};
  return std::nullopt;
}

/// Level by level, innermost first; each level works on what the inner ones
/// left (a reduce-scatter inside leaves 1/g of the buffer to the next level).
static Cost hierarchicalCost(CollectiveKind kind, llvm::ArrayRef<Hop> hops,
                             double n) {
  Cost total;
  double part = n;
  for (const Hop &hop : hops) {
    Cost step = ringCost(kind, hop.members, part, hop.bandwidth, hop.alpha);
    total.seconds += step.seconds;
    total.bytes += step.bytes;
    if (kind != CollectiveKind::Broadcast &&
        kind != CollectiveKind::PointToPoint)
      part /= hop.members;
  }
  return total;
}

/// The linear indices (row-major over the grid) of the devices that share
/// device 0's group: those that differ from it only along the collective's
/// axes (for a point-to-point message, device 0 and its neighbour along the
/// first axis).
static llvm::SmallVector<int64_t> groupOfFirstDevice(const Collective &c) {
  size_t rank = c.gridShape.size();
  llvm::SmallVector<int64_t> strides(rank, 1);
  for (size_t i = rank; i-- > 1;)
    strides[i - 1] = strides[i] * c.gridShape[i];
  llvm::SmallVector<int64_t> members = {0};
  if (c.kind == CollectiveKind::PointToPoint) {
    if (!c.gridAxes.empty() && c.gridShape[c.gridAxes.front()] > 1)
      members.push_back(strides[c.gridAxes.front()]);
    return members;
  }
  for (int64_t axis : c.gridAxes) {
    llvm::SmallVector<int64_t> grown;
    for (int64_t member : members)
      for (int64_t k = 0; k < c.gridShape[axis]; ++k)
        grown.push_back(member + k * strides[axis]);
    members = std::move(grown);
  }
  return members;
}

CollectiveTime mlsysim::priceCollective(const Collective &collective,
                                        const HardwareSpec &hardware,
                                        CollectiveAlgorithm algorithm) {
  CollectiveTime result;
  int64_t p = collective.getGroupSize();
  uint64_t gridDevices = 1; // Saturating, as getGroupSize.
  for (int64_t size : collective.gridShape)
    gridDevices =
        llvm::SaturatingMultiply(gridDevices, static_cast<uint64_t>(size));
  if (p <= 1) {
    result.priced = true; // One device: nothing crosses a link.
    return result;
  }
  const SystemSpec *system = hardware.system.get();
  if (!system) {
    result.reason = ("a collective over " + llvm::Twine(p) +
                     " devices needs a system (hardware=dgx-h100, or a "
                     "system file): " +
                     hardware.id + " describes one device")
                        .str();
    return result;
  }
  if (gridDevices > static_cast<uint64_t>(system->getDeviceCount())) {
    result.reason =
        ("its grid has " + llvm::Twine(gridDevices) + " devices; " +
         system->id + " has " + llvm::Twine(system->getDeviceCount()))
            .str();
    return result;
  }
  // Which levels the group crosses: the devices per block of each level
  // (level 0's blocks are its groups of `size` devices, level 1's blocks
  // groups of those, ...), counted by the distinct blocks the group touches.
  llvm::SmallVector<int64_t> members = groupOfFirstDevice(collective);
  llvm::SmallVector<Hop, 2> hops;
  int64_t block = 1, inner = static_cast<int64_t>(members.size());
  for (auto [index, level] : llvm::enumerate(system->levels)) {
    block *= static_cast<int64_t>(level.size.value);
    llvm::DenseSet<int64_t> blocks;
    for (int64_t member : members)
      blocks.insert(member / block);
    int64_t outer = static_cast<int64_t>(blocks.size());
    if (inner / outer > 1)
      hops.push_back({static_cast<unsigned>(index), inner / outer,
                      level.bandwidthBytesPerS.value, level.latencyS.value});
    inner = outer;
  }
  double n = collective.bytes.toDouble();
  double slowest = hops.front().bandwidth, alpha = hops.front().alpha;
  for (const Hop &hop : hops) {
    slowest = std::min(slowest, hop.bandwidth);
    alpha = std::max(alpha, hop.alpha);
  }
  double devices = static_cast<double>(members.size());
  Cost ring = ringCost(collective.kind, devices, n, slowest, alpha);
  std::optional<Cost> tree =
      treeCost(collective.kind, devices, n, slowest, alpha);
  std::optional<Cost> hierarchical;
  if (hops.size() > 1)
    hierarchical = hierarchicalCost(collective.kind, hops, n);

  Cost chosen = ring;
  result.algorithm = CollectiveAlgorithm::Ring;
  auto take = [&](const std::optional<Cost> &cost, CollectiveAlgorithm a) {
    if (cost && (algorithm == a || (algorithm == CollectiveAlgorithm::Auto &&
                                    cost->seconds < chosen.seconds))) {
      chosen = *cost;
      result.algorithm = a;
    }
  };
  take(tree, CollectiveAlgorithm::Tree);
  take(hierarchical, CollectiveAlgorithm::Hierarchical);
  result.priced = true;
  result.seconds = chosen.seconds;
  result.bytesSent = chosen.bytes;
  for (const Hop &hop : hops)
    result.levels.push_back({hop.level, hop.members});
  return result;
}
