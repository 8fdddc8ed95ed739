"""Synthetic GGUF headers in the shapes of real models, written with the `gguf` package.

Only the header is written (metadata and tensor infos): the eligibility report never needs
tensor data. Byte sizes per block are restated here from the GGML spec so tests can check
the reader independently: (elements per block, bytes per block).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from gguf import GGMLQuantizationType, GGUFWriter, LlamaFileType

BLOCK_BYTES = {"F32": (1, 4), "F16": (1, 2), "Q8_0": (32, 34), "Q6_K": (256, 210),
               "Q4_K": (256, 144), "Q5_K": (256, 176)}


@dataclass
class Shape:
    arch: str
    layers: int
    n_embd: int
    n_ff: int
    heads: int
    kv_heads: int
    head_dim: int
    vocab: int
    tied: bool = False
    sliding_window: int = 0
    extra: dict[str, int] = field(default_factory=dict)

    def tensors(self, weight_type: str, output_type: str) -> list[tuple[str, tuple[int, ...],
                                                                       str]]:
        out = [("token_embd.weight", (self.vocab, self.n_embd), output_type)]
        for i in range(self.layers):
            q = self.heads * self.head_dim
            kv = self.kv_heads * self.head_dim
            out += [(f"blk.{i}.attn_q.weight", (q, self.n_embd), weight_type),
                    (f"blk.{i}.attn_k.weight", (kv, self.n_embd), weight_type),
                    (f"blk.{i}.attn_v.weight", (kv, self.n_embd), weight_type),
                    (f"blk.{i}.attn_output.weight", (self.n_embd, q), weight_type),
                    (f"blk.{i}.ffn_gate.weight", (self.n_ff, self.n_embd), weight_type),
                    (f"blk.{i}.ffn_up.weight", (self.n_ff, self.n_embd), weight_type),
                    (f"blk.{i}.ffn_down.weight", (self.n_embd, self.n_ff), weight_type),
                    (f"blk.{i}.attn_norm.weight", (self.n_embd,), "F32"),
                    (f"blk.{i}.ffn_norm.weight", (self.n_embd,), "F32")]
        out.append(("output_norm.weight", (self.n_embd,), "F32"))
        if not self.tied:
            out.append(("output.weight", (self.vocab, self.n_embd), output_type))
        return out


LLAMA_3_1_8B = Shape("llama", 32, 4096, 14336, 32, 8, 128, 128256)
PHI_3_MINI = Shape("phi3", 32, 3072, 8192, 32, 32, 96, 32064, sliding_window=2047)
GEMMA_2_9B = Shape("gemma2", 42, 3584, 14336, 16, 8, 256, 256000, tied=True,
                   sliding_window=4096)


def expected_weight_bytes(shape: Shape, weight_type: str, output_type: str) -> int:
    total = 0
    for _name, dims, kind in shape.tensors(weight_type, output_type):
        block, size = BLOCK_BYTES[kind]
        total += int(np.prod(dims)) // block * size
    return total


def write_header(path: Path, shape: Shape, file_type: LlamaFileType, weight_type: str,
                 output_type: str) -> Path:
    writer = GGUFWriter(path, shape.arch)
    writer.add_uint32(f"{shape.arch}.block_count", shape.layers)
    writer.add_uint32(f"{shape.arch}.embedding_length", shape.n_embd)
    writer.add_uint32(f"{shape.arch}.feed_forward_length", shape.n_ff)
    writer.add_uint32(f"{shape.arch}.attention.head_count", shape.heads)
    writer.add_uint32(f"{shape.arch}.attention.head_count_kv", shape.kv_heads)
    writer.add_uint32(f"{shape.arch}.attention.key_length", shape.head_dim)
    writer.add_uint32(f"{shape.arch}.attention.value_length", shape.head_dim)
    writer.add_uint32(f"{shape.arch}.vocab_size", shape.vocab)
    if shape.sliding_window:
        writer.add_uint32(f"{shape.arch}.attention.sliding_window", shape.sliding_window)
    writer.add_file_type(int(file_type))
    for name, dims, kind in shape.tensors(weight_type, output_type):
        block, size = BLOCK_BYTES[kind]
        nbytes = int(np.prod(dims)) // block * size
        writer.add_tensor_info(name, dims, np.dtype(np.float32), nbytes,
                               raw_dtype=GGMLQuantizationType[kind])
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_ti_data_to_file()
    writer.close()
    return path
