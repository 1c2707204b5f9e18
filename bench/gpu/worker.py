#!/usr/bin/env python3
"""Runs timing jobs for bench/gpu/run.py, one after the other, in one process.

A job is one network at one batch in one execution mode:
  eager     PyTorch eager (one launch per op from Python), torch.inference_mode;
  graph     the same forward captured once into a torch.cuda.CUDAGraph and
            replayed (CUDA only);
  compiled  torch.compile(forward, mode=MODE) with MODE one of
            "max-autotune-no-cudagraphs", "reduce-overhead", "default"
            (on the CPU smoke test: backend="eager", which traces with
            TorchDynamo but generates no code).

Each job is timed the same way: warm-up calls, then repetitions, each one
bracketed by CUDA events (by perf_counter on the CPU) with the device idle
before it, so a repetition is the latency of one inference of the whole batch,
launch gaps included. Then one more call under torch.profiler counts the
device activities it ran (kernels, memsets; copies excluded).

Progress goes to a JSON-lines file that run.py watches (it kills this process
when a job outlives its budget and starts a new one for the jobs left):
  {"ev": "start", "id": ...}  {"ev": "row", "id": ..., "row": {...}}
  {"ev": "skip", "id": ..., "msg": ...}
Usage: worker.py --jobs JOBS.json --progress PROGRESS.jsonl
"""

import argparse
import datetime
import gc
import json
import os
import statistics
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import models  # noqa: E402  (sets the Hugging Face offline variables first)

import torch  # noqa: E402
import torch._dynamo  # noqa: E402

DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}


class Progress:
    def __init__(self, path):
        self.f = open(path, "a")

    def emit(self, **kw):
        kw["t"] = time.time()
        self.f.write(json.dumps(kw) + "\n")
        self.f.flush()
        os.fsync(self.f.fileno())


def sync(device):
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def time_calls(fn, device, warmup, min_reps, max_reps, min_time_s):
    """Latency of fn() in seconds, one sample per call, device idle before each."""
    for _ in range(warmup):
        fn()
    sync(device)
    times = []
    if device.type == "cuda":
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        while len(times) < max_reps and (len(times) < min_reps or sum(times) < min_time_s):
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


def count_device_activities(fn, device):
    """Kernels (and memsets) one call of fn() runs, from torch.profiler; on the
    CPU, the leaf aten operators instead. None when the profiler fails."""
    from torch.profiler import ProfilerActivity, profile
    acts = [ProfilerActivity.CPU]
    if device.type == "cuda":
        acts.append(ProfilerActivity.CUDA)
    try:
        with profile(activities=acts) as prof:
            fn()
            sync(device)
        events = prof.events()
        if device.type == "cuda":
            n = sum(1 for e in events
                    if e.device_type == torch.autograd.DeviceType.CUDA
                    and not e.name.startswith("Memcpy"))
            if n == 0:  # older builds list device work only in the raw results
                raw = prof.profiler.kineto_results.events()
                n = sum(1 for e in raw if e.device_type() == torch.autograd.DeviceType.CUDA
                        and not e.name().startswith("Memcpy"))
            return n
        return sum(1 for e in events if e.name.startswith("aten::") and not e.cpu_children)
    except Exception as e:  # the count is a nice-to-have
        print("  profiler failed: %s" % e, file=sys.stderr)
        return None


def capture_graph(fn, device, warmup):
    """Captures fn() into a CUDA graph after warm-up calls on a side stream;
    returns a callable replaying it."""
    # A host synchronisation inside capture invalidates the capture and can
    # leave the context unusable: find one first, with a harmless check.
    torch.cuda.set_sync_debug_mode("error")
    try:
        fn()
    finally:
        torch.cuda.set_sync_debug_mode("default")
    s = torch.cuda.Stream(device)
    s.wait_stream(torch.cuda.current_stream(device))
    with torch.cuda.stream(s):
        for _ in range(warmup):
            fn()
    torch.cuda.current_stream(device).wait_stream(s)
    sync(device)
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        out = fn()  # kept alive with the graph: replays write into it
    sync(device)

    def replay():
        g.replay()
        return out
    return replay


def run_job(job, state, device, args):
    """Returns the result row of one job (raises on failure)."""
    dtype = DTYPES[job["dtype"]]
    key = (job["model"], job["batch"], job["dtype"], job["attention"], job["mask"])
    if state.get("key") != key:
        state.clear()
        gc.collect()
        if device.type == "cuda":
            torch.cuda.empty_cache()
        t0 = time.time()
        with torch.inference_mode():
            state["w"] = models.build(job["model"], job["batch"], dtype, device,
                                      mask=job["mask"], smoke=job["smoke"])
        sync(device)
        state["key"] = key
        print("  built %s in %.1f s (%d parameters)" % (
            job["model"], time.time() - t0, models.parameter_count(state["w"].module)),
            file=sys.stderr)
    w = state["w"]
    notes = [w.note] if w.note else []
    mode = job["execution"]
    compile_s = None
    fn = w.forward
    if mode == "graph":
        if device.type != "cuda":
            raise RuntimeError("CUDA graphs need a CUDA device")
        with torch.inference_mode(), models.attention(job["attention"]):
            fn = capture_graph(w.forward, device, job["warmup"])
    elif mode == "compiled":
        torch._dynamo.reset()
        from torch._dynamo.utils import counters
        counters.clear()
        if device.type == "cuda":
            compiled = torch.compile(w.forward, mode=job["compile_mode"], dynamic=False)
        else:  # the smoke test checks the wiring, not Inductor's C++ path
            compiled = torch.compile(w.forward, backend="eager", dynamic=False)
            notes.append("backend=eager (CPU smoke test)")
        t0 = time.time()
        with torch.inference_mode(), models.attention(job["attention"]):
            compiled()
            sync(device)
        compile_s = time.time() - t0
        fn = compiled
    with torch.inference_mode(), models.attention(job["attention"]):
        times = time_calls(fn, device, job["warmup"], job["min_reps"], job["max_reps"],
                           job["min_time_s"])
        kernels = count_device_activities(fn, device) if job["count_kernels"] else None
    if mode == "compiled":
        from torch._dynamo.utils import counters
        skips = sum(counters["inductor"].get(k, 0) for k in ("cudagraph_skips",))
        if skips and job["compile_mode"] == "reduce-overhead":
            notes.append("Inductor skipped CUDA graphs %d time(s) (see the log)" % skips)
        breaks = sum(counters["graph_break"].values())
        if breaks:
            notes.append("%d graph break(s)" % breaks)
    execution = mode if mode != "compiled" else "compiled:" + (
        job["compile_mode"] if device.type == "cuda" else "eager-backend")
    if compile_s is not None:
        notes.append("first call (compile) %.1f s" % compile_s)
    if job["attention"] != "sdpa":
        notes.append("attention=%s" % job["attention"])
    return {
        "model": job["model"], "batch": job["batch"], "dtype": job["dtype"],
        "execution": execution, "median_s": "%.6g" % statistics.median(times),
        "min_s": "%.6g" % min(times), "repetitions": len(times),
        "kernels": "" if kernels is None else kernels,
        "device_name": device_name(device), "torch_version": torch.__version__,
        "date": datetime.date.today().isoformat(),
        "zoo_model": models.zoo_file(job["model"], job["dtype"]), "notes": "; ".join(notes),
    }


def device_name(device):
    if device.type == "cuda":
        return torch.cuda.get_device_name(device)
    import platform
    return "CPU " + (platform.processor() or platform.machine())


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--jobs", required=True)
    p.add_argument("--progress", required=True)
    a = p.parse_args()
    with open(a.jobs) as f:
        spec = json.load(f)
    device = torch.device(spec["device"])
    if device.type == "cuda":
        torch.backends.cuda.matmul.allow_tf32 = True
        torch.backends.cudnn.allow_tf32 = True
        torch.backends.cudnn.benchmark = True
        try:  # lets the profiler see kernels replayed from CUDA graphs
            from torch.profiler import _utils as putils
            putils._init_for_cuda_graphs()
        except Exception:
            pass
    torch.manual_seed(0)
    progress = Progress(a.progress)
    state = {}
    for job in spec["jobs"]:
        progress.emit(ev="start", id=job["id"])
        print("[%s] %s b=%d %s%s" % (job["id"], job["model"], job["batch"], job["execution"],
                                     ":" + job["compile_mode"] if job["execution"] == "compiled"
                                     else ""), file=sys.stderr, flush=True)
        try:
            row = run_job(job, state, device, a)
            progress.emit(ev="row", id=job["id"], row=row)
            print("  median %s s, %s reps, kernels %s" % (row["median_s"], row["repetitions"],
                                                          row["kernels"]), file=sys.stderr)
        except Exception as e:
            msg = "%s: %s" % (type(e).__name__, str(e).splitlines()[0] if str(e) else "")
            traceback.print_exc(limit=3)
            progress.emit(ev="skip", id=job["id"], msg=msg[:300])
            if device.type == "cuda" and job["execution"] == "graph":
                # A failed capture can leave the context unusable: let run.py
                # start a fresh process for the jobs that are left.
                return 3
            state.clear()
        sys.stderr.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
