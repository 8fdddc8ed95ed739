"""BFCL function docs -> OpenAI-style `tools` (JSON Schema), as BFCL sends them to
function-calling models: Python type names become JSON Schema types, '.' in names becomes
'_', and float parameters are marked as such."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

JSON_TYPES = {
    "integer": "integer", "number": "number", "float": "number", "string": "string",
    "boolean": "boolean", "bool": "boolean", "array": "array", "list": "array",
    "dict": "object", "object": "object", "tuple": "array", "any": "string",
}


def _convert_schema(schema: dict[str, Any]) -> None:
    declared = schema.get("type")
    if declared == "float":
        schema["format"] = "float"
        schema["description"] = f"{schema.get('description', '')} This is a float type value."
    schema["type"] = JSON_TYPES.get(str(declared), "string") if declared else "string"
    for sub in (schema.get("properties") or {}).values():
        _convert_schema(sub)
    items = schema.get("items")
    if isinstance(items, dict):
        _convert_schema(items)


def to_openai_tools(functions: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    tools = []
    for function in functions:
        fn = copy.deepcopy(dict(function))
        fn["name"] = fn["name"].replace(".", "_")
        params = fn.setdefault("parameters", {})
        params["type"] = "object"
        for schema in (params.get("properties") or {}).values():
            _convert_schema(schema)
        tools.append({"type": "function", "function": fn})
    return tools
