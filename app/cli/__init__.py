"""The `pocketeval` command: one module per command or group of commands, gathered in
`commands`. Others use `cli` (the Typer app) and `main` (the console script)."""

from app.cli.commands import cli, main

__all__ = ["cli", "main"]
