"""An item's payload is read by attribute: the readers give a choice item's options and key
and a text item's references as stored, and shared code reads a payload nowhere else."""

from __future__ import annotations

import re

import pytest

from app.scoring.item_payload import (
    ChoicePayload,
    TextPayload,
    choice_payload,
    key_of,
    read_payload,
)
from tests.support.app_source import APP

# where a payload is built (an import's rows, BFCL's assembled files) or exported as JSON
WRITERS = {"app/item_files/records.py", "app/benchmarks/catalog/bfcl/layouts.py",
           "app/runs/export.py"}
READERS = {"app/scoring/item_payload.py", "app/benchmarks/catalog/bfcl/payload.py",
           "app/benchmarks/catalog/ifbench/payload.py"}
BY_KEY = re.compile(r"payload(\[|\.get\()")


def test_a_choice_item_reads_as_stored() -> None:
    stored = {"question": "Which is a noble gas?", "choices": ["Neon", "Iron", 3, "Tin"],
              "answers": ["A"], "images": [{"url": "https://example.org/a.png"}]}
    read = read_payload(stored)
    assert read == ChoicePayload("Which is a noble gas?", ("Neon", "Iron", "3", "Tin"),
                                 ("A",), ({"url": "https://example.org/a.png"},))
    assert choice_payload(stored) == read and key_of(stored) == ("A",)


def test_a_text_item_reads_its_references_or_says_it_has_none() -> None:
    assert read_payload({"question": "2+2?", "references": ["4", 4.0]}) == \
        TextPayload("2+2?", ("4", "4.0"))
    tools = read_payload({"question": [[{"role": "user", "content": "hi"}]],
                          "functions": [], "ground_truth": []})
    assert isinstance(tools, TextPayload) and tools.references is None
    assert tools.question == "[[{'role': 'user', 'content': 'hi'}]]"
    assert key_of({"question": "q"}) == ()
    with pytest.raises(ValueError, match="not a multiple-choice item"):
        choice_payload({"question": "2+2?", "references": ["4"]})


def test_shared_code_reads_a_payload_only_through_its_readers() -> None:
    found = sorted(
        f"{path.relative_to(APP.parent)}:{number}"
        for path in APP.rglob("*.py")
        if str(path.relative_to(APP.parent)) not in WRITERS | READERS
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if BY_KEY.search(line))
    assert found == []
    for reader in READERS:
        assert BY_KEY.search((APP.parent / reader).read_text(encoding="utf-8"))
