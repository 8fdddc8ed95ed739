from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.export_run_format import ExportRunFormat
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    run_id: int,
    *,
    format_: ExportRunFormat | Unset = ExportRunFormat.LM_EVAL,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/runs/{run_id}/export".format(run_id=quote(str(run_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
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
    format_: ExportRunFormat | Unset = ExportRunFormat.LM_EVAL,

) -> Response[Any | Problem]:
    """ Export Run

     `lm-eval`: a zip in lm-evaluation-harness's output layout (`<model>/results_<date>.json`
    and `<model>/samples_<task>_<date>.jsonl`), for tools that read lm-eval results; `csv`:
    one row per sample.

    Args:
        run_id (int):
        format_ (ExportRunFormat | Unset):  Default: ExportRunFormat.LM_EVAL.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
format_=format_,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    run_id: int,
    *,
    client: AuthenticatedClient,
    format_: ExportRunFormat | Unset = ExportRunFormat.LM_EVAL,

) -> Any | Problem | None:
    """ Export Run

     `lm-eval`: a zip in lm-evaluation-harness's output layout (`<model>/results_<date>.json`
    and `<model>/samples_<task>_<date>.jsonl`), for tools that read lm-eval results; `csv`:
    one row per sample.

    Args:
        run_id (int):
        format_ (ExportRunFormat | Unset):  Default: ExportRunFormat.LM_EVAL.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return sync_detailed(
        run_id=run_id,
client=client,
format_=format_,

    ).parsed

async def asyncio_detailed(
    run_id: int,
    *,
    client: AuthenticatedClient,
    format_: ExportRunFormat | Unset = ExportRunFormat.LM_EVAL,

) -> Response[Any | Problem]:
    """ Export Run

     `lm-eval`: a zip in lm-evaluation-harness's output layout (`<model>/results_<date>.json`
    and `<model>/samples_<task>_<date>.jsonl`), for tools that read lm-eval results; `csv`:
    one row per sample.

    Args:
        run_id (int):
        format_ (ExportRunFormat | Unset):  Default: ExportRunFormat.LM_EVAL.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
     """


    kwargs = _get_kwargs(
        run_id=run_id,
format_=format_,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    run_id: int,
    *,
    client: AuthenticatedClient,
    format_: ExportRunFormat | Unset = ExportRunFormat.LM_EVAL,

) -> Any | Problem | None:
    """ Export Run

     `lm-eval`: a zip in lm-evaluation-harness's output layout (`<model>/results_<date>.json`
    and `<model>/samples_<task>_<date>.jsonl`), for tools that read lm-eval results; `csv`:
    one row per sample.

    Args:
        run_id (int):
        format_ (ExportRunFormat | Unset):  Default: ExportRunFormat.LM_EVAL.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
     """


    return (await asyncio_detailed(
        run_id=run_id,
client=client,
format_=format_,

    )).parsed
