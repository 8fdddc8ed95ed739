from enum import StrEnum

class RepeatsGenerated(StrEnum):
    ALL = "all"
    ONCE = "once"

    def __str__(self) -> str:
        return str(self.value)
