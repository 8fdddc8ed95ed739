"""Which model endpoint URLs PocketEval may call.

Cloud metadata services answer on link-local addresses and well-known names; a URL that
points there could read the server's cloud credentials, so such targets are refused unless
an operator allow-lists them. With POCKETEVAL_ENDPOINT_ALLOWLIST set, only listed hosts or
networks are accepted at all. An IPv6 address that carries an IPv4 one (mapped, compatible,
6to4, Teredo, NAT64) is judged by both. The same rule is applied again to the address each
connection actually goes to (app.inference.openai.guarded_network), so a name that resolves to
something else by the time the run connects (DNS rebinding) gets nowhere.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Sequence
from urllib.parse import urlsplit

from app.http import HostNotResolved, InvalidInput

METADATA_NETWORKS = tuple(ipaddress.ip_network(n) for n in (
    "169.254.0.0/16", "fe80::/10", "100.100.100.200/32", "fd00:ec2::254/128"))
METADATA_HOSTS = frozenset({"metadata.google.internal", "metadata", "metadata.azure.com",
                            "instance-data", "instance-data.ec2.internal"})


IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
NAT64 = ipaddress.ip_network("64:ff9b::/96")
V4_COMPATIBLE = ipaddress.ip_network("::/96")


def address_forms(address: IPAddress) -> list[IPAddress]:
    """The address and every IPv4 address it carries."""
    if isinstance(address, ipaddress.IPv4Address):
        return [address]
    forms: list[IPAddress] = [address]
    low32 = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address.ipv4_mapped is not None:
        forms.append(address.ipv4_mapped)
    if address.sixtofour is not None:
        forms.append(address.sixtofour)
    if address.teredo is not None:
        forms.extend(address.teredo)
    if address in NAT64 or (address in V4_COMPATIBLE and int(address) > 1):
        forms.append(low32)
    return forms


def _allowed(host: str, addresses: Sequence[IPAddress], allowlist: Sequence[str]) -> bool:
    forms = [f for a in addresses for f in address_forms(a)]
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
        if any(a in network for a in forms):
            return True
    return False


def refusal(host: str, addresses: Sequence[IPAddress], allowlist: Sequence[str]) -> str | None:
    """Why PocketEval may not connect to `host` at `addresses`, or None when it may."""
    listed = _allowed(host, addresses, allowlist)
    if any(entry.strip() for entry in allowlist) and not listed:
        return f"{host} is not in POCKETEVAL_ENDPOINT_ALLOWLIST"
    metadata = host in METADATA_HOSTS or any(
        form in network for a in addresses for form in address_forms(a)
        for network in METADATA_NETWORKS)
    if metadata and not listed:
        return f"{host} is a cloud metadata address; refused"
    return None


def resolve(host: str, port: int) -> list[IPAddress]:
    infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    return [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos]


def check_endpoint_url(url: str, allowlist: Sequence[str], field: str = "model.base_url"
                       ) -> str:
    """The URL if PocketEval may call it; InvalidInput naming the field otherwise (502 where
    its host does not resolve here)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:  # a bracketed host that is no IPv6 address, a port out of range
        raise InvalidInput(f"{field} is not a URL: {url[:100]!r}", field=field) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InvalidInput(f"{field} must be an http(s) URL with a host", field=field)
    if parts.username or parts.password:
        raise InvalidInput("put credentials in api_key_env, not in the URL", field=field)
    host = parts.hostname.lower().rstrip(".")
    if host in METADATA_HOSTS and (reason := refusal(host, [], allowlist)) is not None:
        raise InvalidInput(reason, field=field)  # refused by name, wherever it resolves
    try:
        addresses = resolve(host, port or (443 if parts.scheme == "https" else 80))
    except (socket.gaierror, UnicodeError):  # not found, or a name IDNA cannot encode
        raise HostNotResolved(f"cannot resolve {host[:100]}", field=field) from None
    reason = refusal(host, addresses, allowlist)
    if reason is not None:
        raise InvalidInput(reason, field=field)
    return url


def check_notify_url(url: str, allowlist: Sequence[str]) -> str:
    """check_endpoint_url for a run's callback, where a host that does not resolve here is a
    422 naming notify.url, not a 502: the receiver is the caller's own, so its address is
    the caller's to correct."""
    try:
        return check_endpoint_url(url, allowlist, field="notify.url")
    except HostNotResolved as exc:
        raise InvalidInput(f"{exc.detail} from this server: notify.url must name a host it "
                           "resolves", field="notify.url") from None
