#!/usr/bin/env python3
"""Checks the symbolic costs of a program against the bound analysis: every
formula of every op and function (its `symbolic` object in the JSON report,
in the grammar of docs/report-json.md), evaluated with each symbol bound to N,
must give exactly the number the report prints when the program's dynamic
sizes are bound to N (dynamic-dim=N, each op its own kernel).

Usage: check_symbolic.py MLSYSIM_OPT FILE N [N ...] [--symbols=SPEC]
                         [--option=KEY=VALUE ...]   (more report options)
Prints one line per binding (ops and functions compared) and exits 1 on the
first difference, naming the op, the field, the formula and both values.
"""

import json
import re
import subprocess
import sys

FIELDS = ["flops", "int_ops", "transcendentals", "bytes_read", "bytes_written"]


def report(opt, path, options):
    out = subprocess.run(
        [opt, path, "--mlsysim-report=format=json output=- " + options,
         "-o", "/dev/null"],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def evaluate(formula, names, value):
    # Symbol names may hold dots: replace the longest first by placeholders.
    text = formula
    for i, name in enumerate(sorted(names, key=len, reverse=True)):
        text = re.sub(r"(?<![\w.])" + re.escape(name) + r"(?![\w.])",
                      "_s%d" % i, text)
    text = text.replace("/", "//")
    env = {"_s%d" % i: value for i in range(len(names))}
    env["ceildiv"] = lambda a, b: -((-a) // b)
    env["min"] = min
    env["max"] = max
    if not re.fullmatch(r"[\d_s+\-*/(), ceildivmnax]*", text):
        raise ValueError("not in the grammar: " + formula)
    return eval(text, {"__builtins__": {}}, env)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    extra = " ".join("symbols=" + a[len("--symbols="):]
                     for a in sys.argv[1:] if a.startswith("--symbols="))
    extra += "".join(" " + a[len("--option="):]
                     for a in sys.argv[1:] if a.startswith("--option="))
    opt, path, bindings = args[0], args[1], [int(n) for n in args[2:]]
    symbolic = report(opt, path, extra)
    names = list(symbolic.get("symbols", {}).keys())
    if not names:
        print("no symbols")
        return 0
    for n in bindings:
        bound = report(opt, path, "execution=eager dynamic-dim=%d %s" % (n, extra))
        ops = funcs = 0
        for sym_op, op in zip(symbolic["ops"], bound["ops"]):
            formulas = sym_op.get("symbolic", {})
            if "reason" in formulas or not op["modeled"]:
                continue
            for field in FIELDS:
                got = evaluate(formulas[field], names, n)
                if got != op[field]:
                    print("DIFFERENT at %s=%d: op #%d %s %s: %s = %d, bound %s"
                          % ("all", n, op["id"], op["op"], field,
                             formulas[field], got, op[field]))
                    return 1
            ops += 1
        for sym_func, func in zip(symbolic["functions"], bound["functions"]):
            formulas = sym_func.get("symbolic")
            if not formulas or formulas["left_out"]:
                continue
            for field in FIELDS:
                got = evaluate(formulas[field], names, n)
                if got != func["totals"][field]:
                    print("DIFFERENT at %d: @%s %s: %s = %d, bound %s"
                          % (n, func["name"], field, formulas[field], got,
                             func["totals"][field]))
                    return 1
            if formulas["peak_bytes"] is not None:
                got = evaluate(formulas["peak_bytes"], names, n)
                if got != func["memory"]["peak_bytes"]:
                    print("DIFFERENT at %d: @%s peak_bytes: %s = %d, bound %s"
                          % (n, func["name"], formulas["peak_bytes"], got,
                             func["memory"]["peak_bytes"]))
                    return 1
            funcs += 1
        print("%s: every symbol = %d: %d ops and %d functions agree"
              % (path.split("/")[-1], n, ops, funcs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
