"""`pocketeval import` as a client: the files go to the running server, or with --local into
a database the user names; and the key a client command sends (never one it makes)."""

from __future__ import annotations

import json
from pathlib import Path

from app.config import Settings


def server_key(settings: Settings) -> str | None:
    """The key a client command sends: configured, or the server's stored key file. A
    client never creates one (that is the server's business)."""
    keys = settings.all_api_keys()
    if keys:
        return keys[0]
    path = settings.var_dir / "api-key"
    stored = path.read_text(encoding="utf-8").strip() if path.is_file() else ""
    return stored or None


def database_url(local: str) -> str:
    return local if "://" in local else f"sqlite:///{Path(local).resolve()}"


def shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def import_through(server: str, key: str | None, benchmark: str, files: list[Path],
                    params: dict[str, str]) -> tuple[int, str]:
    import httpx

    headers = {"Authorization": f"Bearer {key}"} if key else {}
    uploads = [("file", (p.name, p.read_bytes())) for p in files]
    try:
        r = httpx.post(f"{server.rstrip('/')}/benchmarks/{benchmark}/items:import",
                       params=params, files=uploads, headers=headers, timeout=600)
    except httpx.TransportError as exc:
        return 2, (f"error: no PocketEval server answers at {server} ({exc}); start one "
                   "(`make serve`), pass --server, or write into a database with --local")
    if r.status_code >= 400:
        problem = r.json() if "json" in r.headers.get("content-type", "") else {}
        lines = [f"error: {problem.get('detail') or r.text}"]
        lines += [f"  {json.dumps(e)}" for e in (problem.get("errors") or [])[:20]]
        return 2, "\n".join(lines)
    return 0, json.dumps(r.json(), indent=2)


def import_into(url: str, benchmark: str, files: list[Path], params: dict[str, str],
                 max_errors: int) -> tuple[int, str]:
    from app.benchmarks import benchmark_of, get_benchmark, seed_catalog
    from app.db import make_engine, make_sessionmaker
    from app.http import AppError
    from app.items import ImportOptions, Upload, parse_uploads, store_items
    from app.migrate import upgrade

    upgrade(url)
    engine = make_engine(url)
    uploads = [Upload(filename=p.name, data=p.read_bytes()) for p in files]
    options = ImportOptions(layout=params.get("layout"), split=params.get("split"),
                            subject=params.get("subject"), encoding=params["encoding"])
    try:
        with make_sessionmaker(engine).begin() as session:
            seed_catalog(session)
            bench = get_benchmark(session, benchmark)
            parsed = parse_uploads(benchmark_of(bench), uploads, options)
            report = store_items(session, bench, parsed,
                                 "replace" if params["on_conflict"] == "replace" else "reject",
                                 max_errors)
    except AppError as exc:
        lines = [f"error: {exc.detail}"]
        lines += [f"  {json.dumps(err)}" for err in (exc.errors or [])[:20]]
        return 2, "\n".join(lines)
    finally:
        engine.dispose()
    return 0, report.model_dump_json(indent=2)
