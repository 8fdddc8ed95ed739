from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.item_analysis_read import ItemAnalysisRead
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    name: str,
    *,
    models: str,
    group: None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["models"] = models

    json_group: None | str | Unset
    if isinstance(group, Unset):
        json_group = UNSET
    else:
        json_group = group
    params["group"] = json_group


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/benchmarks/{name}/audits/items".format(name=quote(str(name), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ItemAnalysisRead | Problem | None:
    if response.status_code == 200:
        response_200 = ItemAnalysisRead.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ItemAnalysisRead | Problem]:
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
    models: str,
    group: None | str | Unset = UNSET,

) -> Response[ItemAnalysisRead | Problem]:
    """ Item Analysis

     Per item: difficulty (share of models right), discrimination (corrected item-total
    correlation over the models) and agreement within a group; per subject summaries.

    Args:
        name (str):
        models (str): Comma-separated model names (their latest finished run of the benchmark), at
            least two
        group (None | str | Unset): Comma-separated models whose agreement is measured, among
            `models` (default: all)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ItemAnalysisRead | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
models=models,
group=group,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    models: str,
    group: None | str | Unset = UNSET,

) -> ItemAnalysisRead | Problem | None:
    """ Item Analysis

     Per item: difficulty (share of models right), discrimination (corrected item-total
    correlation over the models) and agreement within a group; per subject summaries.

    Args:
        name (str):
        models (str): Comma-separated model names (their latest finished run of the benchmark), at
            least two
        group (None | str | Unset): Comma-separated models whose agreement is measured, among
            `models` (default: all)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ItemAnalysisRead | Problem
     """


    return sync_detailed(
        name=name,
client=client,
models=models,
group=group,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    models: str,
    group: None | str | Unset = UNSET,

) -> Response[ItemAnalysisRead | Problem]:
    """ Item Analysis

     Per item: difficulty (share of models right), discrimination (corrected item-total
    correlation over the models) and agreement within a group; per subject summaries.

    Args:
        name (str):
        models (str): Comma-separated model names (their latest finished run of the benchmark), at
            least two
        group (None | str | Unset): Comma-separated models whose agreement is measured, among
            `models` (default: all)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ItemAnalysisRead | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
models=models,
group=group,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    models: str,
    group: None | str | Unset = UNSET,

) -> ItemAnalysisRead | Problem | None:
    """ Item Analysis

     Per item: difficulty (share of models right), discrimination (corrected item-total
    correlation over the models) and agreement within a group; per subject summaries.

    Args:
        name (str):
        models (str): Comma-separated model names (their latest finished run of the benchmark), at
            least two
        group (None | str | Unset): Comma-separated models whose agreement is measured, among
            `models` (default: all)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ItemAnalysisRead | Problem
     """


    return (await asyncio_detailed(
        name=name,
client=client,
models=models,
group=group,

    )).parsed
