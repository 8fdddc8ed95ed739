from enum import StrEnum

class Bound(StrEnum):
    LOWER = "lower"
    UPPER = "upper"

    def __str__(self) -> str:
        return str(self.value)
