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

void mlsysim::printTraceReport(const PricedProgram &report, llvm::raw_ostream &os) {
  llvm::json::OStream json(os, /*IndentSize=*/1);
  llvm::StringMap<unsigned> track;
  llvm::StringMap<double> clock; // Microseconds per function.
  json.object([&] {
    writeJSONAttribute(json, "displayTimeUnit", "ns");
    json.attributeObject("otherData", [&] {
      writeJSONAttribute(json, "hardware", report.hardware->id);
      writeJSONAttribute(json, "generator", "mlsysim");
      writeJSONAttribute(json, "note",
                         "predicted times (roofline), not measured");
    });
    json.attributeArray("traceEvents", [&] {
      json.object([&] {
        writeJSONAttribute(json, "name", "process_name");
        writeJSONAttribute(json, "ph", "M");
        writeJSONAttribute(json, "pid", 0);
        json.attributeObject("args", [&] {
          writeJSONAttribute(json, "name", report.hardware->name);
        });
      });
      for (const PricedOp &op : report.ops) {
        if (!op.modeled || op.free)
          continue;
        auto inserted = track.try_emplace(op.func, track.size());
        unsigned tid = inserted.first->second;
        if (inserted.second)
          json.object([&] {
            writeJSONAttribute(json, "name", "thread_name");
            writeJSONAttribute(json, "ph", "M");
            writeJSONAttribute(json, "pid", 0);
            writeJSONAttribute(json, "tid", tid);
            json.attributeObject("args", [&] {
              writeJSONAttribute(json, "name", ("@" + op.func).str());
            });
          });
        double &start = clock[op.func];
        double duration = op.roofline.latency * 1e6;
        json.object([&] {
          writeJSONAttribute(json, "name", op.name);
          writeJSONAttribute(json, "cat", stringifyBound(op.roofline.bound));
          writeJSONAttribute(json, "ph", "X");
          writeJSONAttribute(json, "pid", 0);
          writeJSONAttribute(json, "tid", tid);
          writeJSONAttribute(json, "ts", start);
          writeJSONAttribute(json, "dur", duration);
          json.attributeObject("args", [&] {
            writeJSONAttribute(json, "id", op.id);
            writeJSONAttribute(json, "loc", op.loc);
            writeJSONAttribute(json, "flops", op.flops.toJSON());
            writeJSONAttribute(json, "int_ops", op.intOps.toJSON());
            writeJSONAttribute(json, "bytes_read", op.bytesRead.toJSON());
            writeJSONAttribute(json, "bytes_written", op.bytesWritten.toJSON());
            writeJSONAttribute(json, "bound",
                               stringifyBound(op.roofline.bound));
            writeJSONAttribute(json, "unit", op.unit());
            writeJSONAttribute(json, "runs", op.multiplier.toJSON());
          });
        });
        start += duration;
      }
    });
  });
  os << "\n";
}
