"""The op suite of the validation benchmarks: one single-op case per entry.

Every case is a function `@kernel` on memrefs of f32 (no allocation inside, so a
repetition times the op and nothing else), with the upstream-MLIR transform
recipe that tiles and vectorizes it for the CPU, and the PyTorch expression that
computes the same thing on a GPU. `python3 bench/suite.py` writes the cases to
bench/cases/*.mlir, the files mlsysim prices.

Standard library only: the lit test of the harness runs it without a venv.
"""

import os
import sys

F32 = "f32"


def memref(shape):
    return "memref<%sxf32>" % "x".join(str(d) for d in shape)


class Case:
    """One op (or, for softmax, the few ops of its usual lowering)."""

    def __init__(self, name, op_class, args, outputs, body, tiles,
                 accumulates=False, interchange=None, torch=None):
        self.name = name
        self.op_class = op_class
        self.args = args            # [(name, shape)], inputs then outputs
        self.outputs = outputs      # names of the arguments the kernel writes
        self.body = body            # MLIR ops of the kernel, using %name
        self.tiles = tiles          # [(op name, tile sizes)] for the transform
        self.accumulates = accumulates  # outputs are read: zero them first
        # Generalize the op and permute its loops so that LLVM's loop
        # vectorizer sees a unit-stride parallel innermost loop (convolutions:
        # linalg's vectorizer handles 1-D convolutions only, and the 2-D -> 1-D
        # decomposition works on tensors only, not on these memrefs).
        self.interchange = interchange
        self.torch = torch          # (kind, params) for bench/gpu_torch.py

    def types(self, names):
        shapes = dict(self.args)
        return ", ".join(memref(shapes[n]) for n in names)

    def kernel(self, symbol="kernel"):
        params = ", ".join("%%%s: %s" % (n, memref(s)) for n, s in self.args)
        return ("func.func @%s(%s) {\n%s  return\n}\n"
                % (symbol, params, self.body))

    def footprint_bytes(self):
        total = 1
        out = 0
        for _, shape in self.args:
            total = 1
            for d in shape:
                total *= d
            out += 4 * total
        return out


def _ins_outs(case_args, ins, outs):
    shapes = dict(case_args)
    return ("ins(%s : %s) outs(%s : %s)" % (
        ", ".join("%" + n for n in ins), ", ".join(memref(shapes[n]) for n in ins),
        ", ".join("%" + n for n in outs), ", ".join(memref(shapes[n]) for n in outs)))


def matmul(m, n, k):
    args = [("a", (m, k)), ("b", (k, n)), ("c", (m, n))]
    body = "  linalg.matmul %s\n" % _ins_outs(args, ["a", "b"], ["c"])
    tile_m = 8 if m % 8 == 0 else 1
    return Case("matmul_%dx%dx%d" % (m, n, k), "matmul", args, ["c"], body,
                [("linalg.matmul", [tile_m, 32, 1])], accumulates=True,
                torch=("matmul", {}))


def matmul_transpose_b(m, n, k):
    """C = A B^T with B stored [n, k]: both inputs contiguous along the
    reduction (a Linear layer's weights [out, in]; the suite's matmul stores
    B [k, n])."""
    args = [("a", (m, k)), ("b", (n, k)), ("c", (m, n))]
    maps = ("indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, "
            "affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]")
    body = "  linalg.matmul %s %s\n" % (maps, _ins_outs(args, ["a", "b"], ["c"]))
    tile_m = 8 if m % 8 == 0 else 1
    return Case("matmul_tb_%dx%dx%d" % (m, n, k), "matmul_tb", args, ["c"], body,
                [("linalg.matmul", [tile_m, 32, 1])], accumulates=True,
                torch=("matmul_tb", {}))


def batch_matmul(b, m, n, k):
    args = [("a", (b, m, k)), ("b", (b, k, n)), ("c", (b, m, n))]
    body = "  linalg.batch_matmul %s\n" % _ins_outs(args, ["a", "b"], ["c"])
    return Case("batch_matmul_%dx%dx%dx%d" % (b, m, n, k), "batch_matmul", args,
                ["c"], body, [("linalg.batch_matmul", [1, 8, 32, 1])],
                accumulates=True, torch=("bmm", {}))


def conv2d(n, h, c, f, kh, stride):
    oh = (h - kh) // stride + 1
    args = [("x", (n, h, h, c)), ("w", (kh, kh, c, f)), ("y", (n, oh, oh, f))]
    attrs = ("{dilations = dense<1> : tensor<2xi64>, "
             "strides = dense<%d> : tensor<2xi64>}" % stride)
    body = "  linalg.conv_2d_nhwc_hwcf %s %s\n" % (attrs, _ins_outs(args, ["x", "w"], ["y"]))
    # Loops (n, oh, ow, f, kh, kw, c) become (n, oh, ow, kh, kw, c, f): the
    # output channel, contiguous in w and y, innermost.
    return Case("conv2d_%dx%dx%dx%d_k%d_s%d" % (n, h, c, f, kh, stride), "conv2d",
                args, ["y"], body, [], accumulates=True,
                interchange=("linalg.conv_2d_nhwc_hwcf", [0, 1, 2, 4, 5, 6, 3]),
                torch=("conv2d", {"stride": stride}))


def depthwise(n, h, c, kh, stride):
    oh = (h - kh) // stride + 1
    args = [("x", (n, h, h, c)), ("w", (kh, kh, c)), ("y", (n, oh, oh, c))]
    attrs = ("{dilations = dense<1> : tensor<2xi64>, "
             "strides = dense<%d> : tensor<2xi64>}" % stride)
    body = "  linalg.depthwise_conv_2d_nhwc_hwc %s %s\n" % (
        attrs, _ins_outs(args, ["x", "w"], ["y"]))
    # Loops (n, oh, ow, c, kh, kw) become (n, oh, ow, kh, kw, c).
    return Case("depthwise_%dx%dx%d_k%d_s%d" % (n, h, c, kh, stride),
                "depthwise_conv", args, ["y"], body, [], accumulates=True,
                interchange=("linalg.depthwise_conv_2d_nhwc_hwc", [0, 1, 2, 4, 5, 3]),
                torch=("depthwise", {"stride": stride}))


def add(m, n):
    args = [("a", (m, n)), ("b", (m, n)), ("c", (m, n))]
    body = "  linalg.add %s\n" % _ins_outs(args, ["a", "b"], ["c"])
    return Case("add_%dx%d" % (m, n), "elementwise", args, ["c"], body,
                [("linalg.add", [4, 64])], torch=("add", {}))


def exp(m, n):
    args = [("a", (m, n)), ("c", (m, n))]
    body = "  linalg.exp %s\n" % _ins_outs(args, ["a"], ["c"])
    return Case("exp_%dx%d" % (m, n), "elementwise", args, ["c"], body,
                [("linalg.exp", [4, 64])], torch=("exp", {}))


def scale_relu(m, n):
    args = [("a", (m, n)), ("c", (m, n))]
    body = ("  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, "
            "affine_map<(i, j) -> (i, j)>], iterator_types = [\"parallel\", "
            "\"parallel\"]} %s {\n"
            "  ^bb0(%%x: f32, %%o: f32):\n"
            "    %%two = arith.constant 2.0 : f32\n"
            "    %%one = arith.constant 1.0 : f32\n"
            "    %%zero = arith.constant 0.0 : f32\n"
            "    %%m = arith.mulf %%x, %%two : f32\n"
            "    %%s = arith.addf %%m, %%one : f32\n"
            "    %%r = arith.maximumf %%s, %%zero : f32\n"
            "    linalg.yield %%r : f32\n"
            "  }\n") % _ins_outs(args, ["a"], ["c"])
    return Case("scale_relu_%dx%d" % (m, n), "elementwise", args, ["c"], body,
                [("linalg.generic", [4, 64])], torch=("scale_relu", {}))


def reduce_sum(m, n, dim):
    out = (m,) if dim == 1 else (n,)
    args = [("a", (m, n)), ("r", out)]
    body = ("  linalg.reduce %s dimensions = [%d]\n"
            "    (%%in: f32, %%acc: f32) {\n"
            "      %%s = arith.addf %%in, %%acc : f32\n"
            "      linalg.yield %%s : f32\n"
            "    }\n") % (_ins_outs(args, ["a"], ["r"]), dim)
    return Case("reduce_sum_d%d_%dx%d" % (dim, m, n), "reduction", args, ["r"],
                body, [("linalg.reduce", [8, 64])], accumulates=True,
                torch=("sum", {"dim": dim}))


def transpose(m, n):
    args = [("a", (m, n)), ("t", (n, m))]
    body = "  linalg.transpose %s permutation = [1, 0]\n" % _ins_outs(args, ["a"], ["t"])
    return Case("transpose_%dx%d" % (m, n), "transpose", args, ["t"], body,
                [("linalg.transpose", [8, 8])], torch=("transpose", {}))


def softmax(m, n):
    """Softmax over the last dim as its usual lowering: row max, row sum of
    exp(x - max), then exp(x - max) / sum; the model prices each op."""
    args = [("x", (m, n)), ("mx", (m,)), ("sm", (m,)), ("y", (m, n))]
    row = "affine_map<(i, j) -> (i)>"
    ident = "affine_map<(i, j) -> (i, j)>"
    red = '[\"parallel\", \"reduction\"]'
    par = '[\"parallel\", \"parallel\"]'
    body = (
        "  %%ninf = arith.constant 0xFF800000 : f32\n"
        "  %%zero = arith.constant 0.0 : f32\n"
        "  linalg.fill ins(%%ninf : f32) outs(%%mx : %(v)s)\n"
        "  linalg.fill ins(%%zero : f32) outs(%%sm : %(v)s)\n"
        "  linalg.generic {indexing_maps = [%(id)s, %(row)s], iterator_types = %(red)s}"
        " ins(%%x : %(t)s) outs(%%mx : %(v)s) {\n"
        "  ^bb0(%%a: f32, %%acc: f32):\n"
        "    %%r = arith.maximumf %%a, %%acc : f32\n"
        "    linalg.yield %%r : f32\n"
        "  }\n"
        "  linalg.generic {indexing_maps = [%(id)s, %(row)s, %(row)s], iterator_types = %(red)s}"
        " ins(%%x, %%mx : %(t)s, %(v)s) outs(%%sm : %(v)s) {\n"
        "  ^bb0(%%a: f32, %%mv: f32, %%acc: f32):\n"
        "    %%d = arith.subf %%a, %%mv : f32\n"
        "    %%e = math.exp %%d : f32\n"
        "    %%r = arith.addf %%e, %%acc : f32\n"
        "    linalg.yield %%r : f32\n"
        "  }\n"
        "  linalg.generic {indexing_maps = [%(id)s, %(row)s, %(row)s, %(id)s], iterator_types = %(par)s}"
        " ins(%%x, %%mx, %%sm : %(t)s, %(v)s, %(v)s) outs(%%y : %(t)s) {\n"
        "  ^bb0(%%a: f32, %%mv: f32, %%sv: f32, %%o: f32):\n"
        "    %%d = arith.subf %%a, %%mv : f32\n"
        "    %%e = math.exp %%d : f32\n"
        "    %%r = arith.divf %%e, %%sv : f32\n"
        "    linalg.yield %%r : f32\n"
        "  }\n") % {"t": memref((m, n)), "v": memref((m,)), "id": ident,
                    "row": row, "red": red, "par": par}
    return Case("softmax_%dx%d" % (m, n), "softmax", args, ["y"], body,
                [("linalg.generic", [8, 64]), ("linalg.fill", [64])],
                torch=("softmax", {}))


def full_suite():
    """The suite: working sets from the private L2's size to far beyond the
    last-level cache (32 MiB here). Cases smaller than a few MiB stay in a
    cache between repetitions (the harness does not flush caches)."""
    return [
        # Square and skinny matmuls (the skinny ones are memory bound).
        matmul(128, 128, 128), matmul(256, 256, 256), matmul(512, 512, 512),
        matmul(1024, 1024, 1024), matmul(1536, 1536, 1536),
        matmul(1, 4096, 4096), matmul(8, 4096, 4096), matmul(16, 8192, 2048),
        matmul(4096, 64, 512), matmul(2048, 1024, 64),
        batch_matmul(16, 128, 128, 64), batch_matmul(8, 256, 256, 256),
        batch_matmul(32, 64, 512, 64),
        # Convolutions: ResNet-like 3x3, strided, 1x1, and depthwise.
        conv2d(1, 58, 64, 64, 3, 1), conv2d(1, 30, 128, 128, 3, 1),
        conv2d(1, 57, 64, 128, 3, 2), conv2d(1, 56, 256, 64, 1, 1),
        conv2d(1, 112, 64, 128, 1, 2),
        depthwise(1, 114, 64, 3, 1), depthwise(1, 58, 256, 3, 1),
        depthwise(1, 113, 96, 3, 2),
        # Elementwise maps: LLC-resident to far beyond the LLC.
        add(512, 1024), add(2048, 2048), add(4096, 8192),
        exp(512, 1024), exp(4096, 4096),
        scale_relu(1024, 1024), scale_relu(4096, 8192),
        # Reductions, transposes, softmax.
        reduce_sum(1024, 1024, 1), reduce_sum(8192, 4096, 1),
        reduce_sum(1024, 1024, 0), reduce_sum(8192, 4096, 0),
        transpose(1024, 1024), transpose(4096, 4096), transpose(8192, 2048),
        softmax(512, 1024), softmax(4096, 4096), softmax(8192, 1024),
    ]


def layout_suite():
    """The suite's matmul shapes with B stored [n, k] (dot-product order):
    the compiled-code comparisons (bench/iree) fit the efficiency of such
    contractions on them. Not in the mlir-runner harness's suite. The last
    two have a row count that is no multiple of a tile (ViT-B/16's 197
    tokens), which every other shape of the suite is."""
    return [matmul_transpose_b(m, n, k) for m, n, k in (
        (128, 128, 128), (256, 256, 256), (512, 512, 512), (1024, 1024, 1024),
        (1536, 1536, 1536), (1, 4096, 4096), (8, 4096, 4096), (16, 8192, 2048),
        (4096, 64, 512), (2048, 1024, 64), (197, 3072, 768), (197, 768, 3072))]


def tiny_suite():
    """A few small cases for the lit test: one per lowering recipe."""
    return [matmul(16, 32, 8), conv2d(1, 6, 8, 32, 3, 1),
            depthwise(1, 9, 32, 3, 2), add(8, 64), reduce_sum(16, 64, 0),
            transpose(16, 16), softmax(8, 64)]


def write_cases(directory):
    os.makedirs(directory, exist_ok=True)
    for case in full_suite():
        with open(os.path.join(directory, case.name + ".mlir"), "w") as f:
            f.write("// Generated by bench/suite.py; class %s.\n" % case.op_class)
            f.write(case.kernel())


if __name__ == "__main__":
    write_cases(sys.argv[1] if len(sys.argv) > 1 else
                os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases"))
