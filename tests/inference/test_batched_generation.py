"""Batched generation in the llama.cpp worker, on the real SmolLM2-135M: a request alone
gives exactly what llama-cpp-python's own `create_completion` gives (greedy and seeded
sampling), batched requests finish with their caps and timings, a full shared cache evicts
and restarts a sequence, a request past its deadline fails alone, and a loglikelihood
command sent meanwhile is neither starved nor disturbed."""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Awaitable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from app.inference.base import RunnerError
from app.inference.llama_cpp.serving_runner import LlamaCppRunner
from app.inference.repetition import LoopRule
from tests.support import real_models
from tests.support.held_worker import held_workers, wait_until_held

pytestmark = [pytest.mark.anyio, pytest.mark.needs("llama_cpp")]
T = TypeVar("T")

QUESTIONS = ["What is 17 * 23?", "Name three planets.", "Write a haiku about the sea.",
             "What does a CPU cache do?", "List five prime numbers.", "Say hello in French."]


def _reference(prompt: str, n_ctx: int, temperature: float, seed: int, max_tokens: int,
               stop: list[str]) -> str:
    """llama-cpp-python's completion of the worker's rendered prompt, in a child process
    (a model of its own), with the worker's sampling settings."""
    from llama_cpp import Llama

    llm = Llama(str(real_models.smollm2()), n_ctx=n_ctx, n_batch=512, n_ubatch=512,
                flash_attn=True, swa_full=True, use_mmap=False, verbose=False)
    tokens = llm.tokenize(prompt.encode(), add_bos=False, special=True)
    out: Any = llm.create_completion(tokens, max_tokens=max_tokens, temperature=temperature,
                                     top_p=0.95, top_k=40, min_p=0.05, repeat_penalty=1.0,
                                     seed=seed, stop=stop)
    text: str = out["choices"][0]["text"]
    llm.close()
    return text


def _reference_in_child(*args: Any) -> str:
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return str(pool.apply(_reference, args))


@pytest.mark.parametrize("temperature", [0.0, 0.8])
async def test_a_request_alone_equals_create_completion(temperature: float) -> None:
    runner = LlamaCppRunner(real_models.smollm2(), n_ctx=1024, n_threads=2, parallel=4,
                            temperature=temperature, seed=7)
    await runner.start()
    try:
        reply = await runner.chat([{"role": "user", "content": QUESTIONS[2]}], max_tokens=40)
    finally:
        await runner.close()
    prompt = reply.raw["rendered_prompt"]
    expected = await asyncio.to_thread(_reference_in_child, prompt, 1024, temperature, 7, 40,
                                       ["<|im_end|>"])
    assert reply.content == expected and reply.content


async def test_batched_requests_finish_with_their_caps() -> None:
    runner = LlamaCppRunner(real_models.smollm2(), n_ctx=2048, n_threads=2, parallel=4)
    await runner.start()
    try:
        caps = [8, 24, 16, 32, 12, 20]
        replies = await asyncio.gather(*(
            runner.chat([{"role": "user", "content": q}], max_tokens=cap)
            for q, cap in zip(QUESTIONS, caps, strict=True)))
        stats = await runner.refresh_stats()
    finally:
        await runner.close()
    assert stats["parallel"] == 4 and stats["evictions"] == 0
    for reply, cap in zip(replies, caps, strict=True):
        got = reply.stats
        assert got.completion_tokens is not None and 0 < got.completion_tokens <= cap
        assert (got.finish_reason == "length") == (got.completion_tokens == cap)
        assert got.ttft_ms is not None and 0 < got.ttft_ms <= got.latency_ms
        assert got.prompt_tokens and reply.content


def _chat_tokens(worker: Any, question: str) -> list[int]:
    """SmolLM2's chat prompt for one user message, as the worker's tokens."""
    return list(worker.llm.tokenize(f"<|im_start|>user\n{question}<|im_end|>\n"
                                    f"<|im_start|>assistant\n".encode(), add_bos=False,
                                    special=True))


def _six_requests_on_four_sequences() -> list[tuple[set[int], set[int]]]:
    """In a child process (the log callback, as above): six requests queued before the first
    step on a four-sequence worker; (active requests, requests finished so far) per step."""
    from app.inference.llama_cpp.worker_generation import GenerationRequest, Sampling
    from app.inference.llama_cpp.worker_model import Worker

    worker = Worker(str(real_models.smollm2()), 2048, 2, n_seq=4)
    generator = worker.generator
    for request_id, (question, cap) in enumerate(zip(QUESTIONS, [8, 24, 16, 32, 12, 20],
                                                      strict=True), start=1):
        generator.submit(GenerationRequest(request_id, _chat_tokens(worker, question), cap,
                                           [], Sampling(0.0, 0)))
    steps: list[tuple[set[int], set[int]]] = []
    finished: set[int] = set()
    while generator.busy:
        done = generator.step()
        steps.append(({s.request.request_id for s in generator.active.values()} | {
            f.request_id for f in done}, set(finished)))
        finished |= {f.request_id for f in done}
    worker.llm.close()
    return steps


def test_requests_past_the_sequences_wait_for_a_slot() -> None:
    """Six requests on four sequences: four run at once, and the fifth and sixth start only
    once one before them has finished."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        steps = pool.apply(_six_requests_on_four_sequences)
    assert steps[0][0] == {1, 2, 3, 4} and all(len(active) <= 4 for active, _ in steps)
    for late in (5, 6):
        first = next(i for i, (active, _) in enumerate(steps) if late in active)
        assert steps[first][1], f"request {late} started before any slot was free"
    assert steps[-1][1] | steps[-1][0] == {1, 2, 3, 4, 5, 6}


async def _four_long_answers(runner: LlamaCppRunner) -> tuple[list[Any], dict[str, Any]]:
    await runner.start()
    try:
        replies = await asyncio.gather(*(
            runner.chat([{"role": "user", "content": f"{q} Explain at length."}],
                        max_tokens=100) for q in QUESTIONS[:4]))
        return list(replies), await runner.refresh_stats()
    finally:
        await runner.close()


# prompts of about 55 tokens: four of them fill 220 of the 256 shared cells at admission, so
# a few decode steps need more room than is left, however soon this host's greedy answers
# would end (their lengths differ with the CPU's arithmetic)
LONG_ASK = ("Explain at length, step by step, with two worked examples, the history of the "
            "idea, the reasons behind each step and the mistakes people make most often.")


def _four_at_once_in_a_shared_cache() -> tuple[dict[int, Any], list[int], dict[str, Any]]:
    """In a child process (the log callback, as above): four requests queued before the first
    step, so all four are admitted together whatever the host's speed; (finished by request,
    the requests waiting right after the first eviction, the worker's stats)."""
    from app.inference.llama_cpp.worker_generation import GenerationRequest, Sampling
    from app.inference.llama_cpp.worker_model import Worker

    worker = Worker(str(real_models.smollm2()), 192, 2, n_seq=4)
    generator = worker.generator
    for request_id, question in enumerate(QUESTIONS[:4], start=1):
        prompt = _chat_tokens(worker, f"{question} {LONG_ASK}")
        generator.submit(GenerationRequest(request_id, prompt, 100, [], Sampling(0.0, 0)))
    done: dict[int, Any] = {}
    requeued: list[int] = []
    while generator.busy:
        done.update((f.request_id, f) for f in generator.step())
        if generator.evictions and not requeued:
            requeued = [r.request_id for r in generator.waiting]
    stats = dict(worker.stats())
    worker.llm.close()
    return done, requeued, stats


def test_a_full_shared_cache_evicts_and_restarts_a_sequence() -> None:
    """Four sequences of ~55 prompt tokens growing by up to 100 tokens each cannot share 256
    cells: the one admitted last is evicted, starts again later, and every request ends."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        done, requeued, stats = pool.apply(_four_at_once_in_a_shared_cache)
    assert requeued == [4] and stats["evictions"] >= 1 and stats["kv_mode"] == "shared"
    # llama.cpp rounds the cache up to 256 cells
    assert stats["kv_cells"] == 256 and stats["recomputed_tokens"] > 0
    assert sorted(done) == [1, 2, 3, 4]
    for finished in done.values():
        assert finished.error is None and finished.finish_reason in ("stop", "length")
        assert finished.text and finished.prompt_tokens + finished.completion_tokens <= 192


async def test_a_cache_per_sequence_never_sets_one_back() -> None:
    """The same four requests, each sequence with 192 cells of its own: none is set back,
    and each stays within its window."""
    runner = LlamaCppRunner(real_models.smollm2(), n_ctx=192, n_threads=2, parallel=4,
                            kv_per_sequence=True)
    replies, stats = await _four_long_answers(runner)
    # 4 x 192 cells, rounded up to 256 by llama.cpp
    assert stats["kv_mode"] == "per-sequence" and stats["kv_cells"] == 1024
    assert stats["n_ctx"] == 192 and stats["evictions"] == stats["recomputed_tokens"] == 0
    for reply in replies:
        assert reply.stats.finish_reason in ("stop", "length") and reply.content
        assert (reply.stats.prompt_tokens or 0) + (reply.stats.completion_tokens or 0) <= 192


def _two_sequences_one_deadline() -> tuple[str | None, int, str | None, int]:
    """In a child process: llama.cpp's log callback is process-wide, and a worker made in
    the test process would leave it pointing at freed memory."""
    import time

    from app.inference.llama_cpp.worker_generation import GenerationRequest, Sampling
    from app.inference.llama_cpp.worker_model import Worker

    worker = Worker(str(real_models.smollm2()), 1024, 2, n_seq=2)
    generator = worker.generator
    prompt = _chat_tokens(worker, "Count to fifty.")
    greedy = Sampling(0.0, 0)
    second = GenerationRequest(2, prompt, 200, [], greedy, deadline=time.monotonic() + 3600)
    generator.submit(GenerationRequest(1, prompt, 200, [], greedy))
    generator.submit(second)
    done = {}
    # both decode for a few steps; then the second's deadline is passed by construction,
    # not by a bet on how fast this host decodes
    for _ in range(8):
        done.update((f.request_id, f) for f in generator.step())
    second.deadline = time.monotonic() - 1
    while generator.busy:
        done.update((f.request_id, f) for f in generator.step())
    worker.llm.close()
    return done[1].error, done[1].completion_tokens, done[2].error, done[2].completion_tokens


def _batch_after_a_middle_sequence_ends() -> tuple[list[int], list[int]]:
    """In a child process (the log callback, as above): three sequences admitted, the first
    finished and its id taken by a fourth, admitted last and still to be prefilled;
    (admission order, the ids in the next batch)."""
    from app.inference.llama_cpp.worker_generation import GenerationRequest, Sampling
    from app.inference.llama_cpp.worker_model import Worker

    worker = Worker(str(real_models.smollm2()), 256, 1, n_seq=3, kv_per_sequence=True)
    generator = worker.generator
    prompt = _chat_tokens(worker, "Count to fifty.")
    greedy = Sampling(0.0, 0)
    for request_id, cap in ((1, 2), (2, 100), (3, 100)):
        generator.submit(GenerationRequest(request_id, prompt, cap, [], greedy))
    generator.step()  # admits the three, as sequences 0, 1 and 2
    while 0 in generator.active:  # the first, capped at two tokens, ends
        generator.step()
    # the fourth, of another prompt (a repeat of one would take its cache from sequence 1),
    # as sequence 0: its prompt goes into the next batch
    generator.submit(GenerationRequest(4, _chat_tokens(worker, "Name three planets."), 100, [],
                                       greedy))
    generator._admit()
    admitted = list(generator.active)
    generator._fill()
    batch = generator.batch
    ids = [batch.seq_id[i][0] for i in range(batch.n_tokens)]
    generator.close()
    worker.llm.close()
    return admitted, ids


def test_a_batch_holds_its_sequences_in_id_order() -> None:
    """With a cache per sequence llama.cpp decodes a batch's sequences in one pass only while
    their ids ascend in it: the prompt of a sequence admitted into a lower id than those
    decoding comes first in the batch, not after their tokens."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        admitted, ids = pool.apply(_batch_after_a_middle_sequence_ends)
    assert admitted == [1, 2, 0]  # admission order
    assert ids == sorted(ids) and ids[-2:] == [1, 2] and ids.count(0) > 1


def _moved_beside_its_twin() -> tuple[str, str, int, list[int]]:
    """In a child process: sequences 0, 1 and 2, the last two with the same prompt; 0 (another
    prompt) ends after two tokens with nothing waiting, so 2 moves into id 0 and goes on
    beside its twin. (twin's text, moved one's text, moves, the ids after the move)."""
    from app.inference.llama_cpp.worker_generation import GenerationRequest, Sampling
    from app.inference.llama_cpp.worker_model import Worker

    worker = Worker(str(real_models.smollm2()), 256, 1, n_seq=3, kv_per_sequence=True)
    generator = worker.generator
    greedy = Sampling(0.0, 0)
    for request_id, text, cap in ((1, "Say hi in Spanish.", 2), (2, "Count to fifty.", 60),
                                  (3, "Count to fifty.", 60)):
        generator.submit(GenerationRequest(request_id, _chat_tokens(worker, text), cap, [],
                                           greedy))
    done: dict[int, Any] = {}
    ids: list[int] = []
    while generator.busy:
        done.update((f.request_id, f) for f in generator.step())
        if 1 in done and not ids:
            generator._close_gap()  # as the next step begins
            ids = sorted(generator.active)
    moves = generator.moves
    worker.llm.close()
    return done[2].text, done[3].text, moves, ids


def test_a_sequence_moves_into_a_freed_lower_id_with_its_cache() -> None:
    """A gap in the ids would split each step in two passes: the highest sequence moves
    into the freed id, its cache copied with it, and goes on exactly as its twin (the same
    prompt, greedy, decoded in the same passes) that never moved."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        twin, moved, moves, ids = pool.apply(_moved_beside_its_twin)
    assert moves == 1 and ids == [0, 1]
    assert len(twin) > 40 and moved == twin


def test_a_request_past_its_deadline_fails_alone() -> None:
    """Of two sequences decoded together, the one whose deadline passes ends with an error
    and the other finishes."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        first_error, first_tokens, second_error, second_tokens = pool.apply(
            _two_sequences_one_deadline)
    assert second_error == "did not finish within the request timeout"
    assert first_error is None and first_tokens > second_tokens > 0


async def test_the_runner_relays_a_timeout_and_the_worker_goes_on() -> None:
    """A deadline of a millisecond has passed before the worker takes the request on any
    host (a slow one only more so); no bet on how long a generation lasts."""
    runner = LlamaCppRunner(real_models.smollm2(), n_ctx=4096, n_threads=2, parallel=2,
                            request_timeout_s=1e-3)
    await runner.start()
    try:
        with pytest.raises(RunnerError, match="within the request timeout"):
            await runner.chat([{"role": "user", "content": "Count from 1 to 5000, one number "
                                "per line."}], max_tokens=3000)
        runner.request_timeout_s = None
        again = await runner.chat([{"role": "user", "content": QUESTIONS[0]}], max_tokens=4)
        assert again.content  # the worker is still up
    finally:
        await runner.close()


async def test_loglikelihood_waits_for_generations_and_is_undisturbed(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A loglikelihood asked while a generation runs is answered once that generation has
    ended (the cache is the generation's until then), with what it gives alone. The worker
    holds the short chat's answer at a gate, so the long one is mid-generation when the
    loglikelihood arrives, however fast the host."""
    context, options = "The capital of France is", [" Paris", " Rome", " a city"]
    ended: list[str] = []

    async def timed(name: str, call: Awaitable[T]) -> T:
        out = await call
        ended.append(name)
        return out

    with held_workers(monkeypatch, tmp_path / "gate", passes=0) as held:
        runner = LlamaCppRunner(real_models.smollm2(), n_ctx=1024, n_threads=2, parallel=2)
        await runner.start()
        try:
            alone = await runner.loglikelihood(context, options)
            short = asyncio.create_task(timed("short", runner.chat(
                [{"role": "user", "content": QUESTIONS[1]}], max_tokens=4)))
            long = asyncio.create_task(timed("long", runner.chat(
                [{"role": "user", "content": "Write a long story about a lighthouse keeper."}],
                max_tokens=48)))
            await asyncio.to_thread(wait_until_held, held)  # short ended; long goes on
            likelihood = asyncio.create_task(timed("loglikelihood", runner.loglikelihood(
                context, options)))
            while len(runner._waiters) < 3:  # the loglikelihood is in the worker's pipe
                await asyncio.sleep(0)
            (tmp_path / "gate").unlink()
            replies = await asyncio.gather(short, long)
            during = await likelihood
        finally:
            await runner.close()
    assert ended == ["short", "long", "loglikelihood"]
    long_reply = replies[1].stats
    assert long_reply.finish_reason == "length" and long_reply.completion_tokens == 48, long_reply
    assert during["logprobs"] == alone["logprobs"]
    assert max(alone["logprobs"]) == alone["logprobs"][0]  # " Paris"


async def test_a_degenerate_loop_is_stopped_where_observing_marks_it() -> None:
    """Greedy SmolLM2 told to repeat a word loops; `stop` ends it where `observe` marks it,
    with the same text up to there."""
    messages = [{"role": "user", "content": "Write the word banana one hundred times."}]
    replies = []
    for observe in (False, True):
        runner = LlamaCppRunner(real_models.smollm2(), n_ctx=1024, n_threads=2, parallel=2)
        runner.loop_rule = LoopRule(repeats=4, max_block=32, min_span=24, observe=observe)
        await runner.start()
        try:
            replies.append(await runner.chat(messages, max_tokens=200))
        finally:
            await runner.close()
    stopped, observed = replies
    loop = stopped.raw["loop"]
    assert stopped.stats.finish_reason == "loop" and loop["observed"] is False
    assert stopped.stats.completion_tokens == loop["at_token"] < 200
    assert stopped.content and stopped.content.endswith(loop["block_text"] * 4)
    assert observed.raw["loop"]["at_token"] == loop["at_token"]
    assert observed.raw["loop"]["observed"] is True and observed.stats.finish_reason != "loop"
    assert observed.content is not None and observed.content.startswith(stopped.content)
    assert (observed.stats.completion_tokens or 0) > loop["at_token"]


@pytest.mark.parametrize("kv_per_sequence", [False, True], ids=["shared", "per-sequence"])
@pytest.mark.parametrize("sequences", [2, 4])
async def test_no_window_below_the_batch_size_aborts(sequences: int,
                                                     kv_per_sequence: bool) -> None:
    """Windows of 256 to 511 tokens, where llama.cpp holds a context's batch below 512 (both
    ends of that range): prompts that fill most of each window, all admitted at once, are
    prefilled in batches the context takes (a larger batch aborted the worker: GGML_ASSERT
    n_tokens_all <= n_batch), and every answer comes back."""
    for window in (256, 511):
        runner = LlamaCppRunner(real_models.smollm2(), n_ctx=window, n_threads=2,
                                parallel=sequences, kv_per_sequence=kv_per_sequence)
        await runner.start()
        try:
            # about window / 2 tokens each: together they pass the window and the batch
            words = " ".join(f"w{i}" for i in range(window // 6))
            replies = await asyncio.gather(*(
                runner.chat([{"role": "user", "content": f"{n}: {words}"}], max_tokens=8)
                for n in range(sequences)))
        finally:
            await runner.close()
        for reply in replies:
            got = reply.stats
            assert got.finish_reason in ("stop", "length") and reply.content, (window, reply)
            assert (got.prompt_tokens or 0) > window // 3, (window, got.prompt_tokens)


def _repeats_of_one_prompt(per_sequence: bool, temperature: float
                           ) -> tuple[int, int, int, dict[int, str], int, int]:
    """In a child process (the log callback, as above): four repeats of one prompt and one
    other prompt on four sequences, each repeat with its own seed. (prompt tokens, tokens in
    the first batch, tokens in the second, texts by request, prompt tokens shared, prompt
    tokens of the other request)."""
    from app.inference.llama_cpp.worker_generation import GenerationRequest, Sampling
    from app.inference.llama_cpp.worker_model import Worker

    worker = Worker(str(real_models.smollm2()), 256, 2, n_seq=4, kv_per_sequence=per_sequence)
    generator = worker.generator
    prompt = _chat_tokens(worker, "Write a haiku about the sea.")
    for request_id in range(1, 5):
        generator.submit(GenerationRequest(request_id, prompt, 32, [],
                                           Sampling(temperature, 100 + request_id)))
    done: dict[int, Any] = {}
    batches = []
    while generator.busy:
        done.update((f.request_id, f) for f in generator.step())
        batches.append(generator.batch.n_tokens)
        if len(batches) == 1:  # a fifth request, of another prompt, joins no one
            other = _chat_tokens(worker, "Name three planets.")
            generator.submit(GenerationRequest(5, other, 8, [], Sampling(temperature, 5)))
    shared = generator.sharing.tokens_shared
    worker.llm.close()
    return (len(prompt), batches[0], batches[1], {i: f.text for i, f in done.items()},
            shared, len(other))


@pytest.mark.parametrize("per_sequence", [False, True], ids=["shared-cells", "per-sequence"])
def test_repeats_of_one_prompt_evaluate_it_once_and_draw_their_own_answers(
        per_sequence: bool) -> None:
    """The first batch holds the prompt once; each other repeat gets the cache copied and
    evaluates the prompt's last token itself (the second batch: three such tokens beside the
    first's decode token). Sampled with their own seeds, the repeats answer differently."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        n, first, second, texts, shared, _ = pool.apply(_repeats_of_one_prompt,
                                                       (per_sequence, 0.9))
    assert first == n and second == 4 and shared == 3 * (n - 1)
    assert sorted(texts) == [1, 2, 3, 4, 5] and all(texts.values())
    assert len({texts[i] for i in range(1, 5)}) > 1


def test_greedy_repeats_of_one_prompt_answer_alike() -> None:
    """A repeat whose cache was copied answers as the one that evaluated the prompt."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        n, _, _, texts, shared, _ = pool.apply(_repeats_of_one_prompt, (False, 0.0))
    assert shared == 3 * (n - 1) and len(texts[1]) > 20
    assert texts[1] == texts[2] == texts[3] == texts[4]


COPIED = ("Repeat this sentence exactly, word for word: The quick brown fox jumps over the "
          "lazy dog near the quiet river bank at dawn.")


def _greedy_with_lookup(lookup: int, n_seq: int) -> tuple[dict[int, str], int, int, int]:
    """In a child process (the log callback, as above): greedy answers of two prompts, one
    asking to copy a sentence, with `lookup` prompt-lookup guesses a step. (texts, guesses
    decoded, guesses kept, decode steps)."""
    from app.inference.llama_cpp.worker_generation import GenerationRequest, Sampling
    from app.inference.llama_cpp.worker_model import Worker

    worker = Worker(str(real_models.smollm2()), 512, 2, n_seq=n_seq)
    generator = worker.generator
    generator.lookup = lookup
    for request_id, question in enumerate((COPIED, QUESTIONS[1]), start=1):
        generator.submit(GenerationRequest(request_id, _chat_tokens(worker, question), 48, [],
                                           Sampling(0.0, 0)))
    done: dict[int, str] = {}
    steps = 0
    while generator.busy:
        done.update((f.request_id, f.text) for f in generator.step())
        steps += 1
    worker.llm.close()
    return done, generator.drafted, generator.accepted, steps


@pytest.mark.parametrize("n_seq", [1, 2])
def test_prompt_lookup_keeps_the_greedy_answer_in_fewer_steps(n_seq: int) -> None:
    """Guesses are decoded and some kept: an answer that copies its prompt is reached in
    fewer steps, and still copies it. (Whether it is token for token the answer without
    guesses depends on llama.cpp's numerics across batch shapes on the host: measured by
    tests/perf/test_prompt_lookup_speed.py; the keeping rule is tested in
    tests/inference/test_prompt_lookup.py.)"""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        plain, drafted, accepted, steps = pool.apply(_greedy_with_lookup, (0, n_seq))
        looked, drafted_on, accepted_on, steps_on = pool.apply(_greedy_with_lookup, (8, n_seq))
    assert (drafted, accepted) == (0, 0)
    assert "quick brown fox" in plain[1] and "quick brown fox" in looked[1]
    assert sorted(looked) == [1, 2] and all(looked.values())
    assert 0 < accepted_on <= drafted_on
    # one sequence: its steps are fewer; two: the other answer's steps may set the count
    assert steps_on < steps if n_seq == 1 else steps_on <= steps
