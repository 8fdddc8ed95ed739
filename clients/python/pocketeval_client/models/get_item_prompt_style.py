from enum import StrEnum

class GetItemPromptStyle(StrEnum):
    CHAT = "chat"
    LOGLIKELIHOOD = "loglikelihood"

    def __str__(self) -> str:
        return str(self.value)
