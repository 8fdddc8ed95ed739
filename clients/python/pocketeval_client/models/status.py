from enum import StrEnum

class Status(StrEnum):
    CORRECT = "correct"
    UNPARSED = "unparsed"
    UNSCORED = "unscored"
    WRONG = "wrong"

    def __str__(self) -> str:
        return str(self.value)
