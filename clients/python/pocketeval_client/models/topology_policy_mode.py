from enum import StrEnum

class TopologyPolicyMode(StrEnum):
    FIXED = "fixed"
    PROBE = "probe"

    def __str__(self) -> str:
        return str(self.value)
