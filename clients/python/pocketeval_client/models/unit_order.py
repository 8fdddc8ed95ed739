from enum import StrEnum

class UnitOrder(StrEnum):
    RANDOM = "random"
    STORED = "stored"

    def __str__(self) -> str:
        return str(self.value)
