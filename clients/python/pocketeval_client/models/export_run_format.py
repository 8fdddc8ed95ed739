from enum import StrEnum

class ExportRunFormat(StrEnum):
    CSV = "csv"
    LM_EVAL = "lm-eval"

    def __str__(self) -> str:
        return str(self.value)
