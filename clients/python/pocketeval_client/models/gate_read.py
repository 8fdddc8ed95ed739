from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.gate_outcome import GateOutcome
from ..models.gate_read_exit_code import GateReadExitCode
from typing import cast

if TYPE_CHECKING:
  from ..models.gate_check import GateCheck
  from ..models.side_read import SideRead





T = TypeVar("T", bound="GateRead")



@_attrs_define
class GateRead:
    """ 
        Attributes:
            build (SideRead):
            checks (list[GateCheck]): One per benchmark both scored, then the Index
            compare_url (str): The comparison's page
            exit_code (GateReadExitCode):
            margin (float):
            outcome (GateOutcome):
            reference (SideRead):
     """

    build: SideRead
    checks: list[GateCheck]
    compare_url: str
    exit_code: GateReadExitCode
    margin: float
    outcome: GateOutcome
    reference: SideRead
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.gate_check import GateCheck # noqa: PLC0415
        from ..models.side_read import SideRead # noqa: PLC0415
        build = self.build.to_dict()

        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)



        compare_url = self.compare_url

        exit_code = self.exit_code.value

        margin = self.margin

        outcome = self.outcome.value

        reference = self.reference.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "build": build,
            "checks": checks,
            "compare_url": compare_url,
            "exit_code": exit_code,
            "margin": margin,
            "outcome": outcome,
            "reference": reference,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.gate_check import GateCheck # noqa: PLC0415
        from ..models.side_read import SideRead # noqa: PLC0415
        d = dict(src_dict)
        build = SideRead.from_dict(d.pop("build"))




        checks = []
        _checks = d.pop("checks")
        for checks_item_data in (_checks):
            checks_item = GateCheck.from_dict(checks_item_data)



            checks.append(checks_item)


        compare_url = d.pop("compare_url")

        exit_code = GateReadExitCode(d.pop("exit_code"))




        margin = d.pop("margin")

        outcome = GateOutcome(d.pop("outcome"))




        reference = SideRead.from_dict(d.pop("reference"))




        gate_read = cls(
            build=build,
            checks=checks,
            compare_url=compare_url,
            exit_code=exit_code,
            margin=margin,
            outcome=outcome,
            reference=reference,
        )


        gate_read.additional_properties = d
        return gate_read

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
