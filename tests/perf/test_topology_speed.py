"""Generation at the host's limit: PocketEval's chosen topology (workers × threads ×
sequences, from the host probe) against llama.cpp's best configuration on the same host, in
one run, on two model sizes: SmolLM2-135M and the phone-sized Qwen2.5-Coder-1.5B-Instruct.

- Workloads: the real one (MATH-500, repeats 1, the default window, an output cap), short
  stories (8 prompts of about 40 tokens, a short cap) and IFBench at the published method's
  settings (answers end where the model stops, under a cap). The 1.5B model runs half the
  samples at half the caps.
- llama.cpp: `llama-batched-bench` (built from the source llama-cpp-python vendors, same CPU
  arguments) at 1..4 sequences × 1..2 threads, and two 1-thread processes at once (their
  figures summed), at each workload's prompt and answer lengths (IFBench's: the means of
  PocketEval's first run). Whole-time figures: prompt plus generated tokens over the time.
- PocketEval, through the run API, probe on; besides, its own single worker, single sequence
  on the real workload, and the chosen topology with the prefill lane the other way round
  (wall and median time to first token, with and without). Time is from the first sample's
  start to the last one's end (model load and probe excluded); tokens are the samples'
  prompt and generated tokens. Each run's record of where its time went is printed.
- The ratios are paired (tests/perf/topology_runs.py says why): once the sweep has found
  llama.cpp's best configuration (the best of twelve noisy figures, biased upwards), it and
  PocketEval's chosen run are measured in turns, in rounds; the median ratio is the result
  (the rounds are printed). Answers of uneven length (stories, IFBench) are also measured
  against llama-server on the same prompts and lengths (test_same_prompts_speed.py), where
  llama.cpp has the same tail.

Targets: the real workload ≥ 0.9× llama.cpp's best and ≥ 1.5× single where two processes
scale. Short stories' and IFBench's target (≥ 0.95×) is against llama-server on the same
prompts (test_same_prompts_speed.py); here, against a bench of one length, their ratios are
printed for comparison. Run with `make perf`, or one model with `-k smollm2` / `-k qwen`.
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path

import pytest

from app.config import Settings
from app.inference.llama_server.build import build, default_location
from tests.perf.topology_runs import (
    SUBJECT_IDS,
    SUBJECTS,
    Config,
    Measured,
    Paired,
    Subject,
    Workload,
    measure_run,
    prepare,
)
from tests.support.gguf_support import gguf_client

pytestmark = [pytest.mark.perf, pytest.mark.anyio,
              pytest.mark.skipif(shutil.which("cmake") is None,
                                 reason="building llama-batched-bench needs cmake")]

def _bench(model: Path, threads: int, n_prompt: int, n_gen: int,
           sequences: str = "1,2,3,4") -> dict[int, float]:
    """Whole-time tokens/s (prompt + generated over the time) by parallel sequences."""
    binary = build(default_location("llama-batched-bench"), program="llama-batched-bench")
    out = subprocess.run(
        [str(binary), "-m", str(model), "-c", str(4 * (n_prompt + n_gen) + 64), "-b", "512",
         "-ub", "512", "-npp", str(n_prompt), "-ntg", str(n_gen), "-npl", sequences,
         "-t", str(threads), "-fa", "on"],
        capture_output=True, text=True, check=True, timeout=3600).stdout
    rates = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 10 and cells[0].isdigit():
            rates[int(cells[2])] = float(cells[9])
    return rates


def _processes(model: Path, processes: int, threads: int, n_prompt: int, n_gen: int,
               sequences: str = "1,2,3,4") -> dict[int, float]:
    """`_bench` in `processes` processes at once, their figures summed."""
    with ThreadPoolExecutor(processes) as pool:
        each = list(pool.map(lambda _: _bench(model, threads, n_prompt, n_gen, sequences),
                             range(processes)))
    return {seqs: sum(e[seqs] for e in each) for seqs in each[0]}


def _llama_cpp_best(model: Path, n_prompt: int, n_gen: int) -> tuple[Config, list[str]]:
    """The sweep's best configuration, and a line per figure."""
    lines, best, best_rate = [], Config(1, 1, 1), 0.0
    for processes, threads in ((1, 1), (1, 2), (2, 1)):
        for seqs, rate in _processes(model, processes, threads, n_prompt, n_gen).items():
            lines.append(f"{processes} process(es) x {threads} thread(s) x {seqs} seq: "
                         f"{rate:7.1f}")
            if rate > best_rate:
                best, best_rate = Config(processes, threads, seqs), rate
    return best, lines


def _once(model: Path, config: Config, n_prompt: int, n_gen: int) -> float:
    """One more figure of `config` alone."""
    return _processes(model, config.processes, config.threads, n_prompt, n_gen,
                      str(config.sequences))[config.sequences]


def _target(w: Workload) -> str:
    if w.same_prompts:  # answers of uneven length: a bench of one length has no tail
        return f"target >= {w.target} on the same prompts: test_same_prompts_speed.py"
    return f"target >= {w.target}"


@pytest.mark.parametrize("subject", SUBJECTS, ids=SUBJECT_IDS)
@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # the database is not measured
async def test_chosen_topology_against_llama_cpp(settings: Settings, data_dir: Path,
                                                 tmp_path: Path, subject: Subject) -> None:
    folder = tmp_path / "models"
    folder.mkdir()
    model = subject.file(folder)
    started = datetime.now()
    math = subject.workloads[0]
    # the database (the settings' folder) outlives each app: items are imported once
    async with gguf_client(settings, folder, gguf_topology="probe", load_bundled_data=True,
                           probe_dir=tmp_path / "probes") as client:
        await prepare(client, data_dir)
        first = {w.label: await measure_run(client, w.benchmark, w.model, **w.body)
                 for w in subject.workloads}  # the first probes
        single = await measure_run(client, math.benchmark, {
            **math.model, "workers": 1, "n_threads": 1, "parallel": 1}, **math.body)
    chosen_math = first[math.label]
    # the prefill lane the other way round, on the same topology (the probe is cached)
    lane = "off" if chosen_math.topology["prefill_lane"] else "on"
    async with gguf_client(settings, folder, gguf_topology="probe", probe_dir=tmp_path / "probes",
                           gguf_prefill_lane=lane) as client:
        other = await measure_run(client, math.benchmark, {
            **math.model, "workers": chosen_math.topology["workers"],
            "parallel": chosen_math.topology["sequences"]}, **math.body)
    shapes = {w.label: (w.n_prompt or first[w.label].mean_prompt,
                        w.n_gen or first[w.label].mean_answer) for w in subject.workloads}
    sweeps = {w.label: await asyncio.to_thread(_llama_cpp_best, model, *shapes[w.label])
              for w in subject.workloads}
    pairs = {w.label: Paired([], []) for w in subject.workloads}
    last: dict[str, Measured] = {}
    async with gguf_client(settings, folder, gguf_topology="probe",
                           probe_dir=tmp_path / "probes") as client:
        for _ in range(subject.rounds):
            for w in subject.workloads:
                best = sweeps[w.label][0]
                pairs[w.label].llama_cpp.append(
                    await asyncio.to_thread(_once, model, best, *shapes[w.label]))
                last[w.label] = await measure_run(client, w.benchmark, w.model, **w.body)
                pairs[w.label].pocketeval.append(last[w.label].tok_s)
    probe = chosen_math.topology["probe"]
    two = {(f["workers"], f["threads"], f["sequences"]): f for f in probe["figures"]}
    scales = two[2, 1, 1]["decode_tok_s"] / two[1, 1, 1]["decode_tok_s"]
    with_lane, without = (other, chosen_math) if lane == "on" else (chosen_math, other)
    lines = [f"\n{subject.name}, {started:%Y-%m-%d %H:%M}; whole-time tokens/s.",
             f"probe ({probe['seconds']} s): two 1-thread decoders {scales:.2f}x one; prefill "
             f"{two[2, 1, 1]['prefill_tok_s'] / two[1, 1, 1]['prefill_tok_s']:.2f}x"]
    for w in subject.workloads:
        best, sweep = sweeps[w.label]
        run, pair = last[w.label], pairs[w.label]
        lines += [f"{w.label}: PocketEval {run.shape} ({run.topology['kv_mode']} KV, lane "
                  f"{run.topology['prefill_lane']}, threads lent {run.memory.get('thread_lends')},"
                  f" evictions {run.memory['evictions']}); llama-batched-bench sweep at "
                  f"{shapes[w.label][0]} + {shapes[w.label][1]} tokens:",
                  *(f"  {line}" for line in sweep), f"  best: {best}",
                  f"  rounds, PocketEval/llama.cpp {best}: {pair.rounds}",
                  f"  median of rounds {pair.ratio:.2f} ({_target(w)})",
                  f"  last round's {run.where}"]
        assert run.tok_s > 0 and run.memory["evictions"] == 0
    lines += [f"single 1x1x1 on {math.label}: {single.tok_s:.1f}, right after the first chosen "
              f"run, {chosen_math.tok_s:.1f}: chosen / single "
              f"{chosen_math.tok_s / single.tok_s:.2f} (target >= 1.5 where two processes scale: "
              f"{'yes' if scales >= 1.5 else 'no'})",
              f"prefill lane on: wall {with_lane.wall_s:.1f} s, median time to first token "
              f"{with_lane.ttft_median_ms:.0f} ms; off: {without.wall_s:.1f} s, "
              f"{without.ttft_median_ms:.0f} ms (before the rounds)"]
    print("\n".join(lines))
