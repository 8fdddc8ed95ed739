"""`pocketeval build-llama-server`: llama.cpp's server, built from the llama.cpp that the
installed llama-cpp-python vendors, and linked where it is called (`make llama-server`:
`.venv/bin/llama-server`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def build_llama_server(
    output: Annotated[Path | None, typer.Option(
        help="Default: ~/.cache/pocketeval/llama-server-<version>-<build key>/llama-server"),
    ] = None,
    jobs: Annotated[int | None, typer.Option(help="Parallel compile jobs")] = None,
    link: Annotated[Path | None, typer.Option(
        help="Also make this path a symbolic link to the binary (replaced if there)")] = None,
) -> None:
    """Build llama-server from the llama.cpp that llama-cpp-python vendors; print its path
    (for POCKETEVAL_LLAMA_SERVER), or the link's with --link."""
    from app.inference import llama_server_build

    try:
        path = llama_server_build.build(output or llama_server_build.default_location(), jobs)
        if link is not None:
            path = llama_server_build.link(path, link)
    except llama_server_build.BuildFailed as exc:
        typer.echo(f"error: {getattr(exc, 'detail', exc)}", err=True)
        raise typer.Exit(2) from exc
    typer.echo(str(path))
