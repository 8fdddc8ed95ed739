from enum import StrEnum

class KvMode(StrEnum):
    PER_SEQUENCE = "per-sequence"
    SHARED = "shared"

    def __str__(self) -> str:
        return str(self.value)
