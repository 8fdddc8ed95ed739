from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.gate_format import GateFormat
from ...models.gate_read import GateRead
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    reference: str,
    build: str,
    margin: float,
    benchmarks: None | str | Unset = UNSET,
    format_: GateFormat | Unset = GateFormat.JSON,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["reference"] = reference

    params["build"] = build

    params["margin"] = margin

    json_benchmarks: None | str | Unset
    if isinstance(benchmarks, Unset):
        json_benchmarks = UNSET
    else:
        json_benchmarks = benchmarks
    params["benchmarks"] = json_benchmarks

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/gate",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GateRead | Problem | None:
    if response.status_code == 200:
        response_200 = GateRead.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GateRead | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    reference: str,
    build: str,
    margin: float,
    benchmarks: None | str | Unset = UNSET,
    format_: GateFormat | Unset = GateFormat.JSON,

) -> Response[GateRead | Problem]:
    """ Gate

     The CI gate: `pass` (exit code 0) when the build is non-inferior to the reference on
    every benchmark both scored and on the Mobile Intelligence Index (where both have its
    components), `fail` (1) when it is inferior on one, `undecided` (2) otherwise, with the
    paired items that would decide it. `format=markdown` gives a summary for a pull request
    or a CI job (verdicts, retention, items lost and gained with links), `format=junit` a
    JUnit report with one case per benchmark. `pocketeval gate` asks this and exits with
    the code.

    Args:
        reference (str): A run id, or a model name (its latest finished run of each benchmark)
        build (str):
        margin (float): Non-inferiority margin on the accuracy scale (0.02 = 2 points)
        benchmarks (None | str | Unset): Comma-separated; default: every benchmark both scored
        format_ (GateFormat | Unset):  Default: GateFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GateRead | Problem]
     """


    kwargs = _get_kwargs(
        reference=reference,
build=build,
margin=margin,
benchmarks=benchmarks,
format_=format_,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    reference: str,
    build: str,
    margin: float,
    benchmarks: None | str | Unset = UNSET,
    format_: GateFormat | Unset = GateFormat.JSON,

) -> GateRead | Problem | None:
    """ Gate

     The CI gate: `pass` (exit code 0) when the build is non-inferior to the reference on
    every benchmark both scored and on the Mobile Intelligence Index (where both have its
    components), `fail` (1) when it is inferior on one, `undecided` (2) otherwise, with the
    paired items that would decide it. `format=markdown` gives a summary for a pull request
    or a CI job (verdicts, retention, items lost and gained with links), `format=junit` a
    JUnit report with one case per benchmark. `pocketeval gate` asks this and exits with
    the code.

    Args:
        reference (str): A run id, or a model name (its latest finished run of each benchmark)
        build (str):
        margin (float): Non-inferiority margin on the accuracy scale (0.02 = 2 points)
        benchmarks (None | str | Unset): Comma-separated; default: every benchmark both scored
        format_ (GateFormat | Unset):  Default: GateFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GateRead | Problem
     """


    return sync_detailed(
        client=client,
reference=reference,
build=build,
margin=margin,
benchmarks=benchmarks,
format_=format_,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    reference: str,
    build: str,
    margin: float,
    benchmarks: None | str | Unset = UNSET,
    format_: GateFormat | Unset = GateFormat.JSON,

) -> Response[GateRead | Problem]:
    """ Gate

     The CI gate: `pass` (exit code 0) when the build is non-inferior to the reference on
    every benchmark both scored and on the Mobile Intelligence Index (where both have its
    components), `fail` (1) when it is inferior on one, `undecided` (2) otherwise, with the
    paired items that would decide it. `format=markdown` gives a summary for a pull request
    or a CI job (verdicts, retention, items lost and gained with links), `format=junit` a
    JUnit report with one case per benchmark. `pocketeval gate` asks this and exits with
    the code.

    Args:
        reference (str): A run id, or a model name (its latest finished run of each benchmark)
        build (str):
        margin (float): Non-inferiority margin on the accuracy scale (0.02 = 2 points)
        benchmarks (None | str | Unset): Comma-separated; default: every benchmark both scored
        format_ (GateFormat | Unset):  Default: GateFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GateRead | Problem]
     """


    kwargs = _get_kwargs(
        reference=reference,
build=build,
margin=margin,
benchmarks=benchmarks,
format_=format_,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    reference: str,
    build: str,
    margin: float,
    benchmarks: None | str | Unset = UNSET,
    format_: GateFormat | Unset = GateFormat.JSON,

) -> GateRead | Problem | None:
    """ Gate

     The CI gate: `pass` (exit code 0) when the build is non-inferior to the reference on
    every benchmark both scored and on the Mobile Intelligence Index (where both have its
    components), `fail` (1) when it is inferior on one, `undecided` (2) otherwise, with the
    paired items that would decide it. `format=markdown` gives a summary for a pull request
    or a CI job (verdicts, retention, items lost and gained with links), `format=junit` a
    JUnit report with one case per benchmark. `pocketeval gate` asks this and exits with
    the code.

    Args:
        reference (str): A run id, or a model name (its latest finished run of each benchmark)
        build (str):
        margin (float): Non-inferiority margin on the accuracy scale (0.02 = 2 points)
        benchmarks (None | str | Unset): Comma-separated; default: every benchmark both scored
        format_ (GateFormat | Unset):  Default: GateFormat.JSON.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GateRead | Problem
     """


    return (await asyncio_detailed(
        client=client,
reference=reference,
build=build,
margin=margin,
benchmarks=benchmarks,
format_=format_,

    )).parsed
