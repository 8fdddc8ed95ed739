"""A connection that fails after the server has taken the request: every POST is sent and
served, and the first answer to each Idempotency-Key never reaches the client."""

from __future__ import annotations

import httpx


class DropsEveryFirstAnswer(httpx.BaseTransport):
    def __init__(self) -> None:
        self.inner = httpx.HTTPTransport()
        self.sent: list[str | None] = []  # the Idempotency-Key of every POST sent

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        if request.method != "POST":
            return response
        key = request.headers.get("idempotency-key")
        self.sent.append(key)
        if self.sent.count(key) == 1:
            response.read()
            response.close()
            raise httpx.ReadError("the connection dropped", request=request)
        return response

    def close(self) -> None:
        self.inner.close()
