from enum import StrEnum

class IndexNonInferiorityReadReference(StrEnum):
    A = "a"
    B = "b"

    def __str__(self) -> str:
        return str(self.value)
