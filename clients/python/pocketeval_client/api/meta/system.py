from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.doctor_report import DoctorReport
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    smoke: bool | Unset = False,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["smoke"] = smoke


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/system",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DoctorReport | Problem | None:
    if response.status_code == 200:
        response_200 = DoctorReport.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DoctorReport | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    smoke: bool | Unset = False,

) -> Response[DoctorReport | Problem]:
    """ System

     What `pocketeval doctor` reports: versions, the llama.cpp build against the host's
    CPU, llama-server, what benchmarks need prepared, the database; `smoke=true` adds a small
    evaluation of the bundled model in a child process (a second or two). It names paths and
    the host's internals, so it takes the write key.

    Args:
        smoke (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DoctorReport | Problem]
     """


    kwargs = _get_kwargs(
        smoke=smoke,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    smoke: bool | Unset = False,

) -> DoctorReport | Problem | None:
    """ System

     What `pocketeval doctor` reports: versions, the llama.cpp build against the host's
    CPU, llama-server, what benchmarks need prepared, the database; `smoke=true` adds a small
    evaluation of the bundled model in a child process (a second or two). It names paths and
    the host's internals, so it takes the write key.

    Args:
        smoke (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DoctorReport | Problem
     """


    return sync_detailed(
        client=client,
smoke=smoke,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    smoke: bool | Unset = False,

) -> Response[DoctorReport | Problem]:
    """ System

     What `pocketeval doctor` reports: versions, the llama.cpp build against the host's
    CPU, llama-server, what benchmarks need prepared, the database; `smoke=true` adds a small
    evaluation of the bundled model in a child process (a second or two). It names paths and
    the host's internals, so it takes the write key.

    Args:
        smoke (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DoctorReport | Problem]
     """


    kwargs = _get_kwargs(
        smoke=smoke,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    smoke: bool | Unset = False,

) -> DoctorReport | Problem | None:
    """ System

     What `pocketeval doctor` reports: versions, the llama.cpp build against the host's
    CPU, llama-server, what benchmarks need prepared, the database; `smoke=true` adds a small
    evaluation of the bundled model in a child process (a second or two). It names paths and
    the host's internals, so it takes the write key.

    Args:
        smoke (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DoctorReport | Problem
     """


    return (await asyncio_detailed(
        client=client,
smoke=smoke,

    )).parsed
