"""What a run's callback is asked for with, and how its deliveries read."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field, SecretStr

from app.http import HTTP_URL, RequestModel
from app.records import CallbackState


class NotifyIn(RequestModel):
    url: str = Field(min_length=1, max_length=2048, pattern=HTTP_URL,
                     description="Where the run's end is POSTed (a JSON summary); the same "
                     "addresses are refused as for model endpoints, and a host this server "
                     "does not resolve (422 naming notify.url)",
                     examples=["https://ci.example.com/hooks/pocketeval"])
    secret: SecretStr | None = Field(
        default=None, min_length=16, max_length=256,
        description="Signs each delivery: the PocketEval-Signature header holds "
        "t=<unix time>,v1=<hex HMAC-SHA256 of '<t>.' + body under this secret>. Without "
        "one, deliveries are unsigned. Never returned by the API")


class AttemptRead(BaseModel):
    attempted_at: datetime
    status_code: int | None = Field(description="The receiver's status; null when no "
                                    "answer came (the error says why)")
    error: str | None
    duration_ms: float


class NotificationsRead(BaseModel):
    run_id: int
    url: str | None = Field(description="Scheme, host and path (no query); null when the "
                            "run named no `notify`")
    state: CallbackState | None
    signed: bool
    next_attempt_at: datetime | None
    delivered_at: datetime | None
    attempts: list[AttemptRead]
