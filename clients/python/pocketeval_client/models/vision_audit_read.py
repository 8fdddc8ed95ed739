from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.modality_gap_read import ModalityGapRead
  from ..models.treatment_read import TreatmentRead
  from ..models.vision_audit_read_definitions import VisionAuditReadDefinitions





T = TypeVar("T", bound="VisionAuditRead")



@_attrs_define
class VisionAuditRead:
    """ 
        Attributes:
            benchmark (str):
            definitions (VisionAuditReadDefinitions):
            gaps (list[ModalityGapRead]):
            run_id (int):
            treatments (list[TreatmentRead]):
     """

    benchmark: str
    definitions: VisionAuditReadDefinitions
    gaps: list[ModalityGapRead]
    run_id: int
    treatments: list[TreatmentRead]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.modality_gap_read import ModalityGapRead # noqa: PLC0415
        from ..models.treatment_read import TreatmentRead # noqa: PLC0415
        from ..models.vision_audit_read_definitions import VisionAuditReadDefinitions # noqa: PLC0415
        benchmark = self.benchmark

        definitions = self.definitions.to_dict()

        gaps = []
        for gaps_item_data in self.gaps:
            gaps_item = gaps_item_data.to_dict()
            gaps.append(gaps_item)



        run_id = self.run_id

        treatments = []
        for treatments_item_data in self.treatments:
            treatments_item = treatments_item_data.to_dict()
            treatments.append(treatments_item)




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmark": benchmark,
            "definitions": definitions,
            "gaps": gaps,
            "run_id": run_id,
            "treatments": treatments,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.modality_gap_read import ModalityGapRead # noqa: PLC0415
        from ..models.treatment_read import TreatmentRead # noqa: PLC0415
        from ..models.vision_audit_read_definitions import VisionAuditReadDefinitions # noqa: PLC0415
        d = dict(src_dict)
        benchmark = d.pop("benchmark")

        definitions = VisionAuditReadDefinitions.from_dict(d.pop("definitions"))




        gaps = []
        _gaps = d.pop("gaps")
        for gaps_item_data in (_gaps):
            gaps_item = ModalityGapRead.from_dict(gaps_item_data)



            gaps.append(gaps_item)


        run_id = d.pop("run_id")

        treatments = []
        _treatments = d.pop("treatments")
        for treatments_item_data in (_treatments):
            treatments_item = TreatmentRead.from_dict(treatments_item_data)



            treatments.append(treatments_item)


        vision_audit_read = cls(
            benchmark=benchmark,
            definitions=definitions,
            gaps=gaps,
            run_id=run_id,
            treatments=treatments,
        )


        vision_audit_read.additional_properties = d
        return vision_audit_read

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
