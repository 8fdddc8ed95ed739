from enum import StrEnum

class ReuseMode(StrEnum):
    NONE = "none"
    PREFIX = "prefix"

    def __str__(self) -> str:
        return str(self.value)
