"""API-key checks: writes always need a key, reads only when configured."""

from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from app.config import Settings
from app.errors import Unauthorized

_bearer = HTTPBearer(auto_error=False, description="API key from POCKETEVAL_API_KEYS")


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


def require_write_key(
    request: Request, creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
) -> None:
    _check(request, creds)


def require_read_key(
    request: Request, creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]
) -> None:
    if request.app.state.settings.reads_require_key:
        _check(request, creds)


WriteKeyDep = Depends(require_write_key)
ReadKeyDep = Depends(require_read_key)
