from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.length_unit import LengthUnit
from ...models.problem import Problem
from ...models.run_length_audit import RunLengthAudit
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    run_id: int,
    *,
    benchmark: None | str | Unset = UNSET,
    unit: LengthUnit | Unset = UNSET,
    tokenizer: None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_benchmark: None | str | Unset
    if isinstance(benchmark, Unset):
        json_benchmark = UNSET
    else:
        json_benchmark = benchmark
    params["benchmark"] = json_benchmark

    json_unit: str | Unset = UNSET
    if not isinstance(unit, Unset):
        json_unit = unit.value

    params["unit"] = json_unit

    json_tokenizer: None | str | Unset
    if isinstance(tokenizer, Unset):
        json_tokenizer = UNSET
    else:
        json_tokenizer = tokenizer
    params["tokenizer"] = json_tokenizer


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/runs/{run_id}/audits/option-length".format(run_id=quote(str(run_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RunLengthAudit | None:
    if response.status_code == 200:
        response_200 = RunLengthAudit.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())



        return response_422

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RunLengthAudit]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient,
    benchmark: None | str | Unset = UNSET,
    unit: LengthUnit | Unset = UNSET,
    tokenizer: None | str | Unset = UNSET,

) -> Response[Problem | RunLengthAudit]:
    """ Run Option Length Audit

     Does the model prefer the longest option? Its longest-pick rate beside how often the
    key is the longest, and its accuracy where the key is the longest against the rest;
    longest in characters, words, or (with a tokenizer) tokens.

    Args:
        run_id (int):
        benchmark (None | str | Unset):
        unit (LengthUnit | Unset):
        tokenizer (None | str | Unset): A registered GGUF model's name, or a GGUF path inside
            POCKETEVAL_MODEL_DIRS: lengths in its tokenizer's tokens too (a run's audit: given exactly
            when `unit` is tokens)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RunLengthAudit]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
benchmark=benchmark,
unit=unit,
tokenizer=tokenizer,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient,
    benchmark: None | str | Unset = UNSET,
    unit: LengthUnit | Unset = UNSET,
    tokenizer: None | str | Unset = UNSET,

) -> Problem | RunLengthAudit | None:
    """ Run Option Length Audit

     Does the model prefer the longest option? Its longest-pick rate beside how often the
    key is the longest, and its accuracy where the key is the longest against the rest;
    longest in characters, words, or (with a tokenizer) tokens.

    Args:
        run_id (int):
        benchmark (None | str | Unset):
        unit (LengthUnit | Unset):
        tokenizer (None | str | Unset): A registered GGUF model's name, or a GGUF path inside
            POCKETEVAL_MODEL_DIRS: lengths in its tokenizer's tokens too (a run's audit: given exactly
            when `unit` is tokens)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RunLengthAudit
     """


    return sync_detailed(
        run_id=run_id,
client=client,
benchmark=benchmark,
unit=unit,
tokenizer=tokenizer,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient,
    benchmark: None | str | Unset = UNSET,
    unit: LengthUnit | Unset = UNSET,
    tokenizer: None | str | Unset = UNSET,

) -> Response[Problem | RunLengthAudit]:
    """ Run Option Length Audit

     Does the model prefer the longest option? Its longest-pick rate beside how often the
    key is the longest, and its accuracy where the key is the longest against the rest;
    longest in characters, words, or (with a tokenizer) tokens.

    Args:
        run_id (int):
        benchmark (None | str | Unset):
        unit (LengthUnit | Unset):
        tokenizer (None | str | Unset): A registered GGUF model's name, or a GGUF path inside
            POCKETEVAL_MODEL_DIRS: lengths in its tokenizer's tokens too (a run's audit: given exactly
            when `unit` is tokens)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RunLengthAudit]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
benchmark=benchmark,
unit=unit,
tokenizer=tokenizer,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient,
    benchmark: None | str | Unset = UNSET,
    unit: LengthUnit | Unset = UNSET,
    tokenizer: None | str | Unset = UNSET,

) -> Problem | RunLengthAudit | None:
    """ Run Option Length Audit

     Does the model prefer the longest option? Its longest-pick rate beside how often the
    key is the longest, and its accuracy where the key is the longest against the rest;
    longest in characters, words, or (with a tokenizer) tokens.

    Args:
        run_id (int):
        benchmark (None | str | Unset):
        unit (LengthUnit | Unset):
        tokenizer (None | str | Unset): A registered GGUF model's name, or a GGUF path inside
            POCKETEVAL_MODEL_DIRS: lengths in its tokenizer's tokens too (a run's audit: given exactly
            when `unit` is tokens)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RunLengthAudit
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,
benchmark=benchmark,
unit=unit,
tokenizer=tokenizer,

    )).parsed
