from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
  from ..models.letter_preference_read_keys import LetterPreferenceReadKeys
  from ..models.letter_preference_read_picks import LetterPreferenceReadPicks





T = TypeVar("T", bound="LetterPreferenceRead")



@_attrs_define
class LetterPreferenceRead:
    """ Pearson's chi-square of the picks per letter, pooled over every arrangement, against
    the letters the keys were shown at; and how many items would detect a given preference.

        Attributes:
            df (int):
            effect_size (float): Cohen's w of that alternative
            favourite (str): The letter the model picked most
            items_needed (int | None): Items (each shown under every arrangement of this run) for 80% power at 0.05
            keys (LetterPreferenceReadKeys): The same samples per letter of their key
            p_adjusted (float): Holm over this test and the arrangement spread
            p_value (float):
            picks (LetterPreferenceReadPicks): Answered samples per letter picked
            power_now (float): Power against that alternative with this run's samples
            preference (float): The alternative sized: this share of the picks moved to the favourite letter
            statistic (float):
     """

    df: int
    effect_size: float
    favourite: str
    items_needed: int | None
    keys: LetterPreferenceReadKeys
    p_adjusted: float
    p_value: float
    picks: LetterPreferenceReadPicks
    power_now: float
    preference: float
    statistic: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.letter_preference_read_keys import LetterPreferenceReadKeys # noqa: PLC0415
        from ..models.letter_preference_read_picks import LetterPreferenceReadPicks # noqa: PLC0415
        df = self.df

        effect_size = self.effect_size

        favourite = self.favourite

        items_needed: int | None
        items_needed = self.items_needed

        keys = self.keys.to_dict()

        p_adjusted = self.p_adjusted

        p_value = self.p_value

        picks = self.picks.to_dict()

        power_now = self.power_now

        preference = self.preference

        statistic = self.statistic


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "df": df,
            "effect_size": effect_size,
            "favourite": favourite,
            "items_needed": items_needed,
            "keys": keys,
            "p_adjusted": p_adjusted,
            "p_value": p_value,
            "picks": picks,
            "power_now": power_now,
            "preference": preference,
            "statistic": statistic,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.letter_preference_read_keys import LetterPreferenceReadKeys # noqa: PLC0415
        from ..models.letter_preference_read_picks import LetterPreferenceReadPicks # noqa: PLC0415
        d = dict(src_dict)
        df = d.pop("df")

        effect_size = d.pop("effect_size")

        favourite = d.pop("favourite")

        def _parse_items_needed(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        items_needed = _parse_items_needed(d.pop("items_needed"))


        keys = LetterPreferenceReadKeys.from_dict(d.pop("keys"))




        p_adjusted = d.pop("p_adjusted")

        p_value = d.pop("p_value")

        picks = LetterPreferenceReadPicks.from_dict(d.pop("picks"))




        power_now = d.pop("power_now")

        preference = d.pop("preference")

        statistic = d.pop("statistic")

        letter_preference_read = cls(
            df=df,
            effect_size=effect_size,
            favourite=favourite,
            items_needed=items_needed,
            keys=keys,
            p_adjusted=p_adjusted,
            p_value=p_value,
            picks=picks,
            power_now=power_now,
            preference=preference,
            statistic=statistic,
        )


        letter_preference_read.additional_properties = d
        return letter_preference_read

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
