#!/usr/bin/env python3
"""Runs mlsysim-opt --mlsysim-report over a matrix of option combinations and
checks that each either renders in the requested format (parsed as that
format) or is refused with one located error and a non-zero exit: never a
crash, an LLVM ERROR, or output in another format than asked.

Usage: option_matrix.py MLSYSIM_OPT INPUT.mlir BASELINE.mlir
Prints one line per combination and a final 'N passed, N failed'.
"""

import csv
import io
import itertools
import json
import subprocess
import sys
import xml.dom.minidom

opt, program, baseline = sys.argv[1:4]

FORMATS = ["text", "json", "csv", "svg", "html", "trace"]
VIEWS = ["", "sweep=1,2,4", "baseline=" + baseline,
         "sweep=1,2 baseline=" + baseline]
EXTRAS = ["", "fusion=0", "fusion=1", "ops=all", "execution=eager",
          "memory-level=llc", "memory-level=llc hardware=amd-mi300x",
          "memory-level=auto", "hardware=a100,h100", "dynamic-dim=2",
          "batch=2", "precision=f16", "flop-convention=mac"]


def valid(fmt, text):
    if fmt == "json":
        json.loads(text)
    elif fmt == "trace":
        assert "traceEvents" in json.loads(text)
    elif fmt == "csv":
        rows = list(csv.reader(io.StringIO(text)))
        assert rows and len(rows[0]) > 1
        assert all(len(r) == len(rows[0]) for r in rows if r)
    elif fmt == "svg":
        assert xml.dom.minidom.parseString(text).documentElement.tagName == "svg"
    elif fmt == "html":
        assert text.lstrip().lower().startswith("<!doctype html>"), text[:60]
    elif fmt == "text":
        assert text.strip() and not text.lstrip().startswith(("{", "<"))


passed = failed = 0
for fmt, view, extra in itertools.product(FORMATS, VIEWS, EXTRAS):
    options = " ".join(x for x in ["format=" + fmt, "output=-", view, extra] if x)
    run = subprocess.run([opt, program, "--mlsysim-report=" + options,
                          "-o", "/dev/null"],
                         capture_output=True, text=True, errors="replace",
                         timeout=120)
    problem = None
    if "LLVM ERROR" in run.stderr or "Stack dump" in run.stderr or run.returncode < 0:
        problem = "crashed"
    elif run.returncode != 0:
        errors = [l for l in run.stderr.splitlines() if " error: " in l]
        if len(errors) != 1 or not errors[0].split(" error: ")[0].count(":") >= 2:
            problem = "refused without one located error: " + run.stderr[:200]
        verdict = "refused: " + (errors[0].split(" error: ", 1)[1] if errors else "?")
    else:
        try:
            valid(fmt, run.stdout)
            verdict = "rendered"
        except Exception as e:  # noqa: BLE001 - any parse failure fails
            problem = "not valid %s: %r" % (fmt, e)
    if problem:
        failed += 1
        print("FAIL [%s]: %s" % (options, problem))
    else:
        passed += 1
        print("ok [%s]: %s" % (options, verdict))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
