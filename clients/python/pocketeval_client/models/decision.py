from enum import StrEnum

class Decision(StrEnum):
    INCONCLUSIVE = "inconclusive"
    INFERIOR = "inferior"
    NON_INFERIOR = "non-inferior"

    def __str__(self) -> str:
        return str(self.value)
