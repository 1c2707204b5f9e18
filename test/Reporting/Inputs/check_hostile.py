"""Checks that every view of a report on hostile names stays well-formed and
inert: JSON and the trace parse, CSV rows have the header's width, SVG parses
as XML with no script element, HTML holds only the report's own script."""
import csv
import json
import sys
import xml.dom.minidom

directory = sys.argv[1]
hostile = "<script>alert('fn')</script>"

report = json.load(open(f"{directory}/r.json"))
names = {op["func"] for op in report["ops"]}
assert any(hostile in name for name in names), names
assert any(op["op"].startswith("evil.<img") for op in report["ops"])

json.load(open(f"{directory}/r.trace"))

# Strict UTF-8: a byte that is not (a name's \xFF) is replaced.
rows = list(csv.reader(open(f"{directory}/r.csv", newline="",
                            encoding="utf-8")))
assert len(rows) == 6, rows  # header + 5 ops, line breaks quoted
assert all(len(row) == len(rows[0]) for row in rows), rows
assert hostile in rows[1][2], rows[1]

# A cell that a spreadsheet would run as a formula starts with an apostrophe.
assert rows[3][2].startswith("'=HYPERLINK"), rows[3]

# Bytes that are not UTF-8 and the non-characters U+FFFE and U+FFFF are
# replaced: SVG stays well-formed XML.
svg = xml.dom.minidom.parse(f"{directory}/r.svg")
assert not svg.getElementsByTagName("script")
assert "\ufffd" in svg.toxml() and "\ufffe" not in svg.toxml()

raw_html = open(f"{directory}/r.html", "rb").read()
raw_html.decode("utf-8")  # strict: every byte is UTF-8
assert b"\x1b" not in raw_html
html = raw_html.decode("utf-8")
assert html.count("<script") == 1, "only the report's own script"
assert "<img" not in html and hostile not in html
assert "<script>alert(1)" not in html  # the file name, in locations
assert "&lt;script&gt;alert(&#39;fn&#39;)&lt;/script&gt;" in html

raw_text = open(f"{directory}/r.txt", "rb").read()
# Nothing that drives a terminal: no ESC, no C1 CSI.
assert b"\x1b" not in raw_text and b"\xc2\x9b" not in raw_text, raw_text
assert b"=HYPERLINK" in raw_text
text = raw_text.decode("utf-8", errors="replace")
assert "alert('fn')" in text  # plain text for a terminal, nothing to escape

# The diagnostics: nothing that drives a terminal, in the remarks' messages
# (function names) or in the locations they and mlsysim-fuse's remarks are at.
for name, expected in (("r.remarks", b"remark: "), ("r.fuse", b"fused group")):
    raw = open(f"{directory}/{name}", "rb").read()
    assert expected in raw, (name, raw)
    assert b"\x1b" not in raw and b"\xc2\x9b" not in raw, (name, raw)
print("hostile names stay inert in every view")
