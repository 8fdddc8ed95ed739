from enum import StrEnum

class Status(StrEnum):
    CORRECT = "correct"
    ERROR = "error"
    UNPARSED = "unparsed"
    UNSCORED = "unscored"
    WRONG = "wrong"

    def __str__(self) -> str:
        return str(self.value)
