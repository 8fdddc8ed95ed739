"""Runners: how PocketEval gets a model's answer (an OpenAI-compatible endpoint, a GGUF)."""
