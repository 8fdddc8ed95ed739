from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.sample_page import SamplePage
from ...models.status import Status
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    run_id: int,
    *,
    verdict: None | Status | Unset = UNSET,
    repeat: int | None | Unset = UNSET,
    item_id: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_verdict: None | str | Unset
    if isinstance(verdict, Unset):
        json_verdict = UNSET
    elif isinstance(verdict, Status):
        json_verdict = verdict.value
    else:
        json_verdict = verdict
    params["verdict"] = json_verdict

    json_repeat: int | None | Unset
    if isinstance(repeat, Unset):
        json_repeat = UNSET
    else:
        json_repeat = repeat
    params["repeat"] = json_repeat

    json_item_id: int | None | Unset
    if isinstance(item_id, Unset):
        json_item_id = UNSET
    else:
        json_item_id = item_id
    params["item_id"] = json_item_id

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/runs/{run_id}/samples".format(run_id=quote(str(run_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SamplePage | None:
    if response.status_code == 200:
        response_200 = SamplePage.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | SamplePage]:
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
    verdict: None | Status | Unset = UNSET,
    repeat: int | None | Unset = UNSET,
    item_id: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,

) -> Response[Problem | SamplePage]:
    """ List Samples

     Per-sample verdicts in id order; filter by verdict, repeat and item (an item's
    samples in two runs: what a comparison's lost and gained items open).

    Args:
        run_id (int):
        verdict (None | Status | Unset):
        repeat (int | None | Unset):
        item_id (int | None | Unset):
        cursor (None | str | Unset): `next_cursor` of the page before; the first page without it
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SamplePage]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
verdict=verdict,
repeat=repeat,
item_id=item_id,
cursor=cursor,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient,
    verdict: None | Status | Unset = UNSET,
    repeat: int | None | Unset = UNSET,
    item_id: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,

) -> Problem | SamplePage | None:
    """ List Samples

     Per-sample verdicts in id order; filter by verdict, repeat and item (an item's
    samples in two runs: what a comparison's lost and gained items open).

    Args:
        run_id (int):
        verdict (None | Status | Unset):
        repeat (int | None | Unset):
        item_id (int | None | Unset):
        cursor (None | str | Unset): `next_cursor` of the page before; the first page without it
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SamplePage
     """


    return sync_detailed(
        run_id=run_id,
client=client,
verdict=verdict,
repeat=repeat,
item_id=item_id,
cursor=cursor,
limit=limit,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient,
    verdict: None | Status | Unset = UNSET,
    repeat: int | None | Unset = UNSET,
    item_id: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,

) -> Response[Problem | SamplePage]:
    """ List Samples

     Per-sample verdicts in id order; filter by verdict, repeat and item (an item's
    samples in two runs: what a comparison's lost and gained items open).

    Args:
        run_id (int):
        verdict (None | Status | Unset):
        repeat (int | None | Unset):
        item_id (int | None | Unset):
        cursor (None | str | Unset): `next_cursor` of the page before; the first page without it
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SamplePage]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
verdict=verdict,
repeat=repeat,
item_id=item_id,
cursor=cursor,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient,
    verdict: None | Status | Unset = UNSET,
    repeat: int | None | Unset = UNSET,
    item_id: int | None | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,

) -> Problem | SamplePage | None:
    """ List Samples

     Per-sample verdicts in id order; filter by verdict, repeat and item (an item's
    samples in two runs: what a comparison's lost and gained items open).

    Args:
        run_id (int):
        verdict (None | Status | Unset):
        repeat (int | None | Unset):
        item_id (int | None | Unset):
        cursor (None | str | Unset): `next_cursor` of the page before; the first page without it
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SamplePage
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,
verdict=verdict,
repeat=repeat,
item_id=item_id,
cursor=cursor,
limit=limit,

    )).parsed
