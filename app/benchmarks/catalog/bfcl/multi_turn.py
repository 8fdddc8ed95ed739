"""BFCL multi_turn_base: replay the model's calls and the ground truth on fresh instances of
the official environment classes (from the bfcl-eval package) and compare, turn by turn.

Official rules, mirrored: instances live for the whole conversation (one set for the model,
one for the ground truth); a step whose calls cannot all be decoded is dropped, as are steps
without calls; a turn with ground truth but no executed step fails; after each such turn
every instance's public attributes must equal the ground truth's, and every ground-truth
execution result must appear (as a multiset) among the model's results of all turns so far.
A conversation whose turn count differs, or a turn of more than 20 steps, fails as BFCL's
force-termination does. Calls reach only public methods of the involved instances; there is
no `eval`, so names outside them (builtins included) fail as undefined.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.benchmarks.catalog.bfcl.calls import (
    Call,
    InvalidCall,
    decode_tool_calls,
    parse_call_string,
)
from app.benchmarks.catalog.bfcl.payload import tool_call_payload
from app.scoring import time_limited

MAX_STEPS_PER_TURN = 20
CALL_TIMEOUT_S = 5
RESULT_LIMIT = 64 * 1024  # characters of one call's result that go back to the model
BACKEND = "bfcl_eval.eval_checker.multi_turn_eval.func_source_code"
CLASS_MODULES = {
    "GorillaFileSystem": "gorilla_file_system", "MathAPI": "math_api",
    "MessageAPI": "message_api", "TwitterAPI": "posting_api", "TicketAPI": "ticket_api",
    "TradingBot": "trading_bot", "TravelAPI": "travel_booking",
    "VehicleControlAPI": "vehicle_control",
}
STATELESS = {"MathAPI"}
# names BFCL refuses to execute whatever the class
REFUSED = {"kill", "exit", "quit", "remove", "unlink", "popen", "Popen", "run"}


@dataclass
class ReplayOutcome:
    valid: bool
    error_type: str = ""
    error: str = ""
    turns: list[dict[str, Any]] = field(default_factory=list)


class Environment:
    """Instances of the involved classes, loaded with the item's initial configuration."""

    def __init__(self, involved: Sequence[str], initial_config: Mapping[str, Any]) -> None:
        self.instances: dict[str, Any] = {}
        self.methods: dict[str, Any] = {}
        for class_name in involved:
            if class_name not in CLASS_MODULES:
                raise ValueError(f"unknown BFCL class {class_name!r}")
            module = importlib.import_module(f"{BACKEND}.{CLASS_MODULES[class_name]}")
            instance = getattr(module, class_name)()
            if class_name not in STATELESS:
                instance._load_scenario(copy.deepcopy(dict(initial_config.get(class_name, {}))),
                                        long_context=False)
            self.instances[class_name] = instance
            for name, method in inspect.getmembers(instance, predicate=inspect.ismethod):
                if not name.startswith("_"):
                    self.methods[name] = method

    def execute(self, call: Call) -> str:
        """The call's result as BFCL records it (str; dicts as JSON), or its error text."""
        try:
            if call.name in REFUSED:
                raise PermissionError(f"Function call {call.name} is not allowed.")
            method = self.methods.get(call.name)
            if method is None:
                raise NameError(f"name '{call.name}' is not defined")
            # fresh argument objects per call, as BFCL's evaluated call strings are: some
            # environment methods mutate the lists they are given
            args, kwargs = copy.deepcopy((call.args, call.kwargs))
            with time_limited(CALL_TIMEOUT_S):
                result = method(*args, **kwargs)
        except Exception as exc:  # the environment's own errors are results, as in BFCL
            return f"Error during execution: {exc}"
        if isinstance(result, str):
            return result
        if isinstance(result, dict):
            try:
                return json.dumps(result)
            except (TypeError, ValueError):
                return str(result)
        return str(result)

    def call(self, call: Call) -> tuple[str, Environment]:
        """execute, for a worker process: the result, capped at RESULT_LIMIT characters, and
        the environment as the call left it (it travels back to the caller)."""
        result = self.execute(call)
        if len(result) > RESULT_LIMIT:
            result = result[:RESULT_LIMIT] + f" … [cut at {RESULT_LIMIT} characters]"
        return result, self

    def state(self) -> dict[str, dict[str, Any]]:
        return {name: {k: v for k, v in vars(obj).items() if not k.startswith("_")}
                for name, obj in self.instances.items()}


def _state_differences(model: Environment, truth: Environment) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for class_name, gt_instance in truth.instances.items():
        mine = model.instances[class_name]
        diff = [attr for attr in vars(gt_instance) if not attr.startswith("_")
                and getattr(mine, attr) != getattr(gt_instance, attr)]
        if diff:
            out[class_name] = diff
    return out


def _missing(expected: Sequence[str], available: Sequence[str]) -> list[str]:
    pool = list(available)
    missing = []
    for item in expected:
        try:
            pool.remove(item)
        except ValueError:
            missing.append(item)
    return missing


def decoded_steps(turn: Sequence[Mapping[str, Any]]) -> list[list[Call]]:
    """The steps of one turn that BFCL would execute: decodable and non-empty."""
    steps = []
    for step in turn:
        try:
            calls = decode_tool_calls(step.get("tool_calls") or [])
        except InvalidCall:
            continue
        if calls:
            steps.append(calls)
    return steps


def replay(payload: Mapping[str, Any], turns: Sequence[Sequence[Mapping[str, Any]]]
           ) -> ReplayOutcome:
    read = tool_call_payload(payload)
    ground_truth: list[list[str]] = read.ground_truth
    if len(turns) != len(ground_truth):
        return ReplayOutcome(False, "multi_turn:force_terminated",
                       f"{len(turns)} turns answered, the conversation has {len(ground_truth)}")
    involved, config = read.involved_classes, read.initial_config or {}
    model, truth = Environment(involved, config), Environment(involved, config)
    all_model_results: list[str] = []
    report: list[dict[str, Any]] = []
    for index, (turn, gt_strings) in enumerate(zip(turns, ground_truth, strict=True)):
        if len(turn) > MAX_STEPS_PER_TURN:
            return ReplayOutcome(False, "multi_turn:force_terminated",
                           f"turn {index} took {len(turn)} steps (limit {MAX_STEPS_PER_TURN})",
                           report)
        steps = decoded_steps(turn)
        model_results = [[model.execute(c) for c in calls] for calls in steps]
        gt_results = [truth.execute(parse_call_string(s)) for s in gt_strings]
        for results in model_results:
            all_model_results.extend(results)
        report.append({"turn": index, "model_calls": [[c.render() for c in s] for s in steps],
                       "model_results": model_results, "ground_truth_results": gt_results})
        if not gt_strings:
            continue  # a turn the model cannot satisfy; its calls still change the state
        if not steps:
            return ReplayOutcome(False, "multi_turn:empty_turn_model_response",
                           f"no function call in turn {index}", report)
        differences = _state_differences(model, truth)
        if differences:
            return ReplayOutcome(False, "multi_turn:instance_state_mismatch",
                           f"turn {index}: state differs in {differences}", report)
        missing = _missing(gt_results, all_model_results)
        if missing:
            return ReplayOutcome(False, "multi_turn:execution_response_mismatch",
                           f"turn {index}: ground-truth results missing from the model's: "
                           f"{[m[:120] for m in missing]}", report)
    return ReplayOutcome(True, turns=report)
