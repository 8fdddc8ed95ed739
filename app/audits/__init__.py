"""Audits of benchmarks and models: do they take shortcuts?
Other parts use nothing of it: app.main mounts its routes."""

__all__: list[str] = []
