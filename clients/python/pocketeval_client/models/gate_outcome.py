from enum import StrEnum

class GateOutcome(StrEnum):
    FAIL = "fail"
    PASS = "pass"
    UNDECIDED = "undecided"

    def __str__(self) -> str:
        return str(self.value)
