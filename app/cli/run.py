"""`pocketeval run`: submit an endpoint run, follow it with a progress bar, print results.

Against a running server by default; `--local` runs an embedded server in this process.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from typing import Required, TypedDict

import httpx
from pydantic import JsonValue
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from app.config import Settings
from app.runs import Countdown, Estimate, Observation

POLL_S = 0.5
ACTIVE = ("queued", "running")


class _Interval(TypedDict, total=False):
    low: Required[float]
    high: Required[float]
    method: str


class _PassAtOne(TypedDict):
    per_repeat: list[float]


class _Metrics(TypedDict, total=False):
    """The parts of GET /runs/{id}/results' metrics that the table shows."""

    accuracy: Required[float | None]
    pass_at_1: Required[_PassAtOne | None]
    ci95: _Interval | None
    extra: dict[str, JsonValue] | None
    usage: dict[str, int] | None
    latency: dict[str, float | None] | None
    time_limited: dict[str, float | None] | None
    partial: dict[str, JsonValue] | None


class ResultRow(TypedDict):
    benchmark: str
    metrics: _Metrics


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


def _duration(seconds: float) -> str:
    whole = int(round(seconds))
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def eta_text(estimate: Estimate) -> str:
    if estimate.finishing:
        return "finishing"
    return "" if estimate.seconds is None else f"~{_duration(estimate.seconds)} left"


def observed(progress: Mapping[str, object], at: float) -> Observation:
    """What a run's progress says, on this process's clock: the server gives how long each
    sample in flight has run (none from a server that does not)."""
    done, total = progress["done"], progress["total"]
    assert isinstance(done, int) and isinstance(total, int)
    ages = progress.get("in_flight_s") or []
    assert isinstance(ages, list)
    return Observation(at, done, total - done, tuple(at - float(age) for age in ages))


def ci_text(ci: _Interval | None) -> str:
    """The interval as the table shows it: percent bounds and the method that made them."""
    if not ci:
        return "-"
    method = ci.get("method")
    return f"{_pct(ci['low'])}-{_pct(ci['high'])}" + (f" {method}" if method else "")


def _figures(m: _Metrics) -> list[tuple[str, str]]:
    """A result's figures as (label, text), in the table's order."""
    ci = m.get("ci95")
    extra = m.get("extra") or {}
    headline = {k: extra[k] for k in ("score", "component_score", "hallucination_rate",
                                      "prompt_strict") if k in extra}
    usage, latency = m.get("usage") or {}, m.get("latency") or {}
    timed = m.get("time_limited") or {}
    figures = [
        ("accuracy %", _pct(m["accuracy"])),
        ("95% CI", ci_text(ci)),
        ("pass@1 per repeat", " ".join(_pct(v) for v in (m["pass_at_1"] or {"per_repeat": []})
                                       ["per_repeat"]) or "-"),
        ("60-s score %", _pct(timed.get("accuracy"))),
        ("extra", ", ".join(f"{k} {_pct(v) if isinstance(v, float) else v}"
                            for k, v in headline.items()) or "-"),
        ("tokens in/out", f"{usage.get('prompt_tokens', 0)}/{usage.get('completion_tokens', 0)}"),
        ("latency p50/p95 ms", "/".join("-" if latency.get(k) is None else f"{latency[k]:.0f}"
                                        for k in ("p50_ms", "p95_ms")))]
    if partial := m.get("partial"):  # a failed or cancelled run: what was scored is no score
        scores = {"accuracy %", "95% CI", "pass@1 per repeat", "60-s score %", "extra"}
        figures = [(label, "-" if label in scores else text) for label, text in figures]
        figures[0] = ("accuracy %", f"not a score: {partial['scored']} of "
                                    f"{partial['planned']} scored, {partial['not_run']} not run")
    return figures


def results_table(results: list[ResultRow], width: int) -> Table:
    """A column per figure where the console is wide enough, else a row per figure: never
    a figure cut to fit."""
    rows = [(r["benchmark"], _figures(r["metrics"])) for r in results]
    wide = Table(title="Results")
    labels = [label for label, _ in rows[0][1]] if rows else []
    for label in ("benchmark", *labels):
        wide.add_column(label, no_wrap=label != "extra", overflow="fold")
    for benchmark, figures in rows:
        wide.add_row(benchmark, *(text for _, text in figures))
    if Console(width=10_000).measure(wide).maximum <= width:
        return wide
    tall = Table(title="Results")
    tall.add_column("benchmark", overflow="fold")
    tall.add_column("figure", overflow="fold")
    tall.add_column("value", overflow="fold", min_width=12)
    for benchmark, figures in rows:
        for i, (label, text) in enumerate(figures):
            tall.add_row(benchmark if i == 0 else "", label, text,
                         end_section=i == len(figures) - 1)
    return tall


async def follow(client: httpx.AsyncClient, body: Mapping[str, object], console: Console
                 ) -> int:
    """Submit, show progress until the run ends, print the results; the exit code. The time
    left is this process's own countdown (app.runs.execute.eta) over what each poll says."""
    response = await client.post("/runs", json=body)
    if response.status_code != 202:
        problem = response.json()
        console.print(f"[red]error {response.status_code}:[/red] {problem.get('detail')} "
                      f"({problem.get('field', '')})")
        return 2
    run = response.json()
    columns = (TextColumn("run {task.fields[run_id]}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]}"), TimeElapsedColumn(),
               TextColumn("{task.fields[eta]}"))
    countdown = Countdown()
    with Progress(*columns, console=console) as progress:
        task = progress.add_task("run", total=run["progress"]["total"], run_id=run["id"],
                                 rate="", eta="")
        while True:
            status = (await client.get(f"/runs/{run['id']}")).json()
            rate = status["progress"]["rate_per_s"]
            estimate = countdown.observe(observed(status["progress"], time.monotonic()))
            progress.update(task, completed=status["progress"]["done"],
                            rate="" if rate is None else f"{rate:.1f}/s",
                            eta=eta_text(estimate))
            if status["status"] not in ACTIVE:
                break
            await asyncio.sleep(POLL_S)
    results = (await client.get(f"/runs/{run['id']}/results")).json()
    console.print(results_table(results, console.width))
    console.print(f"run {run['id']}: {status['status']}"
                  + (f" ({status['error']})" if status.get("error") else ""))
    return 0 if status["status"] == "finished" else 1


async def run_remote(server: str, key: str | None, body: Mapping[str, object],
                     console: Console) -> int:
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    async with httpx.AsyncClient(base_url=server, headers=headers, timeout=60) as client:
        return await follow(client, body, console)


async def run_local(settings: Settings, body: Mapping[str, object], console: Console) -> int:
    from app.main import create_app
    from app.migrate import upgrade

    upgrade(settings.resolved_database_url)
    app = create_app(settings)
    keys = settings.all_api_keys()
    headers = {"Authorization": f"Bearer {keys[0]}"} if keys else {}
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://pocketeval.local",
                                     headers=headers, timeout=None) as client:
            return await follow(client, body, console)
