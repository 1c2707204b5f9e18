//===- Measure.cpp - Repeated timing on a team of threads -----------------===//

#include "Measure.h"

#include <algorithm>
#include <chrono>
#include <cmath>

using namespace mlsysim::calibrate;

double mlsysim::calibrate::nowSeconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double Stats::spread() const {
  return best == 0 ? 0 : std::fabs(best - worst) / best;
}

Stats mlsysim::calibrate::summarize(std::vector<double> samples,
                                    bool higherIsBetter) {
  Stats stats;
  if (samples.empty())
    return stats;
  std::sort(samples.begin(), samples.end());
  if (higherIsBetter)
    std::reverse(samples.begin(), samples.end());
  stats.best = samples.front();
  stats.worst = samples.back();
  size_t mid = samples.size() / 2;
  stats.median = samples.size() % 2 ? samples[mid]
                                    : 0.5 * (samples[mid - 1] + samples[mid]);
  return stats;
}

/// Waits for `done()` by spinning briefly, then yielding: a pure spin would
/// starve other processes on a small machine (lit runs tests in parallel).
template <typename Pred> static void spinUntil(Pred done) {
  for (unsigned spins = 0; !done(); ++spins)
    if (spins > 4096)
      std::this_thread::yield();
}

ThreadTeam::ThreadTeam(unsigned size) : numThreads(std::max(1u, size)) {
  for (unsigned member = 1; member < numThreads; ++member)
    workers.emplace_back([this, member] { workerLoop(member); });
}

ThreadTeam::~ThreadTeam() {
  stopping.store(true, std::memory_order_release);
  generation.fetch_add(1, std::memory_order_acq_rel);
  for (std::thread &worker : workers)
    worker.join();
}

void ThreadTeam::workerLoop(unsigned member) {
  uint64_t seen = 0;
  while (true) {
    spinUntil(
        [&] { return generation.load(std::memory_order_acquire) != seen; });
    seen = generation.load(std::memory_order_acquire);
    if (stopping.load(std::memory_order_acquire))
      return;
    task(member);
    pending.fetch_sub(1, std::memory_order_acq_rel);
  }
}

void ThreadTeam::run(llvm::function_ref<void(unsigned)> fn) {
  task = fn;
  pending.store(numThreads - 1, std::memory_order_release);
  generation.fetch_add(1, std::memory_order_acq_rel);
  fn(0);
  spinUntil([&] { return pending.load(std::memory_order_acquire) == 0; });
}
