"""A worker's llama.cpp context for several sequences: one cache they share, or cells of
their own each."""

from __future__ import annotations

from typing import Any


def replace_context(llm: Any, n_seq: int, *, per_sequence: bool) -> None:
    """Give `llm` a context for n_seq sequences (the old one freed first, so the two never
    exist together). per_sequence: each sequence its own cells, as many as the old context
    had; else one cache of that size that the sequences share (unified)."""
    import contextlib

    from llama_cpp import _internals

    llm._ctx.close()
    params = llm.context_params
    params.n_seq_max = n_seq
    params.kv_unified = not per_sequence
    if per_sequence:
        params.n_ctx = n_seq * params.n_ctx
    llm._ctx = llm._stack.enter_context(contextlib.closing(
        _internals.LlamaContext(model=llm._model, params=params, verbose=False)))
