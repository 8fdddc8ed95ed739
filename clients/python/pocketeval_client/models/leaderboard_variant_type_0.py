from enum import StrEnum

class LeaderboardVariantType0(StrEnum):
    NON_REASONING = "non-reasoning"
    REASONING = "reasoning"

    def __str__(self) -> str:
        return str(self.value)
