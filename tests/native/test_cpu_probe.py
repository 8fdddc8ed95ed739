"""The instruction probe: an extension counts only if its test program ran in a child; one
that the CPU advertises but that dies (as AMX tiles do under some hypervisors) is off, with
everything built on it, and the CMake arguments follow exactly."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from app.native.cmake_args import build_args, build_key, cpu_args
from app.native.cpu_probe import Extension, advertised_flags, describe_exit, is_x86, probe

pytestmark = [pytest.mark.skipif(not is_x86(), reason="the probe is for x86-64 hosts"),
              pytest.mark.needs("process")]

ALL_FLAGS = ("sse4_2 avx avx2 fma f16c bmi2 avx_vnni avx512f avx512cd avx512vl avx512dq "
             "avx512bw avx512vbmi avx512_vnni avx512_bf16 amx_tile amx_int8 amx_bf16")


def cpuinfo(tmp_path: Path, flags: str) -> Path:
    path = tmp_path / "cpuinfo"
    path.write_text(f"processor\t: 0\nmodel name\t: test\nflags\t\t: fpu {flags}\n\n"
                    f"processor\t: 1\nflags\t\t: fpu {flags}\n")
    return path


def test_usable_extensions_are_advertised_and_set_on() -> None:
    report = probe()
    assert Extension.SSE42 in report.usable  # every x86-64 host this project targets
    advertised = set(advertised_flags())
    args = cpu_args(report)
    assert args[0] == "-DGGML_NATIVE=OFF"
    for trial in report.trials:
        assert not trial.usable or trial.advertised
        state = "ON" if trial.extension in report.chosen else "OFF"
        assert f"-DGGML_{trial.extension.value}={state}" in args
    assert ("avx2" in advertised) <= (Extension.AVX2 in report.usable or any(
        t.extension is Extension.AVX2 for t in report.refused))
    assert "-DGGML_AMX_TILE=OFF" in args  # only on request, even where AMX runs


def test_an_extension_that_is_not_advertised_is_off(tmp_path: Path) -> None:
    report = probe(cpuinfo(tmp_path, "sse4_2 avx avx2 fma f16c bmi2"))
    off = {t.extension: t.detail for t in report.trials if not t.usable}
    assert off[Extension.AVX512] == "not advertised"
    assert off[Extension.AMX_INT8] == "not advertised"
    assert report.refused == ()  # nothing advertised was refused
    assert "-DGGML_AVX512=OFF" in cpu_args(report)


def test_an_advertised_extension_that_faults_is_off_with_its_dependents(
        tmp_path: Path) -> None:
    """A test program for AMX tiles that dies with SIGSEGV, as `ldtilecfg` does on a host
    whose hypervisor advertises AMX but does not allow it. Every other program exits
    cleanly, as on a host that runs what it advertises, so the verdicts do not depend on
    the CPU the tests run on (AMX needs AVX-512, which this host may not have)."""
    faulty = tmp_path / "probe.c"
    faulty.write_text("#ifdef PROBE_AMX_TILE\n#include <signal.h>\n"
                      "int main(void) { raise(SIGSEGV); return 0; }\n"
                      "#else\nint main(void) { return 0; }\n#endif\n")
    report = probe(cpuinfo(tmp_path, ALL_FLAGS), source=faulty)
    refused = {t.extension: t.detail for t in report.refused}
    assert refused[Extension.AMX_TILE] == "killed by SIGSEGV"
    assert refused[Extension.AMX_INT8] == "needs AMX_TILE"
    assert refused[Extension.AMX_BF16] == "needs AMX_TILE"
    args = cpu_args(report)
    assert {"-DGGML_AMX_TILE=OFF", "-DGGML_AMX_INT8=OFF", "-DGGML_AMX_BF16=OFF"} <= set(args)


def test_user_cmake_args_come_last_and_change_the_key() -> None:
    report = probe()
    mine = build_args(report, {"CMAKE_ARGS": "-DGGML_CUDA=ON -DGGML_AVX512=OFF"})
    assert mine[-2:] == ["-DGGML_CUDA=ON", "-DGGML_AVX512=OFF"]  # cmake: the last -D wins
    plain = build_args(report, {})
    assert build_key("0.3.36", mine) != build_key("0.3.36", plain)
    assert build_key("0.3.36", plain) == build_key("0.3.36", build_args(probe(), {}))
    assert build_key("0.3.36", plain) != build_key("0.3.37", plain)
    assert build_key("0.3.36", plain) != build_key("0.3.36", plain[::-1])  # the last -D wins
    assert build_key("0.3.36", plain) != build_key("0.3.36", plain, extra="patched")
    assert shlex.join(plain) == " ".join(plain)  # no quoting needed in CMAKE_ARGS


def test_exit_descriptions() -> None:
    assert describe_exit(-4) == "killed by SIGILL"
    assert describe_exit(3) == "exited with status 3"
