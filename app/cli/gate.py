"""`pocketeval gate`: the CI gate as a command. It asks the running server's GET /gate and
exits with its code (0 non-inferior everywhere, 1 inferior, 2 not decided), writing the
Markdown summary and, on request, a JUnit report."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from app.cli.importing import server_key
from app.config import get_settings

UNREACHED = 3  # the server could not be asked, or refused the question: no verdict


def gate(
    reference: Annotated[str, typer.Option(help="The reference: a run id or a model name "
                                                "(its latest finished run of each benchmark)")],
    build: Annotated[str, typer.Option(help="The build: a run id or a model name")],
    margin: Annotated[float, typer.Option(help="Non-inferiority margin on the accuracy "
                                          "scale, between 0 and 1 (0.02 = 2 points)")],
    benchmarks: Annotated[str | None, typer.Option(help="Comma-separated; default: every "
                                                   "benchmark both scored")] = None,
    summary: Annotated[Path | None, typer.Option(help="Append the Markdown summary here (a "
                                                 "CI job summary file); default: stdout")]
    = None,
    junit: Annotated[Path | None, typer.Option(help="Write a JUnit XML report here")] = None,
    link_base: Annotated[str | None, typer.Option(help="Where readers reach the server, for "
                                                  "the summary's links; default: --server")]
    = None,
    server: Annotated[str | None, typer.Option(help="Default: POCKETEVAL_HOST:PORT")] = None,
    key: Annotated[str | None, typer.Option(envvar="POCKETEVAL_API_KEY",
                                            help="Default: the server's key file")] = None,
) -> None:
    """Is the build no worse than the reference by more than the margin, on every benchmark
    and on the Mobile Intelligence Index? Exit code 0: yes; 1: inferior somewhere; 2: not
    decided (the summary says how many paired items would decide it); 3: no verdict (the
    server could not be reached or refused the question)."""
    import httpx

    from app.results import GateRead, junit_report, markdown

    if not 0 < margin < 1:
        raise typer.BadParameter("between 0 and 1, e.g. 0.02", param_hint="--margin")
    settings = get_settings()
    url = (server or f"http://{settings.host}:{settings.port}").rstrip("/")
    token = key or server_key(settings)
    params = {"reference": reference, "build": build, "margin": str(margin)}
    if benchmarks is not None:
        params["benchmarks"] = benchmarks
    try:
        r = httpx.get(f"{url}/gate", params=params, timeout=600,
                      headers={"Authorization": f"Bearer {token}"} if token else {})
    except httpx.HTTPError as exc:
        typer.echo(f"error: {url} could not be asked: {exc}", err=True)
        raise typer.Exit(UNREACHED) from exc
    if r.status_code != 200:
        detail = r.json().get("detail", r.text) if r.headers.get("content-type", "").endswith(
            "json") else r.text
        typer.echo(f"error: the server answered {r.status_code}: {detail}", err=True)
        raise typer.Exit(UNREACHED)
    result = GateRead.model_validate_json(r.content)
    text = markdown(result, link_base or url)
    if summary is None:
        typer.echo(text, nl=False)
    else:
        with summary.open("a", encoding="utf-8") as out:
            out.write(text)
    if junit is not None:
        junit.write_text(junit_report(result), encoding="utf-8")
    typer.echo(f"gate: {result.outcome}", err=True)
    raise typer.Exit(result.exit_code)
