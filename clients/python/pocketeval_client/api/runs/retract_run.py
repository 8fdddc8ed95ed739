from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.run_status import RunStatus
from typing import cast



def _get_kwargs(
    run_id: int,
    *,
    reason: str,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["reason"] = reason


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/runs/{run_id}".format(run_id=quote(str(run_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RunStatus | None:
    if response.status_code == 200:
        response_200 = RunStatus.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RunStatus]:
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
    reason: str,

) -> Response[Problem | RunStatus]:
    """ Retract Run

     Take a finished, failed or cancelled run out of the leaderboard, comparisons, gates and
    the Index. The run, its samples and results stay readable, with who retracted it, when
    and why (`GET /runs?include=retracted` lists it); a `notify` URL is told
    (`run.retracted`).

    Args:
        run_id (int):
        reason (str): Why the run is retracted: kept with the run

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RunStatus]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
reason=reason,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient,
    reason: str,

) -> Problem | RunStatus | None:
    """ Retract Run

     Take a finished, failed or cancelled run out of the leaderboard, comparisons, gates and
    the Index. The run, its samples and results stay readable, with who retracted it, when
    and why (`GET /runs?include=retracted` lists it); a `notify` URL is told
    (`run.retracted`).

    Args:
        run_id (int):
        reason (str): Why the run is retracted: kept with the run

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RunStatus
     """


    return sync_detailed(
        run_id=run_id,
client=client,
reason=reason,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient,
    reason: str,

) -> Response[Problem | RunStatus]:
    """ Retract Run

     Take a finished, failed or cancelled run out of the leaderboard, comparisons, gates and
    the Index. The run, its samples and results stay readable, with who retracted it, when
    and why (`GET /runs?include=retracted` lists it); a `notify` URL is told
    (`run.retracted`).

    Args:
        run_id (int):
        reason (str): Why the run is retracted: kept with the run

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RunStatus]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
reason=reason,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient,
    reason: str,

) -> Problem | RunStatus | None:
    """ Retract Run

     Take a finished, failed or cancelled run out of the leaderboard, comparisons, gates and
    the Index. The run, its samples and results stay readable, with who retracted it, when
    and why (`GET /runs?include=retracted` lists it); a `notify` URL is told
    (`run.retracted`).

    Args:
        run_id (int):
        reason (str): Why the run is retracted: kept with the run

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RunStatus
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,
reason=reason,

    )).parsed
