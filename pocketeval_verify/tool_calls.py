"""Tool calls as a bundle holds them ({"name", "arguments"}, or OpenAI's under "function"),
decoded as BFCL's FC handlers decode them."""

from __future__ import annotations

import json
from typing import Any


class Undecodable(ValueError):
    """A tool call whose arguments are not a JSON object: BFCL reads it as no call."""


def decoded_calls(raw: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Tool calls ({"name", "arguments"}, or OpenAI's under "function") as BFCL's checker
    takes them: [{name: arguments}]."""
    out = []
    for call in raw or ():
        function = call.get("function") or call
        arguments = function.get("arguments", {})
        try:
            parsed = json.loads(arguments) if isinstance(arguments, str) else arguments
        except ValueError as exc:
            raise Undecodable(str(exc)) from None
        if not function.get("name") or not isinstance(function["name"], str) \
                or not isinstance(parsed, dict):
            raise Undecodable(f"not a call: {call!r}"[:200])
        out.append({function["name"]: parsed})
    return out
