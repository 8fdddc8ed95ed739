"""BFCL AST matching of one call against the possible answers (the `multiple` category).

The rules follow the official checker exactly, quirks included, because published BFCL
scores depend on them:
- the function name must match; every required parameter must be present; a parameter that
  is neither described nor in the possible answer is unexpected;
- Python type names map to types (`float` accepts an int; `tuple` is a list; `any` is a
  string); lists of arrays/tuples are type-checked one level deep;
- a value whose type differs from the described type but equals the possible answers' type is
  a "variable" and is compared as is;
- strings compare after removing spaces and `,./-_*^`, lower-casing and turning ' into ";
  lists compare element-wise after the same string treatment; dicts compare key by key;
- `""` among the possible values marks an optional parameter that may be omitted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from app.benchmarks.catalog.bfcl.calls import Call

PYTHON_TYPES: dict[str, type] = {
    "string": str, "integer": int, "float": float, "boolean": bool, "array": list,
    "tuple": list, "dict": dict, "any": str,
}
NESTED_TYPES = ("array", "tuple")
_STRIP = re.compile(r"[ ,./\-_*^]")


@dataclass(frozen=True)
class Check:
    valid: bool
    error_type: str = ""
    error: str = ""
    is_variable: bool = False


OK = Check(True)


def standardize(text: str) -> str:
    return _STRIP.sub("", text).lower().replace("'", '"')


def _answer_type(possible: Sequence[Any]) -> type | None:
    return next((type(a) for a in possible if a != ""), None)


def check_type(param: str, value: Any, possible: Any, described: str,
               expected: type, nested: type | None) -> Check:
    answer_type = _answer_type(possible)
    is_variable = answer_type is not None and answer_type != expected
    if type(value) is expected:
        if nested is None:
            return Check(True, is_variable=is_variable)
        for option in possible:
            fits = True
            if type(option) is list:
                for element in cast("list[Any]", value):
                    if not check_type(param, element, option, nested.__name__, nested,
                                      None).valid:
                        fits = False
                        break
            if fits:
                return Check(True, is_variable=is_variable)
        if answer_type is not None and type(value) is answer_type:
            return Check(False, "type_error:nested", f"nested type check failed for {param!r}",
                         is_variable=True)
        return Check(False, "type_error:nested",
                     f"nested type check failed for {param!r}: expected {described} of "
                     f"{nested.__name__}")
    if answer_type is not None and type(value) is answer_type:
        return Check(True, is_variable=True)
    return Check(False, "type_error:simple", f"incorrect type for {param!r}: expected "
                 f"{described}, got {type(value).__name__}")


def check_string(param: str, value: str, possible: Sequence[Any]) -> Check:
    if standardize(value) in [standardize(p) for p in possible if type(p) is str]:
        return OK
    return Check(False, "value_error:string", f"invalid value for {param!r}: {value!r}")


def _standard_items(items: Any) -> list[Any]:
    return [standardize(x) if type(x) is str else x for x in items]


def check_list(param: str, value: list[Any], possible: Sequence[Any]) -> Check:
    if _standard_items(value) in [_standard_items(p) for p in possible]:
        return OK
    return Check(False, "value_error:list/tuple", f"invalid value for {param!r}: {value!r}")


def check_dict(param: str, value: Any, possible: Sequence[Any]) -> Check:
    result = Check(False, "dict_checker:unclear", f"no possible answer fits {param!r}")
    if not isinstance(value, dict):
        return Check(False, "type_error:simple", f"{param!r} element is not an object")
    for option in possible:
        if option == "":
            continue
        result = OK
        for key, v in value.items():
            if key not in option:
                result = Check(False, "value_error:dict_key", f"unexpected dict key {key!r}")
                break
            standard = standardize(v) if type(v) is str else v
            if standard not in _standard_items(option[key]):
                result = Check(False, "value_error:dict_value",
                               f"invalid value for {key!r}: {v!r}")
                break
        if result.valid:
            for key, allowed in option.items():
                if key not in value and "" not in allowed:
                    result = Check(False, "value_error:dict_key", f"missing dict key {key!r}")
                    break
        if result.valid:
            return OK
    return result


def check_list_of_dicts(param: str, value: list[Any], possible: Sequence[Any]) -> Check:
    result = Check(False, "list_dict_checker:unclear", f"no possible answer fits {param!r}")
    for option in possible:
        if len(value) != len(option):
            result = Check(False, "value_error:list_dict_count",
                           "wrong number of dictionaries in the list")
            continue
        fits = True
        for element, expected in zip(value, option, strict=True):
            result = check_dict(param, element, [expected])
            if not result.valid:
                fits = False
                break
        if fits:
            return OK
    return result


def check_call(function: Mapping[str, Any], call: Call, possible: Mapping[str, Any],
               wire_name: str) -> Check:
    """One call against one function's possible answer {param: [acceptable values]}."""
    if call.name != wire_name:
        return Check(False, "simple_function_checker:wrong_func_name",
                     f"expected {wire_name!r}, got {call.name!r}")
    properties: Mapping[str, Any] = function["parameters"]["properties"]
    for param in function["parameters"].get("required", []):
        if param not in call.kwargs:
            return Check(False, "simple_function_checker:missing_required",
                         f"missing required parameter {param!r}")
    for param, value in call.kwargs.items():
        if param not in properties or param not in possible:
            return Check(False, "simple_function_checker:unexpected_param",
                         f"unexpected parameter {param!r}")
        described = properties[param]["type"]
        expected = PYTHON_TYPES[described]
        nested = PYTHON_TYPES[properties[param]["items"]["type"]] \
            if described in NESTED_TYPES else None
        if described == "float" and type(value) is int:
            value = float(value)
        typed = check_type(param, value, possible[param], described, expected, nested)
        if not typed.valid:
            return typed
        if not typed.is_variable:
            if expected is dict:
                result = check_dict(param, value, possible[param])
            elif expected is list and nested is dict:
                result = check_list_of_dicts(param, value, possible[param])
            elif expected is str:
                result = check_string(param, value, possible[param])
            elif expected is list:
                result = check_list(param, value, possible[param])
            else:
                result = None
            if result is not None:
                if not result.valid:
                    return result
                continue
        if value not in possible[param]:
            return Check(False, "value_error:others", f"invalid value for {param!r}: {value!r}")
    for param, allowed in possible.items():
        if param not in call.kwargs and "" not in allowed:
            return Check(False, "simple_function_checker:missing_optional",
                         f"parameter {param!r} is not optional and was not given")
    return OK


def check_multiple(functions: Sequence[Mapping[str, Any]], calls: Sequence[Call],
                   ground_truth: Sequence[Mapping[str, Any]]) -> Check:
    """`multiple`: exactly one call, matched against the ground truth's function."""
    if len(calls) != len(ground_truth):
        return Check(False, "multiple_function_checker:wrong_count",
                     f"expected {len(ground_truth)} call(s), got {len(calls)}")
    expected_name, possible = next(iter(ground_truth[0].items()))
    function = next((f for f in functions if f["name"] == expected_name), None)
    if function is None:
        return Check(False, "multiple_function_checker:unknown_function",
                     f"{expected_name!r} is not among the item's functions")
    return check_call(function, calls[0], possible, wire_name(expected_name, calls[0].name))


def wire_name(name: str, called: str) -> str:
    """OpenAI-style tools cannot carry '.', so names are sent with '_' (as BFCL does for
    function-calling models); a call may use either spelling."""
    return name if called == name else name.replace(".", "_")
