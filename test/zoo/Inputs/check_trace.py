"""Checks a timeline (format=trace) against the reports of the same input:
one slice per unit of the headline execution model, laid end to end, the
last ending at the headline latency.

usage: check_trace.py TRACE.json REPORT.json REPORT.txt
"""
import json
import re
import sys

trace = json.load(open(sys.argv[1]))
report = json.load(open(sys.argv[2]))
text = open(sys.argv[3]).read()
slices = [e for e in trace["traceEvents"] if e["ph"] == "X"]
execution = report["totals"]["execution"]
# The text report's headline (the module's, when it has several
# functions): "compiled (56 kernels as ...)", or the ops' kernels under eager
# and graph ("eager 2.91 ms (474 kernels)").
if "\nthe module: predicted" in text:
    text = text[text.index("\nthe module: predicted"):]
if execution == "compiled":
    count = re.search(r"compiled \((\d+) kernels? as a fusing compiler", text)
else:
    count = re.search(execution + r" [^(]*\((\d+) kernels?\)", text)
expected = int(count.group(1))
assert len(slices) == expected, (len(slices), expected)
assert len(slices) == report["totals"]["launches"], len(slices)
# End to end: each slice starts where the one before ended.
clock = 0.0
for s in slices:
    assert abs(s["ts"] - clock) <= 1e-9 * max(1.0, clock), (s, clock)
    clock = s["ts"] + s["dur"]
latency = report["totals"]["latency_s"] * 1e6
assert abs(clock - latency) <= 1e-9 * latency, (clock, latency)
print(f"{execution}: {len(slices)} slices ending at {clock:.3f} us")
