from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.scorecard_read import ScorecardRead
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    name: str,
    *,
    weights: None | str | Unset = UNSET,
    ttft_limit_s: float | Unset = 1.0,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_weights: None | str | Unset
    if isinstance(weights, Unset):
        json_weights = UNSET
    else:
        json_weights = weights
    params["weights"] = json_weights

    params["ttft_limit_s"] = ttft_limit_s


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/models/{name}/scorecard".format(name=quote(str(name), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | ScorecardRead | None:
    if response.status_code == 200:
        response_200 = ScorecardRead.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | ScorecardRead]:
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
    weights: None | str | Unset = UNSET,
    ttft_limit_s: float | Unset = 1.0,

) -> Response[Problem | ScorecardRead]:
    """ Model Scorecard

     A weighted report over the model's finished runs and audits; every component's
    value, inputs and source runs are shown, and one without data is named and left out.

    Args:
        name (str):
        weights (None | str | Unset): component:weight pairs, comma-separated (default modality_fu
            sion:0.4,distractor_robustness:0.3,reasoning_depth:0.2,response_speed:0.05,first_token_spe
            ed:0.05)
        ttft_limit_s (float | Unset): first_token_speed: a sample's score counts when its first
            token came within this many seconds Default: 1.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScorecardRead]
     """


    kwargs = _get_kwargs(
        name=name,
weights=weights,
ttft_limit_s=ttft_limit_s,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    name: str,
    *,
    client: AuthenticatedClient,
    weights: None | str | Unset = UNSET,
    ttft_limit_s: float | Unset = 1.0,

) -> Problem | ScorecardRead | None:
    """ Model Scorecard

     A weighted report over the model's finished runs and audits; every component's
    value, inputs and source runs are shown, and one without data is named and left out.

    Args:
        name (str):
        weights (None | str | Unset): component:weight pairs, comma-separated (default modality_fu
            sion:0.4,distractor_robustness:0.3,reasoning_depth:0.2,response_speed:0.05,first_token_spe
            ed:0.05)
        ttft_limit_s (float | Unset): first_token_speed: a sample's score counts when its first
            token came within this many seconds Default: 1.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScorecardRead
     """


    return sync_detailed(
        name=name,
client=client,
weights=weights,
ttft_limit_s=ttft_limit_s,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    weights: None | str | Unset = UNSET,
    ttft_limit_s: float | Unset = 1.0,

) -> Response[Problem | ScorecardRead]:
    """ Model Scorecard

     A weighted report over the model's finished runs and audits; every component's
    value, inputs and source runs are shown, and one without data is named and left out.

    Args:
        name (str):
        weights (None | str | Unset): component:weight pairs, comma-separated (default modality_fu
            sion:0.4,distractor_robustness:0.3,reasoning_depth:0.2,response_speed:0.05,first_token_spe
            ed:0.05)
        ttft_limit_s (float | Unset): first_token_speed: a sample's score counts when its first
            token came within this many seconds Default: 1.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ScorecardRead]
     """


    kwargs = _get_kwargs(
        name=name,
weights=weights,
ttft_limit_s=ttft_limit_s,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient,
    weights: None | str | Unset = UNSET,
    ttft_limit_s: float | Unset = 1.0,

) -> Problem | ScorecardRead | None:
    """ Model Scorecard

     A weighted report over the model's finished runs and audits; every component's
    value, inputs and source runs are shown, and one without data is named and left out.

    Args:
        name (str):
        weights (None | str | Unset): component:weight pairs, comma-separated (default modality_fu
            sion:0.4,distractor_robustness:0.3,reasoning_depth:0.2,response_speed:0.05,first_token_spe
            ed:0.05)
        ttft_limit_s (float | Unset): first_token_speed: a sample's score counts when its first
            token came within this many seconds Default: 1.0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ScorecardRead
     """


    return (await asyncio_detailed(
        name=name,
client=client,
weights=weights,
ttft_limit_s=ttft_limit_s,

    )).parsed
