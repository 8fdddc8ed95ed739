"""A loopback server that speaks the Hugging Face Hub's file API for dataset repositories,
enough for the real `huggingface_hub` client: repository info with file metadata
(`/api/datasets/<repo>/revision/<rev>`), the file tree (`/api/datasets/<repo>/tree/<rev>`)
and file downloads
(`/datasets/<repo>/resolve/<rev>/<path>`, HEAD and GET with the X-Repo-Commit and ETag
headers). Repositories are folders under `root` (`root/<org>/<name>/...`); each has one
commit, named by the hash of its files. Parquet files are listed as LFS files (sha256), the
rest as git blobs (sha1 blob id), as the Hub does. A repository in `gated` answers 401
without the token and 403 with another one, with the Hub's X-Error-Code: GatedRepo.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

LFS_SUFFIXES = (".parquet", ".zip")


TRICKLE_CHUNK = 64 * 1024


def _blob_id(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()


class HubRepos:
    """`pinned`: repositories whose commit is named as the catalog pins it (the files served
    stand in for that commit's); the others' commit is the hash of their files."""

    def __init__(self, root: Path, gated: dict[str, str] | None = None,
                 pinned: dict[str, str] | None = None) -> None:
        self.root = root
        self.gated = gated or {}
        self.pinned = pinned or {}
        self.trickle_s = 0.0  # set: responses go out 64 KiB at a time, this far apart
        self.tampered: dict[tuple[str, str], bytes] = {}  # served instead of the listed bytes
        self.downloads: list[str] = []

    def files(self, repo: str) -> dict[str, Path]:
        folder = self.root / repo
        return {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*"))
                if p.is_file()}

    def commit(self, repo: str) -> str:
        if repo in self.pinned:
            return self.pinned[repo]
        manifest = "".join(f"{path} {hashlib.sha256(p.read_bytes()).hexdigest()}\n"
                           for path, p in self.files(repo).items())
        return hashlib.sha1(manifest.encode(), usedforsecurity=False).hexdigest()

    def etag(self, path: str, data: bytes) -> str:
        return (hashlib.sha256(data).hexdigest() if path.endswith(LFS_SUFFIXES)
                else _blob_id(data))


def _handler(repos: HubRepos) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            return

        def _send(self, status: int, body: bytes = b"", headers: dict[str, str] | None = None,
                  head: bool = False) -> None:
            self.send_response(status)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if head:
                return
            if not repos.trickle_s:
                self.wfile.write(body)
                return
            for start in range(0, len(body), TRICKLE_CHUNK):  # a slow link
                self.wfile.write(body[start:start + TRICKLE_CHUNK])
                self.wfile.flush()
                time.sleep(repos.trickle_s)

        def _error(self, status: int, code: str, message: str, head: bool) -> None:
            self._send(status, json.dumps({"error": message}).encode(),
                       {"X-Error-Code": code, "X-Error-Message": message,
                        "Content-Type": "application/json"}, head)

        def _repo(self, parts: list[str], head: bool) -> str | None:
            repo = "/".join(parts[:2])
            if len(parts) < 2 or not (repos.root / repo).is_dir():
                self._error(404, "RepoNotFound", f"Repository {repo} not found", head)
                return None
            token = repos.gated.get(repo)
            if token is not None:
                sent = self.headers.get("Authorization", "")
                if not sent:
                    self._error(401, "GatedRepo", f"Access to dataset {repo} is restricted. "
                                "You must be authenticated to access it.", head)
                    return None
                if sent != f"Bearer {token}":
                    self._error(403, "GatedRepo", f"Access to dataset {repo} is restricted "
                                "and you are not in the authorized list.", head)
                    return None
            return repo

        def _serve(self, head: bool) -> None:
            parts = [unquote(p) for p in urlsplit(self.path).path.split("/") if p]
            if parts[:2] == ["api", "datasets"] and "tree" in parts:  # .../<repo>/tree/<rev>
                at = parts.index("tree")
                repo = self._repo(parts[2:at], head)
                if repo is not None and len(parts) > at + 1:
                    self._tree(repo, parts[at + 1], head)
            elif parts[:2] == ["api", "datasets"]:  # .../<repo>[/revision/<rev>]
                at = parts.index("revision") if "revision" in parts else len(parts)
                repo = self._repo(parts[2:at], head)
                if repo is not None:
                    self._info(repo, "/".join(parts[at + 1:]) or "main", head)
            elif parts[:1] == ["datasets"] and "resolve" in parts:
                at = parts.index("resolve")
                repo = self._repo(parts[1:at], head)
                if repo is not None and len(parts) > at + 2:
                    self._file(repo, parts[at + 1], "/".join(parts[at + 2:]), head)
            else:
                self._error(404, "EntryNotFound", f"no route {self.path}", head)

        def _revision_ok(self, repo: str, revision: str, head: bool) -> bool:
            if revision in ("main", repos.commit(repo)):
                return True
            self._error(404, "RevisionNotFound", f"Invalid rev id: {revision}", head)
            return False

        def _entries(self, repo: str) -> list[dict[str, object]]:
            out = []
            for path, file in repos.files(repo).items():
                data = file.read_bytes()
                entry: dict[str, object] = {"path": path, "size": len(data),
                                            "oid": _blob_id(data)}
                if path.endswith(LFS_SUFFIXES):
                    entry["lfs"] = {"oid": hashlib.sha256(data).hexdigest(),
                                    "size": len(data), "pointerSize": 134}
                out.append(entry)
            return out

        def _tree(self, repo: str, revision: str, head: bool) -> None:
            """The recursive listing, files only (one page: no Link header)."""
            if not self._revision_ok(repo, revision, head):
                return
            body = [{"type": "file", **entry} for entry in self._entries(repo)]
            self._send(200, json.dumps(body).encode(), {"Content-Type": "application/json"},
                       head)

        def _info(self, repo: str, revision: str, head: bool) -> None:
            if not self._revision_ok(repo, revision, head):
                return
            siblings = []
            for entry in self._entries(repo):
                lfs = entry.get("lfs")
                sibling = {"rfilename": entry["path"], "size": entry["size"],
                           "blobId": entry["oid"]}
                if isinstance(lfs, dict):
                    sibling["lfs"] = {"sha256": lfs["oid"], "size": lfs["size"],
                                      "pointerSize": lfs["pointerSize"]}
                siblings.append(sibling)
            body = {"_id": repo, "id": repo, "author": repo.split("/")[0],
                    "sha": repos.commit(repo), "private": False,
                    "gated": "manual" if repo in repos.gated else False, "disabled": False,
                    "downloads": 0, "likes": 0, "tags": [], "siblings": siblings,
                    "lastModified": "2026-01-01T00:00:00.000Z",
                    "createdAt": "2026-01-01T00:00:00.000Z"}
            self._send(200, json.dumps(body).encode(), {"Content-Type": "application/json"},
                       head)

        def _file(self, repo: str, revision: str, path: str, head: bool) -> None:
            if not self._revision_ok(repo, revision, head):
                return
            file = repos.files(repo).get(path)
            if file is None:
                self._error(404, "EntryNotFound", f"{path} does not exist", head)
                return
            data = file.read_bytes()
            etag = repos.etag(path, data)
            served = repos.tampered.get((repo, path), data)
            if not head:
                repos.downloads.append(f"{repo}/{path}")
            self._send(200, served, {"X-Repo-Commit": repos.commit(repo),
                                     "ETag": f'"{etag}"', "Accept-Ranges": "bytes",
                                     "Content-Type": "application/octet-stream"}, head)

        def do_HEAD(self) -> None:  # noqa: N802
            self._serve(head=True)

        def do_GET(self) -> None:  # noqa: N802
            self._serve(head=False)

    return Handler


@contextmanager
def serve_hub(repos: HubRepos) -> Iterator[str]:
    """Serve `repos` on a free loopback port; yields the endpoint URL (HF_ENDPOINT)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(repos))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
