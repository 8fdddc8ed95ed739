from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.component_read import ComponentRead
  from ..models.index_read_missing_why import IndexReadMissingWhy
  from ..models.interval import Interval





T = TypeVar("T", bound="IndexRead")



@_attrs_define
class IndexRead:
    """ 
        Attributes:
            ci95 (Interval | None):
            components (list[ComponentRead]):
            formula (str):
            index (float | None): 0-1; null unless all five components are present
            missing (list[str]): Components without a value
            models (list[str]): Models of the runs used (one, unless runs mix)
            stderr (float | None):
            missing_why (IndexReadMissingWhy | Unset): Each missing component: why
     """

    ci95: Interval | None
    components: list[ComponentRead]
    formula: str
    index: float | None
    missing: list[str]
    models: list[str]
    stderr: float | None
    missing_why: IndexReadMissingWhy | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.component_read import ComponentRead # noqa: PLC0415
        from ..models.index_read_missing_why import IndexReadMissingWhy # noqa: PLC0415
        from ..models.interval import Interval # noqa: PLC0415
        ci95: dict[str, Any] | None
        if isinstance(self.ci95, Interval):
            ci95 = self.ci95.to_dict()
        else:
            ci95 = self.ci95

        components = []
        for components_item_data in self.components:
            components_item = components_item_data.to_dict()
            components.append(components_item)



        formula = self.formula

        index: float | None
        index = self.index

        missing = self.missing



        models = self.models



        stderr: float | None
        stderr = self.stderr

        missing_why: dict[str, Any] | Unset = UNSET
        if not isinstance(self.missing_why, Unset):
            missing_why = self.missing_why.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "ci95": ci95,
            "components": components,
            "formula": formula,
            "index": index,
            "missing": missing,
            "models": models,
            "stderr": stderr,
        })
        if missing_why is not UNSET:
            field_dict["missing_why"] = missing_why

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.component_read import ComponentRead # noqa: PLC0415
        from ..models.index_read_missing_why import IndexReadMissingWhy # noqa: PLC0415
        from ..models.interval import Interval # noqa: PLC0415
        d = dict(src_dict)
        def _parse_ci95(data: object) -> Interval | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ci95_type_0 = Interval.from_dict(data)



                return ci95_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Interval | None, data)

        ci95 = _parse_ci95(d.pop("ci95"))


        components = []
        _components = d.pop("components")
        for components_item_data in (_components):
            components_item = ComponentRead.from_dict(components_item_data)



            components.append(components_item)


        formula = d.pop("formula")

        def _parse_index(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        index = _parse_index(d.pop("index"))


        missing = cast(list[str], d.pop("missing"))


        models = cast(list[str], d.pop("models"))


        def _parse_stderr(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        stderr = _parse_stderr(d.pop("stderr"))


        _missing_why = d.pop("missing_why", UNSET)
        missing_why: IndexReadMissingWhy | Unset
        if isinstance(_missing_why,  Unset):
            missing_why = UNSET
        else:
            missing_why = IndexReadMissingWhy.from_dict(_missing_why)




        index_read = cls(
            ci95=ci95,
            components=components,
            formula=formula,
            index=index,
            missing=missing,
            models=models,
            stderr=stderr,
            missing_why=missing_why,
        )


        index_read.additional_properties = d
        return index_read

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
