"""The built-in GGUF runner. serving_*: in the serving process (the runner, the pool of workers,
crash reports); worker_*: in each llama.cpp worker process (its loop, model and batched
generation); the rest is read on both sides."""
