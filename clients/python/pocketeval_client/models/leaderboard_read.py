from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.leaderboard_read_definitions import LeaderboardReadDefinitions
  from ..models.leaderboard_read_set_aside import LeaderboardReadSetAside
  from ..models.leaderboard_row import LeaderboardRow





T = TypeVar("T", bound="LeaderboardRead")



@_attrs_define
class LeaderboardRead:
    """ 
        Attributes:
            benchmarks (list[str]):
            definitions (LeaderboardReadDefinitions):
            rows (list[LeaderboardRow]):
            sort (str):
            front_column (str | Unset): The accuracy the front is judged on: the sorted benchmark, else the index Default:
                'index'.
            measured (list[str] | Unset): Every benchmark with a finished run, asked for or not: what a board could show
            set_aside (LeaderboardReadSetAside | Unset): Per benchmark, finished runs left out because they ran over another
                version of its items than the one it holds now
            uneven (list[str] | Unset): Benchmarks whose rows were scored on different numbers of items: not like for like
     """

    benchmarks: list[str]
    definitions: LeaderboardReadDefinitions
    rows: list[LeaderboardRow]
    sort: str
    front_column: str | Unset = 'index'
    measured: list[str] | Unset = UNSET
    set_aside: LeaderboardReadSetAside | Unset = UNSET
    uneven: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.leaderboard_read_definitions import LeaderboardReadDefinitions # noqa: PLC0415
        from ..models.leaderboard_read_set_aside import LeaderboardReadSetAside # noqa: PLC0415
        from ..models.leaderboard_row import LeaderboardRow # noqa: PLC0415
        benchmarks = self.benchmarks



        definitions = self.definitions.to_dict()

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)



        sort = self.sort

        front_column = self.front_column

        measured: list[str] | Unset = UNSET
        if not isinstance(self.measured, Unset):
            measured = self.measured



        set_aside: dict[str, Any] | Unset = UNSET
        if not isinstance(self.set_aside, Unset):
            set_aside = self.set_aside.to_dict()

        uneven: list[str] | Unset = UNSET
        if not isinstance(self.uneven, Unset):
            uneven = self.uneven




        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "benchmarks": benchmarks,
            "definitions": definitions,
            "rows": rows,
            "sort": sort,
        })
        if front_column is not UNSET:
            field_dict["front_column"] = front_column
        if measured is not UNSET:
            field_dict["measured"] = measured
        if set_aside is not UNSET:
            field_dict["set_aside"] = set_aside
        if uneven is not UNSET:
            field_dict["uneven"] = uneven

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.leaderboard_read_definitions import LeaderboardReadDefinitions # noqa: PLC0415
        from ..models.leaderboard_read_set_aside import LeaderboardReadSetAside # noqa: PLC0415
        from ..models.leaderboard_row import LeaderboardRow # noqa: PLC0415
        d = dict(src_dict)
        benchmarks = cast(list[str], d.pop("benchmarks"))


        definitions = LeaderboardReadDefinitions.from_dict(d.pop("definitions"))




        rows = []
        _rows = d.pop("rows")
        for rows_item_data in (_rows):
            rows_item = LeaderboardRow.from_dict(rows_item_data)



            rows.append(rows_item)


        sort = d.pop("sort")

        front_column = d.pop("front_column", UNSET)

        measured = cast(list[str], d.pop("measured", UNSET))


        _set_aside = d.pop("set_aside", UNSET)
        set_aside: LeaderboardReadSetAside | Unset
        if isinstance(_set_aside,  Unset):
            set_aside = UNSET
        else:
            set_aside = LeaderboardReadSetAside.from_dict(_set_aside)




        uneven = cast(list[str], d.pop("uneven", UNSET))


        leaderboard_read = cls(
            benchmarks=benchmarks,
            definitions=definitions,
            rows=rows,
            sort=sort,
            front_column=front_column,
            measured=measured,
            set_aside=set_aside,
            uneven=uneven,
        )


        leaderboard_read.additional_properties = d
        return leaderboard_read

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
