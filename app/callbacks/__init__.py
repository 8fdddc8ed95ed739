"""Run callbacks: a run that names `notify` is reported to that URL when it ends, signed,
through an outbox in the database that survives restarts and is retried for a day."""

from __future__ import annotations

from app.callbacks import outbox
from app.callbacks.delivery import Deliverer
from app.callbacks.schemas import NotifyIn

__all__ = ["Deliverer", "NotifyIn", "outbox"]
