from enum import StrEnum

class ScoreRequestMissing(StrEnum):
    EXCLUDE = "exclude"
    WRONG = "wrong"

    def __str__(self) -> str:
        return str(self.value)
