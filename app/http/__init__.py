"""HTTP plumbing every part shares, importing no other part: the errors they raise as
problem+json, the base of request bodies, the request a log line belongs to, body and header
limits, pagination and response encoding."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.faces import lazy_face

if TYPE_CHECKING:
    from app.http.api_docs import install_api_docs, schema_objects
    from app.http.body_limit import BodySizeLimit
    from app.http.errors import (
        PROBLEM_RESPONSES,
        AppError,
        Conflict,
        Forbidden,
        HostNotResolved,
        InvalidInput,
        NotFound,
        Problem,
        Relayed,
        ServiceUnavailable,
        Unauthorized,
        UnsupportedMediaType,
        UpstreamRefused,
        install_error_handlers,
        problem_response,
    )
    from app.http.model_response import ModelResponse
    from app.http.pagination import CursorQuery, keyset_page, next_cursor
    from app.http.protocol import protocol_with
    from app.http.query_params import KnownQueryDep
    from app.http.request_id import RequestIds, logging_config
    from app.http.request_model import (
        BIGINT_MAX,
        HTTP_URL,
        INTEGER_MAX,
        JsonInt,
        RequestModel,
        any_of_given,
        given,
        one_of_given,
    )

__all__ = [
    "AppError", "BIGINT_MAX", "BodySizeLimit", "Conflict", "CursorQuery", "Forbidden", "HTTP_URL",
    "HostNotResolved", "INTEGER_MAX", "InvalidInput", "JsonInt", "KnownQueryDep", "ModelResponse",
    "NotFound", "PROBLEM_RESPONSES", "Problem", "Relayed", "RequestIds", "RequestModel",
    "ServiceUnavailable", "Unauthorized", "UnsupportedMediaType", "UpstreamRefused", "any_of_given",
    "given", "install_api_docs", "install_error_handlers", "keyset_page", "logging_config",
    "next_cursor", "one_of_given", "problem_response", "protocol_with", "schema_objects",
]

if not TYPE_CHECKING:
    __getattr__ = lazy_face(__name__, __file__)
