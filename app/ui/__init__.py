"""Pages over the API: leaderboard, a run, a comparison (static HTML and JavaScript)."""
