//===- Calibration.cpp - The host's peaks, one measurement at a time ------===//

#include "Calibration.h"
#include "Kernels.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <numeric>
#include <random>

#ifdef __linux__
#include <sys/mman.h>
#endif

using namespace mlsysim::calibrate;

namespace {
/// The samples of one measurement: `runOnce` does `work` units (FLOPs, bytes,
/// calls) on the whole team; each sample repeats it until it has run for the
/// plan's minimum, so short kernels are not timed at the clock's resolution.
/// Returns rates (work per second), or seconds per call when `perCall`.
Stats sample(const CalibrationPlan &plan, ThreadTeam &team, double work,
             llvm::function_ref<void(unsigned)> runOnce, bool perCall) {
  // The first run warms caches, pages and clocks, and sizes the samples.
  double start = nowSeconds();
  team.run(runOnce);
  double first = std::max(nowSeconds() - start, 1e-9);
  uint64_t runsPerSample =
      std::max<uint64_t>(1, uint64_t(std::ceil(plan.minSampleSeconds / first)));
  std::vector<double> samples;
  for (unsigned r = 0; r < plan.repeats; ++r) {
    start = nowSeconds();
    for (uint64_t i = 0; i < runsPerSample; ++i)
      team.run(runOnce);
    double seconds = nowSeconds() - start;
    samples.push_back(perCall ? seconds / runsPerSample
                              : work * runsPerSample / seconds);
  }
  return summarize(std::move(samples), /*higherIsBetter=*/!perCall);
}

/// Frees what std::aligned_alloc returned.
struct FreeDeleter {
  void operator()(char *p) const { std::free(p); }
};
using AlignedBuffer = std::unique_ptr<char[], FreeDeleter>;

/// At least `bytes` bytes aligned to `alignment` (a power of two, at least a
/// page where `hugePages`), not yet touched. With `hugePages`, asks Linux for
/// 2 MiB pages (transparent huge pages in "madvise" mode), so a random walk
/// over a large buffer times the caches and DRAM rather than page walks.
AlignedBuffer allocateAligned(size_t bytes, size_t alignment, bool hugePages) {
  size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  AlignedBuffer buffer(
      static_cast<char *>(std::aligned_alloc(alignment, rounded)));
  if (!buffer)
    llvm::report_fatal_error("out of memory for a calibration buffer");
#ifdef MADV_HUGEPAGE
  if (hugePages)
    (void)madvise(buffer.get(), rounded, MADV_HUGEPAGE);
#else
  (void)hugePages;
#endif
  return buffer;
}

/// The pointer chases' page: a 2 MiB one holds a per-core level's whole
/// ring and puts an LLC-sized one in a few TLB entries, so the walk times the
/// caches rather than page walks (which a VM's nested paging makes long).
constexpr size_t kHugePageBytes = 2ull << 20;

/// The three STREAM arrays, first touched by the team that will use them.
struct StreamArrays {
  StreamArrays(ThreadTeam &team, size_t n)
      : n(n), a(new double[n]), b(new double[n]), c(new double[n]) {
    team.run([&](unsigned member) {
      auto [lo, hi] = slice(member, team.size());
      for (size_t i = lo; i < hi; ++i) {
        a[i] = 0;
        b[i] = 1.0 + double(i % 7);
        c[i] = 2.0 - double(i % 5);
      }
    });
  }
  std::pair<size_t, size_t> slice(unsigned member, unsigned members) const {
    return {n * member / members, n * (member + 1) / members};
  }
  size_t n;
  std::unique_ptr<double[]> a, b, c;
};
/// Runs the measurements in order on a team of one and of all cores,
/// printing a progress line per step and per result.
class Calibrator {
public:
  Calibrator(const CalibrationPlan &plan, llvm::raw_ostream &progress)
      : plan(plan), progress(progress), one(1), all(plan.threads) {}

  std::vector<Measurement> run() {
    measureClock();
    measureFma();
    measureFmaChain();
    measureStream();
    measureCoreCaches();
    measureStrided();
    measureLatency();
    measureCallOverhead();
    return std::move(results);
  }

private:
  /// Announces the next measurement.
  void step(llvm::StringRef what) {
    if (plan.progress)
      progress << llvm::format("[%2u/%u] ", unsigned(results.size() + 1),
                               numSteps())
               << what << "\n";
    progress.flush();
  }
  void record(Measurement m) {
    if (plan.progress)
      progress << llvm::format("        %.4g %s (spread %.1f%%)\n",
                               m.stats.best, m.unit.c_str(),
                               100 * m.stats.spread());
    results.push_back(std::move(m));
  }
  unsigned numSteps() const {
    return 20 + 2 * plan.stridedFootprints.size() +
           2 * (plan.l1WorkingSetBytes > 0) + 2 * (plan.l2WorkingSetBytes > 0) +
           plan.chaseWorkingSets.size();
  }

  /// The clock: 16 dependent one-cycle adds per iteration.
  void measureClock() {
    step("clock (dependent integer adds, one core)");
    const uint64_t iterations = 1 << 20;
    volatile uint64_t sink = 0;
    Stats stats = sample(
        plan, one, double(iterations) * 16,
        [&](unsigned) { sink = sink + runClockChain(iterations); },
        /*perCall=*/false);
    if (runClockChain(1) == 0)
      stats = Stats();
    record({"clock", "clock (add latency chain)", "Hz", 1, stats,
            "16 dependent adds x 2^20 per run"});
  }

  /// Vector FMA peaks.
  void measureFma() {
    for (FloatKind kind : {FloatKind::F32, FloatKind::F64}) {
      const char *type = kind == FloatKind::F32 ? "f32" : "f64";
      for (ThreadTeam *team : {&one, &all}) {
        bool isAll = team == &all;
        step(std::string("vector FMA ") + type +
             (isAll ? ", all cores" : ", one core"));
        const uint64_t iterations = 1 << 16;
        std::vector<double> sinks(team->size());
        double work =
            double(fmaFlopsPerIteration(kind)) * iterations * team->size();
        Stats stats = sample(
            plan, *team, work,
            [&](unsigned member) { sinks[member] += runFma(kind, iterations); },
            /*perCall=*/false);
        record({std::string("fma-") + type + (isAll ? "-all" : "-one"),
                std::string("vector FMA ") + type +
                    (isAll ? ", all cores" : ", one core"),
                "FLOP/s", team->size(), stats,
                std::string(fmaInstructionSet()) + ", " +
                    std::to_string(fmaFlopsPerIteration(kind) / 2) +
                    " independent FMA lanes per iteration"});
        if (std::isnan(sinks[0]))
          llvm::report_fatal_error("FMA chain diverged");
      }
    }
  }

  /// One chain of dependent f32 FMAs on one core: the peak over its rate is
  /// how many chains a core needs in flight (vector_unit.fma_chains).
  void measureFmaChain() {
    step("vector FMA f32, one chain (dependent FMAs, one core)");
    const uint64_t iterations = 1 << 16;
    double sink = 0;
    double lanes = fmaVectorBytes() / 4.0;
    Stats stats = sample(
        plan, one, 2 * lanes * iterations,
        [&](unsigned) { sink += runFmaChain(iterations); },
        /*perCall=*/false);
    if (fmaVectorBytes() == 0)
      stats = Stats();
    if (std::isnan(sink))
      llvm::report_fatal_error("FMA chain diverged");
    record(
        {"fma-f32-chain", "vector FMA f32, one chain", "FLOP/s", 1, stats,
         std::string(fmaInstructionSet()) + ", one chain of dependent FMAs"});
  }

  /// STREAM copy and triad (and a read), out of DRAM and out of the
  /// last-level cache.
  void measureStream() {
    struct Level {
      const char *key, *label;
      uint64_t totalBytes;
    };
    for (Level level : {Level{"dram", "DRAM", 3 * plan.dramArrayBytes},
                        Level{"llc", "LLC", plan.llcWorkingSetBytes}}) {
      for (ThreadTeam *team : {&one, &all}) {
        bool isAll = team == &all;
        size_t n = std::max<uint64_t>(level.totalBytes / 3 / sizeof(double),
                                      1024 * team->size());
        StreamArrays arrays(*team, n);
        std::string sizes = std::to_string(n * sizeof(double) >> 10) +
                            " KiB per array, 3 arrays";
        std::vector<double> sums(team->size());
        for (const char *kernel : {"copy", "triad", "read"}) {
          llvm::StringRef name(kernel);
          std::string label = std::string(level.label) + " " + kernel +
                              (isAll ? ", all cores" : ", one core");
          step(label);
          double bytesPerElement = name == "copy"    ? 16
                                   : name == "triad" ? 24
                                                     : 8;
          Stats stats = sample(
              plan, *team, bytesPerElement * n,
              [&](unsigned member) {
                auto [lo, hi] = arrays.slice(member, team->size());
                if (name == "triad")
                  triadKernel(&arrays.a[lo], &arrays.b[lo], &arrays.c[lo], 3.0,
                              hi - lo);
                else if (name == "copy")
                  copyKernel(&arrays.a[lo], &arrays.b[lo], hi - lo);
                else
                  sums[member] += readKernel(&arrays.b[lo], hi - lo);
              },
              /*perCall=*/false);
          record({std::string(level.key) + "-" + kernel +
                      (isAll ? "-all" : "-one"),
                  label, "B/s", team->size(), stats,
                  sizes + ", " + std::to_string(int(bytesPerElement)) +
                      " B/element (read + written, write-allocate not "
                      "counted)"});
        }
      }
    }
  }

  /// The read rate of the per-core caches: every core reads its own buffer,
  /// sized to fit its L1 data cache or its private L2, many times a run (a
  /// pass over an L1-sized buffer takes less than a fork/join of the team).
  void measureCoreCaches() {
    struct Level {
      const char *key, *label;
      uint64_t bytes;
    };
    for (Level level : {Level{"l1", "L1", plan.l1WorkingSetBytes},
                        Level{"l2", "L2", plan.l2WorkingSetBytes}}) {
      if (!level.bytes)
        continue;
      size_t n = std::max<uint64_t>(level.bytes / sizeof(double), 64);
      // 16 MiB per core and run: a run of milliseconds at most, whatever the
      // level's rate, and far longer than the team's fork/join.
      uint64_t passes = std::max<uint64_t>(1, (16ull << 20) / (n * 8));
      for (ThreadTeam *team : {&one, &all}) {
        bool isAll = team == &all;
        std::string label = std::string(level.label) + " read" +
                            (isAll ? ", all cores" : ", one core");
        step(label);
        // Page-aligned and first touched by their reader: each core's
        // buffer is its own, in its own cache.
        std::vector<AlignedBuffer> buffers;
        for (unsigned member = 0; member < team->size(); ++member)
          buffers.push_back(allocateAligned(n * sizeof(double), 4096,
                                            /*hugePages=*/false));
        team->run([&](unsigned member) {
          auto *data = reinterpret_cast<double *>(buffers[member].get());
          for (size_t i = 0; i < n; ++i)
            data[i] = 1.0 + double(i % 7);
        });
        std::vector<double> sums(team->size());
        Stats stats = sample(
            plan, *team, double(n) * sizeof(double) * passes * team->size(),
            [&](unsigned member) {
              sums[member] += readPasses(
                  reinterpret_cast<const double *>(buffers[member].get()), n,
                  passes);
            },
            /*perCall=*/false);
        record({std::string(level.key) + "-read" + (isAll ? "-all" : "-one"),
                label, "B/s", team->size(), stats,
                std::to_string(n * sizeof(double) >> 10) +
                    " KiB per core, each core its own buffer, read " +
                    std::to_string(passes) + " times a run as 8 streams of " +
                    readInstructionSet() + " loads, 8 B/element"});
      }
    }
  }

  /// The load-to-use latency of each level: one core follows a ring of
  /// pointers, one per line, in a random order over the level's working set,
  /// so every load waits for the one before and no prefetcher can guess the
  /// next line. The time per load is the level's latency (with the L1's
  /// share of hits on a working set that does not fit it).
  void measureLatency() {
    for (const auto &[key, bytes] : plan.chaseWorkingSets) {
      std::string label = llvm::StringRef(key).upper() + " latency, one core";
      step(label + " (pointer chase)");
      size_t line = std::max<size_t>(plan.lineBytes, sizeof(void *));
      size_t lines = std::max<size_t>(2, bytes / line);
      AlignedBuffer buffer =
          allocateAligned(lines * line, kHugePageBytes, /*hugePages=*/true);
      // One cycle through every line (a shuffled order, each line pointing
      // to the next), seeded so every run walks the same ring.
      std::vector<size_t> order(lines);
      std::iota(order.begin(), order.end(), size_t(0));
      std::mt19937_64 random(0x6d6c73);
      std::shuffle(order.begin(), order.end(), random);
      char *base = buffer.get();
      for (size_t i = 0; i < lines; ++i) {
        void *next = base + order[(i + 1) % lines] * line;
        std::memcpy(base + order[i] * line, &next, sizeof(next));
      }
      // Each run resumes where the last stopped: a ring larger than the
      // caches is walked through, not its first lines over and over.
      void *cursor = base + order[0] * line;
      const uint64_t steps = 1 << 16;
      Stats rate = sample(
          plan, one, double(steps),
          [&](unsigned) { cursor = chasePointers(cursor, steps); },
          /*perCall=*/false);
      if (!cursor)
        llvm::report_fatal_error("pointer chase left its ring");
      // Seconds per load: the fastest rate is the lowest latency.
      Stats seconds;
      if (rate.best > 0)
        seconds = {1 / rate.best, 1 / rate.median, 1 / rate.worst};
      record({"latency-" + key, label, "s", 1, seconds,
              std::to_string(lines * line >> 10) + " KiB ring of " +
                  std::to_string(lines) + " " + std::to_string(line) +
                  "-byte lines in a random cyclic order, " +
                  std::to_string(steps) +
                  " dependent loads a run, 2 MiB pages requested"});
    }
  }

  /// Reads a line of each row at a time, rows a page or more apart, by the
  /// buffer's footprint: the time of one visit (seconds per line read).
  void measureStrided() {
    for (uint64_t footprint : plan.stridedFootprints) {
      for (ThreadTeam *team : {&one, &all}) {
        bool isAll = team == &all;
        std::string label = "a line per row, " +
                            std::to_string(footprint >> 10) + " KiB" +
                            (isAll ? ", all cores" : ", one core");
        step(label);
        size_t stride = plan.stridedStrideBytes;
        // Every member reads the whole buffer: the cores of a parallel
        // contraction each walk the operand's rows (their own columns of
        // them), sharing the levels that hold it.
        size_t rows = std::max<size_t>(1, footprint / stride);
        std::unique_ptr<char[]> buffer(new char[rows * stride]);
        std::memset(buffer.get(), 1, rows * stride);
        std::vector<uint64_t> sums(team->size());
        double visits = double(rows) * team->size() * (stride / plan.lineBytes);
        Stats stats = sample(
            plan, *team, visits,
            [&](unsigned member) {
              sums[member] +=
                  readLinePerRow(buffer.get(), rows, stride, plan.lineBytes);
            },
            /*perCall=*/false);
        record(
            {"visits-" + std::to_string(footprint) + (isAll ? "-all" : "-one"),
             label, "visits/s", team->size(), stats,
             std::to_string(stride) + "-byte rows, " +
                 std::to_string(plan.lineBytes) +
                 "-byte lines, every row's line before the next line"});
      }
    }
  }

  /// The fixed cost of one kernel call: an empty call on one core, and a
  /// fork/join of the whole team (the cost an all-core kernel pays).
  void measureCallOverhead() {
    step("call overhead, one core (empty call through a pointer)");
    void (*volatile fn)() = emptyKernel;
    Stats stats =
        sample(plan, one, 1, [&](unsigned) { fn(); }, /*perCall=*/true);
    record({"call-one", "kernel call, one core", "s", 1, stats,
            "empty function called through a pointer"});
    step("call overhead, all cores (empty fork/join of the team)");
    stats = sample(plan, all, 1, [&](unsigned) {}, /*perCall=*/true);
    record({"call-all", "kernel call, all cores", "s", all.size(), stats,
            "empty task run on every member of a spinning thread team"});
  }

  const CalibrationPlan &plan;
  llvm::raw_ostream &progress;
  ThreadTeam one, all;
  std::vector<Measurement> results;
};
} // namespace

std::vector<Measurement>
mlsysim::calibrate::runCalibration(const CalibrationPlan &plan,
                                   llvm::raw_ostream &progress) {
  return Calibrator(plan, progress).run();
}

const Measurement *mlsysim::calibrate::find(const std::vector<Measurement> &all,
                                            llvm::StringRef key) {
  for (const Measurement &m : all)
    if (m.key == key)
      return &m;
  return nullptr;
}

const Measurement &
mlsysim::calibrate::lookup(const std::vector<Measurement> &all,
                           llvm::StringRef key) {
  if (const Measurement *m = find(all, key))
    return *m;
  llvm::report_fatal_error(llvm::Twine("no measurement named ") + key);
}
