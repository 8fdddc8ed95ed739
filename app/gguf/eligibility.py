"""Would this GGUF fit a phone? Memory at a fixed context, from the header alone.

The verdict follows the published mobile rule: a model is small enough for phones when,
quantised, it fits the budget (8 GiB) including its KV cache at 8K context, and its weights
are 4-bit (Q4_K_M) or lower:
  eligible iff rule = weights + KV cache at n_ctx 8192 <= budget, and bits <= 4.
Beside it, what llama.cpp reserves on top (compute and output buffers), for n_ubatch 512,
flash attention on, one sequence, f16 K and V, sliding-window layers holding only their window
(llama.cpp's swa_full = false); `runtime_fits` is false for a model that fits by the rule but
not with those buffers:
  total   = weights + KV + compute buffer + output buffer
  KV      = sum over layers of cells(l) * n_kv_heads(l) * (key_length + value_length) * 2 B,
            cells = n_ctx, or min(n_ctx, pad256(window + n_ubatch)) on sliding-window layers
  output  = n_vocab * 4 B (the logits of one token)
  compute = n_ubatch * (n_vocab + 2 * n_embd) * 4 B (llama.cpp's CPU graph reservation with
            flash attention; matched exactly on SmolLM2-135M and Gemma-3-270M)
The total counts what llama.cpp reserves. A process holds less: the compute buffer is sized
for n_ubatch output rows of logits, but prompts are evaluated with one output row, so most
of it is never touched. The resident estimate, compared with a run's measured peak RSS, is
  resident = weights + KV + output + tokenizer tables + activations
  tokenizer   = 170 B per token + 175 B per BPE merge (llama.cpp's vocabulary maps; measured
                with vocabulary-only loads of three models)
  activations = n_ubatch * 4 * (n_ff + n_embd) * 4 B (a full ubatch through one layer, and
                the quantised copies of its inputs)
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, TypedDict

from gguf.constants import LlamaFileType

from app.gguf.header import GGUFError, GGUFHeader

N_CTX = 8192
N_UBATCH = 512
KV_BYTES = 2  # f16
GIB = 1024**3
# every Nth layer is global (the rest slide) where the file does not say
SWA_PATTERN_DEFAULTS = {"gemma2": 2, "gemma3": 6, "gemma3n": 5, "cohere2": 4, "gpt-oss": 2,
                        "exaone4": 4}
FOUR_BIT_OR_LOWER = {
    "MOSTLY_Q4_0", "MOSTLY_Q4_1", "MOSTLY_Q4_K_S", "MOSTLY_Q4_K_M", "MOSTLY_IQ4_NL",
    "MOSTLY_IQ4_XS", "MOSTLY_Q3_K_S", "MOSTLY_Q3_K_M", "MOSTLY_Q3_K_L", "MOSTLY_Q2_K",
    "MOSTLY_Q2_K_S", "MOSTLY_IQ3_XS", "MOSTLY_IQ3_XXS", "MOSTLY_IQ3_S", "MOSTLY_IQ3_M",
    "MOSTLY_IQ2_XXS", "MOSTLY_IQ2_XS", "MOSTLY_IQ2_S", "MOSTLY_IQ2_M", "MOSTLY_IQ1_S",
    "MOSTLY_IQ1_M", "MOSTLY_TQ1_0", "MOSTLY_TQ2_0", "MOSTLY_MXFP4_MOE", "MOSTLY_NVFP4",
    "MOSTLY_Q1_0"}
# tensor types by nominal weight bits, to name a file whose file_type is missing
TENSOR_TYPE_FILE_TYPE = {"Q4_0": "MOSTLY_Q4_0", "Q4_1": "MOSTLY_Q4_1", "Q4_K": "MOSTLY_Q4_K_M",
                         "Q5_0": "MOSTLY_Q5_0", "Q5_1": "MOSTLY_Q5_1", "Q5_K": "MOSTLY_Q5_K_M",
                         "Q6_K": "MOSTLY_Q6_K", "Q8_0": "MOSTLY_Q8_0", "F16": "MOSTLY_F16",
                         "BF16": "MOSTLY_BF16", "F32": "ALL_F32", "Q3_K": "MOSTLY_Q3_K_M",
                         "Q2_K": "MOSTLY_Q2_K", "IQ4_XS": "MOSTLY_IQ4_XS",
                         "IQ4_NL": "MOSTLY_IQ4_NL"}
# an average this far above every 4-bit type's nominal bits (Q4_1's 5.0 is the widest) is
# explained in the report's warnings
WIDE_AVERAGE_BITS = 6.0
TOKEN_TABLE_BYTES = 170
MERGE_TABLE_BYTES = 175
UNSUPPORTED_ARCHS = {"mamba", "mamba2", "rwkv6", "rwkv7", "deepseek2", "jamba"}


class KvLayers(TypedDict):
    """How the KV cache was counted, layer by layer, for the report's reader."""

    layers: int
    sliding_window_layers: int
    sliding_window: int
    cells_full: int
    cells_sliding: int | None
    kv_heads: list[int]
    key_length: int
    value_length: int
    n_vocab: int
    n_embd: int
    n_ff: int
    swa_full: bool


@dataclass
class Estimate:
    architecture: str
    n_ctx: int
    n_ubatch: int
    flash_attention: bool
    budget_bytes: int
    weights_bytes: int
    kv_bytes: int
    compute_bytes: int
    output_bytes: int
    tokenizer_bytes: int
    activation_bytes: int
    parameters: int
    file_type: str
    bits_per_weight: float
    kv_layers: KvLayers
    reasons: list[str] = field(default_factory=list)

    @property
    def rule_bytes(self) -> int:
        """What the published rule counts: weights + KV cache at n_ctx."""
        return self.weights_bytes + self.kv_bytes

    @property
    def total_bytes(self) -> int:
        """Everything llama.cpp reserves."""
        return self.rule_bytes + self.compute_bytes + self.output_bytes

    @property
    def runtime_fits(self) -> bool:
        return self.total_bytes <= self.budget_bytes

    @property
    def warnings(self) -> list[str]:
        out = []
        if self.rule_bytes <= self.budget_bytes and not self.runtime_fits:
            out.append(f"fits by the rule, but with llama.cpp's compute and output buffers it "
                       f"needs {self.total_bytes / GIB:.2f} GiB, over the "
                       f"{self.budget_bytes / GIB:.2f} GiB budget")
        if self.file_type in FOUR_BIT_OR_LOWER and self.bits_per_weight > WIDE_AVERAGE_BITS:
            out.append(f"{self.bits_per_weight:g} bits per weight on average beside the "
                       f"{self.file_type} file type: some tensors (token embeddings, output, "
                       "norms) are kept wider, which weighs most in a small model; the "
                       "'4-bit or smaller' rule reads the file type, and the weights' real "
                       "size is in weights_bytes")
        return out

    @property
    def resident_bytes(self) -> int:
        """What a process holding the model is expected to keep resident (see the module)."""
        return (self.weights_bytes + self.kv_bytes + self.output_bytes + self.tokenizer_bytes
                + self.activation_bytes)

    @property
    def eligible(self) -> bool:
        return not self.reasons


def _pad(value: int, multiple: int = 256) -> int:
    return -(-value // multiple) * multiple


def _per_layer(value: Any, n_layer: int, name: str) -> list[int]:
    if isinstance(value, list):
        if len(value) != n_layer:
            raise GGUFError(f"{name} has {len(value)} entries for {n_layer} layers")
        return [int(v) for v in value]
    return [int(value)] * n_layer


def _swa_layers(meta: dict[str, Any], arch: str, n_layer: int) -> list[bool]:
    window = int(meta.get(f"{arch}.attention.sliding_window") or 0)
    if not window:
        return [False] * n_layer
    pattern = meta.get(f"{arch}.attention.sliding_window_pattern")
    if isinstance(pattern, list):
        return [bool(p) for p in _per_layer(pattern, n_layer, "sliding_window_pattern")]
    every = int(pattern) if pattern else SWA_PATTERN_DEFAULTS.get(arch, 0)
    if every <= 0:
        return [False] * n_layer  # no known pattern: count every layer in full (safe side)
    return [(layer + 1) % every != 0 for layer in range(n_layer)]


def _file_type(header: GGUFHeader) -> str:
    code = header.metadata.get("general.file_type")
    if code is not None:
        try:
            return LlamaFileType(int(code)).name
        except ValueError:
            return f"UNKNOWN_{code}"
    by_bytes: Counter[str] = Counter()
    for t in header.tensors:
        if len(t.shape) >= 2:
            by_bytes[t.type_name] += t.nbytes
    main = by_bytes.most_common(1)[0][0] if by_bytes else "F32"
    return TENSOR_TYPE_FILE_TYPE.get(main, f"GUESSED_{main}")


def estimate(header: GGUFHeader, *, budget_bytes: int = 8 * GIB, n_ctx: int = N_CTX,
             n_ubatch: int = N_UBATCH, swa_full: bool = False) -> Estimate:
    """The report at n_ctx; swa_full counts sliding-window layers in full, as the runner
    allocates them."""
    meta = header.metadata
    arch = str(meta.get("general.architecture") or "")
    if not arch:
        raise GGUFError("general.architecture is missing")
    if arch in UNSUPPORTED_ARCHS:
        raise GGUFError(f"{arch}: recurrent or latent-attention memory is not estimated")
    n_layer = int(meta.get(f"{arch}.block_count") or 0)
    n_embd = int(meta.get(f"{arch}.embedding_length") or 0)
    if n_layer <= 0 or n_embd <= 0:
        raise GGUFError(f"{arch}.block_count / embedding_length are missing")
    heads = _per_layer(meta.get(f"{arch}.attention.head_count") or 0, n_layer,
                       "attention.head_count")
    kv_heads = _per_layer(meta.get(f"{arch}.attention.head_count_kv", heads), n_layer,
                          "attention.head_count_kv")
    first = max(heads) or 1
    k_len = int(meta.get(f"{arch}.attention.key_length") or n_embd // first)
    v_len = int(meta.get(f"{arch}.attention.value_length") or n_embd // first)
    n_vocab = int(meta.get(f"{arch}.vocab_size")
                  or header.array_lengths.get("tokenizer.ggml.tokens") or 0)
    if n_vocab <= 0:
        raise GGUFError("the vocabulary size is missing (vocab_size, tokenizer.ggml.tokens)")
    swa = _swa_layers(meta, arch, n_layer)
    window = int(meta.get(f"{arch}.attention.sliding_window") or 0)
    full_cells = _pad(n_ctx)
    swa_cells = full_cells if swa_full else min(full_cells, _pad(window + n_ubatch))
    kv = 0
    for layer in range(n_layer):
        cells = swa_cells if swa[layer] else full_cells
        kv += cells * kv_heads[layer] * (k_len + v_len) * KV_BYTES
    n_ff = max(_per_layer(meta.get(f"{arch}.feed_forward_length") or 4 * n_embd, n_layer,
                          "feed_forward_length"))
    merges = header.array_lengths.get("tokenizer.ggml.merges", 0)
    weights = sum(t.nbytes for t in header.tensors)
    params = sum(t.n_elements for t in header.tensors)
    file_type = _file_type(header)
    est = Estimate(
        architecture=arch, n_ctx=n_ctx, n_ubatch=n_ubatch, flash_attention=True,
        budget_bytes=budget_bytes, weights_bytes=weights, kv_bytes=kv,
        compute_bytes=n_ubatch * (n_vocab + 2 * n_embd) * 4, output_bytes=n_vocab * 4,
        tokenizer_bytes=n_vocab * TOKEN_TABLE_BYTES + merges * MERGE_TABLE_BYTES,
        activation_bytes=n_ubatch * 4 * (n_ff + n_embd) * 4,
        parameters=params, file_type=file_type,
        bits_per_weight=round(weights * 8 / params, 3) if params else math.nan,
        kv_layers={"layers": n_layer, "sliding_window_layers": sum(swa),
                   "sliding_window": window, "cells_full": full_cells,
                   "cells_sliding": swa_cells if any(swa) else None,
                   "kv_heads": sorted(set(kv_heads)), "key_length": k_len,
                   "value_length": v_len, "n_vocab": n_vocab, "n_embd": n_embd,
                   "n_ff": n_ff, "swa_full": swa_full})
    if est.rule_bytes > budget_bytes:
        est.reasons.append(f"weights + KV cache need {est.rule_bytes / GIB:.2f} GiB at n_ctx "
                           f"{n_ctx}, over the {budget_bytes / GIB:.2f} GiB budget")
    if file_type not in FOUR_BIT_OR_LOWER:
        est.reasons.append(f"{file_type} weights: only 4-bit (Q4_K_M) or lower quantisation "
                           "qualifies")
    return est
