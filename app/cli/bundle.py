"""`pocketeval bundle RUN -o FILE` and `pocketeval verify FILE`: a run's signed bundle, made
from the database as the server makes it, and its offline check (pocketeval_verify, which
imports nothing of this package)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from app.config import get_settings


def bundle(
    run_id: Annotated[int, typer.Argument(help="The run's id")],
    output: Annotated[Path, typer.Option("-o", "--output", help="The zip to write")],
) -> None:
    """Write the run's signed bundle (what GET /runs/{id}/bundle serves)."""
    from app.bundles import load_or_create, run_bundle
    from app.db import make_engine, make_sessionmaker

    settings = get_settings()
    engine = make_engine(settings.resolved_database_url)
    try:
        with make_sessionmaker(engine)() as session:
            data = run_bundle(session, run_id, load_or_create(settings.signing_key_path))
    finally:
        engine.dispose()
    output.write_bytes(data)
    typer.echo(f"wrote {output} ({len(data)} bytes)", err=True)


def verify(
    path: Annotated[Path, typer.Argument(help="A bundle zip")],
    public_key: Annotated[Path | None, typer.Option(
        help="The server's public key (PEM, from GET /signing-key)")] = None,
) -> None:
    """Re-check a bundle offline: signature, hashes, every verdict by the official scorers,
    every figure. Exits 0 only when every check holds."""
    from pocketeval_verify.cli import main

    raise typer.Exit(main([str(path)] + ([] if public_key is None
                                         else ["--public-key", str(public_key)])))
