"""API-key checks: which key a request carries and whether its scope covers the operation.
Writes always need a key; reads only when POCKETEVAL_READS_REQUIRE_KEY is set."""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from typing import Annotated

from fastapi import Depends, Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer, SecurityScopes
from pydantic import JsonValue

from app.api_keys import ApiKey, Scope, key_digest
from app.config import Settings
from app.http import Forbidden, Unauthorized, schema_objects

_WRITE_SCHEME, _READ_SCHEME = "HTTPBearer", "ReadKey"
_bearer = HTTPBearer(auto_error=False, scheme_name=_WRITE_SCHEME, description=(
    "An API key (POCKETEVAL_API_KEYS, POCKETEVAL_KEYS or the server's key file). An "
    "operation's security requirement lists the scope it needs: read, write or admin; each "
    "scope grants the ones below it"))
_read_bearer = HTTPBearer(auto_error=False, scheme_name=_READ_SCHEME)


def identify(presented: str, keys: Sequence[ApiKey]) -> ApiKey | None:
    """The key whose hash matches, compared with every configured key in constant time, so
    timing tells nothing about which matched."""
    digest = key_digest(presented)
    found = None
    for key in keys:
        if hmac.compare_digest(digest, key.digest):
            found = key
    return found


def _key_of(request: Request, creds: HTTPAuthorizationCredentials | None) -> ApiKey:
    settings: Settings = request.app.state.settings
    keys = settings.api_key_table()
    if not keys:
        raise Unauthorized("no API keys are configured on this server; set POCKETEVAL_API_KEYS "
                           "or POCKETEVAL_KEYS")
    if creds is None or creds.scheme.lower() != "bearer":
        raise Unauthorized("missing 'Authorization: Bearer <key>' header")
    key = identify(creds.credentials, keys)
    if key is None:
        raise Unauthorized("invalid API key")
    return key


def _admit(request: Request, key: ApiKey, scopes: SecurityScopes) -> None:
    needed = max((Scope(s) for s in scopes.scopes), key=list(Scope).index, default=Scope.READ)
    if not key.grants(needed):
        raise Forbidden(f"this needs a key with the '{needed}' scope; key '{key.name}' has "
                        f"'{key.scope}'", scope=needed.value)
    request.state.api_key_name = key.name


# async: a check of a few microseconds, not worth a trip to a worker thread and back
async def require_key(
    request: Request, scopes: SecurityScopes,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> None:
    _admit(request, _key_of(request, creds), scopes)


async def require_read_key(
    request: Request, scopes: SecurityScopes,
    creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_read_bearer)],
) -> None:
    if request.app.state.settings.reads_require_key:
        _admit(request, _key_of(request, creds), scopes)


def key_name(request: Request) -> str | None:
    """The name of the key the request was admitted with (None where none was asked)."""
    name = getattr(request.state, "api_key_name", None)
    return name if isinstance(name, str) else None


def optional_read_security(schema: dict[str, JsonValue]) -> None:
    """Reads are open unless POCKETEVAL_READS_REQUIRE_KEY is set, which OpenAPI says as
    `[{}, {HTTPBearer: ["read"]}]`: FastAPI can only declare a scheme as needed, so reads
    name a scheme of their own and it is rewritten here."""
    for ops in schema_objects(schema.get("paths")):
        for op in schema_objects(ops):
            security = schema_objects(op.get("security"))
            if not any(_READ_SCHEME in req for req in security):
                continue
            keyed: list[JsonValue] = [req for req in security if _READ_SCHEME not in req]
            op["security"] = keyed or [{}, {_WRITE_SCHEME: [Scope.READ.value]}]
    components = schema.get("components")
    schemes = components.get("securitySchemes") if isinstance(components, dict) else None
    if isinstance(schemes, dict):
        schemes.pop(_READ_SCHEME, None)


ReadKeyDep = Security(require_read_key, scopes=[Scope.READ.value])
WriteKeyDep = Security(require_key, scopes=[Scope.WRITE.value])
AdminKeyDep = Security(require_key, scopes=[Scope.ADMIN.value])
