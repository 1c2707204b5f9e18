"""Writes a module of N functions (default 18), function i (0-based) adding
two f32 vectors of (i + 1) x 65536 elements: the later, the costlier."""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 18
for i in range(n):
    t = f"tensor<{(i + 1) * 65536}xf32>"
    print(f"func.func @f{i}(%a: {t}, %b: {t}) -> {t} {{\n"
          f"  %0 = linalg.add ins(%a, %b : {t}, {t}) outs(%a : {t}) -> {t}\n"
          f"  return %0 : {t}\n}}")
