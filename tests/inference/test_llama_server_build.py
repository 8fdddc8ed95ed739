"""`pocketeval build-llama-server`: an existing binary is reused, a missing tool is a clear
error. (The build itself takes minutes: `make llama-server` runs it, and the llama-server
tests use what it built.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli import cli


def test_an_existing_binary_is_reused(tmp_path: Path) -> None:
    binary = tmp_path / "llama-server"
    binary.write_text("#!/bin/sh\n")
    binary.chmod(0o755)
    result = CliRunner().invoke(cli, ["build-llama-server", "--output", str(binary)])
    assert result.exit_code == 0 and result.stdout.strip() == str(binary)


def test_without_cmake_it_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    result = CliRunner().invoke(cli, ["build-llama-server", "--output",
                                      str(tmp_path / "out" / "llama-server")])
    assert result.exit_code == 2 and "cmake is not installed" in result.output
    assert not (tmp_path / "out").exists()


def test_link_points_at_the_binary_and_replaces_what_is_there(tmp_path: Path) -> None:
    binary = tmp_path / "cache" / "llama-server"
    binary.parent.mkdir()
    binary.write_text("#!/bin/sh\n")
    binary.chmod(0o755)
    at = tmp_path / "venv" / "bin" / "llama-server"
    at.parent.mkdir(parents=True)
    at.symlink_to(tmp_path / "gone")  # a link left by an earlier build
    for _ in range(2):  # again: the same link
        result = CliRunner().invoke(cli, ["build-llama-server", "--output", str(binary),
                                          "--link", str(at)])
        assert result.exit_code == 0 and result.stdout.strip() == str(at)
        assert at.is_symlink() and at.readlink() == binary.resolve()
    assert sorted(p.name for p in at.parent.iterdir()) == ["llama-server"]
