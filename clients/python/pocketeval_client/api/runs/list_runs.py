from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.run_page import RunPage
from ...models.run_state import RunState
from ...types import UNSET, Unset
from typing import cast
from typing import Literal, cast



def _get_kwargs(
    *,
    model: None | str | Unset = UNSET,
    benchmark: None | str | Unset = UNSET,
    status: None | RunState | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    include: Literal['retracted'] | None | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_model: None | str | Unset
    if isinstance(model, Unset):
        json_model = UNSET
    else:
        json_model = model
    params["model"] = json_model

    json_benchmark: None | str | Unset
    if isinstance(benchmark, Unset):
        json_benchmark = UNSET
    else:
        json_benchmark = benchmark
    params["benchmark"] = json_benchmark

    json_status: None | str | Unset
    if isinstance(status, Unset):
        json_status = UNSET
    elif isinstance(status, RunState):
        json_status = status.value
    else:
        json_status = status
    params["status"] = json_status

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    params["limit"] = limit

    json_include: Literal['retracted'] | None | Unset
    if isinstance(include, Unset):
        json_include = UNSET
    else:
        json_include = include
    params["include"] = json_include


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/runs",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RunPage | None:
    if response.status_code == 200:
        response_200 = RunPage.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RunPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    model: None | str | Unset = UNSET,
    benchmark: None | str | Unset = UNSET,
    status: None | RunState | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    include: Literal['retracted'] | None | Unset = UNSET,

) -> Response[Problem | RunPage]:
    """ List Runs

    Args:
        model (None | str | Unset):
        benchmark (None | str | Unset):
        status (None | RunState | Unset):
        cursor (None | str | Unset): `next_cursor` of the page before; the first page without it
        limit (int | Unset):  Default: 50.
        include (Literal['retracted'] | None | Unset): `retracted` lists retracted runs too

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RunPage]
     """


    kwargs = _get_kwargs(
        model=model,
benchmark=benchmark,
status=status,
cursor=cursor,
limit=limit,
include=include,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    model: None | str | Unset = UNSET,
    benchmark: None | str | Unset = UNSET,
    status: None | RunState | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    include: Literal['retracted'] | None | Unset = UNSET,

) -> Problem | RunPage | None:
    """ List Runs

    Args:
        model (None | str | Unset):
        benchmark (None | str | Unset):
        status (None | RunState | Unset):
        cursor (None | str | Unset): `next_cursor` of the page before; the first page without it
        limit (int | Unset):  Default: 50.
        include (Literal['retracted'] | None | Unset): `retracted` lists retracted runs too

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RunPage
     """


    return sync_detailed(
        client=client,
model=model,
benchmark=benchmark,
status=status,
cursor=cursor,
limit=limit,
include=include,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    model: None | str | Unset = UNSET,
    benchmark: None | str | Unset = UNSET,
    status: None | RunState | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    include: Literal['retracted'] | None | Unset = UNSET,

) -> Response[Problem | RunPage]:
    """ List Runs

    Args:
        model (None | str | Unset):
        benchmark (None | str | Unset):
        status (None | RunState | Unset):
        cursor (None | str | Unset): `next_cursor` of the page before; the first page without it
        limit (int | Unset):  Default: 50.
        include (Literal['retracted'] | None | Unset): `retracted` lists retracted runs too

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RunPage]
     """


    kwargs = _get_kwargs(
        model=model,
benchmark=benchmark,
status=status,
cursor=cursor,
limit=limit,
include=include,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    model: None | str | Unset = UNSET,
    benchmark: None | str | Unset = UNSET,
    status: None | RunState | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 50,
    include: Literal['retracted'] | None | Unset = UNSET,

) -> Problem | RunPage | None:
    """ List Runs

    Args:
        model (None | str | Unset):
        benchmark (None | str | Unset):
        status (None | RunState | Unset):
        cursor (None | str | Unset): `next_cursor` of the page before; the first page without it
        limit (int | Unset):  Default: 50.
        include (Literal['retracted'] | None | Unset): `retracted` lists retracted runs too

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RunPage
     """


    return (await asyncio_detailed(
        client=client,
model=model,
benchmark=benchmark,
status=status,
cursor=cursor,
limit=limit,
include=include,

    )).parsed
