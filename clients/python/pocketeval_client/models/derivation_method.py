from enum import StrEnum

class DerivationMethod(StrEnum):
    DUPLICATES_REMOVED = "duplicates-removed"
    ITEM_RULES = "item-rules"
    NO_SHORTCUT_AUDIT = "no-shortcut-audit"
    OPTIONS_EXPANDED = "options-expanded"

    def __str__(self) -> str:
        return str(self.value)
