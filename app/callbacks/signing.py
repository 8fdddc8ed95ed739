"""A delivery's signature, as Stripe signs webhooks: HMAC-SHA256 under the run's secret over
the send time and the body, so a receiver can check both who sent it and that it is fresh
(docs/runs.md shows the check)."""

from __future__ import annotations

import hashlib
import hmac

HEADER = "PocketEval-Signature"


def signature(secret: str, body: bytes, timestamp: int) -> str:
    """The header's value: `t=<unix seconds>,v1=<hex digest>`."""
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={digest.hexdigest()}"
