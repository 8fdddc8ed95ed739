"""What a request passes before its route does anything: the API key it carries and its
scope (security), and for a write with an Idempotency-Key, whether it was served before
(idempotency)."""

from __future__ import annotations

from app.guards.idempotency import Idempotency, document_idempotency_keys
from app.guards.security import (
    AdminKeyDep,
    ReadKeyDep,
    WriteKeyDep,
    key_name,
    optional_read_security,
)

__all__ = ["AdminKeyDep", "Idempotency", "ReadKeyDep", "WriteKeyDep", "document_idempotency_keys",
           "key_name", "optional_read_security"]
