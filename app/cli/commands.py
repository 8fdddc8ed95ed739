"""Command line: `pocketeval serve | migrate | import | data pull | run | gate | prepare |
doctor | build-llama-server | probe | export-openapi | docs-tables` (`nltk-data`: prepare's former
name)."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer

from app.cli.bundle import bundle, verify
from app.cli.data import data_cli
from app.cli.gate import gate
from app.cli.generated import docs_tables, export_openapi
from app.cli.importing import database_url, import_into, import_through, server_key, shown
from app.cli.llama import build_llama_server
from app.cli.probe import probe
from app.config import Settings, get_settings

cli = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="PocketEval: evaluate phone-sized language models.")
cli.add_typer(data_cli, name="data")

DATA_SUFFIXES = {".csv", ".jsonl", ".ndjson", ".json", ".parquet"}


def ensure_api_key(settings: Settings) -> Settings:
    """With no key configured, create one in <var_dir>/api-key (0600) so writes are possible."""
    if settings.api_key_table():
        return settings
    path = settings.api_key_file or settings.var_dir / "api-key"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or not path.read_text(encoding="utf-8").strip():
        path.write_text(secrets.token_urlsafe(32) + "\n", encoding="utf-8")
        path.chmod(0o600)
        typer.echo(f"created an API key in {path}", err=True)
    return settings.model_copy(update={"api_key_file": path})


@cli.command()
def migrate() -> None:
    """Apply database migrations (alembic upgrade head)."""
    from app.migrate import upgrade

    upgrade(get_settings().resolved_database_url)


@cli.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Default: POCKETEVAL_HOST")] = None,
    port: Annotated[int | None, typer.Option(help="Default: POCKETEVAL_PORT")] = None,
    workers: Annotated[int | None, typer.Option(
        min=1, max=64, help="Server processes sharing the port and the database "
        "(default: POCKETEVAL_WORKERS, 1)")] = None,
) -> None:
    """Migrate, seed the catalog and serve the API with uvicorn."""
    from app.serving import serve_api

    settings = ensure_api_key(get_settings())
    processes = workers or settings.workers
    key_hint = settings.api_key_file or "POCKETEVAL_API_KEYS"
    typer.echo(f"PocketEval on http://{host or settings.host}:{port or settings.port} "
               f"(API key: {key_hint}; {processes} process(es))", err=True)
    serve_api(settings, host or settings.host, port or settings.port, processes)


def _collect(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*")
                                if p.is_file() and p.suffix.lower() in DATA_SUFFIXES))
        elif path.is_file():
            files.append(path)
        else:
            raise typer.BadParameter(f"{path} does not exist")
    return files


@cli.command("import")
def import_(
    benchmark: Annotated[str, typer.Argument(help="Benchmark name (GET /benchmarks lists them)")],
    paths: Annotated[list[Path], typer.Argument(help="Files or folders (searched recursively)")],
    layout: Annotated[str | None, typer.Option(help="Default: from the extension")] = None,
    on_conflict: Annotated[str, typer.Option(help="reject or replace")] = "reject",
    split: Annotated[str | None, typer.Option()] = None,
    subject: Annotated[str | None, typer.Option()] = None,
    encoding: Annotated[str, typer.Option()] = "utf-8",
    server: Annotated[str | None, typer.Option(help="Default: POCKETEVAL_HOST:PORT")] = None,
    key: Annotated[str | None, typer.Option(envvar="POCKETEVAL_API_KEY",
                                            help="Default: the server's key file")] = None,
    local: Annotated[str | None, typer.Option(
        "--local", help="Write straight into this database (a SQLite file or a database "
        "URL) instead of sending the files to the running server")] = None,
) -> None:
    """Import item files into a benchmark, all or nothing: through the running server (as
    `pocketeval run` talks to it), or with --local into a database named explicitly."""
    if on_conflict not in ("reject", "replace"):
        raise typer.BadParameter("on-conflict must be reject or replace")
    files = _collect(paths)
    settings = get_settings()
    params = {k: v for k, v in {"layout": layout, "on_conflict": on_conflict, "split": split,
                                "subject": subject, "encoding": encoding}.items()
              if v is not None}
    if local is not None:
        url = database_url(local)
        typer.echo(f"importing into {shown(url)}", err=True)
        code, body = import_into(url, benchmark, files, params, settings.max_import_errors)
    else:
        url = server or f"http://{settings.host}:{settings.port}"
        code, body = import_through(url, key or server_key(settings), benchmark, files,
                                     params)
    if code:
        typer.echo(body, err=True)
        raise typer.Exit(code)
    typer.echo(body)


@cli.command()
def run(
    benchmark: Annotated[list[str], typer.Option("--benchmark", "-b",
                                                 help="Repeatable; or mobile-device-set")],
    base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible endpoint, e.g. "
                                                 "http://127.0.0.1:8080/v1")] = None,
    gguf: Annotated[str | None, typer.Option(
        "--gguf", "--model-path", help="A GGUF file inside the server's model folders "
        "(POCKETEVAL_MODEL_DIRS), run by the built-in llama.cpp runner")] = None,
    model: Annotated[str, typer.Option(help="`model` sent in requests")] = "default",
    name: Annotated[str | None, typer.Option(help="Name results are filed under")] = None,
    api_key_env: Annotated[str | None, typer.Option(help="Server env var with the key")] = None,
    repeats: Annotated[int | None, typer.Option()] = None,
    limit: Annotated[int | None, typer.Option(help="First N items per benchmark")] = None,
    sample: Annotated[int | None, typer.Option(help="N seeded-random items")] = None,
    concurrency: Annotated[int, typer.Option()] = 8,
    variant: Annotated[str, typer.Option(help="reasoning or non-reasoning")] = "non-reasoning",
    server: Annotated[str | None, typer.Option(help="Default: POCKETEVAL_HOST:PORT")] = None,
    key: Annotated[str | None, typer.Option(envvar="POCKETEVAL_API_KEY",
                                            help="Default: the server's key file")] = None,
    local: Annotated[bool, typer.Option(help="Run an embedded server in this process")] = False,
    max_output_tokens: Annotated[int | None, typer.Option(
        help="Cap on each answer's tokens (a capped answer is wrong, counted as truncated); "
        "default: the method's (the context left)")] = None,
    stop_loops: Annotated[bool | None, typer.Option(
        "--stop-loops/--no-stop-loops", help="GGUF: end a generation that repeats itself "
        "(the sample is truncated, recorded as a deviation); default: on")] = None,
    all_repeats: Annotated[bool, typer.Option(
        help="GGUF at temperature 0: generate every repeat (default: one generation a "
        "prompt, its verdict counted for each repeat, recorded as a deviation)")] = False,
) -> None:
    """Evaluate an endpoint: live progress (done/total, rate, ETA), then a results table."""
    import asyncio

    from rich.console import Console

    from app.cli.run import run_local, run_remote

    if (base_url is None) == (gguf is None):
        raise typer.BadParameter("give --base-url (an endpoint) or --gguf (a GGUF file)")
    if (stop_loops is not None or all_repeats) and gguf is None:
        raise typer.BadParameter("--stop-loops and --all-repeats are for GGUF files (--gguf)")
    if gguf is not None:
        target: dict[str, object] = {"name": name or Path(gguf).stem, "path": gguf,
                                     "variant": variant}
        if stop_loops is not None:
            target["stop_loops"] = {} if stop_loops else False
        if all_repeats:
            target["repeats_generated"] = "all"
    else:
        target = {"name": name or model, "base_url": base_url, "model": model,
                  "api_key_env": api_key_env, "variant": variant}
    if max_output_tokens is not None:
        target["max_output_tokens"] = max_output_tokens
    body = {"model": target, "benchmarks": benchmark, "repeats": repeats, "limit": limit,
            "sample": sample, "concurrency": concurrency}
    console = Console(stderr=False)
    if local:  # this process is the server: it may make the server's key
        code = asyncio.run(run_local(ensure_api_key(get_settings()), body, console))
    else:
        settings = get_settings()
        url = server or f"http://{settings.host}:{settings.port}"
        code = asyncio.run(run_remote(url, key or server_key(settings), body, console))
    raise typer.Exit(code)


@cli.command()
def eligibility(
    file: Annotated[Path, typer.Argument(help="A GGUF file (the header is enough)")],
    n_ctx: Annotated[int, typer.Option()] = 8192,
    budget_gib: Annotated[float, typer.Option(help="Memory budget")] = 8.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the JSON report")] = False,
) -> None:
    """Would this GGUF fit a phone? Weights + KV + compute + output at n_ctx, from the header."""
    from app.gguf import assess_file, report
    from app.http import InvalidInput

    try:
        _header, est = assess_file(file, budget=int(budget_gib * 1024**3), n_ctx=n_ctx)
    except (OSError, InvalidInput) as exc:
        typer.echo(f"error: {getattr(exc, 'detail', exc)}", err=True)
        raise typer.Exit(2) from exc
    read = report(str(file), est)
    if as_json:
        typer.echo(read.model_dump_json(indent=2))
    else:
        mib = 1024**2
        typer.echo(f"{file.name}: {read.architecture}, {read.file_type}, "
                   f"{read.bits_per_weight} bits/weight, {read.parameters:,} parameters")
        for term, value in read.terms.model_dump().items():
            typer.echo(f"  {term.removesuffix('_bytes'):8} {value / mib:10.1f} MiB")
        typer.echo(f"  {'rule':8} {read.rule_bytes / mib:10.1f} MiB of "
                   f"{read.budget_bytes / mib:.0f} MiB at n_ctx {read.n_ctx} (weights + KV: "
                   "the verdict)")
        typer.echo(f"  {'total':8} {read.total_bytes / mib:10.1f} MiB reserved by llama.cpp "
                   f"({'fits' if read.runtime_fits else 'over'} the budget)")
        typer.echo(f"  {'resident':8} {read.resident.total_bytes / mib:10.1f} MiB expected "
                   "in memory (untouched compute rows left out; tokenizer and activations in)")
        typer.echo("eligible" if read.eligible else "not eligible: " + "; ".join(read.reasons))
        for warning in read.warnings:
            typer.echo(f"warning: {warning}")
    raise typer.Exit(0 if read.eligible else 1)


@cli.command()
def prepare() -> None:
    """Assemble what benchmarks' scorers need on this machine, offline from installed
    packages (start-up does it too); prints what each preparation wrote."""
    from app.benchmarks import PreparationUnavailable, preparations

    for preparation in preparations():
        try:
            written = preparation.prepare()
        except PreparationUnavailable as exc:
            typer.echo(f"error: {preparation.name}: {exc}", err=True)
            raise typer.Exit(2) from exc
        typer.echo(f"{preparation.name}: "
                   f"{'wrote ' + ', '.join(written) if written else 'complete'}")


# the command's former name, for scripts written before it covered every benchmark
cli.command("nltk-data", hidden=True)(prepare)


@cli.command()
def doctor(
    as_json: Annotated[bool, typer.Option("--json", help="The report as JSON")] = False,
    model: Annotated[Path | None, typer.Option(
        help="GGUF for the smoke evaluation (default: the bundled SmolLM2-135M)")] = None,
    smoke: Annotated[bool, typer.Option(help="Run the smoke evaluation")] = True,
) -> None:
    """Check this installation: versions, the llama.cpp build against the host's CPU, a
    prompt and a few decoded tokens in a child process, llama-server, what benchmarks need
    prepared, the database. Exits 1 when something needed is broken."""
    from app.bundles import load_or_create
    from app.doctor import diagnose

    settings = get_settings()
    report = diagnose(settings.resolved_database_url, settings.llama_server, model, smoke)
    if as_json:
        typer.echo(report.model_dump_json(indent=2))
    else:
        host = report.host
        typer.echo(f"PocketEval {report.packages['pocketeval']} on Python {report.python}, "
                   f"llama-cpp-python {report.llama_cpp.version}")
        typer.echo(f"host CPU ({host.machine}): runs {' '.join(host.usable) or '-'}"
                   + "".join(f"; {name} advertised but {why}" for name, why
                             in host.refused.items()))
        typer.echo(f"llama.cpp build: {' '.join(report.llama_cpp.cpu_features) or '-'}")
        for check in report.checks:
            typer.echo(f"  {check.status.value:<4}  {check.name}: {check.summary}")
        typer.echo(f"bundle signing key: {load_or_create(settings.signing_key_path).fingerprint}"
                   f" ({settings.signing_key_path}; public at GET /signing-key)")
    raise typer.Exit(0 if report.ok else 1)


cli.command("gate")(gate)
cli.command("bundle")(bundle)
cli.command("verify")(verify)
cli.command("build-llama-server")(build_llama_server)
cli.command("probe")(probe)
cli.command("export-openapi")(export_openapi)
cli.command("docs-tables")(docs_tables)


def main() -> None:
    cli()
