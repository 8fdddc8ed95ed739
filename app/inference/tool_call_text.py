"""Reading native tool calls out of generated text, per chat-template family, accepting the
forms the llama.cpp that the installed llama-cpp-python vendors accepts (its common/chat*.cpp,
the code llama-server runs), so both GGUF runtimes read the same calls from the same text:

- hermes (Qwen 2.5, Hermes 2 Pro / 3): `<tool_call>{"name": ..., "arguments": {...}}</tool_call>`
  blocks, content allowed before them. A fenced ```json block is text, not a call: that
  llama.cpp's parser generator uses ```json only for response_format
  (common/chat-auto-parser-generator.cpp);
- llama3 (Llama 3.1+): the whole message is `{"name": ..., "parameters": {...}}`, optionally
  after `<|python_tag|>`;
- mistral (Mistral Nemo): `[TOOL_CALLS]` followed by a JSON array of `{"name", "arguments"}`
  objects, each with an optional "id".
A template that never mentions tools has no family: its models are unsupported for tool calling.

llama-server derives a call format from any template that renders calls (it renders the
template with and without a call and reads the difference), so on that runtime a template
that renders `tool_calls` is enough (`DERIVED`), whatever its family.
"""

from __future__ import annotations

import json
import re

from pydantic import JsonValue

from app.inference.base import ToolCall

HERMES_BLOCK = re.compile(r"<tool_call>\s*(\{.*?\})\s*</tool_call>", re.DOTALL)


DERIVED = "derived by llama.cpp from the template"
# a loop over a message's calls: the template renders them (not merely names them)
RENDERS_CALLS = re.compile(r"\bfor\s+\w+\s+in\s+[\w.\[\]'\"]*tool_calls\b")


def server_tool_format(template: str) -> str | None:
    """What llama-server reads calls by: a known family, else the template's own rendering."""
    if (family := template_family(template)) is not None:
        return family
    return DERIVED if RENDERS_CALLS.search(template) else None


def template_family(template: str) -> str | None:
    if "<tool_call>" in template:
        return "hermes"
    if "[TOOL_CALLS]" in template:
        return "mistral"
    if "<|python_tag|>" in template or ("ipython" in template and "tools" in template):
        return "llama3"
    return None


def _call(obj: JsonValue, args_key: str) -> ToolCall | None:
    if not isinstance(obj, dict) or not isinstance(name := obj.get("name"), str):
        return None
    arguments = obj.get(args_key, obj.get("arguments", {}))
    return {"name": name, "arguments": json.dumps(arguments)
            if not isinstance(arguments, str) else arguments}


def _loads(text: str) -> JsonValue:
    try:
        value: JsonValue = json.loads(text)
    except ValueError:
        return None
    return value


def parse_tool_calls(family: str | None, text: str) -> tuple[str | None, list[ToolCall]]:
    """(remaining content, calls as {"name", "arguments": json text})."""
    if family is None or not text:
        return text, []
    if family == "hermes":
        blocks = HERMES_BLOCK.findall(text)
        rest = HERMES_BLOCK.sub("", text)
        calls = [c for c in (_call(_loads(b), "arguments") for b in blocks) if c is not None]
        return (rest.strip() or None) if calls else text, calls
    if family == "llama3":
        body = text.strip().removeprefix("<|python_tag|>").strip()
        call = _call(_loads(body), "parameters")
        return (None, [call]) if call is not None else (text, [])
    if family == "mistral":
        head, sep, tail = text.partition("[TOOL_CALLS]")
        parsed = _loads(tail.strip()) if sep else None
        calls = [c for c in (_call(o, "arguments") for o in parsed or []) if c is not None] \
            if isinstance(parsed, list) else []
        return (head.strip() or None, calls) if calls else (text, [])
    return text, []
