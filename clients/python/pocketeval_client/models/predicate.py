from enum import StrEnum

class Predicate(StrEnum):
    ALL_CORRECT = "all-correct"
    ALL_WRONG = "all-wrong"
    DISAGREEMENT = "disagreement"
    LOW_DISCRIMINATION = "low-discrimination"

    def __str__(self) -> str:
        return str(self.value)
