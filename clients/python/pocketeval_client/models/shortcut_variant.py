from enum import StrEnum

class ShortcutVariant(StrEnum):
    OPTIONS_ONLY = "options-only"
    STEM_ONLY = "stem-only"
    TEXT_ONLY = "text-only"

    def __str__(self) -> str:
        return str(self.value)
