from enum import StrEnum

class StopReason(StrEnum):
    CI_HALF_WIDTH = "ci_half_width"
    DECIDED = "decided"
    WALL_S = "wall_s"

    def __str__(self) -> str:
        return str(self.value)
