"""Unpacking llama.cpp's source archive refuses links and paths outside its folder on every
Python 3.11, with or without `tarfile`'s extraction filters (3.11.4 and later): the same
checks run here and, where this machine has one, under a Python without the filters."""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
from collections.abc import Callable
from pathlib import Path

import pytest

from app.inference.llama_server.source_archive import UnsafeArchive, extract_tar

ROOT = Path(__file__).resolve().parents[2]


def _archive(path: Path, extra: Callable[[tarfile.TarFile], None] | None = None) -> Path:
    with tarfile.open(path, "w:gz") as archive:
        data = b"int main() { return 0; }\n"
        member = tarfile.TarInfo("pkg-1.0/vendor/main.c")
        member.size = len(data)
        archive.addfile(member, io.BytesIO(data))
        if extra is not None:
            extra(archive)
    return path


def _link(kind: bytes, name: str, target: str) -> Callable[[tarfile.TarFile], None]:
    def add(archive: tarfile.TarFile) -> None:
        member = tarfile.TarInfo(name)
        member.type, member.linkname = kind, target
        archive.addfile(member)
    return add


def _file(name: str) -> Callable[[tarfile.TarFile], None]:
    def add(archive: tarfile.TarFile) -> None:
        member = tarfile.TarInfo(name)
        member.size = 1
        archive.addfile(member, io.BytesIO(b"x"))
    return add


UNSAFE = {
    "symlink out": (_link(tarfile.SYMTYPE, "pkg-1.0/evil", "/etc/passwd"), "is a link"),
    "symlink in": (_link(tarfile.SYMTYPE, "pkg-1.0/alias", "vendor/main.c"), "is a link"),
    "hard link": (_link(tarfile.LNKTYPE, "pkg-1.0/hard", "pkg-1.0/vendor/main.c"),
                  "is a link"),
    "parent path": (_file("pkg-1.0/../../escaped"), "outside the folder"),
    "absolute path": (_file("/tmp/absolute-escape"), "outside the folder"),
    "device": (_link(tarfile.CHRTYPE, "pkg-1.0/tty", ""), "not a plain file"),
}


def test_a_plain_archive_unpacks(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    extract_tar(_archive(tmp_path / "ok.tar.gz"), tmp_path / "out")
    assert (tmp_path / "out" / "pkg-1.0" / "vendor" / "main.c").read_text().startswith("int")


@pytest.mark.parametrize("case", sorted(UNSAFE))
def test_unsafe_members_are_refused_and_nothing_is_written(tmp_path: Path, case: str) -> None:
    add, reason = UNSAFE[case]
    (tmp_path / "out").mkdir()
    with pytest.raises(UnsafeArchive, match=reason):
        extract_tar(_archive(tmp_path / "bad.tar.gz", add), tmp_path / "out")
    assert list((tmp_path / "out").iterdir()) == []
    assert not (tmp_path / "escaped").exists()


def test_the_branch_without_filters_refuses_the_same_in_this_python(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The condition of the test below, made here: a `tarfile` with no "data" filter, whose
    extractall writes members as they are (Python 3.11.0-3.11.3), so that the checks of
    extract_tar alone stand between an archive and the disk on every host."""
    monkeypatch.delattr(tarfile, "data_filter")
    monkeypatch.setattr(tarfile.TarFile, "extraction_filter",
                        staticmethod(tarfile.fully_trusted_filter), raising=False)
    (tmp_path / "out" / "refused").mkdir(parents=True)
    extract_tar(_archive(tmp_path / "ok.tar.gz"), tmp_path / "out")
    assert (tmp_path / "out" / "pkg-1.0" / "vendor" / "main.c").is_file()
    for case, (add, reason) in sorted(UNSAFE.items()):
        bad = _archive(tmp_path / f"{case.replace(' ', '-')}.tar.gz", add)
        with pytest.raises(UnsafeArchive, match=reason):
            extract_tar(bad, tmp_path / "out" / "refused")
    assert list((tmp_path / "out" / "refused").iterdir()) == []
    assert not (tmp_path / "escaped").exists()


def _python_without_filters() -> str | None:
    """An installed Python 3.11 older than 3.11.4 (Debian 12's), or None."""
    for candidate in ("/usr/bin/python3.11", shutil.which("python3.11")):
        if candidate is None or not Path(candidate).exists():
            continue
        probe = subprocess.run([candidate, "-c", "import tarfile, sys; "
                                "print(hasattr(tarfile, 'data_filter'), sys.version_info[:2])"],
                               capture_output=True, text=True)
        if probe.returncode == 0 and probe.stdout.startswith("False (3, 11)"):
            return candidate
    return None


@pytest.mark.needs("process")
def test_the_same_refusals_where_tarfile_has_no_filters(tmp_path: Path) -> None:
    python = _python_without_filters()
    if python is None:
        # a property of the host, not a part CI installs: the test above makes the same
        # condition in this Python
        pytest.skip("no Python 3.11 older than 3.11.4 on this machine (Debian 12's "
                    "/usr/bin/python3.11 is one)")
    script = (
        "import sys, pathlib\n"
        "from app.inference.llama_server.source_archive import UnsafeArchive, extract_tar\n"
        "good, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])\n"
        "extract_tar(good, out)\n"
        "for bad in sys.argv[3:]:\n"
        "    try:\n"
        "        extract_tar(pathlib.Path(bad), out / 'refused')\n"
        "    except UnsafeArchive as exc:\n"
        "        print('refused', exc)\n"
        "    else:\n"
        "        print('extracted', bad)\n")
    bad = []
    for case, (add, _reason) in sorted(UNSAFE.items()):
        bad.append(str(_archive(tmp_path / f"{case.replace(' ', '-')}.tar.gz", add)))
    (tmp_path / "out" / "refused").mkdir(parents=True)
    done = subprocess.run([python, "-c", script, str(_archive(tmp_path / "ok.tar.gz")),
                           str(tmp_path / "out"), *bad], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("refused ") == len(UNSAFE), done.stdout
    assert (tmp_path / "out" / "pkg-1.0" / "vendor" / "main.c").is_file()
    assert list((tmp_path / "out" / "refused").iterdir()) == []
    assert not (tmp_path / "escaped").exists()
