"""`pocketeval export-openapi | docs-tables`: the files generated from the code (the OpenAPI
document the SDKs come from, the catalog tables of docs/benchmarks.md)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer


def export_openapi(
    output: Annotated[Path, typer.Option(help="'-' for stdout")] = Path("openapi/openapi.json"),
) -> None:
    """Write the OpenAPI document the SDKs are generated from."""
    from app.openapi_export import openapi_text

    text = openapi_text()
    if str(output) == "-":
        sys.stdout.write(text)
    else:
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8")
        typer.echo(f"wrote {output}", err=True)


def docs_tables(
    path: Annotated[Path, typer.Option(help="A Markdown file with the catalog markers")
                    ] = Path("docs/benchmarks.md"),
) -> None:
    """Rewrite the catalog tables (between the catalog markers) from the registered
    benchmarks."""
    from app.benchmarks import rewrite

    try:
        changed = rewrite(path)
    except (OSError, ValueError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    typer.echo(f"{'rewrote' if changed else 'unchanged:'} {path}", err=True)
