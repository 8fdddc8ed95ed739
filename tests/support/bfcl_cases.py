"""Building BFCL predictions for tests: ground truth as tool calls, and rule-covering
mutations of it."""

from __future__ import annotations

import copy
import inspect
import json
from collections.abc import Callable, Iterator
from typing import Any

from app.benchmarks.catalog.bfcl.calls import parse_call_string
from app.benchmarks.catalog.bfcl.multi_turn import Environment


def first_value(options: list[Any]) -> Any:
    """The first acceptable value, descending into possible-answer dicts."""
    value = next(o for o in options if o != "")
    if isinstance(value, dict):
        return {k: first_value(v) for k, v in value.items() if any(x != "" for x in v)}
    if isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
        return [{k: first_value(v) for k, v in d.items() if any(x != "" for x in v)}
                for d in value]
    return value


def ground_truth_arguments(possible: dict[str, list[Any]]) -> dict[str, Any]:
    return {p: first_value(v) for p, v in possible.items() if any(x != "" for x in v)}


def _changed(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 7
    if isinstance(value, str):
        return value + " elsewhere"
    if isinstance(value, list):
        return value + [value[0] if value else 1]
    if isinstance(value, dict):
        return {**value, "unexpected_key": 1}
    return None


def _retyped(value: Any) -> Any:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return 12345
    if isinstance(value, list):
        return json.dumps(value)
    return [value]


def multiple_mutations(function_docs: list[dict[str, Any]], truth: list[dict[str, Any]]
                       ) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """(case name, tool calls) covering BFCL's AST rules for one `multiple` item."""
    name, possible = next(iter(truth[0].items()))
    wire = name.replace(".", "_")
    doc = next(f for f in function_docs if f["name"] == name)
    props = doc["parameters"]["properties"]
    required = doc["parameters"].get("required", [])
    args = ground_truth_arguments(possible)

    def call(arguments: dict[str, Any], fn: str = wire) -> list[dict[str, Any]]:
        return [{"name": fn, "arguments": json.dumps(arguments)}]

    yield "exact", call(args)
    yield "exact_dict_arguments", [{"name": wire, "arguments": args}]
    optional = [p for p, v in possible.items() if "" in v and p in args]
    if optional:
        yield "optional_omitted", call({k: v for k, v in args.items() if k not in optional})
    if args:
        key = sorted(args)[0]
        yield "wrong_value", call({**args, key: _changed(args[key])})
        yield "wrong_type", call({**args, key: _retyped(args[key])})
    for p, v in args.items():
        if props.get(p, {}).get("type") == "float" and float(v).is_integer():
            yield "int_for_float", call({**args, p: int(v)})
            break
    for p, v in args.items():
        if isinstance(v, str) and v.strip():
            yield "string_normalised", call({**args, p: f" {v.upper().replace(' ', '  ')}."})
            yield "string_near_miss", call({**args, p: v + "x"})
            break
    if required:
        missing = dict(args)
        missing.pop(required[0], None)
        yield "missing_required", call(missing)
    non_optional = [p for p, v in possible.items() if "" not in v and p not in required]
    if non_optional:
        yield "missing_non_optional", call({k: v for k, v in args.items()
                                            if k != non_optional[0]})
    yield "extra_parameter", call({**args, "verbose_extra": True})
    others = [f["name"].replace(".", "_") for f in function_docs if f["name"] != name]
    if others:
        yield "wrong_function", call(args, others[0])
    yield "zero_calls", []
    yield "two_calls", call(args) * 2
    yield "malformed_json", [{"name": wire, "arguments": json.dumps(args)[:-1]}]


def ground_truth_turns(payload: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The ground truth of a multi-turn item as posted turns: one step per call, positional
    arguments named by the environment method's signature, as a model would send them."""
    env = Environment(payload["involved_classes"], payload.get("initial_config") or {})
    turns = []
    for strings in payload["ground_truth"]:
        steps = []
        for text in strings:
            call = parse_call_string(text)
            kwargs = dict(call.kwargs)
            if call.args:
                params = list(inspect.signature(env.methods[call.name]).parameters)
                kwargs |= dict(zip(params, call.args, strict=False))
            steps.append({"tool_calls": [{"name": call.name, "arguments": kwargs}]})
        steps.append({"tool_calls": [], "content": "Done."})
        turns.append(steps)
    return turns


def multi_turn_mutations(payload: dict[str, Any]
                         ) -> Iterator[tuple[str, list[list[dict[str, Any]]]]]:
    truth = ground_truth_turns(payload)
    yield "exact", truth
    calls_per_turn = [len(t) - 1 for t in truth]
    last = max(range(len(truth)), key=lambda i: calls_per_turn[i])
    if calls_per_turn[last]:
        dropped = copy.deepcopy(truth)
        del dropped[last][calls_per_turn[last] - 1]
        yield "missing_call", dropped
        emptied = copy.deepcopy(truth)
        emptied[last] = [{"tool_calls": [], "content": "I can't."}]
        yield "empty_turn", emptied
        changed = copy.deepcopy(truth)
        step = changed[last][0]["tool_calls"][0]
        if step["arguments"]:
            key = sorted(step["arguments"])[0]
            step["arguments"][key] = _changed(step["arguments"][key])
            yield "wrong_argument", changed
    read_only = {"GorillaFileSystem": "pwd", "TwitterAPI": "get_user_stats",
                 "MathAPI": "mean", "TradingBot": "get_current_time",
                 "VehicleControlAPI": "displayCarStatus"}
    for cls, method in read_only.items():
        if cls in payload["involved_classes"]:
            extra = copy.deepcopy(truth)
            arguments = {"numbers": [1, 2]} if method == "mean" else \
                {"option": "fuel"} if method == "displayCarStatus" else \
                {"username": "nobody"} if method == "get_user_stats" else {}
            extra[0].insert(0, {"tool_calls": [{"name": method, "arguments": arguments}]})
            yield "extra_read_only_call", extra
            break
    yield "too_few_turns", truth[:-1]
    yield "bad_json_step_dropped", [[{"tool_calls": [{"name": "ls", "arguments": "{"}]}]
                                    + t for t in truth]


def official_ast_checker() -> Callable[..., dict[str, Any]]:
    """bfcl-eval's own AST checker for `multiple` items, as an FC model whose tools carry '_'
    for '.' (loaded as the offline verifier loads it)."""
    from pocketeval_verify.rescore import official_ast_checker as loaded

    return loaded()
