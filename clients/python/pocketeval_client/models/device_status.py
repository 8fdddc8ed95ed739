from enum import StrEnum

class DeviceStatus(StrEnum):
    FAILED_ON_DEVICE = "failed-on-device"
    NOT_LOCAL = "not-local"
    NOT_MEASURED = "not-measured"
    RAN = "ran"

    def __str__(self) -> str:
        return str(self.value)
