//===- Passes.td - mlsysim passes ----------------------------*- tablegen -*-===//

#ifndef MLSYSIM_TRANSFORMS_PASSES
#define MLSYSIM_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

// The options every pass that prices ops shares.
defvar commonRooflineOptions = [
  Option<"hardware", "hardware", "std::string", /*default=*/"\"h100\"",
         "Device: a zoo id or alias (e.g. h100, a100), or a path to a device "
         "file; mlsysim-report takes a comma-separated list to compare "
         "devices">,
  Option<"dynamicDim", "dynamic-dim", "int64_t", /*default=*/"0",
         "Bind every dynamic size to this value (0: to batch=, or 1 without "
         "it; -1: leave ops with dynamic shapes unmodeled)">,
  Option<"flopConvention", "flop-convention", "::mlsysim::FlopConvention",
         /*default=*/"::mlsysim::FlopConvention::FMA2",
         "How a multiply-accumulate is reported (times never depend on it)",
         [{ ::mlsysim::EnumValues<::mlsysim::FlopConvention>{
             ::mlsysim::kFlopConventionNames} }]>,
  Option<"tf32", "tf32", "bool", /*default=*/"false",
         "Price f32 contractions at the matrix unit's TF32 rate">,
  Option<"memoryLevel", "memory-level", "::mlsysim::MemoryLevel",
         /*default=*/"::mlsysim::MemoryLevel::DRAM",
         "Where data comes from",
         [{ ::mlsysim::EnumValues<::mlsysim::MemoryLevel>{
             ::mlsysim::kMemoryLevelNames} }]>,
  Option<"collectives", "collectives", "::mlsysim::CollectiveAlgorithm",
         /*default=*/"::mlsysim::CollectiveAlgorithm::Auto",
         "The algorithm collectives run (on hardware=<system>)",
         [{ ::mlsysim::EnumValues<::mlsysim::CollectiveAlgorithm>{
             ::mlsysim::kCollectiveAlgorithmNames} }]>,
  Option<"overlap", "overlap", "bool", /*default=*/"false",
         "Collectives overlap the kernels that neither feed nor read them "
         "(a communication stream beside the compute stream); off: every "
         "kernel runs after the one before">,
  Option<"execution", "execution", "::mlsysim::ExecutionModel",
         /*default=*/"::mlsysim::ExecutionModel::Compiled",
         "The execution model behind the headline latency (every report "
         "carries all three)",
         [{ ::mlsysim::EnumValues<::mlsysim::ExecutionModel>{
             ::mlsysim::kExecutionModelNames} }]>,
  Option<"realism", "realism", "std::string", /*default=*/"\"all\"",
         "The realism terms of the kernel model priced: all, none (the flat "
         "roofline), a list of waves, tiles, alignment, levels, "
         "small-transfer, overlap, launch, or of the terms to leave out, "
         "each written no-<term>">,
  Option<"batch", "batch", "int64_t", /*default=*/"0",
         "Samples per run, for throughput; also binds dynamic sizes when "
         "dynamic-dim is not given (0: batch 1, dynamic sizes bound to 1)">,
  Option<"precision", "precision", "std::string", /*default=*/"\"\"",
         "What-if without editing the IR: every floating-point tensor at one "
         "type (f32, bf16, f16, fp8, fp4, i8, i4: bytes and peak), or per "
         "role, roles found from the IR: weights:TYPE,kv:TYPE,activations:TYPE "
         "(weights and KV cache change bytes only; int4/int8 spell i4/i8)">,
  Option<"weights", "weights", "std::string", /*default=*/"\"\"",
         "The arguments that hold weights, instead of the mlsysim.param tags "
         "or, without tags, the weights inferred from the IR: none, or a "
         "comma-separated list of argN, argument names (mlsysim.input, or "
         "the name in the argument's location) and globs on them "
         "(e.g. arg1,arg3 or *weight*)">,
];

def AnnotatePass : Pass<"mlsysim-annotate", "::mlir::ModuleOp"> {
  let summary = "Attach each op's roofline cost as a #mlsysim.cost attribute";
  let description = [{
    Prices every op of interest on the chosen device and attaches the result
    as a discardable attribute `mlsysim.cost`; ops no model knows get
    `mlsysim.unmodeled = "<reason>"`, and the module gets
    `mlsysim.hardware = "<device id>"`.

    Before:
    ```mlir
    %0 = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>)
                       outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    ```
    After (`--mlsysim-annotate=hardware=h100`):
    ```mlir
    %0 = linalg.matmul {mlsysim.cost = #mlsysim.cost<flops = 524288, ...,
                        bound = "overhead", unit = "matrix:f16">} ins(...)
    ```
  }];
  let options = !listconcat(commonRooflineOptions, [
    Option<"symbols", "symbols", "std::string", /*default=*/"\"\"",
           "Names for the dynamic sizes in the formulas (as mlsysim-report's "
           "symbols=)">,
  ]);
  let statistics = [
    Statistic<"numAnnotated", "annotated-ops", "Ops given a cost">,
    Statistic<"numUnmodeled", "unmodeled-ops", "Ops no model knows">,
  ];
  let dependentDialects = ["::mlsysim::MLSysimDialect"];
}

def StripPass : Pass<"mlsysim-strip"> {
  let summary = "Remove the attributes mlsysim-annotate attached";
  let description = [{
    Removes `mlsysim.cost`, `mlsysim.unmodeled` and `mlsysim.hardware` from
    every op, restoring the IR as it was before `mlsysim-annotate`.
  }];
  let statistics = [
    Statistic<"numStripped", "stripped-attrs", "Attributes removed">,
  ];
}

def RemarksPass : Pass<"mlsysim-remarks", "::mlir::ModuleOp"> {
  let summary = "Emit a remark at each op's location saying what bounds it";
  let description = [{
    For every priced op, a remark at its location, where a compiler engineer
    already looks:

    ```
    f.mlir:12:8: remark: memory-bound: 0.9 FLOP/B, below the f16 matrix
      ridge of 295 FLOP/B; 9.1 µs (62% of @decode)
    ```

    By default only the ops that matter get one: the longest ops of each
    function that together make up 90% of its predicted time (`coverage=0.9`;
    `coverage=1` marks every op). `min-share=0.05` further keeps only the ops
    that take at least 5% of their function's time. Free ops (reshapes,
    casts) get no remark. A remark is one line at the op's location; it
    never prints the op.
  }];
  let options = !listconcat(commonRooflineOptions, [
    Option<"coverage", "coverage", "double", /*default=*/"0.9",
           "Only the longest ops of each function that together make up this "
           "fraction of its predicted time (0 to 1; 1: every op)">,
    Option<"minShare", "min-share", "double", /*default=*/"0.0",
           "Only ops taking at least this fraction of their function's "
           "predicted time (0 to 1)">,
    Option<"profile", "profile", "std::string", /*default=*/"\"\"",
           "A measured profile of this IR (as mlsysim-report's profile=): "
           "each remark adds the measured time and how far it is from the "
           "prediction">,
  ]);
  let statistics = [
    Statistic<"numRemarks", "remarks", "Remarks emitted">,
  ];
}

def ReportPass : Pass<"mlsysim-report", "::mlir::ModuleOp"> {
  let summary = "Print a per-op roofline report";
  let description = [{
    Prices every op of interest on the chosen device and prints a report in
    program order: per op its FLOPs, integer ops, transcendentals, bytes read
    and written, arithmetic intensity, compute/memory/overhead times, predicted
    latency, ideal roofline time and bound; then totals, the share of time by
    bound and the costliest ops. Ops no model knows are listed as unmodeled
    (one warning per op name). The IR is not changed.

    The report goes to stderr by default so the IR on stdout stays clean;
    `output=PATH` writes it to a file (`output=-` to stdout).
  }];
  let options = !listconcat(commonRooflineOptions, [
    Option<"format", "format", "::mlsysim::ReportFormat",
           /*default=*/"::mlsysim::ReportFormat::Text", "Report format",
           [{ ::mlsysim::EnumValues<::mlsysim::ReportFormat,
                                    ::mlsysim::ReportFormatInfo>{
               ::mlsysim::getReportFormats()} }]>,
    Option<"ops", "ops", "::mlsysim::OpsView",
           /*default=*/"::mlsysim::OpsView::Top",
           "Which ops the text report lists",
           [{ ::mlsysim::EnumValues<::mlsysim::OpsView>{
               ::mlsysim::kOpsViewNames} }]>,
    Option<"output", "output", "std::string", /*default=*/"\"\"",
           "Where to write the report (default: stderr; '-': stdout)">,
    Option<"baseline", "baseline", "std::string", /*default=*/"\"\"",
           "Compare with another IR file (the program before a pass): "
           "totals, and the ops that appeared, vanished or changed, matched "
           "by location">,
    Option<"profile", "profile", "std::string", /*default=*/"\"\"",
           "A measured profile of this IR (torch.profiler Chrome trace, "
           "nsys stats CSV, ncu CSV, or a format=trace prediction): the "
           "measured time next to the predicted one per op and kernel, the "
           "achieved rates, and the time left on the table "
           "(docs/profiles.md)">,
    Option<"profileBaseline", "profile-baseline", "std::string",
           /*default=*/"\"\"",
           "With profile=: an earlier profile of the same IR; the views "
           "add the measured change per op">,
    Option<"profileRuns", "profile-runs", "unsigned", /*default=*/"0",
           "How many runs of the IR the profile holds, for a file that marks "
           "no steps (an Nsight summary's totals); the times are divided by "
           "it (0: one run)">,
    Option<"profileFormat", "profile-format", "std::string",
           /*default=*/"\"\"",
           "The reader for profile= and profile-baseline= (mlsysim, torch, "
           "nsys, ncu); default: the one that recognizes the file">,
    Option<"sweep", "sweep", "std::string", /*default=*/"\"\"",
           "Batch sweep: bind the dynamic sizes (and the batch) to each "
           "value of a list such as 1,2,4,...,256 and report latency, "
           "throughput, MFU and time by bound per value">,
    Option<"scaling", "scaling", "std::string", /*default=*/"\"\"",
           "For a program annotated for the shard dialect: set its grid to "
           "each device count of a list such as 1,2,4,8, partition it with "
           "MLIR's sharding-propagation and shard-partition, and report the "
           "per-device time, communication share, speedup and efficiency">,
    Option<"symbols", "symbols", "std::string", /*default=*/"\"\"",
           "Names for the dynamic sizes in the formulas: NAME:SOURCE pairs, "
           "comma-separated, SOURCE a size's default name (e.g. "
           "B:input_ids.d0,S:input_ids.d1)">,
    Option<"servingLength", "serving-length", "int64_t", /*default=*/"0",
           "The serving view's prompt (prefill) or KV-cache (decode) length "
           "where the program leaves it dynamic (0: 2048)">,
    Option<"serving", "serving", "bool", /*default=*/"true",
           "For a prefill or decode step of an LLM (token ids, KV cache): "
           "time to first token or per output token and tokens/s against "
           "batch, KV bytes per token, the largest batch that fits "
           "(serving=0: off)">,
    Option<"fusion", "fusion", "bool", /*default=*/"true",
           "List the fusion opportunities: the groups of the compiled plan "
           "ranked by time saved, each op's group, and each function as "
           "is, with the groups fused and fully fused (fusion=0: off)">,
  ]);
}

def FusePass : Pass<"mlsysim-fuse", "::mlir::ModuleOp"> {
  let summary = "Perform the fusions the cost model approves";
  let description = [{
    Plans fusion on the chosen device (the groups `mlsysim-report` with
    `fusion=1` lists, each predicted faster fused than apart) and performs
    those upstream MLIR can do on tensors:

    - elementwise chains, broadcasts and transposes folded into their
      consumer, elementwise producers fused into a reduction: elementwise
      producer-consumer fusion (`linalg::fuseElementwiseOps`, named ops
      generalized first);
    - a contraction or convolution with the fill that initializes it and its
      elementwise epilogue: the group's last op tiled (128 or the largest
      power of two dividing each parallel loop) and the others fused into
      its loops (`scf::tileConsumerAndFuseProducersUsingSCF`); the loop nest
      is marked `mlsysim.kernel` so that the cost model prices it as one
      kernel.

    Each fused group gets a remark with its predicted latency before and
    after. Groups with a pad, a reduction feeding its consumer, or a reshape
    inside are left as they are, with a remark saying why; no edge outside an
    approved group is fused.
  }];
  let options = commonRooflineOptions;
  let statistics = [
    Statistic<"numGroupsFused", "groups-fused", "Groups fused">,
    Statistic<"numOpsFused", "ops-fused", "Producer-consumer fusions done">,
    Statistic<"numGroupsLeft", "groups-left", "Approved groups left alone">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

#endif // MLSYSIM_TRANSFORMS_PASSES
