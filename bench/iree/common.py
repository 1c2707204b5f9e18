"""Shared pieces of the IREE CPU validation scripts in bench/iree/.

Paths, the exact iree-compile flags, the zoo model list, the specialised-model
cache and the facts recorded with every measurement (IREE version, CPU,
/proc/loadavg). Imported by dispatches.py, bench_models.py and bench_ops.py;
not a command. Standard library only: the scripts run with any python3 and
call the IREE tools of the venv that setup.sh makes.
"""

import datetime
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import specialize  # noqa: E402

VENV = os.environ.get("MLSYSIM_IREE_VENV", os.path.join(ROOT, ".venv-iree"))
# Another machine's run keeps to its own folders (MLSYSIM_BENCH_MACHINE=name):
# bench/results/<name>/ and build-bench/iree-<name>/, so modules compiled for
# one CPU (target-cpu=host) and one CPU's times never mix with another's.
# Unset: the first machine's folders, bench/results/ and build-bench/iree/.
MACHINE = os.environ.get("MLSYSIM_BENCH_MACHINE", "")
WORK = os.path.join(ROOT, "build-bench", "iree-" + MACHINE if MACHINE else "iree")
RESULTS = os.path.join(ROOT, "bench", "results", MACHINE)  # committed results
ZOO = os.path.join(ROOT, "zoo", "models")
MLIR_OPT = specialize.MLIR_OPT
MLSYSIM_OPT = os.environ.get("MLSYSIM_OPT", os.path.join(ROOT, "build", "bin", "mlsysim-opt"))

# The host-CPU target. local = the in-process HAL device; llvm-cpu = LLVM
# codegen to an embedded ELF the runtime loads; target-cpu=host = this CPU's
# ISA (AVX2/FMA here), so vector widths and microkernels match the machine.
TARGET_FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
]
# Convolutions as im2col + matmul (global optimisation), the alternative CPU
# path; only meaningful for models with convolutions.
IM2COL_FLAGS = ["--iree-global-opt-use-im2col-for-convs"]
VARIANTS = {"default": [], "im2col": IM2COL_FLAGS}

# Named elementwise linalg ops the MLIR inside IREE 3.13 no longer parses
# (they moved to linalg.elementwise); mlir-opt --linalg-generalize-named-ops
# (LLVM 22) rewrites them as linalg.generic before IREE sees them.
NAMED_ELEMENTWISE = re.compile(
    r"\blinalg\.(add|sub|mul|div|div_unsigned|exp|log|abs|ceil|floor|negf|reciprocal|round|"
    r"sqrt|rsqrt|square|tanh|erf|max|min|powf|select|elemwise_unary|elemwise_binary)\b")


def tool(name):
    path = os.path.join(VENV, "bin", name)
    if not os.path.exists(path):
        sys.exit("%s not found: run bash bench/iree/setup.sh first" % path)
    return path


def zoo_models(include=None, exclude=()):
    names = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(ZOO, "*.mlir")))
    if include:
        unknown = [n for n in include if n not in names]
        if unknown:
            sys.exit("unknown model(s) %s; known: %s" % (", ".join(unknown), ", ".join(names)))
        names = [n for n in names if n in include]
    return [n for n in names if n not in exclude]


def has_convolutions(text):
    return re.search(r"\blinalg\.(conv_|depthwise_conv_)", text) is not None


def rel(path):
    return os.path.relpath(path, ROOT)


def specialised(model, batch, force=False):
    """build-bench/iree/spec/<model>_b<batch>.mlir: the zoo model with its batch
    fixed (specialize.py, with locations pointing at zoo/models/<model>.mlir)
    and named elementwise ops generalised. Redone when the zoo file or
    specialize.py is newer than the last check; the file is rewritten (and so
    the .vmfb recompiled) only when its text changes."""
    src = os.path.join(ZOO, model + ".mlir")
    out = os.path.join(WORK, "spec", "%s_b%d.mlir" % (model, batch))
    stamp = out + ".checked"
    deps = [src, specialize.__file__]
    if (not force and os.path.exists(out) and os.path.exists(stamp)
            and os.path.getmtime(stamp) >= max(os.path.getmtime(d) for d in deps)):
        return out
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(src) as f:
        text = f.read()
    spec, left = specialize.specialize(text, batch=str(batch), debuginfo=True, label=rel(src))
    if left:
        print("  warning: %s: %d linalg ops keep a dynamic dim" % (model, left), file=sys.stderr)
    if NAMED_ELEMENTWISE.search(spec):
        spec = generalize_named(spec, debuginfo=True)
    old = None
    if os.path.exists(out):
        with open(out) as f:
            old = f.read()
    if old != spec:
        with open(out + ".tmp", "w") as f:
            f.write(spec)
        os.replace(out + ".tmp", out)
    with open(stamp, "w") as f:
        f.write(now() + "\n")
    return out


def generalize_named(text, debuginfo=False):
    extra = ["--mlir-print-debuginfo"] if debuginfo else []
    p = subprocess.run([MLIR_OPT, "-", "--linalg-generalize-named-ops", *extra],
                       input=text, capture_output=True, text=True)
    if p.returncode:
        sys.exit("mlir-opt --linalg-generalize-named-ops failed:\n" + p.stderr[-3000:])
    return p.stdout


def run(cmd, timeout=None, env=None, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env, **kw)


_IREE_VERSION = None


def iree_version():
    """'3.13.0 (3.13.0rc20261016 @ 89ece87b8985)': the wheel, then the build."""
    global _IREE_VERSION
    if _IREE_VERSION is None:
        wheel = "?"
        p = run([os.path.join(VENV, "bin", "python"), "-c",
                 "import importlib.metadata as m; print(m.version('iree-base-compiler'))"])
        if p.returncode == 0:
            wheel = p.stdout.strip()
        build = "?"
        p = run([tool("iree-compile"), "--version"])
        m = re.search(r"IREE compiler version (\S+) @ (\w{12})", p.stdout + p.stderr)
        if m:
            build = "%s @ %s" % (m.group(1), m.group(2))
        _IREE_VERSION = "%s (%s)" % (wheel, build)
    return _IREE_VERSION


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "?"


def loadavg():
    """The 1-, 5- and 15-minute load averages, as /proc/loadavg has them."""
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def now():
    return datetime.datetime.now().astimezone().strftime("%Y-%m-%dT%H:%M:%S%z")


def mem_available_bytes():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    return 0


# ---------------------------------------------------------------------------
# Inputs and timing with iree-benchmark-module.

ELT_BYTES = {"f64": 8, "f32": 4, "f16": 2, "bf16": 2, "i64": 8, "i32": 4, "i16": 2, "i8": 1,
             "i1": 1}


def signature(path):
    with open(path) as f:
        return specialize.Signature(f.read())


def input_flags(sig, param_value="0.01", input_value="0.5", int_value="1"):
    """One --input=SHAPExTYPE=VALUE splat per function argument: weights
    (mlsysim.param) `param_value`, float inputs `input_value`, integer inputs
    (token ids, masks, positions) `int_value`."""
    flags = []
    for _, ty, attrs in sig.args:
        shape, elt = specialize.tensor_dims(ty)
        if shape is None or "?" in shape:
            sys.exit("argument type %s is not a static tensor" % ty)
        if elt.startswith("i"):
            v = int_value
        elif "mlsysim.param" in attrs:
            v = param_value
        else:
            v = input_value
        flags.append("--input=%s=%s" % ("x".join(shape + [elt]), v))
    return flags


def tensor_bytes(ty):
    shape, elt = specialize.tensor_dims(ty)
    if shape is None or "?" in shape:
        return 0
    n = 1
    for d in shape:
        n *= int(d)
    return n * ELT_BYTES.get(elt, 4)


def main_dtype(sig):
    """The float type most of the weights (or else the arguments) have."""
    count = {}
    args = [a for a in sig.args if "mlsysim.param" in a[2]] or sig.args
    for _, ty, _ in args:
        _, elt = specialize.tensor_dims(ty)
        if elt and elt.startswith(("f", "bf")):
            count[elt] = count.get(elt, 0) + tensor_bytes(ty)
    return max(count, key=count.get) if count else "?"


# glibc malloc: no mmap'd chunks, and no trimming of the heap's top (64 GiB).
MALLOC_ENV = {"MALLOC_MMAP_MAX_": "0", "MALLOC_TRIM_THRESHOLD_": str(64 << 30)}


def runtime_flags(threads, pin_cpu=None):
    """(prefix command, runtime flags, description) for `threads` threads.
    1 thread: the synchronous local device (runs on the calling thread, no task
    system), pinned with taskset to `pin_cpu` when given. N > 1: the local-task
    device with N worker groups, one per core (--task_topology_group_count)."""
    if threads == 1:
        prefix = ["taskset", "-c", str(pin_cpu)] if pin_cpu is not None else []
        flags = ["--device=local-sync"]
    else:
        prefix = []
        flags = ["--device=local-task", "--task_topology_group_count=%d" % threads]
    desc = " ".join(["%s=%s" % kv for kv in MALLOC_ENV.items()] + prefix + flags)
    return prefix, flags, desc


def benchmark(vmfb, function, inputs, threads, repetitions, min_time_s, out_json,
              pin_cpu=None, timeout=3600, warmup_s=None):
    """Times `function` with iree-benchmark-module; returns a dict or raises
    RuntimeError. Each repetition runs the call for at least `min_time_s`
    (at least once); median_s/min_s are over the repetitions' mean real time
    per call. MALLOC_MMAP_MAX_=0 keeps glibc from returning the per-call result
    buffers to the OS (and page-faulting them in again on every call)."""
    prefix, rflags, desc = runtime_flags(threads, pin_cpu)
    argfile = out_json + ".flags"
    with open(argfile, "w") as f:
        f.write("\n".join(inputs) + "\n")
    cmd = prefix + [tool("iree-benchmark-module"), "--module=" + vmfb, "--function=" + function,
                    *rflags, "--flagfile=" + argfile,
                    "--benchmark_repetitions=%d" % repetitions,
                    "--benchmark_min_time=%gs" % min_time_s,
                    "--benchmark_min_warmup_time=%g" % (min_time_s if warmup_s is None
                                                        else warmup_s),
                    "--benchmark_format=json", "--benchmark_out_format=json",
                    "--benchmark_out=" + out_json]
    env = dict(os.environ, **MALLOC_ENV)
    before = loadavg()
    date = now()
    p = run(cmd, timeout=timeout, env=env)
    after = loadavg()
    if p.returncode:
        raise RuntimeError("iree-benchmark-module failed (%d): %s"
                           % (p.returncode, (p.stderr or p.stdout).strip()[-1500:]))
    import json
    with open(out_json) as f:
        data = json.load(f)
    unit = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    reps = [b["real_time"] * unit[b["time_unit"]] for b in data["benchmarks"]
            if b.get("run_type") == "iteration"]
    iters = [b["iterations"] for b in data["benchmarks"] if b.get("run_type") == "iteration"]
    if not reps:
        raise RuntimeError("no iteration in %s" % out_json)
    reps.sort()
    mid = len(reps) // 2
    median = reps[mid] if len(reps) % 2 else 0.5 * (reps[mid - 1] + reps[mid])
    return {"median_s": median, "min_s": reps[0], "repetitions": len(reps),
            "iterations": sum(iters), "loadavg_before": before, "loadavg_after": after,
            "date": date, "runtime": desc}


def dispatch_times(vmfb, function, inputs, out_json, pin_cpu=None, timeout=3600):
    """Per-dispatch times of one call on 1 thread (iree-benchmark-module
    --dispatch_statistics: a separate, lightly profiled rerun): a list of
    (export name, calls, seconds per model call, percent), slowest first."""
    import json
    prefix, rflags, _ = runtime_flags(1, pin_cpu)
    argfile = out_json + ".flags"
    with open(argfile, "w") as f:
        f.write("\n".join(inputs) + "\n")
    cmd = prefix + [tool("iree-benchmark-module"), "--module=" + vmfb, "--function=" + function,
                    *rflags, "--flagfile=" + argfile, "--benchmark_repetitions=1",
                    "--benchmark_min_time=2x", "--dispatch_statistics=true",
                    "--benchmark_format=json", "--benchmark_out_format=json",
                    "--benchmark_out=" + out_json]
    p = run(cmd, timeout=timeout, env=dict(os.environ, **MALLOC_ENV))
    if p.returncode:
        raise RuntimeError("--dispatch_statistics run failed: " + p.stderr.strip()[-800:])
    with open(out_json) as f:
        data = json.load(f)
    unit = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    rows = []
    for b in data["benchmarks"]:
        if "calls" in b and b.get("run_type") == "iteration":
            rows.append((b["name"].split("/", 1)[1], int(b["calls"]),
                         b["real_time"] * unit[b["time_unit"]], b.get("percent", 0.0)))
    rows.sort(key=lambda r: -r[2])
    return rows


def compile_vmfb(src, out, extra, force=False, timeout=3600):
    """iree-compile SRC for the host CPU into OUT; returns seconds taken (0 if
    up to date). Raises RuntimeError on failure."""
    import time
    if (not force and os.path.exists(out) and os.path.getmtime(out) >= os.path.getmtime(src)):
        return 0.0
    os.makedirs(os.path.dirname(out), exist_ok=True)
    t = time.time()
    tmp = "%s.%d.tmp" % (out, os.getpid())
    p = run([tool("iree-compile"), src, *TARGET_FLAGS, *extra, "-o", tmp], timeout=timeout)
    if p.returncode:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise RuntimeError("iree-compile failed: " + p.stderr.strip()[-1500:])
    os.replace(tmp, out)
    return time.time() - t


def read_rows(path):
    import csv
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return list(csv.DictReader(f))


def write_rows(path, fields, rows):
    import csv
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore", restval="")
        w.writeheader()
        for r in rows:
            w.writerow(r)
    os.replace(path + ".tmp", path)
