#!/usr/bin/env python3
"""From any PyTorch model to an mlsysim report in one command.

Builds the model from one of

  torchvision:NAME            a torchvision model (torchvision.models.get_model,
                              no weights: the report needs shapes, not values)
  transformers:CLASS          a transformers model class built from its default
                              config (e.g. BertModel, GPT2Model; no network)
  package.module:function     your own factory: a callable that returns an
                              nn.Module (the module is importable from the
                              current directory or PYTHONPATH)

exports it the way the zoo is exported (zoo/models/export.py: torch.export
with the batch dimension dynamic, torch-mlir's FX importer to linalg on
tensors, every parameter and buffer a function argument tagged mlsysim.param,
the runtime inputs tagged mlsysim.input, transposed weight copies folded into
the matmuls that read them, runtime assertions stripped), writes the .mlir
file, and prints mlsysim's report of it.

  zoo/models/export.sh --from-torch torchvision:resnet18 --input 1x3x224x224xf32
  zoo/models/export.sh --from-torch transformers:BertModel --input input_ids=1x128xi64
  zoo/models/export.sh --from-torch mypkg.nets:make_net --input 8x64xf32 --dtype f16 \\
      --report "hardware=a100 batch=8"

--input is SHAPExDTYPE (dtypes f32, f16, bf16, i64, i32, bool), optionally
NAME=...; the first dimension is the batch and stays dynamic (--static keeps
every size). --dtype casts the model's parameters and its floating-point
inputs. --report passes options to --mlsysim-report (dynamic-dim defaults to
the batch of the first input); --no-report only writes the file.
"""

import argparse
import difflib
import importlib
import importlib.util
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.getcwd())

# torch, torchvision and the exporter load in seconds to minutes, and the
# export runs for minutes: every argument is checked before they load, so a
# typo fails in one line, at once, and without torch installed.
torch = None
export = None
DTYPE_NAMES = ("f32", "f16", "bf16", "i64", "i32", "bool")


def fail(message):
    """One line on stderr and exit status 1: no traceback for a user's
    mistake."""
    print("from_torch.py: error: " + message, file=sys.stderr)
    raise SystemExit(1)


def load_torch():
    global torch, export
    try:
        import torch as torch_module
        import export as export_module
    except ImportError as e:
        fail("%s; zoo/models/export.sh --from-torch runs this script in the "
             "export environment it installs (torch, torch-mlir)" % e)
    torch, export = torch_module, export_module


def dtype_of(name):
    return {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
            "i64": torch.int64, "i32": torch.int32, "bool": torch.bool}[name]


def parse_input(text, index):
    """NAME=AxBxCxDTYPE -> (name, shape, dtype name)."""
    name, _, spec = text.rpartition("=")
    parts = spec.split("x")
    if len(parts) < 2 or parts[-1] not in DTYPE_NAMES:
        fail("--input %r: expected SHAPExDTYPE such as 1x3x224x224xf32 "
             "(dtypes: %s)" % (text, ", ".join(DTYPE_NAMES)))
    try:
        shape = [int(d) for d in parts[:-1]]
    except ValueError:
        fail("--input %r: sizes must be integers" % text)
    if any(d <= 0 for d in shape):
        fail("--input %r: sizes must be positive" % text)
    return name or "input%d" % index, shape, parts[-1]


def check_model(spec):
    """The model's spelling, checked without importing it: the form, and for
    a factory, that its module exists."""
    kind, _, name = spec.partition(":")
    if not kind or not name:
        fail("model %r: expected torchvision:NAME, transformers:CLASS or "
             "package.module:function" % spec)
    if kind in ("torchvision", "transformers"):
        return
    try:
        found = importlib.util.find_spec(kind)
    except (ImportError, ValueError):
        found = None
    if found is None:
        near = difflib.get_close_matches(kind, ["torchvision", "transformers"], n=1)
        fail("model %r: no module %r%s (a factory's module is importable from "
             "the current directory or PYTHONPATH)"
             % (spec, kind, "; did you mean %r?" % near[0] if near else ""))


def mlsysim_opt():
    return os.environ.get("MLSYSIM_OPT", os.path.join(ROOT, "build", "bin", "mlsysim-opt"))


def check_report_options(options):
    """Runs mlsysim-opt's report with `options` on an empty module: a bad
    option, value or device fails in its one-line error before the export."""
    opt = mlsysim_opt()
    if not os.path.exists(opt):
        fail("%s not found: build mlsysim first, or set MLSYSIM_OPT" % opt)
    r = subprocess.run([opt, "-", "--mlsysim-report=" + options, "-o", "/dev/null"],
                       input="module {}\n", capture_output=True, text=True)
    if r.returncode != 0:
        errors = [line for line in r.stderr.splitlines() if "error:" in line]
        fail("--report: %s" % (errors[0] if errors else r.stderr.strip()))


def build_model(spec):
    kind, _, name = spec.partition(":")
    if kind == "torchvision":
        import torchvision
        try:
            return torchvision.models.get_model(name, weights=None)
        except ValueError:
            known = torchvision.models.list_models()
            near = difflib.get_close_matches(name, known, n=3)
            fail("torchvision has no model %r%s" % (
                name, "; did you mean %s?" % " or ".join(repr(n) for n in near)
                if near else " (torchvision.models.list_models() lists them)"))
    if kind == "transformers":
        import transformers
        cls = getattr(transformers, name, None)
        if cls is None or not hasattr(cls, "config_class"):
            near = difflib.get_close_matches(
                name, [n for n in dir(transformers) if n.endswith("Model")], n=3)
            fail("transformers has no model class %r%s" % (
                name, "; did you mean %s?" % " or ".join(repr(n) for n in near)
                if near else ""))
        config = cls.config_class()
        config._attn_implementation = "sdpa"
        return cls(config)
    factory = getattr(importlib.import_module(kind), name, None)
    if factory is None:
        fail("%s has no attribute %r" % (kind, name))
    model = factory()
    if not isinstance(model, torch.nn.Module):
        fail("%s() returned %s, not a torch.nn.Module" % (spec, type(model).__name__))
    return model


def call_of(model, names, keywords):
    """Calls the model functionally: weights from `params`, inputs positional
    (or by keyword, when named on the command line)."""
    def call(module, params, inputs):
        if keywords:
            out = torch.func.functional_call(module, params, (),
                                             dict(zip(names, inputs)))
        else:
            out = torch.func.functional_call(module, params, tuple(inputs))
        # transformers return ModelOutput: keep the tensors.
        if hasattr(out, "to_tuple"):
            out = tuple(t for t in out.to_tuple() if isinstance(t, torch.Tensor))
        return out
    return call


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.split("\n")[1:]))
    ap.add_argument("model", help="torchvision:NAME, transformers:CLASS or package.module:function")
    ap.add_argument("--input", action="append", default=[], required=True,
                    help="[NAME=]SHAPExDTYPE, once per input, in call order")
    ap.add_argument("--dtype", choices=["f32", "f16", "bf16"], default="f32")
    ap.add_argument("--static", action="store_true", help="keep every size static")
    ap.add_argument("-o", "--output", help="the .mlir file (default: ./<model>.mlir)")
    ap.add_argument("--report", default="", help="options of --mlsysim-report")
    ap.add_argument("--no-report", action="store_true")
    a = ap.parse_args()

    specs = [parse_input(t, i) for i, t in enumerate(a.input)]
    check_model(a.model)
    options = a.report
    if "dynamic-dim=" not in options and not a.static:
        options = ("dynamic-dim=%d " % specs[0][1][0]) + options
    options = options.strip()
    if not a.no_report:
        check_report_options(options)

    load_torch()
    torch.manual_seed(0)
    specs = [(name, shape, dtype_of(kind)) for name, shape, kind in specs]
    keywords = any("=" in t for t in a.input)
    model = build_model(a.model).eval()
    dtype = dtype_of(a.dtype)
    if dtype != torch.float32:
        model = model.to(dtype)
    inputs, dynamic = {}, {}
    for name, shape, kind in specs:
        if kind.is_floating_point:
            kind = dtype
            value = torch.randn(shape, dtype=kind)
        elif kind == torch.bool:
            value = torch.ones(shape, dtype=kind)
        else:
            value = torch.randint(0, 2, shape, dtype=kind)
        inputs[name] = value
        # torch.export specialises a dimension of size 1; a batch of 1 is
        # exported from a batch of 2 with the same program.
        if not a.static:
            if shape[0] == 1:
                inputs[name] = torch.cat([value, value])
            dynamic[name] = {0: export.BATCH}
    label = a.model.split(":")[-1].replace(".", "_")
    path = a.output or os.path.join(os.getcwd(), label + ".mlir")
    built = (model, call_of(model, list(inputs), keywords), inputs, dynamic)
    export.export_built(label, built, path, check=os.path.exists(export.MLIR_OPT))
    if a.no_report:
        return 0
    return subprocess.call([mlsysim_opt(), path, "--mlsysim-report=" + options,
                            "-o", "/dev/null"])


if __name__ == "__main__":
    sys.exit(main())
