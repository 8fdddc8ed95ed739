from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.pool_time import PoolTime





T = TypeVar("T", bound="TimeSpent")



@_attrs_define
class TimeSpent:
    """ Where an in-process GGUF run's time went: in its workers, and in the serving
    process around them.

        Attributes:
            database_s (float): Writing finished samples
            pool (None | PoolTime): The workers (none on llama-server)
            scoring_s (float): The scorers' time in the serving process, summed over samples (a judge's answer included)
     """

    database_s: float
    pool: None | PoolTime
    scoring_s: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.pool_time import PoolTime # noqa: PLC0415
        database_s = self.database_s

        pool: dict[str, Any] | None
        if isinstance(self.pool, PoolTime):
            pool = self.pool.to_dict()
        else:
            pool = self.pool

        scoring_s = self.scoring_s


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "database_s": database_s,
            "pool": pool,
            "scoring_s": scoring_s,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pool_time import PoolTime # noqa: PLC0415
        d = dict(src_dict)
        database_s = d.pop("database_s")

        def _parse_pool(data: object) -> None | PoolTime:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pool_type_0 = PoolTime.from_dict(data)



                return pool_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PoolTime, data)

        pool = _parse_pool(d.pop("pool"))


        scoring_s = d.pop("scoring_s")

        time_spent = cls(
            database_s=database_s,
            pool=pool,
            scoring_s=scoring_s,
        )


        time_spent.additional_properties = d
        return time_spent

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
