"""The base of every request body: a field the API does not know is refused (422 naming
it), never silently ignored, so a misspelt or misplaced setting cannot run as a default."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, JsonValue, StrictInt

# an http(s) URL with a host (a name, IPv4 or [IPv6]), an optional port (0-65535) and no
# credentials: what model endpoints and callbacks accept
_H = "[0-9A-Fa-f]{1,4}"
_OCTET = "(?:25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])"
_IPV4 = rf"(?:{_OCTET}\.){{3}}{_OCTET}"
_IPV6 = (f"(?:(?:{_H}:){{6}}{_IPV4}|::(?:[fF]{{4}}(?::0{{1,4}})?:)?{_IPV4}|"
         f"(?:{_H}:){{1,4}}:{_IPV4}|(?:{_H}:){{7}}{_H}|(?:{_H}:){{1,7}}:|(?:{_H}:){{1,6}}:{_H}|"
         f"(?:{_H}:){{1,5}}(?::{_H}){{1,2}}|(?:{_H}:){{1,4}}(?::{_H}){{1,3}}|"
         f"(?:{_H}:){{1,3}}(?::{_H}){{1,4}}|(?:{_H}:){{1,2}}(?::{_H}){{1,5}}|"
         f"{_H}:(?::{_H}){{1,6}}|:(?:(?::{_H}){{1,7}}|:))")
_PORT = r"(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4}))?"
HTTP_URL = (rf"^[hH][tT][tT][pP][sS]?://(?:\[{_IPV6}\]|[^\x00-\x20\x7f/?#@:\[\]\\]+)"
            + _PORT + r"(?:[/?#][^\x00-\x20\x7f]*)?$")


# the largest values of the database's integer columns, in SQLite and PostgreSQL alike: an
# INTEGER (row ids among them) is 32-bit in PostgreSQL, a BIGINT 64-bit. A number past its
# column's is refused (422 naming it), never an overflow inside the driver
INTEGER_MAX = 2**31 - 1
BIGINT_MAX = 2**63 - 1


class RequestModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _integral(value: object) -> object:
    if isinstance(value, bool | str):
        raise ValueError("must be a JSON integer, not a string or true/false")
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError("must be a whole number")
        return int(value)
    return value


# JSON Schema's integer, as the document states it: 3 or 3.0, never "3" or true
JsonInt = Annotated[StrictInt, BeforeValidator(_integral)]


def _neither(names: tuple[str, ...]) -> dict[str, JsonValue]:
    return {"properties": {name: {"type": "null"} for name in names}}


def any_of_given(*names: str) -> dict[str, JsonValue]:
    """JSON Schema for "at least one of these fields, not null": what a model validator
    enforces, stated where generated clients and fuzzers read it. Said with `not`, so that
    generators still see one object with optional fields."""
    return {"not": _neither(names)}


def given(**types: str) -> dict[str, JsonValue]:
    """JSON Schema for "each of these fields given, of its JSON type (name: type)": the part
    of a rule said with `not` that names what may not come together."""
    return {"required": list(types), "properties": {
        name: {"type": kind} for name, kind in types.items()}}


def one_of_given(**types: str) -> dict[str, JsonValue]:
    """Exactly one of these fields (name: JSON type), not null."""
    return {"not": {"anyOf": [_neither(tuple(types)), given(**types)]}}
