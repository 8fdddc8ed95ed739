from enum import StrEnum

class CallbackState(StrEnum):
    DELIVERED = "delivered"
    GAVE_UP = "gave_up"
    PENDING = "pending"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
