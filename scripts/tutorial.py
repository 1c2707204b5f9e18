#!/usr/bin/env python3
"""Generate docs/roofline-tutorial.md: mlsysim-opt next to MLSys·im and published measurements.

Run through scripts/tutorial.sh, which creates .venv-tutorial with the pinned `mlsysim` from
PyPI. Environment: MLSYSIM_OPT (default build/bin/mlsysim-opt), TUTORIAL_OUT (default
docs/roofline-tutorial.md; `-` for stdout).

Everything in the document is computed here, from the two tools (JSON reports of schema
`mlsysim-report/2` and sweeps of `mlsysim-sweep/1`; `Engine.solve`), from the model files'
signatures, and from bench/published/measurements.csv; nothing is typed in by hand except the
prose. Sentences whose truth depends on the numbers are chosen by the numbers.
"""

import collections
import csv
import importlib.metadata
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import warnings

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPT = os.environ.get("MLSYSIM_OPT", os.path.join(REPO, "build", "bin", "mlsysim-opt"))
OUT = os.environ.get("TUTORIAL_OUT", os.path.join(REPO, "docs", "roofline-tutorial.md"))
MEASUREMENTS = os.path.join(REPO, "bench", "published", "measurements.csv")
RESNET = "zoo/models/resnet50_f16.mlir"
LLAMA = "zoo/models/llama3_8b_decode.mlir"
BATCHES = [1, 2, 4, 8, 16, 32, 64, 128, 256]
ETA = 0.5  # Engine.solve's default efficiency, passed explicitly
SCHEMA = "mlsysim-report/2"
EXECUTIONS = ("eager", "graph", "compiled")
MATRIX_CLASSES = ("convolution", "matmul")
# measurements.csv precision -> our precision= option, for the files of this tutorial
PRECISION = {"fp16": "f16", "amp-fp16": "f16", "bf16": "bf16"}

warnings.filterwarnings("ignore")
import mlsysim  # noqa: E402
from mlsysim import Engine  # noqa: E402
from mlsysim import Hardware as HW  # noqa: E402
from mlsysim import Models  # noqa: E402
from mlsysim.core.units import resolve_precision  # noqa: E402

MS_HW = {"a100": HW.Cloud.A100, "h100": HW.Cloud.H100, "h200": HW.Cloud.H200}
MS_RESNET = Models.Vision.ResNet50
MS_LLAMA = Models.Language.Llama3_8B


# ---- our tool -------------------------------------------------------------------------------

def run_opt(args):
    return subprocess.run([OPT] + args + ["-o", "/dev/null"], capture_output=True, text=True,
                          check=True).stdout


def report(model, hw, batch, precision="f16", execution=None, pre=()):
    """One mlsysim-opt JSON report; `pre` are passes run before it."""
    opts = f"hardware={hw} batch={batch} precision={precision} format=json output=-"
    if execution:
        opts += f" execution={execution}"
    d = json.loads(run_opt([model] + list(pre) + [f"--mlsysim-report={opts}"]))
    assert d["schema"] == SCHEMA, d["schema"]
    assert d["totals"]["unmodeled_count"] == 0, (model, d["unmodeled"])
    return d


def ours(model, hw, batch, precision="f16"):
    """The default (compiled) report and the eager one, with what the tables need."""
    d = report(model, hw, batch, precision)
    assert d["conventions"]["execution"] == "compiled"
    e = report(model, hw, batch, precision, execution="eager")
    t = d["totals"]
    by_exec = t["latency_by_execution"]
    # The eager report's headline is the eager entry of the compiled report's table.
    assert abs(e["totals"]["latency_s"] - by_exec["eager"]["latency_s"]) <= \
        1e-9 * by_exec["eager"]["latency_s"]
    mat = {"compute": 0.0, "memory": 0.0, "overhead": 0.0}
    by_class = collections.defaultdict(lambda: {"compute": 0.0, "memory": 0.0,
                                                "overhead": 0.0, "n": 0})
    mflops = mflops_at_u = 0.0
    for k in d["kernels"]:
        by_class[k["class"]][k["bound"]] += k["latency_s"]
        by_class[k["class"]]["n"] += 1
        if k["class"] in MATRIX_CLASSES:
            mat[k["bound"]] += k["latency_s"]
    # the contractions the tile search runs on the matrix unit (`tile`); the others run as
    # vector kernels, without a tile
    tiled = [op for op in d["ops"] if op["class"] in MATRIX_CLASSES and op.get("tile")]
    vec = [op for op in d["ops"] if op["class"] in MATRIX_CLASSES and not op.get("tile")
           and op["flops"]]
    for op in tiled:
        mflops += op["flops"]
        mflops_at_u += op["flops"] / op["tile"]["utilization"]
    # what each kernel pays beyond its larger term and its launch: the library kernel's fixed
    # latency (and serial split-K's reduction), the `overlap` realism term
    exposed = sum(k["latency_s"] - max(k["t_compute_s"], k["t_memory_s"]) - k["t_overhead_s"]
                  for k in d["kernels"])
    n_exposed = sum(1 for k in d["kernels"]
                    if k["latency_s"] - max(k["t_compute_s"], k["t_memory_s"]) -
                    k["t_overhead_s"] > 1e-12)
    return {"d": d, "t": t, "e": e["totals"], "e_ops": e["ops"], "hw": d["hardware"],
            "by_exec": by_exec,
            "kernels": d["kernels"], "ops": d["ops"], "mat": mat, "by_class": by_class,
            "tiled": tiled, "vec": vec, "exposed": exposed, "n_exposed": n_exposed,
            # FLOP-weighted matrix utilization of the tiled contractions (waves, tile padding,
            # alignment)
            "util": mflops / mflops_at_u if mflops_at_u else 1.0}


def sweep(model, hw, execution=None):
    opts = f"hardware={hw} precision=f16 sweep={','.join(map(str, BATCHES))} format=json output=-"
    if execution:
        opts += f" execution={execution}"
    d = json.loads(run_opt([model, f"--mlsysim-report={opts}"]))
    (dev,) = d["devices"]
    return dev


def symbolic_forward(model, hw):
    """The formulas of the model's function (no batch bound: its sizes stay symbols), its
    hardware, and its one symbol's name."""
    opts = f"hardware={hw} precision=f16 format=json output=-"
    d = json.loads(run_opt([model, f"--mlsysim-report={opts}"]))
    (name,) = d["symbols"].keys()
    (func,) = d["functions"]
    return func["symbolic"], d["hardware"], name


def linear_terms(formula, name):
    """(a, b) of a formula a*name + b, checked linear in the one symbol."""
    def at(v):
        text = re.sub(r"(?<![\w.])" + re.escape(name) + r"(?![\w.])", str(v), formula)
        assert re.fullmatch(r"[0-9+*\- ]+", text), formula
        return eval(text, {"__builtins__": {}})
    a, b = at(1) - at(0), at(0)
    assert at(7) == 7 * a + b, formula
    return a, b


def show_hardware(hw):
    """What the report's JSON leaves out: SMs, the candidate matrix tiles and split-K factors,
    the library kernel's fixed latency, the launch costs' sources."""
    txt = subprocess.run([OPT, f"--show-hardware={hw}"], capture_output=True, text=True,
                         check=True).stdout
    cores = re.search(r"^\s*cores\s+(\d+)", txt, re.M)
    tiles = re.search(r"^\s*matrix tiles: ([\dx ]+); split-K ([\d ]+) \(source: ([^)]*)\)\s*$",
                      txt, re.M)
    klat = re.search(r"^\s*library kernel latency\s+(\S+) (\S+)\s+(.*)$", txt, re.M)
    clock = re.search(r"^\s*clock\s+(\S+) (\S+)\s", txt, re.M)
    launch = {m.group(1): m.group(2).strip() for m in re.finditer(
        r"launch overhead per kernel, (eager|graph|compiled)\s+\S+ \S+\s+(.*)$", txt, re.M)}
    scale = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}
    def quantity(m, unit):
        assert m.group(2).endswith(unit), m.group(0)
        return float(m.group(1)) * scale[m.group(2)[:-len(unit)]]
    cycles = quantity(klat, "cycles")
    hz = quantity(clock, "Hz")
    return {"cores": int(cores.group(1)),
            "tiles": [tuple(int(x) for x in t.split("x")) for t in tiles.group(1).split()],
            "split_k": [int(x) for x in tiles.group(2).split()],
            "tile_source": tiles.group(3),
            "kernel_latency_cycles": cycles, "clock_hz": hz,
            "kernel_latency_s": cycles / hz,
            "kernel_latency_note": klat.group(3).strip(),
            "launch_note": launch}


def signature(model):
    """Shapes of the function arguments the exporter tagged (weights and inputs)."""
    src = open(os.path.join(REPO, model)).read()
    args = {}
    for m in re.finditer(r'tensor<([^>]*)> \{mlsysim\.(?:param|input) = "([^"]+)"\}', src):
        dims = m.group(1).split("x")
        args[m.group(2)] = (dims[:-1], dims[-1])
    return args


def conv_window(model, loc):
    """The window (KH, KW) of the convolution at `loc`, read off its filter's type."""
    line = open(os.path.join(REPO, model)).read().splitlines()[int(loc.split(":")[1]) - 1]
    types = re.search(r"ins\([^:]*: ([^)]*)\)", line).group(1)
    filt = re.findall(r"tensor<([^>]*)>", types)[1].split("x")
    return int(filt[2]), int(filt[3])


def ours_specialised(model, hw):
    """The decode file with its batch fixed at 1 and folded by --canonicalize first."""
    src = open(os.path.join(REPO, model)).read()
    src = re.sub(r"(%[\w.]+) = tensor\.dim (%arg\d+), %c0(_\d+)? : tensor<\?x[^>]*>",
                 r"\1 = arith.constant 1 : index", src)
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(src)
        path = f.name
    try:
        return report(path, hw, 1, pre=["--canonicalize"])
    finally:
        os.unlink(path)


def decode_traffic(d):
    """Compiled traffic of a decode report by kind of kernel, and the cache copy kept in it."""
    ops = {op["id"]: op for op in d["ops"]}
    cat = collections.Counter()
    copy = 0
    for k in d["kernels"]:
        names = [ops[i]["op"] for i in k["ops"]]
        b = k["bytes_read"] + k["bytes_written"]
        if "linalg.batch_matmul" in names:
            cat["attention"] += b
        elif k["class"] == "matmul":
            cat["weights"] += b
            # a concatenation fused into a projection's epilogue is still written in full
            copy += sum(ops[i]["bytes_read"] + ops[i]["bytes_written"]
                        for i in k["ops"] if ops[i]["op"] == "tensor.concat")
        else:
            cat["other"] += b
    classes = collections.Counter(k["class"] for k in d["kernels"])
    return cat, copy, classes


# ---- MLSys·im -------------------------------------------------------------------------------

def theirs(model, hw, batch):
    p = Engine.solve(model, MS_HW[hw], batch_size=batch, precision="fp16", efficiency=ETA)
    return {
        "lat": p.latency.to("s").magnitude,
        "thr": p.throughput.to("1/s").magnitude,
        "mfu": p.mfu,
        "bound": p.bottleneck,
        "ovh_dominated": p.overhead_dominated,
        "ai": p.arithmetic_intensity.to("flop/byte").magnitude,
        "t_comp": p.latency_compute.to("s").magnitude,
        "t_mem": p.latency_memory.to("s").magnitude,
        "t_ovh": p.latency_overhead.to("s").magnitude,
        "bytes": p.latency_memory.to("s").magnitude *
        MS_HW[hw].memory.bandwidth.to("B/s").magnitude,
    }


def ms_weight_bytes(model):
    _, bpp = resolve_precision("fp16")
    return model.lower(bpp).weight_bytes.to("B").magnitude


# ---- published measurements -----------------------------------------------------------------

def load_measurements():
    with open(MEASUREMENTS, newline="") as f:
        return list(csv.DictReader(f))


def framework(row):
    return row["framework"].split(" (")[0].split(",")[0]


class Citations:
    """Numbers [M1], [M2], ... given to sources in the order they are first cited."""

    def __init__(self):
        self.keys = {}

    def __call__(self, row):
        key = (row["source_title"], row["source_url"])
        if key not in self.keys:
            self.keys[key] = (len(self.keys) + 1, row)
        return f"[M{self.keys[key][0]}]"


def measured_all(rows, model, device_id, batch, precisions, execution="compiled"):
    """The published rows for this file, device, batch and precision, in the execution model."""
    return [r for r in rows if r["zoo_model"] == os.path.basename(model)
            and r["zoo_device"] == device_id and int(r["batch"]) == batch
            and r["precision"] in precisions and r["execution"] == execution]


def measured(rows, model, device_id, batch, precisions, execution="compiled"):
    """The one published row for this file, device, batch and precision, or None."""
    found = measured_all(rows, model, device_id, batch, precisions, execution)
    assert len(found) <= 1, found
    return found[0] if found else None


# ---- formatting -----------------------------------------------------------------------------

def bytes_of(t):
    return t["bytes_read"] + t["bytes_written"]


def ai(t):
    return (t["flops"] + t["int_ops"]) / bytes_of(t)


def share(t):
    s = t["share_by_bound"]
    return f"{100*s['compute']:.0f} / {100*s['memory']:.0f} / {100*s['overhead']:.0f}"


def dominant(s):
    return max(("compute", "memory", "overhead"), key=lambda k: s[k])


def turn_batch(rows, pred):
    """The first batch from which pred holds at that batch and every larger one."""
    for i, (b, _) in enumerate(rows):
        if all(pred(r) for _, r in rows[i:]):
            return b
    return None


def convshare(m):
    tot = m["compute"] + m["memory"] + m["overhead"]
    return f"{100*m['compute']/tot:.0f} / {100*m['memory']/tot:.0f}"


def fmt(x):
    return str(x) if x is not None else "none up to 256"


def ms(x):
    return f"{1e3*x:.3f}"


def us(x):
    return f"{1e6*x:.1f}"


def us2(x):
    return f"{1e6*x:.2f}"


def ratio(a, b):
    return f"{a/b:.2f}" if b else "-"


def span(xs, f="{:.2f}"):
    lo, hi = min(xs), max(xs)
    return f.format(lo) if f.format(lo) == f.format(hi) else f"{f.format(lo)} to {f.format(hi)}"


def main():
    L = []
    w = L.append
    ver_ms = importlib.metadata.version("mlsysim")
    commit = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    llvm = subprocess.run([OPT, "--version"], capture_output=True, text=True).stdout
    llvm = next((l.strip() for l in llvm.splitlines() if "LLVM version" in l), "LLVM ?")
    cite = Citations()
    rows = load_measurements()

    # ---- data ------------------------------------------------------------------------------
    res = {hw: [(b, ours(RESNET, hw, b)) for b in BATCHES] for hw in ("a100", "h100")}
    rms = {hw: [(b, theirs(MS_RESNET, hw, b)) for b in BATCHES] for hw in ("a100", "h100")}
    llm = {hw: ours(LLAMA, hw, 1) for hw in ("a100", "h100", "h200")}
    lms = {hw: theirs(MS_LLAMA, hw, 1) for hw in ("a100", "h100", "h200")}
    sw = {(hw, ex): sweep(RESNET, hw, ex) for hw in ("a100", "h100") for ex in (None, "eager")}
    shw = {hw: show_hardware(hw) for hw in ("a100", "h100", "h200")}
    # The decode file specialised to batch 1 by upstream canonicalization first (see the note
    # on dynamic sizes in zoo/models/README.md): what the counts are once every size is known.
    llm_fix = ours_specialised(LLAMA, "a100")
    hwa = res["a100"][0][1]["hw"]
    hwh = res["h100"][0][1]["hw"]
    dev_id = {hw: llm[hw]["hw"]["id"] for hw in llm}
    # The sweep prices the same points as the one-batch reports.
    for hw in ("a100", "h100"):
        for (b, o), p in zip(res[hw], sw[(hw, None)]["points"]):
            assert p["batch"] == b and abs(p["latency_s"] - o["t"]["latency_s"]) <= \
                1e-9 * p["latency_s"], (hw, b)

    # ---- header ----------------------------------------------------------------------------
    w("# Roofline tutorial: ResNet-50 and Llama-3.1-8B, next to MLSys·im and measurements\n")
    w("<!-- Generated by scripts/tutorial.sh (scripts/tutorial.py); do not edit by hand. -->\n")
    w(f"Generated by `bash scripts/tutorial.sh` with mlsysim-opt at commit `{commit}` ({llvm}) "
      f"and MLSys·im **`mlsysim=={ver_ms}`** from PyPI (Python {platform.python_version()}), "
      f"whose `Engine.solve(model, hardware, batch_size=B, precision=\"fp16\", efficiency={ETA})` "
      "gives every MLSys·im column. Our columns come from one command per row:\n")
    w("```sh\nbuild/bin/mlsysim-opt zoo/models/resnet50_f16.mlir "
      "--mlsysim-report=\"hardware=a100 batch=8 precision=f16 format=json output=-\" -o /dev/null\n```\n")
    w("Three numbers come out of every report (`totals.latency_by_execution`, "
      "[docs/report-json.md](report-json.md)); the tables show two of them:\n")
    w("- **ours, compiled** (the headline, `totals.latency_s`): the kernels a fusing compiler "
      "forms from the IR (TensorRT, torch.compile, XLA, IREE), each priced as one kernel and "
      "launched at the device's `compiled` cost, about a microsecond on these GPUs "
      "([docs/fusion.md](fusion.md));\n"
      "- **ours, eager** (`totals.latency_by_execution.eager.latency_s`): one kernel per op of "
      "the IR as exported, each launched from the host at the device's `eager` cost (a "
      "framework's eager mode runs fewer, larger library kernels: §5);\n"
      "- the third, `graph` (the eager kernels replayed from a CUDA graph), appears in §4.\n")
    w("`batch=B` binds the dynamic batch dimension of the model's inputs and divides the latency "
      "into the throughput; `precision=f16` prices every floating-point tensor at f16 (the "
      "f32 accumulators and BatchNorm/softmax upcasts of the exported f16 files included). "
      "MLSys·im's models are registry entries (`Models.Vision.ResNet50`, "
      "`Models.Language.Llama3_8B`), its devices `Hardware.Cloud.A100/H100/H200`. "
      "**Measured** columns are published latencies from "
      "[bench/published/measurements.csv](../bench/published/measurements.csv) "
      "([README](../bench/published/README.md)), matched on the zoo file, the zoo device, the "
      "batch and the precision, and taken from a compiled engine (TensorRT, torch.compile) for "
      "comparison with our compiled column; the sources are listed at the end. A dash means that "
      "no published row matches.\n")
    w("Devices as each tool sees them (our numbers from the report's `hardware` object and "
      "`mlsysim-opt --show-hardware`):\n")
    w("| | ours: f16 matrix / vector peak TFLOP/s | ours: bandwidth TB/s | "
      "ours: efficiency compute / memory | ours: launch µs per kernel, eager / graph / compiled | "
      "ours: SMs; candidate matrix tiles x split-K factors; library kernel latency µs | MLSys·im: fp16 peak TFLOP/s | MLSys·im: bandwidth TB/s | "
      "MLSys·im: η (compute only) | MLSys·im: dispatch tax + per-layer tax ms |")
    w("|---|---|---|---|---|---|---|---|---|---|")
    for hw in ("a100", "h100", "h200"):
        h, m, s = llm[hw]["hw"], MS_HW[hw], shw[hw]
        lo = h["launch_overhead_s"]
        mp = lms[hw]
        layer_tax = (mp["t_ovh"] - m.dispatch_tax.to("s").magnitude) / MS_LLAMA.layers
        w(f"| {hw.upper()} (`{h['id']}`) | {h['matrix_peaks_per_s']['f16']/1e12:.0f} / "
          f"{h['vector_peaks_per_s']['f16']/1e12:.0f} | "
          f"{h['memory_bandwidth_bytes_per_s']/1e12:.3f} | {h['compute_efficiency']} / "
          f"{h['memory_efficiency']} | "
          f"{' / '.join(us(lo[x]) for x in EXECUTIONS)} | "
          f"{s['cores']}; {len(s['tiles'])} x {len(s['split_k'])}; "
          f"{us2(s['kernel_latency_s'])} | "
          f"{m.compute.peak_flops.to('TFLOPs/s').magnitude:.0f} | "
          f"{m.memory.bandwidth.to('TB/s').magnitude:.3f} | {ETA} | "
          f"{m.dispatch_tax.to('ms').magnitude:.3f} + {1e3*layer_tax:.3f} |")
    w("")
    tile_sets = collections.defaultdict(list)
    for hw in ("a100", "h100", "h200"):
        tile_sets[(tuple(shw[hw]["tiles"]), tuple(shw[hw]["split_k"]))].append(hw.upper())
    lists = []
    for (tl_, sk), hws in tile_sets.items():
        srcs = sorted({shw[h.lower()]["tile_source"] for h in hws})
        lists.append(f"{' '.join(f'{a}x{b}' for a, b in tl_)} with split-K "
                     f"{', '.join(map(str, sk))} ({'all three' if len(hws) == 3 else ', '.join(hws)}; "
                     f"source{'s' if len(srcs) > 1 else ''} {', '.join(f'[{x}]' for x in srcs)})")
    w(f"The candidate matrix tiles and split-K factors are those the device file lists "
      f"(`matrix tiles:` in `--show-hardware`): {'; '.join(lists)}. The library kernel latency "
      f"is the file's `kernel_latency_cycles` over its clock ("
      + "; ".join(f"{hw.upper()}: {shw[hw]['kernel_latency_cycles']:.0f} cycles at "
                  f"{shw[hw]['clock_hz']/1e9:.2f} GHz" for hw in ("a100", "h100", "h200"))
      + "); §4.3 shows how both are used.\n")

    # ---- ResNet-50 on A100 -----------------------------------------------------------------
    w("## 1. ResNet-50 (f16) on A100, batch 1 to 256\n")
    o1 = res["a100"][0][1]
    t1 = o1["t"]
    e1 = o1["e"]
    w(f"Ours: {t1['flops']/1e9:.3f} GFLOP per image (2 FLOPs per multiply-accumulate); at "
      f"batch 1 the compiled plan runs {o1['by_exec']['compiled']['kernels']} kernels moving "
      f"{bytes_of(t1)/1e6:.1f} MB, eager execution {o1['by_exec']['eager']['kernels']} kernels "
      f"moving {bytes_of(e1)/1e6:.1f} MB. MLSys·im: "
      f"{MS_RESNET.inference_flops.to('GFLOP').magnitude:.1f} GFLOP per image, "
      f"{MS_RESNET.layers} layers. Latencies are for the whole batch.\n")
    w("| batch | measured ms (compiled engine) | ours: compiled ms | ours: eager ms | "
      "MLSys·im ms | ours compiled / measured | MLSys·im / measured | ours: compiled img/s | "
      "MLSys·im img/s |")
    w("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    meas_resnet = {}
    for (b, o), (_, m) in zip(res["a100"], rms["a100"]):
        r = measured(rows, RESNET, dev_id["a100"], b, ("fp16", "amp-fp16"))
        meas_resnet[b] = r
        t = o["t"]
        if r:
            mv = float(r["latency_s"])
            mcol = f"{ms(mv)} ({framework(r)} {cite(r)})"
            rat = (ratio(t["latency_s"], mv), ratio(m["lat"], mv))
        else:
            mcol, rat = "-", ("-", "-")
        w(f"| {b} | {mcol} | **{ms(t['latency_s'])}** | {ms(o['by_exec']['eager']['latency_s'])} | "
          f"{ms(m['lat'])} | {rat[0]} | {rat[1]} | {t['throughput_per_s']:.0f} | "
          f"{m['thr']:.0f} |")
    w("")
    w("What bounds it, compiled (ours) and in MLSys·im's model. *Share* is the share of "
      "predicted time spent in kernels bound by compute / memory / overhead (the launch and "
      "the library kernel's fixed latency outweigh the work, §4.2 and §4.3), in %; "
      "*matrix kernels* applies it to the kernels built around a convolution or a matmul "
      "alone; *matrix utilization* is the share of the matrix unit the chosen tiles keep "
      "busy (waves, tile padding and reduction alignment, §4.3), weighted by FLOPs over the "
      "contractions that run on the matrix unit; AI is FLOPs per byte of what runs.\n")
    w("| batch | ours: MFU | ours: share C / M / O % | ours: matrix kernels C / M % | "
      "ours: matrix utilization | ours: AI FLOP/B | ours eager: share C / M / O % | "
      "MLSys·im: MFU | MLSys·im: bound | MLSys·im: AI FLOP/B |")
    w("|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    for (b, o), (_, m) in zip(res["a100"], rms["a100"]):
        t = o["t"]
        w(f"| {b} | {t['mfu']:.3f} | {share(t)} | {convshare(o['mat'])} | {o['util']:.2f} | "
          f"{ai(t):.1f} | {share(o['e'])} | {m['mfu']:.3f} | {m['bound']} | {m['ai']:.0f} |")
    w("")

    w("### When does ResNet-50 turn compute-bound?\n")
    w("**Definition (ours):** the smallest batch of the sweep from which on (at it and every "
      "larger batch) the kernels bound by compute take more of the predicted time than the "
      "kernels bound by memory: the `compute_bound_from` of the report's `sweep=` option "
      "(`share_by_bound.compute > share_by_bound.memory`; overhead-bound kernels are ignored in "
      "the comparison), under the compiled headline and, with `execution=eager`, under eager "
      "execution. We also list the batches at which compute-bound time exceeds memory-bound "
      "time at all, and the batch from which compute-bound kernels are the largest share "
      "outright (more than memory- and overhead-bound ones each). The column *matrix kernels* "
      "applies the first test to the convolution and matmul kernels alone. **MLSys·im:** the "
      "smallest batch from which its `bottleneck` is `Compute` (its T_compute ≥ T_memory for "
      "the whole model; its overhead is not a bound).\n")
    w("| device | ours compiled: C > M from batch (`compute_bound_from`) | "
      "ours compiled: batches with C > M | ours compiled: C the largest share from batch | "
      "ours compiled, matrix kernels: C > M from batch | "
      "ours eager: C > M from batch (`compute_bound_from`) | MLSys·im: Compute from batch |")
    w("|---|---:|---|---:|---:|---:|---:|")
    turn = {}
    for hw in ("a100", "h100"):
        pts = [(p["batch"], p["share_by_bound"]) for p in sw[(hw, None)]["points"]]
        cb = sw[(hw, None)]["compute_bound_from"]
        assert cb == turn_batch(pts, lambda s: s["compute"] > s["memory"]), hw
        cbe = sw[(hw, "eager")]["compute_bound_from"]
        c_batches = [b for b, s in pts if s["compute"] > s["memory"]]
        c_max = turn_batch(pts, lambda s: dominant(s) == "compute")
        conv = turn_batch([(b, o["mat"]) for b, o in res[hw]],
                          lambda m: m["compute"] > m["memory"])
        msb = turn_batch(rms[hw], lambda m: m["bound"] == "Compute")
        turn[hw] = {"c": cb, "batches": c_batches, "conv": conv, "eager": cbe, "ms": msb,
                    "cmax": c_max}
        listed = ", ".join(map(str, c_batches)) if c_batches else "none"
        w(f"| {hw.upper()} | {fmt(cb)} | {listed} | {fmt(c_max)} | {fmt(conv)} | {fmt(cbe)} | "
          f"{fmt(msb)} |")
    w("")
    ta, th = turn["a100"], turn["h100"]
    lastb = BATCHES[-1]
    ua = [o["util"] for _, o in res["a100"]]
    uh = [o["util"] for _, o in res["h100"]]
    eager_c = {hw: [p["batch"] for p in sw[(hw, "eager")]["points"]
                    if p["share_by_bound"]["compute"] > p["share_by_bound"]["memory"]]
               for hw in ("a100", "h100")}
    eager_o = {hw: [p["batch"] for p in sw[(hw, "eager")]["points"]
                    if dominant(p["share_by_bound"]) == "overhead"] for hw in ("a100", "h100")}
    wb = ms_weight_bytes(MS_RESNET)
    act = (rms["a100"][0][1]["bytes"] / wb - 1) / BATCHES[0]
    ms_ridge = {hw: ETA * MS_HW[hw].compute.peak_flops.to("flop/s").magnitude /
                MS_HW[hw].memory.bandwidth.to("B/s").magnitude for hw in ("a100", "h100")}
    comp_o = {hw: [p["batch"] for p in sw[(hw, None)]["points"]
                   if dominant(p["share_by_bound"]) == "overhead"] for hw in ("a100", "h100")}
    fa, fh = shw["a100"]["kernel_latency_s"], shw["h100"]["kernel_latency_s"]
    p = [f"At small batches the compiled plan's kernels are bound by their fixed costs. Each "
         f"matrix kernel "
         f"pays the library kernel's fixed latency ({us2(fa)} µs on A100, {us2(fh)} on H100; "
         f"§4.3) and its launch whatever its work: at batch 1 on A100 that is "
         f"{ms(o1['exposed'])} ms of fixed latency and {ms(t1['t_overhead_s'])} ms of launches "
         f"in a compiled time of {ms(t1['latency_s'])} ms, and overhead-bound kernels are the "
         f"largest share of the time up to batch {max(comp_o['a100'], default='-')} on A100 "
         f"and {max(comp_o['h100'], default='-')} on H100. The matrix unit is poorly used "
         f"there too (matrix utilization {ua[0]:.2f} on A100 and {uh[0]:.2f} on H100 at "
         f"batch 1, {ua[-1]:.2f} and {uh[-1]:.2f} at {lastb}; §4.3): even the smallest tiles "
         f"and split-K leave SMs idle on a small problem, at an MFU of "
         f"{res['a100'][0][1]['t']['mfu']:.3f} (A100). As the batch grows the work outgrows "
         f"the fixed costs, the tiles fill the SMs, and the traffic that fusion leaves (each "
         f"kernel's input and output activations, the weights) weighs against the arithmetic. "]
    last_share = {hw: sw[(hw, None)]["points"][-1] for hw in ("a100", "h100")}
    never = [hw for hw in ("a100", "h100") if not turn[hw]["batches"]]
    if len(never) == 2:
        p.append(f"On neither device does the compute-bound share get ahead of the "
                 f"memory-bound share up to batch {lastb} (C / M / O % at {lastb}: "
                 f"{share(last_share['a100'])} on A100, {share(last_share['h100'])} on H100, "
                 f"whose f16 ridge is higher, {hwh['matrix_ridge_points']['f16']:.0f} against "
                 f"{hwa['matrix_ridge_points']['f16']:.0f} FLOP/B), so `compute_bound_from` is "
                 f"empty for both. ")
    else:
        for hw, name in (("a100", "A100"), ("h100", "H100")):
            tr = turn[hw]
            if tr["c"] is not None:
                p.append(f"On {name} the compute-bound share stays ahead of the memory-bound "
                         f"share at every batch from {tr['c']} on. ")
            elif tr["batches"]:
                p.append(f"On {name} the compute-bound share is ahead of the memory-bound "
                         f"share only at batches {', '.join(map(str, tr['batches']))}, and "
                         f"memory-bound time dominates at {lastb} "
                         f"({share(last_share[hw])}): `compute_bound_from` is empty. ")
            else:
                p.append(f"On {name} the compute-bound share never gets ahead of the "
                         f"memory-bound share up to batch {lastb} ({share(last_share[hw])} "
                         f"at {lastb}). ")
    p.append("Eager execution prices the same ops one kernel each, every intermediate written "
             "and read back: ")
    if eager_c["a100"] or eager_c["h100"]:
        p.append(f"its compute-bound share exceeds its memory-bound share only at batches "
                 f"{', '.join(map(str, eager_c['a100'])) or 'none'} on A100 and "
                 f"{', '.join(map(str, eager_c['h100'])) or 'none'} on H100, where launches "
                 f"take the largest share of the time (overhead is the largest share up to "
                 f"batch {max(eager_o['a100'], default='-')} on A100 and "
                 f"{max(eager_o['h100'], default='-')} on H100). ")
    else:
        for hw in ("a100", "h100"):
            assert all(dominant(p_["share_by_bound"]) == "memory"
                       for p_ in sw[(hw, "eager")]["points"]
                       if p_["batch"] > max(eager_o[hw], default=0)), hw
        p.append(f"its compute-bound share never exceeds its memory-bound share; launches take "
                 f"the largest share of the time up to batch "
                 f"{max(eager_o['a100'], default='-')} on A100 and "
                 f"{max(eager_o['h100'], default='-')} on H100, memory-bound ops from there on. ")
    assert all(b in eager_o[hw] for hw in eager_c for b in eager_c[hw])
    p.append(f"MLSys·im calls ResNet-50 compute-bound from batch {fmt(ta['ms'])} on A100 and "
             f"{fmt(th['ms'])} on H100 for another reason: its traffic is the weights plus "
             f"{act:.2f} of them per image (§4.5), so its intensity "
             f"({rms['a100'][0][1]['ai']:.0f} FLOP/B at batch 1) grows with the batch towards "
             f"{MS_RESNET.inference_flops.to('flop').magnitude/(act*wb):.0f}, against its "
             f"effective ridge of {ETA} x peak / bandwidth = {ms_ridge['a100']:.0f} FLOP/B on "
             f"A100 and {ms_ridge['h100']:.0f} on H100.\n")
    w("".join(p))

    # The same question in closed form, from the formulas of the dynamic batch.
    w("**In closed form.** Without a batch the report keeps ResNet-50's dynamic batch as a "
      "symbol and gives the model's counts as formulas of it ([docs/cost-model.md]"
      "(cost-model.md#costs-as-formulas-of-the-dynamic-sizes)); for the ops as written "
      "(`functions[0].symbolic`, each op its own kernel) they are linear, `flops = a*B + b` "
      "and `bytes = c*B + d`. On one roofline (compute at the f16 matrix peak times the "
      "compute efficiency, traffic at the bandwidth times the memory efficiency, MLSys·im's "
      "reading) the model is compute-bound when `(a*B + b)/R_c >= (c*B + d)/R_m`, from "
      "`B = (d*R_c - b*R_m)/(a*R_m - c*R_c)` when the intensity `a/c` exceeds the effective "
      "ridge `R_c/R_m`, and at no batch otherwise. The report also solves the question on the "
      "model itself, op by op (each op's bound at each batch, wave quantization included: "
      "`symbolic.crossovers`), which `sweep=` with `execution=eager` confirms at the batch "
      "below and at it:\n")
    w("| device | flops (B = batch) | bytes read + written | a/c FLOP/B | R_c/R_m FLOP/B | "
      "one roofline: compute-bound from | ops as written: crossover (report) | "
      "`sweep=` eager at the batch below / at it: C / M / O % |")
    w("|---|---|---|---:|---:|---|---|---|")
    any_cross = False
    for hw in ("a100", "h100"):
        sym, hwj, name = symbolic_forward(RESNET, hw)
        a, b = linear_terms(sym["flops"], name)
        c1, d1 = linear_terms(sym["bytes_read"], name)
        c2, d2 = linear_terms(sym["bytes_written"], name)
        c, d = c1 + c2, d1 + d2
        rc = hwj["matrix_peaks_per_s"]["f16"] * hwj["compute_efficiency"]
        rm = hwj["memory_bandwidth_bytes_per_s"] * hwj["memory_efficiency"]
        denom = a * rm - c * rc
        closed = ("no batch (a/c below the ridge)" if denom <= 0 else
                  f"B >= {max(1, -(-(d * rc - b * rm) // denom))}")
        cross = sym.get("crossovers", [])
        any_cross = any_cross or bool(cross)
        if cross:
            (x,) = cross
            said = (f"{x['bound']}-bound time exceeds {'memory' if x['bound'] == 'compute' else 'compute'}"
                    f"-bound time from B = {x['from']}")
            v = x["from"]
            sw_pts = json.loads(run_opt([RESNET, f"--mlsysim-report=hardware={hw} precision=f16 "
                                         f"sweep={v - 1},{v} execution=eager format=json output=-"]))
            (dev,) = sw_pts["devices"]
            before, after = dev["points"]
            sb, sa = before["share_by_bound"], after["share_by_bound"]
            if x["bound"] == "compute":
                assert sb["compute"] <= sb["memory"] and sa["compute"] > sa["memory"]
            else:
                assert sb["compute"] > sb["memory"] and sa["compute"] <= sa["memory"]
            checked = f"{share(before)} and {share(after)}"
        else:
            said, checked = "none", "-"
        w(f"| {hw.upper()} | `{sym['flops']}` | `{c}*{name} + {d}` | {a / c:.1f} | "
          f"{rc / rm:.0f} | {closed} | {said} | {checked} |")
    w("")
    if any_cross:
        w("As written, ResNet-50 moves every intermediate to memory and back, so its intensity "
          "stays far below either ridge: on one roofline it is never compute-bound, at any "
          "batch. Op by op, its convolutions are compute-bound and the rest is not; the "
          "launches, not the traffic, are what the growing batch first outweighs, and from the "
          "crossover batch on the memory-bound ops (the elementwise ones, each its own kernel) "
          "take more of the time than the compute-bound ones. The compiled plan (above) fuses "
          "those ops away, which is why its answer differs.\n")
    else:
        econv = collections.Counter(op["bound"] for op in res["a100"][-1][1]["e_ops"]
                                    if op["class"] == "convolution")
        w("As written, ResNet-50 moves every intermediate to memory and back, so its intensity "
          "stays far below either ridge: on one roofline it is never compute-bound, at any "
          "batch. Op by op the report finds no crossover either: with each op its own kernel, "
          "compute-bound time never exceeds memory-bound time (the eager `compute_bound_from` "
          "above); the launches are what the growing batch outweighs first, and the "
          "memory-bound ops (the elementwise ones, each its own kernel, and "
          f"{econv['memory']} of the {sum(econv.values())} convolutions at batch {lastb} on "
          "A100) then take most of the time. The compiled plan (above) fuses the "
          "elementwise ops away"
          + (", yet the traffic of its convolution kernels still keeps it from turning "
             "compute-bound.\n" if ta["c"] is None and th["c"] is None else
             ", which is why its answer differs.\n"))

    # ---- A100 vs H100 ----------------------------------------------------------------------
    w("## 2. ResNet-50 (f16): A100 against H100\n")
    h100_meas = [measured(rows, RESNET, dev_id["h100"], b, ("fp16", "amp-fp16"))
                 for b in BATCHES]
    assert not any(h100_meas), "an H100 measurement: give it a column"
    w("The measurement file has no H100 row for this model; the measured column is A100's, "
      "as in §1.\n")
    w("| batch | measured A100 ms | ours: compiled A100 ms | ours: compiled H100 ms | "
      "ours: compiled speedup | ours: eager A100 ms | ours: eager H100 ms | "
      "ours: eager speedup | ours compiled: H100 share C / M / O % | ours compiled: H100 MFU | "
      "MLSys·im: A100 ms | MLSys·im: H100 ms | MLSys·im: speedup | MLSys·im: H100 bound |")
    w("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for i, b in enumerate(BATCHES):
        oa, oh = res["a100"][i][1], res["h100"][i][1]
        ma, mh = rms["a100"][i][1], rms["h100"][i][1]
        ea, eh = oa["by_exec"]["eager"]["latency_s"], oh["by_exec"]["eager"]["latency_s"]
        r = meas_resnet[b]
        w(f"| {b} | {ms(float(r['latency_s'])) + ' ' + cite(r) if r else '-'} | "
          f"**{ms(oa['t']['latency_s'])}** | **{ms(oh['t']['latency_s'])}** | "
          f"{oa['t']['latency_s']/oh['t']['latency_s']:.2f}x | {ms(ea)} | {ms(eh)} | "
          f"{ea/eh:.2f}x | {share(oh['t'])} | {oh['t']['mfu']:.3f} | "
          f"{ms(ma['lat'])} | {ms(mh['lat'])} | {ma['lat']/mh['lat']:.2f}x | {mh['bound']} |")
    w("")
    spd = [res["a100"][i][1]["t"]["latency_s"] / res["h100"][i][1]["t"]["latency_s"]
           for i in range(len(BATCHES))]
    spd_e = [res["a100"][i][1]["by_exec"]["eager"]["latency_s"] /
             res["h100"][i][1]["by_exec"]["eager"]["latency_s"] for i in range(len(BATCHES))]
    peak_ratio = hwh["matrix_peaks_per_s"]["f16"] / hwa["matrix_peaks_per_s"]["f16"]
    bw_ratio = hwh["memory_bandwidth_bytes_per_s"] / hwa["memory_bandwidth_bytes_per_s"]
    inside = all(bw_ratio < x < peak_ratio for x in spd)
    mshare = [res["h100"][i][1]["t"]["share_by_bound"]["memory"] for i in (0, -1)]
    assert mshare[1] > res["a100"][-1][1]["t"]["share_by_bound"]["memory"]
    w(f"Compiled, H100 is {span(spd)}x faster than A100 across the batches, "
      + (f"more than the bandwidth ratio ({bw_ratio:.2f}x) and less than the f16 matrix-peak "
         f"ratio ({peak_ratio:.2f}x): " if inside else
         f"against a bandwidth ratio of {bw_ratio:.2f}x and an f16 matrix-peak ratio of "
         f"{peak_ratio:.2f}x: ")
      + f"at small batches both are overhead-bound (overhead-bound kernels take "
      f"{100*res['h100'][0][1]['t']['share_by_bound']['overhead']:.0f} % of H100's time at "
      f"batch 1), "
      f"so the speedup there follows the matrix kernels' fixed latency, the same "
      f"{shw['h100']['kernel_latency_cycles']:.0f} cycles at a faster clock "
      f"({us2(shw['a100']['kernel_latency_s'])} µs on A100, "
      f"{us2(shw['h100']['kernel_latency_s'])} on H100: "
      f"{shw['a100']['kernel_latency_s']/shw['h100']['kernel_latency_s']:.2f}x), while the "
      f"tiles of a small problem fill a smaller share of its {shw['h100']['cores']} SMs than of "
      f"A100's {shw['a100']['cores']} (matrix utilization {uh[0]:.2f} against {ua[0]:.2f} at "
      f"batch 1); at large batches more of its time is "
      f"memory-bound ({100*mshare[1]:.0f} % at {lastb}, against "
      f"{100*res['a100'][-1][1]['t']['share_by_bound']['memory']:.0f} % on A100). Eager, the speedup is {spd_e[0]:.2f}x at batch 1 and {spd_e[-1]:.2f}x at "
      f"{lastb}: at small batches both devices pay the same "
      f"{us(hwa['launch_overhead_s']['eager'])} µs per launch.\n")

    # ---- Llama decode ----------------------------------------------------------------------
    w("## 3. Llama-3.1-8B decode (f16), one token at batch 1, on A100, H100 and H200\n")
    sig = signature(LLAMA)
    kv = [v for k, v in sig.items() if k.startswith("past_key.")]
    n_layers = len(kv)
    kv_heads, ctx, hd = (int(x) for x in kv[0][0][1:])
    emb_rows, emb_cols = (int(x) for x in sig["model.embed_tokens.weight"][0])
    ol = llm["a100"]
    tl = ol["t"]
    w(f"Ours: `{LLAMA}`, one new token over a {ctx}-token KV cache (attention over "
      f"{ctx + 1} keys, {n_layers} layers, {kv_heads} KV heads of {hd}), "
      f"{tl['flops']/1e9:.3f} GFLOP; compiled: {ol['by_exec']['compiled']['kernels']} kernels "
      f"moving {bytes_of(tl)/1e9:.3f} GB; eager: {ol['by_exec']['eager']['kernels']} kernels "
      f"moving {bytes_of(ol['e'])/1e9:.3f} GB. MLSys·im: "
      f"{MS_LLAMA.inference_flops.to('GFLOP').magnitude:.2f} GFLOP per token "
      f"(2 x {MS_LLAMA.parameters.to('param').magnitude/1e9:.2f} B parameters), "
      f"{MS_LLAMA.layers} layers, no KV cache in `Engine.solve`.\n")
    w("| device | measured ms/token (compiled engine) | ours: compiled ms/token | "
      "ours: eager ms/token | MLSys·im ms/token | ours compiled / measured | "
      "MLSys·im / measured | ours: compiled tokens/s | ours compiled: share C / M / O % | "
      "ours: `roofline_s` ms (the ops as written at peak) | ours compiled: AI FLOP/B | MLSys·im: AI FLOP/B | "
      "MLSys·im: tokens/s | MLSys·im: bound |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    meas_llama = {}
    for hw in ("a100", "h100", "h200"):
        o, m = llm[hw], lms[hw]
        t = o["t"]
        found = measured_all(rows, LLAMA, dev_id[hw], 1, ("fp16", "bf16"))
        meas_llama[hw] = found
        if found:
            mcol = "; ".join(f"{ms(float(r['latency_s']))} ({framework(r)}, {r['precision']} "
                             f"{cite(r)})" for r in found)
            rat = tuple("; ".join(ratio(x, float(r["latency_s"])) for r in found)
                        for x in (t["latency_s"], m["lat"]))
        else:
            mcol, rat = "-", ("-", "-")
        w(f"| {hw.upper()} | {mcol} | **{ms(t['latency_s'])}** | "
          f"{ms(o['by_exec']['eager']['latency_s'])} | {ms(m['lat'])} | {rat[0]} | {rat[1]} | "
          f"{t['throughput_per_s']:.1f} | {share(t)} | {ms(t['roofline_s'])} | {ai(t):.3f} | "
          f"{m['ai']:.3f} | {m['thr']:.1f} | {m['bound']} |")
    w("")
    ras = meas_llama["a100"]
    if ras:
        precs = sorted({r["precision"] for r in ras})
        (prec,) = {PRECISION[x] for x in precs}
        bf = report(LLAMA, "a100", 1, prec)["totals"]
        p = [f"{'The measurement is' if len(ras) == 1 else f'The {len(ras)} A100 measurements are'} "
             f"{' and '.join(precs)}; priced at `precision={prec}` "
             f"our compiled A100 prediction is {ms(bf['latency_s'])} ms/token "
             f"({'the same' if abs(bf['latency_s'] - tl['latency_s']) < 1e-9 else 'against ' + ms(tl['latency_s']) + ' in f16'}): "
             "decode streams 16-bit weights either way. "]
        for r in ras:
            p.append(f"{'Its source' if len(ras) == 1 else framework(r) + ' ' + cite(r)} says of "
                     f"the setup: \"{r['notes']}\" ")
        w("".join(p).rstrip() + "\n")
    tf = llm_fix["totals"]
    fx = tf["latency_by_execution"]
    w(f"With the batch specialised first (`--canonicalize` before the report, see "
      f"[zoo/models/README.md](../zoo/models/README.md#what-the-cost-model-sees)) the decode "
      f"step counts {tf['flops']/1e9:.3f} GFLOP "
      f"({'the same' if tf['flops'] == tl['flops'] else 'against ' + format(tl['flops']/1e9, '.3f')}); "
      f"eager, {fx['eager']['kernels']} kernels and {ms(fx['eager']['latency_s'])} ms/token "
      f"on A100 (against {ol['by_exec']['eager']['kernels']} and "
      f"{ms(ol['by_exec']['eager']['latency_s'])}); compiled, {fx['compiled']['kernels']} "
      f"kernels moving {bytes_of(tf)/1e9:.3f} GB in {ms(fx['compiled']['latency_s'])} ms/token "
      f"(against {ol['by_exec']['compiled']['kernels']} kernels, {bytes_of(tl)/1e9:.3f} GB, "
      f"{ms(tl['latency_s'])} ms).\n")
    _, copy_u, cls_u = decode_traffic(ol["d"])
    _, copy_s, cls_s = decode_traffic(llm_fix)
    if fx["compiled"]["kernels"] != ol["by_exec"]["compiled"]["kernels"]:
        diff = ", ".join(f"{k} {cls_u.get(k, 0)} -> {cls_s.get(k, 0)}"
                         for k in sorted(set(cls_u) | set(cls_s)) if cls_u.get(k) != cls_s.get(k))
        w(f"The compiled plan depends on the form of the IR here (kernels by class, as "
          f"exported -> specialised: {diff}): the grouping is greedy in program order "
          f"([docs/fusion.md](fusion.md), Limits), and the canonicalized file offers it other "
          f"edges. The copy of the V cache that the plan keeps is {copy_u/1e9:.2f} GB as "
          f"exported and {copy_s/1e9:.2f} GB specialised (§4.5), "
          + ("which is the difference in traffic.\n"
             if abs((bytes_of(tl) - bytes_of(tf)) - (copy_u - copy_s)) < 0.01 * bytes_of(tl)
             else f"against a difference in traffic of "
                  f"{(bytes_of(tl) - bytes_of(tf))/1e9:.2f} GB.\n"))
    else:
        w("\n")

    # ---- differences -----------------------------------------------------------------------
    w("## 4. Where the differences come from\n")

    # 4.1 the compiled plan
    w("### 4.1 The headline is compiled execution: the fusion plan\n")
    d1 = o1["d"]
    kinds = collections.Counter(f["kind"] for f in d1["fusion"])
    fb = d1["fusion_bounds"][0]
    mk = [k for k in d1["kernels"] if k["class"] in MATRIX_CLASSES]
    mk_epi = [k for k in mk if k["kind"] == "epilogue"]
    mk_sizes = [len(k["ops"]) for k in mk_epi]
    assert t1["op_count"] - t1["free_count"] == o1["by_exec"]["eager"]["kernels"]
    ops1 = {op["id"]: op for op in o1["ops"]}
    n_pad_kernels = sum(any(ops1[i]["op"] == "tensor.pad" for i in k["ops"])
                        for k in d1["kernels"])
    w(f"mlsysim prices the kernels a fusing compiler forms from the IR "
      f"([docs/fusion.md](fusion.md)). For ResNet-50 at batch 1 the file has "
      f"{t1['op_count']} ops of interest, {t1['free_count']} of them free (reshapes, empty "
      f"tensors); eager execution launches the other {o1['by_exec']['eager']['kernels']}, one "
      f"kernel each. The compiled plan:\n")
    w(f"- **folds** {t1['folded_count']} ops that depend on weights alone (per BatchNorm, the "
      f"f16->f32 upcasts of its running mean and variance, `+ eps` and the `rsqrt`): they run "
      f"once when the program is built, in no kernel, which leaves BatchNorm as a "
      f"per-channel subtract, multiply and add on the convolution's output;\n"
      f"- makes each convolution's zero `linalg.fill` in place in its kernel (an accumulator "
      f"set to zero), so the accumulator is never written and read back;\n"
      f"- forms **{len(mk_epi)} of its {len(mk)} matrix kernels as epilogues**: the "
      f"convolution (or the classifier's matmul) with the f32->f16 cast, the rest of "
      f"BatchNorm, the ReLU and, at the end of a block, the residual add, "
      f"{min(mk_sizes)} to {max(mk_sizes)} ops per kernel with the fill (and the pad), each "
      f"activation written once in f16;\n"
      f"- reads pads in place in their consumer ({n_pad_kernels} kernels read one); "
      f"pooling becomes one kernel each; in Llama, RMSNorm and softmax become row kernels "
      f"that read their input once.\n")
    w(f"Kernels by fusion kind, ResNet-50 at batch 1: "
      f"{', '.join(f'{v} {k}' for k, v in kinds.most_common())}; "
      f"{o1['by_exec']['compiled']['kernels']} kernels in all. Per function the report also "
      f"gives the bounds of the plan (`fusion_bounds`):\n")
    w("| model, device, batch | eager: kernels in ms | graph: kernels in ms | "
      "compiled kernels | compiled: as planned ms | compiled: fully fused ms (bound) | "
      "MB moved, eager | MB moved, compiled |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, o in (("ResNet-50, A100, 1", res["a100"][0][1]),
                    ("ResNet-50, A100, 256", res["a100"][-1][1]),
                    ("ResNet-50, H100, 1", res["h100"][0][1]),
                    ("Llama decode, A100, 1", llm["a100"]),
                    ("Llama decode, H100, 1", llm["h100"])):
        be, fbo = o["by_exec"], o["d"]["fusion_bounds"][0]
        w(f"| {name} | {be['eager']['kernels']} in {ms(be['eager']['latency_s'])} | "
          f"{be['graph']['kernels']} in {ms(be['graph']['latency_s'])} | "
          f"{be['compiled']['kernels']} | {ms(fbo['with_groups_fused_s'])} | "
          f"{ms(fbo['fully_fused_s'])} | {bytes_of(o['e'])/1e6:.1f} | "
          f"{bytes_of(o['t'])/1e6:.1f} |")
    w("")
    w(f"*As planned* is the compiled headline; *fully fused* is the whole function as one "
      f"kernel (arguments read once, results written once), a bound no schedule beats in this "
      f"model. For ResNet-50 at batch 1 on A100 the plan "
      + (f"is within {100*(fb['with_groups_fused_s']/fb['fully_fused_s']-1):.0f} % of that "
         f"bound" if fb["with_groups_fused_s"] < 1.5 * fb["fully_fused_s"] else
         f"takes {fb['with_groups_fused_s']/fb['fully_fused_s']:.1f}x that bound, which pays "
         f"one launch and one fixed latency where the plan's "
         f"{o1['by_exec']['compiled']['kernels']} kernels pay {ms(t1['t_overhead_s'])} ms of "
         f"launches and {ms(o1['exposed'])} ms of fixed latency ({o1['n_exposed']} matrix "
         f"kernels, §4.3)")
      + f"; its traffic is {bytes_of(e1)/bytes_of(t1):.1f}x smaller than eager's.\n")

    # 4.2 launches
    w("### 4.2 Launches: per kernel and execution model, against a dispatch tax and a tax per layer\n")
    an = shw["a100"]["launch_note"]
    w("Our launch cost per kernel comes from the device file, one value per execution model, "
      "with its source ([docs/hardware.md](hardware.md), "
      "[bench/published/launch-costs.csv](../bench/published/launch-costs.csv)). "
      "On A100 (`mlsysim-opt --show-hardware=a100`):\n")
    for x in EXECUTIONS:
        w(f"- `{x}`, {us(hwa['launch_overhead_s'][x])} µs: {an[x]}")
    w("")
    w(f"MLSys·im charges a dispatch tax per call plus {MS_RESNET.layers} (ResNet-50) or "
      f"{MS_LLAMA.layers} (Llama) layers times a per-layer tax, whatever the batch:\n")
    w("| model, device | ours eager: kernels x µs = ms | ours graph: ms | "
      "ours compiled: kernels x µs = ms | ours compiled: share of latency | "
      "MLSys·im: dispatch + layer tax ms | MLSys·im: share of its latency |")
    w("|---|---:|---:|---:|---:|---:|---:|")
    for name, o, m in (("ResNet-50, A100, B=1", res["a100"][0][1], rms["a100"][0][1]),
                       ("ResNet-50, H100, B=1", res["h100"][0][1], rms["h100"][0][1]),
                       ("Llama decode, A100", llm["a100"], lms["a100"]),
                       ("Llama decode, H100", llm["h100"], lms["h100"])):
        be, lo = o["by_exec"], o["hw"]["launch_overhead_s"]
        w(f"| {name} | {be['eager']['kernels']} x {us(lo['eager'])} = "
          f"{ms(o['e']['t_overhead_s'])} | {ms(be['graph']['kernels'] * lo['graph'])} | "
          f"{be['compiled']['kernels']} x {us(lo['compiled'])} = {ms(o['t']['t_overhead_s'])} | "
          f"{100*o['t']['t_overhead_s']/o['t']['latency_s']:.0f} % | {ms(m['t_ovh'])} | "
          f"{100*m['t_ovh']/m['lat']:.0f} % |")
    w("")
    m1 = rms["a100"][0][1]
    w(f"Eager, launches are {100*e1['t_overhead_s']/e1['latency_s']:.0f} % of ResNet-50's "
      f"batch-1 time on A100 ({ms(e1['t_overhead_s'])} of {ms(e1['latency_s'])} ms), which is "
      f"why eager execution is launch-bound at small batches. Compiled, "
      f"{o1['by_exec']['compiled']['kernels']} launches at {us(hwa['launch_overhead_s']['compiled'])} µs "
      f"are {ms(t1['t_overhead_s'])} ms, {100*t1['t_overhead_s']/t1['latency_s']:.0f} % of the "
      f"compiled latency; the {o1['n_exposed']} matrix kernels' fixed latency (§4.3) adds "
      f"{ms(o1['exposed'])} ms, {100*o1['exposed']/t1['latency_s']:.0f} %, and the kernels "
      f"whose work the two outweigh (overhead-bound) take "
      f"{100*t1['share_by_bound']['overhead']:.0f} % of the time (§1). MLSys·im's "
      f"{ms(m1['t_ovh'])} ms sits between the two launch times: "
      f"{m1['t_ovh']/t1['t_overhead_s']:.1f}x our compiled launch time "
      f"({m1['t_ovh']/(t1['t_overhead_s'] + o1['exposed']):.1f}x our compiled launches and "
      f"fixed latency together), "
      f"{100*m1['t_ovh']/m1['lat']:.0f} % of its own batch-1 latency. Its `bottleneck` then "
      f"reads `{m1['bound']}` while its own `overhead_dominated` flag is "
      f"`{m1['ovh_dominated']}`: the overhead is added to the latency but never named as the "
      f"bound.\n")

    # 4.3 tiles, waves and the fixed latency
    w("### 4.3 Tiles, waves and the kernel's fixed latency: why small batches run at a low MFU\n")
    sa, sh = shw["a100"], shw["h100"]
    same = all(shw[hw]["tiles"] == sa["tiles"] and shw[hw]["split_k"] == sa["split_k"]
               for hw in shw)
    l2 = {hw: any(lv["level"] == "l2" for op in res[hw][-1][1]["tiled"]
                  for lv in op.get("levels") or []) for hw in ("a100", "h100")}
    l2_txt = ("the L2 where the device file gives its bandwidth ("
              + "; ".join(f"{hw.upper()}: {'priced' if l2[hw] else 'not given, not priced'}"
                          for hw in ("a100", "h100")) + ")")
    w(f"A matrix kernel (a matmul, or a convolution as the implicit GEMM: `M` = batch x output "
      f"pixels, `N` = output channels, `K` = input channels x window) is priced in each "
      f"candidate tile `tm x tn` and split-K factor `s` the device file lists"
      + (f" ({' '.join(f'{a}x{b}' for a, b in sa['tiles'])}; split-K "
         f"{', '.join(map(str, sa['split_k']))}, the same on all three devices)" if same else
         " (the table of devices above)")
      + ": it runs as `T = B x ceil(M / tm) x ceil(N / tn) x s` tiles, one per SM at a "
      "time, in `W = ceil(T / SMs)` waves, and keeps a share `u` of the matrix unit busy "
      "that holds the waves (`T / (W x SMs)`), the tile padding and the reduction's "
      "alignment to the instruction depth; `u` divides its compute rate. Each candidate also "
      f"moves its traffic through each memory level (shared memory, {l2_txt}, device "
      f"memory), and pays the library kernel's fixed latency `F = kernel_latency_cycles / "
      f"clock` ({sa['kernel_latency_cycles']:.0f} cycles: {us2(sa['kernel_latency_s'])} µs on "
      f"A100, {us2(sh['kernel_latency_s'])} on H100): its time is the slowest of compute and "
      f"the levels, plus `F` (and serial split-K's reduction), and the fastest candidate is "
      f"the kernel's, as a library's heuristic picks ([docs/cost-model.md](cost-model.md#"
      f"tiles-and-memory-levels-libpricingtilingcpp-plancontraction), NVIDIA's matrix "
      f"multiplication guide). A contraction whose best tiles use less of the matrix unit "
      f"than the vector unit offers runs as a vector kernel instead, with no tile, still "
      f"paying `F`. A100 has {sa['cores']} SMs, H100 {sh['cores']}. The tiles the model chose "
      f"for ResNet-50's contractions (each op's `tile` in the report: `m`, `n`, `split_k`, "
      f"`waves`, `utilization`):\n")
    w("| device | batch | on the matrix unit / as vector kernels | tiles chosen: tm x tn, "
      "split-K (contractions) | waves | utilization |")
    w("|---|---:|---:|---|---|---|")
    for hw in ("a100", "h100"):
        for i in (0, len(BATCHES) - 1):
            b, o = res[hw][i]
            chosen = collections.Counter((op["tile"]["m"], op["tile"]["n"], op["tile"]["split_k"])
                                         for op in o["tiled"])
            wv = [op["tile"]["waves"] for op in o["tiled"]]
            uu = [op["tile"]["utilization"] for op in o["tiled"]]
            w(f"| {hw.upper()} | {b} | {len(o['tiled'])} / {len(o['vec'])} | "
              + ", ".join(f"{m}x{n}" + (f" split {k}" if k > 1 else "") + f" ({c})"
                          for (m, n, k), c in chosen.most_common())
              + f" | {span(wv, '{:d}')} | {span(uu)} |")
    w("")
    stem = min((op for op in o1["tiled"] if op["class"] == "convolution"), key=lambda op: op["id"])
    stem_l = next(op for op in res["a100"][-1][1]["tiled"] if op["id"] == stem["id"])
    kh, kw = conv_window(RESNET, stem["loc"])

    def tile_txt(t, cores):
        return (f"{t['tiles']} tiles of {t['m']}x{t['n']}"
                + (f" split {t['split_k']} ways" if t["split_k"] > 1 else "")
                + f", {t['waves']} wave{'s' if t['waves'] > 1 else ''} on {cores} SMs, "
                f"utilization {t['utilization']:.2f}")
    w(f"Small problems get small tiles and split reductions, which fill more SMs; large ones "
      f"get large tiles, which re-read their operands less. The first convolution (the "
      f"{kh}x{kw} stem, line {stem['loc'].split(':')[1]}) runs on A100 at batch 1 as "
      f"{tile_txt(stem['tile'], sa['cores'])}; at batch {lastb} as "
      f"{tile_txt(stem_l['tile'], sa['cores'])}"
      + (f", where it is memory-bound, so the padding of its tiles (tile share "
         f"{stem_l['tile']['tile_share']:.2f}) costs it no time"
         if stem_l["bound"] == "memory" and stem_l["tile"]["tile_share"] < 1 else "")
      + ". Over the batches:\n")
    w("| batch | A100: matrix utilization | A100: lowest contraction's utilization | A100: matrix "
      "kernels' share of time | H100: matrix utilization | H100: lowest contraction's "
      "utilization | A100: fixed latency, share of compiled time |")
    w("|---:|---:|---:|---:|---:|---:|---:|")
    for i, b in enumerate(BATCHES):
        oa, oh = res["a100"][i][1], res["h100"][i][1]
        lowa = min(op["tile"]["utilization"] for op in oa["tiled"])
        lowh = min(op["tile"]["utilization"] for op in oh["tiled"])
        msh = sum(oa["mat"].values()) / oa["t"]["latency_s"]
        w(f"| {b} | {oa['util']:.2f} | {lowa:.3f} | {100*msh:.0f} % | {oh['util']:.2f} | "
          f"{lowh:.3f} | {100*oa['exposed']/oa['t']['latency_s']:.0f} % |")
    w("")
    ob = res["a100"][-1][1]
    lv = llm["a100"]
    w(f"At batch 1 on A100 the fixed latency of the {o1['n_exposed']} matrix kernels is "
      f"{ms(o1['exposed'])} ms of the {ms(t1['latency_s'])} ms compiled time, more than their "
      f"arithmetic at a utilization of {ua[0]:.2f}, so they are overhead-bound (§1); at batch "
      f"{lastb} it is {ms(ob['exposed'])} ms of {ms(ob['t']['latency_s'])}, the utilization "
      f"{ua[-1]:.2f}, and what remains between the kernels' work and their time is the "
      f"{hwa['compute_efficiency']} compute and {hwa['memory_efficiency']} memory "
      f"efficiencies. Llama decode's matmuls have one row (one token at batch 1): "
      + (f"all {len(lv['vec'])} of its contractions run as vector kernels, with no tile, "
         if not lv["tiled"] else
         f"{len(lv['vec'])} of its contractions run as vector kernels, {len(lv['tiled'])} "
         f"in tiles, ")
      + f"and the compiled plan's {lv['n_exposed']} matrix kernels pay {ms(lv['exposed'])} ms "
      f"of fixed latency on A100 (§4.6). What the model leaves out (docs/cost-model.md): the "
      f"main loop's own latency, which makes a kernel of a few waves and a long reduction "
      f"slower than its arithmetic, so small kernels on large GPUs are more likely predicted "
      f"too fast than too slow. MLSys·im has no such term: it divides all FLOPs by {ETA} x "
      f"the peak at every batch and charges nothing per kernel beyond its taxes (§4.2).\n")

    # 4.4 FLOP convention
    w("### 4.4 FLOP convention\n")
    contr = sum(op["flops"] for op in o1["ops"]
                if op["class"] in MATRIX_CLASSES and op["flops"])
    rest = t1["flops"] - contr
    ms_rn = MS_RESNET.inference_flops.to("flop").magnitude
    lops = ol["ops"]
    att = sum(op["flops"] for op in lops if op["op"] == "linalg.batch_matmul")
    lin = sum(op["flops"] for op in lops if op["op"] == "linalg.matmul")
    oth = tl["flops"] - att - lin
    ms_ll = MS_LLAMA.inference_flops.to("flop").magnitude
    n_emb = emb_rows * emb_cols
    w(f"Both tools count a multiply-accumulate as 2 FLOPs. ResNet-50: our convolutions and "
      f"classifier are {contr/1e9:.3f} GFLOP = 2 x {contr/2e9:.3f} GMAC; the other "
      f"{rest/1e6:.1f} MFLOP are BatchNorm, ReLU, residual adds and pooling, which a MAC count "
      f"leaves out. Total {t1['flops']/1e9:.3f} against MLSys·im's {ms_rn/1e9:.2f} "
      f"({100*(t1['flops']/ms_rn-1):+.1f} %). Llama decode: MLSys·im takes 2 x "
      f"{MS_LLAMA.parameters.to('param').magnitude/1e9:.2f} B parameters = {ms_ll/1e9:.2f} "
      f"GFLOP. We count the ops that run: the weight matmuls are {lin/1e9:.3f} GFLOP (the "
      f"{emb_rows}x{emb_cols} embedding table, {n_emb/1e6:.0f} M parameters, is a gather with "
      f"no FLOPs: {2*n_emb/1e9:.2f} GFLOP that a 2 x parameters count includes), attention "
      f"over the {ctx + 1} keys is {att/1e9:.3f} GFLOP, elementwise ops (RMSNorm, RoPE, SiLU, "
      f"softmax) {oth/1e9:.3f} GFLOP: {tl['flops']/1e9:.3f} GFLOP in all. The compiled plan "
      f"runs the same work less the {t1['folded_count']} folded ops (ResNet-50) and plus the "
      f"little it recomputes in fused kernels; predicted times "
      f"never depend on the convention in either tool.\n")

    # 4.5 memory traffic
    m_first = rms["a100"][0][1]
    w("### 4.5 Memory traffic: what each kernel reads and writes, against weights x (1 + a B)\n")
    w(f"MLSys·im moves `weight_bytes x (1 + a x B)` per batch: the weights once and a flat "
      f"share a = {act:.2f} of the weights per sample for activations (read back from its "
      f"memory time x bandwidth). We add up what runs: eager, the distinct bytes each op "
      f"reads and writes, so every intermediate (the f32 accumulators included, priced at "
      f"f16 here) round-trips through memory; compiled, what each kernel reads from outside "
      f"and writes for outside users.\n")
    w("| batch | ours eager: MB | ours compiled: MB | MLSys·im: MB | compiled / MLSys·im | "
      "ours eager: AI FLOP/B | ours compiled: AI FLOP/B | MLSys·im: AI FLOP/B |")
    w("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (b, o), (_, m) in zip(res["a100"], rms["a100"]):
        w(f"| {b} | {bytes_of(o['e'])/1e6:.1f} | {bytes_of(o['t'])/1e6:.1f} | "
          f"{m['bytes']/1e6:.1f} | {bytes_of(o['t'])/m['bytes']:.1f}x | {ai(o['e']):.1f} | "
          f"{ai(o['t']):.1f} | {m['ai']:.0f} |")
    w("")
    ob = res["a100"][-1][1]
    w(f"ResNet-50's activations are large next to its {wb/1e6:.0f} MB of f16 weights: "
      f"compiled, we move {bytes_of(t1)/1e6:.0f} MB at batch 1 "
      f"({bytes_of(t1)/wb:.1f}x the weights) and {bytes_of(ob['t'])/lastb/1e6:.1f} MB per image "
      f"at {lastb}, so the compiled intensity rises from {ai(t1):.0f} to {ai(ob['t']):.0f} "
      f"FLOP/B and levels off there, about the A100 f16 ridge "
      f"({hwa['matrix_ridge_points']['f16']:.0f}). Eager, every intermediate round trip "
      f"keeps it at {ai(e1):.0f} to {ai(ob['e']):.0f}. MLSys·im's heuristic gives "
      f"{m_first['ai']:.0f} at batch 1 and tends to "
      f"{MS_RESNET.inference_flops.to('flop').magnitude/(act*wb):.0f} FLOP/B, far above its "
      f"effective ridge: hence its `Compute` from batch {fmt(ta['ms'])} on A100 and "
      f"{fmt(th['ms'])} on H100 (§1).\n")
    cat, vcopy, _ = decode_traffic(ol["d"])
    concat_eager = sum(op["bytes_read"] + op["bytes_written"] for op in lops
                       if op["op"] == "tensor.concat")
    kv_elem = {"f16": 2, "bf16": 2, "f32": 4}[kv[0][1]]
    kv_bytes = 2 * n_layers * kv_heads * (ctx + 1) * hd * kv_elem
    wl = ms_weight_bytes(MS_LLAMA)
    lm = lms["a100"]
    p = [f"For Llama decode the traffic is the weights in both tools: MLSys·im "
         f"{wl/1e9:.2f} GB x (1 + {act:.2f}) = {lm['bytes']/1e9:.2f} GB; ours, compiled, "
         f"{bytes_of(tl)/1e9:.2f} GB: {cat['weights']/1e9:.2f} GB in the weight-matmul kernels "
         f"(the {wl/1e9:.2f} GB of weights less the {2*n_emb/1e9:.2f} GB embedding table, of "
         f"which the gather reads one row"
         + (f", plus the V-cache copy below" if vcopy else "") +
         f"), {cat['attention']/1e9:.2f} GB in the attention kernels (the KV cache: 2 x "
         f"{n_layers} x {kv_heads} x {ctx + 1} x {hd} x {kv_elem} B = {kv_bytes/1e9:.2f} GB), "
         f"{cat['other']/1e9:.2f} GB in the rest. The exported program appends the new token "
         f"to the cache with a `tensor.concat` (HF `DynamicCache`) that copies the whole "
         f"cache: {concat_eager/1e9:.2f} GB per token eager. "]
    if vcopy:
        p.append(f"The compiled plan reads the K concatenation in place in the `Q K^T` kernel, "
                 f"but fuses the V concatenation into the V projection's kernel as an "
                 f"epilogue, where the copy is still written ({vcopy/1e9:.2f} GB per token, "
                 f"{vcopy/(hwa['memory_bandwidth_bytes_per_s']*hwa['memory_efficiency'])*1e3:.3f} "
                 f"ms on A100); in the specialised file of §3 the plan reads both in place "
                 f"({bytes_of(tf)/1e9:.2f} GB in all).\n")
    else:
        p.append("The compiled plan reads both concatenations in place in the attention "
                 "kernels.\n")
    w("".join(p))

    # 4.6 efficiency
    w("### 4.6 Efficiency defaults\n")
    eff_ridge_ms = ETA * MS_HW["a100"].compute.peak_flops.to("flop/s").magnitude / \
        MS_HW["a100"].memory.bandwidth.to("B/s").magnitude
    our_eff = hwa["compute_efficiency"] / hwa["memory_efficiency"]
    launches_l = tl["t_overhead_s"]
    ideal_l = bytes_of(tl) / hwa["memory_bandwidth_bytes_per_s"]
    larger_l = sum(max(k["t_compute_s"], k["t_memory_s"]) for k in ol["kernels"])
    assert abs(larger_l + launches_l + ol["exposed"] - tl["latency_s"]) < 1e-9 * tl["latency_s"]
    assert larger_l >= ideal_l / hwa["memory_efficiency"]
    w(f"MLSys·im derates compute by η = {ETA} and uses the full bandwidth; we derate compute by "
      f"{hwa['compute_efficiency']} (times the matrix utilization of §4.3) and bandwidth by "
      f"{hwa['memory_efficiency']} (both from the device file, with their stated sources). So "
      f"for a compute-bound matrix kernel that fills the SMs we are "
      f"{hwa['compute_efficiency']/ETA:.2f}x faster than MLSys·im's model, for a "
      f"memory-bound one {1/hwa['memory_efficiency']:.2f}x slower, and MLSys·im's effective "
      f"ridge is {ETA} x peak / bandwidth = {eff_ridge_ms:.0f} FLOP/B on A100 against our "
      f"{our_eff:.3f} x {hwa['matrix_ridge_points']['f16']:.0f} = "
      f"{our_eff*hwa['matrix_ridge_points']['f16']:.0f}. Llama decode is memory-bound in "
      f"both: the compiled traffic streamed at the full bandwidth takes {ms(ideal_l)} ms on "
      f"A100 (efficiency 1, no launches; `roofline_s`, the ops as written each at peak, is "
      f"{ms(tl['roofline_s'])}) against {ms(lm['t_mem'])} ms for MLSys·im's memory term; "
      f"our compiled {ms(tl['latency_s'])} ms is the kernels' larger terms, "
      f"{ms(larger_l)} ms (the traffic over {hwa['memory_efficiency']} alone is "
      f"{ms(ideal_l/hwa['memory_efficiency'])} ms; the rest is each kernel's first-byte "
      f"latency), plus {ms(launches_l)} ms of launches ({tl['launches']} kernels) and "
      f"{ms(ol['exposed'])} ms of fixed latency ({ol['n_exposed']} matmul kernels at "
      f"{us2(shw['a100']['kernel_latency_s'])} µs, §4.3), and our eager "
      f"{ms(ol['by_exec']['eager']['latency_s'])} ms pays {ms(ol['e']['t_overhead_s'])} ms of "
      f"launches ({ol['by_exec']['eager']['kernels']} kernels) and moves "
      f"{(bytes_of(ol['e']) - bytes_of(tl))/1e9:.2f} GB more.\n")

    # 4.7 classes
    w("### 4.7 One fp16 peak against per-kernel units\n")
    w(f"MLSys·im divides all FLOPs by one number, the fp16 tensor-core peak. We price each op on "
      f"the unit that runs it (convolutions and matmuls on the f16 matrix peak; elementwise "
      f"ops, pooling and reductions on the f16 vector peak, "
      f"{hwa['vector_peaks_per_s']['f16']/1e12:.0f} TFLOP/s on A100 and "
      f"{hwh['vector_peaks_per_s']['f16']/1e12:.0f} on H100; transcendentals on the "
      f"special-function units), and a fused kernel at the sum of its members' compute times. "
      f"Compiled time by kernel class (the class of its heaviest member), ResNet-50 at batch "
      f"1 and {lastb}:\n")
    w("| device | batch | kernel class | kernels | predicted ms | share | bound C / M / O % |")
    w("|---|---:|---|---:|---:|---:|---:|")
    for hw in ("a100", "h100"):
        for i in (0, len(BATCHES) - 1):
            b, o = res[hw][i]
            tot = o["t"]["latency_s"]
            for cls, v in sorted(o["by_class"].items(),
                                 key=lambda kv: -(kv[1]["compute"] + kv[1]["memory"] +
                                                  kv[1]["overhead"])):
                s = v["compute"] + v["memory"] + v["overhead"]
                w(f"| {hw.upper()} | {b} | {cls} | {v['n']} | {ms(s)} | {100*s/tot:.1f} % | "
                  f"{100*v['compute']/s:.0f} / {100*v['memory']/s:.0f} / "
                  f"{100*v['overhead']/s:.0f} |")
    w("")
    ob = res["a100"][-1][1]
    conv_a = ob["by_class"]["convolution"]
    conv_tot = conv_a["compute"] + conv_a["memory"] + conv_a["overhead"]
    nconv = collections.Counter()
    ops_b = {op["id"]: op for op in ob["ops"]}
    for k in ob["kernels"]:
        if k["class"] != "convolution":
            continue
        conv = next(ops_b[i] for i in k["ops"] if ops_b[i]["class"] == "convolution")
        nconv[(k["bound"], conv_window(RESNET, conv["loc"]) == (1, 1))] += 1
    n_mem = nconv[("memory", True)] + nconv[("memory", False)]
    eager_cls = collections.Counter()
    for op in ob["e_ops"]:
        if op["bound"] not in (None, "free"):
            eager_cls[op["class"]] += op["latency_s"]
    e_tot = sum(eager_cls.values())
    top = ", ".join(f"{c} {100*v/e_tot:.0f} %" for c, v in eager_cls.most_common()
                    if v >= 0.005 * e_tot)
    w(f"Once fused, the convolution kernels take most of the time at every batch. In the "
      f"eager program at batch {lastb} on A100 the ops split the time by class as {top}; "
      f"compiled, the elementwise work runs in the convolutions' epilogues and the pads are "
      f"read in place. At "
      f"batch {lastb} on A100, {nconv[('compute', True)] + nconv[('compute', False)]} "
      f"convolution kernels are compute-bound and {n_mem} memory-bound"
      + (f", all of the memory-bound ones 1x1 convolutions (little work per byte of input "
         f"and output; {nconv[('compute', True)]} other 1x1 convolutions are compute-bound)"
         if n_mem and nconv[("memory", False)] == 0 else "") +
      f"; their time splits {100*conv_a['compute']/conv_tot:.0f} / "
      f"{100*conv_a['memory']/conv_tot:.0f} between the two. MFU is measured against the "
      f"matrix f16 peak, which the memory-bound kernels leave unused: it reaches "
      f"{ob['t']['mfu']:.2f} on A100 and {res['h100'][-1][1]['t']['mfu']:.2f} on H100 at "
      f"batch {lastb}.\n")

    # 4.8 against the measurements
    w("### 4.8 Against the measurements\n")
    pairs = [(b, res["a100"][i][1]["t"]["latency_s"], rms["a100"][i][1]["lat"],
              float(meas_resnet[b]["latency_s"]))
             for i, b in enumerate(BATCHES) if meas_resnet[b]]
    if pairs:
        ro = [o / m for _, o, _, m in pairs]
        rt = [t / m for _, _, t, m in pairs]
        r0 = meas_resnet[pairs[0][0]]
        ovh_share = rms["a100"][0][1]["t_ovh"] / rms["a100"][0][1]["lat"]
        p = []
        if all(x < 1 for x in ro):
            p.append("Ours is below the measurement at every batch, as a roofline should be: "
                     "it assumes every kernel reaches the device file's efficiencies and that "
                     "nothing runs between kernels but their launch. ")
        if ro[0] < 1.1 and rt[0] < 1.1 and abs(ro[0] - rt[0]) < 0.05:
            p.append(f"At batch 1 the two predictions nearly agree for different reasons: "
                     f"{100*ovh_share:.0f} % of MLSys·im's is its overhead tax, while ours is "
                     + (f"{100*t1['share_by_bound']['overhead']:.0f} % overhead-bound kernels: "
                        f"{ms(t1['t_overhead_s'])} ms of launches and {ms(o1['exposed'])} ms of "
                        f"the matrix kernels' fixed latency (§4.2, §4.3) of "
                        f"{ms(t1['latency_s'])} ms. "
                        if dominant(t1["share_by_bound"]) == "overhead" else
                        f"{100*t1['share_by_bound']['compute']:.0f} % compute-bound kernels at a "
                        f"low matrix utilization. "))
        eag = [res["a100"][BATCHES.index(b)][1]["by_exec"]["eager"]["latency_s"] / m
               for b, _, _, m in pairs]
        p.append(f"Our eager prediction ({span(eag)}x the same measurements) is what the same "
                 f"IR costs op by op without a compiler. The source notes: "
                 f"\"{r0['notes']}\"\n")
        w(f"ResNet-50 on A100 ({framework(r0)} {cite(r0)}, batches "
          f"{', '.join(str(b) for b, *_ in pairs)}): our compiled prediction is {span(ro)}x the "
          f"measured latency, MLSys·im's {span(rt)}x. " + "".join(p))
    for ra in ras:
        mv = float(ra["latency_s"])
        capped = "power" in ra["device"].lower()
        w(f"Llama-3.1-8B decode on A100 ({framework(ra)} {cite(ra)}): measured {ms(mv)} "
          f"ms/token, ours compiled {ms(tl['latency_s'])} ({tl['latency_s']/mv:.2f}x), eager "
          f"{ms(ol['by_exec']['eager']['latency_s'])} "
          f"({ol['by_exec']['eager']['latency_s']/mv:.2f}x), MLSys·im {ms(lm['lat'])} "
          f"({lm['lat']/mv:.2f}x). The row's device: {ra['device']}"
          + ("; power-capped, so its bandwidth is lower than the device file's" if capped else "")
          + f". Its context: {ra['seq_or_context']}, against the file's {ctx} cached tokens.\n")

    # appendix: every published row for these two files
    w("## 5. Every published measurement of these two files\n")
    w("All rows of the measurement file whose zoo model is one of this tutorial's files, each "
      "against our prediction for the same zoo device, batch and precision (`fp16` and "
      "`amp-fp16` priced as `f16`, `bf16` as `bf16`) in the execution model of the row "
      "(`eager`: a framework launching one kernel per op, `compiled`: a fusing engine, as the "
      "measurement file's README defines them).\n")
    w("| file | device | batch | precision | framework | execution | measured ms | "
      "ours ms (same execution) | ours / measured |")
    w("|---|---|---:|---|---|---|---:|---:|---:|")
    cache = {}
    appendix = []
    for r in rows:
        if r["zoo_model"] not in (os.path.basename(RESNET), os.path.basename(LLAMA)):
            continue
        if r["precision"] not in PRECISION:
            continue
        model = RESNET if r["zoo_model"] == os.path.basename(RESNET) else LLAMA
        key = (model, r["zoo_device"], int(r["batch"]), PRECISION[r["precision"]])
        if key not in cache:
            cache[key] = report(model, r["zoo_device"], int(r["batch"]),
                                PRECISION[r["precision"]])["totals"]["latency_by_execution"]
        pred = cache[key][r["execution"]]["latency_s"]
        mv = float(r["latency_s"])
        appendix.append((r, pred / mv))
        w(f"| `{r['zoo_model']}` | `{r['zoo_device']}` | {r['batch']} | {r['precision']} | "
          f"{framework(r)} {cite(r)} | {r['execution']} | {ms(mv)} | {ms(pred)} | "
          f"{pred/mv:.2f} |")
    w("")
    big = [(r, p) for r, p in appendix if r["execution"] == "eager" and int(r["batch"]) >= 64]
    p = ["The TensorFlow rows come from a benchmark whose per-step time can include host work, "
         "and its XLA (`compiled`) rows are slower than its non-XLA rows at batch 1; the "
         "PyTorch rows are host-bound at batch 1 (the measurement file's README lists these "
         "caveats per source). A prediction far below such a row says what the GPU work would "
         "take, not what that harness measured. "]
    if big and all(pr > 1 for _, pr in big):
        p.append(f"At large batches our eager prediction is above every eager row "
                 f"({span([pr for _, pr in big])}x): it runs one kernel per op of the exported "
                 f"IR, which accumulates each convolution into an f32 tensor zero-filled by its "
                 f"own op, casts it to f16 in another and spreads BatchNorm over several "
                 f"elementwise ops, where a framework's eager convolution and BatchNorm are one "
                 f"library kernel each (and TensorFlow's Grappler already fuses some "
                 f"Conv+BiasAdd+ReLU, per the README).")
    w("".join(p) + "\n")

    w("## Sources of the measurements\n")
    for (title, url), (n, r) in sorted(cite.keys.items(), key=lambda kv: kv[1][0]):
        w(f"- [M{n}] {title}, <{url}>, read {r['read_date']}; framework of the rows cited: "
          f"{r['framework']}.")
    w("")

    text = "\n".join(L) + "\n"
    if OUT == "-":
        sys.stdout.write(text)
    else:
        with open(OUT, "w") as f:
            f.write(text)
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
