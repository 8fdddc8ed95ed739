"""The server's Ed25519 key, which signs every bundle's manifest.

Generated on first use beside the API key (<var_dir>/signing-key.pem, 0600) unless
POCKETEVAL_SIGNING_KEY_FILE names one. Several server processes may start at once: the
first to link its new key into place wins, and the others read that one.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

ALGORITHM = "Ed25519"


@dataclass(frozen=True)
class SigningKey:
    private: Ed25519PrivateKey

    def sign(self, data: bytes) -> bytes:
        return self.private.sign(data)

    @property
    def public_pem(self) -> str:
        return self.private.public_key().public_bytes(
            serialization.Encoding.PEM,
            serialization.PublicFormat.SubjectPublicKeyInfo).decode("ascii")

    @property
    def fingerprint(self) -> str:
        """sha256 of the raw 32-byte public key, hex: what a reader compares by eye."""
        raw = self.private.public_key().public_bytes(serialization.Encoding.Raw,
                                                     serialization.PublicFormat.Raw)
        return "sha256:" + hashlib.sha256(raw).hexdigest()


def _pem(private: Ed25519PrivateKey) -> bytes:
    return private.private_bytes(serialization.Encoding.PEM,
                                 serialization.PrivateFormat.PKCS8,
                                 serialization.NoEncryption())


def _read(path: Path) -> SigningKey:
    loaded = serialization.load_pem_private_key(path.read_bytes(), password=None)
    if not isinstance(loaded, Ed25519PrivateKey):
        raise ValueError(f"{path} holds a {type(loaded).__name__}, not an Ed25519 key")
    return SigningKey(loaded)


def load_or_create(path: Path) -> SigningKey:
    """The key at `path`, made there (0600) when there is none."""
    if path.is_file():
        return _read(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".signing-key-")
    try:
        os.fchmod(fd, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(_pem(Ed25519PrivateKey.generate()))
        # never replaces a key another process made first: that one is the server's
        with contextlib.suppress(FileExistsError):
            os.link(tmp, path)
    finally:
        os.unlink(tmp)
    return _read(path)
