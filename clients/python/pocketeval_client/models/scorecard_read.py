from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.scorecard_component_read import ScorecardComponentRead
  from ..models.scorecard_read_definitions import ScorecardReadDefinitions





T = TypeVar("T", bound="ScorecardRead")



@_attrs_define
class ScorecardRead:
    """ 
        Attributes:
            components (list[ScorecardComponentRead]):
            components_used (int): Components the score rests on
            definitions (ScorecardReadDefinitions):
            min_components (int):
            missing (list[str]): Components without data, left out
            model (str):
            score (float | None): None where fewer than min_components components have data
     """

    components: list[ScorecardComponentRead]
    components_used: int
    definitions: ScorecardReadDefinitions
    min_components: int
    missing: list[str]
    model: str
    score: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.scorecard_component_read import ScorecardComponentRead # noqa: PLC0415
        from ..models.scorecard_read_definitions import ScorecardReadDefinitions # noqa: PLC0415
        components = []
        for components_item_data in self.components:
            components_item = components_item_data.to_dict()
            components.append(components_item)



        components_used = self.components_used

        definitions = self.definitions.to_dict()

        min_components = self.min_components

        missing = self.missing



        model = self.model

        score: float | None
        score = self.score


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "components": components,
            "components_used": components_used,
            "definitions": definitions,
            "min_components": min_components,
            "missing": missing,
            "model": model,
            "score": score,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scorecard_component_read import ScorecardComponentRead # noqa: PLC0415
        from ..models.scorecard_read_definitions import ScorecardReadDefinitions # noqa: PLC0415
        d = dict(src_dict)
        components = []
        _components = d.pop("components")
        for components_item_data in (_components):
            components_item = ScorecardComponentRead.from_dict(components_item_data)



            components.append(components_item)


        components_used = d.pop("components_used")

        definitions = ScorecardReadDefinitions.from_dict(d.pop("definitions"))




        min_components = d.pop("min_components")

        missing = cast(list[str], d.pop("missing"))


        model = d.pop("model")

        def _parse_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        score = _parse_score(d.pop("score"))


        scorecard_read = cls(
            components=components,
            components_used=components_used,
            definitions=definitions,
            min_components=min_components,
            missing=missing,
            model=model,
            score=score,
        )


        scorecard_read.additional_properties = d
        return scorecard_read

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
