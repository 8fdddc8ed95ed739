from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.get_item_prompt_style import GetItemPromptStyle
from ...models.problem import Problem
from ...models.prompt_read import PromptRead
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    item_id: int,
    *,
    style: GetItemPromptStyle | Unset = GetItemPromptStyle.CHAT,
    repeat: int | Unset = 0,
    methodology: None | str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_style: str | Unset = UNSET
    if not isinstance(style, Unset):
        json_style = style.value

    params["style"] = json_style

    params["repeat"] = repeat

    json_methodology: None | str | Unset
    if isinstance(methodology, Unset):
        json_methodology = UNSET
    else:
        json_methodology = methodology
    params["methodology"] = json_methodology


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/items/{item_id}/prompt".format(item_id=quote(str(item_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | PromptRead | None:
    if response.status_code == 200:
        response_200 = PromptRead.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | PromptRead]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    item_id: int,
    *,
    client: AuthenticatedClient,
    style: GetItemPromptStyle | Unset = GetItemPromptStyle.CHAT,
    repeat: int | Unset = 0,
    methodology: None | str | Unset = UNSET,

) -> Response[Problem | PromptRead]:
    """ Get Item Prompt

     The exact prompt of an item: its few-shot loglikelihood context (multiple choice), or
    the chat messages (and tools) a model endpoint is sent under a methodology.

    Args:
        item_id (int):
        style (GetItemPromptStyle | Unset):  Default: GetItemPromptStyle.CHAT.
        repeat (int | Unset): Prompts that shuffle their options do so per repeat Default: 0.
        methodology (None | str | Unset): name@version (GET /methodologies); default: the default
            methodology

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PromptRead]
     """


    kwargs = _get_kwargs(
        item_id=item_id,
style=style,
repeat=repeat,
methodology=methodology,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    item_id: int,
    *,
    client: AuthenticatedClient,
    style: GetItemPromptStyle | Unset = GetItemPromptStyle.CHAT,
    repeat: int | Unset = 0,
    methodology: None | str | Unset = UNSET,

) -> Problem | PromptRead | None:
    """ Get Item Prompt

     The exact prompt of an item: its few-shot loglikelihood context (multiple choice), or
    the chat messages (and tools) a model endpoint is sent under a methodology.

    Args:
        item_id (int):
        style (GetItemPromptStyle | Unset):  Default: GetItemPromptStyle.CHAT.
        repeat (int | Unset): Prompts that shuffle their options do so per repeat Default: 0.
        methodology (None | str | Unset): name@version (GET /methodologies); default: the default
            methodology

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PromptRead
     """


    return sync_detailed(
        item_id=item_id,
client=client,
style=style,
repeat=repeat,
methodology=methodology,

    ).parsed

async def asyncio_detailed(
    item_id: int,
    *,
    client: AuthenticatedClient,
    style: GetItemPromptStyle | Unset = GetItemPromptStyle.CHAT,
    repeat: int | Unset = 0,
    methodology: None | str | Unset = UNSET,

) -> Response[Problem | PromptRead]:
    """ Get Item Prompt

     The exact prompt of an item: its few-shot loglikelihood context (multiple choice), or
    the chat messages (and tools) a model endpoint is sent under a methodology.

    Args:
        item_id (int):
        style (GetItemPromptStyle | Unset):  Default: GetItemPromptStyle.CHAT.
        repeat (int | Unset): Prompts that shuffle their options do so per repeat Default: 0.
        methodology (None | str | Unset): name@version (GET /methodologies); default: the default
            methodology

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | PromptRead]
     """


    kwargs = _get_kwargs(
        item_id=item_id,
style=style,
repeat=repeat,
methodology=methodology,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    item_id: int,
    *,
    client: AuthenticatedClient,
    style: GetItemPromptStyle | Unset = GetItemPromptStyle.CHAT,
    repeat: int | Unset = 0,
    methodology: None | str | Unset = UNSET,

) -> Problem | PromptRead | None:
    """ Get Item Prompt

     The exact prompt of an item: its few-shot loglikelihood context (multiple choice), or
    the chat messages (and tools) a model endpoint is sent under a methodology.

    Args:
        item_id (int):
        style (GetItemPromptStyle | Unset):  Default: GetItemPromptStyle.CHAT.
        repeat (int | Unset): Prompts that shuffle their options do so per repeat Default: 0.
        methodology (None | str | Unset): name@version (GET /methodologies); default: the default
            methodology

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | PromptRead
     """


    return (await asyncio_detailed(
        item_id=item_id,
client=client,
style=style,
repeat=repeat,
methodology=methodology,

    )).parsed
