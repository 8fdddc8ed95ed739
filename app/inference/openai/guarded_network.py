"""The model client's connections go only where the endpoint rule allows.

The URL is checked when a run is planned, but a name can resolve elsewhere by the time the
run connects (DNS rebinding). So the client's network backend resolves each host itself,
applies the same rule (app.inference.openai.urls.refusal) to the addresses it got, and connects to
those very addresses: nothing resolves the name a second time. TLS still verifies the
certificate against the URL's host name, which httpcore passes separately.
"""

from __future__ import annotations

import ipaddress
import typing
from collections.abc import Awaitable, Callable, Iterable, Sequence

import anyio
import httpcore
import httpx

from app.inference.base import EndpointRefused
from app.inference.openai.urls import IPAddress, refusal, resolve

Resolver = Callable[[str, int], Awaitable[list[IPAddress]]]


async def system_resolver(host: str, port: int) -> list[IPAddress]:
    return await anyio.to_thread.run_sync(resolve, host, port)


class GuardedBackend(httpcore.AsyncNetworkBackend):
    def __init__(self, allowlist: Sequence[str], resolver: Resolver = system_resolver) -> None:
        self.allowlist = list(allowlist)
        self.resolver = resolver
        self.inner = httpcore.AnyIOBackend()

    async def connect_tcp(self, host: str, port: int, timeout: float | None = None,
                          local_address: str | None = None,
                          socket_options: Iterable[typing.Any] | None = None,
                          ) -> httpcore.AsyncNetworkStream:
        name = host.lower().rstrip(".").strip("[]")
        try:
            addresses = [ipaddress.ip_address(name)]
        except ValueError:
            try:
                addresses = await self.resolver(name, port)
            except OSError as exc:
                raise httpcore.ConnectError(f"cannot resolve {name}: {exc}") from exc
        reason = refusal(name, addresses, self.allowlist)
        if reason is not None:
            raise EndpointRefused(f"not connecting to {name} ({', '.join(map(str, addresses))})"
                                  f": {reason}")
        last: Exception = httpcore.ConnectError(f"{name} has no address")
        for address in addresses:
            try:
                return await self.inner.connect_tcp(str(address), port, timeout, local_address,
                                                    socket_options)
            except httpcore.ConnectError as exc:
                last = exc
        raise last

    async def connect_unix_socket(self, path: str, timeout: float | None = None,
                                  socket_options: Iterable[typing.Any] | None = None,
                                  ) -> httpcore.AsyncNetworkStream:
        raise EndpointRefused("model endpoints are reached over TCP only")

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


class GuardedTransport(httpx.AsyncHTTPTransport):
    """httpx's transport with the guarded backend under its connection pool."""

    def __init__(self, limits: httpx.Limits, allowlist: Sequence[str],
                 resolver: Resolver = system_resolver) -> None:
        super().__init__(limits=limits)
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=httpx.create_ssl_context(),
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
            network_backend=GuardedBackend(allowlist, resolver))
