#!/usr/bin/env python3
"""Lists the C++ function bodies longer than N lines (default 100) in lib/,
include/ and tools/, longest first: `python3 scripts/long-functions.py [N]`
from the repository root. A brace-matching heuristic, not a parser: the name
shown is the first call-like name on the lines that open the body."""
import re, subprocess, sys
n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
files = subprocess.run(['git', 'ls-files', 'lib', 'include', 'tools'], capture_output=True, text=True).stdout.split()
res = []
for f in files:
    if not f.endswith(('.cpp', '.h')):
        continue
    lines = open(f, errors='replace').read().split('\n')
    depth = 0; start = None; header = None
    inclass = []
    for i, line in enumerate(lines):
        code = re.sub(r'//.*', '', line)
        code = re.sub(r'"(\\.|[^"\\])*"', '""', code)
        code = re.sub(r"'(\\.|[^'\\])*'", "''", code)
        for ch in code:
            if ch == '{':
                if start is None:
                    # a function starts when the brace closes a line with ')' or 'const' etc.
                    prev = ' '.join(l.strip() for l in lines[max(0, i-3):i+1])
                    if re.search(r'\)\s*(const)?\s*(override)?\s*(noexcept)?\s*(->\s*[\w:<>&* ]+)?\s*\{', prev) and not re.search(r'\b(if|for|while|switch|catch)\s*\(', code.split('{')[0] if '{' in code else code) and not re.search(r'^\s*(namespace|struct|class|enum)\b', line):
                        start = i; startdepth = depth
                        m = re.findall(r'([\w:~]+)\s*\(', prev)
                        header = m[0] if m else '?'
                depth += 1
            elif ch == '}':
                depth -= 1
                if start is not None and depth == startdepth:
                    length = i - start + 1
                    if length > n:
                        res.append((length, f, start + 1, header))
                    start = None
for length, f, line, h in sorted(res, reverse=True):
    print(f'{length:4d} {f}:{line} {h}')
print(f'{len(res)} functions over {n} lines', file=sys.stderr)
