from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.run_create import RunCreate
from ...models.run_status import RunStatus
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: RunCreate,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/runs",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RunStatus | None:
    if response.status_code == 202:
        response_202 = RunStatus.from_dict(response.json())



        return response_202

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RunStatus]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: RunCreate,
    idempotency_key: str | Unset = UNSET,

) -> Response[Problem | RunStatus]:
    """ Create Run

     Start an evaluation of an OpenAI-compatible endpoint or a GGUF on one or more
    benchmarks (or `mobile-device-set`); answers at once, the run goes on in the server
    (its status at the URL in Location).

    Args:
        idempotency_key (str | Unset):
        body (RunCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RunStatus]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: RunCreate,
    idempotency_key: str | Unset = UNSET,

) -> Problem | RunStatus | None:
    """ Create Run

     Start an evaluation of an OpenAI-compatible endpoint or a GGUF on one or more
    benchmarks (or `mobile-device-set`); answers at once, the run goes on in the server
    (its status at the URL in Location).

    Args:
        idempotency_key (str | Unset):
        body (RunCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RunStatus
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: RunCreate,
    idempotency_key: str | Unset = UNSET,

) -> Response[Problem | RunStatus]:
    """ Create Run

     Start an evaluation of an OpenAI-compatible endpoint or a GGUF on one or more
    benchmarks (or `mobile-device-set`); answers at once, the run goes on in the server
    (its status at the URL in Location).

    Args:
        idempotency_key (str | Unset):
        body (RunCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RunStatus]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: RunCreate,
    idempotency_key: str | Unset = UNSET,

) -> Problem | RunStatus | None:
    """ Create Run

     Start an evaluation of an OpenAI-compatible endpoint or a GGUF on one or more
    benchmarks (or `mobile-device-set`); answers at once, the run goes on in the server
    (its status at the URL in Location).

    Args:
        idempotency_key (str | Unset):
        body (RunCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RunStatus
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
