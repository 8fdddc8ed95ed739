"""What runs and benchmarks store on their rows, shapes only: a run's kind and state
(run_enums), its plan (run_plan), its runtime record (run_runtime) and reproducibility
record, what a GGUF run records of its memory, time and topology, and a benchmark's
definition and imported files (benchmark_record). Planning, execution and reads are in
app.runs; the tables in app.tables."""
