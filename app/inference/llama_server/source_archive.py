"""Unpacking a downloaded source archive without trusting its member names.

`tarfile`'s "data" filter (Python 3.11.4 and later) refuses links outside the folder,
absolute paths and device files; older 3.11 releases have no filter and would write
wherever a member's name points. Every member is checked here first, on every version, so
what is refused does not depend on the Python that runs the build: links of any kind,
anything but plain files and folders, absolute names and names that leave the folder."""

from __future__ import annotations

import tarfile
from pathlib import Path


class UnsafeArchive(Exception):
    pass


def unsafe_member(member: tarfile.TarInfo, folder: Path) -> str | None:
    """Why `member` may not be written under `folder`, or None when it may."""
    if member.issym() or member.islnk():
        return f"{member.name!r} is a link"
    if not (member.isfile() or member.isdir()):
        return f"{member.name!r} is not a plain file or folder"
    name = Path(member.name)
    if name.is_absolute() or ".." in name.parts:
        return f"{member.name!r} names a path outside the folder"
    root = folder.resolve()
    if not (root / name).resolve().is_relative_to(root):
        return f"{member.name!r} names a path outside the folder"
    return None


def extract_tar(archive_path: Path, folder: Path) -> None:
    """Every member of the archive under `folder`, or UnsafeArchive naming the first member
    that may not be written (then nothing is written)."""
    with tarfile.open(archive_path) as archive:
        members = archive.getmembers()
        for member in members:
            if (reason := unsafe_member(member, folder)) is not None:
                raise UnsafeArchive(f"{archive_path.name}: {reason}")
        if hasattr(tarfile, "data_filter"):
            archive.extractall(folder, members=members, filter="data")
        else:  # Python < 3.11.4: the members were checked above
            archive.extractall(folder, members=members)  # noqa: S202
