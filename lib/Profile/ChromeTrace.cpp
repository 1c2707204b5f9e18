//===- ChromeTrace.cpp - The PyTorch profiler's trace ---------------------===//
//
// torch.profiler's `export_chrome_trace` (Chrome trace event format): "X"
// events of category `cpu_op` for the ATen ops (args "Input Dims" with
// `record_shapes=True`, "Call stack" in older versions with `with_stack`),
// `user_annotation` events `ProfilerStep#N` around each step, and `kernel`,
// `gpu_memcpy` and `gpu_memset` events for the GPU, linked to the op that
// launched them by args "External id".
//
// A measured entry is a top-level op (no op of the same thread encloses
// it): the op the user's code called, whose time includes its children
// (aten::linear holds its aten::addmm). With GPU events its duration is the
// device time of the kernels it launched, and kernels no op launched are
// entries of their own.
//
//===----------------------------------------------------------------------===//

#include "mlsysim/Profile/Profile.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

#include <algorithm>

using namespace mlsysim;
using llvm::json::Array;
using llvm::json::Object;

bool mlsysim::isChromeTrace(llvm::StringRef path, llvm::StringRef text) {
  llvm::StringRef head = text.ltrim();
  return (head.starts_with("{") || head.starts_with("[")) &&
         text.contains("\"traceEvents\"");
}

namespace {
/// An op event while the nesting is worked out.
struct OpEvent {
  double ts = 0, dur = 0;
  int64_t tid = 0;
  const Object *event = nullptr;
  std::optional<int64_t> externalId;
  bool topLevel = true;
  /// Index of its top-level ancestor in the list (itself when top-level).
  unsigned root = 0;
  double deviceTime = 0;
  bool launched = false;
};
} // namespace

/// A thread id: torch writes numbers, some tools strings.
static int64_t threadOf(const Object &event) {
  if (std::optional<int64_t> tid = event.getInteger("tid"))
    return *tid;
  if (std::optional<llvm::StringRef> tid = event.getString("tid"))
    return static_cast<int64_t>(llvm::hash_value(*tid));
  return 0;
}

/// "Input Dims": one entry per input, a shape (list of sizes), an empty
/// list for a scalar, or a list of shapes for a tensor list (aten::cat),
/// whose shapes are each an input here.
static std::vector<std::vector<int64_t>> readShapes(const Array &dims) {
  std::vector<std::vector<int64_t>> shapes;
  auto asShape = [](const Array &sizes) -> std::optional<std::vector<int64_t>> {
    std::vector<int64_t> shape;
    for (const llvm::json::Value &size : sizes) {
      std::optional<int64_t> value = size.getAsInteger();
      if (!value)
        return std::nullopt;
      shape.push_back(*value);
    }
    return shape;
  };
  for (const llvm::json::Value &input : dims) {
    const Array *sizes = input.getAsArray();
    if (!sizes) {
      shapes.emplace_back();
      continue;
    }
    if (std::optional<std::vector<int64_t>> shape = asShape(*sizes)) {
      shapes.push_back(std::move(*shape));
      continue;
    }
    for (const llvm::json::Value &inner : *sizes)
      if (const Array *list = inner.getAsArray())
        if (std::optional<std::vector<int64_t>> shape = asShape(*list))
          shapes.push_back(std::move(*shape));
  }
  return shapes;
}

namespace {
/// The events a reading uses, sorted into their kinds.
struct TraceEvents {
  std::vector<OpEvent> ops;
  std::vector<std::pair<double, double>> steps;
  std::vector<const Object *> kernels;
  unsigned noDuration = 0;
};
} // namespace

/// The complete ("X") events of `events` by kind: ops, profiler steps and
/// GPU kernels (and copies).
static TraceEvents collectEvents(const Array &events) {
  TraceEvents found;
  for (const llvm::json::Value &value : events) {
    const Object *event = value.getAsObject();
    if (!event || event->getString("ph") != "X")
      continue;
    llvm::StringRef cat = event->getString("cat").value_or("");
    std::optional<double> ts = event->getNumber("ts"),
                          dur = event->getNumber("dur");
    if (!ts || !dur || *dur < 0) {
      found.noDuration += cat == "cpu_op" || cat == "kernel";
      continue;
    }
    llvm::StringRef name = event->getString("name").value_or("");
    if (cat == "user_annotation" && name.starts_with("ProfilerStep#")) {
      found.steps.emplace_back(*ts, *ts + *dur);
    } else if (cat == "cpu_op" || cat == "operator") {
      OpEvent op;
      op.ts = *ts;
      op.dur = *dur;
      op.tid = threadOf(*event);
      op.event = event;
      if (const Object *args = event->getObject("args"))
        op.externalId = args->getInteger("External id");
      found.ops.push_back(op);
    } else if (cat == "kernel" || cat == "gpu_memcpy" || cat == "gpu_memset") {
      found.kernels.push_back(event);
    }
  }
  return found;
}

/// Which ops are top-level and the top-level ancestor of each: per thread,
/// by start (the longer first at a tie), an op inside the one before.
static void nestOps(std::vector<OpEvent> &ops) {
  std::stable_sort(
      ops.begin(), ops.end(), [](const OpEvent &a, const OpEvent &b) {
        return std::tie(a.tid, a.ts, b.dur) < std::tie(b.tid, b.ts, a.dur);
      });
  llvm::SmallVector<unsigned> open;
  for (unsigned i = 0; i < ops.size(); ++i) {
    OpEvent &op = ops[i];
    while (!open.empty() &&
           (ops[open.back()].tid != op.tid ||
            ops[open.back()].ts + ops[open.back()].dur <= op.ts))
      open.pop_back();
    op.topLevel = open.empty();
    op.root = open.empty() ? i : ops[open.front()].root;
    open.push_back(i);
  }
}

/// GPU time: each kernel to the top-level op that launched it; a kernel
/// no op launched is an entry of its own in `profile`.
static void attributeKernels(std::vector<OpEvent> &ops,
                             llvm::ArrayRef<const Object *> kernels,
                             Profile &profile) {
  llvm::DenseMap<int64_t, unsigned> byExternalId;
  for (unsigned i = 0; i < ops.size(); ++i)
    if (ops[i].externalId)
      byExternalId.try_emplace(*ops[i].externalId, i);
  for (const Object *kernel : kernels) {
    double dur = *kernel->getNumber("dur");
    std::optional<int64_t> id;
    if (const Object *args = kernel->getObject("args"))
      id = args->getInteger("External id");
    auto launcher = id ? byExternalId.find(*id) : byExternalId.end();
    if (launcher != byExternalId.end()) {
      OpEvent &root = ops[ops[launcher->second].root];
      root.deviceTime += dur;
      root.launched = true;
      continue;
    }
    MeasuredKernel measured;
    measured.name = kernel->getString("name").value_or("").str();
    measured.start = *kernel->getNumber("ts") * 1e-6;
    measured.duration = dur * 1e-6;
    measured.device = "cuda";
    profile.kernels.push_back(std::move(measured));
  }
}

/// The top-level ops as entries of `profile`: within the profiler steps
/// when the trace marks them (a step is one run of the IR), with their
/// device time when the trace has GPU kernels (`gpu`).
static void addTopLevelOps(llvm::ArrayRef<OpEvent> ops,
                           std::vector<std::pair<double, double>> steps,
                           bool gpu, Profile &profile) {
  llvm::sort(steps);
  unsigned outside = 0;
  for (const OpEvent &op : ops) {
    if (!op.topLevel)
      continue;
    unsigned step = 0;
    if (!steps.empty()) {
      auto it = llvm::find_if(steps, [&](const std::pair<double, double> &s) {
        return s.first <= op.ts && op.ts < s.second;
      });
      if (it == steps.end()) {
        ++outside;
        continue;
      }
      step = static_cast<unsigned>(it - steps.begin()) + 1;
    }
    MeasuredKernel measured;
    measured.name = op.event->getString("name").value_or("").str();
    measured.start = op.ts * 1e-6;
    measured.duration = (gpu ? op.deviceTime : op.dur) * 1e-6;
    measured.device = gpu && op.launched ? "cuda" : "cpu";
    measured.step = step;
    if (const Object *args = op.event->getObject("args")) {
      if (const Array *dims = args->getArray("Input Dims"))
        measured.inputShapes = readShapes(*dims);
      if (std::optional<llvm::StringRef> stack = args->getString("Call stack"))
        for (llvm::StringRef frame : llvm::split(*stack, ';'))
          if (!frame.trim().empty())
            measured.stack.push_back(frame.trim().str());
    }
    profile.kernels.push_back(std::move(measured));
  }
  if (outside)
    profile.skipped.push_back(
        std::to_string(outside) +
        (outside == 1 ? " top-level op" : " top-level ops") +
        " outside the profiler steps");
  profile.steps = steps.size();
}

llvm::Expected<Profile> mlsysim::readChromeTrace(llvm::StringRef path,
                                                 llvm::StringRef text) {
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(text);
  if (!json)
    return llvm::createStringError("%s: not a valid Chrome trace: %s",
                                   path.str().c_str(),
                                   llvm::toString(json.takeError()).c_str());
  const Array *events = json->getAsArray();
  if (const Object *root = json->getAsObject())
    events = root->getArray("traceEvents");
  if (!events)
    return llvm::createStringError("%s: no \"traceEvents\" array",
                                   path.str().c_str());

  Profile profile;
  profile.format = "torch";
  profile.path = path.str();
  TraceEvents found = collectEvents(*events);
  if (found.noDuration)
    profile.skipped.push_back(std::to_string(found.noDuration) +
                              " op or kernel events without a duration");
  if (found.ops.empty() && found.kernels.empty())
    return llvm::createStringError(
        "%s: a Chrome trace without ops or kernels (no \"X\" events of "
        "category cpu_op or kernel): record it with torch.profiler",
        path.str().c_str());
  nestOps(found.ops);
  attributeKernels(found.ops, found.kernels, profile);
  addTopLevelOps(found.ops, std::move(found.steps), !found.kernels.empty(),
                 profile);
  llvm::stable_sort(profile.kernels,
                    [](const MeasuredKernel &a, const MeasuredKernel &b) {
                      return a.start < b.start;
                    });
  return profile;
}
