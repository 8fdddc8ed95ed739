from enum import StrEnum

class BenchmarkCreateKind(StrEnum):
    FREEFORM = "freeform"
    MCQ = "mcq"

    def __str__(self) -> str:
        return str(self.value)
