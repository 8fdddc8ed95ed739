"""Unknown query parameters are refused: a misspelt one (`?marginn=0.05`, `?dry_run=true`)
would otherwise run the request with its default, and the caller would read an answer to
a question it did not ask. A dependency of every API router: 422 naming each unknown one
and what the endpoint takes."""

from __future__ import annotations

from fastapi import Depends, Request
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from pydantic import BaseModel

from app.http.errors import InvalidInput

_declared: dict[int, frozenset[str]] = {}  # id(route) -> its query parameters' names


def declared_query(dependant: Dependant) -> frozenset[str]:
    """The query parameter names an endpoint and its dependencies declare (a parameter
    model's fields by their aliases)."""
    names: set[str] = set()
    todo = [dependant]
    while todo:
        current = todo.pop()
        for param in current.query_params:
            model = param.field_info.annotation
            if isinstance(model, type) and issubclass(model, BaseModel):
                names.update(f.alias or n for n, f in model.model_fields.items())
            else:
                names.add(param.alias)
        todo.extend(current.dependencies)
    return frozenset(names)


async def known_query_parameters(request: Request) -> None:
    route = request.scope.get("route")
    if not isinstance(route, APIRoute) or not request.query_params:
        return
    allowed = _declared.get(id(route))
    if allowed is None:
        allowed = _declared[id(route)] = declared_query(route.dependant)
    unknown = sorted({name for name in request.query_params if name not in allowed})
    if unknown:
        takes = ", ".join(sorted(allowed)) or "none"
        raise InvalidInput(
            f"unknown query parameter(s): {', '.join(unknown)}; {route.path} takes {takes}",
            errors=[{"field": f"query.{name}", "message": "unknown query parameter"}
                    for name in unknown])


KnownQueryDep = Depends(known_query_parameters)
