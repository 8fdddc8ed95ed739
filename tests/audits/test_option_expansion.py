"""Option expansion of real MMLU items to ten options from a file of extras: the validation
report counts exactly what was planted (a copy of the key, a duplicate, a near-duplicate, an
empty string, an item short of extras), the key keeps its text where it moved, the order is
seeded, the baseline is 0.1, and a model's paired report matches statsmodels' McNemar."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import httpx
import pytest
from statsmodels.stats.contingency_tables import mcnemar

pytestmark = [pytest.mark.anyio, pytest.mark.data]


def _rows(data_dir: Path) -> list[dict[str, object]]:
    path = data_dir / "mmlu" / "test" / "astronomy_test.csv"
    out: list[dict[str, object]] = []
    for q, a, b, c, d, key in csv.reader(io.StringIO(path.read_text())):
        if key != "answer":
            out.append({"id": f"a{len(out)}", "question": q, "choices": [a, b, c, d],
                        "answer": "ABCD"[int(key)] if key.isdigit() else key,
                        "subject": "astronomy"})
    return out[:40]


def _extras(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    vocabulary = sorted({w for r in rows for w in str(r["question"]).split()})
    rng = random.Random(9)
    lines = []
    for i, row in enumerate(rows):
        choices = list(row["choices"])  # type: ignore[call-overload]
        key = choices["ABCD".index(str(row["answer"]))]
        extras = [" ".join(rng.sample(vocabulary, rng.randrange(5, 10))) for _ in range(6)]
        if i == 0:
            extras = [key, choices[1] if choices[1] != key else choices[2], "", *extras]
        if i == 1:
            distractor = next(c for c in choices if c != key)
            extras = [distractor.upper() + "!", *extras]
        if i == 2:
            extras = extras[:5]  # one short
        lines.append({"id": row["id"], "options": extras})
    return lines


async def test_expanding_real_items_to_ten_options(client: httpx.AsyncClient,
                                                   data_dir: Path) -> None:
    rows = _rows(data_dir)
    assert (await client.post("/benchmarks/mmlu/items:import",
                              json={"items": rows})).status_code == 200
    extras = _extras(rows)
    body = "".join(json.dumps(line) + "\n" for line in extras).encode()

    async def expand(new_name: str, seed: int) -> httpx.Response:
        return await client.post("/benchmarks/mmlu/audits/options:expand",
                                 params={"new_name": new_name, "target": 10, "seed": seed},
                                 files={"file": ("extras.jsonl", body)})

    r = await expand("mmlu-10", 3)
    assert r.status_code == 201, r.text
    report = r.json()["validation"]
    assert report["expanded"] == 39 and report["random_baseline"] == 0.1
    assert report["left_out"] == [{"external_id": "a2",
                                   "reason": "1 valid extra option(s) short"}]
    assert report["discarded"] == {"equals the key": 1, "duplicates an option": 2,
                                   "empty": 1}
    assert r.json()["benchmark"]["parent"] == "mmlu"
    # the six synthetic extras close each line: those are the options added
    added = {str(line["id"]): list(line["options"])[-6:]  # type: ignore[call-overload]
             for line in extras}
    shorter = sum(len(o) < len(row["choices"]["ABCD".index(str(row["answer"]))])  # type: ignore[index]
                  for row in rows if row["id"] != "a2" for o in added[str(row["id"])])
    assert report["shorter_than_key"] == shorter
    items = (await client.get("/benchmarks/mmlu-10/items", params={"limit": 100})).json()["items"]
    original = {str(row["id"]): row for row in rows}
    orders = {}
    for item in items:
        row = original[item["external_id"]]
        assert len(item["choices"]) == 10 and len(set(item["choices"])) == 10
        key_text = row["choices"]["ABCD".index(str(row["answer"]))]  # type: ignore[index]
        assert item["choices"]["ABCDEFGHIJ".index(item["answers"][0])] == key_text
        orders[item["external_id"]] = item["choices"]
    r = await expand("mmlu-10-again", 3)
    again = (await client.get("/benchmarks/mmlu-10-again/items",
                              params={"limit": 100})).json()["items"]
    assert {i["external_id"]: i["choices"] for i in again} == orders  # seeded
    r = await expand("mmlu-10-other", 4)
    other = (await client.get("/benchmarks/mmlu-10-other/items",
                              params={"limit": 100})).json()["items"]
    assert {i["external_id"]: i["choices"] for i in other} != orders

    # a model right on the first 24 originals and on the first 12 expanded items
    plain = (await client.get("/benchmarks/mmlu/items", params={"limit": 100})).json()["items"]
    right_a = {it["external_id"]: n < 24 for n, it in enumerate(plain)}
    right_b = {it["external_id"]: n < 12 or n % 7 == 0 for n, it in enumerate(items)}
    for bench, listing, right in (("mmlu", plain, right_a), ("mmlu-10", items, right_b)):
        preds = [{"item_id": it["id"], "answer": it["answers"][0] if right[it["external_id"]]
                  else ("B" if it["answers"][0] == "A" else "A")} for it in listing]
        r = await client.post(f"/benchmarks/{bench}/score", json={"model": "m",
                                                                  "predictions": preds})
        assert r.status_code == 200, r.text
        if bench == "mmlu-10":
            assert r.json()["metrics"]["random_baseline"] == pytest.approx(0.1)
    r = await client.get("/benchmarks/mmlu-10/audits/expansion", params={"model": "m"})
    assert r.status_code == 200, r.text
    got = r.json()
    common = sorted(right_b)
    assert got["n_items"] == 39
    assert got["accuracy_original"] == pytest.approx(sum(right_a[i] for i in common) / 39)
    assert got["accuracy_expanded"] == pytest.approx(sum(right_b[i] for i in common) / 39)
    only_a = sum(right_a[i] and not right_b[i] for i in common)
    only_b = sum(right_b[i] and not right_a[i] for i in common)
    both = sum(right_a[i] and right_b[i] for i in common)
    table = [[both, only_a], [only_b, 39 - both - only_a - only_b]]
    assert got["p_value"] == pytest.approx(mcnemar(table, exact=True).pvalue)
    bad = await client.post("/benchmarks/mmlu/audits/options:expand",
                            params={"new_name": "x", "target": 10},
                            files={"file": ("e.jsonl", b'{"id": "a1", "options": [1]}\n')})
    assert bad.status_code == 422 and "e.jsonl line 1" in bad.json()["detail"]


async def test_distractors_from_a_generator_model(settings: object, data_dir: Path) -> None:
    """A mocked generator endpoint: its prompt carries the question and the key, its JSON
    replies become the extra options, and an unreadable reply leaves its item out."""
    import respx

    from app.audits.distractor_generator import PROMPT_SHA256
    from app.config import Settings
    from app.main import create_app
    from tests.conftest import API_KEY
    from tests.support.fake_openai import completion, reply

    assert isinstance(settings, Settings)
    rows = _rows(data_dir)[:6]
    base = "http://generator.test/v1"
    app = create_app(settings.model_copy(update={"generator_base_url": base,
                                                 "generator_model": "writer"}))
    prompts: list[str] = []

    def write(request: httpx.Request) -> httpx.Response:
        prompt = json.loads(request.content)["messages"][0]["content"]
        prompts.append(prompt)
        if "a5" in prompt or str(rows[5]["question"]) in prompt:
            return reply(completion("Sorry, I cannot help with that."))
        rng = random.Random(len(prompts))
        words = sorted({w for r in rows for w in str(r["question"]).split()})
        return reply(completion(json.dumps([" ".join(rng.sample(words, 7)) for _ in range(8)])))

    async with app.router.lifespan_context(app):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                     base_url="http://test",
                                     headers={"Authorization": f"Bearer {API_KEY}"}) as client:
            assert (await client.post("/benchmarks/mmlu/items:import",
                                      json={"items": rows})).status_code == 200
            with respx.mock(assert_all_called=False) as mock:
                mock.route(host="test").pass_through()
                mock.post(f"{base}/chat/completions").mock(side_effect=write)
                r = await client.post("/benchmarks/mmlu/audits/options:generate",
                                      params={"new_name": "mmlu-gen", "target": 10})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["validation"]["expanded"] == 5
    assert body["validation"]["left_out"] == [{
        "external_id": "a5", "reason": "the generator's reply is not a JSON array of strings"}]
    assert PROMPT_SHA256 in body["benchmark"]["derivation"]["rules"][0]
    assert len(prompts) == 6
    for row in rows:
        key = row["choices"]["ABCD".index(str(row["answer"]))]  # type: ignore[index]
        assert any(str(row["question"]) in p and f"The correct answer is: {key}" in p
                   for p in prompts)
