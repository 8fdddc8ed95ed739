"""How a GGUF run spreads over the host: the probe (probe: the serving side; probe_worker:
each probe process), the choice from its figures (choice), a run's own decision from its plan
and the probe (run_choice), and the host's other load (host_load)."""
