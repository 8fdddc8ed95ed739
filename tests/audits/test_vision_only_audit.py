"""Vision-only audits: rendered prompts are deterministic per seed and differ across seeds,
the text survives the background (against a plain rendering of the same look), requests
carry only the image, and the modality gap equals a direct count (McNemar's p against
statsmodels)."""

from __future__ import annotations

import base64
import io
import json
from dataclasses import replace

import httpx
import pytest
import respx
from PIL import Image
from statsmodels.stats.contingency_tables import mcnemar

from app.items.rendering import look_for, render, render_prompt
from app.records.run_enums import Stress
from tests.support.factories import mcq_rows, wait_run
from tests.support.fake_openai import completion, reply

pytestmark = pytest.mark.anyio
BASE = "http://127.0.0.1:9/v1"
TEXT = "Answer the following question.\n\nWhich planet is largest?\nA) Mars\nB) Jupiter"


def _pixels(data: str) -> Image.Image:
    return Image.open(io.BytesIO(base64.b64decode(data))).convert("L")


def test_renderings_are_seeded_and_keep_their_text() -> None:
    one, look = render_prompt(TEXT, 1, "q1", 0, [])
    again, _ = render_prompt(TEXT, 1, "q1", 0, [])
    other, other_look = render_prompt(TEXT, 2, "q1", 0, [])
    assert one == again and one != other and look != other_look
    assert render_prompt(TEXT, 1, "q1", 1, [])[1] != look  # each repeat its own look
    tilted, tilted_look = render_prompt(TEXT, 1, "q1", 0, [Stress.TILT])
    assert 3 <= abs(tilted_look.tilt_degrees) <= 8
    assert _pixels(tilted["data"]).size != _pixels(one["data"]).size
    # the text's ink stays ink on a textured, busy background
    base = look_for(5, "q2", 0, [])
    plain = render(TEXT, replace(base, texture="plain")).convert("L")
    busy = render(TEXT, replace(base, texture="noise",
                                stress=[str(Stress.BUSY_BACKGROUND)])).convert("L")
    ink = [xy for xy in ((x, y) for x in range(plain.width) for y in range(plain.height))
           if plain.getpixel(xy) < 100]  # type: ignore[operator]
    assert len(ink) > 200
    kept = sum(1 for xy in ink if busy.getpixel(xy) < 110)  # type: ignore[operator]
    assert kept / len(ink) > 0.97


async def test_a_vision_audit_sends_only_images_and_measures_the_gap(
        client: httpx.AsyncClient) -> None:
    rows = mcq_rows(24)
    assert (await client.post("/benchmarks/mmlu/items:import",
                              json={"items": rows})).status_code == 200
    keys = {str(r["question"]): str(r["answer"]) for r in rows}
    rendered: list[list[dict[str, object]]] = []

    def model(request: httpx.Request) -> httpx.Response:
        messages = json.loads(request.content)["messages"]
        content = messages[-1]["content"]
        if isinstance(content, list):  # a rendered prompt: it cannot read it, says A
            rendered.append(content)
            return reply(completion("Answer: A"))
        question = next(q for q in keys if q in content)
        return reply(completion(f"Answer: {keys[question]}"))

    with respx.mock() as mock:
        mock.post(f"{BASE}/chat/completions").mock(side_effect=model)
        r = await client.post("/runs", json={
            "model": {"name": "vlm", "base_url": BASE}, "benchmarks": ["mmlu"],
            "audit": {"kind": "vision-only", "stress": ["low-resolution"], "seed": 2}})
        assert r.status_code == 202, r.text
        status = await wait_run(client, r.json()["id"])
    assert status["status"] == "finished" and status["progress"]["total"] == 24 * 3
    assert len(rendered) == 48
    assert all(len(c) == 1 and c[0]["type"] == "image_url" for c in rendered)  # type: ignore[index]
    report = (await client.get(f"/runs/{status['id']}/audits/vision-only")).json()
    by = {t["treatment"]: t for t in report["treatments"]}
    at_a = sum(r["answer"] == "A" for r in rows) / 24
    assert by["text"]["accuracy"] == 1.0 and by["vision"]["accuracy"] == at_a
    assert by["vision+low-resolution"]["accuracy"] == at_a
    gap = next(g for g in report["gaps"] if g["treatment"] == "vision")
    assert gap["difference"] == pytest.approx(at_a - 1.0)
    wrong = round(24 * (1 - at_a))
    assert gap["p_value"] == pytest.approx(mcnemar([[24 - wrong, wrong], [0, 0]],
                                                   exact=True).pvalue)
    samples = (await client.get(f"/runs/{status['id']}/samples",
                                params={"limit": 100})).json()["samples"]
    looks = [s["detail"]["rendering"] for s in samples if s["repeat"] == 1]
    assert len(looks) == 24 and len({json.dumps(x, sort_keys=True) for x in looks}) > 1
    r = await client.post("/runs", json={"model": {"name": "g", "path": "m.gguf"},
                                         "benchmarks": ["mmlu"],
                                         "audit": {"kind": "vision-only"}})
    assert r.status_code == 422 and r.json()["field"] == "audit", r.text
