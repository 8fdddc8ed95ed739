"""One process of the host probe (app.runners.host_probe): loads the model with T threads and
room for S sequences, says `ready`, then answers commands on stdin, one JSON line each:

- `prefill [SECONDS]`: prompt tokens evaluated in 128-token batches from an empty cache, for
  about SECONDS (default PHASE_S);
- `decode [SECONDS]`: S sequences decoded one token each per step, for about as long;
- `threads T`: evaluate with T threads from now on (at most those it was loaded with);
- `exit`.

The tokens are fixed ids, not a text: speed does not depend on what they say. Phases last a
fixed time rather than a fixed count, so processes measured together overlap throughout.

    python -m app.runners.probe_process MODEL THREADS SEQUENCES
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

PHASE_S = 0.8
CHUNK = 128
SEQ_CELLS = 1024


def _load(path: str, threads: int, sequences: int) -> Any:
    import llama_cpp

    from app.runners.llama_worker import replace_context

    llm = llama_cpp.Llama(path, n_ctx=SEQ_CELLS, n_batch=512, n_ubatch=512, n_threads=threads,
                          n_threads_batch=threads, use_mmap=False, verbose=False)
    if sequences > 1:
        replace_context(llm, sequences, per_sequence=True)
    return llm


class Bench:
    def __init__(self, llm: Any, sequences: int) -> None:
        import llama_cpp

        self.lib, self.llm, self.sequences = llama_cpp, llm, sequences
        self.ctx = llm._ctx.ctx
        self.memory = llama_cpp.llama_get_memory(self.ctx)
        self.batch = llama_cpp.llama_batch_init(512, 0, 1)
        self.token = min(1000, llm.n_vocab() - 1)

    def _decode(self, entries: list[tuple[int, int, bool]]) -> None:
        """entries: (sequence, position, wants logits)."""
        batch = self.batch
        for n, (seq, pos, logits) in enumerate(entries):
            batch.token[n] = self.token + (pos % 7)
            batch.pos[n] = pos
            batch.n_seq_id[n] = 1
            batch.seq_id[n][0] = seq
            batch.logits[n] = logits
        batch.n_tokens = len(entries)
        status = self.lib.llama_decode(self.ctx, batch)
        if status != 0:
            raise RuntimeError(f"llama_decode returned {status}")

    def threads(self, n: int) -> dict[str, float]:
        """One process measures each thread count in turn: loading the model once, not
        once per count, is most of a small model's probe."""
        self.lib.llama_set_n_threads(self.ctx, n, n)
        return {"threads": self.lib.llama_n_threads(self.ctx),
                "threads_batch": self.lib.llama_n_threads_batch(self.ctx)}

    def prefill(self, phase_s: float = PHASE_S) -> dict[str, float]:
        tokens, started = 0, time.perf_counter()
        while time.perf_counter() - started < phase_s or tokens == 0:
            self.lib.llama_memory_clear(self.memory, True)
            self._decode([(0, p, p == CHUNK - 1) for p in range(CHUNK)])
            tokens += CHUNK
        return {"tokens": tokens, "seconds": time.perf_counter() - started}

    def decode(self, phase_s: float = PHASE_S) -> dict[str, float]:
        self.lib.llama_memory_clear(self.memory, True)
        seqs = range(self.sequences)
        self._decode([(s, 0, True) for s in seqs])  # every sequence holds a first token
        tokens, pos, started = 0, 1, time.perf_counter()
        while time.perf_counter() - started < phase_s or tokens == 0:
            if pos >= SEQ_CELLS:
                self.lib.llama_memory_clear(self.memory, True)
                self._decode([(s, 0, True) for s in seqs])
                pos = 1
            self._decode([(s, pos, True) for s in seqs])
            tokens += self.sequences
            pos += 1
        return {"tokens": tokens, "seconds": time.perf_counter() - started}


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
