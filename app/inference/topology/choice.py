"""How a GGUF run spreads over the host: W worker processes × T threads × S sequences.

What is fastest depends on the host and on the phase. Decoding one token at a time is bound
by memory bandwidth and scales with processes on many hosts; evaluating a prompt is bound by
compute, and two processes prefilling at once can each slow to a quarter. So the choice is
made from measurements of the host itself (app.inference.topology.probe): decode and prefill
figures for each candidate, and a model of the run's workload that weighs them.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.records import Probe, ProbeFigure

# the workload a generative sample is weighed as: a prompt, then a long answer (small models
# often ramble to the output cap)
PROMPT_TOKENS, ANSWER_TOKENS = 256, 512


@dataclass(frozen=True)
class Topology:
    workers: int
    threads: int
    sequences: int

    @property
    def concurrency(self) -> int:
        return self.workers * self.sequences


def candidates(cores: int, sequences: int) -> list[Topology]:
    """1 and 2 workers × 1 and 2 threads × 1 and `sequences` sequences, within the cores."""
    seqs = sorted({1, sequences})
    return [Topology(w, t, s) for w in (1, 2) for t in (1, 2) for s in seqs if w * t <= cores]


def samples_per_s(figure: ProbeFigure, *, by_likelihood: bool) -> float:
    """The workload model. Loglikelihood: prompts only. Generation: each worker takes its S
    prompts (prefilled with the other workers' prefills beside it) and then decodes their
    answers together."""
    if by_likelihood:
        return figure.prefill_tok_s / PROMPT_TOKENS
    if not figure.decode_tok_s or not figure.prefill_tok_s:  # not measured: never chosen
        return 0.0
    per_worker_prefill = figure.prefill_tok_s / figure.workers
    per_worker_decode = figure.decode_tok_s / figure.workers
    round_s = (figure.sequences * PROMPT_TOKENS / per_worker_prefill
               + figure.sequences * ANSWER_TOKENS / per_worker_decode)
    return figure.workers * figure.sequences / round_s


def choose(probe: Probe, *, by_likelihood: bool, workers: int | None = None,
           threads: int | None = None, sequences: int | None = None,
           cores: int | None = None) -> Topology:
    """The fastest measured candidate for the workload, among those that keep what the run
    set and fit `cores` (a Ray actor's reservation: the probe measured the whole node);
    loglikelihood runs decode one sequence per worker (lm-evaluation-harness's numbers)."""
    if by_likelihood:
        sequences = 1
    fitting = [f for f in probe.figures
               if (cores is None or f.workers * f.threads <= cores)
               and (workers is None or f.workers == workers)
               and (threads is None or f.threads == threads)
               and (sequences is None or f.sequences == sequences)]
    if not fitting:
        return Topology(workers or 1, threads or 1, sequences or 1)
    best = max(fitting, key=lambda f: samples_per_s(f, by_likelihood=by_likelihood))
    return Topology(best.workers, best.threads, best.sequences)


def prefill_contends(probe: Probe) -> bool:
    """Whether two workers prefilling at once get less done than one alone: then they take
    turns for prompts (the prefill lane), each prompt done sooner and the decodes beside it
    not slowed. Turns get exactly one worker's rate, and a worker waiting its turn stalls
    its sequences' decodes too, so they pay only below that: on a host where two prefills
    made 1.43x one, a generative run with turns took 47.8 s against 37.1 s without."""
    def at(workers: int) -> float | None:
        return next((f.prefill_tok_s for f in probe.figures
                     if (f.workers, f.threads, f.sequences) == (workers, 1, 1)), None)

    one, two = at(1), at(2)
    return one is not None and two is not None and two < one


def lending_pays(probe: Probe, topology: Topology) -> bool:
    """Whether a worker left decoding alone (a generative run's last long answers) goes
    faster with the idle workers' threads too: the probe's one worker with all the threads
    against one with its own, one sequence each, by at least a tenth. Only where sequences
    are decoded together: their texts already depend on what shares a batch, while one
    sequence per worker gives the same text every time, and llama.cpp's threads can change
    a greedy text's last bits as batching does."""
    def decode(threads: int) -> float | None:
        return next((f.decode_tok_s for f in probe.figures
                     if (f.workers, f.threads, f.sequences) == (1, threads, 1)), None)

    own, pooled = decode(topology.threads), decode(topology.threads * topology.workers)
    return topology.workers > 1 and topology.sequences > 1 and own is not None and \
        pooled is not None and pooled >= 1.1 * own
