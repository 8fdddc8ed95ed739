from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.check_eligibility_files_body import CheckEligibilityFilesBody
from ...models.check_eligibility_json_eligibility_request import CheckEligibilityJsonEligibilityRequest
from ...models.eligibility_read import EligibilityRead
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body:    CheckEligibilityJsonEligibilityRequest  |     CheckEligibilityFilesBody  | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/eligibility",
    }

    if isinstance(body, CheckEligibilityJsonEligibilityRequest):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, CheckEligibilityFilesBody):
        _kwargs["files"] = body.to_multipart()

        headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EligibilityRead | Problem | None:
    if response.status_code == 200:
        response_200 = EligibilityRead.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EligibilityRead | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body:    CheckEligibilityJsonEligibilityRequest  |     CheckEligibilityFilesBody  | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[EligibilityRead | Problem]:
    """ Check Eligibility

     Memory at n_ctx 8192 (weights + KV + compute + output) against the budget, and the
    quantisation rule, from the GGUF header alone: a path inside the model folders or a
    registered model's name (JSON), or an uploaded file or header (multipart).

    Args:
        idempotency_key (str | Unset):
        body (CheckEligibilityJsonEligibilityRequest):
        body (CheckEligibilityFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EligibilityRead | Problem]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body:    CheckEligibilityJsonEligibilityRequest  |     CheckEligibilityFilesBody  | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> EligibilityRead | Problem | None:
    """ Check Eligibility

     Memory at n_ctx 8192 (weights + KV + compute + output) against the budget, and the
    quantisation rule, from the GGUF header alone: a path inside the model folders or a
    registered model's name (JSON), or an uploaded file or header (multipart).

    Args:
        idempotency_key (str | Unset):
        body (CheckEligibilityJsonEligibilityRequest):
        body (CheckEligibilityFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EligibilityRead | Problem
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body:    CheckEligibilityJsonEligibilityRequest  |     CheckEligibilityFilesBody  | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> Response[EligibilityRead | Problem]:
    """ Check Eligibility

     Memory at n_ctx 8192 (weights + KV + compute + output) against the budget, and the
    quantisation rule, from the GGUF header alone: a path inside the model folders or a
    registered model's name (JSON), or an uploaded file or header (multipart).

    Args:
        idempotency_key (str | Unset):
        body (CheckEligibilityJsonEligibilityRequest):
        body (CheckEligibilityFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EligibilityRead | Problem]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body:    CheckEligibilityJsonEligibilityRequest  |     CheckEligibilityFilesBody  | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,

) -> EligibilityRead | Problem | None:
    """ Check Eligibility

     Memory at n_ctx 8192 (weights + KV + compute + output) against the budget, and the
    quantisation rule, from the GGUF header alone: a path inside the model folders or a
    registered model's name (JSON), or an uploaded file or header (multipart).

    Args:
        idempotency_key (str | Unset):
        body (CheckEligibilityJsonEligibilityRequest):
        body (CheckEligibilityFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EligibilityRead | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
