#!/usr/bin/env python3
"""Export one training step of zoo models as linalg-on-tensors MLIR.

One module per model and precision, three functions:

  @forward   {mlsysim.phase = "forward"}   weights + inputs + labels -> loss, saved activations
  @backward  {mlsysim.phase = "backward"}  saved activations (+ weights/inputs) -> weight gradients
  @optimizer {mlsysim.phase = "optimizer"} params, grads, exp_avg, exp_avg_sq, lr, step
                                           -> new params, exp_avg, exp_avg_sq   (AdamW)

Files: <name>_train.mlir (f32) and <name>_train_bf16.mlir (bf16 forward/backward
from f32 master weights cast at the start of @forward; f32 optimizer and state);
ResNet-50 also <name>_train[_bf16]_sgd.mlir (@optimizer: SGD, momentum 0.9,
weight decay 1e-4). Dropout probabilities are 0; BatchNorm uses batch statistics
(running-statistics update left out). See README.md, "Training steps".

Path: torch.compile(fullgraph=True) with a capturing aot_autograd backend
(torch._dynamo.backends.common.aot_autograd, default partitioner): PyTorch's own
joint forward+backward graph, split into the forward and backward GraphModules
that eager training would run. Batch dimension of the inputs marked dynamic
(torch._dynamo.mark_dynamic), so dim 0 of every batch-shaped tensor is `?`.
Both GraphModules (and the optimizer, traced with make_fx) are imported into
one torch-mlir FX importer module (torch_mlir.fx FxImporter.import_stateless_graph)
and lowered to linalg-on-tensors; export.py's clean-ups (fold_transposes,
strip_runtime_checks, lower-affine) and decomposition table are reused.

Every argument and result carries {mlsysim.role = "weight" | "input" |
"activation" | "gradient" | "optimizer_state"}; weights (and their gradients and
optimizer state) also {mlsysim.param = "<name>"}, inputs {mlsysim.input = "<name>"}.
The loss is @forward's result 0 with role "activation" and {mlsysim.loss}.

Departures from the stock lowering (each explained where it is defined):
convolution_backward and nll_loss_backward get scatter-free decompositions;
saved activations flattened over the batch are handed over batch-shaped;
tm_tensor.scatter (embedding / max-pool backward, a scatter-add) becomes
tensor.scatter {mlsysim.scatter_add}, a cost stand-in (no accumulate mode).

Locations: each op of @forward/@backward carries the framework op it came from,
loc("<aten op>#<n>") (e.g. loc("aten.native_batch_norm_backward.default#19")),
n numbering the autograd ops of the step: a forward op and its backward share n
(see _framework_op_location). A forward op traced inside a submodule also names
that (innermost) nn.Module as the child location, as named_modules() spells it:
loc("aten.convolution.default#18"("layer1.0.conv1")) (see module_path). Backward
ops have no module path (aot_autograd records none; the shared n links them to
their forward op), nor have ops of the model's own forward or of the loss. Ops
with no framework op (@optimizer, added views and constants) have no location.

Usage: export_train.py [--out DIR] [--no-check] [NAME ...]   (default: all)
"""

import argparse
import math
import operator
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import export as E  # noqa: E402  (sets the HF offline environment too)

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch_mlir import fx, ir  # noqa: E402
from torch_mlir.compiler_utils import OutputType  # noqa: E402
from torch_mlir.extras.fx_importer import FxImporter  # noqa: E402
from torch_mlir.dialects import torch as torch_d  # noqa: E402
from torch_mlir.passmanager import PassManager  # noqa: E402

BF16 = torch.bfloat16
F32 = torch.float32

ADAMW = dict(lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.01)
SGD = dict(lr=0.1, momentum=0.9, weight_decay=1e-4)


# --------------------------------------------------------------------------
# Training builders: (model, loss_fn(model, params, inputs) -> loss, inputs, dynamic)
# Parameters are f32 master weights; with `compute=bf16` they are cast to bf16
# at the start of the step (and the float inputs with them), so the forward and
# backward compute in bf16 and the gradients come back f32 (the cast's backward).
# --------------------------------------------------------------------------
def _cast_params(params, compute):
    if compute == F32:
        return params
    return {k: v.to(compute) if v.is_floating_point() else v for k, v in params.items()}


def build_resnet50(compute):
    import torchvision
    model = torchvision.models.resnet50(weights=None).train()
    # Training-mode BatchNorm normalises with the batch statistics. The running
    # statistics update (an in-place write of 2x C floats per layer) is left out.
    for m in model.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            m.track_running_stats = False
            m.running_mean = None
            m.running_var = None
            m.num_batches_tracked = None
    x = torch.randn(2, 3, 224, 224)
    y = torch.randint(0, 1000, (2,))

    def loss_fn(model, params, inputs):
        image, labels = inputs
        logits = torch.func.functional_call(model, _cast_params(params, compute),
                                            (image.to(compute),))
        return F.cross_entropy(logits.float(), labels)

    return model, loss_fn, {"image": x, "labels": y}


def build_bert_mlm(compute, seq=128):
    from transformers import BertConfig, BertForMaskedLM
    cfg = BertConfig(hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0)
    cfg._attn_implementation = "sdpa"
    model = BertForMaskedLM(cfg).train()
    ids = torch.randint(0, cfg.vocab_size, (2, seq))
    mask = torch.ones(2, seq, dtype=torch.int64)
    labels = torch.randint(0, cfg.vocab_size, (2, seq))  # MLM labels on every position

    def loss_fn(model, params, inputs):
        ids, mask, labels = inputs
        out = torch.func.functional_call(
            model, _cast_params(params, compute), args=(),
            kwargs=dict(input_ids=ids, attention_mask=mask, return_dict=True))
        logits = out.logits.float()
        return F.cross_entropy(logits.view(-1, logits.shape[-1]), labels.view(-1))

    return model, loss_fn, {"input_ids": ids, "attention_mask": mask, "labels": labels}


def build_gpt2_lm(compute, seq=128):
    from transformers import GPT2Config, GPT2LMHeadModel
    cfg = GPT2Config(resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
    cfg._attn_implementation = "sdpa"
    model = GPT2LMHeadModel(cfg).train()  # lm_head tied to transformer.wte
    ids = torch.randint(0, cfg.vocab_size, (2, seq))
    mask = torch.ones(2, seq, dtype=torch.int64)

    def loss_fn(model, params, inputs):
        ids, mask = inputs
        out = torch.func.functional_call(
            model, _cast_params(params, compute), args=(),
            kwargs=dict(input_ids=ids, attention_mask=mask, use_cache=False,
                        return_dict=True))
        logits = out.logits.float()
        # Next-token LM loss: position t predicts token t+1.
        shift = logits[:, :-1, :].reshape(-1, logits.shape[-1])
        return F.cross_entropy(shift, ids[:, 1:].reshape(-1))

    return model, loss_fn, {"input_ids": ids, "attention_mask": mask}


MODELS = {
    "resnet50": (build_resnet50, ("adamw", "sgd")),
    "bert_base_s128": (build_bert_mlm, ("adamw",)),
    "gpt2_small": (build_gpt2_lm, ("adamw",)),
}
PRECISIONS = {"f32": (F32, "_train"), "bf16": (BF16, "_train_bf16")}


def _nll_loss_backward(grad_output, self, target, weight, reduction, ignore_index,
                       total_weight):
    """aten.nll_loss_backward as a one-hot select (the stock decomposition scatters
    into zeros, which torch-mlir lowers to tm_tensor.scatter): the same values,
    one elementwise pass writing the [N, C] gradient."""
    assert weight is None and self.dim() == 2, "only unweighted [N, C] nll_loss"
    C = self.shape[-1]
    hit = torch.arange(C, device=self.device)[None, :] == target[:, None]
    hit = hit & (target != ignore_index)[:, None]
    if reduction == 0:  # none: grad_output is [N]
        g = -grad_output[:, None]
    elif reduction == 1:  # mean
        g = -grad_output / total_weight
    else:  # sum
        g = -grad_output
    return torch.where(hit, g, torch.zeros((), dtype=self.dtype)).to(self.dtype)


def _subpixel_input_grad(g, w, in_hw, stride, padding):
    """Input gradient of a strided convolution without multiplying zeros: for each
    of the stride x stride output phases, the taps of that phase (w[:, :, rh::s,
    rw::s], flipped, channels swapped) convolved with grad_output, written at
    every stride-th pixel (slice_scatter). Together the phases use each tap once,
    so the FLOPs equal the forward's; the transposed convolution torch-mlir
    builds instead runs over a zero-inserted grad_output (stride^2 times more).
    Checked against torch.nn.grad.conv2d_input (k 1/3/5/7, stride 1-3)."""
    aten = torch.ops.aten
    N, Co, Ho, Wo = g.shape
    H, W = in_hw
    gi = None
    for rh in range(stride[0]):
        for rw in range(stride[1]):
            wr = aten.slice.Tensor(aten.slice.Tensor(w, 2, rh, None, stride[0]), 3, rw, None, stride[1])
            Jh, Jw = wr.shape[2], wr.shape[3]
            if Jh == 0 or Jw == 0:
                continue
            wk = aten.transpose.int(aten.flip.default(wr, [2, 3]), 0, 1)
            y = aten.convolution.default(g, wk, None, [1, 1], [Jh - 1, Jw - 1], [1, 1], False, [0, 0], 1)
            i0h = (rh - padding[0]) % stride[0]
            i0w = (rw - padding[1]) % stride[1]
            nh = -(-(H - i0h) // stride[0]); nw = -(-(W - i0w) // stride[1])
            q0h = (i0h + padding[0] - rh) // stride[0]; q0w = (i0w + padding[1] - rw) // stride[1]
            assert q0h >= 0 and q0w >= 0 and q0h + nh <= Ho + Jh - 1 and q0w + nw <= Wo + Jw - 1
            ys = aten.slice.Tensor(aten.slice.Tensor(y, 2, q0h, q0h + nh), 3, q0w, q0w + nw)
            if gi is None:
                gi = aten.new_zeros.default(g, [N, w.shape[1], H, W])
            row = aten.slice.Tensor(gi, 2, i0h, None, stride[0])
            row = aten.slice_scatter.default(row, ys, 3, i0w, None, stride[1])
            gi = aten.slice_scatter.default(gi, row, 2, i0h, None, stride[0])
    return gi


def _convolution_backward(grad_output, input, weight, bias_sizes, stride, padding,
                          dilation, transposed, output_padding, groups, output_mask):
    """aten.convolution_backward (2-D, groups=1, not transposed) as two plain
    convolutions, the textbook way: the input gradient is the transposed
    convolution of grad_output with the weights, the weight gradient the
    convolution of the input (channels and batch swapped) with grad_output
    (likewise swapped) at dilation=stride. torch-mlir's own lowering builds a
    grouped convolution with the batch as the group count, which it cannot
    legalize under a dynamic batch."""
    aten = torch.ops.aten
    assert not transposed and groups == 1 and input.dim() == 4
    gi = gw = gb = None
    if output_mask[0] and list(stride) != [1, 1] and list(dilation) == [1, 1]:
        gi = _subpixel_input_grad(grad_output, weight, input.shape[2:], stride, padding)
        output_mask = [False, *output_mask[1:]]
    if output_mask[0]:
        # Output padding recovers the rows a strided convolution dropped.
        op = []
        for d in range(2):
            full = (grad_output.shape[2 + d] - 1) * stride[d] - 2 * padding[d] + \
                dilation[d] * (weight.shape[2 + d] - 1) + 1
            op.append(input.shape[2 + d] - full)
        gi = aten.convolution.default(grad_output, weight, None, stride, padding, dilation,
                                      True, op, 1)
    if output_mask[1]:
        x_t = aten.transpose.int(input, 0, 1)          # [Ci, N, H, W]
        g_t = aten.transpose.int(grad_output, 0, 1)    # [Co, N, Ho, Wo]
        # Only the input rows/columns some kernel tap reads: L = (Ho-1)*s +
        # (k-1)*d + 1 padded positions, so the result is exactly [Ci, Co, kh, kw]
        # (with the symmetric padding of the forward, a strided convolution would
        # compute up to 4x the taps and drop them).
        pads = []
        for d in range(2):
            L = (grad_output.shape[2 + d] - 1) * stride[d] + \
                (weight.shape[2 + d] - 1) * dilation[d] + 1
            keep = min(input.shape[2 + d], L - padding[d])
            if keep < input.shape[2 + d]:
                x_t = aten.slice.Tensor(x_t, 2 + d, 0, keep)
            pads.append((padding[d], L - padding[d] - keep))
        if any(a or b for a, b in pads):
            x_t = aten.constant_pad_nd.default(
                x_t, [pads[1][0], pads[1][1], pads[0][0], pads[0][1]], 0.0)
        w = aten.convolution.default(x_t, g_t, None, dilation, [0, 0], stride, False,
                                     [0, 0], 1)        # [Ci, Co, kh, kw]
        gw = aten.transpose.int(w, 0, 1)
    if output_mask[2]:
        gb = aten.sum.dim_IntList(grad_output, [0, 2, 3])
    return gi, gw, gb


def train_decompositions():
    table = E.decomposition_table()
    table[torch.ops.aten.nll_loss_backward.default] = _nll_loss_backward
    table[torch.ops.aten.convolution_backward.default] = _convolution_backward
    return table


_SCATTER = re.compile(
    r"(?P<res>%[\w#]+) = tm_tensor\.scatter \{dimension_map = array<i64: (?P<dims>[0-9, ]+)>\} "
    r"unique_indices\(false\) ins\((?P<upd>%[\w#]+), (?P<idx>%[\w#]+) : "
    r"(?P<ut>tensor<[^>]+>), (?P<it>tensor<[^>]+>)\) outs\((?P<dst>%[\w#]+) : "
    r"(?P<dt>tensor<[^>]+>)\) \{\n\s*\^bb0\((?P<a>%\w+): \w+, (?P<b>%\w+): \w+\):\n"
    r"(?P<body>(?:\s*%\w+ = arith\.addf [^\n]*\n)?)\s*tm_tensor\.yield [^\n]*\n"
    r"\s*\} -> tensor<[^>]+>")


def _shape(t):
    return t[len("tensor<"):-1].split("x")


def replace_scatters(text):
    """aten.embedding_dense_backward and max_pool2d_with_indices_backward (index_put
    with accumulate) lower to tm_tensor.scatter, which is not upstream MLIR. Each
    becomes tensor.scatter (the update rows written at their indices) tagged
    {mlsysim.scatter_add}: the bytes of the scatter-add kernel, but tensor.scatter
    has no accumulate mode and requires `unique`, so where indices repeat (the same
    token twice, overlapping pooling windows) the IR is a cost stand-in, not the
    exact value (see README)."""
    n = 0

    def sub(m):
        nonlocal n
        n += 1
        dims = [int(x) for x in m["dims"].split(",")]
        assert dims == list(range(len(dims))), m["dims"]
        tag = "mlsysim.scatter_add" if m["body"].strip() else "mlsysim.scatter"
        ind = m["res"].lstrip("%").replace("#", "_")
        upd, ut, pre = m["upd"], m["ut"], ""
        dst_shape = _shape(m["dt"])[:-1]  # sizes, without the element type
        want = ["1"] * len(dims) + dst_shape[len(dims):]
        us = _shape(ut)
        if us[1:-1] != want and len(us) == 2:  # tensor<Nxelt>: rows of one element
            elt = us[-1]
            nt = "tensor<" + "x".join([us[0], *want, elt]) + ">"
            grp = "[" + ", ".join(str(i) for i in range(len(want) + 1)) + "]"
            pre = (f"%mls_c0_{ind} = arith.constant 0 : index\n    "
                   f"%mls_n_{ind} = tensor.dim {upd}, %mls_c0_{ind} : {ut}\n    "
                   f"%mls_upd_{ind} = tensor.expand_shape {upd} [{grp}] output_shape "
                   f"[%mls_n_{ind}, {', '.join(want)}] : {ut} into {nt}\n    ")
            upd, ut = f"%mls_upd_{ind}", nt
        sd = ", ".join(str(d) for d in dims)
        return (f"{pre}{m['res']} = tensor.scatter {upd} into {m['dst']}[{m['idx']}] "
                f"scatter_dims([{sd}]) unique {{{tag}}} : ({ut}, {m['dt']}, {m['it']}) "
                f"-> {m['dt']}")
    return _SCATTER.sub(sub, text), n


# --------------------------------------------------------------------------
# Capture of the partitioned forward/backward graphs.
# --------------------------------------------------------------------------
_SRC = re.compile(r"\[['\"]?([^'\"\]]+)['\"]?\]")


def _source_name(node):
    ga = node.meta.get("grapharg")
    src = ga.source.name if ga is not None else node.name
    src = src() if callable(src) else src
    parts = _SRC.findall(src)
    return parts[1:] if parts and parts[0] == "L" else parts  # L['params']['x'] -> ['params', 'x']


def capture(model, loss_fn, inputs):
    """Runs one compiled training step; returns (dynamo input descriptors, fw gm, bw gm)."""
    from functorch.compile import default_partition, make_boxed_func
    from torch._dynamo.backends.common import aot_autograd

    got = {}

    def fw_compiler(gm, example_inputs):
        got["fw"] = gm
        return make_boxed_func(gm)

    def bw_compiler(gm, example_inputs):
        got["bw"] = gm
        return make_boxed_func(gm)

    aot = aot_autograd(fw_compiler=fw_compiler, bw_compiler=bw_compiler,
                       partition_fn=default_partition,
                       decompositions=train_decompositions())

    def backend(gm, example_inputs):
        got["dynamo"] = gm
        got["descs"] = [_source_name(n) for n in gm.graph.nodes if n.op == "placeholder"]
        if os.environ.get("MLSYSIM_TRAIN_DEBUG"):
            print(got["descs"][:5], got["descs"][-5:], file=sys.stderr)
        return aot(gm, example_inputs)

    params = {k: v.detach().clone().requires_grad_(True) for k, v in model.named_parameters()}
    # Buffers (BERT's position_ids, token_type_ids) come in as non-trainable
    # weight arguments, as in the inference files.
    for k, v in model.named_buffers():
        if not k.endswith("num_batches_tracked"):
            params[k] = v.detach().clone()
    in_list = list(inputs.values())
    for t in in_list:
        torch._dynamo.mark_dynamic(t, 0)

    def step(params, inputs):
        return loss_fn(model, params, inputs)

    torch._dynamo.reset()
    torch._dynamo.config.automatic_dynamic_shapes = False
    compiled = torch.compile(step, backend=backend, fullgraph=True)
    with E.math_attention():
        loss = compiled(params, tuple(in_list))
        loss.backward()
    assert "fw" in got and "bw" in got, "forward/backward graphs not captured"
    return got, [k for k, v in params.items() if v.requires_grad], list(inputs)


def _val(n):
    return n.meta.get("val") if isinstance(n, torch.fx.Node) else None


def _is_sym(v):
    return isinstance(v, (torch.SymInt, torch.SymFloat, torch.SymBool))


def _replace_sym_placeholders(gm):
    """A SymInt placeholder (the batch size, s0) becomes aten.sym_size.int of a
    tensor placeholder whose dimension is that very symbol: the importer then
    derives it from the tensor (tensor.dim) instead of a scalar argument."""
    g = gm.graph
    phs = [n for n in g.nodes if n.op == "placeholder"]
    tensors = [n for n in phs if isinstance(_val(n), torch.Tensor)]
    last_ph = phs[-1]
    for n in phs:
        v = _val(n)
        if not _is_sym(v):
            continue
        expr = v.node.expr
        src = None
        for t in tensors:
            for d, s in enumerate(_val(t).shape):
                if isinstance(s, torch.SymInt) and s.node.expr == expr:
                    src = (t, d)
                    break
            if src:
                break
        k = 1
        if src is None and len(expr.free_symbols) == 1:
            # k * s0 (e.g. batch x heads): sym_size of a tensor with s0, times k.
            sym = next(iter(expr.free_symbols))
            k = expr / sym
            if k.is_Integer:
                for t in tensors:
                    for d, s in enumerate(_val(t).shape):
                        if isinstance(s, torch.SymInt) and s.node.expr == sym:
                            src = (t, d)
                            break
                    if src:
                        break
        if src is None:
            raise RuntimeError(f"no tensor carries symbol {expr} for placeholder {n.name}")
        with g.inserting_after(last_ph):
            new = g.call_function(torch.ops.aten.sym_size.int, (src[0], src[1]))
        new.meta["val"] = _val(src[0]).shape[src[1]]
        if k != 1:
            with g.inserting_after(new):
                m = g.call_function(operator.mul, (new, int(k)))
            m.meta["val"] = v
            new = m
        n.replace_all_uses_with(new)
        g.erase_node(n)
    return gm


def split_graphs(got, param_names, input_names, compute):
    """Returns (fw_gm, fw_arg_descs, fw_res_descs, bw_gm, bw_arg_descs, bw_res_descs)
    with descriptors (role, key, name); SymInt arguments/results removed, the
    backward seed (d loss / d loss = 1) made a constant, None gradients dropped."""
    fw, bw, descs = got["fw"], got["bw"], got["descs"]
    fw_ph = [n for n in fw.graph.nodes if n.op == "placeholder"]
    assert len(fw_ph) == len(descs), (len(fw_ph), len(descs))
    primal = {}  # fw placeholder name -> (role, key, name) or None for SymInts
    for n, d in zip(fw_ph, descs):
        if _is_sym(_val(n)):
            primal[n.name] = None
        elif d[0] == "params":
            primal[n.name] = ("weight", "mlsysim.param", d[1])
        elif d[0] == "inputs":
            primal[n.name] = ("input", "mlsysim.input", input_names[int(d[1])])
        else:
            raise RuntimeError(f"unexpected graph input {d}")
    fw_order = [n.name for n in fw_ph]

    # Forward: outputs = loss, saved values. Saved primals (weights, labels, ...)
    # are not results: the backward takes them as weights/inputs directly.
    out = next(n for n in fw.graph.nodes if n.op == "output")
    outs = list(out.args[0])
    keep = [outs[0]]
    saved_act = set()
    for o in outs[1:]:
        if o is None or _is_sym(_val(o)) or not isinstance(_val(o), torch.Tensor):
            continue
        if o.op == "placeholder":
            continue
        keep.append(o)
        saved_act.add(o.name)
    # A saved activation flattened over the batch ([B*128, 768]) gets its batch
    # dimension back ([B, 128, 768]) for the hand-over, so that dim 0 of every
    # batch-shaped argument/result is the batch itself (mlsysim's batch= binds it).
    batch_expr = None
    for n, d in zip(fw_ph, descs):
        v = _val(n)
        if d[0] == "inputs" and isinstance(v, torch.Tensor) and v.dim() > 0 and \
                isinstance(v.shape[0], torch.SymInt):
            batch_expr = v.shape[0].node.expr
            break
    regroup = {}
    for i, o in enumerate(keep[1:], 1):
        v = _val(o)
        if v.dim() == 0 or not isinstance(v.shape[0], torch.SymInt):
            continue
        if any(isinstance(s, torch.SymInt) for s in v.shape[1:]):
            raise RuntimeError(f"saved {o.name}: symbolic size off dim 0: {v.shape}")
        k = v.shape[0].node.expr / batch_expr
        if k == 1:
            continue
        if not k.is_Integer:
            raise RuntimeError(f"saved {o.name}: dim 0 {v.shape[0]} is not a batch multiple")
        shape = [-1, int(k), *[int(s) for s in v.shape[1:]]]
        with fw.graph.inserting_after(o):
            r = fw.graph.call_function(torch.ops.aten.view.default, (o, shape))
        r.meta["val"] = v.view(shape)
        o.meta.pop("tensor_meta", None)
        keep[i] = r
        regroup[o.name] = (r.meta["val"], [-1, *[int(s) for s in v.shape[1:]]], v)
    out.args = (tuple(keep),)
    if os.environ.get("MLSYSIM_TRAIN_DEBUG"):
        print(f"batch {batch_expr}, regrouped {len(regroup)} saved activations",
              file=sys.stderr)
    _replace_sym_placeholders(fw)
    fw.graph.eliminate_dead_code()
    fw.graph.lint()
    fw.recompile()
    fw_args = [primal[n] for n in fw_order if primal[n] is not None]
    fw_res = [("activation", "mlsysim.loss", "loss")] + \
        [("activation", "mlsysim.saved", n.args[0].name if n.name not in saved_act else n.name)
         for n in keep[1:]]

    # Backward.
    g = bw.graph
    bw_ph = [n for n in g.nodes if n.op == "placeholder"]
    for n in bw_ph:
        if n.name.startswith("tangents"):
            v = _val(n)
            with g.inserting_after(n):
                c = g.call_function(torch.ops.aten.full.default, ([], 1.0),
                                    {"dtype": v.dtype, "device": torch.device("cpu"),
                                     "pin_memory": False})
            c.meta["val"] = v
            n.replace_all_uses_with(c)
            g.erase_node(n)
    for n in list(g.nodes):
        if n.op == "placeholder" and n.name in regroup:
            new_val, flat_shape, old_val = regroup[n.name]
            n.meta["val"] = new_val
            n.meta.pop("tensor_meta", None)
            with g.inserting_after(n):
                r = g.call_function(torch.ops.aten.view.default, (n, flat_shape))
            r.meta["val"] = old_val
            n.replace_all_uses_with(r, delete_user_cb=lambda u: u is not r)
    _replace_sym_placeholders(bw)
    bw_args = []
    for n in g.nodes:
        if n.op != "placeholder":
            continue
        if n.name in primal and primal[n.name] is not None:
            bw_args.append(primal[n.name])
        elif n.name in saved_act:
            bw_args.append(("activation", "mlsysim.saved", n.name))
        else:
            raise RuntimeError(f"backward argument {n.name} is not a forward result")
    out = next(n for n in g.nodes if n.op == "output")
    grads = list(out.args[0])
    assert len(grads) == len(fw_order), (len(grads), len(fw_order))
    keep, bw_res = [], []
    for name, gr in zip(fw_order, grads):
        p = primal[name]
        if p is None or p[0] != "weight" or p[2] not in param_names:
            continue
        assert gr is not None, f"no gradient for {p[2]}"
        keep.append(gr)
        bw_res.append(("gradient", "mlsysim.param", p[2]))
    out.args = (tuple(keep),)
    g.eliminate_dead_code()
    g.lint()
    bw.recompile()
    got_names = [r[2] for r in bw_res]
    assert sorted(got_names) == sorted(param_names), "gradients do not cover the parameters"
    return fw, fw_args, fw_res, bw, bw_args, bw_res


# --------------------------------------------------------------------------
# Optimizers, traced with make_fx on the parameter shapes.
# --------------------------------------------------------------------------
def adamw_step(params, grads, exp_avg, exp_avg_sq, lr, step):
    """torch.optim.AdamW's single-tensor update (foreach=False, amsgrad=False)."""
    b1, b2 = ADAMW["betas"]
    eps, wd = ADAMW["eps"], ADAMW["weight_decay"]
    bc1 = 1 - torch.pow(b1, step)
    bc2 = 1 - torch.pow(b2, step)
    step_size = lr / bc1
    bc2_sqrt = torch.sqrt(bc2)
    new_p, new_m, new_v = [], [], []
    for p, g, m, v in zip(params, grads, exp_avg, exp_avg_sq):
        p = p * (1 - lr * wd)
        m = m + (g - m) * (1 - b1)            # exp_avg.lerp_(grad, 1 - beta1)
        v = v * b2 + g * g * (1 - b2)          # exp_avg_sq.mul_(b2).addcmul_(g, g, 1 - b2)
        denom = torch.sqrt(v) / bc2_sqrt + eps
        p = p - step_size * (m / denom)        # param.addcdiv_(exp_avg, denom, -step_size)
        new_p.append(p)
        new_m.append(m)
        new_v.append(v)
    return (*new_p, *new_m, *new_v)


def sgd_step(params, grads, momentum_buf, lr):
    """torch.optim.SGD with momentum (dampening 0, nesterov False, after step 1)."""
    mom, wd = SGD["momentum"], SGD["weight_decay"]
    new_p, new_b = [], []
    for p, g, b in zip(params, grads, momentum_buf):
        g = g + p * wd
        b = b * mom + g
        new_p.append(p - lr * b)
        new_b.append(b)
    return (*new_p, *new_b)


def trace_optimizer(kind, model):
    from torch.fx.experimental.proxy_tensor import make_fx
    names = [k for k, _ in model.named_parameters()]
    shapes = [tuple(v.shape) for _, v in model.named_parameters()]
    n = len(names)

    def z():
        return [torch.zeros(s) for s in shapes]

    if kind == "adamw":
        def fn(*a):
            return adamw_step(a[:n], a[n:2 * n], a[2 * n:3 * n], a[3 * n:4 * n],
                              a[4 * n], a[4 * n + 1])
        ex = z() + z() + z() + z() + [torch.tensor(1e-3), torch.tensor(1.0)]
        args = ([("weight", "mlsysim.param", k) for k in names]
                + [("gradient", "mlsysim.param", k) for k in names]
                + [("optimizer_state", "mlsysim.param", k, "exp_avg") for k in names]
                + [("optimizer_state", "mlsysim.param", k, "exp_avg_sq") for k in names]
                + [("input", "mlsysim.input", "lr"), ("input", "mlsysim.input", "step")])
        res = ([("weight", "mlsysim.param", k) for k in names]
               + [("optimizer_state", "mlsysim.param", k, "exp_avg") for k in names]
               + [("optimizer_state", "mlsysim.param", k, "exp_avg_sq") for k in names])
    else:
        def fn(*a):
            return sgd_step(a[:n], a[n:2 * n], a[2 * n:3 * n], a[3 * n])
        ex = z() + z() + z() + [torch.tensor(0.1)]
        args = ([("weight", "mlsysim.param", k) for k in names]
                + [("gradient", "mlsysim.param", k) for k in names]
                + [("optimizer_state", "mlsysim.param", k, "momentum_buffer") for k in names]
                + [("input", "mlsysim.input", "lr")])
        res = ([("weight", "mlsysim.param", k) for k in names]
               + [("optimizer_state", "mlsysim.param", k, "momentum_buffer") for k in names])
    gm = make_fx(fn, decomposition_table=E.decomposition_table())(*ex)
    return gm, args, res


# --------------------------------------------------------------------------
# Import, lowering, annotation.
# --------------------------------------------------------------------------
def _attrs(desc, ctx):
    d = {"mlsysim.role": ir.StringAttr.get(desc[0], ctx)}
    if desc[1] == "mlsysim.loss":
        d["mlsysim.loss"] = ir.UnitAttr.get(ctx)
    elif desc[1] == "mlsysim.saved":
        d["mlsysim.saved"] = ir.StringAttr.get(desc[2], ctx)
    else:
        d[desc[1]] = ir.StringAttr.get(desc[2], ctx)
    if len(desc) > 3:
        d["mlsysim.state"] = ir.StringAttr.get(desc[3], ctx)
    return ir.DictAttr.get(d, ctx)


_GETATTR = re.compile(r"getattr\(([^()]*), '([^']*)'\)")


def module_path(node):
    """The nn.Module a forward node was traced in, as model.named_modules() names
    it ("layer1.0.conv1", "bert.encoder.layer.3.attention.self.query"): the
    innermost entry of dynamo's node.meta["nn_module_stack"], whose paths read
    "getattr(L['model'].layer1, '0').conv1". None where the node has no stack
    (backward and loss nodes) or ran in the model's own forward (root path "")."""
    stack = node.meta.get("nn_module_stack")
    if not stack:
        return None
    path = list(stack.values())[-1][0]
    while True:  # getattr(X, 'k') -> X.k, innermost first
        path, n = _GETATTR.subn(r"\1.\2", path)
        if not n:
            break
    path = re.sub(r"^L\['[^']*'\]", "", path)  # the model itself (L['model'])
    path = re.sub(r"\._modules\['([^']*)'\]|\['([^']*)'\]|\[(\d+)\]",
                  lambda m: "." + (m[1] or m[2] or m[3]), path)
    return path.lstrip(".") or None


def _framework_op_location(self, node, seq_rank):
    """ContextCache.get_node_location stand-in: the framework op a node came from,
    as a NameLoc "<aten op>#<seq>" (aot_autograd's node.meta original_aten and
    autograd seq_nr, which a forward op shares with its backward), so that a
    linalg op can be traced to the one eager launch it belongs to. seq_nr is a
    process-wide counter; seq is its rank among the module's seq_nrs, so the file
    does not depend on what ran before. Its child location is the nn.Module path
    (module_path) where the node has one. Never None: the importer would then
    reuse the previous node's location."""
    aten, seq = node.meta.get("original_aten"), node.meta.get("seq_nr")
    if aten is None or seq is None:
        return ir.Location.unknown(self._c)
    path = module_path(node)
    if path is None:
        return ir.Location.name(f"{aten}#{seq_rank[seq]}", context=self._c)
    return ir.Location.name(f"{aten}#{seq_rank[seq]}",
                            childLoc=ir.Location.name(path, context=self._c),
                            context=self._c)


_LOC_ALIAS = re.compile(r"^(#loc\d*) = loc\((.*)\)$\n?", re.M)
_LOC_ITEM = r'[^()"]|"[^"]*"'
# loc(...) with up to two levels of nested parentheses ("aten#1"("layer1.0"), fused[...]).
_LOC = re.compile(r" loc\((?:%s|\((?:%s|\((?:%s)*\))*\))*\)" % ((_LOC_ITEM,) * 3))


def print_with_locations(module):
    """The module's text with the framework-op locations on the ops: location
    aliases inlined (loc("aten.convolution.default#18") where the op is),
    unknown locations dropped (the parser gives those ops file locations, as in a
    file without debug info), and no locations on block arguments or function
    signatures (size). Deterministic: only the IR decides the text."""
    text = module.operation.get_asm(enable_debug_info=True)
    alias = dict(_LOC_ALIAS.findall(text))
    text = _LOC_ALIAS.sub("", text)

    def resolve(s, depth=0):  # nested aliases (fused[#loc1, #loc2]) too
        assert depth < 16, s
        return re.sub(r"#loc\d*\b", lambda m: resolve(alias[m[0]], depth + 1), s)

    def inline(m):
        loc = resolve(m[0][len(" loc("):-1])
        return "" if loc == "unknown" else f" loc({loc})"

    lines = []
    for line in text.split("\n"):
        head = line.lstrip()
        if head.startswith(("^bb", "func.func", "module")):
            line = _LOC.sub("", line)
        lines.append(_LOC.sub(inline, line))
    return "\n".join(lines)


def lower(graphs):
    """graphs: [(func_name, gm, phase, arg_descs, res_descs)] -> lowered module."""
    ctx = ir.Context()
    torch_d.register_dialect(ctx)
    imp = FxImporter(context=ctx)
    from torch_mlir.extras.fx_importer import ContextCache
    seqs = {n.meta["seq_nr"] for _, gm, *_ in graphs for n in gm.graph.nodes
            if "seq_nr" in n.meta}
    seq_rank = {s: i for i, s in enumerate(sorted(seqs))}
    stock = ContextCache.get_node_location
    ContextCache.get_node_location = lambda cc, node: _framework_op_location(cc, node, seq_rank)
    try:
        for name, gm, *_ in graphs:
            imp.import_stateless_graph(gm.graph, func_name=name)
    finally:
        ContextCache.get_node_location = stock
    module = fx._module_lowering(False, False, OutputType.LINALG_ON_TENSORS, imp.module)
    funcs = {op.operation.attributes["sym_name"].value: op.operation
             for op in module.body.operations if op.operation.name == "func.func"}
    if "optimizer" in funcs:
        # One elementwise kernel per parameter, as fused optimizers (foreach /
        # fused AdamW) run it, instead of one linalg.generic per torch op.
        PassManager.parse("func.func(linalg-fuse-elementwise-ops,canonicalize,cse)",
                          context=ctx).run(funcs["optimizer"])
    n_folded = E.fold_transposes(module)
    n_asserts = E.strip_runtime_checks(module)
    if "affine." in str(module):
        PassManager.parse("builtin.module(lower-affine)", context=ctx).run(module.operation)
    with ctx:
        for name, gm, phase, args, res in graphs:
            f = funcs[name]
            blk = f.regions[0].blocks[0]
            assert len(blk.arguments) == len(args), (name, len(blk.arguments), len(args))
            ftype = ir.FunctionType(ir.TypeAttr(f.attributes["function_type"]).value)
            assert len(ftype.results) == len(res), (name, len(ftype.results), len(res))
            f.attributes["arg_attrs"] = ir.ArrayAttr.get([_attrs(a, ctx) for a in args], ctx)
            f.attributes["res_attrs"] = ir.ArrayAttr.get([_attrs(r, ctx) for r in res], ctx)
            f.attributes["mlsysim.phase"] = ir.StringAttr.get(phase, ctx)
    return module, n_folded, n_asserts


def export_train(name, prec, out_dir, check=True):
    t0 = time.time()
    build, optimizers = MODELS[name]
    compute, suffix = PRECISIONS[prec]
    torch.manual_seed(0)
    model, loss_fn, inputs = build(compute)
    got, param_names, input_names = capture(model, loss_fn, inputs)
    fw, fa, fr, bw, ba, br = split_graphs(got, param_names, input_names, compute)
    modules = {k for k, _ in model.named_modules()}
    unknown = {p for n in fw.graph.nodes if (p := module_path(n)) and p not in modules}
    if unknown:
        raise RuntimeError(f"{name}: module paths not in named_modules(): {sorted(unknown)[:5]}")
    t1 = time.time()
    paths = []
    for opt in optimizers:
        ogm, oa, orr = trace_optimizer(opt, model)
        graphs = [("forward", fw, "forward", fa, fr), ("backward", bw, "backward", ba, br),
                  ("optimizer", ogm, "optimizer", oa, orr)]
        module, n_folded, n_asserts = lower(graphs)
        with module.context:
            for op in module.body.operations:
                if op.operation.name == "func.func" and \
                        op.operation.attributes["sym_name"].value == "optimizer":
                    op.operation.attributes["mlsysim.optimizer"] = ir.StringAttr.get(opt)
        text, n_scatter = replace_scatters(print_with_locations(module))
        bad = {o for o in E.op_dialects(text) if o.split(".")[0] not in E.ALLOWED_DIALECTS}
        if bad:
            with open("/tmp/mlsysim_train_bad.mlir", "w") as fh:
                fh.write(text)
            raise RuntimeError(f"{name}: non-upstream ops remain: {sorted(bad)}")
        fname = f"{name}{suffix}{'' if opt == 'adamw' else '_' + opt}.mlir"
        path = os.path.join(out_dir, fname)
        nw = len(param_names)
        header = (
            f"// mlsysim model zoo: {name} training step, {prec} "
            f"({'f32' if compute == F32 else 'bf16 compute, f32 master weights'}), "
            f"optimizer {opt}\n"
            f"// Generated by zoo/models/export_train.py (torch {torch.__version__}, "
            f"aot_autograd default partition, torch-mlir FX importer, linalg-on-tensors). "
            f"Do not edit.\n"
            f"// @forward: {nw} trainable parameters (+ buffers) + inputs {', '.join(input_names)} -> loss, "
            f"{len(fr) - 1} saved activations; @backward -> {len(br)} gradients; "
            f"@optimizer ({opt}). Every argument/result has mlsysim.role.\n"
            f"// Dropout probabilities are 0 (deterministic graph); BatchNorm uses batch "
            f"statistics (no running-stat update).\n")
        with open(path, "w") as fh:
            fh.write(header)
            fh.write(text)
        ok = "unchecked"
        if check:
            r = subprocess.run([E.MLIR_OPT, path, "-o", "/dev/null"], capture_output=True,
                               text=True)
            if r.returncode != 0:
                raise RuntimeError(f"{fname}: mlir-opt cannot parse output:\n{r.stderr[:2000]}")
            ok = "ok"
        print(f"[{fname}] {os.path.getsize(path)/1e6:.2f} MB, {nw} params, "
              f"{len(fr) - 1} saved activations, {n_asserts} asserts stripped, transposes "
              f"folded {n_folded}, capture {t1-t0:.1f}s, total {time.time()-t0:.1f}s, "
              f"mlir-opt {ok}, {n_scatter} scatter-adds", flush=True)
        paths.append(path)
    return paths


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help=f"models (default all): {', '.join(MODELS)}")
    ap.add_argument("--precision", choices=["f32", "bf16", "all"], default="all",
                    help="f32 (<name>_train.mlir), bf16 (<name>_train_bf16.mlir: bf16 "
                         "forward/backward, f32 master weights and optimizer) or all")
    ap.add_argument("--out", default=HERE, help="output directory (default: this folder)")
    ap.add_argument("--no-check", action="store_true", help="skip the mlir-opt parse check")
    a = ap.parse_args()
    names = a.names or list(MODELS)
    for n in names:
        if n not in MODELS:
            sys.exit(f"unknown model {n!r}; known: {', '.join(MODELS)}")
    precs = list(PRECISIONS) if a.precision == "all" else [a.precision]
    check = not a.no_check and os.path.exists(E.MLIR_OPT)
    os.makedirs(a.out, exist_ok=True)
    for n in names:
        for p in precs:
            export_train(n, p, a.out, check=check)


if __name__ == "__main__":
    main()
