"""Carrying out endpoint and GGUF runs: the executor interface and the in-server executor."""
