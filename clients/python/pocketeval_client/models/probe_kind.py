from enum import StrEnum

class ProbeKind(StrEnum):
    GENERATION = "generation"
    LOGLIKELIHOOD = "loglikelihood"

    def __str__(self) -> str:
        return str(self.value)
