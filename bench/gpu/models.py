"""The zoo networks as PyTorch modules, for timing them on a GPU.

The architectures come from zoo/models/export.py itself: it is imported (with
empty stand-ins for the torch_mlir modules it imports at the top, which only
the export needs), and its builders make the modules: build_torchvision,
build_bert, build_gpt2 and llama31_8b_config. So the timed networks are the ones
the .mlir files were exported from. Weights are random (no download; the
Hugging Face hub is set offline before transformers is imported).

What differs from the export, on purpose:
  * the weights are module parameters, not function arguments (the export
    wraps the model in torch.func.functional_call, which would add Python
    work to every eager call);
  * BERT and GPT-2 run without an explicit attention_mask by default: with an
    all-ones mask, transformers tests `mask.all()` on the host (a device
    synchronisation, which CUDA graph capture forbids) and then drops the
    mask, so the kernels are the same; --mask passes it anyway;
  * attention is PyTorch's scaled_dot_product_attention (fused kernels), as
    the library runs it; `attention="math"` swaps in the export's reference
    (bmm, f32 softmax, bmm: the ops the zoo file prices);
  * Llama-3.1-8B decode rebuilds the DynamicCache from the 2048 cached
    positions at every call, as the export does, so every step copies the
    cache (HF DynamicCache semantics, the same concat the zoo file has).

Imported by bench/gpu/worker.py; not a command.
"""

import contextlib
import importlib.util
import inspect
import os
import sys
import types

for _k, _v in (("HF_HUB_OFFLINE", "1"), ("TRANSFORMERS_OFFLINE", "1"),
               ("HF_DATASETS_OFFLINE", "1"), ("TOKENIZERS_PARALLELISM", "false"),
               ("TRANSFORMERS_SDPA_FORCE_GQA", "1")):
    os.environ.setdefault(_k, _v)

import torch  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXPORT_PY = os.path.join(ROOT, "zoo", "models", "export.py")

# name -> (family, zoo file stem, default large batch)
MODELS = {
    "resnet50": ("torchvision", "resnet50", 256),
    "mobilenet_v2": ("torchvision", "mobilenet_v2", 256),
    "vit_b16": ("torchvision", "vit_b16", 64),
    "bert_base_s128": ("bert", "bert_base_s128", 128),
    "gpt2_small": ("gpt2", "gpt2_small", 64),
    "llama3_8b_decode": ("llama_decode", "llama3_8b_decode", 1),
}
SEQ = 128           # BERT and GPT-2 sequence length in the zoo
CACHE_LEN = 2048    # Llama decode: cached positions in the zoo file

_export = None


def export_module():
    """zoo/models/export.py, imported without torch_mlir (which only the
    export itself uses)."""
    global _export
    if _export is not None:
        return _export
    stubs = {}
    for name in ("torch_mlir", "torch_mlir.fx", "torch_mlir.ir", "torch_mlir.passmanager"):
        if name not in sys.modules:
            stubs[name] = types.ModuleType(name)
    if stubs:
        pm = stubs.get("torch_mlir.passmanager")
        if pm is not None:
            pm.PassManager = None
        top = stubs.get("torch_mlir")
        if top is not None:
            top.fx = stubs.get("torch_mlir.fx")
            top.ir = stubs.get("torch_mlir.ir")
        sys.modules.update(stubs)
    spec = importlib.util.spec_from_file_location("mlsysim_zoo_export", EXPORT_PY)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    _export = mod
    return mod


@contextlib.contextmanager
def attention(kind):
    """kind 'sdpa': PyTorch's fused attention (unchanged); 'math': the zoo
    export's reference attention (export.sdpa_math)."""
    if kind == "sdpa":
        yield
        return
    with export_module().math_attention():
        yield


def tiny_llama_config():
    """A small Llama with the 8B's structure (GQA 4:1, RoPE llama3 scaling),
    for the CPU smoke test only."""
    cfg = export_module().llama31_8b_config()
    cfg.hidden_size, cfg.intermediate_size = 256, 512
    cfg.num_hidden_layers, cfg.num_attention_heads, cfg.num_key_value_heads = 2, 8, 2
    cfg.head_dim, cfg.vocab_size = 32, 1024
    return cfg


class Workload:
    """One network at one batch: `module`, `inputs` (a dict of tensors) and
    `forward()`, which runs the network once on them."""

    def __init__(self, name, module, inputs, forward, note=""):
        self.name, self.module, self.inputs = name, module, inputs
        self.forward = forward
        self.note = note


def _cache_kwarg(model):
    params = inspect.signature(model.forward).parameters
    return "cache" if "cache" in params else "past_key_values"


def build(name, batch, dtype, device, mask=False, smoke=False):
    """Builds the module once; `inputs_for(batch)` makes inputs later."""
    ex = export_module()
    family = MODELS[name][0]
    dev = torch.device(device)
    gen = torch.Generator(device="cpu").manual_seed(0)
    note = ""
    if family == "torchvision":
        module = ex.build_torchvision(name, dtype, device)[0]
        x = torch.randn(batch, 3, 224, 224, generator=gen).to(dev, dtype)
        inputs = {"image": x}

        def forward():
            return module(inputs["image"])
    elif family in ("bert", "gpt2"):
        module = (ex.build_bert if family == "bert" else ex.build_gpt2)(dtype, device)[0]
        ids = torch.randint(0, module.config.vocab_size, (batch, SEQ), generator=gen).to(dev)
        inputs = {"input_ids": ids}
        if mask:
            inputs["attention_mask"] = torch.ones(batch, SEQ, dtype=torch.int64, device=dev)
        else:
            note = "no attention_mask (an all-ones mask is dropped by transformers)"
        extra = {} if family == "bert" else {"use_cache": False}

        def forward():
            out = module(**inputs, return_dict=True, **extra)
            if family == "bert":
                return out.last_hidden_state, out.pooler_output
            return out.last_hidden_state
    elif family == "llama_decode":
        from transformers import DynamicCache, LlamaForCausalLM
        cfg = tiny_llama_config() if smoke else ex.llama31_8b_config()
        cache_len = 64 if smoke else CACHE_LEN
        if smoke:
            note = "tiny Llama config (smoke test), cache %d" % cache_len
        old = torch.get_default_dtype()
        torch.set_default_dtype(dtype)
        try:
            with torch.device(dev):
                module = LlamaForCausalLM(cfg).eval()
        finally:
            torch.set_default_dtype(old)
        nkv, hd = cfg.num_key_value_heads, cfg.head_dim
        inputs = {"input_ids": torch.randint(0, cfg.vocab_size, (batch, 1), generator=gen).to(dev),
                  "position_ids": torch.full((batch, 1), cache_len, dtype=torch.int64, device=dev)}
        past = []
        for _ in range(cfg.num_hidden_layers):
            k = torch.randn(batch, nkv, cache_len, hd, generator=gen).to(dev, dtype)
            v = torch.randn(batch, nkv, cache_len, hd, generator=gen).to(dev, dtype)
            past.append((k, v))
        inputs["past"] = past
        kw = _cache_kwarg(module)

        def forward():
            cache = DynamicCache(config=cfg)
            for i, (k, v) in enumerate(past):
                cache.update(k, v, i)
            out = module(input_ids=inputs["input_ids"], position_ids=inputs["position_ids"],
                         use_cache=True, return_dict=True, **{kw: cache})
            return out.logits
    else:
        raise ValueError(name)
    module.eval()
    for p in module.parameters():
        p.requires_grad_(False)
    return Workload(name, module, inputs, forward, note)


def zoo_file(name, dtype_name):
    """The zoo/models file of the same network: the _f16 export for 16-bit
    runs (price bf16 with precision=bf16), the f32 one otherwise; the Llama
    files are f16 only."""
    stem = MODELS[name][1]
    if name.startswith("llama"):
        return stem + ".mlir"
    return stem + ("_f16.mlir" if dtype_name in ("f16", "bf16") else ".mlir")


def parameter_count(module):
    return sum(p.numel() for p in module.parameters())
