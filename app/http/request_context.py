"""What the serving process knows of the request it is serving, wherever the code stands: its
id (set by app.http.request_id), read by logs and problem+json bodies."""

from __future__ import annotations

from contextvars import ContextVar

REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)
