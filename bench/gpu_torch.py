#!/usr/bin/env python3
"""Times the op suite of bench/suite.py through PyTorch, on an NVIDIA GPU
(CUDA events around each run, warm-up runs first, the median reported) or, to
test the script without a GPU, on the CPU (`--device cpu`, perf_counter).

Writes a CSV in bench/harness.py's format, which bench/report.py compares with
the zoo's entry for that GPU:

  python3 bench/gpu_torch.py -o bench/results/gpu-h100-measured.csv
  python3 bench/report.py --measured bench/results/gpu-h100-measured.csv \
      --hardware h100 --output-prefix gpu-h100 --doc ''

Shapes and layouts are the suite's (NHWC activations as channels_last, f32,
TF32 off, as the model prices f32 contractions without `tf32=true`). Eager
PyTorch runs `scale_relu` as two kernels (mul-add, then relu) and softmax as one.
Needs torch (bench/requirements.txt).
"""

import argparse
import csv
import datetime
import os
import platform
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import suite  # noqa: E402

import torch  # noqa: E402


def build(case, device):
    """Inputs and a closure that runs the case once, writing preallocated
    outputs where PyTorch allows it."""
    shapes = dict(case.args)
    kind, params = case.torch
    g = torch.Generator(device="cpu").manual_seed(0)

    def rand(shape):
        return (torch.rand(shape, generator=g) - 0.5).to(device)

    if kind in ("matmul", "bmm"):
        a, b, c = rand(shapes["a"]), rand(shapes["b"]), rand(shapes["c"])
        op = torch.matmul if kind == "matmul" else torch.bmm
        return lambda: op(a, b, out=c)
    if kind in ("conv2d", "depthwise"):
        n, h, w, c = shapes["x"]
        x = rand((n, c, h, w)).to(memory_format=torch.channels_last)
        if kind == "conv2d":
            kh, kw, _, f = shapes["w"]
            wt = rand((f, c, kh, kw)).to(memory_format=torch.channels_last)
            groups = 1
        else:
            kh, kw, _ = shapes["w"]
            wt = rand((c, 1, kh, kw)).to(memory_format=torch.channels_last)
            groups = c
        return lambda: torch.nn.functional.conv2d(x, wt, stride=params["stride"], groups=groups)
    if kind == "add":
        a, b, c = rand(shapes["a"]), rand(shapes["b"]), rand(shapes["c"])
        return lambda: torch.add(a, b, out=c)
    if kind == "exp":
        a, c = rand(shapes["a"]), rand(shapes["c"])
        return lambda: torch.exp(a, out=c)
    if kind == "scale_relu":
        a, c = rand(shapes["a"]), rand(shapes["c"])
        return lambda: torch.relu_(torch.add(a, a, alpha=1.0, out=c).add_(1.0))
    if kind == "sum":
        a, r = rand(shapes["a"]), rand(shapes["r"])
        return lambda: torch.sum(a, dim=params["dim"], out=r)
    if kind == "transpose":
        a, t = rand(shapes["a"]), rand(shapes["t"])
        return lambda: t.copy_(a.t())
    if kind == "softmax":
        x = rand(shapes["x"])
        return lambda: torch.softmax(x, dim=-1)
    raise ValueError("no PyTorch form for " + kind)


def time_case(fn, device, warmup, min_reps, max_reps, min_time_s):
    for _ in range(warmup):
        fn()
    times = []
    if device.type == "cuda":
        torch.cuda.synchronize()
        while len(times) < max_reps and (len(times) < min_reps or sum(times) < min_time_s):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end) * 1e-3)
    else:
        while len(times) < max_reps and (len(times) < min_reps or sum(times) < min_time_s):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
    return times


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    p.add_argument("--suite", choices=["full", "tiny"], default="full")
    p.add_argument("--warmup", type=int, default=5)
    p.add_argument("--min-reps", type=int, default=20)
    p.add_argument("--max-reps", type=int, default=1000)
    p.add_argument("--min-time-s", type=float, default=0.2)
    p.add_argument("-o", "--output", required=True)
    args = p.parse_args()
    device = torch.device(args.device)
    # The model prices f32 contractions on the f32 rate unless tf32=true.
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    cases = suite.full_suite() if args.suite == "full" else suite.tiny_suite()
    rows = []
    for i, case in enumerate(cases):
        fn = build(case, device)
        times = time_case(fn, device, args.warmup, args.min_reps, args.max_reps, args.min_time_s)
        row = {"name": case.name, "op_class": case.op_class, "median_s": statistics.median(times),
               "min_s": min(times), "reps": len(times), "max_rel_err": "",
               "footprint_bytes": case.footprint_bytes()}
        rows.append(row)
        print("[%d/%d] %s median=%.4g s" % (i + 1, len(cases), case.name, row["median_s"]), file=sys.stderr)
    name = torch.cuda.get_device_name(device) if device.type == "cuda" else platform.processor() or "CPU"
    meta = {"date": datetime.date.today().isoformat(),
            "machine": "%s (%s)" % (name, platform.node()),
            "torch": torch.__version__, "cuda": str(torch.version.cuda),
            "harness": "PyTorch eager on %s, %s, %d warm-up runs, median" % (
                device.type, "CUDA events" if device.type == "cuda" else "perf_counter", args.warmup)}
    with open(args.output, "w", newline="") as f:
        for k, v in meta.items():
            f.write("# %s: %s\n" % (k, v))
        w = csv.DictWriter(f, fieldnames=["name", "op_class", "median_s", "min_s", "reps",
                                          "max_rel_err", "footprint_bytes"])
        w.writeheader()
        w.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
