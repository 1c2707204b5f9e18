#!/usr/bin/env python3
"""PyTorch training steps on this CPU, phase by phase, against mlsysim's eager prediction.

  .venv-export/bin/python bench/training/torch_cpu.py                 # measure + compare
  .venv-export/bin/python bench/training/torch_cpu.py --models gpt2_small --steps 5
  python3 bench/training/torch_cpu.py --reuse     # re-price the saved measurements (no torch)

For resnet50 (batch 2), bert_base_s128 (batch 1) and gpt2_small (batch 1), f32,
this script

1. builds the model, its inputs and its loss with zoo/models/export_train.py's
   own builders (build_resnet50, build_bert_mlm, build_gpt2_lm through its MODELS
   table: the same configs, dropout 0, train mode, BatchNorm on batch statistics,
   the same loss_fn through torch.func.functional_call), with the model's own
   parameters and buffers as the `params` dict so that loss.backward() fills
   their .grad; the builders' batch-2 inputs are cut to the batch above. The
   attention runs through export.py's math_attention() (bmm, f32 softmax, bmm:
   what the zoo file holds, as export_train.py captured it); --attention sdpa
   runs PyTorch's fused kernel instead;
2. makes torch.optim.AdamW(model.parameters(), **export_train.ADAMW) (lr 1e-3,
   betas (0.9, 0.999), eps 1e-8, weight decay 0.01; PyTorch's default
   implementation for CPU tensors, the per-parameter loop the zoo's @optimizer
   traces);
3. pins PyTorch to 2 threads (torch.set_num_threads, --threads), runs 2 warm-up
   steps, then --steps (5) steps, timing each phase with time.perf_counter():
       forward    loss = loss_fn(model, params, inputs)
       backward   loss.backward()
       optimizer  opt.step()
   (opt.zero_grad(set_to_none=True) runs after the optimizer, outside the timed
   parts), and keeps the median of each phase and of the step (sum of the three);
4. guards against a busy machine: /proc/stat is read around the timed steps, and
   the CPU time other processes used during them (all cores' busy time less this
   process's own CPU time) as a share of the cores, together with a 1-s sample
   just before and just after (as bench/profile/torch_profile.py does), must stay
   under 20%; otherwise it measures again (--retries, default 3), and the table
   flags a model that never cleared. Before each measurement it waits (up to
   --idle-wait, 120 s) for other work to drop under 20% of the cores;
5. runs
       build/bin/mlsysim-opt zoo/models/<model>_train.mlir -o /dev/null \\
         --mlsysim-report="hardware=bench/results/host-vm.yaml batch=<B> \\
           execution=eager format=json output=-"
   and reads totals.phases.<phase>.latency_by_execution.eager;
6. writes bench/results/training-torch-cpu.md (a table per model: phase,
   measured, predicted, measured/predicted) and training-torch-cpu.csv (which
   also keeps every timed step, so --reuse can re-price without torch).

The export venv (.venv-export, zoo/models/export.sh --install-only) has torch,
torchvision, transformers and torch_mlir, which export_train.py imports.
Exit status 2 on a usage or tool error.
"""

import argparse
import csv
import datetime
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXPORT_TRAIN_PY = os.path.join(ROOT, "zoo", "models", "export_train.py")
RESULTS = os.path.join(ROOT, "bench", "results")
CSV_PATH = os.path.join(RESULTS, "training-torch-cpu.csv")
MD_PATH = os.path.join(RESULTS, "training-torch-cpu.md")
MLSYSIM_OPT = os.environ.get("MLSYSIM_OPT", os.path.join(ROOT, "build", "bin", "mlsysim-opt"))
DEFAULT_HARDWARE = os.path.join("bench", "results", "host-vm.yaml")
# model -> batch measured and priced.
MODELS = {"resnet50": 2, "bert_base_s128": 1, "gpt2_small": 1}
PHASES = ("forward", "backward", "optimizer")
WARMUP_STEPS = 2
PAGE = os.sysconf("SC_PAGE_SIZE")
# Other work using more than this share of the cores around or during the
# timed steps sends the model round again (see torch_profile.py: a concurrent
# build made 2-thread ops up to 7 times slower on this 2-core VM).
BUSY_SHARE = 0.2


# --------------------------------------------------------------------------
# The busy-machine guard
# --------------------------------------------------------------------------
def _proc_stat():
    """(total, busy) jiffies of all cores from /proc/stat's first line."""
    with open("/proc/stat") as f:
        vals = [int(v) for v in f.readline().split()[1:]]
    total = sum(vals[:8])  # user nice system idle iowait irq softirq steal (guest is in user)
    return total, total - vals[3] - vals[4]


def _own_cpu_s():
    """CPU time of this process, all its threads, in seconds."""
    t = os.times()
    return t.user + t.system


def cpu_busy(seconds=1.0):
    """Share of all cores busy over `seconds` while this process sleeps; None
    where /proc/stat cannot be read."""
    try:
        t0, b0 = _proc_stat()
        time.sleep(seconds)
        t1, b1 = _proc_stat()
    except (OSError, ValueError, IndexError):
        return None
    return (b1 - b0) / max(1, t1 - t0)


class OthersDuring:
    """Share of the cores that other processes kept busy during a `with` block:
    the busy time /proc/stat counts on all cores less this process's own CPU
    time, over the cores' elapsed time."""

    def __enter__(self):
        try:
            self.t0, self.b0 = _proc_stat()
        except (OSError, ValueError, IndexError):
            self.t0 = None
        self.c0 = _own_cpu_s()
        return self

    def __exit__(self, *exc):
        self.share = None
        if self.t0 is None:
            return False
        try:
            t1, b1 = _proc_stat()
        except (OSError, ValueError, IndexError):
            return False
        hz = os.sysconf("SC_CLK_TCK")
        own = (_own_cpu_s() - self.c0) * hz
        self.share = max(0.0, (b1 - self.b0 - own) / max(1, t1 - self.t0))
        return False


# --------------------------------------------------------------------------
# Measurement (torch)
# --------------------------------------------------------------------------
def load_export_train():
    """zoo/models/export_train.py as a module (it imports torch and torch_mlir,
    and export.py, which sets the offline Hugging Face environment)."""
    spec = importlib.util.spec_from_file_location("mlsysim_zoo_export_train", EXPORT_TRAIN_PY)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def time_steps(model, loss_fn, params, args, opt, steps, attention, E):
    """WARMUP_STEPS + `steps` training steps; returns {phase: [seconds per timed
    step]} and {phase: [minor page faults per timed step]} (getrusage: freshly
    allocated memory that the allocator took from the kernel, e.g. the gradients
    under zero_grad(set_to_none=True), faulted in and zeroed page by page)."""
    import contextlib
    import resource
    ctx = E.math_attention if attention == "math" else contextlib.nullcontext
    times = {p: [] for p in PHASES}
    faults = {p: [] for p in PHASES}

    def flt():
        return resource.getrusage(resource.RUSAGE_SELF).ru_minflt

    with ctx():
        for i in range(WARMUP_STEPS + steps):
            f0 = flt()
            t0 = time.perf_counter()
            loss = loss_fn(model, params, args)
            t1 = time.perf_counter()
            f1 = flt()
            loss.backward()
            t2 = time.perf_counter()
            f2 = flt()
            opt.step()
            t3 = time.perf_counter()
            f3 = flt()
            opt.zero_grad(set_to_none=True)
            del loss
            if i >= WARMUP_STEPS:
                for p, t, f in zip(PHASES, (t1 - t0, t2 - t1, t3 - t2),
                                   (f1 - f0, f2 - f1, f3 - f2)):
                    times[p].append(t)
                    faults[p].append(f)
    return times, faults


def wait_idle(max_wait_s, name):
    """Waits (up to `max_wait_s`) until other work keeps at most BUSY_SHARE of
    the cores busy over a 2-s sample."""
    t0 = time.time()
    while True:
        busy = cpu_busy(2.0)
        if busy is None or busy <= BUSY_SHARE:
            return busy
        if time.time() - t0 >= max_wait_s:
            print("[%s] still %.0f%% busy after %d s; measuring anyway" % (
                name, 100 * busy, max_wait_s), flush=True)
            return busy
        time.sleep(3.0)


def measure_model(ET, name, batch, steps, threads, attention, retries, idle_wait):
    """Builds `name` as export_train.py does (f32), runs the timed steps (again
    while the machine is busy) and returns a dict of the measurement."""
    import torch
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    build, _ = ET.MODELS[name]
    model, loss_fn, inputs = build(ET.F32)
    model.train()
    # The model's own tensors (parameters and buffers, as capture() hands them
    # in), so backward() fills model.parameters()' .grad for the optimizer.
    params = dict(model.named_parameters())
    for k, v in model.named_buffers():
        if not k.endswith("num_batches_tracked"):
            params[k] = v
    args = tuple(t[:batch].clone() for t in inputs.values())
    shapes = {k: list(t.shape) for k, t in zip(inputs, args)}
    opt = torch.optim.AdamW(model.parameters(), **ET.ADAMW)
    n_params = sum(p.numel() for p in model.parameters())

    attempts = []
    for attempt in range(retries + 1):
        wait_idle(idle_wait, name)
        before = cpu_busy()
        with OthersDuring() as during:
            times, faults = time_steps(model, loss_fn, params, args, opt, steps, attention,
                                       ET.E)
        after = cpu_busy()
        busy = max(b for b in (before, during.share, after, 0.0) if b is not None)
        attempts.append(round(busy, 3))
        print("[%s] attempt %d: %s; others busy %.0f%% (before %s, during %s, after %s)"
              % (name, attempt + 1,
                 ", ".join("%s %.1f ms" % (p, 1e3 * statistics.median(times[p]))
                           for p in PHASES),
                 100 * busy, _pct(before), _pct(during.share), _pct(after)), flush=True)
        if busy <= BUSY_SHARE:
            break
        print("torch_cpu.py: warning: other work kept %.0f%% of the cores busy around or "
              "during the steps of %s%s" % (100 * busy, name,
                                            "; again when it is idle" if attempt < retries
                                            else ""), file=sys.stderr)
    return dict(model=name, batch=batch, times=times, faults=faults, busy=busy, attempts=attempts,
                torch_version=torch.__version__, threads=threads, attention=attention,
                steps=steps, inputs=shapes, parameters=n_params,
                date=datetime.datetime.now().isoformat(timespec="seconds"))


def _pct(x):
    return "-" if x is None else "%.0f%%" % (100 * x)


# --------------------------------------------------------------------------
# Prediction (mlsysim)
# --------------------------------------------------------------------------
def predict(name, batch, hardware):
    """mlsysim's eager latency per phase for zoo/models/<name>_train.mlir, the
    training totals, and mlsysim's warnings (deduplicated)."""
    options = "hardware=%s batch=%d execution=eager format=json output=-" % (hardware, batch)
    cmd = [MLSYSIM_OPT, os.path.join("zoo", "models", name + "_train.mlir"),
           "--mlsysim-report=" + options, "-o", "/dev/null"]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    if p.returncode:
        raise RuntimeError("%s failed (%d):\n%s" % (" ".join(cmd), p.returncode,
                                                  p.stderr[-3000:]))
    totals = json.loads(p.stdout)["totals"]
    phases = totals.get("phases")
    if not phases or any(ph not in phases for ph in PHASES):
        raise RuntimeError("%s: the report has no totals.phases.{%s}" % (name, ",".join(PHASES)))
    pred = {ph: phases[ph]["latency_by_execution"]["eager"] for ph in PHASES}
    bounds = {ph: phases[ph].get("bound", "") for ph in PHASES}
    warnings = []
    for line in p.stderr.splitlines():
        if "warning: " in line:
            w = line.split("warning: ", 1)[1]
            if w not in warnings:
                warnings.append(w)
    return pred, bounds, totals.get("training", {}), warnings


# --------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------
CSV_FIELDS = ["model", "batch", "phase", "measured_ms", "predicted_ms", "ratio", "bound",
              "steps", "step_times_ms", "page_faults", "others_busy", "attempts", "torch_version",
              "threads", "attention", "parameters", "hardware", "date"]


def read_saved():
    """The measurements of a previous run from the CSV: {model: measurement dict}."""
    if not os.path.exists(CSV_PATH):
        return {}
    out = {}
    with open(CSV_PATH, newline="") as f:
        for r in csv.DictReader(f):
            if r["phase"] not in PHASES:
                continue
            m = out.setdefault(r["model"], dict(
                model=r["model"], batch=int(r["batch"]), times={},
                busy=float(r["others_busy"]) if r["others_busy"] else None,
                attempts=[float(x) for x in r["attempts"].split(";") if x],
                torch_version=r["torch_version"], threads=r["threads"],
                attention=r["attention"], steps=int(r["steps"]),
                parameters=int(r["parameters"]) if r["parameters"] else None,
                date=r["date"]))
            m["times"][r["phase"]] = [1e-3 * float(x) for x in r["step_times_ms"].split(";")]
            m.setdefault("faults", {})[r["phase"]] = [
                int(x) for x in r.get("page_faults", "").split(";") if x]
    return out


def rows_for(meas, pred, bounds, hardware):
    """CSV rows of one model: the phases and the step (the per-step sum)."""
    t = meas["times"]
    fl = meas.get("faults") or {}
    n = len(t["forward"])
    step_times = [sum(t[p][i] for p in PHASES) for i in range(n)]
    step_faults = [sum(fl[p][i] for p in PHASES) for i in range(n)] \
        if all(len(fl.get(p, [])) == n for p in PHASES) else []
    out = []
    for ph, times, faults, p, b in \
            [(ph, t[ph], fl.get(ph, []), pred[ph], bounds[ph]) for ph in PHASES] + \
            [("step", step_times, step_faults, sum(pred.values()), "")]:
        m = statistics.median(times)
        out.append(dict(
            model=meas["model"], batch=meas["batch"], phase=ph,
            measured_ms="%.3f" % (1e3 * m), predicted_ms="%.3f" % (1e3 * p),
            ratio="%.3f" % (m / p), bound=b, steps=n,
            step_times_ms=";".join("%.3f" % (1e3 * x) for x in times),
            page_faults=";".join("%d" % x for x in faults),
            others_busy="" if meas["busy"] is None else "%.3f" % meas["busy"],
            attempts=";".join("%.3f" % a for a in meas["attempts"]),
            torch_version=meas["torch_version"], threads=meas["threads"],
            attention=meas["attention"], parameters=meas.get("parameters") or "",
            hardware=hardware, date=meas["date"]))
    return out


def write_results(all_rows, metas, warnings, hardware):
    with open(CSV_PATH, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        w.writeheader()
        for r in all_rows:
            w.writerow(r)
    m0 = metas[0]
    dates = sorted({m["date"][:10] for m in metas if m.get("date")})
    md = ["## PyTorch training steps on this CPU against mlsysim, per phase\n",
          "<!-- Generated by `bench/training/torch_cpu.py`; do not edit by hand. -->\n",
          "`.venv-export/bin/python bench/training/torch_cpu.py` (`--reuse` re-prices the "
          "saved measurements without torch).\n",
          "**Method.** PyTorch %s on this CPU, f32, `torch.set_num_threads(%s)`, attention "
          "through %s. Each model, its inputs and its loss are built by "
          "`zoo/models/export_train.py`'s builders (its configs, dropout 0, train mode, "
          "BatchNorm on batch statistics, the loss through `torch.func.functional_call`) "
          "with the model's own parameters; `torch.optim.AdamW` with the export's "
          "hyper-parameters (lr 1e-3, betas (0.9, 0.999), eps 1e-8, weight decay 0.01, "
          "PyTorch's default CPU implementation). %d warm-up steps, then %s timed steps; "
          "each phase is timed with `time.perf_counter()`: *forward* the loss computation, "
          "*backward* `loss.backward()`, *optimizer* `opt.step()` "
          "(`opt.zero_grad(set_to_none=True)` untimed). *measured* is the median over the "
          "steps (the step row: the median of the per-step sums), *range* the fastest and "
          "slowest step, *page faults* the median minor page faults of the phase (getrusage) "
          "times the page size: memory the allocator took fresh from the kernel, faulted in "
          "and zeroed inside the phase (the gradients, as `set_to_none` frees them each step; "
          "AdamW's per-parameter temporaries), a cost the IR does not price. *predicted* is "
          "`totals.phases.<phase>.latency_by_execution.eager` of "
          "`mlsysim-opt zoo/models/<model>_train.mlir --mlsysim-report=\"hardware=%s "
          "batch=<batch> execution=eager format=json\"`. Each measurement waits for the "
          "machine to be idle (up to 2 min) and is repeated while other processes keep "
          "more than %.0f%% of the cores busy during the steps or in a 1-s sample just "
          "before or after them. The guard sees other processes, not the hypervisor: on "
          "this VM, runs minutes apart with the guard clear have differed by up to 30%% in "
          "a phase (the page faults vary with them), so ratios closer than that are not "
          "told apart. Measured %s.\n"
          % (m0["torch_version"], m0["threads"],
             "export.py's `math_attention()` (bmm, softmax, bmm, as the zoo file has it)"
             if m0["attention"] == "math" else "PyTorch's fused `scaled_dot_product_attention`",
             WARMUP_STEPS, m0["steps"], hardware, 100 * BUSY_SHARE,
             ", ".join(dates) or "?")]
    for m in metas:
        rows = [r for r in all_rows if r["model"] == m["model"]]
        md.append("### %s (batch %d%s)\n" % (
            m["model"], m["batch"],
            ", %.1f M parameters" % (m["parameters"] / 1e6) if m.get("parameters") else ""))
        md.append("| phase | measured (ms) | steps' range (ms) | predicted eager (ms) | "
                  "measured/predicted | predicted bound | page faults (MiB) |")
        md.append("|---|---:|---:|---:|---:|---|---:|")
        for r in rows:
            ts = [float(x) for x in r["step_times_ms"].split(";")]
            fs = [int(x) for x in r["page_faults"].split(";") if x]
            md.append("| %s | %.1f | %.1f-%.1f | %.1f | %.2f | %s | %s |" % (
                r["phase"] if r["phase"] != "step" else "**step**",
                float(r["measured_ms"]), min(ts), max(ts), float(r["predicted_ms"]),
                float(r["ratio"]), r["bound"] or "-",
                "%.0f" % (statistics.median(fs) * PAGE / 2**20) if fs else "-"))
        md.append("")
        notes = []
        if m["busy"] is not None and m["busy"] > BUSY_SHARE:
            notes.append("other work kept %.0f%% of the cores busy in every attempt (%s): "
                         "these times are inflated." % (
                             100 * m["busy"],
                             ", ".join("%.0f%%" % (100 * a) for a in m["attempts"])))
        elif len(m["attempts"]) > 1:
            notes.append("measured %d times; the earlier attempts had other work at %s of "
                         "the cores." % (len(m["attempts"]), ", ".join(
                             "%.0f%%" % (100 * a) for a in m["attempts"][:-1])))
        for w in warnings.get(m["model"], []):
            notes.append("mlsysim warns: %s" % w)
        for n in notes:
            md.append("* " + n)
        if notes:
            md.append("")
    with open(MD_PATH, "w") as f:
        f.write("\n".join(md))
    print("\n".join(md))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default=",".join(MODELS),
                    help="comma-separated models (default: %(default)s)")
    ap.add_argument("--steps", type=int, default=5, help="timed steps (default 5)")
    ap.add_argument("--reuse", action="store_true",
                    help="no torch: re-price the measurements saved in %s"
                         % os.path.relpath(CSV_PATH, ROOT))
    ap.add_argument("--threads", type=int, default=2, help="PyTorch threads (default 2)")
    ap.add_argument("--attention", choices=("math", "sdpa"), default="math",
                    help="math: export.py's reference attention, as the zoo file has it "
                         "(default); sdpa: PyTorch's fused kernel")
    ap.add_argument("--hardware", default=DEFAULT_HARDWARE,
                    help="mlsysim hardware= (default: %(default)s, this host calibrated)")
    ap.add_argument("--retries", type=int, default=3,
                    help="measures again while other work runs (default 3)")
    ap.add_argument("--idle-wait", type=float, default=120,
                    help="before each measurement, waits up to this many seconds for the "
                         "other work to drop under 20%% of the cores (default 120)")
    a = ap.parse_args()
    names = [n for n in a.models.split(",") if n]
    for n in names:
        if n not in MODELS:
            ap.error("unknown model %r; known: %s" % (n, ", ".join(MODELS)))
        if not os.path.exists(os.path.join(ROOT, "zoo", "models", n + "_train.mlir")):
            ap.error("no zoo file zoo/models/%s_train.mlir" % n)
    if a.steps < 1:
        ap.error("--steps must be at least 1")
    if not os.access(MLSYSIM_OPT, os.X_OK):
        ap.error("%s not found (build it, or set MLSYSIM_OPT)" % MLSYSIM_OPT)

    saved = read_saved()
    metas = []
    if a.reuse:
        for n in names:
            if n not in saved:
                print("torch_cpu.py: no saved measurement of %s in %s (run without --reuse)"
                      % (n, os.path.relpath(CSV_PATH, ROOT)), file=sys.stderr)
                return 2
            metas.append(saved[n])
    else:
        ET = load_export_train()
        for n in names:
            print("[%s] batch %d, %d threads, attention %s, %d warm-up + %d timed steps"
                  % (n, MODELS[n], a.threads, a.attention, WARMUP_STEPS, a.steps), flush=True)
            metas.append(measure_model(ET, n, MODELS[n], a.steps, a.threads, a.attention,
                                       a.retries, a.idle_wait))
    # Models measured before and not named now keep their rows.
    kept = [saved[n] for n in MODELS if n in saved and n not in names]
    metas = [m for n in MODELS for m in kept + metas if m["model"] == n]

    all_rows, warnings = [], {}
    for m in metas:
        try:
            pred, bounds, _, warns = predict(m["model"], m["batch"], a.hardware)
        except RuntimeError as e:
            print(e, file=sys.stderr)
            return 2
        warnings[m["model"]] = warns
        all_rows += rows_for(m, pred, bounds, a.hardware)
    write_results(all_rows, metas, warnings, a.hardware)
    return 0


if __name__ == "__main__":
    sys.exit(main())
