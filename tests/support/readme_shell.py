"""The README's shell commands, read from the README and run as written: its ```sh blocks
under one heading, split into whole commands (continued lines and quoted JSON kept
together), each run by bash in a folder laid out like the project (`.venv`, `var/`), with
the shell variables one command sets (`KEY=$(cat var/api-key)`) carried to the next. Lines
that start the server (`make serve`, with any variables before it) are the caller's to
handle: `make_serve_env` gives the environment that `make serve` would see there."""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from tests.support.processes import ROOT, stop, wait_until_up

FENCE = re.compile(r"^```sh\n(.*?)^```\n", re.MULTILINE | re.DOTALL)
SERVE = "make serve"


@dataclass(frozen=True)
class Block:
    commands: list[str]
    prose: str  # the text after the block, up to the next block or the section's end


@dataclass(frozen=True)
class Result:
    command: str
    rc: int
    output: str
    seconds: float


def section(readme: Path, heading: str) -> str:
    """From the line `heading` to the next heading of the same level."""
    text = readme.read_text(encoding="utf-8")
    start = text.index(f"\n{heading}\n")
    level = heading.split(" ", 1)[0] + " "
    end = text.find(f"\n{level}", start + len(heading) + 2)
    return text[start:end if end >= 0 else len(text)]


def blocks(text: str) -> list[Block]:
    found = list(FENCE.finditer(text))
    return [Block(split_commands(m.group(1)),
                  text[m.end():found[i + 1].start() if i + 1 < len(found) else len(text)])
            for i, m in enumerate(found)]


def complete(text: str) -> bool:
    """Whether text is whole commands: no open quote, no trailing backslash."""
    if text.rstrip().endswith("\\"):
        return False
    try:
        shlex.split(text, comments=True)
    except ValueError:
        return False
    return True


def split_commands(block: str) -> list[str]:
    commands: list[str] = []
    pending = ""
    for line in block.splitlines():
        pending = f"{pending}\n{line}" if pending else line
        if complete(pending):
            if pending.strip():
                commands.append(pending)
            pending = ""
    if pending:
        raise ValueError(f"an unfinished command in the README: {pending!r}")
    return commands


def port_in_use(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


class Shell:
    """bash in `workdir`; the variables each command sets are kept in a file for the next."""

    def __init__(self, workdir: Path, env: dict[str, str], logs: Path) -> None:
        self.workdir, self.env, self.logs = workdir, env, logs
        self.state = logs / "variables.sh"
        self.state.touch()
        self.count = 0

    def script(self, command: str) -> str:
        # the variables there before the saved ones are read are bash's own: not saved
        return "\n".join([
            '__base=" $(compgen -v | tr "\\n" " ") "', f". {shlex.quote(str(self.state))}",
            command, "__rc=$?",
            'for __v in $(compgen -v); do case "$__base" in *" $__v "*) continue;; esac; '
            'case $__v in __*) continue;; esac; declare -p "$__v"; done > '
            f"{shlex.quote(str(self.state))}.new", f"mv {shlex.quote(str(self.state))}.new "
            f"{shlex.quote(str(self.state))}", "exit $__rc", ""])

    def run(self, command: str, timeout: float) -> Result:
        """Output goes to a file, not a pipe: a command that leaves a process running
        (`llama-server ... &`) returns when bash does."""
        self.count += 1
        script = self.logs / f"command-{self.count}.sh"
        script.write_text(self.script(command), encoding="utf-8")
        log = self.logs / f"command-{self.count}.log"
        started = time.monotonic()
        with log.open("wb") as out:
            proc = subprocess.run(["bash", "--noprofile", "--norc", str(script)],
                                  cwd=self.workdir, env=self.env, stdin=subprocess.DEVNULL,
                                  stdout=out, stderr=subprocess.STDOUT, timeout=timeout,
                                  check=False)
        return Result(command, proc.returncode, log.read_text("utf-8", "replace"),
                      time.monotonic() - started)

    def make_serve_env(self, command: str) -> dict[str, str]:
        """The environment `make serve` gets from this line (`VAR=... make serve`)."""
        result = self.run(command.replace(SERVE, "env -0", 1), timeout=60)
        assert result.rc == 0, result.output
        pairs = (item.split("=", 1) for item in result.output.split("\0") if "=" in item)
        return {k: v for k, v in pairs}


def clean_environment(path_first: Path) -> dict[str, str]:
    """This process's environment less any POCKETEVAL_ setting (a user's shell has none),
    with `path_first` first on PATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("POCKETEVAL_")}
    env["PATH"] = f"{path_first}{os.pathsep}{env.get('PATH', '')}"
    return env


class Project:
    """A folder that looks like the project to the README's commands (`.venv`, its own
    `var/`), its server started as `make serve` starts it, and `llama-server` on PATH: the
    real binary, behind a wrapper that notes each process's id so that none is left behind."""

    def __init__(self, root: Path, port: int, llama_server: Path | None) -> None:
        self.workdir, self.port, self.pids = root / "project", port, root / "llama-server.pids"
        logs, bin_dir = root / "logs", root / "bin"
        for folder in (self.workdir, logs, bin_dir):
            folder.mkdir(parents=True)
        (self.workdir / ".venv").symlink_to(ROOT / ".venv")
        if llama_server is not None:
            wrapper = bin_dir / "llama-server"
            wrapper.write_text(f"#!/bin/sh\necho $$ >> {shlex.quote(str(self.pids))}\n"
                               f"exec {shlex.quote(str(llama_server))} \"$@\"\n")
            wrapper.chmod(0o755)
        self.shell = Shell(self.workdir, clean_environment(bin_dir), logs)
        self.server: subprocess.Popen[bytes] | None = None
        self.serve_env: dict[str, str] | None = None  # from the last `VAR=... make serve`
        self.log = logs / "server.log"

    def link(self, *files: Path) -> None:
        """Files the README names without a folder: here, where its commands run."""
        for file in files:
            (self.workdir / file.name).symlink_to(file)

    def serve(self, env: dict[str, str] | None = None) -> None:
        """`make serve` (again): `.venv/bin/pocketeval serve` in the project folder, with
        the environment of the last `make serve` line when none is given. The port must be
        free first: otherwise the health check would be answered by another server."""
        self.stop_server()
        assert not port_in_use(self.port), \
            f"port {self.port} is taken: another server would answer for this project's"
        if env is not None:
            self.serve_env = env
        with self.log.open("ab") as out:
            self.server = subprocess.Popen(
                [str(self.workdir / ".venv" / "bin" / "pocketeval"), "serve"],
                cwd=self.workdir, env=self.serve_env or self.shell.env,
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
        wait_until_up(f"http://127.0.0.1:{self.port}/health", self.server, self.log,
                      timeout=600)

    def stop_server(self) -> None:
        if self.server is not None:
            stop(self.server)
            self.server = None

    def close(self) -> None:
        self.stop_server()
        pids = self.pids.read_text().split() if self.pids.is_file() else []
        for pid in map(int, pids):
            end_process(pid)


def end_process(pid: int) -> None:
    """SIGTERM, then SIGKILL 10 s later, to a process this test started (not its child)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if not Path(f"/proc/{pid}").exists() or "zombie" in _state(pid):
                return
            time.sleep(0.1)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().lower()
    except OSError:
        return "zombie"
