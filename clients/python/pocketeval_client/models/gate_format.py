from enum import StrEnum

class GateFormat(StrEnum):
    JSON = "json"
    JUNIT = "junit"
    MARKDOWN = "markdown"

    def __str__(self) -> str:
        return str(self.value)
