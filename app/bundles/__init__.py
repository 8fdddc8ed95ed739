"""Signed bundles of runs: what a third party needs to re-check every number offline."""
