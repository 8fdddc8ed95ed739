"""A GGUF run's topology, chosen as it starts: what the run asked, and for the rest the host
probe's fastest candidate (or the fixed default); the KV cache per sequence where the budget
holds it; the prefill lane where the probe saw prompt evaluations contend."""

from __future__ import annotations

from pathlib import Path

from app.gguf import estimate, header_of
from app.inference.llama_cpp.serving_model_facts import model_facts
from app.inference.topology.choice import (
    Topology,
    candidates,
    choose,
    lending_pays,
    prefill_contends,
)
from app.inference.topology.probe import (
    cached_probe,
    host_key,
    keep,
    model_key,
    usable_cores,
    usable_probe,
)
from app.inference.topology.trial import TopologyTrial
from app.records import (
    BenchmarkPlan,
    ChosenBy,
    GGUFPlan,
    KvMode,
    ProbeKind,
    SampleStyle,
    TopologyRecord,
)

LANE_FILE = "prefill.lock"


def decide(gguf: GGUFPlan, window: int, cores: int | None = None
           ) -> tuple[TopologyRecord, TopologyTrial | None]:
    """Blocking: the first generative run of a model file on a host probes it (seconds); a
    loglikelihood run with no probe to read measures the candidates on its own first items
    (the trial returned, which the pool follows). cores: what the workers may use of the
    host, where less than all of it (a Ray actor's CPUs)."""
    policy, path = gguf.topology, Path(gguf.path)
    # loglikelihood: one sequence per worker, whatever the probe says
    sequences = gguf.parallel if policy.sequences_asked or policy.likelihood else None
    asked = (gguf.workers, gguf.n_threads, sequences)
    probe, cached, trial = None, False, None
    threads: int | None
    if policy.mode == "probe" and None in asked:
        kind = ProbeKind.LOGLIKELIHOOD if policy.likelihood else ProbeKind.GENERATION
        folder = Path(policy.probe_dir)
        if policy.likelihood and (probe := usable_probe(path, folder, kind)) is None:
            trial = TopologyTrial(
                [c for c in candidates(cores or usable_cores(), 1)
                 if gguf.workers in (None, c.workers) and gguf.n_threads in (None, c.threads)]
                or [Topology(gguf.workers or 1, gguf.n_threads or 1, 1)],
                host_key(), model_key(path), measure_s=policy.trial_measure_s)
        elif probe is None:
            probe, cached = cached_probe(path, gguf.parallel, folder, kind=kind,
                                         phase_s=policy.probe_phase_s)
        else:
            cached = True
        if trial is not None:
            topology = Topology(trial.workers, trial.now.threads, 1)
        else:
            assert probe is not None  # read or measured
            topology = choose(probe, by_likelihood=policy.likelihood, workers=gguf.workers,
                              threads=gguf.n_threads, sequences=sequences, cores=cores)
        threads = topology.threads
    else:
        topology = Topology(gguf.workers or 1, gguf.n_threads or 0, gguf.parallel)
        threads = gguf.n_threads
    header, facts = header_of(path), model_facts(path)[0]
    cells = min(window, facts) * topology.sequences
    per_worker = estimate(header, n_ctx=cells, swa_full=True).kv_bytes
    if topology.sequences > 1 and topology.workers * per_worker > policy.kv_budget_bytes:
        kv_mode = KvMode.SHARED  # one window's cells, shared, with set-backs
        per_worker = estimate(header, n_ctx=facts, swa_full=True).kv_bytes
    else:
        kv_mode = KvMode.PER_SEQUENCE
        if topology.sequences == 1:  # one sequence: the model's whole context, as before
            per_worker = estimate(header, n_ctx=facts, swa_full=True).kv_bytes
    lane = policy.prefill_lane == "on" or (
        policy.prefill_lane == "auto" and probe is not None and prefill_contends(probe))
    # a generation's threads are the probe's to set (loglikelihood's stay as lm-eval's)
    lend = probe is not None and gguf.n_threads is None and not policy.likelihood and \
        lending_pays(probe, topology)
    chosen_by = ChosenBy.ASKED if None not in asked else ChosenBy.RUN if trial else (
        ChosenBy.PROBE if probe is not None else ChosenBy.FIXED)
    return TopologyRecord(workers=topology.workers, threads=threads,
                          sequences=topology.sequences, chosen_by=chosen_by, kv_mode=kv_mode,
                          kv_reserved_bytes=topology.workers * per_worker, prefill_lane=lane,
                          lends_threads=lend,
                          probe=probe, probe_cached=cached), trial


def measured(record: TopologyRecord, trial: TopologyTrial, gguf: GGUFPlan) -> TopologyRecord:
    """Blocking: the record once the run's trial chose (its workers left out stay loaded and
    idle), with the trial's figures cached as the probe of the host and model file."""
    assert trial.probe is not None and trial.chosen is not None
    keep(trial.probe, Path(gguf.path), Path(gguf.topology.probe_dir))
    return record.model_copy(update={"workers": trial.chosen.workers,
                                      "threads": trial.chosen.threads, "probe": trial.probe})


def in_flight(record: TopologyRecord, benchmarks: list[BenchmarkPlan]) -> int:
    """Samples the run keeps in flight. A run scored by loglikelihood alone keeps one more
    queued behind each worker, so a worker starts its next item as it answers one, not after
    the serving process has stored it. A run that generates alone keeps as many again as
    there are sequences: a finished answer is scored (math-verify, a judge) while the sample
    behind it already waits in the pool for the freed sequence (the pool holds it back, so
    its time to first token counts no wait). A run of both keeps one per sequence: a chat
    must never wait behind a queued loglikelihood."""
    sequences = record.workers * record.sequences
    styles = {b.style is SampleStyle.LOGLIKELIHOOD for b in benchmarks}
    if styles == {True}:
        return sequences + record.workers
    return 2 * sequences if styles == {False} else sequences


def lane_path(gguf: GGUFPlan, record: TopologyRecord) -> str | None:
    if not record.prefill_lane:
        return None
    folder = Path(gguf.topology.probe_dir)
    folder.mkdir(parents=True, exist_ok=True)
    return str(folder / LANE_FILE)


def actor_slots(gguf: GGUFPlan, cpus: float) -> int:
    """Samples a Ray actor may hold at a time: the most `in_flight` gives for the most
    workers it may choose within its CPUs. The topology itself is chosen on its node, from
    that node's probe, once the actor starts, and the actor then says how many it takes."""
    most = gguf.workers or (min(2, max(1, int(cpus))) if gguf.topology.mode == "probe" else 1)
    sequences = most * gguf.parallel
    return max(2 * sequences, sequences + most)
