"""Why a llama.cpp process stopped, in words a user can act on: the signal or exit status,
the likely cause and fix, and the last lines llama.cpp logged before it went."""

from __future__ import annotations

import signal
from pathlib import Path

DOCTOR = ("run `pocketeval doctor`: it compares the instructions the llama.cpp build uses "
          "with those this host lets run, and tries a small evaluation")
REBUILD = ("then `make serve` (or `python -m app.native ensure`) rebuilds llama-cpp-python "
           "with only the proven ones")

CAUSES: dict[int, tuple[str, str]] = {
    signal.SIGSEGV: ("a crash inside llama.cpp (ggml); on virtual machines the usual cause is "
                     "a build that uses instructions the CPU advertises but the host does not "
                     "allow (AMX tiles, AVX-512)", f"{DOCTOR}; {REBUILD}"),
    signal.SIGILL: ("an instruction this host does not execute: a llama.cpp build made for "
                    "another CPU (a -march=native build copied between hosts), or one with "
                    "AMX, whose kernels fault on some virtual machines",
                    f"{DOCTOR}; {REBUILD}"),
    signal.SIGBUS: ("a bad memory access, often a model file changed or truncated while "
                    "mapped", "check the GGUF file (its size and sha256) and the disk"),
    signal.SIGFPE: ("an arithmetic fault inside llama.cpp", f"{DOCTOR}"),
    signal.SIGABRT: ("llama.cpp stopped itself on a failed check (GGML_ASSERT or an uncaught "
                     "C++ exception); the log lines below say which",
                     "check the model file and the run's context size"),
    signal.SIGKILL: ("killed from outside, most often by the kernel's out-of-memory killer",
                     "look for 'Out of memory' in `dmesg`; use a smaller context or model, "
                     "or give the process more memory"),
    signal.SIGTERM: ("stopped from outside (SIGTERM)", "nothing to fix if this was intended"),
}


def exit_words(returncode: int | None) -> str:
    if returncode is None:
        return "stopped answering"
    if returncode < 0:
        try:
            return f"was killed by {signal.Signals(-returncode).name} (signal {-returncode})"
        except ValueError:
            return f"was killed by signal {-returncode}"
    return f"exited with status {returncode}"


def log_tail(path: Path | None, lines: int = 12, limit: int = 64 << 10) -> list[str]:
    """The last non-blank lines of a log file (reads at most `limit` bytes from its end)."""
    if path is None:
        return []
    try:
        with path.open("rb") as fh:
            fh.seek(0, 2)
            size = fh.tell()
            fh.seek(max(0, size - limit))
            text = fh.read().decode("utf-8", "replace")
    except OSError:
        return []
    return text_tail(text, lines)


def text_tail(text: str, lines: int = 12) -> list[str]:
    """The last non-blank lines of a log's text."""
    return [line.rstrip() for line in text.splitlines() if line.strip()][-lines:]


LINE_LIMIT = 300


def _quoted(lines: list[str]) -> str:
    return "\n".join(f"  | {line[:LINE_LIMIT]}{' …' if len(line) > LINE_LIMIT else ''}"
                     for line in lines)


def death_report(what: str, returncode: int | None, tail: list[str],
                 fault: list[str] | None = None, when: str = "") -> str:
    """E.g. "the llama.cpp worker was killed by SIGSEGV (signal 11). Likely cause: …
    Fix: …", then where Python's fault handler saw it happen (`fault`) and the last lines
    llama.cpp logged (`tail`). Never empty."""
    head = f"{what} {exit_words(returncode)}{' ' + when if when else ''}."
    cause = CAUSES.get(-returncode) if returncode is not None and returncode < 0 else None
    if cause is not None:
        head += f" Likely cause: {cause[0]}. Fix: {cause[1]}."
    elif returncode is not None and returncode > 0:
        head += f" Fix: read the log lines below; {DOCTOR}."
    sections = [head]
    if fault:
        sections.append("Where it stopped:\n" + _quoted(fault))
    if tail:
        sections.append("Last lines of its log:\n" + _quoted(tail))
    else:
        sections.append("It logged nothing before it stopped.")
    return "\n".join(sections)
