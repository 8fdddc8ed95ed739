from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.expand_options_body import ExpandOptionsBody
from ...models.expansion_read import ExpansionRead
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    name: str,
    *,
    body: ExpandOptionsBody,
    new_name: str,
    target: int | Unset = 10,
    seed: int | Unset = 0,
    split: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    params: dict[str, Any] = {}

    params["new_name"] = new_name

    params["target"] = target

    params["seed"] = seed

    json_split: None | str | Unset
    if isinstance(split, Unset):
        json_split = UNSET
    else:
        json_split = split
    params["split"] = json_split


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/benchmarks/{name}/audits/options:expand".format(name=quote(str(name), safe=""),),
        "params": params,
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ExpansionRead | Problem | None:
    if response.status_code == 201:
        response_201 = ExpansionRead.from_dict(response.json())



        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ExpansionRead | Problem]:
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
    body: ExpandOptionsBody,
    new_name: str,
    target: int | Unset = 10,
    seed: int | Unset = 0,
    split: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ExpansionRead | Problem]:
    """ Expand Options

     A K'-option version of a benchmark (e.g. 4 -> 10) from a JSONL `file` of extra
    distractors per item, validated (no duplicate or near-duplicate options, none equal to
    the key, each at least as long as the key or flagged) and shuffled by a seeded
    permutation recorded per item; linked to its parent with the validation report.

    Args:
        name (str):
        new_name (str): The expanded version's name
        target (int | Unset):  Default: 10.
        seed (int | Unset):  Default: 0.
        split (None | str | Unset):
        idempotency_key (str | Unset):
        body (ExpandOptionsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExpansionRead | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
body=body,
new_name=new_name,
target=target,
seed=seed,
split=split,
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
    body: ExpandOptionsBody,
    new_name: str,
    target: int | Unset = 10,
    seed: int | Unset = 0,
    split: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ExpansionRead | Problem | None:
    """ Expand Options

     A K'-option version of a benchmark (e.g. 4 -> 10) from a JSONL `file` of extra
    distractors per item, validated (no duplicate or near-duplicate options, none equal to
    the key, each at least as long as the key or flagged) and shuffled by a seeded
    permutation recorded per item; linked to its parent with the validation report.

    Args:
        name (str):
        new_name (str): The expanded version's name
        target (int | Unset):  Default: 10.
        seed (int | Unset):  Default: 0.
        split (None | str | Unset):
        idempotency_key (str | Unset):
        body (ExpandOptionsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExpansionRead | Problem
     """


    return sync_detailed(
        name=name,
client=client,
body=body,
new_name=new_name,
target=target,
seed=seed,
split=split,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ExpandOptionsBody,
    new_name: str,
    target: int | Unset = 10,
    seed: int | Unset = 0,
    split: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[ExpansionRead | Problem]:
    """ Expand Options

     A K'-option version of a benchmark (e.g. 4 -> 10) from a JSONL `file` of extra
    distractors per item, validated (no duplicate or near-duplicate options, none equal to
    the key, each at least as long as the key or flagged) and shuffled by a seeded
    permutation recorded per item; linked to its parent with the validation report.

    Args:
        name (str):
        new_name (str): The expanded version's name
        target (int | Unset):  Default: 10.
        seed (int | Unset):  Default: 0.
        split (None | str | Unset):
        idempotency_key (str | Unset):
        body (ExpandOptionsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ExpansionRead | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
body=body,
new_name=new_name,
target=target,
seed=seed,
split=split,
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
    body: ExpandOptionsBody,
    new_name: str,
    target: int | Unset = 10,
    seed: int | Unset = 0,
    split: None | str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> ExpansionRead | Problem | None:
    """ Expand Options

     A K'-option version of a benchmark (e.g. 4 -> 10) from a JSONL `file` of extra
    distractors per item, validated (no duplicate or near-duplicate options, none equal to
    the key, each at least as long as the key or flagged) and shuffled by a seeded
    permutation recorded per item; linked to its parent with the validation report.

    Args:
        name (str):
        new_name (str): The expanded version's name
        target (int | Unset):  Default: 10.
        seed (int | Unset):  Default: 0.
        split (None | str | Unset):
        idempotency_key (str | Unset):
        body (ExpandOptionsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ExpansionRead | Problem
     """


    return (await asyncio_detailed(
        name=name,
client=client,
body=body,
new_name=new_name,
target=target,
seed=seed,
split=split,
idempotency_key=idempotency_key,

    )).parsed
