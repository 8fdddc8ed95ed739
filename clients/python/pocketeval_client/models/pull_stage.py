from enum import StrEnum

class PullStage(StrEnum):
    DONE = "done"
    DOWNLOADING = "downloading"
    IMPORTING = "importing"
    RESOLVING = "resolving"

    def __str__(self) -> str:
        return str(self.value)
