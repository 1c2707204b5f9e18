"""Checks one mlsysim-report JSON document of a zoo model (test/zoo/*.test).

usage: check_totals.py REPORT.json KEY=VALUE...
  unmodeled=N    totals.unmodeled_count
  flops=N        totals.flops (exact integer)
  params=N       functions[0].memory.parameters (exact integer)
  ai=X           (flops + int_ops) / bytes of the ops as written (each op's
                 reads and writes, as an eager run moves them), to 1e-4
  contractions=N sum of the FLOPs of linalg.matmul, batch_matmul and conv ops (exact)
"""
import json
import sys

doc = json.load(open(sys.argv[1]))
t = doc["totals"]
mem = doc["functions"][0]["memory"]
got = {
    "unmodeled": t["unmodeled_count"],
    "flops": t["flops"],
    "params": mem["parameters"],
    "ai": (t["flops"] + t["int_ops"]) / sum(
        o["bytes_read"] + o["bytes_written"] for o in doc["ops"] if o["modeled"]),
    "contractions": sum(o["flops"] for o in doc["ops"]
                        if o["op"] in ("linalg.matmul", "linalg.batch_matmul")
                        or o["op"].startswith("linalg.conv_")
                        or o["op"].startswith("linalg.depthwise_conv_")),
}
bad = []
for arg in sys.argv[2:]:
    key, want = arg.split("=")
    if key == "ai":
        ok = abs(got[key] - float(want)) <= 1e-4
    else:
        ok = isinstance(got[key], int) and got[key] == int(want)
    if not ok:
        bad.append(f"{key}: expected {want}, got {got[key]!r}")
if bad:
    sys.exit(f"{sys.argv[1]}: " + "; ".join(bad))
