from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.benchmark_length_audit import BenchmarkLengthAudit
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    name: str,
    *,
    split: None | str | Unset = UNSET,
    tokenizer: None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_split: None | str | Unset
    if isinstance(split, Unset):
        json_split = UNSET
    else:
        json_split = split
    params["split"] = json_split

    json_tokenizer: None | str | Unset
    if isinstance(tokenizer, Unset):
        json_tokenizer = UNSET
    else:
        json_tokenizer = tokenizer
    params["tokenizer"] = json_tokenizer


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/benchmarks/{name}/audits/option-length".format(name=quote(str(name), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BenchmarkLengthAudit | Problem | None:
    if response.status_code == 200:
        response_200 = BenchmarkLengthAudit.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BenchmarkLengthAudit | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    split: None | str | Unset = UNSET,
    tokenizer: None | str | Unset = UNSET,

) -> Response[BenchmarkLengthAudit | Problem]:
    """ Benchmark Option Length Audit

     Does the key give itself away by its length? How often it is the longest or shortest
    option, key and distractor lengths, and the length rule (distractors at least as long
    as the key), overall and per subject, in characters, words and a tokenizer's tokens.

    Args:
        name (str):
        split (None | str | Unset):
        tokenizer (None | str | Unset): A registered GGUF model's name, or a GGUF path inside
            POCKETEVAL_MODEL_DIRS: lengths in its tokenizer's tokens too (a run's audit: given exactly
            when `unit` is tokens)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BenchmarkLengthAudit | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
split=split,
tokenizer=tokenizer,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    split: None | str | Unset = UNSET,
    tokenizer: None | str | Unset = UNSET,

) -> BenchmarkLengthAudit | Problem | None:
    """ Benchmark Option Length Audit

     Does the key give itself away by its length? How often it is the longest or shortest
    option, key and distractor lengths, and the length rule (distractors at least as long
    as the key), overall and per subject, in characters, words and a tokenizer's tokens.

    Args:
        name (str):
        split (None | str | Unset):
        tokenizer (None | str | Unset): A registered GGUF model's name, or a GGUF path inside
            POCKETEVAL_MODEL_DIRS: lengths in its tokenizer's tokens too (a run's audit: given exactly
            when `unit` is tokens)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BenchmarkLengthAudit | Problem
     """


    return sync_detailed(
        name=name,
client=client,
split=split,
tokenizer=tokenizer,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    split: None | str | Unset = UNSET,
    tokenizer: None | str | Unset = UNSET,

) -> Response[BenchmarkLengthAudit | Problem]:
    """ Benchmark Option Length Audit

     Does the key give itself away by its length? How often it is the longest or shortest
    option, key and distractor lengths, and the length rule (distractors at least as long
    as the key), overall and per subject, in characters, words and a tokenizer's tokens.

    Args:
        name (str):
        split (None | str | Unset):
        tokenizer (None | str | Unset): A registered GGUF model's name, or a GGUF path inside
            POCKETEVAL_MODEL_DIRS: lengths in its tokenizer's tokens too (a run's audit: given exactly
            when `unit` is tokens)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BenchmarkLengthAudit | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
split=split,
tokenizer=tokenizer,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    split: None | str | Unset = UNSET,
    tokenizer: None | str | Unset = UNSET,

) -> BenchmarkLengthAudit | Problem | None:
    """ Benchmark Option Length Audit

     Does the key give itself away by its length? How often it is the longest or shortest
    option, key and distractor lengths, and the length rule (distractors at least as long
    as the key), overall and per subject, in characters, words and a tokenizer's tokens.

    Args:
        name (str):
        split (None | str | Unset):
        tokenizer (None | str | Unset): A registered GGUF model's name, or a GGUF path inside
            POCKETEVAL_MODEL_DIRS: lengths in its tokenizer's tokens too (a run's audit: given exactly
            when `unit` is tokens)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BenchmarkLengthAudit | Problem
     """


    return (await asyncio_detailed(
        name=name,
client=client,
split=split,
tokenizer=tokenizer,

    )).parsed
