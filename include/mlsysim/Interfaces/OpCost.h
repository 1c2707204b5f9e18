//===- OpCost.h - Hardware-independent cost of one op -----------*- C++ -*-===//
//
// What an op does, independent of the device: arithmetic work by kind and the
// bytes it moves. docs/cost-model.md states the rules that produce it.
//
//===----------------------------------------------------------------------===//

#ifndef MLSYSIM_INTERFACES_OPCOST_H
#define MLSYSIM_INTERFACES_OPCOST_H

#include "mlsysim/Support/Count.h"
#include "mlsysim/Support/EnumNames.h"
#include "mlsysim/Support/OpClass.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlsysim {

/// How a multiply-accumulate is reported.
enum class FlopConvention {
  FMA2, ///< A multiply-accumulate is 2 FLOPs (vendors' convention; default).
  MAC,  ///< A multiply-accumulate is 1 FLOP (some model zoos' convention).
};
inline constexpr EnumName<FlopConvention> kFlopConventionNames[] = {
    {FlopConvention::FMA2, "fma2",
     "a multiply-accumulate counts as 2 FLOPs (vendors' convention)"},
    {FlopConvention::MAC, "mac", "a multiply-accumulate counts as 1 FLOP"},
};

/// What-if element type of every floating-point tensor (`precision=`).
enum class Precision { AsWritten, F32, BF16, F16, FP8, FP4, I8, I4 };
inline constexpr EnumName<Precision> kPrecisionNames[] = {
    {Precision::AsWritten, "as-written", "each tensor at its own type"},
    {Precision::F32, "f32", "f32"},
    {Precision::BF16, "bf16", "bf16"},
    {Precision::F16, "f16", "f16"},
    {Precision::FP8, "fp8", "f8E4M3FN"},
    {Precision::FP4, "fp4", "f4E2M1FN"},
    {Precision::I8, "i8", "8-bit integers"},
    {Precision::I4, "i4", "4-bit integers"},
};

/// Arithmetic work, by kind: the counters every rule fills and every sum adds
/// field by field (through `addWork`, never by hand).
struct Work {
  /// Floating-point operations, a multiply-accumulate counted as 2.
  Count flops;
  /// Floating-point multiply-accumulates included in `flops` (each counted 2
  /// there), so that any convention can be reported without recounting.
  Count macs;
  /// Integer (and index) arithmetic operations, a multiply-accumulate as 2.
  Count intOps;
  /// Integer multiply-accumulates included in `intOps`.
  Count intMacs;
  /// Special-function evaluations (exp, log, tanh, sqrt, ...).
  Count transcendentals;

  /// Adds `times` repetitions of `other`.
  void addWork(const Work &other, Count times = Count(1)) {
    flops += other.flops * times;
    macs += other.macs * times;
    intOps += other.intOps * times;
    intMacs += other.intMacs * times;
    transcendentals += other.transcendentals * times;
  }
  /// FLOPs and integer ops: what the vector and matrix peaks price.
  Count arithmetic() const { return flops + intOps; }
  bool hasNoWork() const {
    return flops.isZero() && intOps.isZero() && transcendentals.isZero();
  }
};

/// The matrix problem of an op on the matrix unit, as the loops of each role
/// multiply out: `batch` independent problems of `m` x `n` outputs, each
/// reducing over `k` (a convolution's m is its batch and output image, its n
/// its output channels, its k its input channels and filter window).
struct MatrixShape {
  double batch = 1.0, m = 1.0, n = 1.0, k = 1.0;
  /// Whether the IR already tiled the problem: `batch` tiles of m x n (the
  /// trips of a loop nest marked one kernel, `mlsysim.kernel`), each one
  /// work-group's, rather than a problem the device's library tiles.
  bool tiledByLoops = false;
};

/// An input of an op with reduction loops whose reduction steps are a row
/// apart: its innermost dimension is a parallel loop (the B of A x B stored
/// [k, n], the input of a sum over rows), so code that vectorizes along that
/// dimension without repacking the input starts a new row, and past a page a
/// new page, at every reduction step. Such reads run at a fraction of a
/// level's streaming rate (a device's `strided_reads`, Roofline.h).
struct StridedOperand {
  /// One read of the whole input.
  double bytes = 0.0;
  /// Between consecutive reduction steps.
  double strideBytes = 0.0;
  double elementBytes = 0.0;
  /// The parallel loops that do not index the input (the m of a [k, n] B):
  /// each tile along them reads it again.
  double rereadExtent = 1.0;
  /// The reduction loops (a tile's panels run along them).
  double reductionExtent = 1.0;
  /// Whether those loops are a contraction's m (rows of the output tile)
  /// rather than its n.
  bool rereadAlongM = true;
};

/// The iteration space of a structured op, as its loop ranges multiply out:
/// all its loops, its parallel ones, its reduction ones.
struct LoopSpace {
  double all = 1.0, parallel = 1.0, reduced = 1.0;
};

/// The collectives of the shard dialect, by the algorithm family that prices
/// them (Pricing/Collectives.h).
enum class CollectiveKind {
  AllReduce,     ///< Every device ends with the reduction of all buffers.
  AllGather,     ///< Every device ends with the concatenation.
  ReduceScatter, ///< Every device ends with its slice of the reduction.
  AllToAll,      ///< Every device sends a different slice to each other.
  Broadcast,     ///< One device's buffer reaches every device.
  Gather,        ///< Every device's buffer reaches one device.
  Scatter,       ///< One device sends a different slice to each device.
  Reduce,        ///< One device ends with the reduction of all buffers.
  PointToPoint,  ///< send, recv, shift: one message to one device.
};

/// What a collective moves, and between which devices: the devices of a
/// grid (row-major over the system's devices) that differ only along
/// `gridAxes`.
struct Collective {
  CollectiveKind kind = CollectiveKind::AllReduce;
  /// The buffer the algorithm is written for, in bytes: the reduced buffer
  /// (all_reduce, reduce_scatter, reduce), the gathered one (all_gather,
  /// gather), the scattered one (scatter, all_to_all), the message
  /// (broadcast, point to point).
  Count bytes;
  llvm::SmallVector<int64_t, 4> gridShape;
  llvm::SmallVector<int64_t, 4> gridAxes;
  /// The devices taking part: the grid's sizes along `gridAxes` multiplied
  /// (2 for a point-to-point message).
  int64_t getGroupSize() const;
};

/// The counts of one execution of an op.
struct OpCost : Work {
  /// False when no rule prices the op; `reason` says why.
  bool modeled = false;
  /// Priced, but from part of what it does (a payload op without a counting
  /// rule is left out); `reason` says what is missing.
  bool approximate = false;
  std::string reason;

  Count bytesRead;
  Count bytesWritten;

  /// The element type whose peak prices the arithmetic (null for pure data
  /// movement).
  mlir::Type elementType;
  /// Whether the arithmetic runs on the matrix unit (contractions and
  /// convolutions) rather than the vector unit.
  bool matrixUnit = false;
  /// Its matrix problem, when the op runs on the matrix unit and its loops
  /// say which role each plays (the device's tiles and cores price how much
  /// of the unit it keeps busy).
  std::optional<MatrixShape> matrixShape;
  /// The inputs read across their rows (StridedOperand).
  llvm::SmallVector<StridedOperand, 1> stridedOperands;
  /// The loops of a structured op (set by its rule, which computed them):
  /// fusion compares producer and consumer spaces.
  std::optional<LoopSpace> loopSpace;
  /// Whether each execution is a kernel launch. Single-element accesses
  /// (tensor.extract, memref.load, ...) run inside other code and pay none.
  bool launchesKernel = true;
  /// What kind of work this is (a model may set it; otherwise the analysis
  /// classifies the op from its structure, classifyOp).
  OpClass opClass = OpClass::Unclassified;
  /// Gathers (a payload's extracts from a tensor it captures): `reads`
  /// elements of `bits` bits, at most the tensor's `elements`. Their bytes
  /// are in bytesRead; kept apart so that a formula can say it is a minimum.
  struct Gather {
    Count reads, elements;
    uint64_t bits = 0;
  };
  llvm::SmallVector<Gather, 1> gathers;
  /// Set for communication between devices: the bytes and counts above are
  /// the device's own (its buffers, its share of a reduction); this says
  /// what crosses the links, priced by the system's topology.
  std::optional<Collective> collective;

  /// A modeled op with no work and no traffic (reshapes, casts, empty).
  bool isFree() const {
    return modeled && hasNoWork() && bytesRead.isZero() &&
           bytesWritten.isZero();
  }
  Count bytes() const { return bytesRead + bytesWritten; }

  /// An op no rule prices.
  static OpCost unmodeled(llvm::StringRef reason) {
    OpCost cost;
    cost.reason = reason.str();
    return cost;
  }
  /// A modeled op with no cost.
  static OpCost free() {
    OpCost cost;
    cost.modeled = true;
    return cost;
  }
};

/// The weights a user names with `weights=`, instead of the tags and the
/// inference (Analysis/Weights.h): arguments by position (`arg3`), by name
/// (`wq`), or by a glob on the name (`*weight*`). No item names none
/// (`weights=none`).
struct WeightsSpec {
  struct Item {
    /// The position `argN` names, else unset.
    std::optional<unsigned> index;
    /// The name, or the glob when `glob` is set (checked when parsed).
    std::string name;
    bool glob = false;
  };
  llvm::SmallVector<Item, 2> items;
};

/// Options that change what is counted.
struct CostOptions {
  /// Binds every dynamic size to this value; unset leaves ops with dynamic
  /// shapes unmodeled.
  std::optional<int64_t> dynamicDimSize;
  /// Dynamic dimensions of function arguments bound to a value of their own
  /// (with dynamicDimSize set): the serving view's prompt and cache lengths.
  struct ArgumentSize {
    mlir::Value argument;
    int64_t dim = 0, size = 1;
  };
  llvm::SmallVector<ArgumentSize, 2> argumentSizes;
  /// What-if: every floating-point tensor re-priced at this element type.
  /// Bytes use its width, and ops whose arithmetic was floating point use
  /// its peak. With roles below, the activations' (and the arithmetic's).
  Precision precision = Precision::AsWritten;
  /// What-if per tensor role, found from the IR (Analysis/ServingRoles.h):
  /// the weights (Analysis/Weights.h, and what is computed from them
  /// alone) and the KV cache. Only their bytes change: a weight-only
  /// quantized model computes at the activations' type.
  std::optional<Precision> weightsPrecision, kvPrecision;
  bool hasRolePrecision() const { return weightsPrecision || kvPrecision; }
  /// The weights the user names (`weights=`); unset: the `mlsysim.param`
  /// tags, or in IR without tags the weights inferred from how arguments
  /// are read (Analysis/Weights.h).
  std::optional<WeightsSpec> weights;
};

/// Parses `weights=`: `none`, or a comma-separated list of `argN`, names and
/// globs (`*`, `?`, `[...]`); empty leaves options.weights unset.
llvm::Error parseWeightsSpec(llvm::StringRef spec, CostOptions &options);

/// Parses `precision=`: one type for every floating-point tensor (`f16`), or
/// roles (`weights:int4,kv:fp8,activations:bf16`; int4/int8 spell i4/i8).
llvm::Error parsePrecisionSpec(llvm::StringRef spec, CostOptions &options);
/// The spec as the report's conventions state it; empty when as written.
std::string describePrecision(const CostOptions &options);

/// The MLIR type of a what-if precision; null for Precision::AsWritten.
mlir::Type getPrecisionType(Precision precision, mlir::MLIRContext *ctx);

/// Gives dynamic sizes a value when the user binds them
/// (Interfaces/DynamicSizes.h).
class SizeResolver;

/// What every cost model gets: the options and the data layout of the module,
/// with the shape and size helpers all models share. Shapes are read from
/// values, not types, so that dynamic sizes can be resolved per value.
class CostContext {
public:
  CostContext(
      const CostOptions &options, const mlir::DataLayout &dataLayout,
      SizeResolver *resolver = nullptr, mlir::Type precision = {},
      const llvm::DenseMap<mlir::Value, mlir::Type> *roleTypes = nullptr)
      : options(options), dataLayout(dataLayout), resolver(resolver),
        precision(precision), roleTypes(roleTypes) {}

  /// The options the analysis runs with (for out-of-tree models).
  const CostOptions &getOptions() const { return options; }
  const mlir::DataLayout &getDataLayout() const { return dataLayout; }
  /// The shape of a ranked tensor or memref value, dynamic sizes resolved
  /// when the user bound them (dynamic-dim=N); std::nullopt when unranked, or
  /// dynamic and unbound.
  std::optional<llvm::SmallVector<int64_t>> bindShape(mlir::Value value) const;
  /// Number of elements of a shaped value (1 for a scalar).
  std::optional<Count> numElements(mlir::Value value) const;
  /// The what-if element type that replaces floating-point types, or null.
  mlir::Type getPrecision() const { return precision; }
  /// Storage bits of one element (DataLayout; sub-byte types keep their
  /// bits; floats take the width of the what-if precision when one is set);
  /// std::nullopt for element types with no storage size.
  std::optional<uint64_t> elementBits(mlir::Type elementType) const;
  /// The storage bits of one element of `value`: its role's what-if type
  /// when precision= gives one (weights, KV cache), else as above.
  std::optional<uint64_t> elementBits(mlir::Value value) const;
  /// Whether some values are priced at a role's type (ops alike in types
  /// may then differ in bytes).
  bool hasRoleTypes() const { return roleTypes && !roleTypes->empty(); }
  /// The what-if element type of each value a role names, or null.
  const llvm::DenseMap<mlir::Value, mlir::Type> *getRoleTypes() const {
    return roleTypes;
  }
  /// Bytes of `elements` elements of `bits` bits each, rounded up to whole
  /// bytes per tensor.
  static Count bytesFor(Count elements, uint64_t bits);
  /// Bytes of a whole tensor or memref (its element count times its element
  /// size); std::nullopt when the shape or the element size is unknown.
  std::optional<Count> bytesOf(mlir::Value value) const;

private:
  const CostOptions &options;
  const mlir::DataLayout &dataLayout;
  SizeResolver *resolver;
  mlir::Type precision;
  const llvm::DenseMap<mlir::Value, mlir::Type> *roleTypes;
};

/// `ops` (which include `macs` multiply-accumulates counted twice) in
/// `convention`: the one place a convention changes a count.
Count applyFlopConvention(Count ops, Count macs, FlopConvention convention);
inline llvm::StringRef stringifyFlopConvention(FlopConvention convention) {
  return stringifyEnum(kFlopConventionNames, convention);
}
inline llvm::StringRef stringifyPrecision(Precision precision) {
  return stringifyEnum(kPrecisionNames, precision);
}

} // namespace mlsysim

#endif // MLSYSIM_INTERFACES_OPCOST_H
