from enum import StrEnum

class ToolChoice(StrEnum):
    AUTO = "auto"
    REQUIRED = "required"

    def __str__(self) -> str:
        return str(self.value)
