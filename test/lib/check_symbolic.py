#!/usr/bin/env python3
"""Checks the symbolic costs of a program against the bound analysis: every
formula of every op and function (its `symbolic` object in the JSON report,
in the grammar of docs/report-json.md), evaluated with each symbol bound to N,
must give exactly the number the report prints when the program's dynamic
sizes are bound to N (dynamic-dim=N, each op its own kernel).

Usage: check_symbolic.py MLSYSIM_OPT FILE N [N ...] [--symbols=SPEC]
                         [--option=KEY=VALUE ...]   (more report options)
Prints one line per binding (ops and functions compared) and exits 1 on the
first difference, naming the op, the field, the formula and both values, or
on the first symbol name or formula outside the grammar.
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


NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.]*")
TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z][A-Za-z0-9_.]*)|(.))")


class Parser:
    """The grammar of docs/report-json.md, read strictly: integers, symbol
    names (a letter, then letters, digits, '_' and '.'), + - * / (integer
    division rounding down; * and / binding tighter, left to right, a
    leading '-'), ceildiv(a,b), min(a,b), max(a,b) and parentheses. A name
    that is no symbol of the report, or anything else, is an error: a formula
    that only a lenient reader can read is not in the grammar."""

    def __init__(self, formula, values):
        self.formula, self.values = formula, values
        self.tokens = []
        for number, name, other in TOKEN.findall(formula):
            self.tokens.append(("int", int(number)) if number else
                               ("name", name) if name else ("op", other))
        # findall skips nothing but whitespace: the tokens spell the formula.
        if "".join(str(v) for _, v in self.tokens) != formula.replace(" ", ""):
            self.fail("unreadable")
        self.at = 0

    def fail(self, why):
        raise ValueError("not in the grammar (%s): %s" % (why, self.formula))

    def peek(self):
        return self.tokens[self.at] if self.at < len(self.tokens) else ("end", None)

    def take(self, op):
        if self.peek() != ("op", op):
            self.fail("expected '%s'" % op)
        self.at += 1

    def parse(self):
        value = self.expr()
        if self.peek()[0] != "end":
            self.fail("trailing text")
        return value

    def expr(self):
        negate = self.peek() == ("op", "-")
        if negate:
            self.at += 1
        value = self.term()
        value = -value if negate else value
        while self.peek() in (("op", "+"), ("op", "-")):
            op = self.peek()[1]
            self.at += 1
            value = value + self.term() if op == "+" else value - self.term()
        return value

    def term(self):
        value = self.factor()
        while self.peek() in (("op", "*"), ("op", "/")):
            op = self.peek()[1]
            self.at += 1
            rhs = self.factor()
            value = value * rhs if op == "*" else value // rhs
        return value

    def factor(self):
        kind, token = self.peek()
        self.at += 1
        if kind == "int":
            return token
        if kind == "name" and token in ("ceildiv", "min", "max") and \
                self.peek() == ("op", "("):
            self.take("(")
            a = self.expr()
            self.take(",")
            b = self.expr()
            self.take(")")
            return {"ceildiv": lambda: -((-a) // b), "min": lambda: min(a, b),
                    "max": lambda: max(a, b)}[token]()
        if kind == "name":
            if token not in self.values:
                self.fail("'%s' is no symbol of the report" % token)
            return self.values[token]
        if (kind, token) == ("op", "("):
            value = self.expr()
            self.take(")")
            return value
        self.fail("unexpected '%s'" % token)


def evaluate(formula, names, value):
    return Parser(formula, {name: value for name in names}).parse()


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
    for name in names:
        if not NAME.fullmatch(name) or name in ("ceildiv", "min", "max"):
            print("NOT A NAME of the grammar: %r" % name)
            return 1
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
