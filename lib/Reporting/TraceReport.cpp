//===- TraceReport.cpp - The predicted timeline ---------------------------===//
//
// Chrome trace event format (loads in Perfetto and chrome://tracing): one
// complete ("X") slice per op at its predicted start, ops of a function one
// after another on that function's track; args carry the counts and bound.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Reporting/ReportFormats.h"

#include "llvm/ADT/StringMap.h"

using namespace mlsysim;

void mlsysim::printTraceReport(const Report &report, llvm::raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/1);
  llvm::StringMap<unsigned> track;
  llvm::StringMap<double> clock; // Microseconds per function.
  json.object([&] {
    json.attribute("displayTimeUnit", "ns");
    json.attributeObject("otherData", [&] {
      json.attribute("hardware", report.hardware->id);
      json.attribute("generator", "mlsysim");
      json.attribute("note", "predicted times (roofline), not measured");
    });
    json.attributeArray("traceEvents", [&] {
      json.object([&] {
        json.attribute("name", "process_name");
        json.attribute("ph", "M");
        json.attribute("pid", 0);
        json.attributeObject(
            "args", [&] { json.attribute("name", report.hardware->name); });
      });
      for (const OpReport &op : report.ops) {
        if (!op.modeled || op.free)
          continue;
        auto inserted = track.try_emplace(op.func, track.size());
        unsigned tid = inserted.first->second;
        if (inserted.second)
          json.object([&] {
            json.attribute("name", "thread_name");
            json.attribute("ph", "M");
            json.attribute("pid", 0);
            json.attribute("tid", tid);
            json.attributeObject(
                "args", [&] { json.attribute("name", "@" + op.func); });
          });
        double &start = clock[op.func];
        double duration = op.roofline.latency * 1e6;
        json.object([&] {
          json.attribute("name", op.name);
          json.attribute("cat", stringifyBound(op.roofline.bound));
          json.attribute("ph", "X");
          json.attribute("pid", 0);
          json.attribute("tid", tid);
          json.attribute("ts", start);
          json.attribute("dur", duration);
          json.attributeObject("args", [&] {
            json.attribute("id", op.id);
            json.attribute("loc", op.loc);
            json.attribute("flops", op.flops.toJSON());
            json.attribute("int_ops", op.intOps.toJSON());
            json.attribute("bytes_read", op.bytesRead.toJSON());
            json.attribute("bytes_written", op.bytesWritten.toJSON());
            json.attribute("bound", stringifyBound(op.roofline.bound));
            json.attribute("unit", op.unit());
            json.attribute("runs", op.multiplier.toJSON());
          });
        });
        start += duration;
      }
    });
  });
  os << "\n";
}
