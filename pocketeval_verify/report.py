"""What a check found: each mismatch with its place and both values."""

from __future__ import annotations

from dataclasses import dataclass, field


class NotRejudged(Exception):
    """A sample this verifier cannot judge again (a rule it does not know, a check it does
    not run, a verdict that rests on a grader model's reply): named, never guessed."""


@dataclass(frozen=True)
class Mismatch:
    file: str
    where: str  # a line ("line 12"), a benchmark, a field path
    field: str
    reported: object
    recomputed: object

    def __str__(self) -> str:
        return (f"{self.file}: {self.where}: {self.field}: the bundle says {self.reported!r}, "
                f"recomputed {self.recomputed!r}")


@dataclass
class Report:
    mismatches: list[Mismatch] = field(default_factory=list)
    checked: dict[str, int] = field(default_factory=dict)  # what was checked, counted

    def add(self, file: str, where: str, name: str, reported: object,
            recomputed: object) -> None:
        self.mismatches.append(Mismatch(file, where, name, reported, recomputed))

    def count(self, what: str, n: int = 1) -> None:
        self.checked[what] = self.checked.get(what, 0) + n

    def merge(self, inner: Report, prefix: str) -> None:
        """An inner bundle's findings, its files named inside the outer one."""
        self.mismatches += [Mismatch(f"{prefix}{m.file}", m.where, m.field, m.reported,
                                     m.recomputed) for m in inner.mismatches]
        for what, n in inner.checked.items():
            self.count(what, n)

    @property
    def ok(self) -> bool:
        return not self.mismatches
