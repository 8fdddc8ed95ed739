"""What the run bodies' validators enforce across fields, as JSON Schema, so that the OpenAPI
document states it (generated clients and fuzzers read it there): `not` a combination the
validator refuses, which generators still read as one object with optional fields."""

from __future__ import annotations

from pydantic import JsonValue

from app.http import given

# limit and sample, not both; stop_when only with order `random` and no audit (only a random
# order's prefix is a uniform sample of the items); an endpoint's api_key and api_key_env,
# not both; a vision-only audit of an endpoint (it sends images), not of a GGUF file (`path`)
RUN_CREATE: dict[str, JsonValue] = {"not": {"anyOf": [
    {"required": ["model", "audit"], "properties": {
        "model": {"required": ["path"]},
        "audit": {"required": ["kind"], "properties": {"kind": {"const": "vision-only"}}}}},
    {"required": ["model"], "properties": {"model": {"allOf": [
        given(api_key="string"), given(api_key_env="string")]}}},
    {"allOf": [given(limit="integer"), given(sample="integer")]},
    {"allOf": [given(stop_when="object"), {"anyOf": [
        {"required": ["order"], "properties": {"order": {"const": "stored"}}},
        given(audit="object")]}]},
]}}

