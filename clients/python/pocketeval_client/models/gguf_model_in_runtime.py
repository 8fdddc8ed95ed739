from enum import StrEnum

class GGUFModelInRuntime(StrEnum):
    IN_PROCESS = "in-process"
    LLAMA_SERVER = "llama-server"

    def __str__(self) -> str:
        return str(self.value)
