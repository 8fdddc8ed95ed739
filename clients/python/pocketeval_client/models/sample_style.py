from enum import StrEnum

class SampleStyle(StrEnum):
    CHAT = "chat"
    LOGLIKELIHOOD = "loglikelihood"

    def __str__(self) -> str:
        return str(self.value)
