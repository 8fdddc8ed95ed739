"""Results across runs: the Mobile Intelligence Index."""
