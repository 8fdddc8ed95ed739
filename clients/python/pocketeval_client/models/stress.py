from enum import StrEnum

class Stress(StrEnum):
    BUSY_BACKGROUND = "busy-background"
    LOW_RESOLUTION = "low-resolution"
    OCCLUSION = "occlusion"
    TILT = "tilt"

    def __str__(self) -> str:
        return str(self.value)
