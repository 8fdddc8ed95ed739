"""The native llama.cpp build: which instructions this host really runs, the CMake arguments
that follow from that, and a llama-cpp-python wheel built (and cached) with exactly them.

Standard library only: the Makefile runs it before the project's dependencies are installed.
"""

from __future__ import annotations

from app.native.cmake_args import build_args, build_key
from app.native.cpu_probe import Extension, ProbeReport, host_report
from app.native.llama_wheel import read_record

__all__ = ["Extension", "ProbeReport", "build_args", "build_key", "host_report", "read_record"]
