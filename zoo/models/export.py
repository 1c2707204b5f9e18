#!/usr/bin/env python3
"""Export the mlsysim model zoo: real PyTorch networks -> linalg-on-tensors MLIR.

Path: torch.export (non-strict, torch.export.Dim for the batch) ->
torch-mlir FX importer (torch_mlir.fx.export_and_import) ->
torchdynamo-export-to-torch-backend-pipeline ->
torch-backend-to-linalg-on-tensors-backend-pipeline (output_type="linalg-on-tensors").

Every parameter and buffer of a model is a *function argument* (the model is
wrapped as forward(params, *inputs) through torch.func.functional_call), so
the .mlir files hold no weights. Each argument carries a discardable attribute
naming it: {mlsysim.param = "<state_dict name>"} for weights/buffers and
{mlsysim.input = "<name>"} for runtime inputs (token ids, images, KV cache).

No network access: torchvision models use weights=None, transformers models are
built from configs with random (or meta/fake) weights, HF_HUB_OFFLINE=1.

Usage: export.py [--out DIR] [--check] [NAME ...]     (default: all models)
"""

import argparse
import contextlib
import math
import os
import re
import subprocess
import sys
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# Let transformers hand GQA to SDPA (enable_gqa=True) even with a mask, instead
# of replicating K/V to all query heads with repeat_kv; sdpa_math below groups
# the query heads of each KV head, as fused attention kernels do.
os.environ.setdefault("TRANSFORMERS_SDPA_FORCE_GQA", "1")

import torch  # noqa: E402
import torch.utils._pytree as pytree  # noqa: E402
from torch_mlir import fx, ir  # noqa: E402
from torch_mlir.passmanager import PassManager  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MLIR_OPT = os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")
BATCH = torch.export.Dim("batch", min=1, max=4096)

# Upstream dialects that may appear in the output.
ALLOWED_DIALECTS = {"builtin", "func", "arith", "math", "linalg", "tensor",
                    "scf", "ml_program", "complex"}


# --------------------------------------------------------------------------
# Functional wrapper: weights become function arguments.
# --------------------------------------------------------------------------
class Functional(torch.nn.Module):
    """forward(params: dict[str, Tensor], inputs: tuple) -> call(model, params, inputs).

    The wrapped model is stored outside the nn.Module registry, so torch.export
    sees no parameters/buffers of its own: every tensor of the state comes in
    through `params` and is a user input of the exported program.
    """

    def __init__(self, model, call):
        super().__init__()
        self.__dict__["_model"] = model
        self.__dict__["_call"] = call

    def forward(self, params, inputs):
        return self._call(self._model, params, inputs)


def state_of(model):
    """All parameters and buffers (num_batches_tracked is unused in eval)."""
    state = {}
    for k, v in model.named_parameters():
        state[k] = v.detach()
    for k, v in model.named_buffers():
        if k.endswith("num_batches_tracked"):
            continue
        state[k] = v.detach()
    return state


# --------------------------------------------------------------------------
# Attention and linear: keep the graph close to what the network computes.
# --------------------------------------------------------------------------
def sdpa_math(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False,
              scale=None, enable_gqa=False):
    """Reference (math) scaled_dot_product_attention, traced in place of the fused op.

    torch-mlir's own sdpa decomposition upcasts f16 attention matmuls to f32 and
    returns a permuted layout that breaks later views under a symbolic batch.
    Here QK^T and PV are two torch.bmm in the input dtype (bmm, not a
    broadcasting matmul, so a symbolic batch does not materialise expanded
    copies of Q/K/V), the softmax runs in f32 (as the fused kernels do), and
    GQA (enable_gqa) groups the query heads of each KV head instead of
    replicating K/V.
    """
    assert dropout_p == 0.0
    B, H, L, D = query.shape
    Hkv, S, Dv = key.shape[-3], key.shape[-2], value.shape[-1]
    scale = 1.0 / math.sqrt(D) if scale is None else scale
    if Hkv != H and not enable_gqa:
        raise ValueError("head mismatch without enable_gqa")
    G = H // Hkv  # query heads per KV head (1 without GQA)
    q3 = query.reshape(B * Hkv, G * L, D)
    k3 = key.reshape(B * Hkv, S, D)
    v3 = value.reshape(B * Hkv, S, Dv)
    scores = torch.bmm(q3, k3.transpose(1, 2)).view(B, Hkv, G * L, S) * scale
    mask = None
    if is_causal:
        i = torch.arange(L, device=query.device)[:, None]
        j = torch.arange(S, device=query.device)[None, :]
        mask = i >= j
        if G > 1:
            mask = mask[None].expand(G, L, S).reshape(G * L, S)
    if attn_mask is not None:
        am = attn_mask
        while am.dim() < 4:
            am = am.unsqueeze(0)
        if G > 1:
            if am.shape[1] == H:  # per-head mask: regroup, no copy
                am = am.reshape(am.shape[0], Hkv, G * L, S)
            else:  # mask shared by all heads: repeat over the query group only
                am = am[:, :, None].expand(am.shape[0], 1, G, L, S)
                am = am.reshape(am.shape[0], 1, G * L, S)
        if am.dtype == torch.bool:
            mask = am if mask is None else (mask & am)
        else:
            mask = am if mask is None else torch.where(mask, am, float("-inf"))
    if mask is not None:
        if mask.dtype == torch.bool:
            scores = scores.masked_fill(~mask, float("-inf"))
        else:
            scores = scores + mask
    probs = torch.softmax(scores.float(), dim=-1).to(query.dtype)
    out = torch.bmm(probs.reshape(B * Hkv, G * L, S), v3)
    return out.view(B, H, L, Dv)


@contextlib.contextmanager
def math_attention():
    saved = torch.nn.functional.scaled_dot_product_attention
    torch.nn.functional.scaled_dot_product_attention = sdpa_math
    try:
        yield
    finally:
        torch.nn.functional.scaled_dot_product_attention = saved


def _linear_decomp(x, weight, bias=None):
    """aten.linear as eager ATen runs it: fold leading dims into one (copying a
    non-contiguous input), one 2-D GEMM, unfold. The stock decomposition instead
    broadcasts the weight to a batch_matmul when it cannot prove x contiguous
    under a symbolic batch, which would materialise a copy of the weight per row."""
    aten = torch.ops.aten
    wt = aten.t.default(weight)
    lead = x.shape[:-1]
    x2 = x if x.dim() == 2 else aten.reshape.default(aten.contiguous.default(x),
                                                       [-1, x.shape[-1]])
    y = aten.mm.default(x2, wt)
    if bias is not None:
        y = aten.add.Tensor(y, bias)
    return y if x.dim() == 2 else aten.view.default(y, [*lead, weight.shape[0]])


def _var_mean_decomp(x, dim=None, *, correction=None, keepdim=False):
    """aten.var_mean in the input's own dtype, two passes (the mean, then the
    mean square of the deviations), as the GPU kernels of PyTorch compute a
    batch or layer norm's statistics (f32 accumulators for f32 and, after
    autocast's upcast, for f16/bf16). torch-mlir's own lowering upcasts an
    f32 variance to f64, which no runtime does: every normalization then
    moved and computed f64 tensors (8 bytes an element) in the IR."""
    aten = torch.ops.aten
    dims = list(range(x.dim())) if dim is None else [d % x.dim() for d in dim]
    count = 1
    for d in dims:
        count = count * x.shape[d]
    mean = aten.mean.dim(x, dims, True)
    dev = aten.sub.Tensor(x, mean)
    sq = aten.sum.dim_IntList(aten.mul.Tensor(dev, dev), dims, keepdim)
    corr = 1 if correction is None else correction
    var = aten.div.Tensor(sq, count - corr)
    return var, (mean if keepdim else aten.squeeze.dims(mean, dims))


def _var_decomp(x, dim=None, *, correction=None, keepdim=False):
    return _var_mean_decomp(x, dim, correction=correction, keepdim=keepdim)[0]


def decomposition_table():
    from torch_mlir.extras.fx_decomp_util import get_decomposition_table
    table = dict(get_decomposition_table())
    table[torch.ops.aten.linear.default] = _linear_decomp
    # The stock addmm decomposition computes f16/bf16 in f32 (upcasting the
    # weights too); leave addmm to torch-mlir, which lowers it as mm + add in
    # the operand dtype.
    table.pop(torch.ops.aten.addmm.default, None)
    table[torch.ops.aten.var_mean.correction] = _var_mean_decomp
    table[torch.ops.aten.var.correction] = _var_decomp
    return table


# --------------------------------------------------------------------------
# Model builders: each returns (model, call, inputs: dict name->tensor,
# dynamic: dict name->{dim: Dim}[, func_attrs: dict name->MLIR attribute text,
# e.g. {"mlsysim.repeat": "32 : i64"} for a single-layer export]).
# --------------------------------------------------------------------------
def _plain_call(model, params, inputs):
    return torch.func.functional_call(model, params, inputs)


def build_torchvision(name, dtype, device):
    import torchvision
    ctor = {"resnet50": torchvision.models.resnet50,
            "mobilenet_v2": torchvision.models.mobilenet_v2,
            "vit_b16": torchvision.models.vit_b_16}[name]
    with torch.device(device):
        model = ctor(weights=None)
    model = model.to(dtype).eval()
    x = torch.zeros(2, 3, 224, 224, dtype=dtype, device=device)
    return model, _plain_call, {"image": x}, {"image": {0: BATCH}}


def build_bert(dtype, device, seq=128):
    from transformers import BertConfig, BertModel
    cfg = BertConfig()  # bert-base defaults: 12 layers, hidden 768, 12 heads
    cfg._attn_implementation = "sdpa"
    with torch.device(device):
        model = BertModel(cfg, add_pooling_layer=True)
    model = model.to(dtype).eval()
    ids = torch.zeros(2, seq, dtype=torch.int64, device=device)
    mask = torch.ones(2, seq, dtype=torch.int64, device=device)

    def call(model, params, inputs):
        out = torch.func.functional_call(
            model, params, args=(),
            kwargs=dict(input_ids=inputs[0], attention_mask=inputs[1], return_dict=True))
        return out.last_hidden_state, out.pooler_output

    return model, call, {"input_ids": ids, "attention_mask": mask}, \
        {"input_ids": {0: BATCH}, "attention_mask": {0: BATCH}}


def build_gpt2(dtype, device, seq=128):
    from transformers import GPT2Config, GPT2Model
    cfg = GPT2Config()  # gpt2 small defaults: 12 layers, 768 hidden, 12 heads
    cfg._attn_implementation = "sdpa"
    with torch.device(device):
        model = GPT2Model(cfg)
    model = model.to(dtype).eval()
    ids = torch.zeros(2, seq, dtype=torch.int64, device=device)
    mask = torch.ones(2, seq, dtype=torch.int64, device=device)

    # An explicit attention_mask: without one (and without a cache), transformers
    # probes position_ids for packed sequences with a cumsum (-> tm_tensor.scan).
    def call(model, params, inputs):
        out = torch.func.functional_call(
            model, params, args=(),
            kwargs=dict(input_ids=inputs[0], attention_mask=inputs[1], use_cache=False,
                        return_dict=True))
        return out.last_hidden_state

    return model, call, {"input_ids": ids, "attention_mask": mask}, \
        {"input_ids": {0: BATCH}, "attention_mask": {0: BATCH}}


def llama31_8b_config():
    """Published config of meta-llama/Llama-3.1-8B (config.json), written out."""
    from transformers import LlamaConfig
    cfg = LlamaConfig(
        vocab_size=128256,
        hidden_size=4096,
        intermediate_size=14336,
        num_hidden_layers=32,
        num_attention_heads=32,
        num_key_value_heads=8,
        head_dim=128,
        hidden_act="silu",
        max_position_embeddings=131072,
        initializer_range=0.02,
        rms_norm_eps=1e-5,
        use_cache=True,
        bos_token_id=128000,
        eos_token_id=128001,
        tie_word_embeddings=False,
        rope_theta=500000.0,
        rope_scaling={"rope_type": "llama3", "factor": 8.0,
                      "low_freq_factor": 1.0, "high_freq_factor": 4.0,
                      "original_max_position_embeddings": 8192},
        attention_bias=False,
        attention_dropout=0.0,
        mlp_bias=False,
        torch_dtype="bfloat16",
    )
    cfg._attn_implementation = "sdpa"
    return cfg


def _build_llama_fake(dtype):
    """Llama-3.1-8B under FakeTensorMode: parameters are FakeTensors (shape, dtype
    and device only), so the 16 GB of weights are never materialised. (The meta
    device also avoids allocation, but torch-mlir cannot lower the
    aten.empty(device=meta) that transformers' mask code then produces.)"""
    from torch._subclasses.fake_tensor import FakeTensorMode
    from transformers import LlamaForCausalLM
    cfg = llama31_8b_config()
    fake = FakeTensorMode()
    old = torch.get_default_dtype()
    torch.set_default_dtype(dtype)  # .to(dtype) cannot swap fake parameters
    try:
        with fake:
            model = LlamaForCausalLM(cfg).eval()
    finally:
        torch.set_default_dtype(old)
    return cfg, model, fake


def build_llama_prefill(dtype, seq=512):
    """Prefill of `seq` prompt tokens into an empty KV cache (no padding mask:
    plain causal attention). Returns the last token's logits and the 32x(K, V)
    cache entries the prefill writes, each [B, 8, seq, 128]."""
    from transformers import DynamicCache
    cfg, model, fake = _build_llama_fake(dtype)
    with fake:
        ids = torch.zeros(2, seq, dtype=torch.int64)

    def call(model, params, inputs):
        cache = DynamicCache(config=cfg)
        out = torch.func.functional_call(
            model, params, args=(),
            kwargs=dict(input_ids=inputs[0], cache=cache, use_cache=True,
                        logits_to_keep=1, return_dict=True))
        kv = []
        for layer in cache.layers:
            kv += [layer.keys, layer.values]
        return (out.logits, *kv)  # logits: [B, 1, vocab] of the last prompt token

    return model, call, {"input_ids": ids}, {"input_ids": {0: BATCH}}


def build_llama_decode(dtype, cache_len=2048):
    from transformers import DynamicCache
    cfg, model, fake = _build_llama_fake(dtype)
    L, nkv, hd = cfg.num_hidden_layers, cfg.num_key_value_heads, cfg.head_dim
    with fake:
        inputs = {"input_ids": torch.zeros(2, 1, dtype=torch.int64),
                  "position_ids": torch.full((2, 1), cache_len, dtype=torch.int64)}
        for i in range(L):
            for kv in ("key", "value"):
                inputs[f"past_{kv}.{i}"] = torch.zeros(2, nkv, cache_len, hd, dtype=dtype)
    dyn = {n: {0: BATCH} for n in inputs}

    def call(model, params, inputs):
        ids, pos = inputs[0], inputs[1]
        past = inputs[2:]
        cache = DynamicCache(config=cfg)
        for i in range(L):
            cache.update(past[2 * i], past[2 * i + 1], i)
        out = torch.func.functional_call(
            model, params, args=(),
            kwargs=dict(input_ids=ids, position_ids=pos, cache=cache,
                        use_cache=True, return_dict=True))
        return out.logits  # [B, 1, vocab]

    return model, call, inputs, dyn


F32, F16 = torch.float32, torch.float16

# name -> (builder thunk, description)
MODELS = {
    "resnet50": lambda: build_torchvision("resnet50", F32, "cpu"),
    "mobilenet_v2": lambda: build_torchvision("mobilenet_v2", F32, "cpu"),
    "vit_b16": lambda: build_torchvision("vit_b16", F32, "cpu"),
    "bert_base_s128": lambda: build_bert(F32, "cpu"),
    "gpt2_small": lambda: build_gpt2(F32, "cpu"),
    "resnet50_f16": lambda: build_torchvision("resnet50", F16, "cpu"),
    "mobilenet_v2_f16": lambda: build_torchvision("mobilenet_v2", F16, "cpu"),
    "vit_b16_f16": lambda: build_torchvision("vit_b16", F16, "cpu"),
    "bert_base_s128_f16": lambda: build_bert(F16, "cpu"),
    "gpt2_small_f16": lambda: build_gpt2(F16, "cpu"),
    "llama3_8b_prefill": lambda: build_llama_prefill(F16),
    "llama3_8b_decode": lambda: build_llama_decode(F16),
}


# --------------------------------------------------------------------------
# Post-processing of the lowered module.
# --------------------------------------------------------------------------
def _walk_ops(op):
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                yield inner
                yield from _walk_ops(inner.operation)


_PURE_DEAD_PREFIXES = ("arith.", "tensor.dim", "tensor.empty", "math.")


def strip_runtime_checks(module):
    """Drop cf.assert (shape/value guards the torch lowering inserts) and the
    scalar arith feeding only them, so that no `cf` op remains."""
    erased = 0
    for op in list(_walk_ops(module.operation)):
        if op.operation.name == "cf.assert":
            op.operation.erase()
            erased += 1
    changed = True
    while changed:
        changed = False
        for op in reversed(list(_walk_ops(module.operation))):
            o = op.operation
            if not o.name.startswith(_PURE_DEAD_PREFIXES):
                continue
            if len(o.results) and all(len(list(r.uses)) == 0 for r in o.results):
                o.erase()
                changed = True
    return erased


def fold_transposes(module):
    """Fold a materialised transpose of the B operand into the contraction:
    linalg.matmul(x, linalg.transpose(W, [1, 0])) and
    linalg.batch_matmul(x, linalg.transpose(K, [0, 2, 1])) become the same op
    with a transposed indexing map on B, as a compiler would do. The stock
    lowering copies W^T for every nn.Linear (doubling the weight traffic a
    cost model sees) and K^T for every attention."""
    from torch_mlir.dialects import linalg
    folded = {"linalg.matmul": 0, "linalg.batch_matmul": 0}
    with module.context:
        def maps(n, exprs):
            d = [ir.AffineDimExpr.get(i) for i in range(n)]
            return [ir.AffineMap.get(n, 0, [d[i] for i in e]) for e in exprs]
        # (plain maps, transposed-B maps, transpose permutation, builder)
        kinds = {
            "linalg.matmul": (maps(3, [(0, 2), (2, 1), (0, 1)]),
                              maps(3, [(0, 2), (1, 2), (0, 1)]), [1, 0], linalg.matmul),
            "linalg.batch_matmul": (maps(4, [(0, 1, 3), (0, 3, 2), (0, 1, 2)]),
                                    maps(4, [(0, 1, 3), (0, 2, 3), (0, 1, 2)]), [0, 2, 1],
                                    linalg.batch_matmul),
        }
        for op in list(_walk_ops(module.operation)):
            o = op.operation
            name = o.name
            if name not in kinds:
                continue
            plain, tmaps, perm, build = kinds[name]
            if "indexing_maps" in o.attributes:  # present by default: must be the plain one
                cur = [str(m) for m in ir.ArrayAttr(o.attributes["indexing_maps"])]
                if cur != [str(ir.AffineMapAttr.get(m)) for m in plain]:
                    continue
            t = o.operands[1].owner
            if isinstance(t, ir.Block) or t.name != "linalg.transpose":
                continue
            t = t.operation
            if list(ir.DenseI64ArrayAttr(t.attributes["permutation"])) != perm:
                continue
            with ir.InsertionPoint(o), o.location:
                new = build(o.operands[0], t.operands[0], outs=[o.operands[2]],
                            indexing_maps=tmaps)
            o.results[0].replace_all_uses_with(new)
            o.erase()
            if len(list(t.results[0].uses)) == 0:
                t.erase()
            folded[name] += 1
    return folded


def annotate_args(module, arg_names, n_params, func_attrs):
    ctx = module.context
    funcs = [op for op in module.body.operations if op.operation.name == "func.func"]
    assert len(funcs) == 1, "expected exactly one func.func"
    f = funcs[0].operation
    n_args = len(f.regions[0].blocks[0].arguments)
    assert n_args == len(arg_names), (n_args, len(arg_names))
    dicts = []
    for i, name in enumerate(arg_names):
        key = "mlsysim.param" if i < n_params else "mlsysim.input"
        dicts.append(ir.DictAttr.get({key: ir.StringAttr.get(name, ctx)}, ctx))
    f.attributes["arg_attrs"] = ir.ArrayAttr.get(dicts, ctx)
    for k, v in func_attrs.items():
        f.attributes[k] = v
    return f


def op_dialects(text):
    ops = re.findall(r"^\s*(?:%[\w#:, %]+=\s*)?\"?([a-z_]+)\.([a-z_0-9.]+)\"?[ ({<]",
                     text, flags=re.M)
    return {f"{d}.{o}" for d, o in ops}


def export_one(name, out_dir, check=True):
    export_built(name, MODELS[name](), os.path.join(out_dir, f"{name}.mlir"), check)


def export_built(name, built, path, check=True):
    """Exports a builder's (model, call, inputs, dynamic[, func_attrs]) to
    `path` (zoo/models/from_torch.py calls it for models outside the zoo)."""
    t0 = time.time()
    model, call, inputs, dyn, *rest = built
    func_attrs = rest[0] if rest else {}
    params = state_of(model)
    wrapper = Functional(model, call)
    input_names = list(inputs)
    args = (params, tuple(inputs.values()))
    dynamic_shapes = ({k: None for k in params}, tuple(dyn.get(k) for k in input_names))

    flat, _ = pytree.tree_flatten(args)
    arg_names = list(params) + input_names
    assert len(flat) == len(arg_names)

    with torch.no_grad(), math_attention():
        prog = torch.export.export(wrapper, args, dynamic_shapes=dynamic_shapes,
                                   strict=False)
    t1 = time.time()
    module = fx.export_and_import(prog, output_type="linalg-on-tensors",
                                  func_name="forward",
                                  decomposition_table=decomposition_table())
    t2 = time.time()

    n_folded = fold_transposes(module)
    n_asserts = strip_runtime_checks(module)
    # Dynamic-batch reshapes leave affine.apply index maths; turn it into arith.
    if "affine." in str(module):
        PassManager.parse("builtin.module(lower-affine)", context=module.context).run(
            module.operation)
    attrs = {}
    with module.context:
        for k, v in func_attrs.items():
            attrs[k] = ir.Attribute.parse(v)
        annotate_args(module, arg_names, len(params), attrs)
    text = str(module)

    bad = {o for o in op_dialects(text) if o.split(".")[0] not in ALLOWED_DIALECTS}
    if bad:
        raise RuntimeError(f"{name}: non-upstream ops remain: {sorted(bad)}")

    header = (f"// mlsysim model zoo: {name}\n"
              f"// Generated by zoo/models/export.py (torch {torch.__version__}, "
              f"torch-mlir FX importer, linalg-on-tensors). Do not edit.\n"
              f"// Arguments: {len(params)} weights/buffers (mlsysim.param), then inputs "
              f"{', '.join(input_names[:4])}{', ...' if len(input_names) > 4 else ''} "
              f"(mlsysim.input).\n")
    with open(path, "w") as fh:
        fh.write(header)
        fh.write(text)
    ok = "unchecked"
    if check:
        r = subprocess.run([MLIR_OPT, path, "-o", "/dev/null"], capture_output=True, text=True)
        if r.returncode != 0:
            # Fall back to the generic op form, which old parsers read more easily.
            with open(path, "w") as fh:
                fh.write(header)
                fh.write(module.operation.get_asm(print_generic_op_form=True))
            r = subprocess.run([MLIR_OPT, path, "-o", "/dev/null"], capture_output=True,
                               text=True)
            if r.returncode != 0:
                raise RuntimeError(f"{name}: mlir-opt cannot parse output:\n{r.stderr[:2000]}")
            ok = "ok (generic form)"
        else:
            ok = "ok"
    size = os.path.getsize(path)
    print(f"[{name}] {size/1e6:.2f} MB, {len(params)} weight args, {len(input_names)} inputs, "
          f"{n_asserts} asserts stripped, transposes folded {n_folded['linalg.matmul']} (matmul) "
          f"{n_folded['linalg.batch_matmul']} (batch_matmul), export {t1-t0:.1f}s, lower {t2-t1:.1f}s, "
          f"mlir-opt {ok}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help=f"models (default all): {', '.join(MODELS)}")
    ap.add_argument("--out", default=HERE, help="output directory (default: this folder)")
    ap.add_argument("--no-check", action="store_true", help="skip the mlir-opt parse check")
    a = ap.parse_args()
    names = a.names or list(MODELS)
    for n in names:
        if n not in MODELS:
            sys.exit(f"unknown model {n!r}; known: {', '.join(MODELS)}")
    check = not a.no_check and os.path.exists(MLIR_OPT)
    if not a.no_check and not check:
        print(f"warning: {MLIR_OPT} not found, skipping parse check", file=sys.stderr)
    os.makedirs(a.out, exist_ok=True)
    torch.manual_seed(0)
    for n in names:
        export_one(n, a.out, check=check)


if __name__ == "__main__":
    main()
