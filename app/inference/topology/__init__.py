"""How a GGUF run spreads over the host: the probe (probe: the serving side; probe_worker: each
probe process), the choice from its figures, and the host's other load."""
