from enum import StrEnum

class McqMode(StrEnum):
    GENERATIVE = "generative"
    LOGLIKELIHOOD = "loglikelihood"

    def __str__(self) -> str:
        return str(self.value)
