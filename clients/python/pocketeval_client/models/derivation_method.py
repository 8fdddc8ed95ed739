from enum import StrEnum

class DerivationMethod(StrEnum):
    DUPLICATES_REMOVED = "duplicates-removed"
    ITEM_RULES = "item-rules"
    NO_SHORTCUT_AUDIT = "no-shortcut-audit"

    def __str__(self) -> str:
        return str(self.value)
