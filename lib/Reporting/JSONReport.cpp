//===- JSONReport.cpp - The JSON and CSV views ----------------------------===//
//
// The CSV view is the JSON op objects flattened into rows, so the two can
// never disagree on a field.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Reporting/ReportFormats.h"

#include "mlsysim/Reporting/ProfileViews.h"
#include "mlsysim/Reporting/ServingViews.h"
#include "mlsysim/Reporting/TrainingViews.h"

#include "mlsysim/Reporting/DiagnosisText.h"
#include "mlsysim/Reporting/Units.h"

#include "mlsysim/Reporting/Escape.h"
#include "mlsysim/Reporting/JSONWriter.h"
#include "mlsysim/Reporting/SymbolicViews.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlsysim;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

/// A measured time by id (ProfileOverlay): null when nothing maps to it.
static JSONScalar measuredOf(llvm::ArrayRef<double> measured, unsigned id) {
  return id < measured.size() && measured[id] >= 0 ? JSONScalar(measured[id])
                                                   : JSONScalar(nullptr);
}

/// Calls `emit(field, value)` for every field of an op, in CSV column order
/// (docs/report-json.md): the one definition of an op's fields, shared by the
/// JSON and CSV views.
template <typename EmitFn>
static void visitOpFields(const PricedOp &op, const ProfileOverlay *profile,
                          EmitFn &&emit) {
  bool m = op.modeled;
  auto count = [&](const Count &c) {
    return m ? JSONScalar(c) : JSONScalar(nullptr);
  };
  auto number = [&](double x) {
    return m ? JSONScalar(x) : JSONScalar(nullptr);
  };
  auto text = [&](llvm::StringRef str) {
    return m && !str.empty() ? JSONScalar(str) : JSONScalar(nullptr);
  };

  bool peak = m && op.roofline.peak;
  emit("id", JSONScalar(op.id));
  // Borrowed, not copied: the op outlives its fields.
  emit("op", JSONScalar(op.name));
  emit("func", JSONScalar(op.func));
  emit("loc", JSONScalar(op.loc));
  emit("modeled", JSONScalar(m));
  emit("approximate", JSONScalar(m && op.approximate));
  // Why the op is unmodeled, or what its approximate price leaves out.
  emit("reason",
       m && !op.approximate ? JSONScalar(nullptr) : JSONScalar(op.reason));
  emit("multiplier", op.multiplier);
  emit("trip_count_unknown", JSONScalar(op.tripCountUnknown));
  emit("flops", count(op.flops));
  emit("int_ops", count(op.intOps));
  emit("transcendentals", count(op.transcendentals));
  emit("bytes_read", count(op.bytesRead));
  emit("bytes_written", count(op.bytesWritten));
  emit("arithmetic_intensity", number(op.intensity));
  emit("unit", text(op.unit()));
  emit("dtype", text(op.dtype));
  emit("peak_type",
       peak ? JSONScalar(stringifyElementKind(op.roofline.peak->kind))
            : JSONScalar(nullptr));
  emit("peak_ops_per_s", peak ? JSONScalar(op.peakRate) : JSONScalar(nullptr));
  emit("matrix_utilization", number(op.roofline.utilization));
  emit("t_compute_s", number(op.roofline.tCompute));
  emit("t_memory_s", number(op.roofline.tMemory));
  // Waits on reads across an operand's rows (part of t_compute_s): null
  // when the device prices none or the op has none.
  emit("t_strided_s", m && op.roofline.tStrided > 0.0
                          ? JSONScalar(op.roofline.tStrided)
                          : JSONScalar(nullptr));
  emit("t_overhead_s", number(op.roofline.tOverhead));
  // Communication between devices: a collective's, null for other ops.
  bool comm = m && op.roofline.collectiveAlgorithm;
  emit("t_communication_s",
       comm ? JSONScalar(op.roofline.tCommunication) : JSONScalar(nullptr));
  emit("bytes_communicated",
       comm ? JSONScalar(op.roofline.bytesCommunicated) : JSONScalar(nullptr));
  emit("collective_algorithm", comm ? JSONScalar(stringifyCollectiveAlgorithm(
                                          *op.roofline.collectiveAlgorithm))
                                    : JSONScalar(nullptr));
  emit("latency_s", number(op.roofline.latency));
  emit("roofline_s", number(op.roofline.roofline));
  emit("bound",
       m ? JSONScalar(stringifyBound(op.roofline.bound)) : JSONScalar(nullptr));
  emit("memory_level",
       m ? JSONScalar(stringifyMemoryLevel(op.roofline.memoryLevel))
         : JSONScalar(nullptr));
  // The level whose traffic takes longest (the memory term).
  emit("bound_level",
       m ? JSONScalar(op.roofline.boundLevel) : JSONScalar(nullptr));
  emit("class",
       m ? JSONScalar(stringifyOpClass(op.opClass)) : JSONScalar(nullptr));
  emit("folded", JSONScalar(op.folded));
  emit("fusion_group",
       op.fusionGroup >= 0 ? JSONScalar(op.fusionGroup) : JSONScalar(nullptr));
  emit("kernel", op.kernel >= 0 ? JSONScalar(op.kernel) : JSONScalar(nullptr));
  // With profile=: its share of the measured time, or null when nothing
  // measured maps to it.
  if (profile)
    emit("measured_s", measuredOf(profile->opMeasured, op.id));
}

/// The kernel model's terms behind an estimate (Tiling.h): the tiles a
/// contraction runs in, the traffic at each memory level and what each
/// realism term did. Null tile for ops that are not tiled.
static void writeKernelModel(JSONWriter &writer, const RooflineEstimate &r) {
  if (const std::optional<TilePlan> &tile = r.tile) {
    writer.attributeObject("tile", [&] {
      writer.attribute("alignment_share", tile->alignmentShare);
      writer.attribute("m", tile->tileM);
      writer.attribute("n", tile->tileN);
      writer.attribute("split_k", tile->splitK);
      writer.attribute("tile_share", tile->tileShare);
      writer.attribute("tiles", tile->tiles);
      writer.attribute("utilization", r.utilization);
      writer.attribute("wave_share", tile->waveShare);
      writer.attribute("waves", tile->waves);
    });
  } else {
    writer.attribute("tile", JSONScalar(nullptr));
  }
  writer.attributeArray("levels", [&] {
    for (const LevelTraffic &level : r.levels)
      writer.object([&] {
        writer.attribute("bandwidth", level.bandwidth);
        writer.attribute("bytes", level.bytes);
        writer.attribute("level", level.level);
        writer.attribute("lower_bound_bytes", level.lowerBound > 0.0
                                                  ? JSONScalar(level.lowerBound)
                                                  : JSONScalar(nullptr));
        writer.attribute("t_s", level.seconds);
      });
  });
  writer.attributeArray("realism", [&] {
    for (const RealismEffect &effect : getRealismEffects(r))
      writer.object([&] {
        writer.attribute("added_s", effect.seconds ? JSONScalar(*effect.seconds)
                                                   : JSONScalar(nullptr));
        writer.attribute("factor", effect.factor ? JSONScalar(*effect.factor)
                                                 : JSONScalar(nullptr));
        writer.attribute("term", stringifyRealism(effect.term));
      });
  });
}

/// One fusion opportunity's fields, in key order (the order a JSON object
/// is written in), to `emit(key, JSONScalar)` and lists of op ids to
/// `emitList(key, ids)`: one definition for the json::Value tree and the
/// stream.
template <typename EmitFn, typename EmitListFn>
static void visitFusionFields(const FusionPlan &plan, unsigned index,
                              EmitFn &&emit, EmitListFn &&emitList) {
  unsigned kernel = plan.opportunities[index];
  const FusionGroup &group = plan.kernels[kernel];
  emit("bytes_saved", group.bytesSaved);
  emit("class", JSONScalar(stringifyOpClass(group.opClass)));
  emit("flops_added", group.flopsAdded);
  emit("func", JSONScalar(group.func));
  emit("group", JSONScalar(static_cast<int64_t>(index)));
  emitList("kept", group.kept);
  emit("kernel", JSONScalar(kernel));
  emit("kind", JSONScalar(stringifyFusionKind(*group.kind)));
  emit("latency_after_s", JSONScalar(group.fused.latency));
  emit("latency_before_s", JSONScalar(group.latencyBefore));
  emit("launches_saved", JSONScalar(group.launchesSaved));
  emitList("ops", group.ops);
  emitList("recomputed", group.recomputed);
  emit("saving_s", JSONScalar(group.getSaving()));
  emit("share", JSONScalar(group.share));
}

/// One kernel of the compiled plan's fields, in key order (as above).
template <typename EmitFn, typename EmitListFn>
static void visitKernelFields(const PricedKernel &kernel,
                              const ProfileOverlay *profile, EmitFn &&emit,
                              EmitListFn &&emitList) {
  const RooflineEstimate &r = kernel.roofline;
  emit("arithmetic_intensity", JSONScalar(kernel.intensity));
  emit("bound", JSONScalar(stringifyBound(r.bound)));
  emit("bound_level", JSONScalar(r.boundLevel));
  emit("bytes_read", kernel.bytesRead);
  emit("bytes_written", kernel.bytesWritten);
  emit("class", JSONScalar(stringifyOpClass(kernel.opClass)));
  emit("flops", kernel.flops);
  emit("func", JSONScalar(kernel.func));
  emit("id", JSONScalar(kernel.id));
  emit("int_ops", kernel.intOps);
  emit("kind", kernel.kind ? JSONScalar(stringifyFusionKind(*kernel.kind))
                           : JSONScalar(nullptr));
  emit("latency_s", JSONScalar(r.latency));
  emit("matrix_utilization", JSONScalar(r.utilization));
  if (profile)
    emit("measured_s", measuredOf(profile->kernelMeasured, kernel.id));
  emit("multiplier", kernel.multiplier);
  emitList("ops", kernel.ops);
  emit("t_compute_s", JSONScalar(r.tCompute));
  emit("t_memory_s", JSONScalar(r.tMemory));
  emit("t_overhead_s", JSONScalar(r.tOverhead));
  emit("t_strided_s",
       r.tStrided > 0.0 ? JSONScalar(r.tStrided) : JSONScalar(nullptr));
  emit("transcendentals", kernel.transcendentals);
}

/// One function's fusion bounds, in key order (as above).
template <typename EmitFn, typename EmitListFn>
static void visitFusionBoundFields(const FusionBound &bound, EmitFn &&emit,
                                   EmitListFn &&) {
  emit("as_is_s", JSONScalar(bound.asIs));
  emit("fully_fused_s", JSONScalar(bound.fullyFused));
  emit("func", JSONScalar(bound.func));
  emit("with_groups_fused_s", JSONScalar(bound.planned));
}

// The function-level records (footprint, diagnosis, totals) are written as
// they are made, keys in sorted order (as a tree's are printed): a module of
// thousands of functions would otherwise build and sort thousands of trees.

/// The fields of a function's memory.
static void writeFootprint(JSONWriter &writer, const PricedProgram &report,
                           const PeakMemory &footprint, int64_t peakOpId) {
  writer.attribute("argument_bytes", footprint.argumentBytes);
  writer.attribute("capacity_bytes",
                   report.hardware->memoryCapacityBytes.value);
  writer.attribute("fits", report.fits(footprint));
  writer.attribute("parameters", footprint.parameters);
  writer.attribute("peak_bytes", footprint.peakBytes());
  writer.attribute("peak_intermediate_bytes", footprint.peakIntermediateBytes);
  writer.attribute("peak_op",
                   peakOpId >= 0 ? JSONScalar(peakOpId) : JSONScalar(nullptr));
  writer.attribute("unknown_sizes", footprint.unknownSizes);
  writer.attribute("weight_bytes", footprint.parameterBytes);
  writer.attribute("weight_source",
                   stringifyWeightsSource(footprint.weightsSource));
  writer.attribute("weight_values", footprint.weightValues);
}

Object mlsysim::diagnosisShareToJSON(const Diagnosis &diagnosis) {
  return Object{{"communication", diagnosis.communicationShare},
                {"compute", diagnosis.computeShare},
                {"launches", diagnosis.launchShare},
                {"memory", diagnosis.memoryShare}};
}

Object mlsysim::shareByBoundToJSON(const PricedTotals &totals) {
  return Object{{"compute", totals.getBoundShare(Bound::Compute)},
                {"memory", totals.getBoundShare(Bound::Memory)},
                {"overhead", totals.getBoundShare(Bound::Overhead)},
                {"communication", totals.getBoundShare(Bound::Communication)}};
}

/// What limits a function (or the module), with the lever of each kind of
/// work: the numbers the text view's diagnosis prints.
static void writeDiagnosis(JSONWriter &writer, const Diagnosis &diagnosis,
                           const HardwareSpec &hw) {
  writer.attributeArray("kinds", [&] {
    for (const WorkDiagnosis &work : diagnosis.kinds)
      writer.object([&] {
        writer.attribute("bound", stringifyBound(work.bound));
        writer.attribute("kernels", work.kernels);
        writer.attribute("kind", describeWorkKind(work.kind));
        writer.attribute("lever", describeLever(work.lever, hw));
        writer.attribute("lever_option", work.lever.option.empty()
                                             ? JSONScalar(nullptr)
                                             : JSONScalar(work.lever.option));
        writer.attribute("lever_time_s", work.lever.hasTime()
                                             ? JSONScalar(work.lever.time)
                                             : JSONScalar(nullptr));
        writer.attribute("matrix_utilization", work.utilization);
        writer.attribute("share", work.share);
        writer.attribute("time_s", work.time);
      });
  });
  writer.attribute("launches", describeLaunches(diagnosis.launches));
  writer.attributeObject("share", [&] {
    writer.attribute("communication", diagnosis.communicationShare);
    writer.attribute("compute", diagnosis.computeShare);
    writer.attribute("launches", diagnosis.launchShare);
    writer.attribute("memory", diagnosis.memoryShare);
  });
  writer.attribute("weights",
                   diagnosis.weights
                       ? JSONScalar(describeWeights(*diagnosis.weights))
                       : JSONScalar(nullptr));
}

/// A latency of `totals`: null when nothing could be priced (never a zero
/// that reads as free).
static void writeLatency(JSONWriter &writer, const PricedTotals &totals,
                         double latency) {
  writer.attribute("latency_s", totals.isLatencyKnown() ? JSONScalar(latency)
                                                        : JSONScalar(nullptr));
}

/// The fields of a function's (or the module's) totals.
static void writeTotals(JSONWriter &writer, const PricedProgram &report,
                        const PricedTotals &totals, bool module = false) {
  std::optional<double> energy = report.getEnergy(totals);
  // The module's totals also carry a training step's fields
  // (activation_bytes, memory_by_role, phases, step_mfu, training), each
  // written at its place in the sorted keys.
  std::optional<Object> training;
  if (module && report.training)
    training = trainingToJSON(*report.training);
  auto extra = [&](llvm::StringRef key) {
    if (training)
      if (const Value *value = training->get(key))
        writer.attributeTree(key, *value);
  };
  extra("activation_bytes");
  writer.attribute("approximate_count", totals.numApproximate);
  writer.attribute("batch", report.options.batch);
  writer.attribute("bytes_communicated", totals.bytesCommunicated);
  writer.attribute("bytes_read", totals.bytesRead);
  writer.attribute("bytes_written", totals.bytesWritten);
  writer.attribute("energy_j", energy ? JSONScalar(*energy) : nullptr);
  writer.attribute("execution",
                   stringifyExecutionModel(report.options.roofline.execution));
  writer.attribute("flops", totals.flops);
  writer.attribute("folded_count", totals.numFolded);
  writer.attribute("free_count", totals.numFree);
  writer.attribute("int_ops", totals.intOps);
  writer.attributeObject("latency_by_execution", [&] {
    // The names in sorted order, sorted once (this runs per function).
    static const llvm::SmallVector<ExecutionModel> models = [] {
      llvm::SmallVector<ExecutionModel> sorted(std::begin(kAllExecutionModels),
                                               std::end(kAllExecutionModels));
      llvm::sort(sorted, [](ExecutionModel a, ExecutionModel b) {
        return stringifyExecutionModel(a) < stringifyExecutionModel(b);
      });
      return sorted;
    }();
    for (ExecutionModel model : models) {
      ExecutionTotals entry = totals.getExecution(model);
      writer.attributeObject(stringifyExecutionModel(model), [&] {
        writer.attribute("kernels", entry.kernels);
        writeLatency(writer, totals, entry.latency);
      });
    }
  });
  writeLatency(writer, totals, totals.latency);
  writer.attribute("launches", totals.launches);
  extra("memory_by_role");
  writer.attribute("mfu", totals.getMFU());
  if (auto dominant = totals.getDominantPeak())
    writer.attributeObject("mfu_peak", [&] {
      writer.attribute("ops_per_s", totals.workByPeak.at(*dominant).second);
      writer.attribute("type", stringifyElementKind(dominant->second));
      writer.attribute("unit", stringifyComputeUnit(dominant->first));
    });
  else
    writer.attribute("mfu_peak", nullptr);
  writer.attribute("modeled_count", totals.numModeled);
  writer.attribute("op_count", totals.numOps);
  writer.attribute("overlap_hidden_s", totals.hiddenTime);
  extra("phases");
  if (module && report.profile)
    writer.attributeTree("profile", profileToJSON(report));
  writer.attribute("roofline_s", totals.roofline);
  writer.attributeTree("share_by_bound", shareByBoundToJSON(totals));
  extra("step_mfu");
  writer.attribute("t_communication_s", totals.tCommunication);
  writer.attribute("t_compute_s", totals.tCompute);
  writer.attribute("t_memory_s", totals.tMemory);
  writer.attribute("t_overhead_s", totals.tOverhead);
  writer.attribute("throughput_per_s", report.getThroughput(totals));
  writer.attributeObject("time_by_bound_s", [&] {
    writer.attribute("communication", totals.communicationBoundTime);
    writer.attribute("compute", totals.computeBoundTime);
    writer.attribute("memory", totals.memoryBoundTime);
    writer.attribute("overhead", totals.overheadBoundTime);
  });
  extra("training");
  writer.attribute("transcendentals", totals.transcendentals);
  writer.attribute("unmodeled_count", totals.numUnmodeled);
}

static Value optionalNumber(const std::optional<SourcedValue> &value) {
  return value ? Value(value->value) : Value(nullptr);
}

/// One entry of `functions`.
static void writeFunction(JSONWriter &writer, const PricedProgram &report,
                          const PricedFunction &func) {
  writer.object([&] {
    writer.attributeObject("diagnosis", [&] {
      writeDiagnosis(writer, func.diagnosis, *report.hardware);
    });
    if (func.footprintIndex >= 0)
      writer.attributeObject("memory", [&] {
        writeFootprint(writer, report, report.footprints[func.footprintIndex],
                       func.peakOpId);
      });
    else
      writer.attribute("memory", nullptr);
    writer.attribute("name", func.name);
    if (report.symbolic)
      writer.attributeTree("symbolic",
                           symbolicFunctionToJSON(report, func.name));
    writer.attributeObject("totals",
                           [&] { writeTotals(writer, report, func.totals); });
  });
}

/// The device's numbers the report was priced with (`hardware`).
static Object hardwareToJSON(const PricedProgram &report) {
  const HardwareSpec &hw = *report.hardware;
  Object hardware{
      {"id", hw.id},
      {"name", hw.name},
      {"vendor", hw.vendor},
      {"class", hw.deviceClass},
      {"origin", hw.origin},
      {"memory_bandwidth_bytes_per_s", hw.memoryBandwidthBytesPerS.value},
      {"memory_capacity_bytes", hw.memoryCapacityBytes.value},
      {"special_function_per_s", optionalNumber(hw.specialFunctionRate)},
      {"launch_overhead_s",
       [&] {
         Object launch;
         for (ExecutionModel model : kAllExecutionModels)
           launch[stringifyExecutionModel(model)] =
               hw.getLaunchOverhead(model).value;
         return launch;
       }()},
      {"compute_efficiency", hw.computeEfficiency.value},
      {"memory_efficiency", hw.memoryEfficiency.value},
      {"efficiency_by_class",
       [&] {
         Object byClass;
         for (const auto &[opClass, efficiency] : hw.classEfficiencies)
           byClass[stringifyOpClass(opClass)] = Object{
               {"compute", efficiency.compute ? Value(efficiency.compute->value)
                                              : Value(nullptr)},
               {"memory", efficiency.memory ? Value(efficiency.memory->value)
                                            : Value(nullptr)}};
         return byClass;
       }()},
  };
  for (ComputeUnit unit : {ComputeUnit::Matrix, ComputeUnit::Vector}) {
    Object peaks, ridges;
    for (const auto &[kind, value] : hw.peaks(unit)) {
      peaks[stringifyElementKind(kind)] = value.value;
      ridges[stringifyElementKind(kind)] = *report.getRidgePoint(unit, kind);
    }
    hardware[(stringifyComputeUnit(unit) + "_peaks_per_s").str()] =
        std::move(peaks);
    hardware[(stringifyComputeUnit(unit) + "_ridge_points").str()] =
        std::move(ridges);
  }
  hardware["tdp_w"] = optionalNumber(hw.tdpW);
  return hardware;
}

/// The options the numbers depend on (`conventions`).
static Object conventionsToJSON(const PricingOptions &options) {
  return Object{
      {"flop_convention", stringifyFlopConvention(options.convention)},
      {"flops_per_mac", options.convention == FlopConvention::MAC ? 1 : 2},
      {"dynamic_dim", options.cost.dynamicDimSize
                          ? Value(*options.cost.dynamicDimSize)
                          : Value(nullptr)},
      {"tf32", options.roofline.allowTF32},
      {"memory_level", stringifyMemoryLevel(options.roofline.memoryLevel)},
      // The kernel model's realism terms priced (realism=).
      {"realism",
       [&] {
         Array terms;
         for (const auto &entry : kRealismNames)
           if (options.roofline.has(entry.value))
             terms.push_back(entry.name);
         return terms;
       }()},
      {"execution", stringifyExecutionModel(options.roofline.execution)},
      {"precision", describePrecision(options.cost).empty()
                        ? Value(nullptr)
                        : Value(describePrecision(options.cost))},
      {"energy", "TDP x predicted latency (an upper bound)"},
      {"overlap", options.overlapCommunication},
      {"collectives",
       stringifyCollectiveAlgorithm(options.roofline.collectiveAlgorithm)},
      {"bytes", "decimal; sub-byte element types rounded up per tensor"},
  };
}

/// One entry per unmodeled (or approximate) op name, at its first op.
static Array caveatsToJSON(llvm::ArrayRef<CaveatSummary> summaries) {
  Array array;
  for (const CaveatSummary &summary : summaries)
    array.push_back(Object{{"op", summary.name},
                           {"count", summary.count},
                           {"reason", summary.reason},
                           {"loc", formatLocation(summary.first->getLoc())}});
  return array;
}

/// The document except `functions`, `totals`, `diagnosis`, `ops`, `kernels`,
/// `fusion` and `fusion_bounds`, which the printer streams (one entry per
/// function or op: a module of thousands of functions would otherwise hold
/// thousands of trees at once).
static Object reportHeaderToJSON(const PricedProgram &report) {
  Object header{{"schema", "mlsysim-report/2"},
                {"hardware", hardwareToJSON(report)},
                {"conventions", conventionsToJSON(report.options)},
                {"unmodeled", caveatsToJSON(report.unmodeled)},
                {"approximate", caveatsToJSON(report.approximate)}};
  if (report.symbolic)
    header["symbols"] = symbolsToJSON(report);
  if (report.serving)
    header["serving"] = servingToJSON(*report.serving);
  return header;
}

/// Writes `records`' fields (`visit(record, emit, emitList)`) as an array of
/// objects.
template <typename Range, typename VisitFn>
static void writeRecords(JSONWriter &writer, llvm::StringRef key,
                         const Range &records, VisitFn &&visit) {
  writer.attributeArray(key, [&] {
    for (const auto &record : records)
      writer.object([&] {
        visit(
            record,
            [&](llvm::StringRef field, const JSONScalar &value) {
              writer.attribute(field, value);
            },
            [&](llvm::StringRef field, llvm::ArrayRef<unsigned> ids) {
              writer.attributeIntegers(field, ids);
            });
      });
  });
}

/// The document: the header's keys and the record arrays (ops, kernels,
/// fusion) in sorted order; an op's fields in CSV column order.
static void writeReport(JSONWriter &writer, const PricedProgram &report) {
  Object header = reportHeaderToJSON(report);
  llvm::SmallVector<llvm::StringRef> keys;
  for (const auto &entry : header)
    keys.push_back(entry.first);
  keys.push_back("functions");
  keys.push_back("totals");
  keys.push_back("diagnosis");
  keys.push_back("ops");
  keys.push_back("kernels");
  if (report.options.fusion) {
    keys.push_back("fusion");
    keys.push_back("fusion_bounds");
  }
  llvm::sort(keys);
  writer.object([&] {
    for (llvm::StringRef key : keys) {
      if (const Value *value = header.get(key)) {
        writer.attributeTree(key, *value);
      } else if (key == "functions") {
        writer.attributeArray(key, [&] {
          for (const PricedFunction &func : report.functions)
            writeFunction(writer, report, func);
        });
      } else if (key == "totals") {
        writer.attributeObject(key, [&] {
          writeTotals(writer, report, report.totals, /*module=*/true);
        });
      } else if (key == "diagnosis") {
        writer.attributeObject(key, [&] {
          writeDiagnosis(writer, report.diagnosis, *report.hardware);
        });
      } else if (key == "kernels") {
        writeRecords(
            writer, key, report.kernels,
            [&](const PricedKernel &kernel, auto &&emit, auto &&emitList) {
              visitKernelFields(kernel, report.profile.get(), emit, emitList);
            });
      } else if (key == "fusion_bounds") {
        writeRecords(
            writer, key, report.plan.bounds,
            [&](const FusionBound &bound, auto &&emit, auto &&emitList) {
              visitFusionBoundFields(bound, emit, emitList);
            });
      } else if (key == "fusion") {
        writeRecords(writer, key,
                     llvm::seq<unsigned>(0, report.plan.opportunities.size()),
                     [&](unsigned rank, auto &&emit, auto &&emitList) {
                       visitFusionFields(report.plan, rank, emit, emitList);
                     });
      } else {
        writer.attributeArray(key, [&] {
          for (const PricedOp &op : report.ops)
            writer.object([&] {
              visitOpFields(
                  op, report.profile.get(),
                  [&](llvm::StringRef field, const JSONScalar &value) {
                    writer.attribute(field, value);
                  });
              if (op.modeled)
                writeKernelModel(writer, op.roofline);
              if (report.symbolic)
                writer.attributeOnOneLine("symbolic",
                                          symbolicOpToJSON(report, op.id));
            });
        });
      }
    }
  });
}

void mlsysim::printJSONReport(const PricedProgram &report,
                              llvm::raw_ostream &os) {
  JSONWriter writer(os);
  writeReport(writer, report);
  writer.flush();
  os << "\n";
}

void mlsysim::printJSONReports(const DeviceComparison &comparison,
                               llvm::raw_ostream &os) {
  JSONWriter writer(os);
  writer.object([&] {
    writer.attributeTree("comparison", comparisonToJSON(comparison));
    writer.attributeArray("reports", [&] {
      for (const PricedProgram &report : comparison.devices)
        writeReport(writer, report);
    });
    writer.attribute("schema", JSONScalar("mlsysim-report/2"));
  });
  writer.flush();
  os << "\n";
}

/// RFC 4180: quote a field holding a comma, quote, or line break.
static void printCSVField(JSONScalar value, llvm::raw_ostream &os) {
  std::string text;
  if (std::optional<llvm::StringRef> str = value.getAsString()) {
    text = neutraliseCSVCell(*str);
  } else {
    llvm::raw_string_ostream s(text);
    value.writeText(s);
  }
  if (llvm::StringRef(text).find_first_of(",\"\r\n") == llvm::StringRef::npos) {
    os << text;
    return;
  }
  os << '"';
  for (char c : text) {
    if (c == '"')
      os << '"';
    os << c;
  }
  os << '"';
}

/// CSV rows of one device, optionally preceded by the header. The last
/// column names the device, so several devices' rows share one table.
void mlsysim::printCSVRows(const PricedProgram &report, bool header,
                           llvm::raw_ostream &os) {
  bool first = true;
  if (header) {
    // The field names, from the same visitor as the rows (a report with a
    // fusion plan has one more).
    PricedOp sample = report.ops.empty() ? PricedOp() : report.ops.front();
    visitOpFields(sample, report.profile.get(),
                  [&](llvm::StringRef field, JSONScalar) {
                    os << (first ? "" : ",") << field;
                    first = false;
                  });
    os << ",hardware\n";
  }
  for (const PricedOp &op : report.ops) {
    first = true;
    visitOpFields(op, report.profile.get(),
                  [&](llvm::StringRef, JSONScalar value) {
                    if (!first)
                      os << ",";
                    first = false;
                    printCSVField(value, os);
                  });
    os << "," << report.hardware->id << "\n";
  }
}

void mlsysim::printCSVReport(const PricedProgram &report,
                             llvm::raw_ostream &os) {
  printCSVRows(report, /*header=*/true, os);
}

Value mlsysim::comparisonToJSON(const DeviceComparison &comparison) {
  llvm::ArrayRef<PricedProgram> reports = comparison.devices;
  const PricedProgram &base = reports.front();
  Array devices, totals, ops;
  // `devices` (and each op's arrays) in the order asked for; `totals`
  // fastest first.
  for (const PricedProgram &report : reports)
    devices.push_back(report.hardware->id);
  for (unsigned index : comparison.byLatency) {
    const PricedProgram &report = reports[index];
    const PricedTotals &t = report.totals;
    const Diagnosis &d = report.diagnosis;
    totals.push_back(Object{
        {"hardware", report.hardware->id},
        {"latency_s", t.latency},
        {"speedup", comparison.speedup[index]},
        {"throughput_per_s", report.getThroughput(t)},
        {"mfu", t.getMFU()},
        {"share_by_bound", shareByBoundToJSON(t)},
        // The shares each device's own report gives (its diagnosis).
        {"share", diagnosisShareToJSON(d)},
        {"fits", bool(comparison.fits[index])},
        {"unmodeled_count", t.numUnmodeled},
        {"accelerators", report.hardware->getAcceleratorCount()},
        {"rank", stringifyDeviceRank(comparison.rank[index])},
    });
  }
  for (auto [row, id] : llvm::enumerate(comparison.ops)) {
    const PricedOp &op = base.ops[id];
    Array latency, speedup, bound;
    for (auto [device, report] : llvm::enumerate(reports)) {
      const PricedOp &other = report.ops[op.id];
      latency.push_back(other.roofline.latency);
      speedup.push_back(comparison.opSpeedup[row][device]);
      bound.push_back(stringifyBound(other.roofline.bound));
    }
    ops.push_back(Object{{"id", op.id},
                         {"op", op.name},
                         {"latency_s", std::move(latency)},
                         {"speedup", std::move(speedup)},
                         {"bound", std::move(bound)}});
  }
  return Object{{"baseline", base.hardware->id},
                {"devices", std::move(devices)},
                {"totals", std::move(totals)},
                {"ops", std::move(ops)}};
}
