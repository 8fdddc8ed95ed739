"""`pocketeval probe MODEL`: measure the host with a model file again and show what GGUF runs
of it would choose. A probe is cached per host and model file, so one taken while the host
was busy (a test suite, another run) would otherwise decide every later run's topology."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from app.config import get_settings
from app.gguf import resolve_model_path
from app.http import InvalidInput, NotFound
from app.inference import cached_probe, choose, lending_pays, prefill_contends


def probe(
    model: Annotated[str, typer.Argument(help="A GGUF file in POCKETEVAL_MODEL_DIRS (a path "
                                              "inside them, or relative to one)")],
    sequences: Annotated[int | None, typer.Option(
        help="Sequences per worker to measure besides 1 (default: POCKETEVAL_GGUF_PARALLEL)"
    )] = None,
) -> None:
    """Measure this host with the model file again, replace its cached probe, and print the
    figures and the topology generative and loglikelihood runs would take."""
    settings = get_settings()
    try:
        path = resolve_model_path(model, settings.model_dirs, field="model")
    except (InvalidInput, NotFound) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    measured, _ = cached_probe(path, sequences or settings.gguf_parallel,
                               Path(settings.probe_dir), again=True,
                               phase_s=settings.gguf_probe_phase_s)
    typer.echo(f"{path.name}: probed in {measured.seconds:g} s "
               "(workers x threads x sequences: prefill, decode tok/s)")
    if measured.other_load is not None:
        typer.echo(f"other work took {measured.other_load:.0%} of the CPUs' time meanwhile"
                   + ("; these figures will be measured again in a while" if measured.disturbed
                      else ""))
    for f in measured.figures:
        decode = "-" if f.decode_tok_s is None else f"{f.decode_tok_s:g}"
        typer.echo(f"  {f.workers}x{f.threads}x{f.sequences}: {f.prefill_tok_s:g}, {decode}")
    generation = choose(measured, by_likelihood=False)
    likelihood = choose(measured, by_likelihood=True)
    shape = "{0.workers}x{0.threads}x{0.sequences}"
    typer.echo(f"generation: {shape.format(generation)}"
               f"{', idle threads lent' if lending_pays(measured, generation) else ''}; "
               f"loglikelihood: {shape.format(likelihood)}; prefill lane: "
               f"{'on' if prefill_contends(measured) else 'off'} (auto)")
