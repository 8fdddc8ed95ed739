"""Pulling benchmarks from the Hugging Face Hub with the real `huggingface_hub` client,
against a loopback server that speaks the Hub's file API and serves the real published
data (../shared/data) laid out as the Hub repositories are: `pocketeval data pull` in a
subprocess (HF_ENDPOINT, HF_TOKEN, HF_HUB_OFFLINE, HF_HUB_CACHE as a user sets them) and
POST /benchmarks/{name}/items:pull in process."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from fastapi import FastAPI

from app.config import Settings
from tests.support.databases import store_incidental
from tests.support.factories import db_fingerprint
from tests.support.hub_server import HubRepos, serve_hub

pytestmark = [pytest.mark.anyio, store_incidental]
GPQA_TOKEN = "hf_test_token_for_the_gated_set"
MMLU_COMMIT = "c30699e8356da336a370243923dbaf21066bb9fe"  # the catalog's pin
ROOT = Path(__file__).resolve().parents[2]


def _mmlu_split(data_dir: Path, split: str) -> pa.Table:
    """cais/mmlu's `all` config: every subject's rows, subjects in name order, with the
    Hub's columns (question, subject, choices, answer as an index)."""
    rows: dict[str, list[object]] = {"question": [], "subject": [], "choices": [], "answer": []}
    for path in sorted((data_dir / "mmlu" / split).glob(f"*_{split}.csv")):
        subject = path.name.removesuffix(f"_{split}.csv")
        reader = csv.reader(io.StringIO(path.read_text(encoding="utf-8")))
        for number, row in enumerate(reader):
            if number == 0 and row[0] == "question":
                continue
            rows["question"].append(row[0])
            rows["subject"].append(subject)
            rows["choices"].append(row[1:5])
            rows["answer"].append(int(row[5]))
    return pa.table(rows)


def _ifbench_table(data_dir: Path) -> pa.Table:
    """allenai/IFBench_test as the Hub holds it: the 300 rows in one Parquet file, kwargs a
    struct of every key any row has (null where absent, N as a double)."""
    rows = [json.loads(line) for line in
            (data_dir / "ifbench" / "IFBench_test.jsonl").read_text().splitlines() if line]
    return pa.Table.from_pylist(rows)


@pytest.fixture
def hub_root(data_dir: Path, tmp_path: Path) -> Path:
    root = tmp_path / "hub"
    mmlu = root / "cais" / "mmlu" / "all"
    mmlu.mkdir(parents=True)
    for split in ("test", "dev"):
        pq.write_table(_mmlu_split(data_dir, split), mmlu / f"{split}-00000-of-00001.parquet")
    pro = root / "TIGER-Lab" / "MMLU-Pro" / "data"
    pro.mkdir(parents=True)
    for name in ("test-00000-of-00001.parquet", "validation-00000-of-00001.parquet"):
        shutil.copy(data_dir / "mmlu_pro" / name, pro / name)
    (root / "HuggingFaceH4" / "MATH-500").mkdir(parents=True)
    shutil.copy(data_dir / "math500" / "test.jsonl", root / "HuggingFaceH4/MATH-500/test.jsonl")
    (root / "allenai" / "IFBench_test" / "data").mkdir(parents=True)
    pq.write_table(_ifbench_table(data_dir), root / "allenai/IFBench_test/data/"
                   "train-00000-of-00001.parquet")
    gpqa = root / "Idavidrein" / "gpqa"
    gpqa.mkdir(parents=True)
    archive = zipfile.ZipFile(data_dir / "gpqa_diamond" / "gpqa_diamond.zip")
    (gpqa / "gpqa_diamond.csv").write_bytes(
        archive.read("gpqa_diamond.csv", pwd=b"deserted-untie-orchid"))
    return root


@pytest.fixture
def hub(hub_root: Path) -> Iterator[tuple[str, HubRepos]]:
    from app.benchmarks.registry import catalog

    pins = {spec.hub.repo_id: spec.hub.revision for spec in catalog().values()
            if spec.hub is not None and spec.hub.revision != "main"}
    repos = HubRepos(hub_root, gated={"Idavidrein/gpqa": GPQA_TOKEN}, pinned=pins)
    with serve_hub(repos) as endpoint:
        yield endpoint, repos


def _cli(args: list[str], env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "POCKETEVAL_"))}
    base.update({"POCKETEVAL_DATABASE_URL": f"sqlite:///{tmp_path / 'cli.db'}",
                 "POCKETEVAL_VAR_DIR": str(tmp_path), "HF_HOME": str(tmp_path / "hf"),
                 "HF_HUB_DISABLE_TELEMETRY": "1", **env})
    return subprocess.run([sys.executable, "-m", "app.cli", "data", "pull", *args, "--yes"],
                          cwd=ROOT, env=base, capture_output=True, text=True, timeout=600)


def _counts(db: Path) -> dict[tuple[str, str], int]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT b.name, i.split, count(*) FROM items i JOIN benchmarks b "
                            "ON b.id = i.benchmark_id GROUP BY b.name, i.split").fetchall()
    return {(name, split): n for name, split, n in rows}


@pytest.mark.needs("process")
def test_cli_pull_mmlu_then_all_without_the_gated_token(
        hub: tuple[str, HubRepos], tmp_path: Path) -> None:
    endpoint, repos = hub
    env = {"HF_ENDPOINT": endpoint}
    first = _cli(["mmlu"], env, tmp_path)
    assert first.returncode == 0, first.stderr
    # shown before the download: the commit the catalog pins
    assert f"cais/mmlu @ {MMLU_COMMIT}, licence MIT" in first.stderr
    assert "14327 items (14327 new, 0 replaced, 0 unchanged) {'dev': 285, 'test': 14042}" \
        in first.stdout
    counts = _counts(tmp_path / "cli.db")
    assert counts[("mmlu", "test")] == 14042 and counts[("mmlu", "dev")] == 285
    with sqlite3.connect(tmp_path / "cli.db") as conn:
        sources = conn.execute("SELECT sources FROM benchmarks WHERE name = 'mmlu'").fetchone()[0]
    assert f"hf://datasets/cais/mmlu@{repos.commit('cais/mmlu')}/all/test-00000-of-00001" \
        ".parquet" in sources

    downloads = len(repos.downloads)
    offline = _cli(["mmlu"], {**env, "HF_HUB_OFFLINE": "1"}, tmp_path)
    assert offline.returncode == 0, offline.stderr
    assert "14327 items (0 new, 0 replaced, 14327 unchanged)" in offline.stdout
    assert len(repos.downloads) == downloads  # from the HF cache, nothing fetched

    everything = _cli(["all"], env, tmp_path)
    assert everything.returncode == 2
    err = everything.stderr
    assert "gpqa-diamond: Idavidrein/gpqa @ main, licence CC BY 4.0 (gated" in err
    assert ("gpqa-diamond: failed: gpqa-diamond: Idavidrein/gpqa is gated and no Hugging Face "
            "token is set; accept its terms at https://huggingface.co/datasets/Idavidrein/gpqa"
            ) in err and "set HF_TOKEN" in err
    assert "mobile-mmlu: failed:" in err and "not pulled: " in err
    counts = _counts(tmp_path / "cli.db")
    assert counts[("math-500", "test")] == 500 and counts[("ifbench-300", "test")] == 300
    assert counts[("mmlu-pro", "test")] == 12032 and counts[("mmlu-pro", "validation")] == 70
    assert ("gpqa-diamond", "test") not in counts

    gated = _cli(["gpqa-diamond"], {**env, "HF_TOKEN": GPQA_TOKEN}, tmp_path)
    assert gated.returncode == 0, gated.stderr
    assert _counts(tmp_path / "cli.db")[("gpqa-diamond", "test")] == 198
    wrong = _cli(["gpqa-diamond"], {**env, "HF_TOKEN": "hf_someone_else"}, tmp_path)
    assert wrong.returncode == 2 and "the Hub refused the token given" in wrong.stderr


@pytest.fixture
def hub_client_settings(hub: tuple[str, HubRepos], tmp_path: Path,
                        tmp_path_factory: pytest.TempPathFactory,
                        monkeypatch: pytest.MonkeyPatch) -> HubRepos:
    """The in-process client reads its endpoint and cache from huggingface_hub.constants
    (set from the environment when it is imported). Its cache is the Hub library's, as a
    user's ~/.cache/huggingface is: outside the app's folders, which a refusal leaves as
    they were."""
    from huggingface_hub import constants

    endpoint, repos = hub
    cache = tmp_path_factory.mktemp("hf-cache")
    monkeypatch.setattr(constants, "ENDPOINT", endpoint)
    monkeypatch.setattr(constants, "HUGGINGFACE_CO_URL_TEMPLATE",
                        endpoint + "/{repo_id}/resolve/{revision}/{filename}")
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(cache))
    monkeypatch.setattr(constants, "HF_TOKEN_PATH", str(tmp_path / "no-token"))
    monkeypatch.setattr(constants, "HF_STORED_TOKENS_PATH", str(tmp_path / "no-tokens"))
    monkeypatch.delenv("HF_TOKEN", raising=False)
    return repos


async def test_http_pull_verifies_files_and_reports_the_commit(
        client: httpx.AsyncClient, app: FastAPI, hub_client_settings: HubRepos) -> None:
    repos = hub_client_settings
    r = await client.post("/benchmarks/math-500/items:pull")
    assert r.status_code == 200, r.text
    report = r.json()
    assert report["pull"]["commit"] == repos.commit("HuggingFaceH4/MATH-500")
    assert report["pull"]["files"][0]["path"] == "test.jsonl"
    assert report["pull"]["files"][0]["verified_by"] == "Hub git blob id"
    assert report["items"]["inserted"] == 500
    assert (await client.get("/benchmarks/math-500")).json()["items"] == 500

    pro = await client.post("/benchmarks/mmlu-pro/items:pull",
                            params={"revision": repos.commit("TIGER-Lab/MMLU-Pro")})
    assert pro.status_code == 200, pro.text
    assert {f["verified_by"] for f in pro.json()["pull"]["files"]} == {"Hub sha256"}
    assert pro.json()["items"]["splits"] == {"test": 12032, "validation": 70}


async def test_http_pull_refusals_change_nothing(
        client: httpx.AsyncClient, app: FastAPI, hub_client_settings: HubRepos,
        hub_root: Path) -> None:
    repos = hub_client_settings
    assert (await client.post("/benchmarks", json={"name": "quiz", "kind": "mcq"})
            ).status_code == 201
    before = db_fingerprint(app)
    gated = await client.post("/benchmarks/gpqa-diamond/items:pull")
    assert gated.status_code == 502 and gated.headers["content-type"] == \
        "application/problem+json"
    assert "no Hugging Face token is set" in gated.json()["detail"]
    assert gated.json()["field"] == "HF_TOKEN"

    data = (hub_root / "HuggingFaceH4/MATH-500/test.jsonl").read_bytes()
    repos.tampered[("HuggingFaceH4/MATH-500", "test.jsonl")] = data.replace(b"a", b"b", 1)
    tampered = await client.post("/benchmarks/math-500/items:pull")
    assert tampered.status_code == 502
    assert "does not match the git blob id the Hub lists" in tampered.json()["detail"]

    missing = await client.post("/benchmarks/mmlu-pro/items:pull", params={"revision": "v9"})
    assert missing.status_code == 502 and "RevisionNotFound" in missing.json()["detail"]
    bad = await client.post("/benchmarks/mmlu-pro/items:pull", params={"revision": "../x"})
    assert bad.status_code == 422
    custom = await client.post("/benchmarks/quiz/items:pull")
    assert custom.status_code == 409 and "no published files" in custom.json()["detail"]
    after = db_fingerprint(app)
    # each refused pull is a failed pull run, with the problem it was answered with;
    # items and sources are untouched
    runs = (await client.get("/runs")).json()["runs"]
    assert [(r["kind"], r["status"], r["benchmark"]) for r in runs] == [
        ("pull", "failed", "mmlu-pro"), ("pull", "failed", "math-500"),
        ("pull", "failed", "gpqa-diamond")]
    assert runs[2]["runtime"]["pull_problem"]["extra"]["field"] == "HF_TOKEN"
    assert runs[2]["error"] == gated.json()["detail"]
    assert after.pop("runs") != before.pop("runs")  # the three failed pull runs
    assert after == before


async def test_http_pull_as_a_run_reports_its_progress(
        client: httpx.AsyncClient, app: FastAPI, hub_client_settings: HubRepos,
        hub_root: Path) -> None:
    """wait=false: a 202 with the pull run; its events carry the stage and the bytes
    received, and the run ends with the import report, as a waited-for pull answers."""
    repos = hub_client_settings
    repos.trickle_s = 0.01  # the download takes a few seconds: progress is seen while it goes
    started = await client.post("/benchmarks/mmlu/items:pull", params={"wait": "false"})
    assert started.status_code == 202, started.text
    run = started.json()
    assert run["kind"] == "pull" and run["benchmark"] == "mmlu"
    assert started.headers["location"] == f"/runs/{run['id']}"
    assert run["plan"]["repo_id"] == "cais/mmlu" and run["plan"]["revision"] == MMLU_COMMIT
    events = []
    async with client.stream("GET", f"/runs/{run['id']}/events") as stream:
        async for line in stream.aiter_lines():
            if line.startswith("data: "):
                events.append(json.loads(line[6:]))
    progress = [e for e in events if e["event"] == "progress"]
    sizes = sum((hub_root / "cais/mmlu/all" / f"{split}-00000-of-00001.parquet").stat().st_size
                for split in ("test", "dev"))
    downloading = [e for e in progress if e["stage"] == "downloading"]
    assert downloading and all(e["files"] == 2 and e["bytes"] == sizes for e in downloading)
    done = [e["bytes_done"] for e in progress]
    assert done == sorted(done) and done[-1] == sizes
    assert any(0 < n < sizes for n in done)  # heard while the download went on
    assert [e["stage"] for e in progress][-2:] == ["importing", "done"]
    assert events[-1]["event"] == "finished" and events[-1]["inserted"] == 14042 + 285

    final = (await client.get(f"/runs/{run['id']}")).json()
    assert final["status"] == "finished"
    assert final["progress"]["done"] == final["progress"]["total"] == sizes
    report = final["runtime"]["pulled"]
    assert report["run_id"] == run["id"]
    assert report["pull"]["commit"] == repos.commit("cais/mmlu")
    assert report["items"]["splits"] == {"test": 14042, "dev": 285}
    # pulled again, waited for: nothing changed upstream, so nothing changes here
    again = await client.post("/benchmarks/mmlu/items:pull")
    assert again.status_code == 200 and again.json()["items"]["unchanged"] == 14042 + 285
    assert again.json()["run_id"] == run["id"] + 1


def test_every_hub_source_names_layouts_of_its_benchmark() -> None:
    from app.benchmarks.registry import benchmarks, catalog
    from app.items.hub_pull import select_files
    from app.items.layout_registry import layouts_of

    pullable = {name: spec.hub for name, spec in catalog().items() if spec.hub is not None}
    assert set(pullable) >= {"mmlu", "mmlu-pro", "mobile-mmlu", "mobile-mmlu-pro",
                             "aa-omniscience", "math-500", "gpqa-diamond", "ifbench-300"}
    for name, source in pullable.items():
        for files in source.files:
            assert files.layout in layouts_of(benchmarks()[name]), name
    mmlu = pullable["mmlu"]
    assert select_files(mmlu, ["README.md", "all/test-00000-of-00001.parquet",
                               "abstract_algebra/test-00000-of-00001.parquet",
                               "all/dev-00000-of-00001.parquet",
                               "all/auxiliary_train-00000-of-00001.parquet"]) == [
        ("all/test-00000-of-00001.parquet", "mmlu-hub-parquet"),
        ("all/dev-00000-of-00001.parquet", "mmlu-hub-parquet")]


async def test_a_pull_run_left_queued_is_carried_out_when_runs_are_resumed(
        client: httpx.AsyncClient, app: FastAPI, hub_client_settings: HubRepos) -> None:
    """A pull run that a server planned but did not carry out (it died) is resumed like
    any run: by this process at start-up, or by another that takes it over."""
    from app.runs.execute.pull_run import plan_pull

    with app.state.sessionmaker.begin() as session:
        run_id = plan_pull(session, "math-500", None, 100)
    assert run_id in await app.state.executor.resume_unfinished()
    await app.state.executor.wait(run_id, 60)
    run = (await client.get(f"/runs/{run_id}")).json()
    assert run["status"] == "finished", run
    assert run["runtime"]["pulled"]["items"]["inserted"] == 500
    assert (await client.get("/benchmarks/math-500")).json()["items"] == 500


def test_ifbench_parquet_rows_are_the_jsonl_rows(data_dir: Path) -> None:
    """The Hub's Parquet and the published JSONL give the same items: the Parquet's null
    kwargs (keys other rows have) dropped, as the checkers drop None kwargs from either;
    numbers equal (the Parquet stores N as a double where the JSONL has 3 or 5.0)."""
    from app.benchmarks.catalog.ifbench.layouts import parse_ifbench_jsonl, parse_ifbench_parquet
    from app.item_files.records import RowContext

    buffer = io.BytesIO()
    pq.write_table(_ifbench_table(data_dir), buffer)
    assert pa.types.is_floating(_ifbench_table(data_dir).schema.field("kwargs").type
                                .value_type.field("N").type)
    parquet_ctx = RowContext(kind="instructions", answer_key_required=False, file="p")
    jsonl_ctx = RowContext(kind="instructions", answer_key_required=False, file="j")
    from_parquet = parse_ifbench_parquet(buffer.getvalue(), parquet_ctx, "utf-8")
    from_jsonl = parse_ifbench_jsonl(
        (data_dir / "ifbench" / "IFBench_test.jsonl").read_bytes(), jsonl_ctx, "utf-8")
    assert parquet_ctx.errors == jsonl_ctx.errors == [] and len(from_parquet) == 300

    def plain(kwargs: list[dict[str, object] | None]) -> list[dict[str, object]]:
        return [{k: v for k, v in (d or {}).items() if v is not None} for d in kwargs]

    from app.benchmarks.catalog.ifbench.scoring import check_instructions

    for a, b in zip(from_parquet, from_jsonl, strict=True):
        assert (a.external_id, a.payload["question"], a.payload["instruction_id_list"]) == \
            (b.external_id, b.payload["question"], b.payload["instruction_id_list"])
        assert a.payload["kwargs"] == plain(b.payload["kwargs"])
        # and the checkers judge a reply alike (a reply that repeats the prompt)
        reply = str(b.payload["question"])
        assert check_instructions(reply, a.payload["instruction_id_list"], a.payload["kwargs"],
                                  reply) == check_instructions(
            reply, b.payload["instruction_id_list"], b.payload["kwargs"], reply)


@pytest.mark.needs("process")
async def test_a_pull_runs_its_import_in_the_bulk_worker_process(
        settings: Settings, hub_client_settings: HubRepos) -> None:
    """As an HTTP import does: the pull run's import is a batch of the bulk lane, carried
    out (and committed) in the worker process, not on the serving process's threads."""
    from app.main import create_app
    from tests.conftest import API_KEY

    served = create_app(settings.model_copy(update={"bulk_processes": 1}))
    async with served.router.lifespan_context(served):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=served),
                                     base_url="http://test",
                                     headers={"Authorization": f"Bearer {API_KEY}"}) as client:
            pulled = await client.post("/benchmarks/math-500/items:pull")
            assert pulled.status_code == 200, pulled.text
            assert pulled.json()["items"]["inserted"] == 500
            assert served.state.bulk_processes.pids()  # the import started the worker
            run = (await client.get(f"/runs/{pulled.json()['run_id']}")).json()
            assert run["status"] == "finished" and run["runtime"]["pull"]["stage"] == "done"
            assert (await client.get("/benchmarks/math-500")).json()["items"] == 500


async def test_a_refused_download_is_not_served_again_from_the_cache(
        client: httpx.AsyncClient, hub_client_settings: HubRepos, hub_root: Path) -> None:
    """The Hub served bytes that do not match its listing: refused, and the file leaves the
    HF cache, so once the source is right the next pull downloads and imports it."""
    repos = hub_client_settings
    data = (hub_root / "HuggingFaceH4/MATH-500/test.jsonl").read_bytes()
    repos.tampered[("HuggingFaceH4/MATH-500", "test.jsonl")] = data.replace(b"a", b"b", 1)
    refused = await client.post("/benchmarks/math-500/items:pull")
    assert refused.status_code == 502
    assert "removed from the Hugging Face cache" in refused.json()["detail"]
    repos.tampered.clear()
    again = await client.post("/benchmarks/math-500/items:pull")
    assert again.status_code == 200, again.text
    assert again.json()["items"]["inserted"] == len(data.splitlines())


@pytest.mark.needs("process")
def test_an_unreachable_hub_is_one_line_naming_it(tmp_path: Path) -> None:
    """Nothing listens at HF_ENDPOINT: the pull says so in one line, naming the host and
    what to do, without a traceback, and exits 2."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        endpoint = f"http://127.0.0.1:{s.getsockname()[1]}"  # closed once the block ends
    done = _cli(["ifbench-300"], {"HF_ENDPOINT": endpoint}, tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    (line,) = [x for x in done.stderr.splitlines() if "failed:" in x]
    assert f"cannot reach the Hugging Face Hub at {endpoint}" in line
    assert "HF_ENDPOINT" in line and "pocketeval import" in line
