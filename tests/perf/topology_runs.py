"""What the generation benchmarks against llama.cpp share: the model files, the workloads
(asked through the run API), a PocketEval run measured from its samples, and paired rounds.

- A run's time is from its first sample's start to its last one's end (model load and probe
  excluded); its tokens are the samples' prompt and generated tokens.
- The ratios are paired: a shared 2-core host's speed drifts by a fifth or more within
  minutes, so a PocketEval run and a llama.cpp figure taken minutes apart compare the host's
  two states as much as the two programs. Once a sweep has found llama.cpp's best
  configuration, that configuration and PocketEval's chosen run are measured in turns, back
  to back, in rounds; each round gives a ratio, and the median ratio is the result.
"""

from __future__ import annotations

import csv
import io
import shutil
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from tests.support import real_models
from tests.support.factories import wait_run

MODEL_FILE = "model.gguf"
STORY = ("The history of the lighthouse keeper's island, its storms, its ships and its "
         "people, told year by year. Continue the story:")


@dataclass(frozen=True)
class Config:
    """One llama.cpp configuration: processes at once × threads × parallel sequences."""
    processes: int
    threads: int
    sequences: int

    def __str__(self) -> str:
        return f"{self.processes}x{self.threads}x{self.sequences}"


@dataclass(frozen=True)
class Paired:
    """PocketEval and llama.cpp measured in turns, back to back."""
    pocketeval: list[float]
    llama_cpp: list[float]

    @property
    def ratio(self) -> float:
        return statistics.median(p / r for p, r in zip(self.pocketeval, self.llama_cpp,
                                                       strict=True))

    @property
    def rounds(self) -> str:
        return ", ".join(f"{p:.1f}/{r:.1f}={p / r:.2f}"
                         for p, r in zip(self.pocketeval, self.llama_cpp, strict=True))


@dataclass(frozen=True)
class Asked:
    """One sample's work: the prompt the model was given, as rendered, and its answer's
    length in tokens."""
    prompt: str
    prompt_tokens: int
    answer_tokens: int


@dataclass(frozen=True)
class Measured:
    tok_s: float  # from the first sample's start to the last one's end
    wall_s: float
    ttft_median_ms: float
    topology: dict[str, Any]
    memory: dict[str, Any]
    time_spent: dict[str, Any]
    asked: tuple[Asked, ...]  # in the order the samples were stored

    @property
    def tokens(self) -> int:
        return sum(a.prompt_tokens + a.answer_tokens for a in self.asked)

    @property
    def mean_prompt(self) -> int:  # tokens per sample: llama.cpp's workload of the same shape
        return sum(a.prompt_tokens for a in self.asked) // len(self.asked)

    @property
    def mean_answer(self) -> int:
        return max(1, sum(a.answer_tokens for a in self.asked) // len(self.asked))

    @property
    def shape(self) -> str:
        t = self.topology
        return f"{t['workers']}x{t['threads']}x{t['sequences']}"

    @property
    def where(self) -> str:
        """Where the run's time went (its runtime's `time_spent`)."""
        spent, pool = self.time_spent, self.time_spent["pool"]
        workers = "; ".join(
            f"worker {i}: model {w['model_s']:.1f}, lane {w['prefill_lane_wait_s']:.1f}, idle "
            f"{w['idle_serving_s']:.1f} (serving) + {w['idle_tail_s']:.1f} (tail), part-filled "
            f"{w['partly_filled_s']:.1f}" for i, w in enumerate(pool["workers"]))
        return (f"where the time goes (s): wall {pool['wall_s']:.1f}, tail after the last full "
                f"batch {pool['tail_s']:.1f}; {workers}; serving process: scoring "
                f"{spent['scoring_s']:.2f}, database {spent['database_s']:.2f}")


async def measure_run(client: httpx.AsyncClient, benchmark: str, model: dict[str, Any],
                      **body: Any) -> Measured:
    r = await client.post("/runs", json={"model": {"name": "model", "path": MODEL_FILE,
                                                   **model},
                                         "benchmarks": [benchmark], "repeats": 1,
                                         "order": "stored", "request_timeout_s": 3600, **body})
    assert r.status_code == 202, r.text
    run_id = r.json()["id"]
    # seldom: each poll is the serving process's CPU, taken from the workers beside it (a
    # poll every 50 ms cost a loglikelihood run a tenth of its speed on a 2-core host)
    status = await wait_run(client, run_id, poll=2.0)
    assert status["status"] == "finished", status.get("error")
    samples = (await client.get(f"/runs/{run_id}/samples",
                                params={"limit": 1000})).json()["samples"]
    rows = csv.DictReader(io.StringIO(
        (await client.get(f"/runs/{run_id}/export", params={"format": "csv"})).text))
    lengths = {(int(row["item_id"]), int(row["repeat"])):
               (int(row["prompt_tokens"]), int(row["completion_tokens"])) for row in rows}
    asked = tuple(Asked(s["detail"]["raw"]["rendered_prompt"],
                        *lengths[s["item_id"], s["repeat"]])
                  for s in sorted(samples, key=lambda s: s["id"]))
    starts = [s["detail"]["decode_window"][0] - (s["ttft_ms"] or 0) / 1000 for s in samples]
    ends = [s["detail"]["decode_window"][1] for s in samples]
    run = (await client.get(f"/runs/{run_id}")).json()
    (result,) = (await client.get(f"/runs/{run_id}/results")).json()
    usage = result["metrics"]["usage"]
    assert sum(a.prompt_tokens + a.answer_tokens for a in asked) == \
        usage["prompt_tokens"] + usage["completion_tokens"]
    wall = max(ends) - min(starts)
    return Measured((usage["prompt_tokens"] + usage["completion_tokens"]) / wall, wall,
                    statistics.median(s["ttft_ms"] for s in samples),
                    run["runtime"]["topology"], result["metrics"]["memory"],
                    run["runtime"]["time_spent"], asked)


@dataclass(frozen=True)
class Workload:
    """A benchmark asked through the run API, and llama.cpp's workload of the same shape."""
    label: str
    benchmark: str
    model: dict[str, Any]  # the run's model fields beyond its name and file
    body: dict[str, Any]
    n_prompt: int | None  # None: the PocketEval run's mean (prompts of varying length)
    n_gen: int | None  # None: its mean answer (answers that end where the model stops)
    target: float  # PocketEval's speed over llama.cpp's best, at least
    same_prompts: bool  # also measured against llama-server on the same prompts and lengths


@dataclass(frozen=True)
class Subject:
    name: str
    file: Callable[[Path], Path]  # copies or writes the GGUF into a folder
    rounds: int
    workloads: tuple[Workload, ...]


def _smollm2(folder: Path) -> Path:
    return Path(shutil.copy(real_models.smollm2(), folder / MODEL_FILE))


def _qwen(folder: Path) -> Path:
    return real_models.qwen25_coder_15b(folder).rename(folder / MODEL_FILE)


def _workloads(items: int, cap: int, story_cap: int) -> tuple[Workload, ...]:
    return (
        Workload(f"MATH-500 x {items}, cap {cap}", "math-500", {"max_output_tokens": cap},
                 {"limit": items}, 150, cap, 0.9, False),  # 150: a MATH-500 prompt, templated
        Workload(f"short stories, 8 x (40 + {story_cap}) tokens", "stories",
                 {"max_output_tokens": story_cap}, {"context_window": 1024}, 40, story_cap,
                 0.95, True),
        # IFBench at the published method's settings (the default), its answers capped
        Workload(f"IFBench x {items}, cap {cap}", "ifbench", {"max_output_tokens": cap},
                 {"limit": items}, None, None, 0.95, True),
    )


ROUNDS = 5
SUBJECTS = [Subject("SmolLM2-135M", _smollm2, ROUNDS, _workloads(16, 512, 127)),
            # a phone-sized model: each decode step ten times longer, so fewer, shorter
            # samples and rounds keep the benchmark within the hour
            Subject("Qwen2.5-Coder-1.5B-Instruct Q4_K_M", _qwen, 2, _workloads(8, 256, 64))]
SUBJECT_IDS = ["smollm2", "qwen2.5-1.5b"]


async def prepare(client: httpx.AsyncClient, data_dir: Path) -> None:
    path = data_dir / "math500" / "test.jsonl"
    r = await client.post("/benchmarks/math-500/items:import",
                          files={"file": (path.name, path.read_bytes())})
    assert r.status_code == 200, r.text
    await client.post("/benchmarks", json={"name": "stories", "kind": "freeform",
                                             "prompt_template": "{question}"})
    await client.post("/benchmarks/stories/items:import", json={"items": [
        {"id": f"s{i}", "question": f"Story {i}. {STORY}", "answer": "-"} for i in range(8)]})
