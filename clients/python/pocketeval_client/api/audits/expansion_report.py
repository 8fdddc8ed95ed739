from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.expansion_report_read import ExpansionReportRead
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    name: str,
    *,
    model: str,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["model"] = model


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/benchmarks/{name}/audits/expansion".format(name=quote(str(name), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ExpansionReportRead | Problem | None:
    if response.status_code == 200:
        response_200 = ExpansionReportRead.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ExpansionReportRead | Problem]:
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
    model: str,

) -> Response[ExpansionReportRead | Problem]:
    """ Expansion Report

     A model's accuracy on the original and on this option-expanded version, paired over
    the items both runs scored.

    Args:
        name (str):
        model (str): A model name or run id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExpansionReportRead | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
model=model,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    model: str,

) -> ExpansionReportRead | Problem | None:
    """ Expansion Report

     A model's accuracy on the original and on this option-expanded version, paired over
    the items both runs scored.

    Args:
        name (str):
        model (str): A model name or run id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExpansionReportRead | Problem
     """


    return sync_detailed(
        name=name,
client=client,
model=model,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    model: str,

) -> Response[ExpansionReportRead | Problem]:
    """ Expansion Report

     A model's accuracy on the original and on this option-expanded version, paired over
    the items both runs scored.

    Args:
        name (str):
        model (str): A model name or run id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExpansionReportRead | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
model=model,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    model: str,

) -> ExpansionReportRead | Problem | None:
    """ Expansion Report

     A model's accuracy on the original and on this option-expanded version, paired over
    the items both runs scored.

    Args:
        name (str):
        model (str): A model name or run id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExpansionReportRead | Problem
     """


    return (await asyncio_detailed(
        name=name,
client=client,
model=model,

    )).parsed
