#!/usr/bin/env python3
"""MLSys·im (PyPI `mlsysim==0.3.0`) serving numbers for Llama-3.1-8B fp16 on A100 80GB, H100 SXM and H200.

Run:  .venv-tutorial/bin/python bench/serving/mlsysim_serving.py   (venv from scripts/tutorial.sh:
      python3 -m venv .venv-tutorial && .venv-tutorial/bin/pip install mlsysim==0.3.0)
Writes bench/results/mlsysim-serving.csv (override with MLSYSIM_SERVING_CSV; `-` skips the file) and
prints a table. Exits non-zero unless the golden H100 S=2048 B=1 case (TTFT 70.9704 ms, ITL 5.19416 ms,
KV 0.268435 GB; mlsysim tests/test_golden_regressions.py) is reproduced and bf16 == fp16.

Every number comes from MLSys·im's API: `solvers.ServingModel().solve(Models.Language.Llama3_8B,
Hardware.Cloud.{A100,H100,H200}, seq_len=S, batch_size=B, precision="fp16", efficiency=0.5)` (0.5 is its
default η) and `solvers.ContinuousBatchingModel` for the largest batch. What the numbers contain:
* TTFT = (2·P·S + 4·L·hidden·S²)·B / (peak·η) + dispatch_tax. Compute only: no weight or KV read, no
  layer tax; full non-causal S² attention; peak = dense fp16 tensor rate (bf16 falls back to the same).
* ITL = (weights + KV(S, B)) / HBM bandwidth + L × 0.01 ms (FRAMEWORK_LAYER_TAX_MS). One decode step
  (one token for each of the B sequences); no compute term, no dispatch_tax, KV read at full length S.
* KV = 2·L·H_kv·d_head·S·B·2 B (GQA: 8 KV heads of 128) = 131072 B/token; weights = 8.03e9 × 2 B = 16.06 GB.
* fits = weights + KV <= HBM capacity (registry GiB: 80 GiB = 85.9 GB, 141 GiB for H200), no reserve.
* max_batch = ContinuousBatchingModel(max_seq_len=2048, every request at 2048, 16-token pages).
  max_active_requests = floor((capacity - weights) / KV(2048, 1)); cross-checked by scanning ServingModel's
  own `feasible` flag.
"""

import csv
import importlib.metadata
import os
import sys
import warnings

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.environ.get("MLSYSIM_SERVING_CSV", os.path.join(REPO, "bench", "results", "mlsysim-serving.csv"))
PINNED = "0.3.0"
PRECISION = "fp16"
ETA = 0.5  # ServingModel.solve's default efficiency, passed explicitly
PROMPTS = [512, 2048, 4096]
KV_LENS = [512, 2048, 4096]
BATCHES = [1, 8, 32, 64]
FIT_CONTEXT = 2048
BATCH_CAP = 10**6  # ContinuousBatchingModel's max_batch_size, large enough never to bind
GOLDEN = {"ttft_ms": 70.9704, "itl_ms": 5.19416, "kv_gb": 0.268435}  # H100, S=2048, B=1
GOLDEN_RTOL = 1e-5  # the golden values are printed to 6 significant digits

with warnings.catch_warnings(record=True) as CAUGHT:
    warnings.simplefilter("always")
    import mlsysim
    from mlsysim import Hardware, Models
    from mlsysim.engine.calibration import FRAMEWORK_LAYER_TAX_MS
    from mlsysim.solvers import ContinuousBatchingModel, ServingModel

MODEL = Models.Language.Llama3_8B
MODEL_API = "Models.Language.Llama3_8B"
# our zoo device name -> MLSys·im registry key (Hardware.Cloud.<key>)
DEVICES = [("nvidia-a100-sxm4-80gb", "A100"), ("nvidia-h100-sxm", "H100"), ("nvidia-h200-sxm", "H200")]


def serve(hw, seq_len, batch, precision=PRECISION):
    return ServingModel().solve(MODEL, hw, seq_len=seq_len, batch_size=batch, precision=precision,
                                efficiency=ETA)


def serve_api(key, seq_len, batch, field):
    return (f"ServingModel().solve({MODEL_API}, Hardware.Cloud.{key}, seq_len={seq_len}, "
            f"batch_size={batch}, precision='{PRECISION}', efficiency={ETA}).{field}")


def largest_feasible_batch(hw, seq_len):
    """Largest B whose ServingModel result is feasible (feasibility is monotone in B)."""
    lo, hi = 0, 1
    while serve(hw, seq_len, hi).feasible:
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if serve(hw, seq_len, mid).feasible else (lo, mid)
    return lo


def main():
    version = importlib.metadata.version("mlsysim")
    if version != PINNED:
        sys.exit(f"mlsysim {version} installed, this script is pinned to {PINNED}")
    rows, failures = [], []

    def row(device, metric, length, batch, value, unit, api):
        rows.append({"device": device, "metric": metric, "prompt_or_kv_len": length, "batch": batch,
                     "value": value, "unit": unit, "mlsysim_api": api})

    kv_per_token = MODEL.get_kv_cache_size(seq_len=1, batch_size=1, precision=PRECISION).m_as("B")
    weights = MODEL.size_in_bytes(PRECISION).m_as("B")
    table = []
    for dev, key in DEVICES:
        hw = getattr(Hardware.Cloud, key)
        hwapi = f"Hardware.Cloud.{key}"
        peak = hw.compute.precision_flops.get(PRECISION, hw.compute.peak_flops)  # what ServingModel uses
        row(dev, "mlsysim_device_name", "", "", hw.name, "", f"{hwapi}.name")
        row(dev, "peak_flops", "", "", f"{peak.m_as('flop/s'):.6g}", "FLOP/s",
            f"{hwapi}.compute.precision_flops.get('{PRECISION}', peak_flops)")
        row(dev, "efficiency", "", "", ETA, "", "ServingModel.solve(efficiency=0.5) (its default)")
        row(dev, "hbm_bandwidth", "", "", f"{hw.memory.bandwidth.m_as('B/s'):.6g}", "B/s",
            f"{hwapi}.memory.bandwidth")
        row(dev, "hbm_capacity", "", "", f"{hw.memory.capacity.m_as('B'):.0f}", "B",
            f"{hwapi}.memory.capacity")
        row(dev, "dispatch_tax", "", "", f"{hw.dispatch_tax.m_as('ms'):.6g}", "ms", f"{hwapi}.dispatch_tax")
        row(dev, "layer_tax", "", "", f"{MODEL.layers * FRAMEWORK_LAYER_TAX_MS:.6g}", "ms",
            "Llama3_8B.layers * mlsysim.engine.calibration.FRAMEWORK_LAYER_TAX_MS")
        row(dev, "weights_bytes", "", "", f"{weights:.0f}", "B",
            serve_api(key, 2048, 1, "model_weights_size"))
        row(dev, "kv_bytes_per_token", 1, 1, f"{kv_per_token:.0f}", "B",
            f"{MODEL_API}.get_kv_cache_size(seq_len=1, batch_size=1, precision='{PRECISION}')")

        ttft = {}
        for s in PROMPTS:
            r = serve(hw, s, 1)
            ttft[s] = r.ttft.m_as("ms")
            row(dev, "ttft", s, 1, f"{ttft[s]:.6g}", "ms", serve_api(key, s, 1, "ttft"))
        itl = {}
        for s in KV_LENS:
            for b in BATCHES:
                r = serve(hw, s, b)
                rb = serve(hw, s, b, "bf16")
                if (rb.ttft, rb.itl, rb.kv_cache_size, rb.feasible) != (r.ttft, r.itl, r.kv_cache_size, r.feasible):
                    failures.append(f"{key} S={s} B={b}: bf16 differs from fp16")
                itl[s, b] = r.itl.m_as("ms")
                row(dev, "itl", s, b, f"{itl[s, b]:.6g}", "ms", serve_api(key, s, b, "itl"))
                row(dev, "kv_cache_bytes", s, b, f"{r.kv_cache_size.m_as('B'):.0f}", "B",
                    serve_api(key, s, b, "kv_cache_size"))
                row(dev, "memory_utilization", s, b, f"{r.memory_utilization:.6g}", "",
                    serve_api(key, s, b, "memory_utilization"))
                row(dev, "fits", s, b, int(r.feasible), "bool", serve_api(key, s, b, "feasible"))

        cb = ContinuousBatchingModel().solve(MODEL, hw, max_seq_len=FIT_CONTEXT, max_batch_size=BATCH_CAP,
                                             precision=PRECISION, efficiency=ETA)
        cbapi = (f"ContinuousBatchingModel().solve({MODEL_API}, {hwapi}, max_seq_len={FIT_CONTEXT}, "
                 f"max_batch_size={BATCH_CAP}, precision='{PRECISION}', efficiency={ETA})")
        scan = largest_feasible_batch(hw, FIT_CONTEXT)
        if not cb.max_active_requests == cb.static_max_active_requests == scan:
            failures.append(f"{key}: max batch disagrees: paged {cb.max_active_requests}, "
                            f"static {cb.static_max_active_requests}, ServingModel scan {scan}")
        row(dev, "max_batch_fit", FIT_CONTEXT, "", cb.max_active_requests, "requests",
            cbapi + ".max_active_requests")
        row(dev, "max_batch_fit_servingmodel_scan", FIT_CONTEXT, "", scan, "requests",
            f"largest batch_size with ServingModel().solve({MODEL_API}, {hwapi}, seq_len={FIT_CONTEXT}, "
            f"precision='{PRECISION}').feasible")
        table.append((key, peak, hw, ttft, itl, cb.max_active_requests))

        if key == "H100":
            g = serve(hw, 2048, 1)
            got = {"ttft_ms": g.ttft.m_as("ms"), "itl_ms": g.itl.m_as("ms"), "kv_gb": g.kv_cache_size.m_as("GB")}
            for k, want in GOLDEN.items():
                ok = abs(got[k] - want) <= GOLDEN_RTOL * want
                print(f"golden H100 S=2048 B=1 {k}: {got[k]:.6g} (want {want}) {'ok' if ok else 'MISMATCH'}")
                if not ok:
                    failures.append(f"golden {k}: got {got[k]}, want {want}")

    if OUT != "-":
        os.makedirs(os.path.dirname(OUT), exist_ok=True)
        with open(OUT, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
            w.writeheader()
            w.writerows(rows)

    print(f"\nMLSys·im {version}, {MODEL.name} {PRECISION} (= bf16), eta={ETA}; "
          f"weights {weights / 1e9:.2f} GB, KV {kv_per_token:.0f} B/token")
    print((f"{'dev':5} {'peak TF/s':>9} {'BW TB/s':>7} {'cap GB':>6} | TTFT ms S="
           + "/".join(map(str, PROMPTS))).ljust(59) + " | ITL ms, B=" + "/".join(map(str, BATCHES))
          + f" | maxB@{FIT_CONTEXT}")
    for key, peak, hw, ttft, itl, maxb in table:
        head = (f"{key:5} {peak.m_as('TFLOP/s'):9.0f} {hw.memory.bandwidth.m_as('TB/s'):7.3f} "
                f"{hw.memory.capacity.m_as('GB'):6.1f} | " + "/".join(f"{ttft[s]:.1f}" for s in PROMPTS))
        for i, s in enumerate(KV_LENS):
            lead = head.ljust(59) if i == 0 else " " * 59
            print(f"{lead} | S={s:<5}" + "/".join(f"{itl[s, b]:.3f}" for b in BATCHES) +
                  (f" | {maxb}" if i == 0 else ""))
    for w in CAUGHT:
        print(f"mlsysim warning at import: {w.category.__name__}: {w.message}", file=sys.stderr)
    if OUT != "-":
        print(f"wrote {os.path.relpath(OUT, REPO)} ({len(rows)} rows)")
    if failures:
        sys.exit("FAILED: " + "; ".join(failures))


if __name__ == "__main__":
    main()
