#!/usr/bin/env python3
"""Does mlsysim-fuse keep what the zoo's networks compute? For each model:

  1. the model with its batch fixed to 1 in the IR (bench/iree/specialize.py);
  2. `mlsysim-fuse=hardware=h100` on that static program ("static"), and on the
     zoo's dynamic-batch file with `batch=1`, specialised afterwards
     ("dynamic": the plan and the tiling made on dynamic shapes);
  3. test/lib/fuse_equivalence.py runs each fused program and the static
     original on the same inputs with upstream MLIR alone (bufferized, lowered
     to loops, mlir-runner: minutes per model on one core) and compares every
     output.

Writes bench/results/fuse-equivalence.csv. Llama-3.1-8B is left out (16 GB
of weights to generate as inputs).

  python3 bench/fuse_equivalence.py [--models resnet50,bert_base_s128]
"""

import argparse
import csv
import datetime
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPT = os.path.join(ROOT, "build", "bin", "mlsysim-opt")
SPECIALIZE = os.path.join(ROOT, "bench", "iree", "specialize.py")
SAME = os.path.join(ROOT, "test", "lib", "fuse_equivalence.py")
WORK = os.path.join(ROOT, "build-bench", "fuse-equivalence")
DEFAULT = "resnet50,mobilenet_v2,bert_base_s128,gpt2_small,vit_b16"


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode and cmd[0] != sys.executable:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), p.stderr[-3000:]))
    return p


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", default=DEFAULT)
    args = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    rows = []
    for model in args.models.split(","):
        zoo = os.path.join(ROOT, "zoo", "models", model + ".mlir")
        static = os.path.join(WORK, model + "_b1.mlir")
        run([sys.executable, SPECIALIZE, zoo, "--batch", "1", "-o", static])
        variants = {}
        fused = os.path.join(WORK, model + "_b1.static-fused.mlir")
        p = run([OPT, static, "--mlsysim-fuse=hardware=h100", "-o", fused])
        variants["static"] = (fused, p.stderr)
        dynamic = os.path.join(WORK, model + ".dynamic-fused.mlir")
        p = run([OPT, zoo, "--mlsysim-fuse=hardware=h100 batch=1", "-o", dynamic])
        fused = os.path.join(WORK, model + "_b1.dynamic-fused.mlir")
        run([sys.executable, SPECIALIZE, dynamic, "--batch", "1", "-o", fused])
        variants["dynamic"] = (fused, p.stderr)
        for variant, (fused, remarks) in variants.items():
            same = run([sys.executable, SAME, static, fused, "--tol", "1e-4"])
            lines = same.stdout.split()
            verdict = "ok" if same.returncode == 0 else "DIFFERENT"
            if same.returncode and not same.stdout:
                verdict = "error: " + same.stderr.strip().splitlines()[-1][:200]
            diffs = re.findall(r"diff=(\S+)", same.stdout)
            row = {"model": model, "fused": variant,
                   "kernels_fused": len(re.findall(r"remark: fused group", remarks)),
                   "fused_in_part": len(re.findall(r"fused in part", remarks)),
                   "left": len(re.findall(r"not performed", remarks)),
                   "max_abs_difference": max(diffs, key=float) if diffs else "",
                   "verdict": verdict,
                   "date": datetime.date.today().isoformat()}
            print(" ".join("%s=%s" % kv for kv in row.items()))
            rows.append(row)
    out = os.path.join(ROOT, "bench", "results", "fuse-equivalence.csv")
    # The rows of models not run this time are kept.
    if os.path.exists(out):
        with open(out) as f:
            done = {r["model"] for r in rows}
            rows = [r for r in csv.DictReader(f) if r["model"] not in done] + rows
    with open(out, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print("wrote", os.path.relpath(out, ROOT))
    return 0 if all(r["verdict"] == "ok" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
