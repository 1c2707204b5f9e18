//===- ScalingView.cpp - One sharded program at several device counts -----===//

#include "mlsysim/Reporting/SweepView.h"

#include "mlsysim/Reporting/JSONWriter.h"
#include "mlsysim/Reporting/Units.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

using namespace mlsysim;

void mlsysim::printScaling(llvm::ArrayRef<ScalingSeries> series,
                           ReportFormat format, llvm::raw_ostream &os) {
  if (format == ReportFormat::JSON) {
    llvm::json::Array devices;
    for (const ScalingSeries &s : series) {
      llvm::json::Array points;
      for (auto [i, p] : llvm::enumerate(s.points)) {
        // A point that could not be priced knows nothing but its failure:
        // its figures are unknown (null), not 0.
        bool priced = p.failure.empty();
        auto known = [&](auto value) {
          return priced ? llvm::json::Value(value) : llvm::json::Value(nullptr);
        };
        auto optional = [](std::optional<double> value) {
          return value ? llvm::json::Value(*value) : llvm::json::Value(nullptr);
        };
        points.push_back(llvm::json::Object{
            {"devices", p.devices},
            {"failure", priced ? llvm::json::Value(nullptr)
                               : llvm::json::Value(p.failure)},
            {"latency_s", known(p.latency)},
            {"t_communication_s", known(p.tCommunication)},
            {"communication_share", known(p.communicationShare)},
            {"bytes_communicated", known(p.bytesCommunicated)},
            {"overlap_hidden_s", known(p.hiddenTime)},
            {"collectives", known(p.collectives)},
            {"unmodeled", known(p.unmodeled)},
            {"peak_bytes", known(p.peakBytes)},
            {"speedup", optional(s.getSpeedup(i))},
            {"efficiency", optional(s.getEfficiency(i))},
        });
      }
      devices.push_back(llvm::json::Object{{"hardware", s.hardware->id},
                                           {"points", std::move(points)}});
    }
    printJSON(llvm::json::Object{{"schema", "mlsysim-scaling/1"},
                                 {"scaling", std::move(devices)}},
              os);
    return;
  }
  for (const ScalingSeries &s : series) {
    os << "scaling on " << s.hardware->name << " (" << s.hardware->id
       << "): the grid set to each device count, partitioned by MLIR's "
          "sharding-propagation and shard-partition, priced per device\n";
    os << llvm::format("  %8s  %12s  %14s  %12s  %8s  %10s  %12s\n", "devices",
                       "per device", "communication", "sent", "speedup",
                       "efficiency", "peak memory");
    for (auto [i, p] : llvm::enumerate(s.points)) {
      if (!p.failure.empty()) {
        os << llvm::format("  %8lld  ", static_cast<long long>(p.devices))
           << p.failure << "\n";
        continue;
      }
      os << llvm::format(
          "  %8lld  %12s  %7s %6s  %12s  %7.2fx  %10s  %12s%s\n",
          static_cast<long long>(p.devices), formatSeconds(p.latency).c_str(),
          formatSeconds(p.tCommunication).c_str(),
          formatPercent(p.communicationShare).c_str(),
          formatQuantity(p.bytesCommunicated, "B").c_str(),
          s.getSpeedup(i).value_or(0.0),
          formatPercent(s.getEfficiency(i).value_or(0.0)).c_str(),
          formatQuantity(p.peakBytes, "B").c_str(),
          p.unmodeled
              ? (" (" + std::to_string(p.unmodeled) + " unmodeled)").c_str()
              : "");
    }
  }
}
