"""Reading function calls: OpenAI-style tool calls (JSON) and BFCL's Python call strings.

Nothing here evaluates text. Call strings are parsed with `ast` and accepted only as
`name(literal, key=literal, ...)`; argument JSON is size- and depth-limited.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

MAX_ARGUMENT_CHARS = 65_536
MAX_CALL_CHARS = 65_536
MAX_DEPTH = 32


class InvalidCall(ValueError):
    pass


@dataclass(frozen=True)
class Call:
    name: str
    kwargs: dict[str, Any]
    args: tuple[Any, ...] = field(default=())

    def render(self) -> str:
        """BFCL's execution form: name(k=repr(v), ...)."""
        parts = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs.items()]
        return f"{self.name}({','.join(parts)})"


def _depth(value: Any) -> int:
    """Nesting depth of lists/dicts, iteratively (no recursion on hostile input)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict | list | tuple):
            deepest = max(deepest, level)
            if level > MAX_DEPTH:
                return level
            stack.extend((v, level + 1) for v in (node.values() if isinstance(node, dict)
                                                    else node))
    return deepest


def decode_tool_call(raw: Mapping[str, Any]) -> Call:
    """{"name": ..., "arguments": {...} | "json text"} -> Call, or InvalidCall."""
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise InvalidCall("a tool call needs a non-empty name")
    arguments = raw.get("arguments", {})
    if isinstance(arguments, str):
        if len(arguments) > MAX_ARGUMENT_CHARS:
            raise InvalidCall(f"arguments of {name} exceed {MAX_ARGUMENT_CHARS} characters")
        try:
            arguments = json.loads(arguments)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise InvalidCall(f"arguments of {name} are not valid JSON: {exc}") from None
    if not isinstance(arguments, dict):
        raise InvalidCall(f"arguments of {name} must be a JSON object")
    if _depth(arguments) > MAX_DEPTH:
        raise InvalidCall(f"arguments of {name} nest deeper than {MAX_DEPTH} levels")
    return Call(name, dict(arguments))


def decode_tool_calls(raw: Sequence[Mapping[str, Any]] | None) -> list[Call]:
    """All calls of one assistant message, or InvalidCall if any of them is malformed."""
    return [decode_tool_call(c) for c in raw or ()]


def parse_call_string(text: str) -> Call:
    """`cd(folder='x')` -> Call. Only a bare function name with literal arguments passes:
    attribute access, nested calls, names, comprehensions or operators are InvalidCall."""
    if len(text) > MAX_CALL_CHARS:
        raise InvalidCall(f"call is longer than {MAX_CALL_CHARS} characters")
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise InvalidCall(f"not a call: {exc}") from None
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise InvalidCall("expected name(arguments) with a plain function name")
    try:
        args = tuple(ast.literal_eval(a) for a in node.args)
        kwargs = {}
        for kw in node.keywords:
            if kw.arg is None:
                raise InvalidCall("**kwargs are not allowed")
            kwargs[kw.arg] = ast.literal_eval(kw.value)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError) as exc:
        raise InvalidCall(f"arguments must be literals: {exc}") from None
    if _depth(list(args) + list(kwargs.values())) > MAX_DEPTH:
        raise InvalidCall(f"arguments nest deeper than {MAX_DEPTH} levels")
    return Call(node.func.id, kwargs, args)
