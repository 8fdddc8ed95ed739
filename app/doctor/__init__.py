"""`pocketeval doctor` and `GET /system`: whether this installation can do its work here."""

from __future__ import annotations

from app.doctor.checks import diagnose

__all__ = ["diagnose"]
