"""BFCL multi-turn samples judged again by bfcl-eval's own multi-turn checker, with its one
`eval` replaced.

The official checker (`multi_turn_checker`) executes each decoded call string with `eval`,
through `execute_multi_turn_func_call`. A bundle's calls and ground truth are untrusted text,
so while the checker runs, that one function is swapped for `literal_execute`: the same
contract (instances kept per model, test entry and class across turns; public methods only;
the refused names; results as str, dicts as JSON; errors as "Error during execution: ..."),
but a call string is read with `ast` and taken only as `name(literal, ..., key=literal)`.
Every call BFCL's FC decoding writes (`name(k=repr(v), ...)` from JSON arguments) and every
call of the published ground truth has that shape. Everything else is the official code:
the state and response checks, the turn loop. The inference-phase rules the official
runner applies before the checker are applied here as it does: a conversation whose turn
count differs from the ground truth's fails as force-terminated, and steps that do not
decode, or decode to nothing, are left out.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import importlib
import inspect
import json
import signal
import threading
from collections.abc import Iterator
from typing import Any

from pocketeval_verify.report import NotRejudged
from pocketeval_verify.tool_calls import Undecodable, decoded_calls

# the classes of multi_turn_base (bfcl-eval's CLASS_FILE_PATH_MAPPING holds more: web
# search and memory backends, which are not judged here)
CLASSES = ("GorillaFileSystem", "MathAPI", "MessageAPI", "TwitterAPI", "TicketAPI",
           "TradingBot", "TravelAPI", "VehicleControlAPI")
MAX_STEPS_PER_TURN = 20  # BFCL's inference stops a turn after 20 steps: force-terminated
CALL_LIMIT_S = 10  # a call that runs longer is not judged (where a timer can be set)
REFUSED = ("kill", "exit", "quit", "remove", "unlink", "popen", "Popen", "run")


def literal_call(text: str) -> tuple[str, list[Any], dict[str, Any]]:
    """`name(literal, ..., key=literal)` read without evaluating anything."""
    node = ast.parse(text.strip(), mode="eval").body
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) \
            or any(k.arg is None for k in node.keywords):
        raise ValueError(f"not a call of one name with literal arguments: {text[:120]!r}")
    return (node.func.id, [ast.literal_eval(a) for a in node.args],
            {str(k.arg): ast.literal_eval(k.value) for k in node.keywords})


@contextlib.contextmanager
def _call_limit() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise NotRejudged(f"an environment call ran past {CALL_LIMIT_S} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, CALL_LIMIT_S)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _result_text(result: Any) -> str:
    if type(result) is str:
        return result
    if type(result) is dict:
        try:
            return json.dumps(result)
        except (TypeError, ValueError):
            return str(result)
    return str(result)


class LiteralExecutor:
    """`execute_multi_turn_func_call` without `eval`, for one sample: its instances live in
    this object, not in module globals."""

    def __init__(self) -> None:
        self.instances: dict[str, Any] = {}

    def __call__(self, func_call_list: list[str], initial_config: dict[str, Any],
                 involved_classes: list[str], model_name: str, test_entry_id: str,
                 long_context: bool = False, is_evaL_run: bool = False  # noqa: N803
                 ) -> tuple[list[str], dict[str, Any]]:
        from bfcl_eval.constants.executable_backend_config import (  # type: ignore[import-untyped]
            CLASS_FILE_PATH_MAPPING,
            STATELESS_CLASSES,
        )

        owner = f"{model_name}{'_eval' if is_evaL_run else ''}_{test_entry_id}"
        involved, methods = {}, {}
        for class_name in involved_classes:
            if class_name not in CLASSES:
                raise NotRejudged(f"BFCL class {class_name!r} is not judged by this verifier")
            key = f"{owner}_{class_name}"
            if key not in self.instances:
                module = importlib.import_module(CLASS_FILE_PATH_MAPPING[class_name])
                instance = getattr(module, class_name)()
                if class_name not in STATELESS_CLASSES:
                    instance._load_scenario(copy.deepcopy(initial_config.get(class_name, {})),
                                            long_context=long_context)
                self.instances[key] = instance
            involved[class_name] = self.instances[key]
            for name, method in inspect.getmembers(self.instances[key], inspect.ismethod):
                if not name.startswith("_"):
                    methods[name] = method
        results = []
        for text in func_call_list:
            try:
                name, args, kwargs = literal_call(text)
                if name in REFUSED:
                    raise PermissionError(f"Function call {name} is not allowed.")
                if name not in methods:
                    raise NameError(f"name '{name}' is not defined")
                with _call_limit():
                    results.append(_result_text(methods[name](*args, **kwargs)))
            except NotRejudged:
                raise
            except Exception as exc:  # noqa: BLE001  (BFCL records the error as the result)
                results.append(f"Error during execution: {exc}")
        return results, involved


def decoded_turns(turns: list[list[dict[str, Any]]]) -> list[list[list[str]]]:
    """Per turn, the steps that decode to at least one call (the official runner's rule),
    each call as BFCL's `convert_to_function_call` writes it: `name(k=repr(v),...)`."""
    out = []
    for turn in turns:
        steps = []
        for step in turn:
            try:
                calls = decoded_calls(step.get("tool_calls"))
            except Undecodable:
                continue
            if calls:
                steps.append([f"{name}({','.join(f'{k}={v!r}' for k, v in value.items())})"
                              for call in calls for name, value in call.items()])
        out.append(steps)
    return out


def judge_multi_turn(item: dict[str, Any], sample: dict[str, Any]) -> bool:
    """bfcl-eval's verdict on the sample's turns."""
    from bfcl_eval.eval_checker.multi_turn_eval import (  # type: ignore[import-untyped]
        multi_turn_checker as official,
    )

    payload = item["payload"]
    turns = (sample.get("detail") or {}).get("turns")
    if not isinstance(turns, list):
        raise NotRejudged("the sample holds no turns")
    ground_truth = payload["ground_truth"]
    if len(turns) != len(ground_truth) \
            or any(len(turn) > MAX_STEPS_PER_TURN for turn in turns):
        return False  # force-terminated
    entry = {"id": f"multi_turn_base_{item['item_id']}", "involved_classes":
             payload["involved_classes"], "initial_config": payload.get("initial_config") or {}}
    saved = official.execute_multi_turn_func_call
    official.execute_multi_turn_func_call = LiteralExecutor()
    try:
        result = official.multi_turn_checker(decoded_turns(turns), ground_truth, entry,
                                             "multi_turn_base", "pocketeval_verify")
    finally:
        official.execute_multi_turn_func_call = saved
    return bool(result["valid"])
