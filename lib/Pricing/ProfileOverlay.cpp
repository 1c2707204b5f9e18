//===- ProfileOverlay.cpp - A measured run mapped onto the IR -------------===//
//
// The mapping is an alignment: a run's measured entries and the IR's ops
// both run in program order, so the mapping is the monotone matching of the
// two sequences that agrees best on the evidence (the heaviest-score common
// subsequence, by dynamic programming). Evidence, strongest first:
//   - a contraction's multiply-accumulates (aten::addmm [M,K]x[K,N] and a
//     linalg.matmul of M*N*K MACs; the first product of an attention op),
//   - a convolution's filter shape (size-1 dimensions aside, so a
//     depthwise filter [C,1,R,S] matches [C,R,S]),
//   - for the rest, the element counts of their tensors and their kind
//     (elementwise, reduction, data movement, a view),
//   - with no shapes (Nsight kernels), the kind read from the kernel name.
// An entry is one framework op or kernel; the IR ops between two matched
// ones are what those lowered to: each goes to the match it feeds (the fill
// before a matmul), else to the match before it (the bias add after it).
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Pricing/ProfileOverlay.h"

#include "mlsysim/Pricing/PricedProgram.h"
#include "mlsysim/Pricing/Roofline.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <numeric>

using namespace mlsysim;

double ProfileOverlay::getMatchedShare() const {
  return getShare(matched, measured);
}

const MeasuredUnit *ProfileOverlay::findUnit(unsigned anchor) const {
  for (const MeasuredUnit &unit : units)
    if (unit.anchor == anchor)
      return &unit;
  return nullptr;
}

namespace {
/// What kind of work an entry or op does, as far as the mapping tells.
enum class Family {
  Contraction,
  Convolution,
  Reduction,
  Elementwise,
  Move,
  View,
  /// A copy between host and device: outside the IR, never matched.
  Transfer,
  Unknown
};

/// What the mapping compares.
struct Signature {
  Family family = Family::Unknown;
  /// Multiply-accumulates of a contraction (of an attention op: its first
  /// product), per run.
  double macs = 0.0;
  /// A convolution's filter, size-1 dimensions dropped.
  std::vector<int64_t> filter;
  /// Element counts of its tensors, each once; the largest first.
  llvm::SmallVector<int64_t, 4> sizes;
  /// FLOPs a profiler counted (Nsight Compute).
  double flops = 0.0;
};
} // namespace

static int64_t elementsOf(llvm::ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= std::max<int64_t>(d, 0);
  return n;
}

static std::vector<int64_t> squeezed(llvm::ArrayRef<int64_t> shape) {
  std::vector<int64_t> out;
  for (int64_t d : shape)
    if (d != 1)
      out.push_back(d);
  return out;
}

/// The family of a framework op (`aten::addmm`, `aten::relu_`) or of a GPU
/// kernel by its name (cuBLAS, CUTLASS, cuDNN and PyTorch's kernels).
static Family familyOfName(llvm::StringRef name) {
  llvm::StringRef op = name;
  op.consume_front("aten::");
  bool aten = op.size() != name.size();
  if (aten) {
    op = op.trim('_');
    Family family =
        llvm::StringSwitch<Family>(op)
            .Cases({"mm", "addmm", "bmm", "baddbmm", "matmul", "linear", "mv",
                    "addmv", "dot", "einsum"},
                   Family::Contraction)
            .StartsWith("scaled_dot_product", Family::Contraction)
            .Cases({"conv1d", "conv2d", "conv3d", "convolution",
                    "mkldnn_convolution", "cudnn_convolution"},
                   Family::Convolution)
            .StartsWith("conv_transpose", Family::Convolution)
            .Cases({"sum",        "mean",
                    "amax",       "amin",
                    "max",        "min",
                    "softmax",    "log_softmax",
                    "layer_norm", "native_layer_norm",
                    "batch_norm", "native_batch_norm",
                    "group_norm", "var",
                    "std",        "norm",
                    "argmax",     "cumsum",
                    "prod",       "rms_norm"},
                   Family::Reduction)
            .Cases({"batch_norm_impl_index", "native_group_norm", "logsumexp",
                    "avg_pool2d", "adaptive_avg_pool2d", "max_pool2d",
                    "max_pool2d_with_indices", "adaptive_max_pool2d",
                    "avg_pool1d", "max_pool1d"},
                   Family::Reduction)
            .Cases({"view",       "reshape",    "reshape_alias", "permute",
                    "transpose",  "t",          "expand",        "unsqueeze",
                    "squeeze",    "flatten",    "slice",         "select",
                    "as_strided", "alias",      "detach",        "unflatten",
                    "split",      "chunk",      "narrow",        "unbind",
                    "lift_fresh", "view_as",    "expand_as",     "unsafe_view",
                    "empty",      "empty_like", "resolve_conj",  "resolve_neg"},
                   Family::View)
            .Cases({"contiguous", "clone",     "copy",      "cat",
                    "stack",      "to",        "to_copy",   "index_select",
                    "embedding",  "gather",    "pad",       "constant_pad_nd",
                    "repeat",     "zeros",     "ones",      "full",
                    "zeros_like", "ones_like", "full_like", "fill",
                    "zero",       "arange",    "index",     "masked_fill",
                    "where",      "tril",      "triu"},
                   Family::Move)
            .Default(Family::Elementwise);
    return family;
  }
  std::string lower = name.lower();
  llvm::StringRef k(lower);
  if (k.contains("memcpy") &&
      (k.contains("host") || k.contains("htod") || k.contains("dtoh")))
    return Family::Transfer;
  if (k.contains("memcpy") || k.contains("memset") || k.contains("copy") ||
      k.contains("concat") || k.contains("catarray") ||
      k.contains("transpose") || k.contains("fill"))
    return Family::Move;
  if (k.contains("conv") || k.contains("implicit_gemm") ||
      k.contains("winograd") || k.contains("fprop") || k.contains("dgrad") ||
      k.contains("wgrad"))
    return Family::Convolution;
  if (k.contains("gemm") || k.contains("gemv") || k.contains("cutlass") ||
      k.contains("matmul") || k.contains("flash") || k.contains("fmha") ||
      k.contains("attention"))
    return Family::Contraction;
  if (k.contains("reduce") || k.contains("softmax") || k.contains("norm") ||
      k.contains("pool") || k.contains("sum"))
    return Family::Reduction;
  if (k.contains("elementwise") || k.contains("vectorized") ||
      k.contains("unrolled") || k.contains("triton"))
    return Family::Elementwise;
  return Family::Unknown;
}

/// The multiply-accumulates of a framework contraction from its input
/// shapes (torch's argument order), or 0 when they do not say.
static double macsOf(llvm::StringRef name,
                     const std::vector<std::vector<int64_t>> &in) {
  llvm::StringRef op = name;
  op.consume_front("aten::");
  op = op.trim('_');
  auto shape = [&](size_t i) -> llvm::ArrayRef<int64_t> {
    return i < in.size() ? llvm::ArrayRef<int64_t>(in[i])
                         : llvm::ArrayRef<int64_t>();
  };
  // [..., M, K] x [..., K, N], batch dimensions broadcast.
  auto product = [](llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b) {
    if (a.empty() || b.empty())
      return 0.0;
    double k = a.back(), n = b.size() >= 2 ? b.back() : 1;
    double m = a.size() >= 2 ? a[a.size() - 2] : 1;
    double batch =
        std::max(elementsOf(a.drop_back(std::min<size_t>(2, a.size()))),
                 elementsOf(b.drop_back(std::min<size_t>(2, b.size()))));
    return batch * m * k * n;
  };
  if (op == "mm" || op == "bmm" || op == "matmul" || op == "mv" || op == "dot")
    return product(shape(0), shape(1));
  if (op == "addmm" || op == "baddbmm" || op == "addmv")
    return product(shape(1), shape(2));
  if (op == "linear" && shape(1).size() == 2 && !shape(0).empty())
    return static_cast<double>(elementsOf(shape(0))) * shape(1)[0];
  // Attention: Q K^T first, [..., L, D] x [..., S, D].
  if (op.starts_with("scaled_dot_product") && shape(0).size() >= 2 &&
      shape(1).size() >= 2)
    return static_cast<double>(elementsOf(shape(0))) *
           shape(1)[shape(1).size() - 2];
  return 0.0;
}

static void distinctLargestFirst(llvm::SmallVectorImpl<int64_t> &sizes) {
  llvm::sort(sizes, std::greater<int64_t>());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
}

static Signature signatureOf(const MeasuredKernel &entry) {
  Signature s;
  s.family = familyOfName(entry.name);
  if (s.family == Family::Contraction)
    s.macs = macsOf(entry.name, entry.inputShapes);
  if (s.family == Family::Convolution && entry.inputShapes.size() >= 2)
    s.filter = squeezed(entry.inputShapes[1]);
  for (const std::vector<int64_t> &shape : entry.inputShapes)
    if (!shape.empty())
      s.sizes.push_back(elementsOf(shape));
  distinctLargestFirst(s.sizes);
  s.flops = entry.flops.value_or(0.0);
  return s;
}

static Signature signatureOf(const PricedOp &op, const PricedProgram &program) {
  Signature s;
  int64_t bound = program.options.cost.dynamicDimSize.value_or(1);
  auto shapeOf = [&](mlir::Type type) -> std::optional<std::vector<int64_t>> {
    auto shaped = llvm::dyn_cast<mlir::ShapedType>(type);
    if (!shaped || !shaped.hasRank())
      return std::nullopt;
    std::vector<int64_t> shape(shaped.getShape());
    for (int64_t &d : shape)
      if (mlir::ShapedType::isDynamic(d))
        d = bound;
    return shape;
  };
  switch (op.opClass) {
  case OpClass::Matmul:
    s.family = Family::Contraction;
    break;
  case OpClass::Convolution:
  case OpClass::DepthwiseConvolution:
    s.family = Family::Convolution;
    break;
  case OpClass::Pooling:
  case OpClass::Reduction:
    s.family = Family::Reduction;
    break;
  case OpClass::Elementwise:
    s.family = Family::Elementwise;
    break;
  default:
    s.family = op.free ? Family::View : Family::Move;
    break;
  }
  double runs = std::max(1.0, op.multiplier.toDouble());
  double perMac =
      program.options.convention == FlopConvention::FMA2 ? 2.0 : 1.0;
  if (s.family == Family::Contraction)
    s.macs = op.flops.toDouble() / runs / perMac;
  s.flops = (op.flops + op.intOps).toDouble() / runs;
  if (!op.op)
    return s;
  if (s.family == Family::Convolution)
    if (auto linalgOp = llvm::dyn_cast<mlir::linalg::LinalgOp>(op.op))
      if (linalgOp.getNumDpsInputs() >= 2)
        if (auto filter =
                shapeOf(linalgOp.getDpsInputOperand(1)->get().getType()))
          s.filter = squeezed(*filter);
  for (mlir::Value value : op.op->getOperands())
    if (auto shape = shapeOf(value.getType()))
      s.sizes.push_back(elementsOf(*shape));
  for (mlir::Value value : op.op->getResults())
    if (auto shape = shapeOf(value.getType()))
      s.sizes.push_back(elementsOf(*shape));
  distinctLargestFirst(s.sizes);
  return s;
}

static bool near(double a, double b, double tolerance) {
  return a > 0 && b > 0 && std::abs(a - b) <= tolerance * std::max(a, b);
}

/// How strongly entry `m` and IR op `o` say they are the same work; 0:
/// they cannot be.
static int scoreOf(const Signature &m, const Signature &o) {
  if (m.family == Family::Transfer)
    return 0;
  bool mHeavy =
      m.family == Family::Contraction || m.family == Family::Convolution;
  bool oHeavy =
      o.family == Family::Contraction || o.family == Family::Convolution;
  if (mHeavy || oHeavy) {
    if (m.family != o.family)
      return 0;
    if (m.family == Family::Contraction && m.macs > 0)
      return near(m.macs, o.macs, 0.005) ? 100 : 0;
    if (m.family == Family::Convolution && !m.filter.empty())
      return m.filter == o.filter ? 100 : 0;
    if (m.flops > 0)
      return near(m.flops, o.flops, 0.1) ? 60 : 0;
    return 4; // A kernel named like a GEMM, with no shapes.
  }
  // A view is free either way: it matches only a view or a free op.
  if ((m.family == Family::View) != (o.family == Family::View))
    return 0;
  int family = m.family == o.family ? 10 : 0;
  if (m.flops > 0)
    return near(m.flops, o.flops, 0.1) ? 20 + family : 0;
  if (m.sizes.empty())
    return m.family == Family::Unknown ? 1 : (family ? 4 : 0);
  // The tensors' sizes: the largest equal, and how many of the distinct
  // ones both have (the relu after a bias add has the add's size, but not
  // its bias's).
  llvm::ArrayRef<int64_t> a = m.sizes, b = o.sizes;
  unsigned common = llvm::count_if(
      a, [&](int64_t size) { return llvm::is_contained(b, size); });
  if (!common)
    return 0;
  int overlap = static_cast<int>(
      std::lround(18.0 * common / (a.size() + b.size() - common)));
  if (!b.empty() && a.front() == b.front())
    return 12 + overlap + family;
  return 4 + overlap / 2 + family / 2;
}

/// The heaviest-score monotone matching of `entries` (one run) onto `ops`:
/// for each entry, the position in `ops` of its match, or -1.
static std::vector<int> align(llvm::ArrayRef<Signature> entries,
                              llvm::ArrayRef<Signature> ops) {
  size_t n = entries.size(), m = ops.size();
  std::vector<int> match(n, -1);
  if (!n || !m)
    return match;
  // Two rows of scores; the moves in full (one byte a cell).
  std::vector<int64_t> previous(m + 1, 0), current(m + 1, 0);
  std::vector<uint8_t> move(n * m);
  enum : uint8_t { SkipEntry, SkipOp, Match };
  for (size_t i = 1; i <= n; ++i) {
    current[0] = 0;
    for (size_t j = 1; j <= m; ++j) {
      int64_t best = previous[j];
      uint8_t how = SkipEntry;
      if (current[j - 1] > best) {
        best = current[j - 1];
        how = SkipOp;
      }
      if (int score = scoreOf(entries[i - 1], ops[j - 1]);
          score > 0 && previous[j - 1] + score > best) {
        best = previous[j - 1] + score;
        how = Match;
      }
      current[j] = best;
      move[(i - 1) * m + (j - 1)] = how;
    }
    std::swap(previous, current);
  }
  for (size_t i = n, j = m; i > 0 && j > 0;) {
    switch (move[(i - 1) * m + (j - 1)]) {
    case Match:
      match[i - 1] = static_cast<int>(j - 1);
      --i;
      --j;
      break;
    case SkipOp:
      --j;
      break;
    default:
      --i;
      break;
    }
  }
  return match;
}

/// The operands an op reads: a destination-style op's inits only say where
/// its result goes (an empty tensor shared by many ops), not what it reads.
static llvm::SmallVector<mlir::Value> readsOf(mlir::Operation *op) {
  llvm::SmallVector<mlir::Value> reads;
  auto dps = llvm::dyn_cast<mlir::DestinationStyleOpInterface>(op);
  for (mlir::OpOperand &operand : op->getOpOperands())
    if (!dps || !dps.isDpsInit(&operand))
      reads.push_back(operand.get());
  return reads;
}

/// A summary's rows are in no order: each, the longest first, takes the op
/// it scores best with that no row took (the first on ties).
static std::vector<int> matchUnordered(llvm::ArrayRef<Signature> entries,
                                       llvm::ArrayRef<Signature> ops,
                                       llvm::ArrayRef<double> durations) {
  std::vector<int> match(entries.size(), -1);
  std::vector<bool> taken(ops.size(), false);
  std::vector<unsigned> byTime(entries.size());
  std::iota(byTime.begin(), byTime.end(), 0u);
  llvm::stable_sort(byTime, [&](unsigned a, unsigned b) {
    return durations[a] > durations[b];
  });
  for (unsigned i : byTime) {
    int best = 0;
    for (auto [j, op] : llvm::enumerate(ops)) {
      int score = taken[j] ? 0 : scoreOf(entries[i], op);
      if (score > best) {
        best = score;
        match[i] = static_cast<int>(j);
      }
    }
    if (match[i] >= 0)
      taken[match[i]] = true;
  }
  return match;
}

/// The anchor each op goes to, within its function:
///   1. itself, when an anchor;
///   2. forward: the latest anchor among what it reads (an epilogue: the
///      bias add after a matmul, the normalization's steps after its first);
///   3. backward: the earliest anchor among its users' (a prologue: the
///      fill a matmul accumulates into, a weight's transpose, the running
///      variance's rsqrt a batch norm multiplies by);
///   4. the anchor before it, else the first one after.
static std::vector<int> attach(const PricedProgram &program,
                               const std::vector<bool> &isAnchor) {
  size_t n = program.ops.size();
  llvm::DenseMap<mlir::Operation *, unsigned> idOf;
  for (const PricedOp &op : program.ops)
    if (op.op)
      idOf[op.op] = op.id;
  auto sameFunc = [&](unsigned a, unsigned b) {
    return program.ops[a].func == program.ops[b].func;
  };
  std::vector<int> owner(n, -1);
  for (size_t id = 0; id < n; ++id) {
    if (isAnchor[id]) {
      owner[id] = static_cast<int>(id);
      continue;
    }
    if (!program.ops[id].op)
      continue;
    for (mlir::Value value : readsOf(program.ops[id].op)) {
      auto it = idOf.find(value.getDefiningOp());
      if (it != idOf.end() && owner[it->second] >= 0 &&
          sameFunc(it->second, id))
        owner[id] = std::max(owner[id], owner[it->second]);
    }
  }
  for (size_t id = n; id-- > 0;) {
    if (owner[id] >= 0 || !program.ops[id].op)
      continue;
    for (mlir::Operation *user : program.ops[id].op->getUsers()) {
      auto it = idOf.find(user);
      if (it == idOf.end() || owner[it->second] < 0 ||
          !sameFunc(it->second, id))
        continue;
      if (owner[id] < 0 || owner[it->second] < owner[id])
        owner[id] = owner[it->second];
    }
  }
  int before = -1;
  for (size_t id = 0; id < n; ++id) {
    if (isAnchor[id])
      before = static_cast<int>(id);
    else if (owner[id] < 0 && before >= 0 && sameFunc(before, id))
      owner[id] = before;
  }
  int after = -1;
  for (size_t id = n; id-- > 0;) {
    if (isAnchor[id])
      after = static_cast<int>(id);
    else if (owner[id] < 0 && after >= 0 && sameFunc(after, id))
      owner[id] = after;
  }
  return owner;
}

namespace {
/// Each op's predicted seconds under the headline execution model: its own
/// latency in eager and graph execution; in compiled execution its kernel's
/// latency split over the kernel's ops by their own latencies (a folded op
/// does not run, and a fill that several kernels make in place has a share
/// of each).
struct OpPrediction {
  explicit OpPrediction(const PricedProgram &program) : program(program) {
    own.assign(program.ops.size(), 0.0);
    compiled = program.options.roofline.execution == ExecutionModel::Compiled;
    for (const PricedOp &op : program.ops)
      if (op.modeled && (!compiled || op.kernel >= 0))
        own[op.id] = op.roofline.latency;
    if (!compiled)
      return;
    kernelOwn.assign(program.kernels.size(), 0.0);
    kernelsOf.resize(program.ops.size());
    for (const PricedKernel &kernel : program.kernels)
      for (unsigned id : kernel.ops) {
        kernelOwn[kernel.id] += own[id];
        kernelsOf[id].push_back(kernel.id);
      }
  }
  /// In kernel `kernel` (compiled execution).
  double in(unsigned kernel, unsigned id) const {
    const PricedKernel &k = program.kernels[kernel];
    return kernelOwn[kernel] > 0
               ? k.roofline.latency * own[id] / kernelOwn[kernel]
               : k.roofline.latency / k.ops.size();
  }
  /// In all the kernels that run it.
  double total(unsigned id) const {
    if (!compiled)
      return own[id];
    double sum = 0.0;
    for (unsigned kernel : kernelsOf[id])
      sum += in(kernel, id);
    return sum;
  }

  const PricedProgram &program;
  bool compiled = false;
  std::vector<double> own, kernelOwn;
  /// The kernels that run each op (one; a shared fill several).
  std::vector<llvm::SmallVector<unsigned, 1>> kernelsOf;
};
} // namespace

namespace {
/// An op in a unit, with its predicted seconds there.
struct Member {
  unsigned op, anchor;
  double predicted;
};
} // namespace

/// This project's own trace: each slice names its ops; its anchor is the
/// heaviest, and each of its ops is a member with its share of the slice's
/// kernel (compiled) or its own time.
static void mapByOpIds(const PricedProgram &program, const Profile &profile,
                       const OpPrediction &predicted,
                       std::vector<int> &anchorOf, std::vector<Member> &members,
                       ProfileOverlay &overlay) {
  size_t numOps = program.ops.size();
  unsigned outOfRange = 0;
  for (auto [i, entry] : llvm::enumerate(profile.kernels)) {
    for (unsigned id : entry.opIds) {
      if (id >= numOps) {
        ++outOfRange;
        continue;
      }
      if (anchorOf[i] < 0 || program.ops[id].roofline.latency >
                                 program.ops[anchorOf[i]].roofline.latency)
        anchorOf[i] = static_cast<int>(id);
    }
    if (anchorOf[i] < 0)
      continue;
    int kernel = program.ops[anchorOf[i]].kernel;
    for (unsigned id : entry.opIds) {
      if (id >= numOps)
        continue;
      bool inKernel = predicted.compiled && kernel >= 0 &&
                      llvm::is_contained(predicted.kernelsOf[id],
                                         static_cast<unsigned>(kernel));
      members.push_back(
          {id, static_cast<unsigned>(anchorOf[i]),
           inKernel ? predicted.in(kernel, id) : predicted.total(id)});
    }
  }
  if (outOfRange)
    overlay.notes.push_back(
        std::to_string(outOfRange) +
        " op ids beyond the IR's ops: a trace of other IR?");
}

/// Any other profile: each run (profiler step) aligned against the IR's ops
/// (a summary matched by kind); the anchor of each entry, or -1.
static void mapByAlignment(const PricedProgram &program, const Profile &profile,
                           std::vector<int> &anchorOf,
                           ProfileOverlay &overlay) {
  size_t numOps = program.ops.size();
  std::vector<Signature> ops;
  ops.reserve(numOps);
  for (const PricedOp &op : program.ops)
    ops.push_back(signatureOf(op, program));
  for (unsigned step = profile.steps ? 1 : 0; step <= profile.steps; ++step) {
    std::vector<unsigned> index;
    std::vector<Signature> entries;
    std::vector<double> durations;
    for (auto [i, entry] : llvm::enumerate(profile.kernels))
      if (entry.step == step) {
        index.push_back(i);
        entries.push_back(signatureOf(entry));
        durations.push_back(entry.duration);
      }
    if (static_cast<double>(entries.size()) * numOps > 4e8) {
      overlay.notes.push_back("a run of " + std::to_string(entries.size()) +
                              " entries against " + std::to_string(numOps) +
                              " ops is too large to align; not mapped");
      continue;
    }
    std::vector<int> match = profile.ordered
                                 ? align(entries, ops)
                                 : matchUnordered(entries, ops, durations);
    for (auto [k, i] : llvm::enumerate(index))
      anchorOf[i] = match[k];
  }
}

/// One unit per anchor, with its members' predicted time, work and the
/// traffic of what runs; the ops no unit covers are counted. Returns each
/// anchor's unit.
static llvm::DenseMap<unsigned, unsigned>
buildUnits(const PricedProgram &program, const OpPrediction &predicted,
           const std::vector<bool> &isAnchor, llvm::ArrayRef<Member> members,
           ProfileOverlay &overlay) {
  size_t numOps = program.ops.size();
  llvm::DenseMap<unsigned, unsigned> unitOf;
  for (unsigned id = 0; id < numOps; ++id)
    if (isAnchor[id]) {
      unitOf[id] = overlay.units.size();
      overlay.units.emplace_back();
      overlay.units.back().anchor = id;
      overlay.units.back().start = -1.0;
    }
  std::vector<bool> covered(numOps, false);
  for (const Member &member : members) {
    const PricedOp &op = program.ops[member.op];
    MeasuredUnit &unit = overlay.units[unitOf[member.anchor]];
    unit.ops.push_back(member.op);
    covered[member.op] = true;
    if (!op.modeled)
      continue;
    unit.predicted += member.predicted;
    unit.flops += (op.flops + op.intOps).toDouble();
    // The traffic of what runs: in compiled execution the kernel's (its
    // ops' intermediates stay on chip), by the op's share of its time.
    if (!predicted.compiled) {
      unit.bytes += op.bytes().toDouble();
    } else if (!predicted.kernelsOf[member.op].empty()) {
      const PricedKernel &kernel =
          program.kernels[predicted.kernelsOf[member.op].front()];
      unit.bytes += getShare(member.predicted, kernel.roofline.latency) *
                    kernel.bytes().toDouble();
    }
  }
  for (unsigned id = 0; id < numOps; ++id) {
    if (covered[id]) {
      ++overlay.opsMeasured;
    } else if (double time = predicted.total(id); time > 0) {
      ++overlay.opsNotMeasured;
      overlay.predictedNotMeasured += time;
    }
  }
  return unitOf;
}

/// The measured time of each entry, per run: to its unit, or to the
/// unmatched names (host transfers apart).
static void addMeasured(const Profile &profile, llvm::ArrayRef<int> anchorOf,
                        const llvm::DenseMap<unsigned, unsigned> &unitOf,
                        ProfileOverlay &overlay) {
  double perRun = 1.0 / overlay.runs;
  llvm::StringMap<UnmatchedEntries> unmatched;
  for (auto [i, entry] : llvm::enumerate(profile.kernels)) {
    double time = entry.duration * perRun;
    if (familyOfName(entry.name) == Family::Transfer) {
      overlay.hostTransfer += time;
      continue;
    }
    overlay.measured += time;
    if (anchorOf[i] < 0) {
      UnmatchedEntries &u = unmatched[entry.name];
      u.name = entry.name;
      u.measured += time;
      u.entries += entry.instances * perRun;
      continue;
    }
    MeasuredUnit &unit = overlay.units[unitOf.lookup(anchorOf[i])];
    overlay.matched += time;
    unit.measured += time;
    unit.entries += entry.instances * perRun;
    if (unit.start < 0)
      unit.start = entry.start;
    if (!llvm::is_contained(unit.names, entry.name))
      unit.names.push_back(entry.name);
  }
  for (auto &entry : unmatched)
    overlay.unmatched.push_back(entry.second);
  llvm::sort(overlay.unmatched, [](const UnmatchedEntries &a,
                                   const UnmatchedEntries &b) {
    return std::tie(b.measured, a.name) < std::tie(a.measured, b.name);
  });
}

/// Each unit's ratios and bound (its costliest member's), and the measured
/// time per op (a unit's over its members by their predicted time; all of
/// it to the anchor when none is predicted) and per kernel (its ops', a
/// shared fill's by its share in this kernel).
static void splitMeasured(const PricedProgram &program,
                          const OpPrediction &predicted,
                          llvm::ArrayRef<Member> members,
                          const llvm::DenseMap<unsigned, unsigned> &unitOf,
                          ProfileOverlay &overlay) {
  for (MeasuredUnit &unit : overlay.units) {
    overlay.predictedMatched += unit.predicted;
    unit.headroom = unit.predicted > 0 ? unit.measured / unit.predicted : 0.0;
    unit.timeLeft = unit.measured - unit.predicted;
    unit.achievedFlops = getShare(unit.flops, unit.measured);
    unit.achievedBytes = getShare(unit.bytes, unit.measured);
    unit.intensity = getShare(unit.flops, unit.bytes);
    unit.predictedFlops = getShare(unit.flops, unit.predicted);
    unit.bound = program.ops[unit.anchor].roofline.bound;
  }
  overlay.opMeasured.assign(program.ops.size(), -1.0);
  std::vector<double> heaviest(overlay.units.size(), -1.0);
  for (const Member &member : members) {
    unsigned index = unitOf.lookup(member.anchor);
    MeasuredUnit &unit = overlay.units[index];
    const PricedOp &op = program.ops[member.op];
    if (op.modeled && member.predicted > heaviest[index]) {
      heaviest[index] = member.predicted;
      unit.bound = op.roofline.bound;
    }
    double share = unit.predicted > 0
                       ? unit.measured * member.predicted / unit.predicted
                       : (member.op == unit.anchor ? unit.measured : 0.0);
    overlay.opMeasured[member.op] =
        std::max(0.0, overlay.opMeasured[member.op]) + share;
  }
  overlay.kernelMeasured.assign(program.kernels.size(), -1.0);
  for (const PricedKernel &kernel : program.kernels)
    for (unsigned id : kernel.ops) {
      if (overlay.opMeasured[id] < 0)
        continue;
      double part = 1.0;
      if (predicted.compiled) {
        double total = predicted.total(id);
        part = total > 0 ? predicted.in(kernel.id, id) / total
                         : 1.0 / predicted.kernelsOf[id].size();
      }
      overlay.kernelMeasured[kernel.id] =
          std::max(0.0, overlay.kernelMeasured[kernel.id]) +
          overlay.opMeasured[id] * part;
    }
}

ProfileOverlay mlsysim::overlayProfile(const PricedProgram &program,
                                       const Profile &profile, unsigned runs) {
  ProfileOverlay overlay;
  overlay.format = profile.format;
  overlay.path = profile.path;
  overlay.notes = profile.skipped;
  overlay.runs = profile.steps ? profile.steps : std::max(1u, runs);
  size_t numOps = program.ops.size();

  // Each entry's anchor op (or -1), and the ops each anchor's unit holds.
  std::vector<int> anchorOf(profile.kernels.size(), -1);
  OpPrediction predicted(program);
  std::vector<Member> members;
  bool byIds = profile.format == "mlsysim";
  if (byIds)
    mapByOpIds(program, profile, predicted, anchorOf, members, overlay);
  else
    mapByAlignment(program, profile, anchorOf, overlay);
  std::vector<bool> isAnchor(numOps, false);
  for (int anchor : anchorOf)
    if (anchor >= 0)
      isAnchor[anchor] = true;
  if (!byIds) {
    std::vector<int> owner = attach(program, isAnchor);
    for (unsigned id = 0; id < numOps; ++id)
      if (owner[id] >= 0)
        members.push_back(
            {id, static_cast<unsigned>(owner[id]), predicted.total(id)});
  }
  // An op in two slices (a fill made in place in each) is in each unit
  // once per slice: counted once.
  llvm::sort(members, [](const Member &a, const Member &b) {
    return std::tie(a.anchor, a.op) < std::tie(b.anchor, b.op);
  });
  members.erase(std::unique(members.begin(), members.end(),
                            [](const Member &a, const Member &b) {
                              return a.anchor == b.anchor && a.op == b.op;
                            }),
                members.end());

  llvm::DenseMap<unsigned, unsigned> unitOf =
      buildUnits(program, predicted, isAnchor, members, overlay);
  addMeasured(profile, anchorOf, unitOf, overlay);
  splitMeasured(program, predicted, members, unitOf, overlay);
  llvm::stable_sort(overlay.units,
                    [](const MeasuredUnit &a, const MeasuredUnit &b) {
                      return a.timeLeft > b.timeLeft;
                    });
  return overlay;
}

std::vector<ProfileChange> mlsysim::diffProfiles(const ProfileOverlay &before,
                                                 const ProfileOverlay &after) {
  std::map<unsigned, ProfileChange> byAnchor;
  auto add = [&](const ProfileOverlay &overlay, double ProfileChange::*time) {
    for (const MeasuredUnit &unit : overlay.units) {
      ProfileChange &change = byAnchor[unit.anchor];
      change.anchor = unit.anchor;
      if (change.name.empty() && !unit.names.empty())
        change.name = unit.names.front();
      change.*time = unit.measured;
    }
  };
  add(before, &ProfileChange::before);
  add(after, &ProfileChange::after);
  std::vector<ProfileChange> changes;
  for (auto &entry : byAnchor)
    changes.push_back(entry.second);
  // The largest change first.
  llvm::stable_sort(
      changes, [](const ProfileChange &a, const ProfileChange &b) {
        return std::abs(std::max(0.0, a.after) - std::max(0.0, a.before)) >
               std::abs(std::max(0.0, b.after) - std::max(0.0, b.before));
      });
  return changes;
}
