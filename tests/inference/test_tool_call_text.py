"""Tool calls in generated text, per template family: the forms llama.cpp accepts."""

from __future__ import annotations

import json

import pytest

from app.inference.tool_call_text import (
    DERIVED,
    parse_tool_calls,
    server_tool_format,
    template_family,
)


def _args(calls: list[dict[str, str]]) -> list[tuple[str, dict[str, object]]]:
    return [(c["name"], json.loads(c["arguments"])) for c in calls]


@pytest.mark.parametrize(("template", "family"), [
    ("{% if tools %}<tools>{{ tools }}</tools> ... <tool_call>{% endif %}", "hermes"),
    ("{% if tools %}[AVAILABLE_TOOLS]...[TOOL_CALLS]{% endif %}", "mistral"),
    ("{%- if tools %}<|start_header_id|>ipython ... <|python_tag|>{% endif %}", "llama3"),
    ("{% for message in messages %}<|im_start|>{{ message.content }}{% endfor %}", None),
])
def test_template_family(template: str, family: str | None) -> None:
    assert template_family(template) == family


@pytest.mark.parametrize(("template", "found"), [
    ("{% if tools %}<tools>{{ tools }}</tools> ... <tool_call>{% endif %}", "hermes"),
    # renders calls in a form of its own: llama-server derives it, the in-process runner can't
    ("{% for t in tools %}{{ t }}{% endfor %}{% for c in message.tool_calls %}```json{{ c }}"
     "```{% endfor %}", DERIVED),
    ("{% for t in tools %}{{ t }}{% endfor %}", None),  # offers tools, never renders a call
    # names tool_calls only to refuse them
    ("{% for t in tools %}{{ t }}{% endfor %}{% if message.tool_calls %}"
     "{{ raise_exception('no tool_calls here') }}{% endif %}", None),
    ("{% for message in messages %}<|im_start|>{{ message.content }}{% endfor %}", None),
])
def test_what_llama_server_reads_calls_by(template: str, found: str | None) -> None:
    assert server_tool_format(template) == found
    if found == DERIVED:
        assert template_family(template) is None


def test_hermes_blocks() -> None:
    text = ('Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}'
            '\n</tool_call>\n<tool_call>{"name": "get_time", "arguments": {"tz": "CET"}}'
            "</tool_call>")
    content, calls = parse_tool_calls("hermes", text)
    assert content == "Let me check."
    assert _args(calls) == [("get_weather", {"city": "Paris"}), ("get_time", {"tz": "CET"})]


@pytest.mark.parametrize(("text", "content"), [
    # the shapes llama.cpp's own tests (tests/test-chat.cpp) pin for these templates
    ('<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}</tool_call>', None),
    ('Hello, world!\nWhat\'s up?<tool_call>\n{"name": "special_function", "arguments": '
     '{"arg1": 1}}</tool_call>', "Hello, world!\nWhat's up?"),
    ('<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>', None),
])
def test_hermes_shapes_from_llama_cpp_tests(text: str, content: str | None) -> None:
    got, calls = parse_tool_calls("hermes", text)
    assert got == content and _args(calls) == [("special_function", {"arg1": 1})]


def test_mistral_nemo_shape_from_llama_cpp_tests() -> None:
    content, calls = parse_tool_calls("mistral", '[TOOL_CALLS][{"name": "special_function", '
                                                 '"arguments": {"arg1": 1}, "id": "123456789"}]')
    assert content is None and _args(calls) == [("special_function", {"arg1": 1})]


@pytest.mark.parametrize("text", [
    '{"name": "get_weather", "arguments": {"city": "Paris"}}',  # bare JSON: not Hermes
    "<tool_call>{not json}</tool_call>",
    '```json\n{"city": "Paris"}\n```',  # fenced, but not a call object
    '```json\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```',  # fenced
    "The weather is sunny.",
])
def test_hermes_rejects_other_forms(text: str) -> None:
    assert parse_tool_calls("hermes", text) == (text, [])


def test_llama3_and_mistral_forms() -> None:
    content, calls = parse_tool_calls(
        "llama3", '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Rome"}}')
    assert content is None and _args(calls) == [("get_weather", {"city": "Rome"})]
    assert parse_tool_calls("llama3", "Sure: get_weather(city='Rome')")[1] == []
    content, calls = parse_tool_calls(
        "mistral", '[TOOL_CALLS][{"name": "a", "arguments": {"x": 1}}, '
                   '{"name": "b", "arguments": {}}]')
    assert content is None and _args(calls) == [("a", {"x": 1}), ("b", {})]
    assert parse_tool_calls("mistral", '[{"name": "a", "arguments": {}}]')[1] == []


def test_no_family_reads_no_calls() -> None:
    text = '<tool_call>{"name": "a", "arguments": {}}</tool_call>'
    assert parse_tool_calls(None, text) == (text, [])
