from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.benchmark_read import BenchmarkRead
  from ..models.expansion_read_definitions import ExpansionReadDefinitions
  from ..models.expansion_validation_read import ExpansionValidationRead





T = TypeVar("T", bound="ExpansionRead")



@_attrs_define
class ExpansionRead:
    """ 
        Attributes:
            benchmark (BenchmarkRead):
            definitions (ExpansionReadDefinitions):
            validation (ExpansionValidationRead):
     """

    benchmark: BenchmarkRead
    definitions: ExpansionReadDefinitions
    validation: ExpansionValidationRead
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.benchmark_read import BenchmarkRead # noqa: PLC0415
        from ..models.expansion_read_definitions import ExpansionReadDefinitions # noqa: PLC0415
        from ..models.expansion_validation_read import ExpansionValidationRead # noqa: PLC0415
        benchmark = self.benchmark.to_dict()

        definitions = self.definitions.to_dict()

        validation = self.validation.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "definitions": definitions,
            "validation": validation,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.benchmark_read import BenchmarkRead # noqa: PLC0415
        from ..models.expansion_read_definitions import ExpansionReadDefinitions # noqa: PLC0415
        from ..models.expansion_validation_read import ExpansionValidationRead # noqa: PLC0415
        d = dict(src_dict)
        benchmark = BenchmarkRead.from_dict(d.pop("benchmark"))




        definitions = ExpansionReadDefinitions.from_dict(d.pop("definitions"))




        validation = ExpansionValidationRead.from_dict(d.pop("validation"))




        expansion_read = cls(
            benchmark=benchmark,
            definitions=definitions,
            validation=validation,
        )


        expansion_read.additional_properties = d
        return expansion_read

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
