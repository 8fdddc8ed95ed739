"""The bundle's files, their hashes and the manifest's signature."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from pocketeval_verify.report import Report

SIGNED = ("manifest.json", "manifest.sig", "public-key.pem")  # not listed in the manifest


@dataclass
class Bundle:
    manifest: dict[str, Any]
    files: dict[str, bytes]

    def json(self, name: str) -> Any:
        return json.loads(self.files[name])

    def jsonl(self, name: str) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.files[name].splitlines() if line.strip()]


def fingerprint(key: Ed25519PublicKey) -> str:
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return "sha256:" + hashlib.sha256(raw).hexdigest()


def load_public_key(text: bytes) -> Ed25519PublicKey:
    key = serialization.load_pem_public_key(text)
    if not isinstance(key, Ed25519PublicKey):
        raise ValueError(f"not an Ed25519 public key but {type(key).__name__}")
    return key


def open_bundle(path: Path | bytes, public_key: bytes | None, report: Report) -> Bundle:
    """The bundle's files, after checking the signature and every listed hash. `public_key`
    is the key the reader trusts (PEM); without one the bundle's own key is used, which
    shows the bundle is whole, not who made it."""
    with zipfile.ZipFile(io.BytesIO(path) if isinstance(path, bytes) else path) as archive:
        files = {info.filename: archive.read(info) for info in archive.infolist()
                 if not info.is_dir()}
    for name in SIGNED:
        if name not in files:
            report.add(name, "bundle", "present", "missing", "required")
    manifest_bytes = files.get("manifest.json", b"{}")
    key = load_public_key(public_key or files.get("public-key.pem", b""))
    try:
        key.verify(base64.b64decode(files.get("manifest.sig", b"")), manifest_bytes)
        report.count("signature")
    except InvalidSignature:
        report.add("manifest.sig", "signature", "Ed25519", "a signature of manifest.json",
                   f"not made by the key {fingerprint(key)}")
    manifest = json.loads(manifest_bytes)
    listed: dict[str, str] = manifest.get("files", {})
    for name, digest in sorted(listed.items()):
        if name not in files:
            report.add(name, "bundle", "present", digest, "missing")
            continue
        found = hashlib.sha256(files[name]).hexdigest()
        if found != digest:
            report.add(name, "manifest.json", f"files.{name}", digest, found)
        report.count("file hashes")
    for name in sorted(set(files) - set(listed) - set(SIGNED)):
        report.add(name, "bundle", "listed in the manifest", "not listed", "present")
    return Bundle(manifest, files)
