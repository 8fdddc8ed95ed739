from enum import StrEnum

class LoopStopAction(StrEnum):
    OBSERVE = "observe"
    STOP = "stop"

    def __str__(self) -> str:
        return str(self.value)
