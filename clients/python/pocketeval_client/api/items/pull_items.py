from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.pull_report import PullReport
from ...models.run_status import RunStatus
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    name: str,
    *,
    revision: None | str | Unset = UNSET,
    wait: bool | Unset = True,
    wait_timeout_s: float | Unset = 300.0,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    params: dict[str, Any] = {}

    json_revision: None | str | Unset
    if isinstance(revision, Unset):
        json_revision = UNSET
    else:
        json_revision = revision
    params["revision"] = json_revision

    params["wait"] = wait

    params["wait_timeout_s"] = wait_timeout_s


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/benchmarks/{name}/items:pull".format(name=quote(str(name), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | PullReport | RunStatus | None:
    if response.status_code == 200:
        response_200 = PullReport.from_dict(response.json())



        return response_200

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

    if response.status_code == 502:
        response_502 = Problem.from_dict(response.json())



        return response_502

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | PullReport | RunStatus]:
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
    revision: None | str | Unset = UNSET,
    wait: bool | Unset = True,
    wait_timeout_s: float | Unset = 300.0,
    idempotency_key: str | Unset = UNSET,

) -> Response[Problem | PullReport | RunStatus]:
    """ Pull Items

     Download a catalog benchmark's published files from its Hugging Face repository with
    the server's Hub settings (HF_TOKEN, HF_ENDPOINT, HF_HUB_OFFLINE, the HF cache), verify
    them and import them, replacing items in place. The pull is a run of kind `pull`: its
    stage and bytes received are in GET /runs/{id} and on /runs/{id}/events while it goes
    on. With `wait` (the default) the answer is the import report, or the problem that
    stopped the pull; otherwise, or when the wait ends first, a 202 with the run.

    Args:
        name (str):
        revision (None | str | Unset): Commit, branch or tag; default: the catalog's
        wait (bool | Unset):  Default: True.
        wait_timeout_s (float | Unset):  Default: 300.0.
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PullReport | RunStatus]
     """


    kwargs = _get_kwargs(
        name=name,
revision=revision,
wait=wait,
wait_timeout_s=wait_timeout_s,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    revision: None | str | Unset = UNSET,
    wait: bool | Unset = True,
    wait_timeout_s: float | Unset = 300.0,
    idempotency_key: str | Unset = UNSET,

) -> Problem | PullReport | RunStatus | None:
    """ Pull Items

     Download a catalog benchmark's published files from its Hugging Face repository with
    the server's Hub settings (HF_TOKEN, HF_ENDPOINT, HF_HUB_OFFLINE, the HF cache), verify
    them and import them, replacing items in place. The pull is a run of kind `pull`: its
    stage and bytes received are in GET /runs/{id} and on /runs/{id}/events while it goes
    on. With `wait` (the default) the answer is the import report, or the problem that
    stopped the pull; otherwise, or when the wait ends first, a 202 with the run.

    Args:
        name (str):
        revision (None | str | Unset): Commit, branch or tag; default: the catalog's
        wait (bool | Unset):  Default: True.
        wait_timeout_s (float | Unset):  Default: 300.0.
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PullReport | RunStatus
     """


    return sync_detailed(
        name=name,
client=client,
revision=revision,
wait=wait,
wait_timeout_s=wait_timeout_s,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    revision: None | str | Unset = UNSET,
    wait: bool | Unset = True,
    wait_timeout_s: float | Unset = 300.0,
    idempotency_key: str | Unset = UNSET,

) -> Response[Problem | PullReport | RunStatus]:
    """ Pull Items

     Download a catalog benchmark's published files from its Hugging Face repository with
    the server's Hub settings (HF_TOKEN, HF_ENDPOINT, HF_HUB_OFFLINE, the HF cache), verify
    them and import them, replacing items in place. The pull is a run of kind `pull`: its
    stage and bytes received are in GET /runs/{id} and on /runs/{id}/events while it goes
    on. With `wait` (the default) the answer is the import report, or the problem that
    stopped the pull; otherwise, or when the wait ends first, a 202 with the run.

    Args:
        name (str):
        revision (None | str | Unset): Commit, branch or tag; default: the catalog's
        wait (bool | Unset):  Default: True.
        wait_timeout_s (float | Unset):  Default: 300.0.
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PullReport | RunStatus]
     """


    kwargs = _get_kwargs(
        name=name,
revision=revision,
wait=wait,
wait_timeout_s=wait_timeout_s,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    revision: None | str | Unset = UNSET,
    wait: bool | Unset = True,
    wait_timeout_s: float | Unset = 300.0,
    idempotency_key: str | Unset = UNSET,

) -> Problem | PullReport | RunStatus | None:
    """ Pull Items

     Download a catalog benchmark's published files from its Hugging Face repository with
    the server's Hub settings (HF_TOKEN, HF_ENDPOINT, HF_HUB_OFFLINE, the HF cache), verify
    them and import them, replacing items in place. The pull is a run of kind `pull`: its
    stage and bytes received are in GET /runs/{id} and on /runs/{id}/events while it goes
    on. With `wait` (the default) the answer is the import report, or the problem that
    stopped the pull; otherwise, or when the wait ends first, a 202 with the run.

    Args:
        name (str):
        revision (None | str | Unset): Commit, branch or tag; default: the catalog's
        wait (bool | Unset):  Default: True.
        wait_timeout_s (float | Unset):  Default: 300.0.
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PullReport | RunStatus
     """


    return (await asyncio_detailed(
        name=name,
client=client,
revision=revision,
wait=wait,
wait_timeout_s=wait_timeout_s,
idempotency_key=idempotency_key,

    )).parsed
