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
WORK = os.path.join(ROOT, "build-bench", "iree")          # git-ignored outputs
RESULTS = os.path.join(ROOT, "bench", "results")           # committed results
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
    and named elementwise ops generalised. Rebuilt when older than its inputs."""
    src = os.path.join(ZOO, model + ".mlir")
    out = os.path.join(WORK, "spec", "%s_b%d.mlir" % (model, batch))
    deps = [src, specialize.__file__, __file__]
    if (not force and os.path.exists(out)
            and os.path.getmtime(out) >= max(os.path.getmtime(d) for d in deps)):
        return out
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(src) as f:
        text = f.read()
    spec, left = specialize.specialize(text, batch=str(batch), debuginfo=True, label=rel(src))
    if left:
        print("  warning: %s: %d linalg ops keep a dynamic dim" % (model, left), file=sys.stderr)
    if NAMED_ELEMENTWISE.search(spec):
        spec = generalize_named(spec)
    with open(out + ".tmp", "w") as f:
        f.write(spec)
    os.replace(out + ".tmp", out)
    return out


def generalize_named(text):
    p = subprocess.run([MLIR_OPT, "-", "--linalg-generalize-named-ops", "--mlir-print-debuginfo"],
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
