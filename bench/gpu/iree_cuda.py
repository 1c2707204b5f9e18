#!/usr/bin/env python3
"""IREE's CUDA target on the zoo models: compile here, time on the GPU machine.

  iree_cuda.py compile [--models a,b] [--batches 1,64] [--target sm_80]
      On this machine, with the IREE compiler of .venv-iree
      (bench/iree/setup.sh): each zoo model is specialised to a static batch
      (bench/iree/common.py, the same specialised files as the CPU runs) and
      compiled with
        iree-compile --iree-hal-target-device=cuda --iree-cuda-target=TARGET
      into build-bench/iree-cuda/<model>_b<batch>.vmfb, with a .json beside it
      listing the function's arguments (shape, element type, name) so the
      runtime can make inputs without the MLIR. Without ptxas the module
      carries PTX, which the driver compiles for the GPU it runs on (sm_80 PTX
      runs on Hopper).
  iree_cuda.py run [--device cuda] [-o CSV] [--smoke]
      On the GPU machine: loads each .vmfb with the IREE runtime (installed
      from .whl/iree_base_runtime-*.whl into a temporary folder when
      `import iree.runtime` fails: the GPU image has no IREE and no network),
      puts random arguments (weights included) on the device once, then times
      `forward` calls, each waiting for its result, like bench/gpu/worker.py.
      Rows use the columns of the models CSV, execution "compiled:iree-cuda".
      With --device cpu (no GPU) `run` only checks that the runtime installs
      and every module loads.
bench/gpu/compile_iree_cuda.sh calls `compile` (and fetches the wheel);
bench/gpu/run.py calls `run` when build-bench/iree-cuda/ has modules.
"""

import argparse
import csv
import datetime
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT_DIR = os.path.join(ROOT, "build-bench", "iree-cuda")
WHEELS = os.path.join(ROOT, ".whl")
DEFAULT_MODELS = ["resnet50_f16", "mobilenet_v2_f16", "vit_b16_f16", "bert_base_s128_f16",
                  "gpt2_small_f16"]
COLUMNS = ["model", "batch", "dtype", "execution", "median_s", "min_s", "repetitions",
           "kernels", "device_name", "torch_version", "date", "zoo_model", "notes"]

ARG_RE = re.compile(r"%arg\d+\s*:\s*tensor<([^>]*)>\s*(\{[^}]*\})?")


def forward_args(text):
    """[(shape, element type, name)] of the public @forward in MLIR text."""
    m = re.search(r"func\.func @forward\(", text)
    if not m:
        raise ValueError("no public @forward")
    depth, i = 0, m.end() - 1
    for i in range(m.end() - 1, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                break
    sig = text[m.end():i]
    out = []
    for t, attrs in ARG_RE.findall(sig):
        parts = t.split("x")
        shape, elt = [int(p) for p in parts[:-1]], parts[-1]
        name = ""
        if attrs:
            nm = re.search(r'mlsysim\.(?:param|input) = "([^"]*)"', attrs)
            name = nm.group(1) if nm else ""
        out.append({"shape": shape, "type": elt, "name": name,
                    "input": "mlsysim.input" in (attrs or "")})
    return out


def cmd_compile(a):
    sys.path.insert(0, os.path.join(ROOT, "bench", "iree"))
    import common  # bench/iree/common.py: venv, specialisation
    os.makedirs(a.out, exist_ok=True)
    compiler = common.tool("iree-compile")
    failures = 0
    for model in a.models:
        for batch in a.batches:
            spec = common.specialised(model, batch)
            with open(spec) as f:
                args = forward_args(f.read())
            base = os.path.join(a.out, "%s_b%d" % (model, batch))
            if a.device == "cuda":
                target = ["--iree-hal-target-device=cuda", "--iree-cuda-target=%s" % a.target]
            else:  # for testing the `run` path on a machine without a GPU
                target = common.TARGET_FLAGS
            cmd = [compiler, spec, *target, "-o", base + ".vmfb"] + a.extra
            t0 = time.time()
            p = subprocess.run(cmd, capture_output=True, text=True)
            dt = time.time() - t0
            if p.returncode:
                failures += 1
                print("%s b=%d: iree-compile failed after %.0f s:\n%s" % (
                    model, batch, dt, p.stderr[-2000:]), file=sys.stderr)
                continue
            meta = {"model": model, "batch": batch, "device": a.device,
                    "target": a.target if a.device == "cuda" else "host", "args": args,
                    "iree_compile": " ".join(os.path.relpath(c, ROOT) if c.startswith(ROOT)
                                             else c for c in cmd),
                    "iree_version": common.iree_version(), "compile_s": round(dt, 1),
                    "date": datetime.date.today().isoformat()}
            with open(base + ".json", "w") as f:
                json.dump(meta, f, indent=1)
            print("%s b=%d: %s (%.1f MB, %d arguments, %.0f s)" % (
                model, batch, os.path.relpath(base + ".vmfb", ROOT),
                os.path.getsize(base + ".vmfb") / 1e6, len(args), dt), file=sys.stderr)
    return 1 if failures else 0


def import_runtime():
    try:
        import iree.runtime as rt
        return rt, ""
    except ImportError:
        pass
    wheels = sorted(glob.glob(os.path.join(WHEELS, "iree_base_runtime-*.whl")))
    if not wheels:
        raise RuntimeError("no iree.runtime and no .whl/iree_base_runtime-*.whl")
    # A wheel is a zip of the site-packages tree: unpacking it is all an
    # install does for this package (no network, no pip platform check).
    import zipfile
    target = tempfile.mkdtemp(prefix="iree-rt-")
    with zipfile.ZipFile(wheels[-1]) as z:
        z.extractall(target)
    sys.path.insert(0, target)
    try:
        import iree.runtime as rt
    except ImportError as e:
        raise RuntimeError("cannot import iree.runtime from %s (Python %d.%d; the wheel is "
                           "for the GPU image's 3.12): %s" % (os.path.basename(wheels[-1]),
                                                            sys.version_info[0],
                                                            sys.version_info[1], e))
    return rt, os.path.basename(wheels[-1])


NP_TYPES = {"f16": "float16", "bf16": None, "f32": "float32", "i64": "int64", "i32": "int32",
            "i1": "bool"}


def make_arg(np, rng, arg):
    shape, elt = arg["shape"], arg["type"]
    if elt.startswith("i") and elt != "i1":
        if "mask" in arg["name"]:
            return np.ones(shape, dtype=NP_TYPES[elt])
        if "position" in arg["name"]:
            return np.zeros(shape, dtype=NP_TYPES[elt])
        return rng.integers(0, 1000, size=shape).astype(NP_TYPES[elt])
    if NP_TYPES.get(elt) is None:
        raise ValueError("no numpy type for " + elt)
    return (rng.standard_normal(shape, dtype="float32") * 0.02).astype(NP_TYPES[elt])


def cmd_run(a):
    metas = sorted(glob.glob(os.path.join(a.dir, "*.json")))
    if not metas:
        print("iree_cuda.py: no modules in %s" % a.dir, file=sys.stderr)
        return 0
    import numpy as np
    rt, wheel = import_runtime()
    driver = a.driver or ("cuda" if a.device.startswith("cuda") else "local-task")
    execute = driver == "cuda" or a.driver is not None
    rows = []
    config = rt.Config(driver)
    dev_name = "?"
    try:
        dev_name = [d["name"] for d in rt.get_driver(driver).query_available_devices()][0]
    except Exception:
        pass
    for path in metas:
        with open(path) as f:
            meta = json.load(f)
        vmfb = path[:-5] + ".vmfb"
        row = {"model": meta["model"], "batch": meta["batch"], "dtype": "f16",
               "execution": "compiled:iree-" + meta.get("device", "cuda"), "median_s": "",
               "min_s": "",
               "repetitions": 0, "kernels": "", "device_name": dev_name,
               "torch_version": "", "date": datetime.date.today().isoformat(),
               "zoo_model": meta["model"] + ".mlir",
               "notes": "IREE %s, %s, target %s" % (
                   meta.get("iree_version", "?"), "runtime " + (wheel or "installed"),
                   meta["target"])}
        try:
            if not execute:
                rt.VmModule.mmap(config.vm_instance, vmfb)  # loads: checks the file
                row["notes"] += "; loaded only (no GPU)"
                rows.append(row)
                continue
            ctx = rt.SystemContext(config=config)
            ctx.add_vm_module(rt.VmModule.mmap(config.vm_instance, vmfb))
            f = ctx.modules.module["forward"]
            rng = np.random.default_rng(0)
            args = [rt.asdevicearray(config.device, make_arg(np, rng, x)) for x in meta["args"]]

            def call():
                out = f(*args)
                first = out[0] if isinstance(out, (tuple, list)) else out
                first.to_host()  # waits for the device
            for _ in range(1 if a.smoke else 5):
                call()
            times = []
            reps, min_time = (2, 0.0) if a.smoke else (20, 0.3)
            while len(times) < 200 and (len(times) < reps or sum(times) < min_time):
                t0 = time.perf_counter()
                call()
                times.append(time.perf_counter() - t0)
            row.update(median_s="%.6g" % statistics.median(times), min_s="%.6g" % min(times),
                       repetitions=len(times))
            row["notes"] += "; host wall time per call incl. one small device-to-host copy"
        except Exception as e:
            row["notes"] += "; failed: %s" % str(e).splitlines()[0][:200]
        print("%s b=%s %s s %s" % (row["model"], row["batch"], row["median_s"] or "-",
                                   row["notes"]), file=sys.stderr)
        rows.append(row)
    if a.output:
        with open(a.output, "w", newline="") as fo:
            w = csv.DictWriter(fo, fieldnames=COLUMNS)
            w.writeheader()
            w.writerows(rows)
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("compile")
    c.add_argument("--models", default=",".join(DEFAULT_MODELS))
    c.add_argument("--batches", default="1")
    c.add_argument("--target", default="sm_80")
    c.add_argument("--device", choices=["cuda", "llvm-cpu"], default="cuda",
                   help="llvm-cpu: host modules, to test `run --driver local-task` here")
    c.add_argument("--out", default=OUT_DIR)
    c.add_argument("extra", nargs="*", help="more iree-compile flags (after --)")
    r = sub.add_parser("run")
    r.add_argument("--device", default="cuda")
    r.add_argument("-o", "--output", default=None)
    r.add_argument("--smoke", action="store_true")
    r.add_argument("--dir", default=OUT_DIR, help="modules and their .json (default %(default)s)")
    r.add_argument("--driver", default=None,
                   help="run the modules with this IREE driver (testing: local-task with "
                        "modules compiled by `compile --device llvm-cpu`)")
    a = p.parse_args()
    if a.cmd == "compile":
        a.models = [m for m in a.models.split(",") if m]
        a.batches = [int(b) for b in a.batches.split(",") if b]
        return cmd_compile(a)
    return cmd_run(a)


if __name__ == "__main__":
    sys.exit(main())
