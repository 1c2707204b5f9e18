//===- mlsysim-calibrate.cpp - An empirical roofline of this machine ------===//
//
// Measures the host's sustained peaks (vector FMA FLOP/s in f32 and f64,
// STREAM bandwidth out of DRAM and out of the last-level cache, the read rate
// of the L1 data cache and of the private L2, the fixed cost of a call), on
// one core and on all cores, and each level's load-to-use latency, prints them
// as a table and writes them as device files that
// `--mlsysim-report=hardware=FILE` loads: one for all cores (what a parallel
// runtime can reach) and one for a single core (what single-threaded code, such
// as MLIR's default CPU lowering, can reach).
//
// With --from-profile, it fits a device file's efficiencies per op class to
// a run the user measured instead (FromProfile.h).
//
//===----------------------------------------------------------------------===//

#include "Calibration.h"
#include "DeviceFile.h"
#include "FromProfile.h"
#include "HostInfo.h"
#include "Kernels.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <cmath>

#ifndef MLSYSIM_CALIBRATE_CXX_FLAGS
#define MLSYSIM_CALIBRATE_CXX_FLAGS ""
#endif

using namespace mlsysim::calibrate;
namespace cl = llvm::cl;

static cl::OptionCategory category("mlsysim-calibrate options");
static cl::opt<std::string>
    outputFile("o", cl::desc("write the all-cores device file here"),
               cl::value_desc("file"), cl::cat(category));
static cl::opt<std::string> singleCoreOutputFile(
    "single-core-output",
    cl::desc("write the one-core device file (id suffix -1core) here"),
    cl::value_desc("file"), cl::cat(category));
static cl::opt<bool>
    quick("quick",
          cl::desc("fewer, shorter samples and smaller DRAM arrays "
                   "(under a minute)"),
          cl::cat(category));
static cl::opt<unsigned>
    threads("num-threads",
            cl::desc("threads of the all-cores measurements "
                     "(default: every hardware thread)"),
            cl::init(0), cl::cat(category));
static cl::opt<unsigned> repeats("repeats",
                                 cl::desc("samples per measurement "
                                          "(default 20, 5 with --quick)"),
                                 cl::init(0), cl::cat(category));
static cl::opt<double> minSampleSeconds(
    "min-sample-s",
    cl::desc("each sample runs at least this long (default 0.25, 0.05 with "
             "--quick)"),
    cl::init(0), cl::cat(category));
static cl::opt<uint64_t> dramArrayBytes(
    "dram-array-bytes",
    cl::desc("bytes of each STREAM array for DRAM bandwidth (default 4x the "
             "LLC, at least 64 MiB; 2x with --quick)"),
    cl::init(0), cl::cat(category));
static cl::opt<uint64_t> llcBytes(
    "llc-bytes",
    cl::desc("working set of the LLC bandwidth measurement (default: a quarter "
             "of the LLC, and at least 4x the private L2 of the cores used)"),
    cl::init(0), cl::cat(category));
static cl::opt<std::string>
    deviceId("id", cl::desc("id of the device file (default host-<hostname>)"),
             cl::cat(category));
static cl::opt<bool> noProgress("no-progress",
                                cl::desc("no progress lines on stderr"),
                                cl::cat(category));

static cl::OptionCategory
    fromProfileCategory("mlsysim-calibrate --from-profile options");
static cl::opt<std::string> fromProfile(
    "from-profile",
    cl::desc("fit the efficiencies of --hardware per op class to this "
             "measured run (torch.profiler trace, nsys or ncu CSV, mlsysim "
             "trace) instead of measuring this machine"),
    cl::value_desc("file"), cl::cat(fromProfileCategory));
static cl::opt<std::string> irFile("ir",
                                   cl::desc("the IR the profile ran (.mlir)"),
                                   cl::value_desc("file"),
                                   cl::cat(fromProfileCategory));
static cl::opt<std::string>
    hardware("hardware",
             cl::desc("the device to fit: a zoo id or alias, or a file"),
             cl::value_desc("id|file"), cl::cat(fromProfileCategory));
static cl::opt<int64_t> batch("batch",
                              cl::desc("the batch the profile ran (default 1)"),
                              cl::init(1), cl::cat(fromProfileCategory));
static cl::opt<mlsysim::ExecutionModel> execution(
    "execution", cl::desc("how the profiled run launched its kernels"),
    cl::values(clEnumValN(mlsysim::ExecutionModel::Eager, "eager",
                          "one kernel per op (framework eager; default)"),
               clEnumValN(mlsysim::ExecutionModel::Graph, "graph",
                          "one kernel per op, replayed from a graph"),
               clEnumValN(mlsysim::ExecutionModel::Compiled, "compiled",
                          "the kernels a fusing compiler forms")),
    cl::init(mlsysim::ExecutionModel::Eager), cl::cat(fromProfileCategory));
static cl::opt<std::string> fittedOutput(
    "output", cl::desc("write the fitted device file here (id suffix -fitted)"),
    cl::value_desc("file"), cl::cat(fromProfileCategory));

/// The plan the options ask for, with defaults sized from the host's caches.
static CalibrationPlan makePlan(const HostInfo &host) {
  CalibrationPlan plan;
  plan.threads = threads ? unsigned(threads) : host.cores;
  plan.repeats = repeats ? unsigned(repeats) : (quick ? 5 : 20);
  plan.minSampleSeconds =
      minSampleSeconds > 0 ? double(minSampleSeconds) : (quick ? 0.05 : 0.25);
  uint64_t llc = host.llcBytes ? host.llcBytes : (32ull << 20);
  // STREAM's rule: each array at least 4x the last-level cache.
  plan.dramArrayBytes =
      dramArrayBytes ? uint64_t(dramArrayBytes)
                     : std::max<uint64_t>((quick ? 2 : 4) * llc, 64ull << 20);
  // Large enough to spill every private L2, small enough to stay in the LLC.
  uint64_t l2 = host.l2PerCoreBytes ? host.l2PerCoreBytes : (1ull << 20);
  plan.llcWorkingSetBytes =
      llcBytes
          ? uint64_t(llcBytes)
          : std::min<uint64_t>(
                llc / 2, std::max<uint64_t>(llc / 4, 4 * l2 * plan.threads));
  // The per-core levels: half of each, so the core's other data (stack,
  // the team's flags) and the level's associativity leave it resident.
  // Unknown sizes get common ones (32 KiB L1, the L2 default above): the
  // table still shows them, but the file states no level the system does
  // not report.
  uint64_t l1 = host.l1PerCoreBytes ? host.l1PerCoreBytes : (32ull << 10);
  plan.l1WorkingSetBytes = l1 / 2;
  // An L2 that is the last level is shared, not a core's own.
  if (host.llcLevel != 2)
    plan.l2WorkingSetBytes = l2 / 2;
  // The chases: half the L1; a quarter of the L2 (a random walk over half of
  // it already misses: its lines' sets fill unevenly); past a private L2 but
  // well inside the LLC, which a VM's neighbours share (an 8 MiB walk of a
  // 32 MiB L3 took DRAM's time on a cloud VM); the three STREAM arrays (6x
  // the LLC or more, so few loads of the walk hit it).
  plan.chaseWorkingSets.push_back({"l1", l1 / 2});
  if (plan.l2WorkingSetBytes)
    plan.chaseWorkingSets.push_back({"l2", l2 / 4});
  plan.chaseWorkingSets.push_back(
      {"llc",
       std::min<uint64_t>(llc / 2, std::max<uint64_t>(llc / 8, 4 * l2))});
  plan.chaseWorkingSets.push_back({"dram", 3 * plan.dramArrayBytes});
  // Line-per-row reads from a per-core level's size to past the DRAM rule's
  // arrays, by factors of 4 (--quick: three small ones).
  plan.lineBytes = host.l2LineBytes ? host.l2LineBytes : 64;
  if (quick)
    plan.stridedFootprints = {64ull << 10, 256ull << 10, 1ull << 20};
  else
    for (uint64_t footprint = 256ull << 10; footprint <= (256ull << 20);
         footprint *= 4)
      plan.stridedFootprints.push_back(footprint);
  plan.progress = !noProgress;
  return plan;
}

static void printTable(llvm::raw_ostream &os, const HostInfo &host,
                       const std::vector<Measurement> &results) {
  os << "mlsysim-calibrate: " << host.cpuModel << ", " << host.cores
     << " hardware threads, LLC " << (host.llcBytes >> 10) << " KiB, "
     << host.hostName << ", " << host.date << "\n";
  os << llvm::format("%-34s %7s %12s %12s %8s  %s\n", "measurement", "threads",
                     "best", "median", "spread", "unit");
  for (const Measurement &m : results)
    os << llvm::format("%-34s %7u %12.4g %12.4g %7.1f%%  %s\n", m.label.c_str(),
                       m.threads, m.stats.best, m.stats.median,
                       100 * m.stats.spread(), m.unit.c_str());
}

/// "best 1.2e11 (median 1.1e11, spread 3.0%); <detail>" for a file's note.
static Figure figure(const Measurement &m, llvm::StringRef extra = "") {
  std::string note;
  llvm::raw_string_ostream os(note);
  os << m.label << ": best of " << repeats << " samples, median "
     << llvm::format("%.4g", m.stats.median) << ", spread "
     << llvm::format("%.1f%%", 100 * m.stats.spread()) << "; " << m.detail
     << extra;
  return {m.stats.best, note};
}

/// The fastest of copy, triad and read: the bound must hold for any streaming
/// op, and a reduction (read only) moves the most counted bytes per second.
static Figure bandwidthFigure(const std::vector<Measurement> &results,
                              llvm::StringRef level, llvm::StringRef scope) {
  const Measurement *best = nullptr;
  std::string others;
  for (llvm::StringRef kernel : {"copy", "triad", "read"}) {
    const Measurement &m =
        lookup(results, (level + "-" + kernel + "-" + scope).str());
    if (!best || m.stats.best > best->stats.best)
      best = &m;
  }
  for (llvm::StringRef kernel : {"copy", "triad", "read"}) {
    const Measurement &m =
        lookup(results, (level + "-" + kernel + "-" + scope).str());
    if (&m != best)
      others += (others.empty() ? "" : ", ") + m.label + " " +
                llvm::formatv("{0:e3}", m.stats.best).str();
  }
  return figure(*best,
                "; the fastest of copy, triad and read (" + others + ")");
}

static DeviceFigures figuresFor(const HostInfo &host,
                                const std::vector<Measurement> &results,
                                bool allCores, unsigned threadCount) {
  llvm::StringRef scope = allCores ? "all" : "one";
  DeviceFigures figures;
  std::string base = deviceId.empty() ? hostDeviceId(host) : deviceId;
  figures.id = allCores ? base : base + "-1core";
  figures.cores = allCores ? threadCount : 1;
  figures.name = host.cpuModel + " (" + host.hostName + ", " +
                 std::to_string(figures.cores) +
                 (allCores ? " cores" : " core") + ", measured)";
  figures.method = std::string(__VERSION__).find("clang") != std::string::npos
                       ? "clang " __VERSION__
                       : "GCC " __VERSION__;
  figures.method += std::string(", flags '") + MLSYSIM_CALIBRATE_CXX_FLAGS +
                    "', FMA kernels " + fmaInstructionSet() +
                    " (chosen at run time)";
  figures.vectorF32 = figure(lookup(results, ("fma-f32-" + scope).str()));
  figures.vectorF64 = figure(lookup(results, ("fma-f64-" + scope).str()));
  figures.bandwidth = bandwidthFigure(results, "dram", scope);
  figures.llcBandwidth = bandwidthFigure(results, "llc", scope);
  figures.launchOverhead = figure(lookup(results, ("call-" + scope).str()));
  const Measurement &clock = lookup(results, "clock");
  if (clock.stats.best > 0)
    figures.clockHz = figure(clock);
  // The chains a core needs for its peak: the one-core f32 peak over one
  // chain's rate, a whole number (the FMA latency times the pipes).
  const Measurement &chain = lookup(results, "fma-f32-chain");
  const Measurement &peak = lookup(results, "fma-f32-one");
  if (fmaVectorBytes() && chain.stats.best > 0) {
    figures.vectorRegisterBytes = fmaVectorBytes();
    double chains =
        std::max(1.0, std::round(peak.stats.best / chain.stats.best));
    Figure measured = figure(chain);
    figures.fmaChains = {
        chains, llvm::formatv("the one-core f32 peak, {0:e3} FLOP/s, over {1}",
                              peak.stats.best, measured.note)
                    .str()};
  }
  // The per-core levels' read rates, and every level's latency (one core's,
  // in both files: the wait of a load that queues behind no other core's
  // traffic), with the cycles it is at the measured clock.
  auto measured = [&](const std::string &key) -> std::optional<Figure> {
    const Measurement *m = find(results, key);
    if (!m || m->stats.best <= 0)
      return std::nullopt;
    return figure(*m);
  };
  figures.l1Bandwidth = measured(("l1-read-" + scope).str());
  figures.l2Bandwidth = measured(("l2-read-" + scope).str());
  auto latency = [&](const std::string &key) -> std::optional<Figure> {
    const Measurement *m = find(results, key);
    if (!m || m->stats.best <= 0)
      return std::nullopt;
    if (clock.stats.best <= 0)
      return figure(*m);
    return figure(*m, llvm::formatv("; {0:f1} cycles at the measured clock",
                                    m->stats.best * clock.stats.best)
                          .str());
  };
  figures.l1Latency = latency("latency-l1");
  figures.l2Latency = latency("latency-l2");
  figures.llcLatency = latency("latency-llc");
  figures.dramLatency = latency("latency-dram");
  // Seconds per visit: the inverse of the best visit rate.
  for (const Measurement &m : results) {
    llvm::StringRef key(m.key);
    if (!key.consume_front("visits-") || !key.consume_back("-" + scope.str()))
      continue;
    uint64_t footprint = 0;
    if (key.getAsInteger(10, footprint) || m.stats.best <= 0)
      continue;
    Figure rate = figure(m);
    figures.stridedVisits.push_back({footprint, {1.0 / rate.value, rate.note}});
  }
  return figures;
}

static bool writeFile(llvm::StringRef path, const HostInfo &host,
                      const DeviceFigures &figures) {
  std::error_code ec;
  llvm::ToolOutputFile out(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    llvm::WithColor::error() << path << ": " << ec.message() << "\n";
    return false;
  }
  writeDeviceFile(out.os(), host, figures);
  out.keep();
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions({&category, &fromProfileCategory});
  cl::ParseCommandLineOptions(
      argc, argv,
      "mlsysim-calibrate: measures this machine's sustained peaks and writes "
      "them as mlsysim device files; with --from-profile, fits a device "
      "file's efficiencies to a measured run\n");
  if (!fromProfile.empty())
    return runFromProfile(
        {fromProfile, irFile, hardware, batch, execution, fittedOutput},
        llvm::outs());

  HostInfo host = readHostInfo();
  CalibrationPlan plan = makePlan(host);
  if (!repeats)
    repeats = plan.repeats; // for the notes
  std::vector<Measurement> results = runCalibration(plan, llvm::errs());
  printTable(llvm::outs(), host, results);

  bool ok = true;
  if (!outputFile.empty())
    ok &= writeFile(outputFile, host,
                    figuresFor(host, results, true, plan.threads));
  if (!singleCoreOutputFile.empty())
    ok &= writeFile(singleCoreOutputFile, host,
                    figuresFor(host, results, false, plan.threads));
  return ok ? 0 : 1;
}
