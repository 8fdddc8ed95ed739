"""Application errors rendered as RFC 9457 application/problem+json."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field, JsonValue
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.http.request_context import REQUEST_ID

PROBLEM_JSON = "application/problem+json"


class Problem(BaseModel):
    """RFC 9457 problem details; `errors` lists each rejected field or line."""

    type: str
    title: str
    status: int
    detail: str
    instance: str | None = None
    field: str | None = None
    errors: list[dict[str, object]] | None = None  # object, not JsonValue: the schema says "any"
    error_count: int | None = None
    scope: str | None = Field(default=None, description="The key scope the operation needs "
                              "(403)")
    request_id: str | None = Field(default=None, description="The answer's X-Request-ID, "
                                   "as the server's log lines of the request carry it")


def _problem_response(description: str) -> dict[str, object]:
    return {"model": Problem, "description": description,
            "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/Problem"}}}}


PROBLEM_RESPONSES: dict[int | str, dict[str, object]] = {  # FastAPI's `responses` entries
    400: _problem_response("The request body could not be parsed (not UTF-8, nested too deep, "
                           "malformed multipart); `detail` says which; nothing was changed"),
    401: _problem_response("Missing or invalid API key"),
    403: _problem_response("The key's scope does not cover this operation; `scope` names "
                           "the one needed"),
    404: _problem_response("Not found"),
    409: _problem_response("Conflict"),
    413: _problem_response("Request body too large"),
    415: _problem_response("Unsupported media type"),
    422: _problem_response("Invalid input; nothing was changed"),
    503: _problem_response("Scoring could not finish in time; nothing was changed"),
}


class AppError(Exception):
    """Base of every error the API reports on purpose."""

    status = 400
    title = "Bad request"
    type_slug = "bad-request"

    def __init__(self, detail: str, *, errors: Sequence[Mapping[str, JsonValue]] | None = None,
                 **extra: JsonValue) -> None:
        super().__init__(detail)
        self.detail = detail
        self.errors = None if errors is None else [dict(e) for e in errors]
        self.extra = extra


class NotFound(AppError):
    status, title, type_slug = 404, "Not found", "not-found"


class Conflict(AppError):
    status, title, type_slug = 409, "Conflict", "conflict"


class Forbidden(AppError):
    """A valid key whose scope does not cover the operation; `scope` names the one needed."""

    status, title, type_slug = 403, "Forbidden", "forbidden"


class InvalidInput(AppError):
    status, title, type_slug = 422, "Invalid input", "invalid-input"


class Unauthorized(AppError):
    status, title, type_slug = 401, "Unauthorized", "unauthorized"


class UnsupportedMediaType(AppError):
    status, title, type_slug = 415, "Unsupported media type", "unsupported-media-type"


class UpstreamRefused(AppError):
    """A service PocketEval fetches from (the Hugging Face Hub) refused or failed."""

    status, title, type_slug = 502, "Upstream refused", "upstream-refused"


class HostNotResolved(AppError):
    """A URL's host that this server's DNS does not resolve: a well-formed request the
    server's surroundings cannot serve (a name only another network knows, a typo)."""

    status, title, type_slug = 502, "Host not resolved", "host-not-resolved"


class ServiceUnavailable(AppError):
    status, title, type_slug = 503, "Service unavailable", "service-unavailable"


class Relayed(AppError):
    """A problem met elsewhere and recorded (a pull run's), answered as it was met."""

    def __init__(self, status: int, title: str, type_slug: str, detail: str, *,
                 errors: Sequence[Mapping[str, JsonValue]] | None = None,
                 **extra: JsonValue) -> None:
        super().__init__(detail, errors=errors, **extra)
        self.status, self.title, self.type_slug = status, title, type_slug


def problem_response(status: int, title: str, detail: str, *, type_slug: str,
                     instance: str | None = None,
                     errors: Sequence[Mapping[str, JsonValue]] | None = None,
                     extra: Mapping[str, JsonValue] | None = None,
                     headers: Mapping[str, str] | None = None) -> JSONResponse:
    body: dict[str, object] = {
        "type": f"https://pocketeval.dev/problems/{type_slug}",
        "title": title,
        "status": status,
        "detail": detail,
    }
    if instance:
        body["instance"] = instance
    if errors is not None:
        body["errors"] = errors
    if extra:
        body.update(extra)
    if (request_id := REQUEST_ID.get()) is not None:
        body["request_id"] = request_id  # the id on the response and in the server's log
    return JSONResponse(body, status_code=status, media_type=PROBLEM_JSON, headers=headers)


def _validation_errors(exc: RequestValidationError) -> list[dict[str, str]]:
    out = []
    for err in exc.errors():
        loc = [str(part) for part in err.get("loc", ())]
        out.append({"field": ".".join(loc), "message": err.get("msg", "invalid")})
    return out


def unparseable_body(cause: BaseException) -> str:
    """Why FastAPI could not read a body (it says only "There was an error parsing the body")."""
    if isinstance(cause, UnicodeDecodeError):
        return (f"the body is not valid UTF-8 (byte {cause.start} cannot be decoded); "
                "send JSON as UTF-8")
    if isinstance(cause, RecursionError):
        return "the JSON body is nested too deep"
    return f"the body could not be parsed as its content type says ({type(cause).__name__})"


def install_error_handlers(app: FastAPI) -> None:
    """One place that turns every failure into problem+json."""

    @app.exception_handler(AppError)
    async def _app_error(request: Request, exc: AppError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return problem_response(exc.status, exc.title, exc.detail, type_slug=exc.type_slug,
                                instance=request.url.path, errors=exc.errors, extra=exc.extra,
                                headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = _validation_errors(exc)
        first = errors[0]["field"] if errors else "request"
        return problem_response(422, "Invalid input", f"request failed validation at {first}",
                                type_slug="invalid-input", instance=request.url.path,
                                errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400 and exc.__cause__ is not None:
            return problem_response(400, "Unparseable body", unparseable_body(exc.__cause__),
                                    type_slug="unparseable-body", instance=request.url.path,
                                    extra={"field": "body"})
        return problem_response(exc.status_code, str(exc.detail), str(exc.detail),
                                type_slug=f"http-{exc.status_code}",
                                instance=request.url.path, headers=exc.headers)
