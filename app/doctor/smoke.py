"""A small evaluation in its own process: `python -m app.doctor.smoke model.gguf`.

It prints llama.cpp's system line (the build's CPU features) before touching the model, then
evaluates a prompt and decodes a few tokens on two threads, and prints the result, one JSON
object a line. Decoding matters: a build whose AMX kernels died at the first decoded token
had passed a prompt evaluation. Run as a child, so a build that uses instructions the host
refuses kills this process, not the caller.
"""

from __future__ import annotations

import json
import sys
import time

DECODE_TOKENS = 8


def main(path: str) -> int:
    import llama_cpp

    info = llama_cpp.llama_print_system_info().decode("utf-8", "replace")
    print(json.dumps({"system_info": info}), flush=True)
    started = time.perf_counter()
    llm = llama_cpp.Llama(path, n_ctx=256, n_batch=64, n_threads=2, use_mmap=False,
                          verbose=True)
    prompt = llm.tokenize(b"The capital of France is", add_bos=True, special=False)
    decoded = []
    for token in llm.generate(prompt, top_k=1, temp=0.0):
        decoded.append(int(token))
        if len(decoded) == DECODE_TOKENS or token == llm.token_eos():
            break
    print(json.dumps({"tokens": len(prompt), "decoded": decoded,
                      "seconds": time.perf_counter() - started}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
