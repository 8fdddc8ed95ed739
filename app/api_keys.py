"""API keys as the server holds them: a name, the scopes it grants and the sha256 of its
secret. Keys may be configured hashed, so the server need never hold one in clear."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from enum import StrEnum
from typing import Self

from pydantic import BaseModel, ConfigDict, Field, SecretStr, model_validator


class Scope(StrEnum):
    """What a key may do. Each grants the ones below it: admin > write > read."""

    READ = "read"  # results, runs, items (only asked for when reads need a key)
    WRITE = "write"  # runs, scores, imports of predictions, device metrics
    ADMIN = "admin"  # model files, benchmark definitions and their items, the host's report


_RANK = {Scope.READ: 0, Scope.WRITE: 1, Scope.ADMIN: 2}


def key_digest(secret: str) -> bytes:
    return hashlib.sha256(secret.encode()).digest()


@dataclass(frozen=True)
class ApiKey:
    name: str  # recorded on what the key creates (a run's created_by)
    scope: Scope  # the highest scope it grants
    digest: bytes  # sha256 of the secret

    def grants(self, needed: Scope) -> bool:
        return _RANK[self.scope] >= _RANK[needed]

    @classmethod
    def unnamed(cls, secret: str) -> ApiKey:
        """A key from POCKETEVAL_API_KEYS or the key file: every scope, named by the start of
        its hash (which says nothing of the key)."""
        digest = key_digest(secret)
        return cls(f"key-{digest.hex()[:8]}", Scope.ADMIN, digest)


class KeyConfig(BaseModel):
    """One entry of POCKETEVAL_KEYS (a JSON list): `{"name": "ci", "scope": "write",
    "sha256": "<hex of sha256(key)>"}`, or `"key": "<the key>"` instead of `sha256`."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
    scope: Scope
    sha256: str | None = Field(default=None, pattern=r"^[0-9a-f]{64}$")
    key: SecretStr | None = Field(default=None, min_length=16)

    @model_validator(mode="after")
    def _one_secret(self) -> Self:
        if (self.sha256 is None) == (self.key is None):
            raise ValueError(f"key {self.name!r}: give exactly one of sha256 and key")
        return self

    def api_key(self) -> ApiKey:
        digest = bytes.fromhex(self.sha256) if self.sha256 is not None \
            else key_digest(self.key.get_secret_value() if self.key is not None else "")
        return ApiKey(self.name, self.scope, digest)
