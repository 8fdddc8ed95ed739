from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.endpoint_model_in_variant import EndpointModelInVariant
from ..models.tool_choice import ToolChoice
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.endpoint_model_in_sampling import EndpointModelInSampling





T = TypeVar("T", bound="EndpointModelIn")



@_attrs_define
class EndpointModelIn:
    """ An OpenAI-compatible model endpoint. The key is read from the server's environment
    (`api_key_env`) so it is never stored; `api_key` is used for this run only and a run
    that needs it cannot resume after a restart.

        Attributes:
            base_url (str):
            name (str): Name results are filed under
            api_key (None | str | Unset): Visible ASCII only (no spaces or line breaks)
            api_key_env (None | str | Unset):
            max_output_tokens (int | None | Unset): The model's own output limit
            model (str | Unset): `model` in requests Default: 'default'.
            sampling (EndpointModelInSampling | Unset): Extra request fields: temperature, top_p, seed, ... A temperature
                other than the methodology's for the variant is recorded as a deviation
            stream (bool | Unset): Stream responses: records time to first token Default: False.
            tool_choice (ToolChoice | Unset): OpenAI's `tool_choice` for items that offer tools: the model decides (`auto`),
                or
                must answer with a call (`required`; llama-server enforces it with a grammar). Forcing a
                call is a deviation wherever declining to call can be the right answer.
            variant (EndpointModelInVariant | Unset):  Default: EndpointModelInVariant.NON_REASONING.
     """

    base_url: str
    name: str
    api_key: None | str | Unset = UNSET
    api_key_env: None | str | Unset = UNSET
    max_output_tokens: int | None | Unset = UNSET
    model: str | Unset = 'default'
    sampling: EndpointModelInSampling | Unset = UNSET
    stream: bool | Unset = False
    tool_choice: ToolChoice | Unset = UNSET
    variant: EndpointModelInVariant | Unset = EndpointModelInVariant.NON_REASONING





    def to_dict(self) -> dict[str, Any]:
        from ..models.endpoint_model_in_sampling import EndpointModelInSampling # noqa: PLC0415
        base_url = self.base_url

        name = self.name

        api_key: None | str | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        else:
            api_key = self.api_key

        api_key_env: None | str | Unset
        if isinstance(self.api_key_env, Unset):
            api_key_env = UNSET
        else:
            api_key_env = self.api_key_env

        max_output_tokens: int | None | Unset
        if isinstance(self.max_output_tokens, Unset):
            max_output_tokens = UNSET
        else:
            max_output_tokens = self.max_output_tokens

        model = self.model

        sampling: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sampling, Unset):
            sampling = self.sampling.to_dict()

        stream = self.stream

        tool_choice: str | Unset = UNSET
        if not isinstance(self.tool_choice, Unset):
            tool_choice = self.tool_choice.value


        variant: str | Unset = UNSET
        if not isinstance(self.variant, Unset):
            variant = self.variant.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "base_url": base_url,
            "name": name,
        })
        if api_key is not UNSET:
            field_dict["api_key"] = api_key
        if api_key_env is not UNSET:
            field_dict["api_key_env"] = api_key_env
        if max_output_tokens is not UNSET:
            field_dict["max_output_tokens"] = max_output_tokens
        if model is not UNSET:
            field_dict["model"] = model
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
        from ..models.endpoint_model_in_sampling import EndpointModelInSampling # noqa: PLC0415
        d = dict(src_dict)
        base_url = d.pop("base_url")

        name = d.pop("name")

        def _parse_api_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key = _parse_api_key(d.pop("api_key", UNSET))


        def _parse_api_key_env(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key_env = _parse_api_key_env(d.pop("api_key_env", UNSET))


        def _parse_max_output_tokens(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_output_tokens = _parse_max_output_tokens(d.pop("max_output_tokens", UNSET))


        model = d.pop("model", UNSET)

        _sampling = d.pop("sampling", UNSET)
        sampling: EndpointModelInSampling | Unset
        if isinstance(_sampling,  Unset):
            sampling = UNSET
        else:
            sampling = EndpointModelInSampling.from_dict(_sampling)




        stream = d.pop("stream", UNSET)

        _tool_choice = d.pop("tool_choice", UNSET)
        tool_choice: ToolChoice | Unset
        if isinstance(_tool_choice,  Unset):
            tool_choice = UNSET
        else:
            tool_choice = ToolChoice(_tool_choice)




        _variant = d.pop("variant", UNSET)
        variant: EndpointModelInVariant | Unset
        if isinstance(_variant,  Unset):
            variant = UNSET
        else:
            variant = EndpointModelInVariant(_variant)




        endpoint_model_in = cls(
            base_url=base_url,
            name=name,
            api_key=api_key,
            api_key_env=api_key_env,
            max_output_tokens=max_output_tokens,
            model=model,
            sampling=sampling,
            stream=stream,
            tool_choice=tool_choice,
            variant=variant,
        )

        return endpoint_model_in

