from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.check import Check
  from ..models.database_info import DatabaseInfo
  from ..models.doctor_report_packages import DoctorReportPackages
  from ..models.doctor_report_unprepared import DoctorReportUnprepared
  from ..models.host_cpu import HostCpu
  from ..models.llama_build import LlamaBuild
  from ..models.llama_server_info import LlamaServerInfo
  from ..models.smoke import Smoke





T = TypeVar("T", bound="DoctorReport")



@_attrs_define
class DoctorReport:
    """ 
        Attributes:
            checks (list[Check]):
            database (DatabaseInfo):
            host (HostCpu):
            llama_cpp (LlamaBuild):
            llama_server (LlamaServerInfo):
            ok (bool): false when any check failed
            packages (DoctorReportPackages):
            python (str):
            smoke (None | Smoke):
            unprepared (DoctorReportUnprepared): what benchmarks' scorers need prepared on this machine and is not: a
                preparation's name -> the resources it misses (`pocketeval prepare` writes them)
     """

    checks: list[Check]
    database: DatabaseInfo
    host: HostCpu
    llama_cpp: LlamaBuild
    llama_server: LlamaServerInfo
    ok: bool
    packages: DoctorReportPackages
    python: str
    smoke: None | Smoke
    unprepared: DoctorReportUnprepared
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.check import Check # noqa: PLC0415
        from ..models.database_info import DatabaseInfo # noqa: PLC0415
        from ..models.doctor_report_packages import DoctorReportPackages # noqa: PLC0415
        from ..models.doctor_report_unprepared import DoctorReportUnprepared # noqa: PLC0415
        from ..models.host_cpu import HostCpu # noqa: PLC0415
        from ..models.llama_build import LlamaBuild # noqa: PLC0415
        from ..models.llama_server_info import LlamaServerInfo # noqa: PLC0415
        from ..models.smoke import Smoke # noqa: PLC0415
        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)



        database = self.database.to_dict()

        host = self.host.to_dict()

        llama_cpp = self.llama_cpp.to_dict()

        llama_server = self.llama_server.to_dict()

        ok = self.ok

        packages = self.packages.to_dict()

        python = self.python

        smoke: dict[str, Any] | None
        if isinstance(self.smoke, Smoke):
            smoke = self.smoke.to_dict()
        else:
            smoke = self.smoke

        unprepared = self.unprepared.to_dict()


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "checks": checks,
            "database": database,
            "host": host,
            "llama_cpp": llama_cpp,
            "llama_server": llama_server,
            "ok": ok,
            "packages": packages,
            "python": python,
            "smoke": smoke,
            "unprepared": unprepared,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.check import Check # noqa: PLC0415
        from ..models.database_info import DatabaseInfo # noqa: PLC0415
        from ..models.doctor_report_packages import DoctorReportPackages # noqa: PLC0415
        from ..models.doctor_report_unprepared import DoctorReportUnprepared # noqa: PLC0415
        from ..models.host_cpu import HostCpu # noqa: PLC0415
        from ..models.llama_build import LlamaBuild # noqa: PLC0415
        from ..models.llama_server_info import LlamaServerInfo # noqa: PLC0415
        from ..models.smoke import Smoke # noqa: PLC0415
        d = dict(src_dict)
        checks = []
        _checks = d.pop("checks")
        for checks_item_data in (_checks):
            checks_item = Check.from_dict(checks_item_data)



            checks.append(checks_item)


        database = DatabaseInfo.from_dict(d.pop("database"))




        host = HostCpu.from_dict(d.pop("host"))




        llama_cpp = LlamaBuild.from_dict(d.pop("llama_cpp"))




        llama_server = LlamaServerInfo.from_dict(d.pop("llama_server"))




        ok = d.pop("ok")

        packages = DoctorReportPackages.from_dict(d.pop("packages"))




        python = d.pop("python")

        def _parse_smoke(data: object) -> None | Smoke:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                smoke_type_0 = Smoke.from_dict(data)



                return smoke_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Smoke, data)

        smoke = _parse_smoke(d.pop("smoke"))


        unprepared = DoctorReportUnprepared.from_dict(d.pop("unprepared"))




        doctor_report = cls(
            checks=checks,
            database=database,
            host=host,
            llama_cpp=llama_cpp,
            llama_server=llama_server,
            ok=ok,
            packages=packages,
            python=python,
            smoke=smoke,
            unprepared=unprepared,
        )


        doctor_report.additional_properties = d
        return doctor_report

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
