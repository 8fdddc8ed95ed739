"""Every request has an id: the caller's `X-Request-ID` when it sent a usable one, else a new
one. It is on the response, in every log line written while the request is served (the
access line included), and in a problem+json body (`request_id`), so a caller's report and
the server's log find each other. Work a request starts (a run's task) keeps its id."""

from __future__ import annotations

import json
import logging
import re
import uuid
from datetime import UTC, datetime
from typing import Any, Literal

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.http.request_context import REQUEST_ID

HEADER = b"x-request-id"
# what a caller's id may be: it is echoed in a header and written to logs as it is
USABLE = re.compile(r"[A-Za-z0-9._:@/+=-]{1,128}")


def request_id_for(given: bytes | None) -> str:
    """The caller's id where it is usable, else a new one."""
    caller = None if given is None else given.decode("latin-1")
    return caller if caller is not None and USABLE.fullmatch(caller) else uuid.uuid4().hex


class RequestIds:
    """Outermost middleware: the id is set before anything else answers (a 413 has one)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = request_id_for(next((v for k, v in scope["headers"] if k == HEADER),
                                         None))

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != HEADER]
                message = {**message, "headers": [*headers,
                                                  (HEADER, request_id.encode("latin-1"))]}
            await send(message)

        token = REQUEST_ID.set(request_id)
        try:
            await self.app(scope, receive, send_with_id)
        finally:
            REQUEST_ID.reset(token)


class RequestIdField(logging.Filter):
    """On a handler: the record carries `request_id` (the request being served, or "-"
    outside one), whatever logger wrote it."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get() or "-"
        return True


class JsonLines(logging.Formatter):
    """One JSON object a line: time (UTC), level, logger, message, request_id, and the
    exception's traceback where there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(
                timespec="milliseconds"),
            "level": record.levelname, "logger": record.name, "message": record.getMessage(),
            "request_id": None if (given := getattr(record, "request_id", "-")) == "-"
            else given}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def logging_config(style: Literal["text", "json"]) -> dict[str, Any]:
    """uvicorn's logging, with the request id in each line (text) or each object (json), and
    PocketEval's own loggers written beside uvicorn's."""
    if style == "json":
        formatters: dict[str, Any] = {"default": {"()": f"{__name__}.JsonLines"},
                                      "access": {"()": f"{__name__}.JsonLines"}}
    else:
        formatters = {
            "default": {"()": "uvicorn.logging.DefaultFormatter",
                        "fmt": "%(levelprefix)s [%(request_id)s] %(message)s"},
            "access": {"()": "uvicorn.logging.AccessFormatter",
                       "fmt": '%(levelprefix)s [%(request_id)s] %(client_addr)s - '
                              '"%(request_line)s" %(status_code)s'}}
    return {
        "version": 1, "disable_existing_loggers": False, "formatters": formatters,
        "filters": {"request_id": {"()": f"{__name__}.RequestIdField"}},
        "handlers": {
            "default": {"formatter": "default", "class": "logging.StreamHandler",
                        "stream": "ext://sys.stderr", "filters": ["request_id"]},
            "access": {"formatter": "access", "class": "logging.StreamHandler",
                       "stream": "ext://sys.stdout", "filters": ["request_id"]}},
        "loggers": {
            "uvicorn": {"handlers": ["default"], "level": "INFO", "propagate": False},
            "uvicorn.error": {"level": "INFO"},
            "uvicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
            "pocketeval": {"handlers": ["default"], "level": "INFO", "propagate": False}},
        "root": {"handlers": ["default"], "level": "WARNING"},
    }
