"""The pages in a real headless Chromium (Debian's, driven by Playwright) against a real
`pocketeval serve`: they load without console errors, show the API's numbers, and their
sorting and filters work. Screenshots are kept in the test's temporary folder."""

from __future__ import annotations

import json
import random
import re
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser, Page, Route

from app.records.topology_record import DISTURBED
from pocketeval_verify.cli import verify
from tests.support.factories import mcq_rows, smollm2_folder
from tests.support.processes import (
    HANG_S,
    api_client,
    async_api_client,
    free_port,
    start_fake_model,
    start_pocketeval,
    stop,
    wait_status,
)

pytestmark = [pytest.mark.anyio, pytest.mark.needs("chromium")]
KEY = "pages-key-0123456789"
AUTH = {"Authorization": f"Bearer {KEY}"}
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
async def server(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[str]:
    """A served PocketEval with two models scored on two benchmarks."""
    workdir = tmp_path_factory.mktemp("pages")
    port = free_port()
    models = smollm2_folder(workdir / "models")  # for the loglikelihood sample
    # GGUF runs as a user's are: topology by the host probe (cached in the test's folder)
    proc = start_pocketeval(port, workdir, KEY, {"POCKETEVAL_MODEL_DIRS": str(models),
                                                 "POCKETEVAL_PROBE_DIR": str(workdir / "p")})
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(3)
    try:
        async with async_api_client(base, AUTH) as client:
            for bench in ("quiz", "exam"):
                await client.post("/benchmarks", json={"name": bench, "kind": "mcq"})
                rows = mcq_rows(30, subject="alpha") + mcq_rows(30, subject="beta", prefix="b")
                r = await client.post(f"/benchmarks/{bench}/items:import", json={"items": rows})
                assert r.status_code == 200, r.text
                items = (await client.get(f"/benchmarks/{bench}/items")).json()["items"]
                for model, p in (("small", 0.45), ("large", 0.7)):
                    preds = [{"item_id": it["id"], "answer": it["answers"][0]
                              if rng.random() < p else ("B" if it["answers"][0] == "A" else "A")}
                             for it in items]
                    r = await client.post(f"/benchmarks/{bench}/score",
                                          json={"model": model, "predictions": preds})
                    assert r.status_code == 200, r.text
            # a model scored on part of quiz: its row is not like for like
            quiz = (await client.get("/benchmarks/quiz/items")).json()["items"]
            r = await client.post("/benchmarks/quiz/score", json={
                "model": "partial", "missing": "exclude",
                "predictions": [{"item_id": it["id"], "answer": "A"} for it in quiz[:20]]})
            assert r.status_code == 200, r.text
        yield base
    finally:
        stop(proc)


@pytest.fixture(scope="module")
def api(server: str) -> Iterator[httpx.Client]:
    """The module's one client of the served process, with the key."""
    with api_client(server, AUTH) as client:
        yield client


@pytest.fixture(scope="module")
async def browser() -> AsyncIterator[Browser]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        chromium = await p.chromium.launch(executable_path=shutil.which("chromium"), args=FLAGS)
        yield chromium
        await chromium.close()


async def _page(browser: Browser) -> Page:
    """A new page whose waits (navigation, selectors, functions) only a hang outlasts."""
    page = await browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(HANG_S * 1000)
    return page


async def _open(browser: Browser, url: str, shots: Path, name: str) -> tuple[Page, list[str]]:
    page = await _page(browser)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    await page.goto(url)
    await page.wait_for_selector("body[data-loaded='true']")
    await page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
    return page, errors


def _with_load(load: float, kind: str) -> Callable[[Route], Awaitable[None]]:
    """A route handler that gives the page the API's answer with the host's load set."""
    async def handle(route: Route) -> None:
        response = await route.fetch()
        body = await response.json()
        if kind == "status":  # figures taken with the load (a run's own, where it had none)
            topology = body["runtime"]["topology"]
            topology["probe"] = {**(topology["probe"] or {
                "host": "h", "model": "m", "kind": "loglikelihood", "seconds": 1.0,
                "figures": []}), "other_load": load, "disturbed": load >= DISTURBED}
        else:
            for result in body:  # and a generation's figures, which this run has not
                result["metrics"]["latency"].update(
                    host_other_load=load, host_busy=load >= DISTURBED, ttft_p50_ms=812.4,
                    ttft_p90_ms=2399.6, ttft_p95_ms=5000.0, decode_tokens_per_s_sequence=31.2,
                    decode_tokens_per_s_aggregate=97.0)
        await route.fulfill(response=response, json=body)
    return handle


def _ended(status: dict[str, object]) -> bool:
    return status["status"] not in ("queued", "running")


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(ci: dict[str, Any]) -> str:
    return f"[{_pct(ci['low'])}, {_pct(ci['high'])}] {ci['method']}"


async def test_leaderboard_page(
        server: str, api: httpx.Client, browser: Browser, tmp_path: Path) -> None:
    board = api.get("/leaderboard", params={"benchmarks": "quiz,exam", "sort": "quiz"}).json()
    page, errors = await _open(browser, f"{server}/ui/?benchmarks=quiz,exam&sort=quiz",
                               tmp_path, "leaderboard")
    for row in board["rows"]:
        shown = await page.inner_text(
            f"tr[data-model='{row['model']['name']}'] td[data-bench='quiz']")
        assert shown.splitlines()[0] == _pct(row["cells"]["quiz"]["value"])
        # the run's own interval, by its method, as its run page shows it
        assert shown.splitlines()[1].startswith(_interval(row["cells"]["quiz"]["ci95"]))
    names = [await c.inner_text() for c in await page.query_selector_all(
        "tbody td[data-field='model'] strong")]
    assert names == [r["model"]["name"] for r in board["rows"]]
    await page.click("th[data-sort='quiz']")  # flips the order
    await page.wait_for_function(
        "document.querySelector('th.sorted.asc') !== null")
    # the rows as the API orders them ascending, whatever other tests of this server added
    # (rows without a value, and ties, keep their places: the flip is not a reversal)
    ascending = [r["model"]["name"] for r in api.get("/leaderboard", params={
        "benchmarks": "quiz,exam", "sort": "quiz", "order": "asc"}).json()["rows"]]
    assert sorted(ascending) == sorted(names) and ascending != names
    await page.wait_for_function(
        f"JSON.stringify([...document.querySelectorAll('tbody tr')].map(r => r.dataset.model))"
        f" === '{json.dumps(ascending, separators=(',', ':'))}'")
    assert await page.query_selector("#chart .main-svg") is not None
    assert errors == []


async def test_the_first_view_shows_what_was_measured(
        server: str, api: httpx.Client, browser: Browser, tmp_path: Path) -> None:
    """By default the board asks for the mobile device set, which has no runs here: it says
    so and links the benchmarks that have runs; asked for those, with no index anywhere, it
    sorts by a column that has values and marks the column scored on uneven item counts."""
    page, errors = await _open(browser, f"{server}/ui/", tmp_path, "leaderboard-first")
    assert await page.is_visible("#empty")
    links = [await a.inner_text() for a in await page.query_selector_all("#empty a")]
    # whatever other tests of this server ran before: the benchmarks with finished runs
    first = api.get("/leaderboard").json()
    assert first["rows"] == [] and {"exam", "quiz"} <= set(links)
    assert links == [b for b in first["measured"] if b not in first["benchmarks"]]
    assert not await page.is_visible("#chart")
    page, more = await _open(browser, f"{server}/ui/?benchmarks=quiz,exam", tmp_path,
                             "leaderboard-fallback")
    assert await page.get_attribute("th.sorted", "data-sort") == "quiz"
    board = api.get("/leaderboard", params={"benchmarks": "quiz,exam", "sort": "quiz"}).json()
    assert board["uneven"] == ["quiz"]
    assert await page.is_visible("#uneven")
    uneven = await page.query_selector_all("td.uneven[data-bench='quiz']")
    assert len(uneven) == len([r for r in board["rows"] if "quiz" in r["cells"]])
    names = [await c.inner_text() for c in await page.query_selector_all(
        "tbody td[data-field='model'] strong")]
    assert names == [r["model"]["name"] for r in board["rows"]]
    assert errors == [] and more == []


async def test_a_failed_run_shows_why_and_subjects_show_intervals_and_chance(
        server: str, api: httpx.Client, browser: Browser, tmp_path: Path) -> None:
    # an "endpoint" that answers 404 to every request: the run fails, naming why
    r = api.post("/runs", json={
        "model": {"name": "nowhere", "base_url": f"{server}/no-such-api/v1"},
        "benchmarks": ["quiz"], "limit": 2, "repeats": 1})
    assert r.status_code == 202, r.text
    status = wait_status(api, r.json()["id"], lambda s: s["status"] not in ("queued", "running"))
    assert status["status"] == "failed" and status["error"]
    page, errors = await _open(browser, f"{server}/ui/runs/{status['id']}", tmp_path,
                               "failed-run")
    assert await page.inner_text("#failure") == f"The run failed: {status['error']}"
    # no headline score over samples that never ran: what was scored, as partial
    (failed,) = api.get(f"/runs/{status['id']}/results").json()
    partial = failed["metrics"]["partial"]
    assert partial["planned"] == 2 and partial["scored"] == 0 and partial["not_run"] == 2
    assert failed["metrics"]["accuracy"] is None and failed["metrics"]["ci95"] is None
    assert await page.query_selector(".accuracy") is None
    note = await page.inner_text("p.partial[data-bench='quiz']")
    assert note.startswith("Not a score · 0 of 2 samples scored"), note
    run = api.get("/runs", params={"model": "large"}).json()["runs"][0]
    page, more = await _open(browser, f"{server}/ui/runs/{run['id']}", tmp_path, "subjects")
    (result,) = api.get(f"/runs/{run['id']}/results").json()
    bench = result["benchmark"]
    bars = await page.query_selector_all(f"#chart-{bench} .errorbar")
    assert len(bars) == len(result["metrics"]["subjects"])  # one interval per subject
    assert await page.query_selector(f"#chart-{bench} .shapelayer path") is not None  # chance
    assert "chance" in await page.inner_text(f"#chart-{bench}")
    # each subject's count is in its axis label, clear of every bar's interval
    labels = await page.query_selector_all(f"#chart-{bench} .ytick text")
    texts = {await t.text_content() for t in labels}
    assert texts == {f"{s['subject']} · {s['correct']}/{s['n_items']}"
                     for s in result["metrics"]["subjects"]}, texts
    boxes = [b for b in [await e.bounding_box() for e in labels + bars] if b is not None]
    label_boxes, bar_boxes = boxes[:len(labels)], boxes[len(labels):]
    assert len(bar_boxes) == len(bars)
    for label in label_boxes:
        for bar in bar_boxes:
            assert label["x"] + label["width"] <= bar["x"] or \
                bar["x"] + bar["width"] <= label["x"] or \
                label["y"] + label["height"] <= bar["y"] or \
                bar["y"] + bar["height"] <= label["y"], (label, bar)
    assert errors == [] and more == []


async def test_run_page_and_sample_filter(
        server: str, api: httpx.Client, browser: Browser, tmp_path: Path) -> None:
    run = api.get("/runs", params={"model": "small"}).json()["runs"][0]
    (result,) = api.get(f"/runs/{run['id']}/results").json()
    page, errors = await _open(browser, f"{server}/ui/runs/{run['id']}", tmp_path, "run")
    shown = await page.inner_text(
        f"p[data-bench='{result['benchmark']}'] .accuracy")
    assert shown == _pct(result["metrics"]["accuracy"])
    assert await page.inner_text(f"p[data-bench='{result['benchmark']}'] .ci") == \
        _interval(result["metrics"]["ci95"])
    pin = api.get(f"/runs/{run['id']}").json()["plan"]["methodology"]
    assert pin["name"] == "artificial-analysis"
    assert await page.inner_text("#methodology .methodology") == \
        f"{pin['name']}@{pin['version']}"
    await page.select_option("#filter", "wrong")
    wrong = api.get(f"/runs/{run['id']}/samples",
                    params={"verdict": "wrong", "limit": 100}).json()["samples"]
    await page.wait_for_function(
        f"document.querySelectorAll('#samples tbody tr').length === {len(wrong)}")
    verdicts = {await c.inner_text() for c in await page.query_selector_all(
        "#samples tbody td:nth-child(3)")}
    assert verdicts == {"wrong"}
    await page.click("#samples tbody tr")
    assert await page.inner_text("#t-verdict") == "wrong"
    first = wrong[0]
    item = api.get(f"/items/{first['item_id']}").json()
    await page.wait_for_function("document.querySelector('#t-key').textContent !== ''")
    assert await page.inner_text("#t-key") == " or ".join(item["answers"])
    await page.screenshot(path=str(tmp_path / "run-sample.png"), full_page=True)
    # the run's signed bundle, downloaded from its link, and the key that signed it
    signing = api.get("/signing-key").json()
    assert await page.inner_text("#bundle-key") == signing["fingerprint"]
    async with page.expect_download() as downloading:
        await page.click("#bundle-link")
    saved = tmp_path / "bundle.zip"
    await (await downloading.value).save_as(saved)
    report, unjudged = verify(saved, signing["public_key_pem"].encode())
    assert report.ok and not unjudged, [str(m) for m in report.mismatches]
    assert errors == []


@pytest.mark.needs("llama_cpp")
async def test_a_loglikelihood_sample_shows_its_options(
        server: str, api: httpx.Client, browser: Browser, tmp_path: Path) -> None:
    """SmolLM2 scores two zero-shot items by loglikelihood: the sample browser lists each
    option with its log-probability, the chosen one and the key, and no empty raw output."""
    rows = [{"id": f"m{i}", "question": f"Which is a fruit {i}?", "subject": "food",
             "choices": ["stone", "apple", "chair", "cloud"], "answer": "B"} for i in range(2)]
    r = api.post("/benchmarks/mobile-mmlu/items:import", json={"items": rows})
    assert r.status_code == 200, r.text
    r = api.post("/runs", json={
        "model": {"name": "smollm2", "path": "smollm2.gguf"}, "benchmarks": ["mobile-mmlu"]})
    assert r.status_code == 202, r.text
    status = wait_status(api, r.json()["id"], lambda s: s["status"] not in ("queued", "running"))
    assert status["status"] == "finished", status
    sample = api.get(f"/runs/{status['id']}/samples").json()["samples"][0]
    page, errors = await _open(browser, f"{server}/ui/runs/{status['id']}", tmp_path,
                               "loglikelihood-sample")
    await page.click("#samples tbody tr")
    await page.wait_for_selector("#t-options tbody tr")
    cells = [[await c.inner_text() for c in await row.query_selector_all("td")]
             for row in await page.query_selector_all("#t-options tbody tr")]
    logprobs = sample["detail"]["logprobs"]
    assert [c[0] for c in cells] == list("ABCD")
    assert [c[1] for c in cells] == rows[0]["choices"]
    assert [float(c[2]) for c in cells] == pytest.approx(logprobs, abs=1e-4)
    best = logprobs.index(max(logprobs))
    assert "chosen" in cells[best][3] and "key" in cells[1][3]
    assert await page.is_hidden("#t-output")
    assert await page.inner_text("#t-key") == "B"
    await page.screenshot(path=str(tmp_path / "loglikelihood-sample-open.png"), full_page=True)
    topology = api.get(f"/runs/{status['id']}").json()["runtime"]["topology"]
    # no probe of this model yet: the run measures the candidates on its own items, and two
    # items are too few to measure them all, so it keeps the one it started with
    assert topology["chosen_by"] == "run" and topology["sequences"] == 1
    assert topology["probe"] is None
    shown = await page.inner_text("#topology")
    assert shown.startswith(f"Ran on {topology['workers']} worker(s) × "
                            f"{topology['threads']} threads × 1 sequence(s), chosen by "
                            "measuring the candidates on the run's first items"), shown
    # speed and memory where people look: the results' figures, on the page
    (result,) = api.get(f"/runs/{status['id']}/results").json()
    latency, memory = result["metrics"]["latency"], result["metrics"]["memory"]
    speed = await page.inner_text("p.speed[data-bench='mobile-mmlu']")
    assert f"prefill {latency['prefill_tokens_per_s']:.1f} tok/s" in speed, speed
    assert latency["ttft_p50_ms"] is None  # loglikelihood: nothing is generated
    assert "time to first token" not in speed and "decode" not in speed, speed
    assert f"peak memory {memory['peak_rss_bytes'] / 1024 ** 3:.2f} GiB measured with " \
        f"{memory['sequences']} sequence(s); the phone's figure " \
        f"{memory['estimate_bytes'] / 1024 ** 3:.2f} GiB (one sequence, 8K context)" in speed
    # the host's load during the run, in the results and on the page when it was high
    other = latency["host_other_load"]
    assert other is not None and 0 <= other <= 1
    assert latency["host_busy"] == (other >= DISTURBED)
    assert ("speeds are not this host's best" in speed) == latency["host_busy"], speed
    # both ways, whatever this host's load was: the same page given a busy and a quiet run
    for load in (0.67, 0.05):
        busy = load >= DISTURBED
        view = await _page(browser)
        own = re.escape(f"{server}/runs/{status['id']}")  # the API's, not the page's URL
        await view.route(re.compile(own + "$"), _with_load(load, "status"))
        await view.route(re.compile(own + "/results$"), _with_load(load, "results"))
        await view.goto(f"{server}/ui/runs/{status['id']}")
        await view.wait_for_selector("body[data-loaded='true']")
        shown = await view.inner_text("#topology")
        speed = await view.inner_text("p.speed[data-bench='mobile-mmlu']")
        held = f"while other work held {load * 100:.0f}% of the CPUs"
        assert ("taken while other work held" in shown) == busy, shown
        assert ("speeds are not this host's best" in speed) == busy, speed
        if busy:
            assert f"taken {held}" in shown and f"measured {held}: speeds" in speed
        assert "decode 31.2 tok/s a sequence (97.0 tok/s all sequences)" in speed, speed
        assert "time to first token 812 ms median, 2400 ms p90" in speed, speed
        await view.close()
    # the leaderboard: the phone's figure, the measured peak and its sequences beside it
    board = api.get("/leaderboard", params={"benchmarks": "mobile-mmlu"}).json()
    (row,) = [r for r in board["rows"] if r["model"]["name"] == "smollm2"]
    assert row["memory_total_bytes"] == memory["estimate_bytes"]
    assert row["measured_peak_bytes"] == memory["peak_rss_bytes"]
    assert row["measured_sequences"] == memory["sequences"] == 1
    board_page, more = await _open(browser, f"{server}/ui/?benchmarks=mobile-mmlu", tmp_path,
                                   "leaderboard-memory")
    cell = await board_page.inner_text("tr[data-model='smollm2'] td[data-field='memory']")
    assert cell.split("\n") == [f"{memory['estimate_bytes'] / 1024 ** 3:.2f} GiB",
                                 f"peak {memory['peak_rss_bytes'] / 1024 ** 3:.2f} GiB "
                                 "measured · 1 seq"], cell
    assert errors == [] and more == []


async def test_compare_page(
        server: str, api: httpx.Client, browser: Browser, tmp_path: Path) -> None:
    cmp = api.get("/compare", params={"a": "small", "b": "large"}).json()
    page, errors = await _open(browser, f"{server}/ui/compare?a=small&b=large", tmp_path,
                               "compare")
    for c in cmp["benchmarks"]:
        row = f"tr[data-bench='{c['benchmark']}']"
        assert await page.inner_text(f"{row} td[data-field='a']") == _pct(c["accuracy_a"])
        diff = await page.inner_text(f"{row} td[data-field='difference']")
        assert diff.removeprefix("+") == f"{100 * c['difference']:.1f} pt"
    for chart in ("chart-diffs", "chart-subjects"):
        assert await page.query_selector(f"#{chart} .main-svg") is not None
    for side, model in (("a", "small"), ("b", "large")):  # posted predictions: no data
        card = api.get(f"/models/{model}/scorecard").json()
        assert card["score"] is None
        shown = await page.inner_text(f"tr[data-component='score'] td[data-side='{side}']")
        assert shown == "–"
    assert errors == []


@pytest.mark.parametrize("reference", ["a", "b"])
async def test_compare_page_says_the_ship_decision(
        server: str, api: httpx.Client, browser: Browser, tmp_path: Path, reference: str) -> None:
    """With a margin, the page states each benchmark's verdict in words, as the API decides
    it, with the retention and the items lost and gained; without one it states none."""
    params = {"a": "small", "b": "large", "margin": "0.05", "reference": reference}
    cmp = api.get("/compare", params=params).json()
    query = "&".join(f"{k}={v}" for k, v in params.items())
    page, errors = await _open(browser, f"{server}/ui/compare?{query}", tmp_path,
                               f"compare-margin-{reference}")
    assert await page.input_value("#margin") == "0.05"
    names = {"a": "small", "b": "large"}
    build, ref = names["b" if reference == "a" else "a"], names[reference]
    for c in cmp["benchmarks"]:
        n = c["non_inferiority"]
        item = f"#verdicts li[data-bench='{c['benchmark']}']"
        assert await page.get_attribute(item, "data-verdict") == n["verdict"]
        text = await page.inner_text(item)
        expected = {
            "non-inferior": f"{build} is non-inferior to {ref} on {c['benchmark']} within "
                            "5.0 points",
            "inferior": f"{build} is inferior to {ref} on {c['benchmark']}: worse by more "
                        "than 5.0 points",
            "inconclusive": f"Not decided on {c['benchmark']}"}[n["verdict"]]
        assert text.startswith(expected), text
        assert f"retention {n['retention']:.2f}" in text
        difference = "B − A" if reference == "a" else "A − B"  # the build's less the reference's
        side = {"non-inferior": "lower", "inferior": "upper"}.get(n["verdict"], "lower")
        assert f"{side} bound of {difference} {100 * n[f'{side}_bound']:+.1f} pt" in text, text
        assert f"p against the margin {n['p_value']:.3f}" in text or n["p_value"] < 0.001
        assert f"{len(n['lost'])} item(s) lost" in text and f"{len(n['gained'])} gained" in text
        shown = await page.query_selector_all(f"{item} span.item.lost")
        assert [int(await s.get_attribute("data-item") or 0) for s in shown] == n["lost"][:20]
    # a lost item opens its two samples: right in the reference's run, wrong in the build's
    first = next(c for c in cmp["benchmarks"] if c["non_inferiority"]["lost"])
    lost = first["non_inferiority"]["lost"][0]
    external = api.get(f"/items/{lost}").json()["external_id"]
    build_side = "b" if reference == "a" else "a"
    for side, verdict in ((reference, "correct"), (build_side, "wrong")):
        link = f"#verdicts li[data-bench='{first['benchmark']}'] span[data-item='{lost}'] " \
               f"a.item-{side}"
        async with page.expect_navigation():
            await page.click(link)
        await page.wait_for_selector("body[data-loaded='true']")
        assert page.url.endswith(f"/ui/runs/{cmp[side]['runs'][first['benchmark']]}"
                                 f"?item={lost}"), page.url
        assert await page.is_visible("#transcript")
        assert (await page.inner_text("#transcript-title")).startswith(f"{external} ")
        assert await page.inner_text("#t-verdict") == verdict
        await page.go_back()
        await page.wait_for_selector("body[data-loaded='true']")
    assert cmp["benchmarks"]  # quiz and exam
    plain, more = await _open(browser, f"{server}/ui/compare?a=small&b=large", tmp_path,
                              "compare-no-margin")
    assert await plain.is_hidden("#verdicts")
    assert errors == [] and more == []


def _ship_case(body: dict[str, Any]) -> dict[str, Any]:
    """The comparison as the page gets it, with three benchmarks 2.5, 1.5 and 0.5 points
    down against a margin of 0.5: inferior (upper bound -0.6), not decided beyond the
    benchmark's 14,042 items, and not decided within them."""
    quiz = next(c for c in body["benchmarks"] if c["benchmark"] == "quiz")
    rows = []
    for name, diff, low, high, verdict, p_margin, needed in (
            ("exam", -0.025, -0.028, -0.006, "inferior", 0.97, None),
            ("quiz", -0.015, -0.021, -0.002, "inconclusive", 0.295, 378_592),
            ("third", -0.005, -0.009, -0.001, "inconclusive", 0.5, 2_000)):
        ni = {**quiz["non_inferiority"], "margin": 0.005, "verdict": verdict,
              "lower_bound": low, "upper_bound": high, "p_value": p_margin, "holm_p": p_margin,
              "deciding_bound": "upper" if verdict == "inferior" else None,
              "items_needed": needed, "benchmark_items": 14_042,
              "needed_exceeds_benchmark": needed is not None and needed > 14_042,
              "lost": [], "gained": []}
        rows.append({**quiz, "benchmark": name, "difference": diff, "p_value": 0.002,
                     "ci95": {"low": low, "high": high, "method": "newcombe"},
                     "subjects": [], "non_inferiority": ni})
    return {**body, "benchmarks": rows}


async def test_compare_page_shows_the_deciding_bound_and_the_margin(
        server: str, browser: Browser, tmp_path: Path) -> None:
    """The verdicts name the bound that decides them and the p against the margin beside
    McNemar's p; a verdict the benchmark cannot decide says so with its item count; the
    difference chart's ticks read their own values (no two alike) and the margin is a
    labelled line at -0.5 points."""
    page = await _page(browser)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    async def handle(route: Route) -> None:
        response = await route.fetch()
        await route.fulfill(response=response, json=_ship_case(await response.json()))

    await page.route(lambda url: "/compare?" in url and "/ui/" not in url, handle)
    await page.goto(f"{server}/ui/compare?a=small&b=large&margin=0.005")
    await page.wait_for_selector("body[data-loaded='true']")
    await page.screenshot(path=str(tmp_path / "compare-ship.png"), full_page=True)
    exam = await page.inner_text("#verdicts li[data-bench='exam']")
    assert await page.get_attribute("#verdicts li[data-bench='exam']",
                                    "data-deciding") == "upper"
    assert "upper bound of B − A -0.6 pt below -0.5 pt" in exam, exam
    assert "lower bound" not in exam and "-2.8" not in exam
    quiz = await page.inner_text("#verdicts li[data-bench='quiz']")
    assert quiz.startswith("Not decided on quiz: cannot be decided on this benchmark's 14,042 "
                           "items at the observed difference"), quiz
    assert "378,592" not in quiz and "378592" not in quiz
    assert "lower bound of B − A -2.1 pt not above -0.5 pt: non-inferiority not shown" in quiz
    assert "upper bound -0.2 pt not below -0.5 pt: inferiority not shown" in quiz
    assert "p against the margin 0.295 (one-sided: the test that decides)" in quiz
    assert "p of no difference 0.002 (McNemar: not the ship test)" in quiz
    third = await page.inner_text("#verdicts li[data-bench='third']")
    assert "about 2,000 paired items would decide it" in third, third
    assert await page.inner_text("tr[data-bench='quiz'] td[data-field='p-margin']") == "0.295"
    assert await page.inner_text("tr[data-bench='quiz'] td[data-field='p']") == "0.002"
    assert "no difference" in await page.inner_text("#diffs thead")

    ticks = await page.evaluate("""() => [...document.querySelectorAll(
        '#chart-diffs .xtick text')].map((t) => [t.textContent, t.__data__.x])""")
    labels = [text for text, _ in ticks]
    assert len(ticks) >= 4 and len(set(labels)) == len(labels), labels
    for text, x in ticks:  # each label reads its tick's own value, in points
        assert float(text.replace("\u2212", "-").removesuffix(" pt")) == pytest.approx(x), ticks
    assert {-2.5, -1.5, -0.5} <= {x for _, x in ticks}, ticks
    line = await page.evaluate("""() => {
        const gd = document.getElementById('chart-diffs');
        const path = gd.querySelector('.shapelayer path');
        const xa = gd._fullLayout.xaxis;
        return { d: path && path.getAttribute('d'), at: xa._offset + xa.l2p(-0.5),
                 label: [...gd.querySelectorAll('.annotation-text')].map((a) => a.textContent) };
    }""")
    assert line["d"] is not None, line
    drawn = re.match(r"M\s*([-\d.]+)", line["d"])
    assert drawn is not None and float(drawn.group(1)) == pytest.approx(line["at"], abs=1.0), line
    assert any(text.startswith("margin −0.5 pt") for text in line["label"]), line
    assert errors == []


async def test_run_page_shows_audit_reports(
        server: str, api: httpx.Client, browser: Browser, tmp_path: Path) -> None:
    port = free_port()
    model = start_fake_model(port, tmp_path / "model.log")
    try:
        ids = []
        for audit in ({"kind": "option-order", "permutations": 1},
                      {"kind": "no-shortcut", "tries": 3},
                      {"kind": "vision-only", "stress": ["tilt"]}):
            r = api.post("/runs", json={
                "model": {"name": "auditor", "base_url": f"http://127.0.0.1:{port}/v1"},
                "benchmarks": ["quiz"], "limit": 8, "audit": audit})
            assert r.status_code == 202, r.text
            ids.append(r.json()["id"])
        for run_id in ids:
            wait_status(api, run_id, lambda s: s["status"] == "finished")
        order = api.get(f"/runs/{ids[0]}/audits/option-order").json()
        shortcut = api.get(f"/runs/{ids[1]}/audits/no-shortcut").json()
        vision = api.get(f"/runs/{ids[2]}/audits/vision-only").json()
    finally:
        stop(model)
    page, errors = await _open(browser, f"{server}/ui/runs/{ids[0]}", tmp_path, "order-audit")
    assert len(order["arrangements"]) == 6  # original, key at A-D, one permutation
    for a in order["arrangements"]:
        cell = f"tr[data-arrangement='{a['arrangement']}'] td:nth-child(2)"
        assert await page.inner_text(cell) == _pct(a["accuracy"])
    assert await page.inner_text(".verdict strong") == (
        "order-sensitive" if order["order_sensitive"] else "not order-sensitive")
    assert await page.query_selector("#audit-order-quiz .main-svg") is not None
    page, more = await _open(browser, f"{server}/ui/runs/{ids[1]}", tmp_path,
                             "shortcut-audit")
    for v in shortcut["variants"]:
        cell = f"tr[data-variant='{v['variant']}'] td:nth-child(3)"
        assert await page.inner_text(cell) == _pct(v["overall"]["flag_rate"])
    rows = await page.query_selector_all("table.audit-flagged tbody tr")
    assert len(rows) == len(shortcut["flagged"])
    assert await page.inner_text(".flagged") == f"{shortcut['n_flagged_items']} items flagged"
    assert await page.query_selector("#audit-shortcut-quiz .main-svg") is not None
    page, last = await _open(browser, f"{server}/ui/runs/{ids[2]}", tmp_path, "vision-audit")
    for t in vision["treatments"]:
        cell = f"tr[data-treatment='{t['treatment']}'] td:nth-child(3)"
        assert await page.inner_text(cell) == _pct(t["accuracy"])
    assert await page.query_selector("#audit-vision-quiz .main-svg") is not None
    # the compare page shows each model's scorecard, from its runs and audits
    card = api.get("/models/auditor/scorecard").json()
    page, compared = await _open(browser, f"{server}/ui/compare?a=auditor&b=small", tmp_path,
                                 "scorecards")
    for component in card["components"]:
        shown = await page.inner_text(
            f"tr[data-component='{component['name']}'] td[data-side='a']")
        assert shown == ("–" if component["value"] is None else f"{component['value']:.3f}")
    assert card["components"][0]["value"] is not None  # modality fusion, from the audit
    assert errors == [] and more == [] and last == []
    # the audits' runs share too few items with small's for a paired comparison: the page
    # shows the API's refusal, and the browser's log of that 409 is the only error
    refusal = api.get("/compare", params={"a": "auditor", "b": "small"})
    assert refusal.status_code == 409, refusal.text
    assert refusal.json()["detail"] in await page.inner_text("#error")
    assert compared == ["Failed to load resource: the server responded with a status "
                        "of 409 (Conflict)"]


async def test_compare_by_run_ids_names_the_models(
        server: str, api: httpx.Client, browser: Browser, tmp_path: Path) -> None:
    runs = {name: api.get("/runs", params={"model": name}).json()["runs"]
            for name in ("small", "large")}
    quiz = {m: next(r["id"] for r in rs if r["benchmark"] == "quiz") for m, rs in runs.items()}
    page, errors = await _open(browser, f"{server}/ui/compare?a={quiz['small']}"
                               f"&b={quiz['large']}", tmp_path, "compare-run-ids")
    assert await page.inner_text("#sides") == (f"A: small (run {quiz['small']}) · "
                                                f"B: large (run {quiz['large']})")
    assert [await page.inner_text(h) for h in ("#head-a", "#head-b")] == ["small", "large"]
    explained = await page.inner_text("#scorecards tbody")
    assert "compare by model name" in explained
    assert errors == []


async def test_the_api_docs_render_without_internet(
        server: str, api: httpx.Client, browser: Browser, tmp_path: Path) -> None:
    """Swagger UI comes from the server itself: every request the page makes stays on it,
    and the operations of openapi.json are listed."""
    page = await _page(browser)
    elsewhere: list[str] = []
    page.on("request", lambda r: elsewhere.append(r.url) if not r.url.startswith(server)
            and not r.url.startswith("data:") else None)
    await page.goto(f"{server}/docs")
    await page.wait_for_selector(".swagger-ui .info .title")
    assert (await page.inner_text(".swagger-ui .info .title")).startswith("PocketEval")
    await page.wait_for_selector("#operations-runs-create_run, .opblock")
    await page.screenshot(path=str(tmp_path / "docs.png"), full_page=False)
    assert elsewhere == []
    html = api.get("/docs").text
    assert "cdn." not in html and "/docs/assets/swagger-ui-bundle.js" in html


async def test_a_reference_run_page_says_why_it_stopped(
        server: str, api: httpx.Client, browser: Browser, tmp_path: Path) -> None:
    """A run against a reference: the page states the verdict, the look it came at and the
    boundary it met, as the runtime record has them, and plots z against the boundaries."""
    port = free_port()
    model = start_fake_model(port, tmp_path / "model.log")
    endpoint = {"name": "fake", "base_url": f"http://127.0.0.1:{port}/v1"}
    try:
        r = api.post("/runs", json={"model": endpoint, "benchmarks": ["quiz"], "repeats": 1})
        assert r.status_code == 202, r.text
        reference = r.json()["id"]
        ended = wait_status(api, reference, _ended)
        assert ended["status"] == "finished", ended
        r = api.post("/runs", json={
            "model": endpoint, "benchmarks": ["quiz"], "repeats": 1, "concurrency": 1,
            "reference_run": reference,
            "stop_when": {"decided": {"margin": 0.2, "looks": 5}}})
        assert r.status_code == 202, r.text
        run = wait_status(api, r.json()["id"], _ended)
        assert run["status"] == "finished", run
    finally:
        stop(model)
    sequential = run["runtime"]["sequential"]
    looks, last = sequential["looks"], sequential["looks"][-1]
    assert sequential["verdict"] is not None and last["items"] == sequential["items_used"]
    page, errors = await _open(browser, f"{server}/ui/runs/{run['id']}", tmp_path,
                               "reference-run")
    verdict = await page.inner_text("#sequential p.verdict")
    assert await page.get_attribute("#sequential p.verdict", "data-verdict") == \
        sequential["verdict"]
    stopped = run["runtime"]["early_stop"] is not None
    assert verdict.startswith("Stopped early: " if stopped else "Ran every item: "), verdict
    words = {"non-inferior": f"non-inferior to run {reference} within 20.0 points",
             "inferior": f"inferior to run {reference} by more than 20.0 points",
             "inconclusive": f"not decided against run {reference}"}[sequential["verdict"]]
    assert words in verdict, verdict
    assert f"at look {len(looks)} ({last['items']} of {sequential['items_planned']} paired " \
           f"items): z {last['z']:.2f} against the boundary ±{last['critical']:.2f}" in verdict
    # the chart: z at each look between the two boundaries
    traces = await page.evaluate("document.getElementById('sequential-chart').data"
                                 ".map((t) => t.y)")
    assert traces[0] == pytest.approx([look["critical"] for look in looks])
    assert traces[2] == pytest.approx([look["z"] for look in looks])
    assert errors == []
