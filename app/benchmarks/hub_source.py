"""Where a catalog benchmark's published files live on the Hugging Face Hub.

A benchmark's `hub` names the dataset repository, the revision to pull (a commit, so every
pull gets the same bytes; `main` where no commit is pinned, and then the commit the pull
resolved is recorded with each file's sha256), which files to take (glob patterns over
the repository's paths) and the import layout of each, and what a user must know before
downloading: the licence and whether the repository is gated (needs an accepted licence and
a token).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HubFiles:
    """Repository paths matching `pattern` (fnmatch: `*` spans folders), imported with
    `layout`."""

    pattern: str
    layout: str


@dataclass(frozen=True)
class HubSource:
    repo_id: str
    files: tuple[HubFiles, ...]
    licence: str
    revision: str = "main"
    # files whose sha256 is known: repository path -> sha256 (checked after download)
    sha256: tuple[tuple[str, str], ...] = ()
    gated: bool = False
    note: str = ""

    @property
    def page(self) -> str:
        return f"https://huggingface.co/datasets/{self.repo_id}"

    def known_sha256(self, path: str) -> str | None:
        return dict(self.sha256).get(path)
