"""GGUF files: reading the header only, and whether a model fits a phone."""
