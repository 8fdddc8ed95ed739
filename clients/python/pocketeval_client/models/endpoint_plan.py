from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tool_choice import ToolChoice
from ..types import UNSET, Unset
from typing import cast
from typing import Literal, cast

if TYPE_CHECKING:
  from ..models.endpoint_plan_sampling import EndpointPlanSampling





T = TypeVar("T", bound="EndpointPlan")



@_attrs_define
class EndpointPlan:
    """ An OpenAI-compatible endpoint: where, which model, how it is asked.

        Attributes:
            base_url (str):
            model (str):
            api_key_env (None | str | Unset):
            inline_api_key (bool | Unset):  Default: False.
            kind (Literal['endpoint'] | Unset):  Default: 'endpoint'.
            max_output_tokens (int | None | Unset):
            sampling (EndpointPlanSampling | Unset):
            stream (bool | Unset):  Default: False.
            tool_choice (ToolChoice | Unset): OpenAI's `tool_choice` for items that offer tools: the model decides (`auto`),
                or
                must answer with a call (`required`; llama-server enforces it with a grammar). Forcing a
                call is a deviation wherever declining to call can be the right answer.
            variant (str | Unset):  Default: 'non-reasoning'.
     """

    base_url: str
    model: str
    api_key_env: None | str | Unset = UNSET
    inline_api_key: bool | Unset = False
    kind: Literal['endpoint'] | Unset = 'endpoint'
    max_output_tokens: int | None | Unset = UNSET
    sampling: EndpointPlanSampling | Unset = UNSET
    stream: bool | Unset = False
    tool_choice: ToolChoice | Unset = UNSET
    variant: str | Unset = 'non-reasoning'
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.endpoint_plan_sampling import EndpointPlanSampling # noqa: PLC0415
        base_url = self.base_url

        model = self.model

        api_key_env: None | str | Unset
        if isinstance(self.api_key_env, Unset):
            api_key_env = UNSET
        else:
            api_key_env = self.api_key_env

        inline_api_key = self.inline_api_key

        kind = self.kind

        max_output_tokens: int | None | Unset
        if isinstance(self.max_output_tokens, Unset):
            max_output_tokens = UNSET
        else:
            max_output_tokens = self.max_output_tokens

        sampling: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sampling, Unset):
            sampling = self.sampling.to_dict()

        stream = self.stream

        tool_choice: str | Unset = UNSET
        if not isinstance(self.tool_choice, Unset):
            tool_choice = self.tool_choice.value


        variant = self.variant


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "base_url": base_url,
            "model": model,
        })
        if api_key_env is not UNSET:
            field_dict["api_key_env"] = api_key_env
        if inline_api_key is not UNSET:
            field_dict["inline_api_key"] = inline_api_key
        if kind is not UNSET:
            field_dict["kind"] = kind
        if max_output_tokens is not UNSET:
            field_dict["max_output_tokens"] = max_output_tokens
        if sampling is not UNSET:
            field_dict["sampling"] = sampling
        if stream is not UNSET:
            field_dict["stream"] = stream
        if tool_choice is not UNSET:
            field_dict["tool_choice"] = tool_choice
        if variant is not UNSET:
            field_dict["variant"] = variant

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.endpoint_plan_sampling import EndpointPlanSampling # noqa: PLC0415
        d = dict(src_dict)
        base_url = d.pop("base_url")

        model = d.pop("model")

        def _parse_api_key_env(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key_env = _parse_api_key_env(d.pop("api_key_env", UNSET))


        inline_api_key = d.pop("inline_api_key", UNSET)

        kind = cast(Literal['endpoint'] | Unset , d.pop("kind", UNSET))
        if kind != 'endpoint'and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'endpoint', got '{kind}'")

        def _parse_max_output_tokens(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_output_tokens = _parse_max_output_tokens(d.pop("max_output_tokens", UNSET))


        _sampling = d.pop("sampling", UNSET)
        sampling: EndpointPlanSampling | Unset
        if isinstance(_sampling,  Unset):
            sampling = UNSET
        else:
            sampling = EndpointPlanSampling.from_dict(_sampling)




        stream = d.pop("stream", UNSET)

        _tool_choice = d.pop("tool_choice", UNSET)
        tool_choice: ToolChoice | Unset
        if isinstance(_tool_choice,  Unset):
            tool_choice = UNSET
        else:
            tool_choice = ToolChoice(_tool_choice)




        variant = d.pop("variant", UNSET)

        endpoint_plan = cls(
            base_url=base_url,
            model=model,
            api_key_env=api_key_env,
            inline_api_key=inline_api_key,
            kind=kind,
            max_output_tokens=max_output_tokens,
            sampling=sampling,
            stream=stream,
            tool_choice=tool_choice,
            variant=variant,
        )


        endpoint_plan.additional_properties = d
        return endpoint_plan

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
