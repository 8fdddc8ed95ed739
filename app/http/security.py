"""API-key checks: writes always need a key, reads only when configured."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import JsonValue

from app.config import Settings
from app.errors import Unauthorized

_WRITE_SCHEME, _READ_SCHEME = "HTTPBearer", "ReadKey"
_bearer = HTTPBearer(auto_error=False, scheme_name=_WRITE_SCHEME,
                     description="API key from POCKETEVAL_API_KEYS")
_read_bearer = HTTPBearer(auto_error=False, scheme_name=_READ_SCHEME)


def key_is_valid(presented: str, keys: list[str]) -> bool:
    """Compare against every key in constant time, so timing tells nothing about which matched."""
    ok = False
    for key in keys:
        ok |= hmac.compare_digest(presented.encode(), key.encode())
    return ok


def _check(request: Request, creds: HTTPAuthorizationCredentials | None) -> None:
    settings: Settings = request.app.state.settings
    keys = settings.all_api_keys()
    if not keys:
        raise Unauthorized("no API keys are configured on this server; set POCKETEVAL_API_KEYS")
    if creds is None or creds.scheme.lower() != "bearer":
        raise Unauthorized("missing 'Authorization: Bearer <key>' header")
    if not key_is_valid(creds.credentials, keys):
        raise Unauthorized("invalid API key")


# async: a check of a few microseconds, not worth a trip to a worker thread and back
async def require_write_key(
    request: Request, creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
) -> None:
    _check(request, creds)


async def require_read_key(
    request: Request, creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_read_bearer)]
) -> None:
    if request.app.state.settings.reads_require_key:
        _check(request, creds)


def schema_objects(value: JsonValue) -> list[dict[str, JsonValue]]:
    """The objects among `value`'s entries (an OpenAPI map or list)."""
    entries = value.values() if isinstance(value, dict) else value \
        if isinstance(value, list) else []
    return [entry for entry in entries if isinstance(entry, dict)]


def optional_read_security(schema: dict[str, JsonValue]) -> None:
    """Reads are open unless POCKETEVAL_READS_REQUIRE_KEY is set, which OpenAPI says as
    `[{}, {HTTPBearer: []}]`: FastAPI can only declare a scheme as needed, so reads name a
    scheme of their own and it is rewritten here."""
    for ops in schema_objects(schema.get("paths")):
        for op in schema_objects(ops):
            security = schema_objects(op.get("security"))
            if not any(_READ_SCHEME in req for req in security):
                continue
            keyed: list[JsonValue] = [req for req in security if _READ_SCHEME not in req]
            op["security"] = keyed or [{}, {_WRITE_SCHEME: []}]
    components = schema.get("components")
    schemes = components.get("securitySchemes") if isinstance(components, dict) else None
    if isinstance(schemes, dict):
        schemes.pop(_READ_SCHEME, None)


WriteKeyDep = Depends(require_write_key)
ReadKeyDep = Depends(require_read_key)
