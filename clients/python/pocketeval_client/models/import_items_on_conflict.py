from enum import StrEnum

class ImportItemsOnConflict(StrEnum):
    REJECT = "reject"
    REPLACE = "replace"

    def __str__(self) -> str:
        return str(self.value)
