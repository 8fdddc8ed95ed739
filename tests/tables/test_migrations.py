"""The migration chain builds the schema the models declare, and unwinds cleanly."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from alembic import command
from sqlalchemy import Engine, create_engine, inspect, select, text

from app.migrate import alembic_config, downgrade, upgrade
from app.tables import Base


def test_upgrade_has_no_drift_and_downgrade_empties(empty_db_url: str) -> None:
    url = empty_db_url
    upgrade(url)
    command.check(alembic_config(url))  # raises when models and migrations disagree
    engine = create_engine(url)
    tables = set(inspect(engine).get_table_names())
    assert set(Base.metadata.tables) <= tables
    downgrade(url, "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    upgrade(url)  # and back up again
    assert set(Base.metadata.tables) <= set(inspect(engine).get_table_names())
    engine.dispose()


def _json(value: object) -> object:
    return json.loads(value) if isinstance(value, str) else value  # SQLite text, PG jsonb


def test_run_state_moves_out_of_the_plan_and_back(empty_db_url: str) -> None:
    """Rows written before the plan / runtime split: gguf.server, gguf.measured and
    device_metrics leave runs.config, and config_sha256 is the hash of what remains."""
    url = empty_db_url
    upgrade(url, "e590386741a3")
    plan = {"benchmarks": [], "gguf": {"path": "/m.gguf", "forced": False}, "seed": 0}
    old = {**plan, "gguf": {**plan["gguf"], "server": {"pid": 4, "command": ["x"]},
                            "measured": {"peak_rss_bytes": 5}},
           "device_metrics": [{"device": "Pixel 8", "ttft_ms": 80.0,
                               "received_at": "2026-11-30T10:00:00+00:00"}]}
    engine = create_engine(url)
    with engine.begin() as conn:
        value = "CAST(:c AS jsonb)" if engine.dialect.name == "postgresql" else ":c"
        conn.execute(text("INSERT INTO runs (id, kind, status, repeats, config, config_sha256,"
                          f" total, created_at) VALUES (1, 'gguf', 'finished', 1, {value}, 'x',"
                          " 0, '2026-11-30 10:00:00+00')"), {"c": json.dumps(old)})
    upgrade(url, "c3d8f1a27b90")
    with engine.connect() as conn:
        config, digest, runtime = conn.execute(text(
            "SELECT config, config_sha256, runtime FROM runs")).one()
        device = conn.execute(text("SELECT device, ttft_ms FROM device_metrics")).all()
    assert _json(config) == plan
    assert digest == hashlib.sha256(json.dumps(plan, sort_keys=True).encode()).hexdigest()
    assert _json(runtime) == {"server": {"pid": 4, "command": ["x"]},
                                   "measured": {"peak_rss_bytes": 5}}
    assert device == [("Pixel 8", 80.0)]
    downgrade(url, "e590386741a3")
    with engine.connect() as conn:
        restored = _json(conn.execute(text("SELECT config FROM runs")).scalar_one())
    assert restored["gguf"] == old["gguf"]
    assert restored["device_metrics"][0]["device"] == "Pixel 8"
    engine.dispose()


# plans as versions before the tagged model wrote them: the model under `endpoint` or `gguf`
ENDPOINT_PLAN = {
    "benchmarks": [{"name": "mmlu", "benchmark_id": 1, "split": "test", "repeats": 1,
                    "item_ids": [1, 2], "style": "chat", "prompt_template_sha256": "ab",
                    "arrangements": [], "n_options": None}],
    "endpoint": {"base_url": "http://127.0.0.1:9/v1", "model": "m", "api_key_env": None,
                 "inline_api_key": False, "variant": "non-reasoning",
                 "max_output_tokens": None, "sampling": {"temperature": 0}, "stream": False},
    "gguf": None, "judge": None, "audit": None,
    "limits": {"context_window": 16384, "time_limit_s": 60.0, "request_timeout_s": 600.0},
    "order": "random", "stop_when": None, "concurrency": 1, "limit": None, "sample": None,
    "seed": 3}
POSTED_PLAN = {"benchmark": "quiz", "split": None, "missing": "wrong",
               "source": "posted predictions"}
PULL_PLAN = {"kind": "pull", "benchmark": "mmlu", "repo_id": "cais/mmlu", "revision": "c30",
             "licence": "mit", "gated": False, "max_errors": 20}


def _sha(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


def _insert_runs(engine: Engine, rows: dict[int, tuple[str, Any]]) -> None:
    """Finished runs of these kinds and stored plans, as an earlier version wrote them."""
    value = "CAST(:c AS jsonb)" if engine.dialect.name == "postgresql" else ":c"
    with engine.begin() as conn:
        for run_id, (kind, plan) in rows.items():
            conn.execute(text(
                "INSERT INTO runs (id, kind, status, repeats, config, config_sha256, runtime,"
                f" cancel_requested, created_at) VALUES (:id, :kind, 'finished', 1, {value},"
                " :sha, '{}', false, '2026-12-01 10:00:00+00')"),
                {"id": run_id, "kind": kind, "c": json.dumps(plan), "sha": _sha(plan)})


def test_plans_gain_a_tagged_model_and_lose_it_again(empty_db_url: str) -> None:
    """An evaluation's `endpoint` / `gguf` pair becomes one `model` tagged with its kind
    (posted plans name theirs), hashes follow what is stored, the ORM reads the rows as typed
    plans, and downgrade gives back the very rows it started from."""
    from sqlalchemy.orm import Session

    from app.records.pull_record import PullPlan
    from app.records.run_plan import EndpointPlan, PostedPlan, RunPlan
    from app.tables import Run

    url = empty_db_url
    upgrade(url, "5d2b7e91c4a0")
    engine = create_engine(url)
    rows = {1: ("endpoint", ENDPOINT_PLAN), 2: ("predictions", POSTED_PLAN),
            3: ("pull", PULL_PLAN)}
    _insert_runs(engine, rows)
    upgrade(url, "8f4a6c2d1e57")
    with engine.connect() as conn:
        stored = {i: (_json(c), sha) for i, c, sha in conn.execute(text(
            "SELECT id, config, config_sha256 FROM runs ORDER BY id"))}
    endpoint = {k: v for k, v in ENDPOINT_PLAN.items() if k not in ("endpoint", "gguf")}
    endpoint["model"] = {**ENDPOINT_PLAN["endpoint"], "kind": "endpoint"}  # type: ignore[dict-item]
    assert stored[1][0] == endpoint
    assert stored[2][0] == {**POSTED_PLAN, "kind": "predictions"}
    assert stored[3][0] == PULL_PLAN
    assert all(sha == _sha(config) for config, sha in stored.values())
    with Session(engine) as session:  # the plan column alone: later columns are not there yet
        plans = {i: session.scalars(select(Run.config).where(Run.id == i)).one() for i in rows}
    assert isinstance(plans[1], RunPlan) and isinstance(plans[1].model, EndpointPlan)
    assert plans[1].model.sampling == {"temperature": 0} and plans[1].seed == 3
    assert isinstance(plans[2], PostedPlan) and isinstance(plans[3], PullPlan)
    downgrade(url, "5d2b7e91c4a0")
    with engine.connect() as conn:
        restored = {i: (_json(c), sha) for i, c, sha in conn.execute(text(
            "SELECT id, config, config_sha256 FROM runs ORDER BY id"))}
    assert restored == {i: (plan, _sha(plan)) for i, (_, plan) in rows.items()}
    engine.dispose()


def test_earlier_plans_are_pinned_to_the_earlier_methodology(empty_db_url: str) -> None:
    """Evaluation and posted-prediction plans stored before methodologies existed gain the
    pin of PocketEval's own methodology (the hash its texts have), hashes follow what is
    stored, pull plans are left alone, and downgrade gives back the very rows."""
    from sqlalchemy.orm import Session

    from app.methodology import LEGACY
    from app.records.run_plan import PostedPlan, RunPlan
    from app.tables import Run

    url = empty_db_url
    upgrade(url, "8f4a6c2d1e57")
    engine = create_engine(url)
    endpoint = {k: v for k, v in ENDPOINT_PLAN.items() if k not in ("endpoint", "gguf")}
    endpoint["model"] = {**ENDPOINT_PLAN["endpoint"], "kind": "endpoint"}  # type: ignore[dict-item]
    pinned = {**endpoint, "methodology": {"name": "artificial-analysis",
                                          "version": "intelligence-index-v3",
                                          "sha256": "0" * 64, "deviations": []}}
    rows = {1: ("endpoint", endpoint), 2: ("predictions", {**POSTED_PLAN, "kind": "predictions"}),
            3: ("pull", PULL_PLAN), 4: ("endpoint", pinned)}
    _insert_runs(engine, rows)
    upgrade(url)
    with engine.connect() as conn:
        stored = {i: (_json(c), sha) for i, c, sha in conn.execute(text(
            "SELECT id, config, config_sha256 FROM runs ORDER BY id"))}
    pin = {"name": "pocketeval", "version": "1", "sha256": LEGACY.sha256, "deviations": []}
    assert stored[1][0] == {**rows[1][1], "methodology": pin}
    assert stored[2][0] == {**rows[2][1], "methodology": pin}
    assert stored[3][0] == PULL_PLAN
    assert stored[4][0] == pinned  # a run of another methodology keeps its pin
    assert all(sha == _sha(config) for config, sha in stored.values())
    with Session(engine) as session:
        plans = {i: session.get_one(Run, i).config for i in (1, 2, 3)}
    assert isinstance(plans[1], RunPlan) and isinstance(plans[2], PostedPlan)
    assert plans[1].methodology.resolve() is LEGACY
    assert plans[2].methodology.label == "pocketeval@1"
    downgrade(url, "8f4a6c2d1e57")
    with engine.connect() as conn:
        restored = {i: (_json(c), sha) for i, c, sha in conn.execute(text(
            "SELECT id, config, config_sha256 FROM runs ORDER BY id"))}
    assert restored == {i: (plan, _sha(plan)) for i, (_, plan) in rows.items()}
    upgrade(url)  # and up again: the other methodology's pin is still its own
    with engine.connect() as conn:
        again = _json(conn.execute(text("SELECT config FROM runs WHERE id = 4")).scalar_one())
    assert again == pinned
    engine.dispose()
