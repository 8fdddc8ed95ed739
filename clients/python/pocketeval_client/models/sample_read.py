from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.status import Status
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.sample_read_detail import SampleReadDetail





T = TypeVar("T", bound="SampleRead")



@_attrs_define
class SampleRead:
    """ 
        Attributes:
            answer (None | str):
            detail (SampleReadDetail):
            external_id (str):
            id (int):
            item_id (int):
            latency_ms (float | None):
            prompt (None | str):
            repeat (int):
            response (None | str):
            score (float):
            verdict (Status): A sample's verdict. A StrEnum, so stored and posted strings compare equal to it.
            completion_tokens (int | None | Unset): Tokens generated (a sample with `detail.generation_of_repeat` shows the
                generation it shares, not generated again)
            prompt_tokens (int | None | Unset):
            ttft_ms (float | None | Unset): Time to first token (streamed endpoints, GGUF)
     """

    answer: None | str
    detail: SampleReadDetail
    external_id: str
    id: int
    item_id: int
    latency_ms: float | None
    prompt: None | str
    repeat: int
    response: None | str
    score: float
    verdict: Status
    completion_tokens: int | None | Unset = UNSET
    prompt_tokens: int | None | Unset = UNSET
    ttft_ms: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.sample_read_detail import SampleReadDetail # noqa: PLC0415
        answer: None | str
        answer = self.answer

        detail = self.detail.to_dict()

        external_id = self.external_id

        id = self.id

        item_id = self.item_id

        latency_ms: float | None
        latency_ms = self.latency_ms

        prompt: None | str
        prompt = self.prompt

        repeat = self.repeat

        response: None | str
        response = self.response

        score = self.score

        verdict = self.verdict.value

        completion_tokens: int | None | Unset
        if isinstance(self.completion_tokens, Unset):
            completion_tokens = UNSET
        else:
            completion_tokens = self.completion_tokens

        prompt_tokens: int | None | Unset
        if isinstance(self.prompt_tokens, Unset):
            prompt_tokens = UNSET
        else:
            prompt_tokens = self.prompt_tokens

        ttft_ms: float | None | Unset
        if isinstance(self.ttft_ms, Unset):
            ttft_ms = UNSET
        else:
            ttft_ms = self.ttft_ms


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "answer": answer,
            "detail": detail,
            "external_id": external_id,
            "id": id,
            "item_id": item_id,
            "latency_ms": latency_ms,
            "prompt": prompt,
            "repeat": repeat,
            "response": response,
            "score": score,
            "verdict": verdict,
        })
        if completion_tokens is not UNSET:
            field_dict["completion_tokens"] = completion_tokens
        if prompt_tokens is not UNSET:
            field_dict["prompt_tokens"] = prompt_tokens
        if ttft_ms is not UNSET:
            field_dict["ttft_ms"] = ttft_ms

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sample_read_detail import SampleReadDetail # noqa: PLC0415
        d = dict(src_dict)
        def _parse_answer(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        answer = _parse_answer(d.pop("answer"))


        detail = SampleReadDetail.from_dict(d.pop("detail"))




        external_id = d.pop("external_id")

        id = d.pop("id")

        item_id = d.pop("item_id")

        def _parse_latency_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        latency_ms = _parse_latency_ms(d.pop("latency_ms"))


        def _parse_prompt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        prompt = _parse_prompt(d.pop("prompt"))


        repeat = d.pop("repeat")

        def _parse_response(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response = _parse_response(d.pop("response"))


        score = d.pop("score")

        verdict = Status(d.pop("verdict"))




        def _parse_completion_tokens(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        completion_tokens = _parse_completion_tokens(d.pop("completion_tokens", UNSET))


        def _parse_prompt_tokens(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        prompt_tokens = _parse_prompt_tokens(d.pop("prompt_tokens", UNSET))


        def _parse_ttft_ms(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        ttft_ms = _parse_ttft_ms(d.pop("ttft_ms", UNSET))


        sample_read = cls(
            answer=answer,
            detail=detail,
            external_id=external_id,
            id=id,
            item_id=item_id,
            latency_ms=latency_ms,
            prompt=prompt,
            repeat=repeat,
            response=response,
            score=score,
            verdict=verdict,
            completion_tokens=completion_tokens,
            prompt_tokens=prompt_tokens,
            ttft_ms=ttft_ms,
        )


        sample_read.additional_properties = d
        return sample_read

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
