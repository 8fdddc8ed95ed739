"""GET /items/{id}/prompt: MMLU bytes equal lm-evaluation-harness's rendering of its own task
YAML; GPQA shuffles per repeat; BFCL sends JSON-Schema tools."""

from __future__ import annotations

import csv
from importlib import metadata
from pathlib import Path
from typing import Any

import httpx
import jinja2
import pytest
import yaml

from tests.support.databases import store_incidental

pytestmark = [pytest.mark.anyio, store_incidental]


def _lm_eval_file(relative: str) -> str:
    path = Path(str(metadata.distribution("lm-eval").locate_file(f"lm_eval/tasks/{relative}")))
    return path.read_text(encoding="utf-8")


def _lm_eval_mmlu_prompt(subject: str, shots: list[list[str]], doc: list[str]) -> str:
    """lm-eval's MMLU context: the task's description, first_n dev shots joined by the
    target delimiter " " and the few-shot delimiter "\\n\\n", then the document."""
    template = yaml.safe_load(_lm_eval_file("mmlu/default/_default_template_yaml"))
    task = yaml.safe_load(_lm_eval_file(f"mmlu/default/mmlu_{subject}.yaml"))
    render = jinja2.Environment().from_string(template["doc_to_text"]).render

    def text(row: list[str]) -> str:
        return render(question=row[0], choices=row[1:5])

    context = "".join(f"{text(s)} {template['doc_to_choice'][int(s[5])]}\n\n" for s in shots)
    return str(task["description"]) + context + text(doc)


async def _ids(client: httpx.AsyncClient, bench: str, **params: Any) -> dict[str, int]:
    page = (await client.get(f"/benchmarks/{bench}/items",
                             params={"limit": 1000, **params})).json()
    return {i["external_id"]: i["id"] for i in page["items"]}


@pytest.mark.data
async def test_mmlu_five_shot_bytes_equal_lm_eval(client: httpx.AsyncClient,
                                                  data_dir: Path) -> None:
    subjects = ["abstract_algebra", "high_school_european_history", "moral_scenarios"]
    files = [("file", (p.name, p.read_bytes())) for s in subjects
             for p in (data_dir / "mmlu" / "dev" / f"{s}_dev.csv",
                       data_dir / "mmlu" / "test" / f"{s}_test.csv")]
    assert (await client.post("/benchmarks/mmlu/items:import", files=files)).status_code == 200
    for subject in subjects:
        ids = await _ids(client, "mmlu", split="test", subject=subject)
        def rows(split: str, subject: str = subject) -> list[list[str]]:
            path = data_dir / "mmlu" / split / f"{subject}_{split}.csv"
            with path.open(newline="", encoding="utf-8") as fh:
                return list(csv.reader(fh))[1:]
        shots, tests = rows("dev"), rows("test")
        for index in (0, 1, len(tests) - 1):
            r = await client.get(f"/items/{ids[f'{subject}/test/{index}']}/prompt",
                                 params={"style": "loglikelihood"})
            assert r.status_code == 200, r.text
            body = r.json()
            assert body["text"] == _lm_eval_mmlu_prompt(subject, shots, tests[index])
            assert body["continuations"] == [" A", " B", " C", " D"]
            assert body["detail"]["shots"] == [f"{subject}/dev/{i}" for i in range(5)]


async def test_five_shot_needs_the_dev_split_and_math_has_no_loglikelihood(
        client: httpx.AsyncClient) -> None:
    rows = [{"id": "q1", "question": "1+1?", "choices": ["1", "2", "3", "4"], "answer": "B",
             "subject": "arithmetic"}]
    await client.post("/benchmarks/mmlu/items:import", json={"items": rows})
    item_id = (await _ids(client, "mmlu"))["q1"]
    r = await client.get(f"/items/{item_id}/prompt", params={"style": "loglikelihood"})
    assert r.status_code == 409 and "dev" in r.json()["detail"]
    chat = (await client.get(f"/items/{item_id}/prompt")).json()
    content = chat["turns"][0][0]["content"]
    assert content.endswith("1+1?\n\nA) 1\nB) 2\nC) 3\nD) 4")
    assert "'Answer: A/B/C/D' (e.g. 'Answer: A')" in content
    earlier = (await client.get(f"/items/{item_id}/prompt",
                                params={"methodology": "pocketeval@1"})).json()
    assert "Answer: LETTER" in earlier["turns"][0][0]["content"]
    unknown = await client.get(f"/items/{item_id}/prompt", params={"methodology": "nope@1"})
    assert unknown.status_code == 404 and unknown.json()["field"] == "methodology"

    await client.post("/benchmarks/math-500/items:import", json={"items": [
        {"id": "m1", "question": "Compute $2+2$.", "answer": "4"}]})
    math_id = (await _ids(client, "math-500"))["m1"]
    r = await client.get(f"/items/{math_id}/prompt", params={"style": "loglikelihood"})
    assert r.status_code == 422
    text = (await client.get(f"/items/{math_id}/prompt")).json()["turns"][0][0]["content"]
    assert text.endswith("\n\nCompute $2+2$.\n\nRemember to put your answer inside "
                         "\\boxed{}.")


async def test_gpqa_options_follow_the_repeat_permutation(client: httpx.AsyncClient) -> None:
    header = "Question,Correct Answer,Incorrect Answer 1,Incorrect Answer 2,Incorrect Answer 3,"
    data = (header + "Record ID,High-level domain\nWhich?,right,w1,w2,w3,rec1,Physics\n").encode()
    await client.post("/benchmarks/gpqa-diamond/items:import",
                      files={"file": ("gpqa.csv", data)})
    item_id = (await _ids(client, "gpqa-diamond"))["rec1"]
    seen = set()
    for repeat in range(8):
        body = (await client.get(f"/items/{item_id}/prompt",
                                 params={"repeat": repeat})).json()
        content = body["turns"][0][0]["content"]
        letter = body["detail"]["correct_letter"]
        assert f"\n{letter}) right" in content
        seen.add(letter)
    assert len(seen) > 1


async def test_mobile_mmlu_uses_the_authors_prompt_under_the_earlier_methodology(
        client: httpx.AsyncClient) -> None:
    data = b"question_id,Question,A,B,C,D,Field\nm1,Best battery saver?,a,b,c,d,phones\n"
    await client.post("/benchmarks/mobile-mmlu/items:import", files={"file": ("m.csv", data)})
    item_id = (await _ids(client, "mobile-mmlu"))["m1"]
    content = (await client.get(f"/items/{item_id}/prompt", params={
        "methodology": "pocketeval@1"})).json()["turns"][0][0]["content"]
    assert content == ("Answer the following multiple choice question and provide only letter "
                       "of the correct answer.\nBest battery saver?\nA. a\nB. b\nC. c\nD. d\n"
                       "Answer\uff1a\n")
    # the published method asks every multiple-choice eval with its one prompt
    published = (await client.get(f"/items/{item_id}/prompt")).json()["turns"][0][0]["content"]
    assert published.startswith("Answer the following multiple choice question. The last line")
    assert published.endswith("Best battery saver?\n\nA) a\nB) b\nC) c\nD) d")
