from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.contamination_probe_body import ContaminationProbeBody
from ...models.contamination_read import ContaminationRead
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    name: str,
    *,
    body: ContaminationProbeBody,
    split: None | str | Unset = UNSET,
    ngram: int | Unset = 13,
    min_overlap: float | Unset = 0.0,
    text_field: str | Unset = 'text',
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    params: dict[str, Any] = {}

    json_split: None | str | Unset
    if isinstance(split, Unset):
        json_split = UNSET
    else:
        json_split = split
    params["split"] = json_split

    params["ngram"] = ngram

    params["min_overlap"] = min_overlap

    params["text_field"] = text_field


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/benchmarks/{name}/audits/contamination".format(name=quote(str(name), safe=""),),
        "params": params,
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ContaminationRead | Problem | None:
    if response.status_code == 200:
        response_200 = ContaminationRead.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ContaminationRead | Problem]:
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
    body: ContaminationProbeBody,
    split: None | str | Unset = UNSET,
    ngram: int | Unset = 13,
    min_overlap: float | Unset = 0.0,
    text_field: str | Unset = 'text',
    idempotency_key: str | Unset = UNSET,

) -> Response[ContaminationRead | Problem]:
    """ Contamination Probe

     Which items' word n-grams occur in a corpus: multipart `files` parts, plain text or
    JSONL (one document per line, its `text_field`), streamed; per flagged item the share
    of its n-grams found.

    Args:
        name (str):
        split (None | str | Unset):
        ngram (int | Unset):  Default: 13.
        min_overlap (float | Unset):  Default: 0.0.
        text_field (str | Unset):  Default: 'text'.
        idempotency_key (str | Unset):
        body (ContaminationProbeBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContaminationRead | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
body=body,
split=split,
ngram=ngram,
min_overlap=min_overlap,
text_field=text_field,
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
    body: ContaminationProbeBody,
    split: None | str | Unset = UNSET,
    ngram: int | Unset = 13,
    min_overlap: float | Unset = 0.0,
    text_field: str | Unset = 'text',
    idempotency_key: str | Unset = UNSET,

) -> ContaminationRead | Problem | None:
    """ Contamination Probe

     Which items' word n-grams occur in a corpus: multipart `files` parts, plain text or
    JSONL (one document per line, its `text_field`), streamed; per flagged item the share
    of its n-grams found.

    Args:
        name (str):
        split (None | str | Unset):
        ngram (int | Unset):  Default: 13.
        min_overlap (float | Unset):  Default: 0.0.
        text_field (str | Unset):  Default: 'text'.
        idempotency_key (str | Unset):
        body (ContaminationProbeBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContaminationRead | Problem
     """


    return sync_detailed(
        name=name,
client=client,
body=body,
split=split,
ngram=ngram,
min_overlap=min_overlap,
text_field=text_field,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    body: ContaminationProbeBody,
    split: None | str | Unset = UNSET,
    ngram: int | Unset = 13,
    min_overlap: float | Unset = 0.0,
    text_field: str | Unset = 'text',
    idempotency_key: str | Unset = UNSET,

) -> Response[ContaminationRead | Problem]:
    """ Contamination Probe

     Which items' word n-grams occur in a corpus: multipart `files` parts, plain text or
    JSONL (one document per line, its `text_field`), streamed; per flagged item the share
    of its n-grams found.

    Args:
        name (str):
        split (None | str | Unset):
        ngram (int | Unset):  Default: 13.
        min_overlap (float | Unset):  Default: 0.0.
        text_field (str | Unset):  Default: 'text'.
        idempotency_key (str | Unset):
        body (ContaminationProbeBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContaminationRead | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
body=body,
split=split,
ngram=ngram,
min_overlap=min_overlap,
text_field=text_field,
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
    body: ContaminationProbeBody,
    split: None | str | Unset = UNSET,
    ngram: int | Unset = 13,
    min_overlap: float | Unset = 0.0,
    text_field: str | Unset = 'text',
    idempotency_key: str | Unset = UNSET,

) -> ContaminationRead | Problem | None:
    """ Contamination Probe

     Which items' word n-grams occur in a corpus: multipart `files` parts, plain text or
    JSONL (one document per line, its `text_field`), streamed; per flagged item the share
    of its n-grams found.

    Args:
        name (str):
        split (None | str | Unset):
        ngram (int | Unset):  Default: 13.
        min_overlap (float | Unset):  Default: 0.0.
        text_field (str | Unset):  Default: 'text'.
        idempotency_key (str | Unset):
        body (ContaminationProbeBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContaminationRead | Problem
     """


    return (await asyncio_detailed(
        name=name,
client=client,
body=body,
split=split,
ngram=ngram,
min_overlap=min_overlap,
text_field=text_field,
idempotency_key=idempotency_key,

    )).parsed
