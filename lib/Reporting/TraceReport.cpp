//===- TraceReport.cpp - The predicted timeline ---------------------------===//
//
// Chrome trace event format (loads in Perfetto and chrome://tracing): one
// complete ("X") slice per unit of the headline execution model (a kernel of
// the compiled plan, or an op in eager and graph execution), laid end to end
// in program order on one clock, so that the last slice ends at the headline
// latency; each function's units on that function's track. args carry the
// counts, the bound and (for a kernel) the ops it runs.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Reporting/ReportFormats.h"

#include "mlsysim/Pricing/RepeatedKernels.h"
#include "mlsysim/Reporting/JSONWriter.h"

#include "llvm/ADT/StringMap.h"

using namespace mlsysim;

/// "linalg.conv_2d_nchw_fchw + 7 ops (epilogue)": a kernel's heaviest op
/// and how many others it runs.
static std::string nameKernel(const PricedKernel &kernel,
                              const PricedOp &heaviest) {
  std::string name = heaviest.name.str();
  if (kernel.ops.size() > 1)
    name += " + " + std::to_string(kernel.ops.size() - 1) +
            (kernel.ops.size() == 2 ? " op" : " ops");
  if (kernel.kind)
    name += " (" + stringifyFusionKind(*kernel.kind).str() + ")";
  return name;
}

void mlsysim::printTraceReport(const PricedProgram &report,
                               llvm::raw_ostream &os) {
  JSONWriter writer(os, /*indent=*/1);
  ExecutionModel execution = report.options.roofline.execution;
  bool compiled = execution == ExecutionModel::Compiled;
  llvm::StringMap<unsigned> track;
  // The function's track (named on first use).
  auto trackOf = [&](llvm::StringRef func) {
    auto inserted = track.try_emplace(func, track.size());
    unsigned tid = inserted.first->second;
    if (inserted.second)
      writer.object([&] {
        writer.attribute("name", "thread_name");
        writer.attribute("ph", "M");
        writer.attribute("pid", 0);
        writer.attribute("tid", tid);
        writer.attributeObject(
            "args", [&] { writer.attribute("name", ("@" + func).str()); });
      });
    return tid;
  };
  // A slice of `work` at its start, its args the counts, then `more`.
  auto slice = [&](llvm::StringRef name, llvm::StringRef func,
                   const PricedWork &work, unsigned index,
                   llvm::function_ref<void()> more) {
    unsigned tid = trackOf(func);
    writer.object([&] {
      writer.attribute("name", name);
      writer.attribute("cat", stringifyBound(work.roofline.bound));
      writer.attribute("ph", "X");
      writer.attribute("pid", 0);
      writer.attribute("tid", tid);
      // Microseconds, as the trace format counts.
      writer.attribute("ts", work.start * 1e6);
      writer.attribute("dur", work.roofline.latency * 1e6);
      writer.attributeObject("args", [&] {
        more();
        writer.attribute("flops", work.flops);
        writer.attribute("int_ops", work.intOps);
        writer.attribute("bytes_read", work.bytesRead);
        writer.attribute("bytes_written", work.bytesWritten);
        writer.attribute("bound", stringifyBound(work.roofline.bound));
        writer.attribute("unit", work.unit());
        writer.attribute("runs", work.multiplier);
        writer.attribute("share", work.share);
        // profile=: the measured time of what the slice runs (null: nothing
        // measured maps to it).
        if (report.profile) {
          double measured = compiled ? report.profile->kernelMeasured[index]
                                     : report.profile->opMeasured[index];
          if (measured >= 0)
            writer.attribute("measured_s", measured);
          else
            writer.attribute("measured_s", nullptr);
        }
      });
    });
  };
  writer.object([&] {
    writer.attribute("displayTimeUnit", "ns");
    writer.attributeObject("otherData", [&] {
      writer.attribute("hardware", report.hardware->id);
      writer.attribute("generator", "mlsysim");
      writer.attribute("note", "predicted times (roofline), not measured");
      writer.attribute("execution", stringifyExecutionModel(execution));
      writer.attribute("latency_s", report.totals.latency);
      // overlap=1: the slices run one after another, this much past it.
      if (report.totals.hiddenTime > 0)
        writer.attribute("overlap_hidden_s", report.totals.hiddenTime);
      writer.attribute("slices", compiled ? "kernels" : "ops");
    });
    writer.attributeArray("traceEvents", [&] {
      writer.object([&] {
        writer.attribute("name", "process_name");
        writer.attribute("ph", "M");
        writer.attribute("pid", 0);
        writer.attributeObject(
            "args", [&] { writer.attribute("name", report.hardware->name); });
      });
      if (compiled) {
        for (const PricedKernel &kernel : report.kernels) {
          const PricedOp &heaviest =
              report.ops[findHeaviestOp(report, kernel.ops)];
          slice(nameKernel(kernel, heaviest), kernel.func, kernel, kernel.id,
                [&] {
                  writer.attribute("kernel", kernel.id);
                  writer.attribute("loc", heaviest.loc);
                  writer.attribute(
                      "kind", kernel.kind ? stringifyFusionKind(*kernel.kind)
                                          : llvm::StringRef("single op"));
                  writer.attributeIntegers("op_ids", kernel.ops);
                  writer.attributeArray("ops", [&] {
                    for (unsigned id : kernel.ops) {
                      const PricedOp &op = report.ops[id];
                      writer.value(("#" + std::to_string(id) + " " + op.name +
                                    " at " + op.loc)
                                       .str());
                    }
                  });
                });
        }
      } else {
        for (const PricedOp &op : report.ops) {
          if (!op.modeled || op.free)
            continue;
          slice(op.name, op.func, op, op.id, [&] {
            writer.attribute("id", op.id);
            writer.attribute("loc", op.loc);
          });
        }
      }
    });
  });
  writer.flush();
  os << "\n";
}
