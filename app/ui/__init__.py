"""Pages over the API: leaderboard, a run, a comparison (static HTML and JavaScript).
Other parts use nothing of it: app.main mounts its routes."""

__all__: list[str] = []
