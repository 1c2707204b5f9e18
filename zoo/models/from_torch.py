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
import importlib
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.getcwd())

import torch  # noqa: E402

import export  # noqa: E402

DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16,
          "i64": torch.int64, "i32": torch.int32, "bool": torch.bool}


def parse_input(text, index):
    """NAME=AxBxCxDTYPE -> (name, shape, dtype)."""
    name, _, spec = text.rpartition("=")
    parts = spec.split("x")
    if len(parts) < 2 or parts[-1] not in DTYPES:
        raise SystemExit("--input %r: expected SHAPExDTYPE such as 1x3x224x224xf32 "
                         "(dtypes: %s)" % (text, ", ".join(DTYPES)))
    try:
        shape = [int(d) for d in parts[:-1]]
    except ValueError:
        raise SystemExit("--input %r: sizes must be integers" % text)
    if any(d <= 0 for d in shape):
        raise SystemExit("--input %r: sizes must be positive" % text)
    return name or "input%d" % index, shape, DTYPES[parts[-1]]


def build_model(spec):
    kind, _, name = spec.partition(":")
    if not name:
        raise SystemExit("model %r: expected torchvision:NAME, transformers:CLASS or "
                         "package.module:function" % spec)
    if kind == "torchvision":
        import torchvision
        return torchvision.models.get_model(name, weights=None)
    if kind == "transformers":
        import transformers
        cls = getattr(transformers, name, None)
        if cls is None or not hasattr(cls, "config_class"):
            raise SystemExit("transformers has no model class %r" % name)
        config = cls.config_class()
        config._attn_implementation = "sdpa"
        return cls(config)
    factory = getattr(importlib.import_module(kind), name, None)
    if factory is None:
        raise SystemExit("%s has no attribute %r" % (kind, name))
    model = factory()
    if not isinstance(model, torch.nn.Module):
        raise SystemExit("%s() returned %s, not a torch.nn.Module" % (spec, type(model).__name__))
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

    torch.manual_seed(0)
    specs = [parse_input(t, i) for i, t in enumerate(a.input)]
    keywords = any("=" in t for t in a.input)
    model = build_model(a.model).eval()
    dtype = DTYPES[a.dtype]
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
    options = a.report
    if "dynamic-dim=" not in options and not a.static:
        options = ("dynamic-dim=%d " % specs[0][1][0]) + options
    opt = os.environ.get("MLSYSIM_OPT", os.path.join(ROOT, "build", "bin", "mlsysim-opt"))
    return subprocess.call([opt, path, "--mlsysim-report=" + options.strip(), "-o", "/dev/null"])


if __name__ == "__main__":
    sys.exit(main())
