"""Token counts of texts under a GGUF's own tokenizer: `python -m app.inference.token_counts
model.gguf` reads a JSON list of strings on stdin and writes their counts as a JSON list.

Only the vocabulary is loaded (no weights, no context), in a child process of its own: a file
llama.cpp cannot read, or a build the host cannot run, fails that process, not the server.
Counts are of the text alone: no BOS token, special-token text read as plain text.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from app.http import InvalidInput

TIMEOUT_S = 600


class TokenizerFailed(InvalidInput):
    pass


def count_tokens(path: Path, texts: Sequence[str], field: str = "tokenizer") -> list[int]:
    """One count per text (path: a GGUF file already checked to lie in the model folders)."""
    try:
        done = subprocess.run([sys.executable, "-m", "app.inference.token_counts", str(path)],
                              input=json.dumps(list(texts)).encode(), capture_output=True,
                              timeout=TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        raise TokenizerFailed(f"tokenizing took over {TIMEOUT_S} s", field=field) from None
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines() or [""]
        last = next((line for line in reversed(lines) if "Error" in line), lines[-1])
        raise TokenizerFailed(f"the tokenizer of {path.name} could not be loaded "
                              f"(exit {done.returncode}): {last[:300]}", field=field)
    counts = json.loads(done.stdout)
    if not isinstance(counts, list) or len(counts) != len(texts):
        raise TokenizerFailed("the tokenizer process answered no counts", field=field)
    return [int(c) for c in counts]


def main(path: str) -> int:
    import llama_cpp

    llm = llama_cpp.Llama(path, vocab_only=True, n_ctx=8, verbose=False)
    counts = [len(llm.tokenize(str(text).encode("utf-8"), add_bos=False, special=False))
              for text in json.load(sys.stdin)]
    json.dump(counts, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
