"""The host probe on the real SmolLM2-135M: every candidate measured, cached per host and
model file, probes taking turns, a choice that follows from the figures, and a probe taken
beside other work measured again later."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.inference.topology.choice import candidates, choose
from app.inference.topology.probe import (
    RETRY_DISTURBED_S,
    _spawn,
    cached_probe,
    model_key,
    probe_file,
    usable_cores,
    usable_probe,
)
from app.records.topology_record import DISTURBED, Probe, ProbeKind

pytestmark = pytest.mark.needs("llama_cpp")
# the probe is measured in seconds of phases whatever the model, and mostly waits for them:
# the tests take loglikelihood probes (one round of short prompt phases) where what they
# show does not depend on the kind, and the module takes its first probe once
LIKELIHOOD = ProbeKind.LOGLIKELIHOOD


@pytest.fixture(scope="module")
def first_probe(tmp_path_factory: pytest.TempPathFactory
                ) -> tuple[Path, Path, list[tuple[Probe, bool]]]:
    """A model file of its own (so it can be touched), and its loglikelihood probe asked
    for twice at once (two runs, or two Ray actors of a node): the folder and both
    answers."""
    from tests.support import real_models

    folder = tmp_path_factory.mktemp("first-probe")
    model = folder / "model.gguf"
    shutil.copyfile(real_models.smollm2(), model)
    with ThreadPoolExecutor(2) as pool:
        both = list(pool.map(lambda _: cached_probe(model, 4, folder / "probes",
                                                    kind=LIKELIHOOD), range(2)))
    return model, folder / "probes", both


def test_the_probe_measures_each_candidate_once_per_host_and_file(
        first_probe: tuple[Path, Path, list[tuple[Probe, bool]]], tmp_path: Path) -> None:
    model, folder, both = first_probe
    # of two at once, one measures, the other waits for its figures instead of measuring
    # the host while it is loaded
    assert sorted(cached for _, cached in both) == [False, True]
    assert both[0][0] == both[1][0]
    probe = both[0][0]
    assert probe.model == model_key(model)
    measured = {(f.workers, f.threads, f.sequences) for f in probe.figures}
    expected = {(c.workers, c.threads, c.sequences) for c in candidates(usable_cores(), 1)}
    assert measured == expected
    assert all(f.prefill_tok_s > 0 for f in probe.figures)
    again, cached = cached_probe(model, 4, folder, kind=LIKELIHOOD)
    assert cached and again == probe
    chosen = choose(probe, by_likelihood=True)
    assert (chosen.workers, chosen.threads, chosen.sequences) in expected
    # a copy of the file, or the file touched, is the same model: no probe again
    copy = tmp_path / "copy-of-model.gguf"
    shutil.copyfile(model, copy)
    os.utime(model, ns=(1, 1))
    assert model_key(model) == model_key(copy) == probe.model
    assert cached_probe(copy, 4, folder, kind=LIKELIHOOD) == (probe, True)
    # a byte changed in its tensors is another model: it would be probed anew
    with copy.open("r+b") as fh:
        fh.seek(copy.stat().st_size // 2)
        byte = fh.read(1)
        fh.seek(-1, os.SEEK_CUR)
        fh.write(bytes([byte[0] ^ 0xFF]))
    assert model_key(copy) != probe.model


def test_a_loglikelihood_probe_times_prompts_alone_and_is_kept_apart(
        first_probe: tuple[Path, Path, list[tuple[Probe, bool]]]) -> None:
    """A loglikelihood run only evaluates prompts, one sequence a worker: its probe
    measures that and no decoding (half the time), and a generative run of the same file,
    which needs decode figures, is not given it: none is there for it (that run then
    measures its own: tests/runs/test_run_topology.py, whose probed run finds this kind
    beside it)."""
    model, folder, both = first_probe
    (prompts,) = [probe for probe, cached in both if not cached]  # the one that measured
    assert prompts.kind is ProbeKind.LOGLIKELIHOOD
    assert {(f.workers, f.threads, f.sequences) for f in prompts.figures} == \
        {(c.workers, c.threads, c.sequences) for c in candidates(usable_cores(), 1)}
    assert all(f.prefill_tok_s > 0 and f.decode_tok_s is None for f in prompts.figures)
    chosen = choose(prompts, by_likelihood=True)
    best = max(prompts.figures, key=lambda f: f.prefill_tok_s)
    assert (chosen.workers, chosen.threads, chosen.sequences) == \
        (best.workers, best.threads, 1)
    assert usable_probe(model, folder, ProbeKind.GENERATION) is None
    assert usable_probe(model, folder, ProbeKind.LOGLIKELIHOOD) == prompts
    assert cached_probe(model, 1, folder, kind=ProbeKind.LOGLIKELIHOOD) == (prompts, True)


def test_a_probe_process_switches_its_thread_count() -> None:
    """One loaded process measures each thread count: llama.cpp says it uses the count."""
    from tests.support import real_models

    process = _spawn(real_models.smollm2(), 2, 1)
    try:
        process.ready()
        for threads in (1, 2, 1):
            process.ask(f"threads {threads}")
            assert process.answer() == {"threads": threads, "threads_batch": threads}
        process.ask("prefill")
        assert process.answer()["tokens"] > 0
    finally:
        process.close()


def test_a_probe_beside_other_work_says_so_and_is_measured_again_later(tmp_path: Path) -> None:
    from tests.support import real_models

    model = tmp_path / "model.gguf"
    shutil.copyfile(real_models.smollm2(), model)
    folder = tmp_path / "probes"
    # a busy loop per usable CPU: with the probe's own processes beside them, a fair
    # scheduler gives them about half of the CPUs' time whatever the host's speed, and other
    # work on the host only adds to it: past the threshold with room to spare
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
               for _ in range(usable_cores())]
    try:
        busy, cached = cached_probe(model, 1, folder, kind=LIKELIHOOD)
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    assert not cached and busy.taken_at is not None
    assert busy.other_load is not None and busy.other_load >= DISTURBED and busy.disturbed
    # a run soon after takes it (a host busy all the time is not probed before every run)
    assert cached_probe(model, 1, folder, kind=LIKELIHOOD) == (busy, True)
    # once it is old enough, the next run measures the host again
    file = probe_file(model, 1, folder, LIKELIHOOD)
    old = datetime.now(UTC) - timedelta(seconds=RETRY_DISTURBED_S + 1)
    file.write_text(busy.model_copy(update={"taken_at": old}).model_dump_json())
    again, cached = cached_probe(model, 1, folder, kind=LIKELIHOOD)
    assert not cached and again.taken_at is not None and again.taken_at > busy.taken_at
    # an undisturbed probe stays, however old
    quiet = again.model_copy(update={"taken_at": old, "other_load": 0.0})
    file.write_text(quiet.model_dump_json())
    assert cached_probe(model, 1, folder, kind=LIKELIHOOD) == (quiet, True)


def test_a_runs_own_processes_are_its_children_and_theirs(tmp_path: Path) -> None:
    """The run's load measure counts this process and every descendant as the run's own (a
    worker's llama.cpp threads, a llama-server under a shell), and other work as other."""
    import time

    from app.inference.topology.host_load import RunLoad, process_seconds, tree_seconds

    load = RunLoad.start(time.perf_counter())
    shell = subprocess.Popen(["sh", "-c", f"{sys.executable} -c 'while True: pass' & wait"])
    grandchildren: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            tree = tree_seconds(os.getpid())
            # only the shell's own children: this process has others (a resource tracker)
            grandchildren = [pid for pid in tree_seconds(shell.pid) if pid != shell.pid]
            if grandchildren and (process_seconds(grandchildren[0]) or 0) >= 0.5:
                break
            time.sleep(0.1)
        assert shell.pid in tree and grandchildren, tree
        share = load.share(time.perf_counter())
        assert share is not None and 0.0 <= share <= 1.0
        # its own seconds are taken off the host's busy time: the burner is not "other"
        own = sum(tree_seconds(os.getpid()).values())
        assert own >= 0.5
    finally:
        for pid in grandchildren:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        shell.kill()
        shell.wait()


def test_the_probe_times_the_generator_that_serves_runs() -> None:
    """Its phases go through BatchedGenerator: prompts evaluated and a token sampled, then
    S sequences decoded together until the phase's deadline ends them, and nothing is left
    in the generator or the cache for the next phase."""
    import llama_cpp

    from app.inference.llama_cpp.worker_generation import BatchedGenerator
    from app.inference.topology.probe_worker import CHUNK, Bench, _load
    from tests.support import real_models

    bench = Bench(_load(str(real_models.smollm2()), 2, 3), 3)
    assert isinstance(bench.generator, BatchedGenerator) and bench.generator.n_seq == 3
    prefill = bench.prefill(0.2)
    assert prefill["tokens"] >= CHUNK and prefill["tokens"] % CHUNK == 0
    decode = bench.decode(0.2)
    assert decode["tokens"] > 0 and decode["seconds"] >= 0.2
    assert not bench.generator.busy and not bench.generator.active
    memory = llama_cpp.llama_get_memory(bench.ctx)
    assert all(llama_cpp.llama_memory_seq_pos_max(memory, s) == -1 for s in range(3))
