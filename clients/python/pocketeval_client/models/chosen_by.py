from enum import StrEnum

class ChosenBy(StrEnum):
    ASKED = "asked"
    FIXED = "fixed"
    PROBE = "probe"
    RUN = "run"

    def __str__(self) -> str:
        return str(self.value)
