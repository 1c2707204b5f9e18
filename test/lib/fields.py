#!/usr/bin/env python3
"""Prints the records of mlsysim JSON reports one per line, field by field, so
that lit tests check fields by name rather than by column position.

Reads one or more concatenated JSON documents on stdin (a report per
--split-input-file chunk). For each document, prints each record of SECTION
(default `ops`) as

    report: hardware=<id>;
    op #<id> <op>: <key>=<value>; <key>=<value>; ...

with the keys in sorted order, so that a test written as
`CHECK: op #0 linalg.matmul:{{.*}} flops=524288;{{.*}} latency_s=5e-06;`
keeps passing when a field is added. Numbers print in their shortest
round-trip form, null as `null`, booleans as `true`/`false`. `--section
totals` prints the document's `totals` object the same way (nested objects
flattened with dots); `--section kernels` prints the compiled plan's kernels
as `kernel #<id>: ...`; a list of records inside a record (`--section diagnosis`:
its kinds) prints one line per item as `<section> <key>[<i>]: ...`.

`--levels` also prints an op's kernel model, one line per memory level and
per realism term (`op #0 linalg.matmul levels[0]: ...`).

`--csv` reads a CSV report instead (through its header row: RFC 4180, as
Python's csv module reads it) and prints each row the same way, empty cells
as `null`, so that CSV checks do not depend on column positions either.

Usage: mlsysim-opt ... --mlsysim-report="format=json output=-" | fields.py
       mlsysim-opt ... --mlsysim-report="format=csv output=-" | fields.py --csv
"""

import csv
import json
import sys


def scalar(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (list, dict)):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def flatten(obj, prefix=""):
    for key, value in obj.items():
        if isinstance(value, dict):
            yield from flatten(value, prefix + key + ".")
        else:
            yield prefix + key, value


def documents(text):
    decoder = json.JSONDecoder()
    pos = 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            return
        if text[pos] not in "{[":
            # Not JSON (a text report in between): skip the line.
            end = text.find("\n", pos)
            pos = len(text) if end < 0 else end + 1
            continue
        document, pos = decoder.raw_decode(text, pos)
        yield document


def print_csv(text):
    rows = csv.DictReader(text.splitlines())
    hardware = None
    for row in rows:
        if row.get("hardware") != hardware:
            hardware = row.get("hardware")
            print("report: hardware=%s;" % hardware)
        head = "op #%s %s" % (row.pop("id"), row.pop("op"))
        print("%s: %s" % (head, " ".join(
            "%s=%s;" % (key, row[key] if row[key] != "" else "null")
            for key in sorted(row))))


def main():
    section = "ops"
    args = sys.argv[1:]
    # An op's kernel model (its levels and realism terms) prints only when
    # asked, so that checks of the other fields keep their lines.
    model = "--levels" in args
    args = [arg for arg in args if arg != "--levels"]
    if args[:1] == ["--csv"]:
        print_csv(sys.stdin.read())
        return
    if args[:1] == ["--section"]:
        section = args[1]
    for document in documents(sys.stdin.read()):
        value = document.get(section)
        if value is None:
            continue
        # One line per document, so that checks can anchor on each report
        # (`CHECK-LABEL: report:` per --split-input-file chunk).
        hardware = document.get("hardware", {})
        print("report: hardware=%s;" % (hardware.get("id")
                                         if isinstance(hardware, dict)
                                         else hardware))
        records = value if isinstance(value, list) else [value]
        for record in records:
            fields = dict(flatten(record))
            head = section
            if "id" in fields and "op" in fields:
                head = "op #%s %s" % (fields.pop("id"), fields.pop("op"))
            elif "id" in fields:
                head = "%s #%s" % (section.rstrip("s"), fields.pop("id"))
            # Lists of records (a diagnosis's kinds) print one per line.
            nested = {key: fields.pop(key) for key in list(fields)
                      if isinstance(fields[key], list) and fields[key] and
                      all(isinstance(x, dict) for x in fields[key])}
            if not model:
                for key in ("levels", "realism"):
                    nested.pop(key, None)
            body = " ".join("%s=%s;" % (key, scalar(fields[key]))
                            for key in sorted(fields))
            print("%s: %s" % (head, body))
            for key in sorted(nested):
                for index, item in enumerate(nested[key]):
                    print("%s %s[%d]: %s" % (head, key, index, " ".join(
                        "%s=%s;" % (k, scalar(v))
                        for k, v in sorted(dict(flatten(item)).items()))))


if __name__ == "__main__":
    main()
