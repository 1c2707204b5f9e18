//===- TraceReport.cpp - The predicted timeline ---------------------------===//
//
// Chrome trace event format (loads in Perfetto and chrome://tracing): one
// complete ("X") slice per op at its predicted start, ops of a function one
// after another on that function's track; args carry the counts and bound.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Reporting/ReportFormats.h"

#include "mlsysim/Reporting/JSONWriter.h"

#include "llvm/ADT/StringMap.h"

using namespace mlsysim;

void mlsysim::printTraceReport(const PricedProgram &report,
                               llvm::raw_ostream &os) {
  JSONWriter writer(os, /*indent=*/1);
  llvm::StringMap<unsigned> track;
  writer.object([&] {
    writer.attribute("displayTimeUnit", "ns");
    writer.attributeObject("otherData", [&] {
      writer.attribute("hardware", report.hardware->id);
      writer.attribute("generator", "mlsysim");
      writer.attribute("note", "predicted times (roofline), not measured");
    });
    writer.attributeArray("traceEvents", [&] {
      writer.object([&] {
        writer.attribute("name", "process_name");
        writer.attribute("ph", "M");
        writer.attribute("pid", 0);
        writer.attributeObject(
            "args", [&] { writer.attribute("name", report.hardware->name); });
      });
      for (const PricedOp &op : report.ops) {
        if (!op.modeled || op.free)
          continue;
        auto inserted = track.try_emplace(op.func, track.size());
        unsigned tid = inserted.first->second;
        if (inserted.second)
          writer.object([&] {
            writer.attribute("name", "thread_name");
            writer.attribute("ph", "M");
            writer.attribute("pid", 0);
            writer.attribute("tid", tid);
            writer.attributeObject("args", [&] {
              writer.attribute("name", ("@" + op.func).str());
            });
          });
        writer.object([&] {
          writer.attribute("name", op.name);
          writer.attribute("cat", stringifyBound(op.roofline.bound));
          writer.attribute("ph", "X");
          writer.attribute("pid", 0);
          writer.attribute("tid", tid);
          // Microseconds, as the trace format counts.
          writer.attribute("ts", op.start * 1e6);
          writer.attribute("dur", op.roofline.latency * 1e6);
          writer.attributeObject("args", [&] {
            writer.attribute("id", op.id);
            writer.attribute("loc", op.loc);
            writer.attribute("flops", op.flops);
            writer.attribute("int_ops", op.intOps);
            writer.attribute("bytes_read", op.bytesRead);
            writer.attribute("bytes_written", op.bytesWritten);
            writer.attribute("bound", stringifyBound(op.roofline.bound));
            writer.attribute("unit", op.unit());
            writer.attribute("runs", op.multiplier);
          });
        });
      }
    });
  });
  writer.flush();
  os << "\n";
}
