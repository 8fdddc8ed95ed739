from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.import_items_files_body import ImportItemsFilesBody
from ...models.import_items_json_items_import_json import ImportItemsJsonItemsImportJSON
from ...models.import_items_on_conflict import ImportItemsOnConflict
from ...models.import_report import ImportReport
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    name: str,
    *,
    body:    ImportItemsJsonItemsImportJSON  |     ImportItemsFilesBody  | Unset = UNSET,
    layout: None | str | Unset = UNSET,
    on_conflict: ImportItemsOnConflict | Unset = ImportItemsOnConflict.REJECT,
    split: None | str | Unset = UNSET,
    subject: None | str | Unset = UNSET,
    encoding: str | Unset = 'utf-8',
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    params: dict[str, Any] = {}

    json_layout: None | str | Unset
    if isinstance(layout, Unset):
        json_layout = UNSET
    else:
        json_layout = layout
    params["layout"] = json_layout

    json_on_conflict: str | Unset = UNSET
    if not isinstance(on_conflict, Unset):
        json_on_conflict = on_conflict.value

    params["on_conflict"] = json_on_conflict

    json_split: None | str | Unset
    if isinstance(split, Unset):
        json_split = UNSET
    else:
        json_split = split
    params["split"] = json_split

    json_subject: None | str | Unset
    if isinstance(subject, Unset):
        json_subject = UNSET
    else:
        json_subject = subject
    params["subject"] = json_subject

    params["encoding"] = encoding


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/benchmarks/{name}/items:import".format(name=quote(str(name), safe=""),),
        "params": params,
    }

    if isinstance(body, ImportItemsJsonItemsImportJSON):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, ImportItemsFilesBody):
        _kwargs["files"] = body.to_multipart()

        headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ImportReport | Problem | None:
    if response.status_code == 200:
        response_200 = ImportReport.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ImportReport | Problem]:
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
    body:    ImportItemsJsonItemsImportJSON  |     ImportItemsFilesBody  | Unset = UNSET,
    layout: None | str | Unset = UNSET,
    on_conflict: ImportItemsOnConflict | Unset = ImportItemsOnConflict.REJECT,
    split: None | str | Unset = UNSET,
    subject: None | str | Unset = UNSET,
    encoding: str | Unset = 'utf-8',
    idempotency_key: str | Unset = UNSET,

) -> Response[ImportReport | Problem]:
    """ Import Items

     Import items, all or nothing. Every rejected row is reported with file, line and field.

    Args:
        name (str):
        layout (None | str | Unset): One of ['bfcl-jsonl', 'csv', 'gpqa-csv', 'gpqa-zip',
            'ifbench-jsonl', 'ifbench-parquet', 'jsonl', 'math500-jsonl', 'mmlu-csv', 'mmlu-hub-
            parquet', 'mmlu-pro-parquet', 'mobile-mmlu-csv', 'omniscience-csv', 'parquet']; default
            from the file extension
        on_conflict (ImportItemsOnConflict | Unset):  Default: ImportItemsOnConflict.REJECT.
        split (None | str | Unset):
        subject (None | str | Unset):
        encoding (str | Unset):  Default: 'utf-8'.
        idempotency_key (str | Unset):
        body (ImportItemsJsonItemsImportJSON): Rows in the generic layout, as in a generic JSONL
            file: `id` (optional), `question`,
            `choices` (mcq), `answer`, `subject`, `split`, `metadata`.

            `answer`: for mcq a letter ("B"), a 0-based index (1), a list for multi-correct items
            (["A", "C"]) or null when unkeyed; for freeform a string or a list of accepted strings.
        body (ImportItemsFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ImportReport | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
body=body,
layout=layout,
on_conflict=on_conflict,
split=split,
subject=subject,
encoding=encoding,
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
    body:    ImportItemsJsonItemsImportJSON  |     ImportItemsFilesBody  | Unset = UNSET,
    layout: None | str | Unset = UNSET,
    on_conflict: ImportItemsOnConflict | Unset = ImportItemsOnConflict.REJECT,
    split: None | str | Unset = UNSET,
    subject: None | str | Unset = UNSET,
    encoding: str | Unset = 'utf-8',
    idempotency_key: str | Unset = UNSET,

) -> ImportReport | Problem | None:
    """ Import Items

     Import items, all or nothing. Every rejected row is reported with file, line and field.

    Args:
        name (str):
        layout (None | str | Unset): One of ['bfcl-jsonl', 'csv', 'gpqa-csv', 'gpqa-zip',
            'ifbench-jsonl', 'ifbench-parquet', 'jsonl', 'math500-jsonl', 'mmlu-csv', 'mmlu-hub-
            parquet', 'mmlu-pro-parquet', 'mobile-mmlu-csv', 'omniscience-csv', 'parquet']; default
            from the file extension
        on_conflict (ImportItemsOnConflict | Unset):  Default: ImportItemsOnConflict.REJECT.
        split (None | str | Unset):
        subject (None | str | Unset):
        encoding (str | Unset):  Default: 'utf-8'.
        idempotency_key (str | Unset):
        body (ImportItemsJsonItemsImportJSON): Rows in the generic layout, as in a generic JSONL
            file: `id` (optional), `question`,
            `choices` (mcq), `answer`, `subject`, `split`, `metadata`.

            `answer`: for mcq a letter ("B"), a 0-based index (1), a list for multi-correct items
            (["A", "C"]) or null when unkeyed; for freeform a string or a list of accepted strings.
        body (ImportItemsFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ImportReport | Problem
     """


    return sync_detailed(
        name=name,
client=client,
body=body,
layout=layout,
on_conflict=on_conflict,
split=split,
subject=subject,
encoding=encoding,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient,
    body:    ImportItemsJsonItemsImportJSON  |     ImportItemsFilesBody  | Unset = UNSET,
    layout: None | str | Unset = UNSET,
    on_conflict: ImportItemsOnConflict | Unset = ImportItemsOnConflict.REJECT,
    split: None | str | Unset = UNSET,
    subject: None | str | Unset = UNSET,
    encoding: str | Unset = 'utf-8',
    idempotency_key: str | Unset = UNSET,

) -> Response[ImportReport | Problem]:
    """ Import Items

     Import items, all or nothing. Every rejected row is reported with file, line and field.

    Args:
        name (str):
        layout (None | str | Unset): One of ['bfcl-jsonl', 'csv', 'gpqa-csv', 'gpqa-zip',
            'ifbench-jsonl', 'ifbench-parquet', 'jsonl', 'math500-jsonl', 'mmlu-csv', 'mmlu-hub-
            parquet', 'mmlu-pro-parquet', 'mobile-mmlu-csv', 'omniscience-csv', 'parquet']; default
            from the file extension
        on_conflict (ImportItemsOnConflict | Unset):  Default: ImportItemsOnConflict.REJECT.
        split (None | str | Unset):
        subject (None | str | Unset):
        encoding (str | Unset):  Default: 'utf-8'.
        idempotency_key (str | Unset):
        body (ImportItemsJsonItemsImportJSON): Rows in the generic layout, as in a generic JSONL
            file: `id` (optional), `question`,
            `choices` (mcq), `answer`, `subject`, `split`, `metadata`.

            `answer`: for mcq a letter ("B"), a 0-based index (1), a list for multi-correct items
            (["A", "C"]) or null when unkeyed; for freeform a string or a list of accepted strings.
        body (ImportItemsFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ImportReport | Problem]
     """


    kwargs = _get_kwargs(
        name=name,
body=body,
layout=layout,
on_conflict=on_conflict,
split=split,
subject=subject,
encoding=encoding,
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
    body:    ImportItemsJsonItemsImportJSON  |     ImportItemsFilesBody  | Unset = UNSET,
    layout: None | str | Unset = UNSET,
    on_conflict: ImportItemsOnConflict | Unset = ImportItemsOnConflict.REJECT,
    split: None | str | Unset = UNSET,
    subject: None | str | Unset = UNSET,
    encoding: str | Unset = 'utf-8',
    idempotency_key: str | Unset = UNSET,

) -> ImportReport | Problem | None:
    """ Import Items

     Import items, all or nothing. Every rejected row is reported with file, line and field.

    Args:
        name (str):
        layout (None | str | Unset): One of ['bfcl-jsonl', 'csv', 'gpqa-csv', 'gpqa-zip',
            'ifbench-jsonl', 'ifbench-parquet', 'jsonl', 'math500-jsonl', 'mmlu-csv', 'mmlu-hub-
            parquet', 'mmlu-pro-parquet', 'mobile-mmlu-csv', 'omniscience-csv', 'parquet']; default
            from the file extension
        on_conflict (ImportItemsOnConflict | Unset):  Default: ImportItemsOnConflict.REJECT.
        split (None | str | Unset):
        subject (None | str | Unset):
        encoding (str | Unset):  Default: 'utf-8'.
        idempotency_key (str | Unset):
        body (ImportItemsJsonItemsImportJSON): Rows in the generic layout, as in a generic JSONL
            file: `id` (optional), `question`,
            `choices` (mcq), `answer`, `subject`, `split`, `metadata`.

            `answer`: for mcq a letter ("B"), a 0-based index (1), a list for multi-correct items
            (["A", "C"]) or null when unkeyed; for freeform a string or a list of accepted strings.
        body (ImportItemsFilesBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ImportReport | Problem
     """


    return (await asyncio_detailed(
        name=name,
client=client,
body=body,
layout=layout,
on_conflict=on_conflict,
split=split,
subject=subject,
encoding=encoding,
idempotency_key=idempotency_key,

    )).parsed
