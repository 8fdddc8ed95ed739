"""Hostile tool calls are invalid calls: no evaluation, no side effect, bounded work."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.benchmarks.catalog.bfcl.calls import InvalidCall, decode_tool_call, parse_call_string
from app.benchmarks.catalog.bfcl.multi_turn import Environment
from app.benchmarks.catalog.bfcl.scoring import judge_bfcl
from app.benchmarks.catalog.bfcl.tools import to_openai_tools
from app.scoring.predictions import Prediction
from app.scoring.verdicts import KeyedItem

MARKER = Path("/tmp/pocketeval-bfcl-pwned")


@pytest.mark.parametrize("text", [
    f"__import__('os').system('touch {MARKER}')",
    "os.system('id')",
    "ls().__class__",
    "cd(folder=open('/etc/passwd').read())",
    "cd(folder=[x for x in range(10**9)])",
    "cd(**{'folder': 'x'})",
    "cd(folder=" + "[" * 200 + "]" * 200 + ")",
    "cd(folder=" + "[" * 100_000 + ")",
    "lambda: 1",
])
def test_hostile_call_strings_are_invalid(text: str) -> None:
    with pytest.raises(InvalidCall):
        parse_call_string(text)
    assert not MARKER.exists()


def test_call_strings_with_literals_parse() -> None:
    call = parse_call_string("mv('a.txt', destination='b', tags=['x', 1], opts={'k': -2.5})")
    assert call.name == "mv" and call.args == ("a.txt",)
    assert call.kwargs == {"destination": "b", "tags": ["x", 1], "opts": {"k": -2.5}}


@pytest.mark.parametrize("arguments", [
    "{" * 100_000,
    "{\"a\": " + "[" * 40 + "1" + "]" * 40 + "}",
    "x" * 70_000,
    "[1, 2]",
])
def test_hostile_arguments_are_invalid(arguments: str) -> None:
    with pytest.raises(InvalidCall):
        decode_tool_call({"name": "f", "arguments": arguments})


def test_multi_turn_dispatches_only_to_public_environment_methods() -> None:
    env = Environment(["GorillaFileSystem"], {"GorillaFileSystem": {"root": {
        "alex": {"type": "directory", "contents": {}}}}})
    before = env.state()
    for name, kwargs in [("__import__", {"name": "os"}), ("eval", {"source": "1"}),
                         ("_load_scenario", {"scenario": {}}), ("__init__", {}),
                         ("remove", {}), ("os.system", {"command": "id"})]:
        result = env.execute(parse_call_string(f"{name.split('.')[0]}()")
                             if "." not in name else decode_tool_call({"name": name}))
        assert result.startswith("Error during execution:"), (name, result)
        del kwargs
    assert env.state() == before


def test_irrelevance_and_hostile_calls_in_a_prediction() -> None:
    item = KeyedItem(1, "irrelevance", None, frozenset(), "irrelevance_0",
                     {"functions": [{"name": "f", "parameters": {"properties": {}}}]}, True)
    assert judge_bfcl(item, Prediction(item_id=1)).status == "correct"
    assert judge_bfcl(item, Prediction(item_id=1, tool_calls=[])).status == "correct"
    called = judge_bfcl(item, Prediction(item_id=1, tool_calls=[{"name": "f", "arguments": {}}]))
    assert called.status == "wrong"
    # BFCL counts an undecodable response as no call
    broken = judge_bfcl(item, Prediction(item_id=1, tool_calls=[
        {"name": "f", "arguments": "{\"a\": __import__('os')}"}]))
    assert broken.status == "correct" and "not valid JSON" in broken.detail["decode_error"]


def test_tools_convert_python_type_names_to_json_schema() -> None:
    doc = {"name": "math.hypot", "description": "d", "parameters": {
        "type": "dict", "required": ["x"], "properties": {
            "x": {"type": "float", "description": "x"},
            "pts": {"type": "array", "items": {"type": "tuple", "items": {"type": "integer"}}},
            "opts": {"type": "dict", "properties": {"mode": {"type": "any"}}},
        }}}
    (tool,) = to_openai_tools([doc])
    fn = tool["function"]
    assert tool["type"] == "function" and fn["name"] == "math_hypot"
    props = fn["parameters"]["properties"]
    assert fn["parameters"]["type"] == "object"
    assert props["x"] == {"type": "number", "format": "float",
                          "description": "x This is a float type value."}
    assert props["pts"]["items"] == {"type": "array", "items": {"type": "integer"}}
    assert props["opts"]["properties"]["mode"]["type"] == "string"
    assert doc["parameters"]["type"] == "dict"  # the stored doc is untouched
