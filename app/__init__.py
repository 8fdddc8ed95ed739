"""PocketEval: an evaluation server for phone-sized language models."""

__version__ = "0.1.0"
