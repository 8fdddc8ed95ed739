from enum import StrEnum

class RunKind(StrEnum):
    ENDPOINT = "endpoint"
    GGUF = "gguf"
    PREDICTIONS = "predictions"
    PULL = "pull"

    def __str__(self) -> str:
        return str(self.value)
