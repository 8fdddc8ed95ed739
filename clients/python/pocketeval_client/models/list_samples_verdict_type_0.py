from enum import StrEnum

class ListSamplesVerdictType0(StrEnum):
    CORRECT = "correct"
    UNPARSED = "unparsed"
    UNSCORED = "unscored"
    WRONG = "wrong"

    def __str__(self) -> str:
        return str(self.value)
