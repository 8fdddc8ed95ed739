from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.expansion_read import ExpansionRead
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    name: str,
    *,
    new_name: str,
    target: int | Unset = 10,
    seed: int | Unset = 0,
    split: None | str | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    params: dict[str, Any] = {}

    params["new_name"] = new_name

    params["target"] = target

    params["seed"] = seed

    json_split: None | str | Unset
    if isinstance(split, Unset):
        json_split = UNSET
    else:
        json_split = split
    params["split"] = json_split

    json_limit: int | None | Unset
    if isinstance(limit, Unset):
        json_limit = UNSET
    else:
        json_limit = limit
    params["limit"] = json_limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/benchmarks/{name}/audits/options:generate".format(name=quote(str(name), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ExpansionRead | Problem | None:
    if response.status_code == 201:
        response_201 = ExpansionRead.from_dict(response.json())



        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ExpansionRead | Problem]:
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
    new_name: str,
    target: int | Unset = 10,
    seed: int | Unset = 0,
    split: None | str | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ExpansionRead | Problem]:
    """ Generate Options

     As options:expand, with the extra distractors written by the configured generator
    model (POCKETEVAL_GENERATOR_BASE_URL, _MODEL, _API_KEY_ENV) from a versioned, hashed
    prompt; the first `limit` items only when given. Items whose reply is not a JSON array
    of strings are left out and named.

    Args:
        name (str):
        new_name (str): The expanded version's name
        target (int | Unset):  Default: 10.
        seed (int | Unset):  Default: 0.
        split (None | str | Unset):
        limit (int | None | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExpansionRead | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
new_name=new_name,
target=target,
seed=seed,
split=split,
limit=limit,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    new_name: str,
    target: int | Unset = 10,
    seed: int | Unset = 0,
    split: None | str | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ExpansionRead | Problem | None:
    """ Generate Options

     As options:expand, with the extra distractors written by the configured generator
    model (POCKETEVAL_GENERATOR_BASE_URL, _MODEL, _API_KEY_ENV) from a versioned, hashed
    prompt; the first `limit` items only when given. Items whose reply is not a JSON array
    of strings are left out and named.

    Args:
        name (str):
        new_name (str): The expanded version's name
        target (int | Unset):  Default: 10.
        seed (int | Unset):  Default: 0.
        split (None | str | Unset):
        limit (int | None | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExpansionRead | Problem
     """


    return sync_detailed(
        name=name,
client=client,
new_name=new_name,
target=target,
seed=seed,
split=split,
limit=limit,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    new_name: str,
    target: int | Unset = 10,
    seed: int | Unset = 0,
    split: None | str | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ExpansionRead | Problem]:
    """ Generate Options

     As options:expand, with the extra distractors written by the configured generator
    model (POCKETEVAL_GENERATOR_BASE_URL, _MODEL, _API_KEY_ENV) from a versioned, hashed
    prompt; the first `limit` items only when given. Items whose reply is not a JSON array
    of strings are left out and named.

    Args:
        name (str):
        new_name (str): The expanded version's name
        target (int | Unset):  Default: 10.
        seed (int | Unset):  Default: 0.
        split (None | str | Unset):
        limit (int | None | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExpansionRead | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
new_name=new_name,
target=target,
seed=seed,
split=split,
limit=limit,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    new_name: str,
    target: int | Unset = 10,
    seed: int | Unset = 0,
    split: None | str | Unset = UNSET,
    limit: int | None | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ExpansionRead | Problem | None:
    """ Generate Options

     As options:expand, with the extra distractors written by the configured generator
    model (POCKETEVAL_GENERATOR_BASE_URL, _MODEL, _API_KEY_ENV) from a versioned, hashed
    prompt; the first `limit` items only when given. Items whose reply is not a JSON array
    of strings are left out and named.

    Args:
        name (str):
        new_name (str): The expanded version's name
        target (int | Unset):  Default: 10.
        seed (int | Unset):  Default: 0.
        split (None | str | Unset):
        limit (int | None | Unset):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExpansionRead | Problem
     """


    return (await asyncio_detailed(
        name=name,
client=client,
new_name=new_name,
target=target,
seed=seed,
split=split,
limit=limit,
idempotency_key=idempotency_key,

    )).parsed
