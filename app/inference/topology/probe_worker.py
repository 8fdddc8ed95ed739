"""One process of the host probe (app.inference.topology.probe): loads the model with T threads and
room for S sequences, says `ready`, then answers commands on stdin, one JSON line each:

- `prefill [SECONDS]`: prompt tokens evaluated in 128-token batches from an empty cache, for
  about SECONDS (default PHASE_S);
- `decode [SECONDS]`: S sequences decoded together, one token each per step, for about as
  long;
- `threads T`: evaluate with T threads from now on (at most those it was loaded with);
- `exit`.

Both phases go through the generator that serves runs. The tokens are fixed ids, not a
text: speed does not depend on what they say. Phases last a fixed time rather than a fixed
count, so processes measured together overlap throughout.

    python -m app.inference.topology.probe_worker MODEL THREADS SEQUENCES
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from app.inference.llama_cpp.generation_requests import Finished, GenerationRequest, Sampling

PHASE_S = 0.8
CHUNK = 128
SEQ_CELLS = 1024


def _load(path: str, threads: int, sequences: int) -> Any:
    import llama_cpp

    from app.inference.llama_cpp.worker_context import replace_context

    llm = llama_cpp.Llama(path, n_ctx=SEQ_CELLS, n_batch=512, n_ubatch=512, n_threads=threads,
                          n_threads_batch=threads, use_mmap=False, verbose=False)
    if sequences > 1:
        replace_context(llm, sequences, per_sequence=True)
    return llm


class Bench:
    """The probe's phases, through the generator that serves runs
    (app.inference.llama_cpp.worker_generation.BatchedGenerator): the same batch fill,
    llama_decode and sampling, so what the probe times is what a run's worker does."""

    def __init__(self, llm: Any, sequences: int) -> None:
        import llama_cpp

        from app.inference.llama_cpp.worker_generation import BatchedGenerator

        self.lib, self.llm, self.sequences = llama_cpp, llm, sequences
        self.ctx = llm._ctx.ctx
        self.generator = BatchedGenerator(llm, sequences, window=SEQ_CELLS,
                                          shared=sequences == 1)
        self.token = min(1000, llm.n_vocab() - 1)
        self.requests = 0

    def _request(self, prompt: int, max_tokens: int) -> GenerationRequest:
        """Fixed token ids: speed does not depend on what they say."""
        self.requests += 1
        return GenerationRequest(self.requests, [self.token + (i % 7) for i in range(prompt)],
                                 max_tokens, [], Sampling(temperature=0.0, seed=None))

    def _until_done(self) -> list[Finished]:
        done: list[Finished] = []
        while self.generator.busy:
            done += self.generator.step()
        return done

    def threads(self, n: int) -> dict[str, float]:
        """One process measures each thread count in turn: loading the model once, not
        once per count, is most of a small model's probe."""
        self.lib.llama_set_n_threads(self.ctx, n, n)
        return {"threads": self.lib.llama_n_threads(self.ctx),
                "threads_batch": self.lib.llama_n_threads_batch(self.ctx)}

    def prefill(self, phase_s: float = PHASE_S) -> dict[str, float]:
        """CHUNK-token prompts, one after another, each with its first token sampled."""
        tokens, started = 0, time.perf_counter()
        while time.perf_counter() - started < phase_s or tokens == 0:
            self.generator.submit(self._request(CHUNK, 1))
            self._until_done()
            tokens += CHUNK
        return {"tokens": tokens, "seconds": time.perf_counter() - started}

    def decode(self, phase_s: float = PHASE_S) -> dict[str, float]:
        """S sequences decoded together until the phase's deadline ends them: tokens decoded
        after each one's first (which its one-token prompt gave)."""
        requests = [self._request(1, SEQ_CELLS - 2) for _ in range(self.sequences)]
        for request in requests:
            self.generator.submit(request)
        done = self.generator.step()  # the prompts, and every sequence's first token
        started = time.perf_counter()
        for request in requests:
            request.deadline = time.monotonic() + phase_s
        done += self._until_done()
        seconds = time.perf_counter() - started
        return {"tokens": sum(max(0, f.completion_tokens - 1) for f in done),
                "seconds": seconds}


def main(argv: list[str]) -> int:
    path, threads, sequences = argv[0], int(argv[1]), int(argv[2])
    bench = Bench(_load(path, threads, sequences), sequences)
    bench.prefill(0.0)  # warm-up, one batch: the first evaluation pays for allocations
    print("ready", flush=True)
    for line in sys.stdin:
        command = line.strip()
        if command == "exit":
            break
        if command.startswith("threads "):
            figure = bench.threads(int(command.split()[1]))
        else:
            name, *seconds = command.split()
            phase = bench.prefill if name == "prefill" else bench.decode
            figure = phase(float(seconds[0])) if seconds else phase()
        print(json.dumps(figure), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
