"""Which x86 instruction-set extensions this host really executes.

`/proc/cpuinfo` lists what the CPU advertises, and a hypervisor can advertise extensions it
does not let run (AMX tiles that fault at `ldtilecfg`). A `-march=native` build trusts the
advertisement, so it can die with SIGSEGV or SIGILL. Here each extension is proven instead:
a tiny program that executes one of its instructions is compiled and run in a child process,
and only an extension whose program exits cleanly counts as usable.
"""

from __future__ import annotations

import os
import platform
import shutil
import signal
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib import resources
from pathlib import Path


class Extension(StrEnum):
    """ggml's x86 build options (GGML_<name>), in dependency order."""

    SSE42 = "SSE42"
    AVX = "AVX"
    AVX2 = "AVX2"
    FMA = "FMA"
    F16C = "F16C"
    BMI2 = "BMI2"
    AVX_VNNI = "AVX_VNNI"
    AVX512 = "AVX512"
    AVX512_VBMI = "AVX512_VBMI"
    AVX512_VNNI = "AVX512_VNNI"
    AVX512_BF16 = "AVX512_BF16"
    AMX_TILE = "AMX_TILE"
    AMX_INT8 = "AMX_INT8"
    AMX_BF16 = "AMX_BF16"


@dataclass(frozen=True)
class ExtensionSpec:
    cpuinfo: tuple[str, ...]  # flags /proc/cpuinfo must list
    compiler: tuple[str, ...]  # gcc/clang flags ggml compiles it with
    requires: tuple[Extension, ...] = ()
    off_because: str | None = None  # built only when the user asks, even where it runs


AMX_OFF = ("ggml's AMX kernels died with SIGILL at `tilezero` during decoding on a host "
           "where every AMX instruction test passed; turn it on with CMAKE_ARGS")


E = Extension
SPECS: dict[Extension, ExtensionSpec] = {
    E.SSE42: ExtensionSpec(("sse4_2",), ("-msse4.2",)),
    E.AVX: ExtensionSpec(("avx",), ("-mavx",)),
    E.AVX2: ExtensionSpec(("avx2",), ("-mavx2",), (E.AVX,)),
    E.FMA: ExtensionSpec(("fma",), ("-mfma",), (E.AVX,)),
    E.F16C: ExtensionSpec(("f16c",), ("-mf16c",), (E.AVX,)),
    E.BMI2: ExtensionSpec(("bmi2",), ("-mbmi2",)),
    E.AVX_VNNI: ExtensionSpec(("avx_vnni",), ("-mavxvnni",), (E.AVX2,)),
    E.AVX512: ExtensionSpec(("avx512f", "avx512cd", "avx512vl", "avx512dq", "avx512bw"),
                            ("-mavx512f", "-mavx512cd", "-mavx512vl", "-mavx512dq",
                             "-mavx512bw"), (E.AVX2, E.FMA, E.F16C)),
    E.AVX512_VBMI: ExtensionSpec(("avx512vbmi",), ("-mavx512f", "-mavx512vbmi"), (E.AVX512,)),
    E.AVX512_VNNI: ExtensionSpec(("avx512_vnni",), ("-mavx512f", "-mavx512vnni"), (E.AVX512,)),
    E.AVX512_BF16: ExtensionSpec(("avx512_bf16",), ("-mavx512f", "-mavx512bf16"), (E.AVX512,)),
    E.AMX_TILE: ExtensionSpec(("amx_tile",), ("-mamx-tile",), (E.AVX512,), AMX_OFF),
    E.AMX_INT8: ExtensionSpec(("amx_int8",), ("-mamx-tile", "-mamx-int8"), (E.AMX_TILE,),
                              AMX_OFF),
    E.AMX_BF16: ExtensionSpec(("amx_bf16",), ("-mamx-tile", "-mamx-bf16"), (E.AMX_TILE,),
                              AMX_OFF),
}


@dataclass(frozen=True)
class Trial:
    """One extension's verdict: usable only if advertised, compiled and ran cleanly."""

    extension: Extension
    advertised: bool
    usable: bool
    detail: str  # "ran", "not advertised", "killed by SIGILL", "compiler lacks -m…", …


@dataclass(frozen=True)
class ProbeReport:
    machine: str
    compiler: str | None
    advertised: tuple[str, ...]
    trials: tuple[Trial, ...] = field(default=())

    @property
    def usable(self) -> tuple[Extension, ...]:
        return tuple(t.extension for t in self.trials if t.usable)

    @property
    def chosen(self) -> tuple[Extension, ...]:
        """What PocketEval builds with: usable, less what is off by default."""
        return tuple(e for e in self.usable if SPECS[e].off_because is None)

    @property
    def refused(self) -> tuple[Trial, ...]:
        """Extensions the CPU advertises that this host does not let run."""
        return tuple(t for t in self.trials if t.advertised and not t.usable)


def is_x86() -> bool:
    return platform.machine().lower() in ("x86_64", "amd64", "i686", "i386")


def advertised_flags(cpuinfo: Path = Path("/proc/cpuinfo")) -> tuple[str, ...]:
    try:
        text = cpuinfo.read_text()
    except OSError:
        return ()
    for line in text.splitlines():
        if line.startswith("flags"):
            return tuple(sorted(set(line.partition(":")[2].split())))
    return ()


def find_compiler() -> str | None:
    for name in (os.environ.get("CC"), "cc", "gcc", "clang"):
        if name and shutil.which(name):
            return name
    return None


def describe_exit(returncode: int) -> str:
    if returncode < 0:
        try:
            return f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"killed by signal {-returncode}"
    return f"exited with status {returncode}"


def _trial(extension: Extension, compiler: str, source: Path, work: Path,
           advertised: set[str]) -> Trial:
    spec = SPECS[extension]
    if not set(spec.cpuinfo) <= advertised:
        return Trial(extension, False, False, "not advertised")
    binary = work / f"probe_{extension.value.lower()}"
    built = subprocess.run([compiler, "-O1", f"-DPROBE_{extension.value}", *spec.compiler,
                            str(source), "-o", str(binary)], capture_output=True, text=True)
    if built.returncode != 0:
        return Trial(extension, True, False, f"the compiler cannot build {' '.join(spec.compiler)}")
    try:
        ran = subprocess.run([str(binary)], capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return Trial(extension, True, False, "timed out")
    if ran.returncode != 0:
        return Trial(extension, True, False, describe_exit(ran.returncode))
    return Trial(extension, True, True, "ran")


def probe(cpuinfo: Path = Path("/proc/cpuinfo"), source: Path | None = None) -> ProbeReport:
    """Run every extension's test program in a child process (in parallel: each is tiny).
    `source` replaces the bundled test programs (probe.c)."""
    flags = advertised_flags(cpuinfo)
    compiler = find_compiler()
    report = ProbeReport(platform.machine(), compiler, flags)
    if not is_x86() or compiler is None:
        return report
    advertised = set(flags)
    with tempfile.TemporaryDirectory(prefix="pocketeval-probe-") as tmp:
        work = Path(tmp)
        program = source or work / "probe.c"
        if source is None:
            program.write_bytes(resources.files("app.native").joinpath("probe.c").read_bytes())
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            trials = list(pool.map(lambda e: _trial(e, compiler, program, work, advertised),
                                   Extension))
    usable: set[Extension] = set()
    settled = []
    for trial in trials:  # an extension needs the ones it builds on (dependency order)
        missing = [r for r in SPECS[trial.extension].requires if r not in usable]
        if trial.advertised and missing:  # the more basic reason, whatever its own test did
            trial = Trial(trial.extension, True, False,
                          f"needs {', '.join(m.value for m in missing)}")
        if trial.usable:
            usable.add(trial.extension)
        settled.append(trial)
    return ProbeReport(report.machine, compiler, flags, tuple(settled))


@cache
def host_report() -> ProbeReport:
    """This host's probe, once per process (it compiles and runs 14 small programs)."""
    return probe()
