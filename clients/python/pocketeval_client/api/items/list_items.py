from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    name: str,
    *,
    split: None | str | Unset = UNSET,
    subject: None | str | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_split: None | str | Unset
    if isinstance(split, Unset):
        json_split = UNSET
    else:
        json_split = split
    params["split"] = json_split

    json_subject: None | str | Unset
    if isinstance(subject, Unset):
        json_subject = UNSET
    else:
        json_subject = subject
    params["subject"] = json_subject

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
        "url": "/benchmarks/{name}/items".format(name=quote(str(name), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | None:
    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
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
    split: None | str | Unset = UNSET,
    subject: None | str | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,

) -> Response[Any | Problem]:
    """ List Items

     Items in id order, a page at a time; filter by split and subject. Each page has an
    ETag that changes when the benchmark's items do: send it back as If-None-Match to get
    304 instead of the page.

    Args:
        name (str):
        split (None | str | Unset):
        subject (None | str | Unset):
        cursor (None | str | Unset): `next_cursor` of the page before; the first page without it
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
split=split,
subject=subject,
cursor=cursor,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    split: None | str | Unset = UNSET,
    subject: None | str | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,

) -> Any | Problem | None:
    """ List Items

     Items in id order, a page at a time; filter by split and subject. Each page has an
    ETag that changes when the benchmark's items do: send it back as If-None-Match to get
    304 instead of the page.

    Args:
        name (str):
        split (None | str | Unset):
        subject (None | str | Unset):
        cursor (None | str | Unset): `next_cursor` of the page before; the first page without it
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return sync_detailed(
        name=name,
client=client,
split=split,
subject=subject,
cursor=cursor,
limit=limit,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    split: None | str | Unset = UNSET,
    subject: None | str | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,

) -> Response[Any | Problem]:
    """ List Items

     Items in id order, a page at a time; filter by split and subject. Each page has an
    ETag that changes when the benchmark's items do: send it back as If-None-Match to get
    304 instead of the page.

    Args:
        name (str):
        split (None | str | Unset):
        subject (None | str | Unset):
        cursor (None | str | Unset): `next_cursor` of the page before; the first page without it
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
split=split,
subject=subject,
cursor=cursor,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    split: None | str | Unset = UNSET,
    subject: None | str | Unset = UNSET,
    cursor: None | str | Unset = UNSET,
    limit: int | Unset = 100,

) -> Any | Problem | None:
    """ List Items

     Items in id order, a page at a time; filter by split and subject. Each page has an
    ETag that changes when the benchmark's items do: send it back as If-None-Match to get
    304 instead of the page.

    Args:
        name (str):
        split (None | str | Unset):
        subject (None | str | Unset):
        cursor (None | str | Unset): `next_cursor` of the page before; the first page without it
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return (await asyncio_detailed(
        name=name,
client=client,
split=split,
subject=subject,
cursor=cursor,
limit=limit,

    )).parsed
