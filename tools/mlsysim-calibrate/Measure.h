//===- Measure.h - Repeated timing on a team of threads -----------*- C++
//-*-===//
//
// A measurement is the best of repeated runs (a peak is what the machine can
// sustain; slower runs were disturbed), reported with the median and the
// spread so a noisy host shows as noisy. Runs on several cores use a team of
// spinning threads created once, so the time of one run is the work, not the
// creation of threads.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_MEASURE_H
#define MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_MEASURE_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <atomic>
#include <thread>
#include <vector>

namespace mlsysim::calibrate {

/// Seconds since an arbitrary origin, from a monotonic clock.
double nowSeconds();

/// A summary of repeated samples of one quantity.
struct Stats {
  double best = 0;   ///< the fastest run (highest rate or lowest time)
  double median = 0; ///< the median run
  double worst = 0;  ///< the slowest run
  /// |best - worst| / best: how much the runs disagree.
  double spread() const;
};

/// Summarizes samples; `higherIsBetter` for rates, false for times.
Stats summarize(std::vector<double> samples, bool higherIsBetter);

/// Threads that run one function together, the caller being member 0. The
/// members spin between runs (yielding after a while) so that starting a run
/// costs a cache-line transfer, as in an OpenMP runtime.
class ThreadTeam {
public:
  explicit ThreadTeam(unsigned size);
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam &) = delete;
  ThreadTeam &operator=(const ThreadTeam &) = delete;

  unsigned size() const { return numThreads; }

  /// Runs `fn(member)` on every member and returns when all have finished.
  void run(llvm::function_ref<void(unsigned)> fn);

private:
  void workerLoop(unsigned member);

  unsigned numThreads;
  std::vector<std::thread> workers;
  llvm::function_ref<void(unsigned)> task;
  std::atomic<uint64_t> generation{0};
  std::atomic<unsigned> pending{0};
  std::atomic<bool> stopping{false};
};

} // namespace mlsysim::calibrate

#endif // MLSYSIM_TOOLS_MLSYSIM_CALIBRATE_MEASURE_H
