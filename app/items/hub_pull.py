"""Pulling a catalog benchmark's published files from the Hugging Face Hub and importing them.

The real `huggingface_hub` client does the transfer, so HF_TOKEN, HF_ENDPOINT, HF_HUB_OFFLINE
and the HF cache (HF_HOME, HF_HUB_CACHE) work as they do for every Hub tool. Each file is
checked against the sha256 the Hub lists for it (LFS files) or its git blob id (small
files), and against the catalog's pin where it has one, before anything is imported. The
import is the usual all-or-nothing one, with `replace` semantics: pulling again changes
nothing unless the files did, and items keep their ids.
"""

from __future__ import annotations

import fnmatch
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from app.benchmarks import BenchmarkSpec, HubSource, benchmark_of, get_benchmark
from app.http import Conflict, UpstreamRefused
from app.items.importer import ImportOptions, Upload, parse_uploads
from app.items.service import store_items
from app.records import HubPull, PulledFile, PullReport, PullStage

MAX_PULL_BYTES = 1024 * 2**20  # the largest catalog set is a few MB
# (stage, files to fetch, their bytes, bytes received so far); None where not yet known
Progress = Callable[[PullStage, int | None, int | None, int | None], None]


@dataclass(frozen=True)
class Fetched:
    pull: HubPull
    uploads: list[Upload]


def _git_blob_sha1(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


def select_files(source: HubSource, paths: list[str]) -> list[tuple[str, str]]:
    """(path, layout) for every repository path a catalog pattern matches, in order."""
    chosen: dict[str, str] = {}
    for files in source.files:
        for path in sorted(paths):
            if fnmatch.fnmatchcase(path, files.pattern):
                chosen.setdefault(path, files.layout)
    return list(chosen.items())


def source_of(spec: BenchmarkSpec) -> HubSource:
    if spec.hub is None:
        raise Conflict(f"{spec.name} has no published files on the Hugging Face Hub; "
                           "import its files instead", field="name")
    return spec.hub


def _refused(spec: BenchmarkSpec, source: HubSource, exc: Exception) -> UpstreamRefused:
    from huggingface_hub import get_token
    from huggingface_hub.errors import GatedRepoError, RepositoryNotFoundError

    if isinstance(exc, GatedRepoError) or (source.gated and
                                           isinstance(exc, RepositoryNotFoundError)):
        todo = (f"accept its terms at {source.page} with your Hugging Face account, then "
                "set HF_TOKEN to a token of that account")
        if get_token() is None:
            why = f"{spec.name}: {source.repo_id} is gated and no Hugging Face token is set"
        else:
            why = f"{spec.name}: {source.repo_id} is gated and the Hub refused the token given"
        return UpstreamRefused(f"{why}; {todo}", field="HF_TOKEN", benchmark=spec.name,
                               repo_id=source.repo_id)
    return UpstreamRefused(f"{spec.name}: the Hub answered {type(exc).__name__}: "
                           f"{str(exc).splitlines()[0][:300]}", benchmark=spec.name,
                           repo_id=source.repo_id)


def _reporting_bars(progress: Progress) -> type[Any]:
    """A progress-bar class for `snapshot_download` that shows nothing and hands its byte
    counts to `progress`. The Hub client keeps two byte bars over all files (received and
    written to disk), so what is reported is the larger of the two."""
    from huggingface_hub.utils.tqdm import tqdm as hf_tqdm

    counts: dict[int, int] = {}

    class Reporting(hf_tqdm):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self.counts_bytes = kwargs.get("unit") == "B"
            kwargs["disable"] = True
            super().__init__(*args, **kwargs)  # type: ignore[no-untyped-call]

        def update(self, n: float | None = 1) -> bool | None:
            if self.counts_bytes and n:
                counts[id(self)] = counts.get(id(self), 0) + int(n)
                progress(PullStage.DOWNLOADING, None, None, max(counts.values()))
            return super().update(n)  # type: ignore[no-any-return]

    return Reporting


def _unreachable(exc: BaseException) -> bool:
    """A failure to reach the Hub (no route, refused, a name that does not resolve, a
    timeout) from the Hub client's HTTP library, whichever it is: its transport errors."""
    return isinstance(exc, OSError) or any(
        cls.__name__ in ("TransportError", "ConnectionError", "Timeout")
        for cls in type(exc).__mro__)


def fetch(spec: BenchmarkSpec, revision: str | None = None,
          progress: Progress | None = None) -> Fetched:
    """Download (or take from the HF cache) the files the catalog names, verified.
    `progress(stage, files, bytes, bytes_received)` hears how far it got (from the download's
    threads); without it the Hub client shows its own progress bars (the CLI)."""
    from huggingface_hub import HfApi, constants, snapshot_download
    from huggingface_hub.constants import is_offline_mode
    from huggingface_hub.errors import HfHubHTTPError, LocalEntryNotFoundError

    source = source_of(spec)
    wanted = revision or source.revision
    expected: dict[str, tuple[str, str]] = {}
    report = progress or (lambda stage, files, size, new: None)
    bars = None if progress is None else _reporting_bars(progress)
    report(PullStage.RESOLVING, None, None, None)
    try:
        if is_offline_mode():
            folder = Path(snapshot_download(source.repo_id, repo_type="dataset",
                                            revision=wanted, local_files_only=True))
            paths = [p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()]
            commit = folder.name
            cached = select_files(source, paths)
            report(PullStage.DOWNLOADING, len(cached),
                   sum((folder / path).stat().st_size for path, _layout in cached), None)
        else:
            info = HfApi().dataset_info(source.repo_id, revision=wanted, files_metadata=True)
            commit = info.sha or wanted
            paths = []
            for sibling in info.siblings or []:
                paths.append(sibling.rfilename)
                if sibling.lfs is not None:
                    expected[sibling.rfilename] = ("sha256", sibling.lfs.sha256)
                elif sibling.blob_id:
                    expected[sibling.rfilename] = ("git blob id", sibling.blob_id)
            chosen = select_files(source, paths)
            size = sum(s.size or 0 for s in info.siblings or [] if s.rfilename in dict(chosen))
            if size > MAX_PULL_BYTES:
                raise Conflict(f"{spec.name}: the files to pull hold {size} bytes, more than "
                               f"{MAX_PULL_BYTES}", field="name")
            report(PullStage.DOWNLOADING, len(chosen), size, None)
            # by the name asked for, so the HF cache maps it to the commit (offline pulls)
            folder = Path(snapshot_download(
                source.repo_id, repo_type="dataset", revision=wanted,
                allow_patterns=[path for path, _layout in chosen], tqdm_class=bars))
            if folder.name != commit:
                raise UpstreamRefused(f"{spec.name}: {source.repo_id} moved from {commit} to "
                                      f"{folder.name} during the pull; pull again",
                                      benchmark=spec.name)
    except LocalEntryNotFoundError as exc:
        if is_offline_mode():
            raise UpstreamRefused(f"{spec.name}: HF_HUB_OFFLINE is set and {source.repo_id} at "
                                  f"{wanted} is not in the Hugging Face cache; pull it once "
                                  "online", field="HF_HUB_OFFLINE", benchmark=spec.name) from exc
        raise UpstreamRefused(f"{spec.name}: could not download {source.repo_id} from "
                              f"{constants.ENDPOINT} ({exc.__cause__ or exc}); check the "
                              "connection or HF_ENDPOINT", field="HF_ENDPOINT",
                              benchmark=spec.name) from exc
    except HfHubHTTPError as exc:
        raise _refused(spec, source, exc) from exc
    except Exception as exc:
        if not _unreachable(exc):
            raise
        raise UpstreamRefused(
            f"{spec.name}: cannot reach the Hugging Face Hub at {constants.ENDPOINT} ("
            f"{type(exc).__name__}: {exc}); check the connection, set HF_ENDPOINT to a "
            "mirror, or import the published files from disk (`pocketeval import`)",
            field="HF_ENDPOINT", benchmark=spec.name) from exc
    chosen = select_files(source, paths)
    if not chosen:
        patterns = ", ".join(f.pattern for f in source.files)
        raise UpstreamRefused(f"{spec.name}: no file of {source.repo_id} at {commit} matches "
                              f"{patterns}", benchmark=spec.name)
    uploads, pulled = [], []
    for path, layout in chosen:
        data = (folder / path).read_bytes()
        sha256 = hashlib.sha256(data).hexdigest()
        checks = []
        if path in expected:
            kind, want = expected[path]
            got = sha256 if kind == "sha256" else _git_blob_sha1(data)
            if got != want:
                _forget(folder / path)
                raise UpstreamRefused(f"{spec.name}: {path} does not match the {kind} the Hub "
                                      f"lists ({got} != {want}); nothing was imported, and "
                                      f"the file was removed from the Hugging Face cache, so "
                                      f"the next pull downloads it again", benchmark=spec.name)
            checks.append(f"Hub {kind}")
        pinned = source.known_sha256(path)
        if pinned is not None:
            if sha256 != pinned:
                _forget(folder / path)
                raise UpstreamRefused(f"{spec.name}: {path} has sha256 {sha256}, the catalog "
                                      f"pins {pinned}; nothing was imported, and the file was "
                                      "removed from the Hugging Face cache, so the next pull "
                                      "downloads it again", benchmark=spec.name)
            checks.append("catalog pin")
        origin = f"hf://datasets/{source.repo_id}@{commit}/{path}"
        uploads.append(Upload(path.rsplit("/", 1)[-1], data, layout=layout, origin=origin))
        pulled.append(PulledFile(path=path, layout=layout, size=len(data), sha256=sha256,
                                 verified_by=" and ".join(checks) or "none (offline, no pin)"))
    return Fetched(HubPull(repo_id=source.repo_id, revision=wanted, commit=commit,
                           licence=source.licence, gated=source.gated, files=pulled), uploads)


def _forget(cached: Path) -> None:
    """Take a refused file out of the HF cache (its snapshot link and the blob behind it):
    left there, every later pull would be served the same bytes and refuse them again."""
    blob = cached.resolve()
    cached.unlink(missing_ok=True)
    if blob != cached:
        blob.unlink(missing_ok=True)


def store_pull(session: Session, name: str, fetched: Fetched, max_errors: int) -> PullReport:
    """Import what `fetch` brought, all or nothing; items already there are replaced in
    place (same ids, samples stay attached), unchanged ones counted."""
    bench = get_benchmark(session, name)
    parsed = parse_uploads(benchmark_of(bench), fetched.uploads, ImportOptions())
    return PullReport(pull=fetched.pull,
                      items=store_items(session, bench, parsed, "replace", max_errors))
