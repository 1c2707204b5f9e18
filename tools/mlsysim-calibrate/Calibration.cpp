//===- Calibration.cpp - The host's peaks, one measurement at a time ------===//

#include "Calibration.h"
#include "Kernels.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"

#include <cmath>
#include <cstring>
#include <memory>

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
    measureStrided();
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
  unsigned numSteps() const { return 20 + 2 * plan.stridedFootprints.size(); }

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

const Measurement &
mlsysim::calibrate::lookup(const std::vector<Measurement> &all,
                           llvm::StringRef key) {
  for (const Measurement &m : all)
    if (m.key == key)
      return m;
  llvm::report_fatal_error(llvm::Twine("no measurement named ") + key);
}
