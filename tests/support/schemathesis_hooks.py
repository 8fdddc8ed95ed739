"""Schemathesis hooks for the contract test (loaded by name through SCHEMATHESIS_HOOKS): every
generated POST carries an Idempotency-Key of its own. A generated header repeats values
across requests, and the same key with another body is refused (422) by design."""

from __future__ import annotations

import uuid
from typing import Any

import schemathesis


@schemathesis.hook
def before_call(ctx: Any, case: Any, **kwargs: Any) -> None:
    if case.method.upper() == "POST":
        case.headers = {**(case.headers or {}), "Idempotency-Key": uuid.uuid4().hex}
