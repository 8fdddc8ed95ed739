from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.index_read import IndexRead
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    runs: None | str | Unset = UNSET,
    model: None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_runs: None | str | Unset
    if isinstance(runs, Unset):
        json_runs = UNSET
    else:
        json_runs = runs
    params["runs"] = json_runs

    json_model: None | str | Unset
    if isinstance(model, Unset):
        json_model = UNSET
    else:
        json_model = model
    params["model"] = json_model


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/index",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> IndexRead | Problem | None:
    if response.status_code == 200:
        response_200 = IndexRead.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[IndexRead | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    runs: None | str | Unset = UNSET,
    model: None | str | Unset = UNSET,

) -> Response[IndexRead | Problem]:
    """ Mobile Intelligence Index

     Mobile Intelligence Index: the equal-weight mean of the mobile device set's component
    scores (each benchmark's headline metric), with each component, its interval and the
    formula. Missing components are named and the index is then null. Give `runs` or
    `model`, one of them.

    Args:
        runs (None | str | Unset): Comma-separated run ids: every component benchmark each run
            scored (one device-set run is enough; two runs may not give the same component)
        model (None | str | Unset): Use this model's latest scored run of each component benchmark

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IndexRead | Problem]
     """


    kwargs = _get_kwargs(
        runs=runs,
model=model,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    runs: None | str | Unset = UNSET,
    model: None | str | Unset = UNSET,

) -> IndexRead | Problem | None:
    """ Mobile Intelligence Index

     Mobile Intelligence Index: the equal-weight mean of the mobile device set's component
    scores (each benchmark's headline metric), with each component, its interval and the
    formula. Missing components are named and the index is then null. Give `runs` or
    `model`, one of them.

    Args:
        runs (None | str | Unset): Comma-separated run ids: every component benchmark each run
            scored (one device-set run is enough; two runs may not give the same component)
        model (None | str | Unset): Use this model's latest scored run of each component benchmark

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IndexRead | Problem
     """


    return sync_detailed(
        client=client,
runs=runs,
model=model,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    runs: None | str | Unset = UNSET,
    model: None | str | Unset = UNSET,

) -> Response[IndexRead | Problem]:
    """ Mobile Intelligence Index

     Mobile Intelligence Index: the equal-weight mean of the mobile device set's component
    scores (each benchmark's headline metric), with each component, its interval and the
    formula. Missing components are named and the index is then null. Give `runs` or
    `model`, one of them.

    Args:
        runs (None | str | Unset): Comma-separated run ids: every component benchmark each run
            scored (one device-set run is enough; two runs may not give the same component)
        model (None | str | Unset): Use this model's latest scored run of each component benchmark

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[IndexRead | Problem]
     """


    kwargs = _get_kwargs(
        runs=runs,
model=model,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    runs: None | str | Unset = UNSET,
    model: None | str | Unset = UNSET,

) -> IndexRead | Problem | None:
    """ Mobile Intelligence Index

     Mobile Intelligence Index: the equal-weight mean of the mobile device set's component
    scores (each benchmark's headline metric), with each component, its interval and the
    formula. Missing components are named and the index is then null. Give `runs` or
    `model`, one of them.

    Args:
        runs (None | str | Unset): Comma-separated run ids: every component benchmark each run
            scored (one device-set run is enough; two runs may not give the same component)
        model (None | str | Unset): Use this model's latest scored run of each component benchmark

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        IndexRead | Problem
     """


    return (await asyncio_detailed(
        client=client,
runs=runs,
model=model,

    )).parsed
