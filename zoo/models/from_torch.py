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

--train exports one training step instead (zoo/models/export_train.py's path:
torch.compile + aot_autograd's forward and backward graphs, then the
optimizer), one module with @forward, @backward and @optimizer tagged
mlsysim.phase, every argument and result tagged mlsysim.role, and its report
shows the training step and its three phases:

  zoo/models/export.sh --from-torch mypkg.nets:make_net --input 8x64xf32 --train \\
      --loss cross-entropy --optimizer sgd --report "hardware=a100"

--optimizer adamw (default) or sgd (momentum 0.9, weight decay 1e-4). --loss
sum (default: the sum of the output, any model), cross-entropy (the output as
logits over its last dimension, integer class labels of the output's leading
shape) or mse (a target of the output's shape). --target SHAPExDTYPE gives the
labels' or target's shape and dtype (default: the shape the loss needs, i64
labels or floating-point values, made up; they are an input of the step named
"labels" or "target"). The model runs in training mode with its dropout
probabilities set to 0 and BatchNorm on batch statistics (no running-statistics
update); the batch stays dynamic. --dtype bf16/f16 computes the forward and
backward in that type from f32 master weights (f32 gradients and optimizer).
The file is ./<model>_train.mlir (or -o); the report's batch= defaults to the
batch of the first input.
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


def first_tensor(out):
    """The model's output the loss reads: a tensor, or the first tensor of a
    tuple (a transformers ModelOutput becomes one in call_of)."""
    if isinstance(out, torch.Tensor):
        return out
    if isinstance(out, (tuple, list)):
        for t in out:
            if isinstance(t, torch.Tensor):
                return t
    fail("--train: the model returns %s, not a tensor (or a tuple of tensors) "
         "a loss can read" % type(out).__name__)


def dims(shape):
    return "x".join(str(d) for d in shape) or "a scalar"


def make_target(loss, out, given, label, batch):
    """The labels or target the loss needs, checked against the output's
    shape (`given`: (shape, dtype) from --target, or None: made up). The
    messages name the shapes at the batch asked for (`batch`: a batch of 1
    runs as 2, for the dynamic dimension)."""
    run = list(out.shape)
    shape = list(run)
    if batch == 1 and shape and shape[0] == 2:
        shape[0] = 1
    if not out.is_floating_point():
        fail("--loss %s: the output of %s is %s, not floating point: nothing to "
             "differentiate" % (loss, label, str(out.dtype).replace("torch.", "")))
    if loss == "sum":
        if given:
            fail("--target: --loss sum takes no target")
        return None
    if loss == "cross-entropy":
        if len(shape) < 2:
            fail("--loss cross-entropy: the output of %s is %s; logits need a "
                 "batch and a class dimension (the last)" % (label, dims(shape)))
        want = shape[:-1]
        if given and (given[1] not in (torch.int64, torch.int32) or given[0] != want):
            fail("--target %s: --loss cross-entropy takes integer class labels of the "
                 "output's leading shape, %sxi64 (the output is %s: logits over %d "
                 "classes)" % (given[2], dims(want), dims(shape), shape[-1]))
        return torch.randint(0, shape[-1], run[:-1], dtype=torch.int64)
    # mse
    if given and (not given[1].is_floating_point or given[0] != shape):
        fail("--target %s: --loss mse takes a floating-point target of the output's "
             "shape, %sxf32" % (given[2], dims(shape)))
    return torch.randn(run, dtype=out.dtype)


def export_train_step(a, label, model, inputs, keywords, target_spec, batch, path):
    """Exports one training step of `model` on `inputs` (name -> example
    tensor; a batch of 1 comes as 2, `batch` is the one asked for) with
    zoo/models/export_train.py's functions, writes it to `path` and checks it
    with mlir-opt."""
    import time
    t0 = time.time()
    try:
        import export_train as T
    except ImportError as e:
        fail("%s; --train needs torch-mlir (zoo/models/export.sh --from-torch "
             "runs this script in the export environment)" % e)
    F = torch.nn.functional
    model.train()
    # Deterministic graph: dropout off; BatchNorm on batch statistics, its
    # running-statistics update left out (as the zoo's training steps).
    for m in model.modules():
        if isinstance(m, torch.nn.modules.dropout._DropoutNd):
            m.p = 0.0
        if isinstance(m, torch.nn.modules.batchnorm._BatchNorm):
            m.track_running_stats = False
            m.running_mean = m.running_var = m.num_batches_tracked = None
    if not any(p.requires_grad for p in model.parameters()):
        fail("--train: %s has no trainable parameters: no backward pass to export"
             % label)
    compute = dtype_of(a.dtype)
    names = list(inputs)
    call = call_of(model, names, keywords)
    with torch.no_grad():
        out = first_tensor(call(model, T._cast_params(dict(
            model.named_parameters()), compute), list(inputs.values())))
    target = make_target(a.loss, out, target_spec, label, batch)
    if target is not None:
        inputs = dict(inputs)
        inputs["labels" if a.loss == "cross-entropy" else "target"] = target

    # Only plain values in the closure: a captured tensor would become an
    # input of the graph that is neither a parameter nor an input.
    has_target, loss = target is not None, a.loss

    def loss_fn(model, params, values):
        values = list(values)
        want = values.pop() if has_target else None
        out = first_tensor(call(model, T._cast_params(params, compute), [
            v.to(compute) if v.is_floating_point() else v for v in values]))
        out = out.float()
        if loss == "sum":
            return out.sum()
        if loss == "mse":
            return torch.square(out - want.float()).mean()
        return F.cross_entropy(out.reshape(-1, out.shape[-1]), want.reshape(-1))

    try:
        got, param_names, input_names = T.capture(model, loss_fn, inputs)
        graphs = T.split_graphs(got, param_names, input_names, compute)
    except SystemExit:
        raise
    except Exception as e:  # noqa: BLE001  (torch's errors are many kinds)
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip()]
        fail("--train: the forward and backward graphs of %s could not be "
             "captured (torch.compile(fullgraph=True) with aot_autograd): %s: %s"
             % (label, type(e).__name__, lines[0] if lines else ""))
    fw, fa, fr, bw, ba, br = graphs
    ogm, oa, orr = T.trace_optimizer(a.optimizer, model)
    try:
        module, _, _ = T.lower(
            [("forward", fw, "forward", fa, fr), ("backward", bw, "backward", ba, br),
             ("optimizer", ogm, "optimizer", oa, orr)])
    except Exception as e:  # noqa: BLE001
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip()]
        fail("--train: torch-mlir could not lower the training step of %s to linalg: "
             "%s" % (label, lines[0] if lines else type(e).__name__))
    with module.context:
        for op in module.body.operations:
            if op.operation.name == "func.func" and \
                    op.operation.attributes["sym_name"].value == "optimizer":
                op.operation.attributes["mlsysim.optimizer"] = \
                    T.ir.StringAttr.get(a.optimizer)
    text, n_scatter = T.replace_scatters(T.print_with_locations(module))
    bad = {o for o in export.op_dialects(text)
           if o.split(".")[0] not in export.ALLOWED_DIALECTS}
    if bad:
        fail("--train: %s: ops outside upstream MLIR remain after lowering: %s"
             % (label, ", ".join(sorted(bad))))
    precision = "f32" if compute == torch.float32 else \
        "%s compute, f32 master weights" % a.dtype
    with open(path, "w") as fh:
        fh.write("// %s training step, %s, loss %s, optimizer %s\n"
                 "// Generated by zoo/models/from_torch.py --train (torch %s, "
                 "aot_autograd default partition, torch-mlir FX importer, "
                 "linalg-on-tensors).\n"
                 "// @forward: %d trainable parameters + inputs %s -> loss, %d "
                 "saved activations; @backward -> %d gradients; @optimizer (%s).\n"
                 % (label, precision, a.loss, a.optimizer, torch.__version__,
                    len(param_names), ", ".join(input_names), len(fr) - 1,
                    len(br), a.optimizer))
        fh.write(text)
    ok = "unchecked"
    if os.path.exists(export.MLIR_OPT):
        r = subprocess.run([export.MLIR_OPT, path, "-o", "/dev/null"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            fail("--train: %s: mlir-opt cannot parse the exported step: %s"
                 % (path, r.stderr.strip().splitlines()[0] if r.stderr.strip() else ""))
        ok = "ok"
    print("[%s] training step: %d parameters, %d saved activations, %d "
          "scatter-adds, mlir-opt %s, %.1fs"
          % (os.path.basename(path), len(param_names), len(fr) - 1, n_scatter, ok,
             time.time() - t0), flush=True)


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
    ap.add_argument("--train", action="store_true",
                    help="export one training step (forward, backward, optimizer)")
    ap.add_argument("--optimizer", choices=["adamw", "sgd"], default="adamw",
                    help="the step's optimizer (--train; default adamw)")
    ap.add_argument("--loss", choices=["sum", "cross-entropy", "mse"], default="sum",
                    help="the step's loss (--train; default sum, of the output)")
    ap.add_argument("--target", metavar="SHAPExDTYPE",
                    help="the labels (cross-entropy) or target (mse) (--train; "
                         "default: made up, of the shape the loss needs)")
    a = ap.parse_args()

    if not a.train:
        for flag, given in (("--optimizer", a.optimizer != "adamw"),
                            ("--loss", a.loss != "sum"),
                            ("--target", a.target is not None)):
            if given:
                fail("%s goes with --train" % flag)
    if a.train and a.static:
        fail("--static: a training step keeps its batch dynamic (--train)")
    target_spec = parse_input(a.target, 0)[1:] if a.target else None
    if target_spec and "=" in a.target:
        fail("--target %r: SHAPExDTYPE, without a name" % a.target)
    specs = [parse_input(t, i) for i, t in enumerate(a.input)]
    check_model(a.model)
    options = a.report
    if a.train and "batch=" not in options and "dynamic-dim=" not in options:
        # A step's samples per second and memory are at batch= (which binds
        # the dynamic batch dimension too).
        options = ("batch=%d " % specs[0][1][0]) + options
    elif "dynamic-dim=" not in options and not a.static:
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
    if dtype != torch.float32 and not a.train:  # a step keeps f32 master weights
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
    if a.train:
        path = a.output or os.path.join(os.getcwd(), label + "_train.mlir")
        target = (target_spec[0], dtype_of(target_spec[1]), a.target) \
            if target_spec else None
        export_train_step(a, a.model, model, inputs, keywords, target,
                          specs[0][1][0], path)
    else:
        path = a.output or os.path.join(os.getcwd(), label + ".mlir")
        built = (model, call_of(model, list(inputs), keywords), inputs, dynamic)
        export.export_built(label, built, path, check=os.path.exists(export.MLIR_OPT))
    if a.no_report:
        return 0
    return subprocess.call([mlsysim_opt(), path, "--mlsysim-report=" + options,
                            "-o", "/dev/null"])

if __name__ == "__main__":
    sys.exit(main())
