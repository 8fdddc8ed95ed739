from enum import StrEnum

class RunKind(StrEnum):
    ENDPOINT = "endpoint"
    GGUF = "gguf"
    PREDICTIONS = "predictions"

    def __str__(self) -> str:
        return str(self.value)
