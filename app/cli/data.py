"""`pocketeval data pull <benchmark …|all>`: the catalog's published files from the Hub."""

from __future__ import annotations

from typing import Annotated

import typer

from app.config import get_settings

data_cli = typer.Typer(no_args_is_help=True, help="Benchmark data from where it is published.")


@data_cli.command("pull")
def pull(
    benchmarks: Annotated[list[str], typer.Argument(help="Catalog names, or `all`")],
    revision: Annotated[str | None, typer.Option(
        help="A commit, branch or tag of the Hub repository (default: the catalog's)")] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask before downloading")
                   ] = False,
) -> None:
    """Download each benchmark's files from its Hugging Face repository (HF_TOKEN,
    HF_ENDPOINT, HF_HUB_OFFLINE and the HF cache apply), verify them and import them."""
    from app.benchmarks import catalog_specs, seed_catalog
    from app.db import make_engine, make_sessionmaker
    from app.http import AppError
    from app.items import fetch, store_pull
    from app.migrate import upgrade

    specs = catalog_specs()
    names = ([n for n, s in specs.items() if s.hub is not None] if benchmarks == ["all"]
             else benchmarks)
    unknown = [n for n in names if n not in specs or specs[n].hub is None]
    if unknown:
        pullable = ", ".join(n for n, s in specs.items() if s.hub is not None)
        raise typer.BadParameter(f"{', '.join(unknown)}: not pullable; one of {pullable}, "
                                 "or all")
    for name in names:
        source = specs[name].hub
        assert source is not None
        gate = " (gated: needs an accepted licence and HF_TOKEN)" if source.gated else ""
        typer.echo(f"{name}: {source.repo_id} @ {revision or source.revision}, licence "
                   f"{source.licence}{gate}" + (f"; {source.note}" if source.note else ""),
                   err=True)
    if not yes and not typer.confirm("Download and import?", default=True, err=True):
        raise typer.Exit(1)
    settings = get_settings()
    upgrade(settings.resolved_database_url)
    engine = make_engine(settings.resolved_database_url)
    factory = make_sessionmaker(engine)
    failed = []
    try:
        with factory.begin() as session:
            seed_catalog(session)
        for name in names:
            try:
                fetched = fetch(specs[name], revision)
                with factory.begin() as session:
                    report = store_pull(session, name, fetched, settings.max_import_errors)
            except AppError as exc:
                failed.append(name)
                typer.echo(f"{name}: failed: {exc.detail}", err=True)
                for err in (exc.errors or [])[:10]:
                    typer.echo(f"  {err}", err=True)
                continue
            items = report.items
            typer.echo(f"{name}: {report.pull.commit[:12]} {len(report.pull.files)} file(s), "
                       f"{items.received} items ({items.inserted} new, {items.replaced} "
                       f"replaced, {items.unchanged} unchanged) {items.splits}")
    finally:
        engine.dispose()
    if failed:
        typer.echo(f"not pulled: {', '.join(failed)}", err=True)
        raise typer.Exit(2)

