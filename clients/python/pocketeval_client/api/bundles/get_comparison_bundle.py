from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_comparison_bundle_reference import GetComparisonBundleReference
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    a: str,
    b: str,
    benchmarks: None | str | Unset = UNSET,
    allow_mismatch: bool | Unset = False,
    resamples: int | Unset = 1000,
    seed: int | Unset = 0,
    margin: float | None | Unset = UNSET,
    reference: GetComparisonBundleReference | Unset = GetComparisonBundleReference.A,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["a"] = a

    params["b"] = b

    json_benchmarks: None | str | Unset
    if isinstance(benchmarks, Unset):
        json_benchmarks = UNSET
    else:
        json_benchmarks = benchmarks
    params["benchmarks"] = json_benchmarks

    params["allow_mismatch"] = allow_mismatch

    params["resamples"] = resamples

    params["seed"] = seed

    json_margin: float | None | Unset
    if isinstance(margin, Unset):
        json_margin = UNSET
    else:
        json_margin = margin
    params["margin"] = json_margin

    json_reference: str | Unset = UNSET
    if not isinstance(reference, Unset):
        json_reference = reference.value

    params["reference"] = json_reference


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/compare/bundle",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | None:
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    a: str,
    b: str,
    benchmarks: None | str | Unset = UNSET,
    allow_mismatch: bool | Unset = False,
    resamples: int | Unset = 1000,
    seed: int | Unset = 0,
    margin: float | None | Unset = UNSET,
    reference: GetComparisonBundleReference | Unset = GetComparisonBundleReference.A,

) -> Response[Problem]:
    """ Get Comparison Bundle

     GET /compare's answer for the same query, with the bundle of each run it pairs, signed
    as one: `pocketeval verify` re-checks both runs and recomputes every paired figure (with
    a margin: the non-inferiority figures, and each side's Index from its runs).

    Args:
        a (str): A run id, or a model name (as GET /compare)
        b (str):
        benchmarks (None | str | Unset): Comma-separated; default: every benchmark both scored
        allow_mismatch (bool | Unset):  Default: False.
        resamples (int | Unset):  Default: 1000.
        seed (int | Unset):  Default: 0.
        margin (float | None | Unset): Non-inferiority margin, as GET /compare
        reference (GetComparisonBundleReference | Unset): Which side the margin is held against,
            as GET /compare Default: GetComparisonBundleReference.A.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem]
     """


    kwargs = _get_kwargs(
        a=a,
b=b,
benchmarks=benchmarks,
allow_mismatch=allow_mismatch,
resamples=resamples,
seed=seed,
margin=margin,
reference=reference,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    a: str,
    b: str,
    benchmarks: None | str | Unset = UNSET,
    allow_mismatch: bool | Unset = False,
    resamples: int | Unset = 1000,
    seed: int | Unset = 0,
    margin: float | None | Unset = UNSET,
    reference: GetComparisonBundleReference | Unset = GetComparisonBundleReference.A,

) -> Problem | None:
    """ Get Comparison Bundle

     GET /compare's answer for the same query, with the bundle of each run it pairs, signed
    as one: `pocketeval verify` re-checks both runs and recomputes every paired figure (with
    a margin: the non-inferiority figures, and each side's Index from its runs).

    Args:
        a (str): A run id, or a model name (as GET /compare)
        b (str):
        benchmarks (None | str | Unset): Comma-separated; default: every benchmark both scored
        allow_mismatch (bool | Unset):  Default: False.
        resamples (int | Unset):  Default: 1000.
        seed (int | Unset):  Default: 0.
        margin (float | None | Unset): Non-inferiority margin, as GET /compare
        reference (GetComparisonBundleReference | Unset): Which side the margin is held against,
            as GET /compare Default: GetComparisonBundleReference.A.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem
     """


    return sync_detailed(
        client=client,
a=a,
b=b,
benchmarks=benchmarks,
allow_mismatch=allow_mismatch,
resamples=resamples,
seed=seed,
margin=margin,
reference=reference,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    a: str,
    b: str,
    benchmarks: None | str | Unset = UNSET,
    allow_mismatch: bool | Unset = False,
    resamples: int | Unset = 1000,
    seed: int | Unset = 0,
    margin: float | None | Unset = UNSET,
    reference: GetComparisonBundleReference | Unset = GetComparisonBundleReference.A,

) -> Response[Problem]:
    """ Get Comparison Bundle

     GET /compare's answer for the same query, with the bundle of each run it pairs, signed
    as one: `pocketeval verify` re-checks both runs and recomputes every paired figure (with
    a margin: the non-inferiority figures, and each side's Index from its runs).

    Args:
        a (str): A run id, or a model name (as GET /compare)
        b (str):
        benchmarks (None | str | Unset): Comma-separated; default: every benchmark both scored
        allow_mismatch (bool | Unset):  Default: False.
        resamples (int | Unset):  Default: 1000.
        seed (int | Unset):  Default: 0.
        margin (float | None | Unset): Non-inferiority margin, as GET /compare
        reference (GetComparisonBundleReference | Unset): Which side the margin is held against,
            as GET /compare Default: GetComparisonBundleReference.A.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem]
     """


    kwargs = _get_kwargs(
        a=a,
b=b,
benchmarks=benchmarks,
allow_mismatch=allow_mismatch,
resamples=resamples,
seed=seed,
margin=margin,
reference=reference,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    a: str,
    b: str,
    benchmarks: None | str | Unset = UNSET,
    allow_mismatch: bool | Unset = False,
    resamples: int | Unset = 1000,
    seed: int | Unset = 0,
    margin: float | None | Unset = UNSET,
    reference: GetComparisonBundleReference | Unset = GetComparisonBundleReference.A,

) -> Problem | None:
    """ Get Comparison Bundle

     GET /compare's answer for the same query, with the bundle of each run it pairs, signed
    as one: `pocketeval verify` re-checks both runs and recomputes every paired figure (with
    a margin: the non-inferiority figures, and each side's Index from its runs).

    Args:
        a (str): A run id, or a model name (as GET /compare)
        b (str):
        benchmarks (None | str | Unset): Comma-separated; default: every benchmark both scored
        allow_mismatch (bool | Unset):  Default: False.
        resamples (int | Unset):  Default: 1000.
        seed (int | Unset):  Default: 0.
        margin (float | None | Unset): Non-inferiority margin, as GET /compare
        reference (GetComparisonBundleReference | Unset): Which side the margin is held against,
            as GET /compare Default: GetComparisonBundleReference.A.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem
     """


    return (await asyncio_detailed(
        client=client,
a=a,
b=b,
benchmarks=benchmarks,
allow_mismatch=allow_mismatch,
resamples=resamples,
seed=seed,
margin=margin,
reference=reference,

    )).parsed
