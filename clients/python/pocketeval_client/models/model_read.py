from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.model_read_eligibility_type_0 import ModelReadEligibilityType0
  from ..models.model_read_settings import ModelReadSettings





T = TypeVar("T", bound="ModelRead")



@_attrs_define
class ModelRead:
    """ 
        Attributes:
            eligibility (ModelReadEligibilityType0 | None):
            kind (str):
            name (str):
            settings (ModelReadSettings):
            variant (str):
     """

    eligibility: ModelReadEligibilityType0 | None
    kind: str
    name: str
    settings: ModelReadSettings
    variant: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.model_read_eligibility_type_0 import ModelReadEligibilityType0 # noqa: PLC0415
        from ..models.model_read_settings import ModelReadSettings # noqa: PLC0415
        eligibility: dict[str, Any] | None
        if isinstance(self.eligibility, ModelReadEligibilityType0):
            eligibility = self.eligibility.to_dict()
        else:
            eligibility = self.eligibility

        kind = self.kind

        name = self.name

        settings = self.settings.to_dict()

        variant = self.variant


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "eligibility": eligibility,
            "kind": kind,
            "name": name,
            "settings": settings,
            "variant": variant,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.model_read_eligibility_type_0 import ModelReadEligibilityType0 # noqa: PLC0415
        from ..models.model_read_settings import ModelReadSettings # noqa: PLC0415
        d = dict(src_dict)
        def _parse_eligibility(data: object) -> ModelReadEligibilityType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                eligibility_type_0 = ModelReadEligibilityType0.from_dict(data)



                return eligibility_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ModelReadEligibilityType0 | None, data)

        eligibility = _parse_eligibility(d.pop("eligibility"))


        kind = d.pop("kind")

        name = d.pop("name")

        settings = ModelReadSettings.from_dict(d.pop("settings"))




        variant = d.pop("variant")

        model_read = cls(
            eligibility=eligibility,
            kind=kind,
            name=name,
            settings=settings,
            variant=variant,
        )


        model_read.additional_properties = d
        return model_read

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
