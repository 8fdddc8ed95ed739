from enum import StrEnum

class LengthUnit(StrEnum):
    CHARS = "chars"
    TOKENS = "tokens"
    WORDS = "words"

    def __str__(self) -> str:
        return str(self.value)
