"""A streaming GGUF header reader: metadata and tensor infos, never tensor data.

Works on a header alone (an upload of the first megabytes), bounds every declared size
before reading it, and keeps only small arrays (per-layer values), so a hostile header can
neither exhaust memory nor make the reader walk past the end.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from gguf.constants import GGML_QUANT_SIZES, GGMLQuantizationType

MAGIC = b"GGUF"
MAX_KV = 100_000
MAX_TENSORS = 1_000_000
MAX_STRING = 16 * 1024 * 1024
# Vocabularies are the longest arrays: 262,144 tokens (Gemma 3), 280,147 merges (Llama 3).
# Strings are read one by one in Python, so the caps bound the work a header can demand:
# 50,000,000 empty strings took a minute of CPU holding the GIL.
MAX_ARRAY = 1_000_000  # entries of one array
MAX_STRINGS = 4_000_000  # string entries in the whole header
MAX_DIMS = 8
KEEP_ARRAY = 1024  # arrays up to this length are kept (per-layer values); longer ones counted
_SCALARS: dict[int, tuple[str, int]] = {0: ("<B", 1), 1: ("<b", 1), 2: ("<H", 2), 3: ("<h", 2),
                                         4: ("<I", 4), 5: ("<i", 4), 6: ("<f", 4), 7: ("<?", 1),
                                         10: ("<Q", 8), 11: ("<q", 8), 12: ("<d", 8)}
STRING, ARRAY = 8, 9


class GGUFError(ValueError):
    """The bytes are not a readable GGUF header; the message says where and why."""


@dataclass(frozen=True)
class TensorInfo:
    name: str
    shape: tuple[int, ...]
    ggml_type: int
    offset: int

    @property
    def n_elements(self) -> int:
        return math.prod(self.shape)

    @property
    def nbytes(self) -> int:
        try:
            block, size = GGML_QUANT_SIZES[GGMLQuantizationType(self.ggml_type)]
        except (ValueError, KeyError):
            raise GGUFError(f"tensor {self.name!r} has unknown type {self.ggml_type}") from None
        if self.n_elements % block:
            raise GGUFError(f"tensor {self.name!r}: {self.n_elements} elements are not a "
                            f"multiple of the {block}-element block")
        return self.n_elements // block * size

    @property
    def type_name(self) -> str:
        return GGMLQuantizationType(self.ggml_type).name


@dataclass
class GGUFHeader:
    version: int
    metadata: dict[str, Any] = field(default_factory=dict)
    array_lengths: dict[str, int] = field(default_factory=dict)
    tensors: list[TensorInfo] = field(default_factory=list)
    header_bytes: int = 0


class _Reader:
    def __init__(self, stream: BinaryIO, size: int | None) -> None:
        self.stream = stream
        self.size = size
        self.pos = 0
        self.strings = 0  # array string entries so far

    def take(self, n: int, what: str) -> bytes:
        if n < 0 or (self.size is not None and self.pos + n > self.size):
            raise GGUFError(f"{what} at byte {self.pos} needs {n} bytes; the header ends at "
                            f"byte {self.size}")
        data = self.stream.read(n)
        if len(data) != n:
            raise GGUFError(f"the file ends at byte {self.pos + len(data)} while reading {what}")
        self.pos += n
        return data

    def skip(self, n: int, what: str) -> None:
        if self.size is not None and self.pos + n > self.size:
            raise GGUFError(f"{what} at byte {self.pos} declares {n} bytes; the header ends at "
                            f"byte {self.size}")
        chunk = 1 << 20
        while n > 0:  # read in chunks: works on non-seekable streams, bounded memory
            self.take(min(n, chunk), what)
            n -= chunk

    def scalar(self, fmt: str, size: int, what: str) -> Any:
        return struct.unpack(fmt, self.take(size, what))[0]

    def u32(self, what: str) -> int:
        return int(self.scalar("<I", 4, what))

    def u64(self, what: str) -> int:
        return int(self.scalar("<Q", 8, what))

    def string(self, what: str) -> str:
        n = self.u64(f"length of {what}")
        if n > MAX_STRING:
            raise GGUFError(f"{what} declares a {n}-byte string (limit {MAX_STRING})")
        try:
            return self.take(n, what).decode("utf-8")
        except UnicodeDecodeError:
            raise GGUFError(f"{what} is not UTF-8") from None


def _value(r: _Reader, vtype: int, key: str, header: GGUFHeader) -> Any:
    if vtype in _SCALARS:
        fmt, size = _SCALARS[vtype]
        return r.scalar(fmt, size, key)
    if vtype == STRING:
        return r.string(key)
    if vtype != ARRAY:
        raise GGUFError(f"{key}: unknown value type {vtype}")
    item_type = r.u32(f"{key} item type")
    count = r.u64(f"{key} length")
    if count > MAX_ARRAY:
        raise GGUFError(f"{key} declares {count} entries (limit {MAX_ARRAY})")
    header.array_lengths[key] = count
    if item_type in _SCALARS:
        fmt, size = _SCALARS[item_type]
        if r.size is not None and r.pos + count * size > r.size:
            raise GGUFError(f"{key} declares {count} entries, more than the header holds")
        if count > KEEP_ARRAY:
            r.skip(count * size, key)
            return None
        data = r.take(count * size, key)
        return list(struct.unpack(f"<{count}{fmt[1]}", data))
    if item_type == STRING:
        r.strings += count
        if r.strings > MAX_STRINGS:
            raise GGUFError(f"{key}: the header declares more than {MAX_STRINGS} strings in "
                            "all")
        keep = count <= KEEP_ARRAY
        items = []
        for i in range(count):
            text = r.string(f"{key}[{i}]")
            if keep:
                items.append(text)
        return items if keep else None
    raise GGUFError(f"{key}: arrays of type {item_type} are not supported")


def read_header(stream: BinaryIO, size: int | None = None,
                progress: Callable[[int], None] | None = None) -> GGUFHeader:
    """Parse metadata and tensor infos from `stream` positioned at the file start. `size`
    (bytes available, when known) bounds every declared length."""
    r = _Reader(stream, size)
    magic = r.take(4, "magic")
    if magic != MAGIC:
        raise GGUFError(f"not a GGUF file: it does not start with {MAGIC!r}")  # never echo bytes
    version = r.u32("version")
    if version not in (2, 3):
        raise GGUFError(f"GGUF version {version} is not supported (2 or 3)")
    n_tensors = r.u64("tensor count")
    n_kv = r.u64("metadata count")
    if n_tensors > MAX_TENSORS or n_kv > MAX_KV:
        raise GGUFError(f"the header declares {n_tensors} tensors and {n_kv} metadata entries "
                        f"(limits {MAX_TENSORS}, {MAX_KV})")
    header = GGUFHeader(version)
    for i in range(n_kv):
        key = r.string(f"metadata key {i}")
        vtype = r.u32(f"{key} type")
        header.metadata[key] = _value(r, vtype, key, header)
    for i in range(n_tensors):
        name = r.string(f"tensor {i} name")
        n_dims = r.u32(f"{name} dims")
        if not 1 <= n_dims <= MAX_DIMS:
            raise GGUFError(f"tensor {name!r} declares {n_dims} dimensions")
        shape = tuple(r.u64(f"{name} shape") for _ in range(n_dims))
        if any(d <= 0 or d > 1 << 40 for d in shape):
            raise GGUFError(f"tensor {name!r} has an impossible shape {shape}")
        ggml_type = r.u32(f"{name} type")
        offset = r.u64(f"{name} offset")
        header.tensors.append(TensorInfo(name, shape, ggml_type, offset))
        if progress is not None:
            progress(i)
    alignment = int(header.metadata.get("general.alignment", 32) or 32)
    header.header_bytes = r.pos + (-r.pos % alignment)
    return header
