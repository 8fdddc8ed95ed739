"""HTTP routes for items: import (multipart files or JSON), remove an import, list with
cursor, get one."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Request, Response
from pydantic import JsonValue, ValidationError
from sqlalchemy.orm import Session
from starlette.datastructures import UploadFile

from app.benchmarks import benchmark_of, get_benchmark
from app.db import RowId, SessionDep, TransactionsDep
from app.guards import AdminKeyDep, ReadKeyDep
from app.http import CursorQuery, InvalidInput, UnsupportedMediaType
from app.item_files import check_encoding
from app.items import removal, service
from app.items.importer import ImportOptions, Upload, parse_json_items, parse_uploads
from app.items.layout_registry import all_layout_names
from app.items.page_cache import PageCache, PageKey
from app.items.prompts import item_prompt
from app.items.removal import RemovalRead
from app.items.schemas import ItemPage, ItemRead, ItemsImportJSON, OnConflict, PromptRead
from app.records import ImportReport

router = APIRouter(tags=["items"])

_IMPORT_BODY: dict[str, JsonValue] = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["file"],
                    "properties": {
                        "file": {"type": "array", "minItems": 1,
                                 "items": {"type": "string", "format": "binary"},
                                 "description": "One or more files (JSONL, CSV or Parquet)"},
                    },
                }
            },
            "application/json": {"schema": ItemsImportJSON.model_json_schema()},
        },
    }
}


async def _uploads(request: Request) -> list[Upload]:
    async with request.form(max_files=10_000, max_fields=100) as form:
        files = [v for _k, v in form.multi_items() if isinstance(v, UploadFile)]
        if not files:
            raise InvalidInput("multipart body has no file part; send the data as `file`",
                               field="file")
        return [Upload(filename=f.filename or "upload", data=await f.read()) for f in files]


def _json_rows(raw: bytes) -> list[dict[str, object]]:
    try:
        body = ItemsImportJSON.model_validate_json(raw)
    except ValidationError as exc:
        errors = [{"field": ".".join(str(p) for p in e["loc"]), "message": e["msg"]}
                  for e in exc.errors()[:100]]
        raise InvalidInput("the JSON body is not {\"items\": [...]}", errors=errors) from exc
    return body.items


@router.post("/benchmarks/{name}/items:import", name="import_items", openapi_extra=_IMPORT_BODY,
             dependencies=[AdminKeyDep])
async def import_items(
    name: str,
    request: Request,
    tx: TransactionsDep,
    layout: Annotated[str | None, Query(description=f"One of {all_layout_names()}; "
                                        "default from the file extension")] = None,
    on_conflict: OnConflict = "reject",
    split: Annotated[str | None, Query(max_length=50)] = None,
    subject: Annotated[str | None, Query(max_length=200)] = None,
    encoding: Annotated[str, Query(max_length=40)] = "utf-8",
) -> ImportReport:
    """Import items, all or nothing. Every rejected row is reported with file, line and field."""
    try:
        check_encoding(encoding)
    except LookupError as exc:
        raise InvalidInput(f"{encoding!r} is not a text encoding Python knows",
                           field="encoding") from exc
    options = ImportOptions(layout=layout, split=split, subject=subject, encoding=encoding)
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    # the whole body is read before the database is touched: a slow upload holds no connection
    uploads, json_body = None, None
    if content_type == "multipart/form-data":
        uploads = await _uploads(request)
    elif content_type == "application/json":
        json_body = await request.body()
    else:
        raise UnsupportedMediaType(
            f"content type {content_type or 'none'!r}: send multipart/form-data with `file` "
            "parts, or application/json {\"items\": [...]}", field="content-type")
    limit = request.app.state.settings.max_import_errors
    return await tx.batch(_import, name, uploads, json_body, options, on_conflict, limit)


def _import(session: Session, name: str, uploads: list[Upload] | None,
            json_body: bytes | None, options: ImportOptions, on_conflict: OnConflict,
            limit: int) -> ImportReport:
    """Parsing (a JSON body's too: tens of milliseconds for a few thousand items) and the
    bulk write: CPU and disk work, in the bulk lane's worker (app.server_pools.bulk_processes)."""
    rows = _json_rows(json_body) if json_body is not None else None
    bench = get_benchmark(session, name)
    benchmark = benchmark_of(bench)
    spec = benchmark.spec
    if options.layout is not None and options.layout not in spec.layouts:
        raise InvalidInput(f"layout {options.layout!r} does not apply to {name}; one of "
                           f"{', '.join(spec.layouts)}", field="layout")
    parsed = (parse_uploads(benchmark, uploads, options) if uploads is not None
              else parse_json_items(spec, rows or [], options))
    return service.store_items(session, bench, parsed, on_conflict, limit)


@router.delete("/benchmarks/{name}/imports/{import_sha256}", name="remove_import",
               dependencies=[AdminKeyDep])
def remove_import(name: str, import_sha256: Annotated[str, Path(pattern="^[0-9a-f]{64}$")],
                  session: SessionDep) -> RemovalRead:
    """Remove the items one import brought into a benchmark of your own (its `sha256` in the
    import's report and in the benchmark's `sources`). Refused for catalog benchmarks and
    while a run that is not retracted used the items; retracted runs keep their row and
    results, their samples of the removed items go with them."""
    return removal.remove_import(session, get_benchmark(session, name), import_sha256)


@router.get("/benchmarks/{name}/items", name="list_items", dependencies=[ReadKeyDep],
            response_model=ItemPage,
            responses={304: {"description": "The page has not changed since the ETag sent in "
                                            "If-None-Match"}})
async def list_items(
    name: str,
    tx: TransactionsDep,
    request: Request,
    split: str | None = None,
    subject: str | None = None,
    cursor: CursorQuery = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
) -> Response:
    """Items in id order, a page at a time; filter by split and subject. Each page has an
    ETag that changes when the benchmark's items do: send it back as If-None-Match to get
    304 instead of the page."""
    wanted = _etags(request.headers.get("if-none-match", ""))
    cache: PageCache = request.app.state.page_cache
    key, body = await tx.page(_item_page, name, cache, wanted, split, subject, cursor, limit)
    headers = {"ETag": key.etag, "Cache-Control": "no-cache"}
    if body is None:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


def _item_page(session: Session, name: str, cache: PageCache, wanted: set[str],
               split: str | None, subject: str | None, cursor: str | None,
               limit: int) -> tuple[PageKey, bytes | None]:
    """The page's key and its serialised body (None where the client holds it already)."""
    bench = get_benchmark(session, name)
    key = PageKey(bench.id, bench.updated_at, split, subject, cursor, limit)
    if key.etag in wanted:
        return key, None
    body = cache.get(key)
    if body is None:
        rows, next_cursor = service.list_items(session, bench, split=split, subject=subject,
                                               cursor=cursor, limit=limit)
        page = ItemPage(items=[service.item_read(r, bench.name) for r in rows],
                        next_cursor=next_cursor)
        body = page.model_dump_json().encode()
        cache.put(key, body, len(body))
    return key, body


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",")}


@router.get("/items/{item_id}", name="get_item", dependencies=[ReadKeyDep])
def get_item(item_id: RowId, session: SessionDep) -> ItemRead:
    item, bench_name = service.get_item(session, item_id)
    return service.item_read(item, bench_name)


@router.get("/items/{item_id}/prompt", name="get_item_prompt", dependencies=[ReadKeyDep])
def get_item_prompt(
    item_id: RowId,
    session: SessionDep,
    style: Annotated[Literal["loglikelihood", "chat"], Query()] = "chat",
    repeat: Annotated[int, Query(ge=0, le=1000, description="Prompts that shuffle their "
                                 "options do so per repeat")] = 0,
    methodology: Annotated[str | None, Query(
        max_length=200, description="name@version (GET /methodologies); default: the "
        "default methodology")] = None,
) -> PromptRead:
    """The exact prompt of an item: its few-shot loglikelihood context (multiple choice), or
    the chat messages (and tools) a model endpoint is sent under a methodology."""
    built, sha = item_prompt(session, item_id, style, repeat, methodology)
    return PromptRead(item_id=item_id, style=built.style, repeat=repeat, text=built.text,
                      continuations=built.continuations, turns=built.turns, tools=built.tools,
                      detail=built.detail, template_sha256=sha)
