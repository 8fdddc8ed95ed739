from enum import StrEnum

class GGUFModelInMcqModeType0(StrEnum):
    GENERATIVE = "generative"
    LOGLIKELIHOOD = "loglikelihood"

    def __str__(self) -> str:
        return str(self.value)
