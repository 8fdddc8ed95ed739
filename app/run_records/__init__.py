"""What a run stores on its row: its kind and state, its plan, its runtime record and its
reproducibility record (app.tables.Run). Shapes only: planning, execution and reads are in
app.runs."""
