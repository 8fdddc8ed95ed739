"""What the built-in runner reads from a GGUF file before it starts a worker: the context it
may use, the chat template's thinking switch, and the address space the worker is allowed."""

from __future__ import annotations

from pathlib import Path

from app.gguf import header_of

MAX_CTX = 16_384
THINKING_SWITCH = "enable_thinking"


def model_facts(path: Path) -> tuple[int, str]:
    """(context, chat template) from the header: 16,384, or a smaller trained context."""
    meta = header_of(path).metadata
    arch = str(meta.get("general.architecture", ""))
    trained = int(meta.get(f"{arch}.context_length") or MAX_CTX)
    return min(MAX_CTX, trained), str(meta.get("tokenizer.chat_template") or "")


def address_space_limit(path: Path) -> int:
    """The worker's RLIMIT_AS: room for the weights (read into memory), KV, buffers, thread
    stacks and allocator arenas, not for a template that builds a string of gigabytes."""
    return 2 * path.stat().st_size + 6 * 1024**3


def thinking_flag(template: str, variant: str) -> bool | None:
    """The variant's value for a Qwen3-style thinking switch; None where there is none."""
    return variant == "reasoning" if THINKING_SWITCH in template else None
