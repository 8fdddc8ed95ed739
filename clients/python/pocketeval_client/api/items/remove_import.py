from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.removal_read import RemovalRead
from typing import cast



def _get_kwargs(
    name: str,
    import_sha256: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/benchmarks/{name}/imports/{import_sha256}".format(name=quote(str(name), safe=""),import_sha256=quote(str(import_sha256), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RemovalRead | None:
    if response.status_code == 200:
        response_200 = RemovalRead.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RemovalRead]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: str,
    import_sha256: str,
    *,
    client: AuthenticatedClient,

) -> Response[Problem | RemovalRead]:
    """ Remove Import

     Remove the items one import brought into a benchmark of your own (its `sha256` in the
    import's report and in the benchmark's `sources`). Refused for catalog benchmarks and
    while a run that is not retracted used the items; retracted runs keep their row and
    results, their samples of the removed items go with them.

    Args:
        name (str):
        import_sha256 (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RemovalRead]
     """


    kwargs = _get_kwargs(
        name=name,
import_sha256=import_sha256,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    name: str,
    import_sha256: str,
    *,
    client: AuthenticatedClient,

) -> Problem | RemovalRead | None:
    """ Remove Import

     Remove the items one import brought into a benchmark of your own (its `sha256` in the
    import's report and in the benchmark's `sources`). Refused for catalog benchmarks and
    while a run that is not retracted used the items; retracted runs keep their row and
    results, their samples of the removed items go with them.

    Args:
        name (str):
        import_sha256 (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RemovalRead
     """


    return sync_detailed(
        name=name,
import_sha256=import_sha256,
client=client,

    ).parsed

async def asyncio_detailed(
    name: str,
    import_sha256: str,
    *,
    client: AuthenticatedClient,

) -> Response[Problem | RemovalRead]:
    """ Remove Import

     Remove the items one import brought into a benchmark of your own (its `sha256` in the
    import's report and in the benchmark's `sources`). Refused for catalog benchmarks and
    while a run that is not retracted used the items; retracted runs keep their row and
    results, their samples of the removed items go with them.

    Args:
        name (str):
        import_sha256 (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RemovalRead]
     """


    kwargs = _get_kwargs(
        name=name,
import_sha256=import_sha256,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    name: str,
    import_sha256: str,
    *,
    client: AuthenticatedClient,

) -> Problem | RemovalRead | None:
    """ Remove Import

     Remove the items one import brought into a benchmark of your own (its `sha256` in the
    import's report and in the benchmark's `sources`). Refused for catalog benchmarks and
    while a run that is not retracted used the items; retracted runs keep their row and
    results, their samples of the removed items go with them.

    Args:
        name (str):
        import_sha256 (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RemovalRead
     """


    return (await asyncio_detailed(
        name=name,
import_sha256=import_sha256,
client=client,

    )).parsed
