"""Item import over HTTP: layouts, all-or-nothing rejection, conflicts."""

from __future__ import annotations

import hashlib
import json

import httpx
import pytest
from fastapi import FastAPI

from tests.support.factories import db_fingerprint, jsonl, mcq_rows

pytestmark = pytest.mark.anyio

PROBLEM = "application/problem+json"


async def _custom(client: httpx.AsyncClient, name: str = "quiz", kind: str = "mcq") -> None:
    r = await client.post("/benchmarks", json={"name": name, "kind": kind})
    assert r.status_code == 201, r.text


async def test_jsonl_import_then_list_with_cursor(client: httpx.AsyncClient) -> None:
    await _custom(client)
    body = jsonl(mcq_rows(25))
    r = await client.post("/benchmarks/quiz/items:import",
                          files={"file": ("quiz.jsonl", body)})
    assert r.status_code == 200, r.text
    report = r.json()
    assert (report["received"], report["inserted"], report["splits"]) == (25, 25, {"test": 25})
    assert report["sha256"] == hashlib.sha256(body).hexdigest()

    seen, cursor = [], None
    while True:
        params = {"limit": 10} | ({"cursor": cursor} if cursor else {})
        page = (await client.get("/benchmarks/quiz/items", params=params)).json()
        seen += [it["external_id"] for it in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == [f"q{i}" for i in range(25)]
    first = (await client.get("/benchmarks/quiz/items", params={"limit": 1})).json()["items"][0]
    item = (await client.get(f"/items/{first['id']}")).json()
    assert item["answers"] == ["A"] and item["choices"][3] == "opt 3"
    bench = (await client.get("/benchmarks/quiz")).json()
    assert bench["items"] == 25 and bench["source_sha256"] == report["sha256"]


async def test_conflict_reject_then_replace(client: httpx.AsyncClient, app: FastAPI) -> None:
    await _custom(client)
    rows = mcq_rows(3)
    assert (await client.post("/benchmarks/quiz/items:import", json={"items": rows})
            ).status_code == 200
    before = db_fingerprint(app)
    rows[1]["answer"] = "D"  # an overwrite would now be seen, not only an insert
    r = await client.post("/benchmarks/quiz/items:import", json={"items": rows})
    assert r.status_code == 409 and r.headers["content-type"] == PROBLEM
    assert {e["message"] for e in r.json()["errors"]} >= {"id 'q0' already exists"}
    assert db_fingerprint(app) == before
    r = await client.post("/benchmarks/quiz/items:import", params={"on_conflict": "replace"},
                          json={"items": rows})
    assert r.status_code == 200, r.text
    assert (r.json()["replaced"], r.json()["unchanged"], r.json()["inserted"]) == (1, 2, 0)
    items = (await client.get("/benchmarks/quiz/items")).json()["items"]
    assert [it["answers"] for it in items] == [["A"], ["D"], ["C"]]


BAD_UPLOADS = {
    "bad json line": ("x.jsonl", jsonl(mcq_rows(2)) + b'{"question": "broken",\n', 3, "json"),
    "unknown letter": ("x.jsonl", jsonl([{**mcq_rows(1)[0], "answer": "Q"}]), 1, "answer"),
    "letter beyond options": ("x.jsonl", jsonl([{**mcq_rows(1)[0], "answer": "E"}]), 1,
                              "answer"),
    "missing column": ("x.csv", b"id,question,A,B\n1,What?,x,y\n".replace(b"question", b"prompt"),
                       1, "question"),
    "duplicate ids": ("x.jsonl", jsonl(mcq_rows(2) + mcq_rows(1)), 3, "id"),
    "wrong encoding": ("x.csv", "question,A,B,answer\nCaf\u00e9?,x,y,A\n".encode("latin-1"), 2,
                       "encoding"),
    "too few choices": ("x.jsonl", jsonl([{**mcq_rows(1)[0], "choices": ["only"]}]), 1,
                        "choices"),
}


@pytest.mark.parametrize("case", sorted(BAD_UPLOADS))
async def test_malformed_upload_is_rejected_and_changes_nothing(
        case: str, client: httpx.AsyncClient, app: FastAPI) -> None:
    await _custom(client)
    await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(2, prefix="k")})
    before = db_fingerprint(app)
    filename, data, line, field = BAD_UPLOADS[case]
    r = await client.post("/benchmarks/quiz/items:import", files={"file": (filename, data)})
    assert r.status_code == 422, r.text
    assert r.headers["content-type"] == PROBLEM
    problem = r.json()
    assert problem["status"] == 422 and "nothing was imported" in problem["detail"]
    assert {"line": line, "field": field} in [
        {"line": e["line"], "field": e["field"]} for e in problem["errors"]]
    assert db_fingerprint(app) == before
    # beside a file that would replace an existing item: neither is applied
    update = jsonl([{**mcq_rows(1, prefix="k")[0], "answer": "D"}])
    r = await client.post("/benchmarks/quiz/items:import", params={"on_conflict": "replace"},
                          files=[("file", ("k.jsonl", update)), ("file", (filename, data))])
    assert r.status_code == 422, r.text
    assert db_fingerprint(app) == before


async def test_one_bad_row_among_many_files_rejects_all(client: httpx.AsyncClient,
                                                        app: FastAPI) -> None:
    await _custom(client)
    before = db_fingerprint(app)
    good = jsonl(mcq_rows(50, prefix="a"))
    empty_question = {"id": "b9", "question": "", "choices": ["x", "y"]}
    bad = jsonl(mcq_rows(10, prefix="b")[:9] + [empty_question])
    r = await client.post("/benchmarks/quiz/items:import",
                          files=[("file", ("a.jsonl", good)), ("file", ("b.jsonl", bad))])
    assert r.status_code == 422
    assert r.json()["errors"] == [{"file": "b.jsonl", "line": 10, "field": "question",
                                   "message": "question is missing or empty"}]
    assert db_fingerprint(app) == before


async def test_unknown_benchmark_oversize_and_auth(client: httpx.AsyncClient, app: FastAPI,
                                                   settings: object) -> None:
    r = await client.post("/benchmarks/nope/items:import", json={"items": []})
    assert r.status_code == 404 and r.headers["content-type"] == PROBLEM
    assert "nope" in r.json()["detail"]

    await _custom(client)
    before = db_fingerprint(app)
    big = b"x" * (65 * 1024 * 1024)
    r = await client.post("/benchmarks/quiz/items:import", files={"file": ("big.jsonl", big)})
    assert r.status_code == 413 and r.headers["content-type"] == PROBLEM
    assert "POCKETEVAL_MAX_BODY_BYTES" in r.json()["detail"]

    r = await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(1)},
                          headers={"Authorization": "Bearer wrong"})
    assert r.status_code == 401 and r.headers["content-type"] == PROBLEM
    r = await client.post("/benchmarks/quiz/items:import", json={"items": mcq_rows(1)},
                          headers={"Authorization": ""})
    assert r.status_code == 401
    assert db_fingerprint(app) == before


async def test_unsupported_content_type_and_bad_layout(client: httpx.AsyncClient) -> None:
    await _custom(client)
    r = await client.post("/benchmarks/quiz/items:import", content=b"q", headers={
        "content-type": "text/plain"})
    assert r.status_code == 415 and r.json()["field"] == "content-type"
    r = await client.post("/benchmarks/quiz/items:import", params={"layout": "mmlu-csv"},
                          json={"items": []})
    assert r.status_code == 422 and r.json()["field"] == "layout"
    r = await client.post("/benchmarks/quiz/items:import", files={"file": ("x.txt", b"q")})
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "layout"


async def test_mobile_mmlu_without_key_scores_nothing_but_exports_submission(
        client: httpx.AsyncClient) -> None:
    csv_text = ("question_id,Question,A,B,C,D\n"
                "mm-1,How do I mute a group chat?,Settings,Long-press it,Delete it,Restart\n"
                "mm-2,\"Best way to save battery, generally?\",Max brightness,Low power mode,"
                "Bluetooth on,Live wallpaper\n")
    r = await client.post("/benchmarks/mobile-mmlu/items:import",
                          files={"file": ("messaging.csv", csv_text.encode())})
    assert r.status_code == 200, r.text
    items = (await client.get("/benchmarks/mobile-mmlu/items")).json()["items"]
    assert [(i["external_id"], i["subject"], i["answers"]) for i in items] == [
        ("mm-1", "messaging", []), ("mm-2", "messaging", [])]
    r = await client.post("/benchmarks/mobile-mmlu/score", json={"predictions": [
        {"external_id": "mm-1", "response": "B"}, {"external_id": "mm-2", "answer": "b"}]})
    assert r.status_code == 200, r.text
    metrics = r.json()["metrics"]
    assert metrics["accuracy"] is None and metrics["counts"]["unscored"] == 2
    csv_out = (await client.get(f"/runs/{r.json()['run_id']}/submission.csv")).text
    assert csv_out == "question_id,predicted_answer\nmm-1,B\nmm-2,B\n"


async def test_mobile_mmlu_with_field_and_answer_columns(client: httpx.AsyncClient) -> None:
    csv_text = ("question_id,Question,A,B,C,D,Field,Answer\n"
                "x1,Q1,a,b,c,d,travel,C\nx2,Q2,a,b,c,d,health,A\n")
    r = await client.post("/benchmarks/mobile-mmlu-pro/items:import",
                          files={"file": ("pro.csv", csv_text.encode())})
    assert r.status_code == 200, r.text
    bench = (await client.get("/benchmarks/mobile-mmlu-pro")).json()
    assert {(s["subject"], s["items"]) for s in bench["subjects"]} == {("travel", 1),
                                                                         ("health", 1)}
    assert json.loads(json.dumps(bench["splits"])) == [{"split": "test", "items": 2}]


async def test_mmlu_csv_headerless_letters_and_header_indices(client: httpx.AsyncClient) -> None:
    # The original Hendrycks release: no header, letter answers, quoted commas and newlines.
    original = (b'"What is 2,1 in base 3?",7,"5\nor so",3,1,A\n'
                b"Who wrote Hamlet?,Marlowe,Shakespeare,Kyd,Jonson,B\n")
    indexed = b"question,choice0,choice1,choice2,choice3,answer\nPick three,1,2,3,4,2\n"
    r = await client.post("/benchmarks/mmlu/items:import", files=[
        ("file", ("abstract_algebra_test.csv", original)),
        ("file", ("anatomy_dev.csv", indexed))])
    assert r.status_code == 200, r.text
    assert r.json()["splits"] == {"dev": 1, "test": 2}
    items = {i["external_id"]: i for i in
             (await client.get("/benchmarks/mmlu/items")).json()["items"]}
    assert items["abstract_algebra/test/0"]["choices"][1] == "5\nor so"
    assert items["abstract_algebra/test/1"]["answers"] == ["B"]
    assert items["anatomy/dev/0"]["answers"] == ["C"]
    assert items["anatomy/dev/0"]["split"] == "dev"
    r = await client.post("/benchmarks/mmlu/items:import", files={
        "file": ("notes.csv", b"Q,a,b,c,d,A\n")})
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "filename"
    r = await client.post("/benchmarks/mmlu/items:import", files={
        "file": ("law_test.csv", b"Q,a,b,c,A\n")})
    assert r.status_code == 422 and r.json()["errors"][0] == {
        "file": "law_test.csv", "line": 1, "field": "columns",
        "message": "expected 6 columns (question, 4 choices, answer), found 5"}


async def test_freeform_references_blank_is_unkeyed_and_objects_rejected(
        client: httpx.AsyncClient) -> None:
    await _custom(client, "trivia", kind="freeform")
    r = await client.post("/benchmarks/trivia/items:import", json={"items": [
        {"id": "a", "question": "Q?", "answer": "   "}]})
    assert r.status_code == 200, r.text
    r = await client.post("/benchmarks/trivia/items:import", json={"items": [
        {"id": "b", "question": "Q?", "answer": [{"x": 1}]}]})
    assert r.status_code == 422
    assert r.json()["errors"][0]["message"] == "reference answers must be strings or numbers"
