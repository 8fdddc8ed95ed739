"""The README's shell commands, read from the README and run as written, as a reader runs
them in a fresh checkout with two shells: `make serve` in one (in the foreground, until
Ctrl-C), everything else in the other.

A block is split into whole commands (continued lines, quoted JSON and `a &&` + `b` kept
together). Each command is run by bash in the checkout, in a process group of its own (so
that what it leaves running, `llama-server ... &`, is found and ended afterwards), with the
shell variables one command sets (`KEY=$(cat var/api-key)`) carried to the next. A line that
runs `make serve` goes to the server's shell: the test waits, as a reader does, until that
server answers, and a comment line that says Ctrl-C is Ctrl-C in that shell (SIGINT to its
foreground process group). The README's ports are not the ones used: the test moves them
to free ones (tests.support.readme_ports)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.support.processes import ROOT

FENCE = re.compile(r"^```sh\n(.*?)^```\n", re.MULTILINE | re.DOTALL)
CTRL_C = re.compile(r"^#.*\bCtrl-C\b")
CONTINUED = ("\\", "&&", "||", "|")
# what a reader's shell has not got: settings of this process's tools and make's own
DROPPED = ("POCKETEVAL_", "HF_", "HUGGINGFACE_", "MAKE", "MFLAGS", "VIRTUAL_ENV", "PYTHONPATH")


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


def above(readme: Path, heading: str) -> str:
    """The README up to the line `heading`."""
    text = readme.read_text(encoding="utf-8")
    return text[:text.index(f"\n{heading}\n") + 1]


def blocks(text: str) -> list[Block]:
    found = list(FENCE.finditer(text))
    return [Block(split_commands(m.group(1)),
                  text[m.end():found[i + 1].start() if i + 1 < len(found) else len(text)])
            for i, m in enumerate(found)]


def complete(text: str) -> bool:
    """Whether text is whole commands: no open quote, no trailing `\\`, `&&`, `||` or `|`."""
    try:
        words = shlex.split(text.replace("\\\n", " "), comments=True)
    except ValueError:
        return False
    return not text.rstrip().endswith("\\") and not (words and words[-1] in CONTINUED)


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


def serves(command: str) -> bool:
    """Whether the command runs `make serve` (the words, not a mention in a comment)."""
    try:
        words = shlex.split(command.replace("\\\n", " "), comments=True)
    except ValueError:
        return False
    return any(a == "make" and b == "serve" for a, b in zip(words, words[1:], strict=False))


def curl_calls(command: str) -> list[list[str]]:
    """The arguments of each curl the command runs."""
    words = shlex.split(command.replace("\\\n", " "), comments=True)
    calls: list[list[str]] = []
    for word in words:
        if word in ("&&", "||", "|", ";", "&"):
            continue
        if Path(word).name == "curl":
            calls.append([])
        elif calls:
            calls[-1].append(word)
    return calls


def quiet_failures(command: str) -> list[str]:
    """curl calls that would hide an error: not failing on an HTTP error status (`-f`,
    `--fail`, `--fail-with-body`), or silent (`-s`) without showing errors (`-S`)."""
    hidden = []
    for args in curl_calls(command):
        short = "".join(a[1:] for a in args if re.fullmatch(r"-[a-zA-Z]+", a))
        fails = "f" in short or "--fail" in args or "--fail-with-body" in args
        shows = "s" not in short or "S" in short or "--show-error" in args
        if not (fails and shows):
            hidden.append("curl " + " ".join(args)[:80])
    return hidden


def port_in_use(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def clean_environment(extra: dict[str, str]) -> dict[str, str]:
    """A reader's shell: this process's environment without PocketEval's, the Hub client's
    and make's settings, and without the project's own folders (its .venv) on PATH; then
    `extra`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(DROPPED)}
    mine = (ROOT.resolve(), Path(sys.prefix).resolve())
    env["PATH"] = os.pathsep.join(
        p for p in env.get("PATH", "").split(os.pathsep)
        if p and not any(Path(p).resolve().is_relative_to(m) for m in mine))
    return {**env, **extra}


def copy_checkout(to: Path) -> int:
    """The files a clone of this working tree holds as they are now (tracked and untracked
    files that git does not ignore, with their times, so make sees them as here); returns
    how many."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    count = 0
    for name in filter(None, listed):
        source = ROOT / name
        if not source.is_file() and not source.is_symlink():
            continue  # deleted here, not yet in git
        target = to / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target, follow_symlinks=False)
        count += 1
    return count


def group_alive(pgid: int) -> bool:
    """Whether a process of the group is running (a zombie is not)."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] != "Z" and int(fields[2]) == pgid:
            return True
    return False


def end_group(proc: subprocess.Popen[bytes], first: int = signal.SIGTERM,
              grace: float = 10.0) -> None:
    """`first`, then SIGKILL after `grace` s, to the process group of `proc` (this test
    started it in a group of its own); `proc` is reaped."""
    for sig in (first, signal.SIGKILL):
        proc.poll()
        if not group_alive(proc.pid):
            break
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            break
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            proc.poll()
            if not group_alive(proc.pid):
                break
            time.sleep(0.1)
    proc.wait()


class Shell:
    """bash in `workdir`; the variables each command sets are kept in a file for the next.
    Every command runs in a process group of its own, ended by `close`."""

    def __init__(self, workdir: Path, env: dict[str, str], logs: Path, name: str) -> None:
        self.workdir, self.env, self.logs, self.name = workdir, env, logs, name
        self.state = logs / f"{name}-variables.sh"
        self.state.touch()
        self.count = 0
        self.procs: list[subprocess.Popen[bytes]] = []

    def script(self, command: str) -> str:
        # the variables there before the saved ones are read are bash's own: not saved
        state = shlex.quote(str(self.state))
        return "\n".join([
            '__base=" $(compgen -v | tr "\\n" " ") "', f". {state}", command, "__rc=$?",
            'for __v in $(compgen -v); do case "$__base" in *" $__v "*) continue;; esac; '
            'case $__v in __*) continue;; esac; declare -p "$__v"; done > '
            f"{state}.new", f"mv {state}.new {state}", "exit $__rc", ""])

    def start(self, command: str) -> tuple[subprocess.Popen[bytes], Path]:
        """Output goes to a file, not a pipe: a command that leaves a process running
        (`llama-server ... &`) returns when bash does."""
        self.count += 1
        script = self.logs / f"{self.name}-{self.count}.sh"
        script.write_text(self.script(command), encoding="utf-8")
        log = self.logs / f"{self.name}-{self.count}.log"
        with log.open("wb") as out:
            proc = subprocess.Popen(["bash", "--noprofile", "--norc", str(script)],
                                    cwd=self.workdir, env=self.env, stdin=subprocess.DEVNULL,
                                    stdout=out, stderr=subprocess.STDOUT,
                                    start_new_session=True)
        self.procs.append(proc)
        return proc, log

    def run(self, command: str, timeout: float) -> Result:
        started = time.monotonic()
        proc, log = self.start(command)
        try:
            rc = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            end_group(proc)
            rc = 124
        return Result(command, rc, log.read_text("utf-8", "replace"),
                      time.monotonic() - started)

    def close(self) -> None:
        for proc in self.procs:
            end_group(proc)


class ServerShell(Shell):
    """The shell `make serve` runs in, in the foreground until Ctrl-C."""

    def __init__(self, workdir: Path, env: dict[str, str], logs: Path, port: int) -> None:
        super().__init__(workdir, env, logs, "server")
        self.port = port
        self.server: subprocess.Popen[bytes] | None = None
        self.log: Path | None = None

    def serve(self, command: str, timeout: float = 600) -> Result:
        """The line as written; a reader waits until the server answers. One that exits
        first (a port already taken) is a failed command: its exit status and output."""
        started = time.monotonic()
        taken = port_in_use(self.port)  # then /health would be another server's answer
        self.server, self.log = self.start(command)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            rc = self.server.poll()
            if rc is not None:
                return self.result(command, rc if rc else 1, started)
            if not taken and self.answers():
                return self.result(command, 0, started)
            time.sleep(0.2)
        return self.result(command, 124, started)

    def answers(self) -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{self.port}/health", timeout=2).is_success
        except httpx.TransportError:
            return False

    def result(self, command: str, rc: int, started: float) -> Result:
        output = self.log.read_text("utf-8", "replace") if self.log else ""
        return Result(command, rc, output, time.monotonic() - started)

    def interrupt(self, command: str, timeout: float = 60) -> Result:
        """Ctrl-C: SIGINT to the foreground process group; done when it has exited and the
        port is free again."""
        started = time.monotonic()
        if self.server is None or self.server.poll() is not None:
            return Result(command, 1, "no make serve is running to Ctrl-C", 0.0)
        os.killpg(self.server.pid, signal.SIGINT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and (self.server.poll() is None or
                                               group_alive(self.server.pid) or
                                               port_in_use(self.port)):
            time.sleep(0.2)
        left = group_alive(self.server.pid) or port_in_use(self.port)
        result = self.result(command, 1 if left else 0, started)
        self.server = None
        return result

    def close(self) -> None:
        if self.server is not None:
            end_group(self.server, signal.SIGINT, grace=30)
        super().close()


class Project:
    """A fresh checkout of this working tree in `root/project` with its two shells. Its
    `.venv` is a link to this project's: see the test's docstring for why."""

    def __init__(self, root: Path, port: int, env: dict[str, str]) -> None:
        self.workdir, logs = root / "project", root / "logs"
        logs.mkdir(parents=True)
        self.files = copy_checkout(self.workdir)
        (self.workdir / ".venv").symlink_to(ROOT / ".venv")
        self.shell = Shell(self.workdir, env, logs, "shell")
        self.server = ServerShell(self.workdir, env, logs, port)

    def stale_install(self) -> list[str]:
        """What make would do to the linked .venv before serving, other than its probe:
        nothing, unless this project's install is older than its pyproject.toml (then
        `make` here would reinstall this project's .venv from the temporary checkout)."""
        dry = subprocess.run(["make", "-n", ".venv/.runtime"], cwd=self.workdir,
                             env=self.shell.env, capture_output=True, text=True, check=False)
        return [line for line in dry.stdout.splitlines()
                if line.strip() and "app.native ensure" not in line]

    def run(self, command: str, timeout: float) -> Result:
        if CTRL_C.match(command.strip()):
            return self.server.interrupt(command)
        if serves(command):
            return self.server.serve(command)
        return self.shell.run(command, timeout)

    def close(self) -> None:
        self.server.close()
        self.shell.close()
