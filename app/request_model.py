"""The base of every request body: a field the API does not know is refused (422 naming
it), never silently ignored, so a misspelt or misplaced setting cannot run as a default."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class RequestModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
