"""The default loglikelihood path gives lm-evaluation-harness's llama.cpp numbers: compared
with an independent evaluation written here with plain llama_cpp.Llama and no project code
(each context evaluated whole from an empty cache, n_batch 512, flash attention off, lm-eval's
context/continuation split, float64 log-softmax of the last position), on real MMLU items
with Gemma-3-270M: 20 zero-shot (one per subject), and 6 5-shot (one per subject: each is six
times as long, and two of them, 558 and 580 tokens, pass its 512-token sliding window and
n_batch)."""

from __future__ import annotations

import csv
import math
from collections.abc import AsyncIterator
from pathlib import Path

import numpy as np
import pytest

from app.inference.llama_cpp.serving_runner import LlamaCppRunner
from tests.support import real_models

pytestmark = [pytest.mark.anyio, pytest.mark.data,
              pytest.mark.needs("llama_cpp")]
# one thread each: on a shared host, two llama.cpp threads wait on each other at every step
# while the other's core is taken (the numbers do not depend on the count)
N_CTX, THREADS, TOLERANCE = 2048, 1, 2e-3
SUBJECTS = {0: 20, 5: 6}  # the first subjects (one item each), by the number of shots
LETTERS = "ABCD"


def _rows(path: Path) -> list[list[str]]:
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.reader(fh))[1:]


def _block(row: list[str]) -> str:
    options = "".join(f"\n{letter}. {text}" for letter, text in zip(LETTERS, row[1:5],
                                                                    strict=True))
    return f"{row[0].strip()}{options}\nAnswer:"


def _contexts(data_dir: Path, shots: int) -> list[str]:
    """The Hendrycks / lm-eval MMLU layout, written out independently of the project."""
    out = []
    for test in sorted((data_dir / "mmlu" / "test").glob("*_test.csv"))[:SUBJECTS[shots]]:
        subject = test.name.removesuffix("_test.csv")
        header = ("The following are multiple choice questions (with answers) about "
                  f"{subject.replace('_', ' ')}.\n\n")
        dev = _rows(data_dir / "mmlu" / "dev" / f"{subject}_dev.csv")[:shots]
        examples = "".join(f"{_block(r)} {LETTERS[int(r[5])]}\n\n" for r in dev)
        out.append(header + examples + _block(_rows(test)[0]))
    return out


def _reference(path: Path, contexts: list[str]) -> list[list[float]]:
    import llama_cpp

    llm = llama_cpp.Llama(str(path), n_ctx=N_CTX, n_batch=512, n_ubatch=512, n_threads=THREADS,
                          flash_attn=False, logits_all=False, verbose=False)
    out = []
    for context in contexts:
        ctx = llm.tokenize(context.encode(), add_bos=True, special=False)
        llm.reset()
        llm.eval(ctx)
        last = llama_cpp.llama_get_logits_ith(llm.ctx, -1)
        logits = np.ctypeslib.as_array(last, shape=(llm.n_vocab(),)).astype(np.float64)
        logz = float(np.max(logits)) + math.log(float(np.sum(np.exp(logits - np.max(logits)))))
        row = []
        for letter in LETTERS:
            whole = llm.tokenize((context + f" {letter}").encode(), add_bos=True, special=False)
            (token,) = whole[len(ctx):]
            row.append(float(logits[token]) - logz)
        out.append(row)
    del llm
    return out


@pytest.fixture(scope="module")
def gemma(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return real_models.gemma3_270m(tmp_path_factory.mktemp("gemma"))


@pytest.fixture(scope="module")
async def runner(gemma: Path) -> AsyncIterator[LlamaCppRunner]:
    runner = LlamaCppRunner(gemma, n_ctx=N_CTX, n_threads=THREADS, flash_attn=False)
    await runner.start()
    yield runner
    await runner.close()


@pytest.mark.parametrize("shots", [0, 5])
async def test_same_letters_and_loglikelihoods_as_plain_llama_cpp(
        runner: LlamaCppRunner, gemma: Path, data_dir: Path, shots: int) -> None:
    contexts = _contexts(data_dir, shots)
    assert len(contexts) == SUBJECTS[shots]
    reference = _reference(gemma, contexts)
    worst = 0.0
    for context, expected in zip(contexts, reference, strict=True):
        got = (await runner.loglikelihood(context, [f" {x}" for x in LETTERS]))["logprobs"]
        assert int(np.argmax(got)) == int(np.argmax(expected)), context[-200:]
        worst = max(worst, *(abs(a - b) for a, b in zip(got, expected, strict=True)))
    print(f"\n{shots}-shot: {len(contexts)} items, same letters; max |Δ log P| = {worst:.2e}")
    assert worst <= TOLERANCE, worst
