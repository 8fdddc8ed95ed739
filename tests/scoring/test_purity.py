"""app/scoring and the benchmarks' behaviour stay pure (no database, web or HTTP imports),
services never import the HTTP route modules, and modules stay small enough to read."""

from __future__ import annotations

from tests.support.app_source import APP, imports_of, module_of

BANNED = {"sqlalchemy", "fastapi", "starlette", "httpx", "app.tables", "app.db"}
ROUTES = {"app.doctor.endpoints", "app.benchmarks.endpoints", "app.items.endpoints",
          "app.gguf.endpoints", "app.gguf.model_endpoints", "app.results.endpoints",
          "app.runs.endpoints", "app.runs.pull_endpoints", "app.audits.endpoints", "app.ui.routes"}
MAX_LINES = 300


# a benchmark's behaviour (app.benchmarks.protocol) is as pure as scoring: its folder, the
# registry and the shared forms; the HTTP domain of benchmarks (service, reads) is not
PURE_BENCHMARK_MODULES = ("base", "protocol", "registry", "prompt_builders", "prompt_types",
                          "prompts", "spec", "measure", "outcome", "index", "data_files",
                          "hub_source")


def test_scoring_and_benchmark_modules_import_nothing_impure() -> None:
    paths = sorted([*(APP / "scoring").rglob("*.py"),
                    *(APP / "item_files").rglob("*.py"),  # what the layouts build on
                    *(APP / "benchmarks" / "catalog").rglob("*.py"),
                    *(APP / "benchmarks" / f"{m}.py" for m in PURE_BENCHMARK_MODULES)])
    assert len({p.parent for p in paths if "catalog" in p.parts}) > 5  # every folder
    offenders = [f"{module_of(p)}: {n}" for p in paths for n in imports_of(p)
                 if any(n == b or n.startswith(b + ".") for b in BANNED)]
    assert offenders == []


def test_benchmarks_need_nothing_of_how_runs_are_carried_out() -> None:
    """A benchmark is driven through its protocol: its folder and the shared benchmark parts
    import items, runners and scoring, never the run machinery that calls them."""
    offenders = [f"{module_of(p)}: {n}" for p in sorted((APP / "benchmarks").rglob("*.py"))
                 for n in imports_of(p) if n == "app.runs" or n.startswith("app.runs.")]
    assert offenders == []


def test_services_never_import_route_modules() -> None:
    offenders = [f"{module_of(p)}: {n}" for p in sorted(APP.rglob("*.py"))
                 if module_of(p) not in ROUTES | {"app.main", "app.openapi_export"}
                 for n in imports_of(p) if n in ROUTES]
    assert offenders == []


def test_modules_stay_small() -> None:
    long = {module_of(p): n for p in APP.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}
