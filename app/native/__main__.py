"""`python -m app.native ensure|args|probe`: what the Makefile and Dockerfile call before the
project is installed (standard library only)."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from app.native.cmake_args import build_args
from app.native.cpu_probe import probe
from app.native.llama_wheel import ensure


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.native")
    parser.add_argument("command", choices=["ensure", "args", "probe"])
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter whose environment gets llama-cpp-python")
    ns = parser.parse_args(argv)
    if ns.command == "ensure":
        ensure(ns.python, prefix=_prefix(ns.python))
    elif ns.command == "args":
        print(" ".join(build_args(probe())))
    else:
        print(json.dumps(asdict(probe()), indent=2))
    return 0


def _prefix(python: str) -> str:
    import subprocess

    return subprocess.run([python, "-c", "import sys; print(sys.prefix)"], check=True,
                          capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    sys.exit(main())
