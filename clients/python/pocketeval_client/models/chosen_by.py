from enum import StrEnum

class ChosenBy(StrEnum):
    ASKED = "asked"
    FIXED = "fixed"
    PROBE = "probe"

    def __str__(self) -> str:
        return str(self.value)
