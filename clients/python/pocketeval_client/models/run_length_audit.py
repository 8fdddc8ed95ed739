from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.length_unit import LengthUnit
from typing import cast

if TYPE_CHECKING:
  from ..models.interval import Interval
  from ..models.run_length_audit_definitions import RunLengthAuditDefinitions





T = TypeVar("T", bound="RunLengthAudit")



@_attrs_define
class RunLengthAudit:
    """ 
        Attributes:
            accuracy_key_longest (float | None):
            accuracy_rest (float | None):
            benchmark (str):
            ci95_key_longest (Interval | None):
            ci95_rest (Interval | None):
            definitions (RunLengthAuditDefinitions):
            key_longest_rate (float): How often the key is the strictly longest option (what an unbiased model's longest-
                pick rate would approach if it were always right)
            longest_pick_rate (float): How often the model chose the strictly longest option
            n_key_longest (int):
            n_rest (int):
            n_samples (int):
            run_id (int):
            tokenizer (None | str):
            unit (LengthUnit):
     """

    accuracy_key_longest: float | None
    accuracy_rest: float | None
    benchmark: str
    ci95_key_longest: Interval | None
    ci95_rest: Interval | None
    definitions: RunLengthAuditDefinitions
    key_longest_rate: float
    longest_pick_rate: float
    n_key_longest: int
    n_rest: int
    n_samples: int
    run_id: int
    tokenizer: None | str
    unit: LengthUnit
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.interval import Interval # noqa: PLC0415
        from ..models.run_length_audit_definitions import RunLengthAuditDefinitions # noqa: PLC0415
        accuracy_key_longest: float | None
        accuracy_key_longest = self.accuracy_key_longest

        accuracy_rest: float | None
        accuracy_rest = self.accuracy_rest

        benchmark = self.benchmark

        ci95_key_longest: dict[str, Any] | None
        if isinstance(self.ci95_key_longest, Interval):
            ci95_key_longest = self.ci95_key_longest.to_dict()
        else:
            ci95_key_longest = self.ci95_key_longest

        ci95_rest: dict[str, Any] | None
        if isinstance(self.ci95_rest, Interval):
            ci95_rest = self.ci95_rest.to_dict()
        else:
            ci95_rest = self.ci95_rest

        definitions = self.definitions.to_dict()

        key_longest_rate = self.key_longest_rate

        longest_pick_rate = self.longest_pick_rate

        n_key_longest = self.n_key_longest

        n_rest = self.n_rest

        n_samples = self.n_samples

        run_id = self.run_id

        tokenizer: None | str
        tokenizer = self.tokenizer

        unit = self.unit.value


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "accuracy_key_longest": accuracy_key_longest,
            "accuracy_rest": accuracy_rest,
            "benchmark": benchmark,
            "ci95_key_longest": ci95_key_longest,
            "ci95_rest": ci95_rest,
            "definitions": definitions,
            "key_longest_rate": key_longest_rate,
            "longest_pick_rate": longest_pick_rate,
            "n_key_longest": n_key_longest,
            "n_rest": n_rest,
            "n_samples": n_samples,
            "run_id": run_id,
            "tokenizer": tokenizer,
            "unit": unit,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interval import Interval # noqa: PLC0415
        from ..models.run_length_audit_definitions import RunLengthAuditDefinitions # noqa: PLC0415
        d = dict(src_dict)
        def _parse_accuracy_key_longest(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy_key_longest = _parse_accuracy_key_longest(d.pop("accuracy_key_longest"))


        def _parse_accuracy_rest(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy_rest = _parse_accuracy_rest(d.pop("accuracy_rest"))


        benchmark = d.pop("benchmark")

        def _parse_ci95_key_longest(data: object) -> Interval | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ci95_key_longest_type_0 = Interval.from_dict(data)



                return ci95_key_longest_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None, data)

        ci95_key_longest = _parse_ci95_key_longest(d.pop("ci95_key_longest"))


        def _parse_ci95_rest(data: object) -> Interval | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ci95_rest_type_0 = Interval.from_dict(data)



                return ci95_rest_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None, data)

        ci95_rest = _parse_ci95_rest(d.pop("ci95_rest"))


        definitions = RunLengthAuditDefinitions.from_dict(d.pop("definitions"))




        key_longest_rate = d.pop("key_longest_rate")

        longest_pick_rate = d.pop("longest_pick_rate")

        n_key_longest = d.pop("n_key_longest")

        n_rest = d.pop("n_rest")

        n_samples = d.pop("n_samples")

        run_id = d.pop("run_id")

        def _parse_tokenizer(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        tokenizer = _parse_tokenizer(d.pop("tokenizer"))


        unit = LengthUnit(d.pop("unit"))




        run_length_audit = cls(
            accuracy_key_longest=accuracy_key_longest,
            accuracy_rest=accuracy_rest,
            benchmark=benchmark,
            ci95_key_longest=ci95_key_longest,
            ci95_rest=ci95_rest,
            definitions=definitions,
            key_longest_rate=key_longest_rate,
            longest_pick_rate=longest_pick_rate,
            n_key_longest=n_key_longest,
            n_rest=n_rest,
            n_samples=n_samples,
            run_id=run_id,
            tokenizer=tokenizer,
            unit=unit,
        )


        run_length_audit.additional_properties = d
        return run_length_audit

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
