"""Which model endpoint URLs PocketEval may call.

Cloud metadata services answer on link-local addresses and well-known names; a URL that
points there could read the server's cloud credentials, so such targets are refused unless
an operator allow-lists them. With POCKETEVAL_ENDPOINT_ALLOWLIST set, only listed hosts or
networks are accepted at all.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Sequence
from urllib.parse import urlsplit

from app.errors import InvalidInput

METADATA_NETWORKS = tuple(ipaddress.ip_network(n) for n in (
    "169.254.0.0/16", "fe80::/10", "100.100.100.200/32", "fd00:ec2::254/128"))
METADATA_HOSTS = frozenset({"metadata.google.internal", "metadata", "metadata.azure.com",
                            "instance-data", "instance-data.ec2.internal"})


def _allowed(host: str, addresses: Sequence[ipaddress.IPv4Address | ipaddress.IPv6Address],
             allowlist: Sequence[str]) -> bool:
    for entry in allowlist:
        entry = entry.strip().lower()
        if not entry:
            continue
        if entry == host:
            return True
        try:
            network = ipaddress.ip_network(entry, strict=False)
        except ValueError:
            continue
        if any(a in network for a in addresses):
            return True
    return False


def check_endpoint_url(url: str, allowlist: Sequence[str], field: str = "model.base_url"
                       ) -> str:
    """The URL if PocketEval may call it; InvalidInput naming the field otherwise."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InvalidInput("base_url must be an http(s) URL with a host", field=field)
    if parts.username or parts.password:
        raise InvalidInput("put credentials in api_key_env, not in the URL", field=field)
    host = parts.hostname.lower().rstrip(".")
    try:
        infos = socket.getaddrinfo(host, parts.port or (443 if parts.scheme == "https" else 80),
                                   proto=socket.IPPROTO_TCP)
    except socket.gaierror:
        raise InvalidInput(f"cannot resolve {host}", field=field) from None
    addresses = [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos]
    listed = _allowed(host, addresses, allowlist)
    if any(entry.strip() for entry in allowlist) and not listed:
        raise InvalidInput(f"{host} is not in POCKETEVAL_ENDPOINT_ALLOWLIST", field=field)
    metadata = host in METADATA_HOSTS or any(a in n for a in addresses
                                             for n in METADATA_NETWORKS)
    if metadata and not listed:
        raise InvalidInput(f"{host} is a cloud metadata address; refused", field=field)
    return url
