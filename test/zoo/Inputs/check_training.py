"""Checks a training step's report (test/zoo/training.test) against hand counts.

usage: check_training.py REPORT.json KEY=VALUE...
  ratio=X        the backward pass's contraction FLOPs over the forward's, to 1e-9
  params=N       totals.training.parameters (exact)
  adam_bytes=X   the optimizer phase's traffic per parameter, to 1e-5 (the
                 few scalar inputs, lr and the step, add a few bytes)
  model_flops=N  totals.training.model_flops (6 x parameters x tokens, exact)
  unmodeled=N    totals.unmodeled_count
"""
import json
import sys

doc = json.load(open(sys.argv[1]))
t = doc["totals"]
contractions = {}
for op in doc["ops"]:
    if op["class"] in ("matmul", "convolution", "depthwise-convolution"):
        contractions[op["func"]] = contractions.get(op["func"], 0) + op["flops"]
got = {
    "ratio": contractions["backward"] / contractions["forward"],
    "params": t["training"]["parameters"],
    "adam_bytes": t["phases"]["optimizer"]["bytes"] / t["training"]["parameters"],
    "model_flops": t["training"]["model_flops"],
    "unmodeled": t["unmodeled_count"],
}
tolerance = {"ratio": 1e-9, "adam_bytes": 1e-5}
bad = []
for arg in sys.argv[2:]:
    key, want = arg.split("=")
    have = got[key]
    if key in tolerance:
        ok = abs(have - float(want)) <= tolerance[key]
    else:
        ok = have == (None if want == "null" else int(float(want)))
    if not ok:
        bad.append(f"{key}: want {want}, got {have}")
print("\n".join(bad) if bad else "check_training: ok")
sys.exit(1 if bad else 0)
