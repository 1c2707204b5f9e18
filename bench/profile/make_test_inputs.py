#!/usr/bin/env python3
"""Regenerates the real-profile inputs of the lit tests in test/Profile/Inputs/.

Two tiny PyTorch models (f32, CPU, eval mode, static shapes):

  mlp      Linear(64,128) -> ReLU -> Linear(128,32) -> softmax(dim=-1), input [4,64]
  convnet  Conv2d(3,8,3,padding=1) -> BatchNorm2d(8) -> ReLU -> AdaptiveAvgPool2d(1)
           -> flatten -> Linear(8,10), input [2,3,16,16]

For each, writes
  torch-<model>.mlir         linalg on tensors, exported with zoo/models/export.py's
                             export_built (torch.export -> torch-mlir FX importer,
                             weights as arguments tagged mlsysim.param, transposes
                             folded, runtime checks stripped), all sizes static;
  torch-<model>.trace.json   torch.profiler's Chrome trace with the settings of
                             bench/profile/torch_profile.py (record(): 3 warm-up runs
                             under no_grad, CPU activity, record_shapes=True,
                             with_stack=False, schedule wait=0 warmup=1 active=3),
                             here on 1 thread (tiny ops run on one anyway, and a
                             thread pool waiting for a busy second core would add
                             milliseconds), trimmed: see trim_trace;
and truncated.trace.json: torch-mlp.trace.json cut in the middle of its bytes.

  .venv-export/bin/python bench/profile/make_test_inputs.py [--out DIR]

The op sequence, shapes, names and the IR are the same at every run; the
timestamps, durations, pid/tid and trace_id are measured, so they change.
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import torch_profile  # noqa: E402

OUT = os.path.join(ROOT, "test", "Profile", "Inputs")
THREADS = 1
MAX_BYTES = 40000
# Trace events kept: the metadata events (process and thread names), the
# profiler's own span and markers, the ProfilerStep#N annotations and the aten
# ops nested at most MAX_DEPTH deep in them (1: the top-level ops, 2: the ops
# they call, ...). Everything else (python_function, cpu_instant_event, the
# allocations and views deep inside an op's implementation) goes: the convnet's
# trace holds 45 aten ops per step, 59 KB over its three steps, and depth 3
# keeps 23 of them (mkldnn_convolution, four deep under conv2d, goes).
KEEP_X_CATS = ("cpu_op", "user_annotation", "Trace")
NESTED_CATS = ("cpu_op", "user_annotation")
MAX_DEPTH = 3


def build(name):
    import torch
    nn = torch.nn
    torch.manual_seed(0)
    if name == "mlp":
        model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 32),
                              nn.Softmax(dim=-1))
        x = torch.randn(4, 64)
    else:
        model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                              nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10))
        x = torch.randn(2, 3, 16, 16)
    return model.eval(), x


def event_spans(text, start):
    """(begin, end) offsets of the top-level objects of the JSON array that
    opens at text[start] == '['."""
    assert text[start] == "["
    spans, depth, begin, i, in_str = [], 0, None, start + 1, False
    while i < len(text):
        c = text[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in "{[":
            if depth == 0:
                begin = i
            depth += 1
        elif c in "}]":
            if depth == 0:  # the array's own ']'
                return spans, i
            depth -= 1
            if depth == 0:
                spans.append((begin, i + 1))
        i += 1
    raise ValueError("unterminated traceEvents array")


def nesting_depths(events):
    """Depth of each "X" event of NESTED_CATS among those of its thread: 0
    for a ProfilerStep#N, 1 for an op directly in it, ... (an event nests in
    the one before it when it starts before that one ends)."""
    depth = {}
    by_thread = {}
    for i, e in enumerate(events):
        if e.get("ph") == "X" and e.get("cat") in NESTED_CATS:
            by_thread.setdefault((e.get("pid"), e.get("tid")), []).append(i)
    for indices in by_thread.values():
        indices.sort(key=lambda i: (events[i]["ts"], -events[i]["dur"]))
        stack = []
        for i in indices:
            e = events[i]
            while stack and e["ts"] >= stack[-1]["ts"] + stack[-1]["dur"]:
                stack.pop()
            depth[i] = len(stack)
            stack.append(e)
    return depth


def keep_event(event, depth):
    ph = event.get("ph")
    if ph in ("M", "i"):
        return True
    if ph != "X" or event.get("cat") not in KEEP_X_CATS:
        return False
    return event.get("cat") not in NESTED_CATS or depth <= MAX_DEPTH


def trim_trace(path):
    """Keeps the events keep_event accepts, cutting the other events out of the
    text torch wrote, so that what stays is byte for byte torch's (its key
    order, number format and layout). Returns (kept, dropped)."""
    text = open(path).read()
    json.loads(text)  # a valid trace to begin with
    key = text.index('"traceEvents"')
    spans, close = event_spans(text, text.index("[", key))
    sep = text[spans[0][1]:spans[1][0]] if len(spans) > 1 else ",\n  "
    events = [json.loads(text[b:e]) for b, e in spans]
    depth = nesting_depths(events)
    kept = [text[b:e] for i, (b, e) in enumerate(spans)
            if keep_event(events[i], depth.get(i, 0))]
    out = text[:spans[0][0]] + sep.join(kept) + text[spans[-1][1]:]
    json.loads(out)
    with open(path, "w") as f:
        f.write(out)
    return len(kept), len(spans) - len(kept)


def export_ir(export, name, model, x, path):
    export.export_built("torch-" + name, (model, export._plain_call, {"x": x}, {}), path)
    import torch
    lines = open(path).read().splitlines(keepends=True)
    while lines and lines[0].startswith("//"):  # export_built's zoo header
        lines.pop(0)
    body = "".join(lines)
    header = ("// Generated by bench/profile/make_test_inputs.py (torch %s, zoo/models/export.py's\n"
              "// export_built: torch-mlir FX importer, linalg-on-tensors, static shapes). Do not\n"
              "// edit. The trace of the same model: %s.trace.json.\n"
              % (torch.__version__, os.path.basename(path)[:-len(".mlir")]))
    with open(path, "w") as f:
        f.write(header + body)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=OUT, help="output folder (default: %(default)s)")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    export = torch_profile.load_export()
    import torch
    for name in ("mlp", "convnet"):
        model, x = build(name)
        export_ir(export, name, model, x, os.path.join(a.out, "torch-%s.mlir" % name))
        # A path relative to the repository root: torch writes it into the
        # trace as traceName, which then stays the same from run to run.
        trace = os.path.relpath(os.path.join(a.out, "torch-%s.trace.json" % name), ROOT)
        cwd = os.getcwd()
        os.chdir(ROOT)
        try:
            torch.manual_seed(0)
            torch_profile.record(lambda: model(x), trace, THREADS)
            kept, dropped = trim_trace(trace)
        finally:
            os.chdir(cwd)
        size = os.path.getsize(os.path.join(ROOT, trace))
        print("[%s] %s: %d events kept, %d dropped, %d bytes" % (name, trace, kept, dropped, size))
        if size > MAX_BYTES:
            print("make_test_inputs.py: %s is over %d bytes" % (trace, MAX_BYTES), file=sys.stderr)
            return 1
    with open(os.path.join(a.out, "torch-mlp.trace.json"), "rb") as f:
        data = f.read()
    with open(os.path.join(a.out, "truncated.trace.json"), "wb") as f:
        f.write(data[:len(data) // 2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
