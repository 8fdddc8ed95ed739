"""A response serialised straight from its pydantic model.

FastAPI serialises an endpoint's returned model by validating it against the response
model again and then encoding it in a second pass: for a page of 50 runs that was 6 of the
request's 10 ms, and under load that time is held against every other request (one GIL).
`model_dump_json` does it in one pass, in pydantic's Rust core. The route still declares its
`response_model`, so the OpenAPI document is unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import Response
from pydantic import BaseModel


class ModelResponse(Response):
    media_type = "application/json"

    def __init__(self, model: BaseModel, status_code: int = 200,
                 headers: Mapping[str, str] | None = None) -> None:
        super().__init__(model.model_dump_json().encode(), status_code, headers)
