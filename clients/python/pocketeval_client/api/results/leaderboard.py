from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.leaderboard_format import LeaderboardFormat
from ...models.leaderboard_order import LeaderboardOrder
from ...models.leaderboard_read import LeaderboardRead
from ...models.leaderboard_variant_type_0 import LeaderboardVariantType0
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast
from typing import Literal, cast



def _get_kwargs(
    *,
    benchmarks: None | str | Unset = UNSET,
    set_: Literal['mobile-device-set'] | None | Unset = UNSET,
    variant: LeaderboardVariantType0 | None | Unset = UNSET,
    eligible_only: bool | Unset = False,
    sort: str | Unset = 'index',
    order: LeaderboardOrder | Unset = LeaderboardOrder.DESC,
    format_: LeaderboardFormat | Unset = LeaderboardFormat.JSON,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_benchmarks: None | str | Unset
    if isinstance(benchmarks, Unset):
        json_benchmarks = UNSET
    else:
        json_benchmarks = benchmarks
    params["benchmarks"] = json_benchmarks

    json_set_: Literal['mobile-device-set'] | None | Unset
    if isinstance(set_, Unset):
        json_set_ = UNSET
    else:
        json_set_ = set_
    params["set"] = json_set_

    json_variant: None | str | Unset
    if isinstance(variant, Unset):
        json_variant = UNSET
    elif isinstance(variant, LeaderboardVariantType0):
        json_variant = variant.value
    else:
        json_variant = variant
    params["variant"] = json_variant

    params["eligible_only"] = eligible_only

    params["sort"] = sort

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/leaderboard",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LeaderboardRead | Problem | None:
    if response.status_code == 200:
        response_200 = LeaderboardRead.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[LeaderboardRead | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    benchmarks: None | str | Unset = UNSET,
    set_: Literal['mobile-device-set'] | None | Unset = UNSET,
    variant: LeaderboardVariantType0 | None | Unset = UNSET,
    eligible_only: bool | Unset = False,
    sort: str | Unset = 'index',
    order: LeaderboardOrder | Unset = LeaderboardOrder.DESC,
    format_: LeaderboardFormat | Unset = LeaderboardFormat.JSON,

) -> Response[LeaderboardRead | Problem]:
    """ Leaderboard

     One row per model variant (name, variant, GGUF file type and sha256, or endpoint
    model), one cell per benchmark from its latest finished run: the headline value with its
    95% interval, n items and repeats; the Mobile Intelligence Index with its interval; the
    phone-memory verdict and total; and whether it ran properly on a real device.

    Args:
        benchmarks (None | str | Unset): Comma-separated benchmark names
        set_ (Literal['mobile-device-set'] | None | Unset): A named set instead of `benchmarks`
            (the default)
        variant (LeaderboardVariantType0 | None | Unset):
        eligible_only (bool | Unset):  Default: False.
        sort (str | Unset): model, index, memory_total_bytes or one of the board's benchmarks
            Default: 'index'.
        order (LeaderboardOrder | Unset):  Default: LeaderboardOrder.DESC.
        format_ (LeaderboardFormat | Unset):  Default: LeaderboardFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LeaderboardRead | Problem]
     """


    kwargs = _get_kwargs(
        benchmarks=benchmarks,
set_=set_,
variant=variant,
eligible_only=eligible_only,
sort=sort,
order=order,
format_=format_,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    benchmarks: None | str | Unset = UNSET,
    set_: Literal['mobile-device-set'] | None | Unset = UNSET,
    variant: LeaderboardVariantType0 | None | Unset = UNSET,
    eligible_only: bool | Unset = False,
    sort: str | Unset = 'index',
    order: LeaderboardOrder | Unset = LeaderboardOrder.DESC,
    format_: LeaderboardFormat | Unset = LeaderboardFormat.JSON,

) -> LeaderboardRead | Problem | None:
    """ Leaderboard

     One row per model variant (name, variant, GGUF file type and sha256, or endpoint
    model), one cell per benchmark from its latest finished run: the headline value with its
    95% interval, n items and repeats; the Mobile Intelligence Index with its interval; the
    phone-memory verdict and total; and whether it ran properly on a real device.

    Args:
        benchmarks (None | str | Unset): Comma-separated benchmark names
        set_ (Literal['mobile-device-set'] | None | Unset): A named set instead of `benchmarks`
            (the default)
        variant (LeaderboardVariantType0 | None | Unset):
        eligible_only (bool | Unset):  Default: False.
        sort (str | Unset): model, index, memory_total_bytes or one of the board's benchmarks
            Default: 'index'.
        order (LeaderboardOrder | Unset):  Default: LeaderboardOrder.DESC.
        format_ (LeaderboardFormat | Unset):  Default: LeaderboardFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LeaderboardRead | Problem
     """


    return sync_detailed(
        client=client,
benchmarks=benchmarks,
set_=set_,
variant=variant,
eligible_only=eligible_only,
sort=sort,
order=order,
format_=format_,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    benchmarks: None | str | Unset = UNSET,
    set_: Literal['mobile-device-set'] | None | Unset = UNSET,
    variant: LeaderboardVariantType0 | None | Unset = UNSET,
    eligible_only: bool | Unset = False,
    sort: str | Unset = 'index',
    order: LeaderboardOrder | Unset = LeaderboardOrder.DESC,
    format_: LeaderboardFormat | Unset = LeaderboardFormat.JSON,

) -> Response[LeaderboardRead | Problem]:
    """ Leaderboard

     One row per model variant (name, variant, GGUF file type and sha256, or endpoint
    model), one cell per benchmark from its latest finished run: the headline value with its
    95% interval, n items and repeats; the Mobile Intelligence Index with its interval; the
    phone-memory verdict and total; and whether it ran properly on a real device.

    Args:
        benchmarks (None | str | Unset): Comma-separated benchmark names
        set_ (Literal['mobile-device-set'] | None | Unset): A named set instead of `benchmarks`
            (the default)
        variant (LeaderboardVariantType0 | None | Unset):
        eligible_only (bool | Unset):  Default: False.
        sort (str | Unset): model, index, memory_total_bytes or one of the board's benchmarks
            Default: 'index'.
        order (LeaderboardOrder | Unset):  Default: LeaderboardOrder.DESC.
        format_ (LeaderboardFormat | Unset):  Default: LeaderboardFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LeaderboardRead | Problem]
     """


    kwargs = _get_kwargs(
        benchmarks=benchmarks,
set_=set_,
variant=variant,
eligible_only=eligible_only,
sort=sort,
order=order,
format_=format_,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    benchmarks: None | str | Unset = UNSET,
    set_: Literal['mobile-device-set'] | None | Unset = UNSET,
    variant: LeaderboardVariantType0 | None | Unset = UNSET,
    eligible_only: bool | Unset = False,
    sort: str | Unset = 'index',
    order: LeaderboardOrder | Unset = LeaderboardOrder.DESC,
    format_: LeaderboardFormat | Unset = LeaderboardFormat.JSON,

) -> LeaderboardRead | Problem | None:
    """ Leaderboard

     One row per model variant (name, variant, GGUF file type and sha256, or endpoint
    model), one cell per benchmark from its latest finished run: the headline value with its
    95% interval, n items and repeats; the Mobile Intelligence Index with its interval; the
    phone-memory verdict and total; and whether it ran properly on a real device.

    Args:
        benchmarks (None | str | Unset): Comma-separated benchmark names
        set_ (Literal['mobile-device-set'] | None | Unset): A named set instead of `benchmarks`
            (the default)
        variant (LeaderboardVariantType0 | None | Unset):
        eligible_only (bool | Unset):  Default: False.
        sort (str | Unset): model, index, memory_total_bytes or one of the board's benchmarks
            Default: 'index'.
        order (LeaderboardOrder | Unset):  Default: LeaderboardOrder.DESC.
        format_ (LeaderboardFormat | Unset):  Default: LeaderboardFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LeaderboardRead | Problem
     """


    return (await asyncio_detailed(
        client=client,
benchmarks=benchmarks,
set_=set_,
variant=variant,
eligible_only=eligible_only,
sort=sort,
order=order,
format_=format_,

    )).parsed
