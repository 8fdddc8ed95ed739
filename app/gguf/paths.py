"""GGUF paths: only regular files inside the configured model folders, after symlinks."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from app.http import Conflict, InvalidInput, NotFound


def resolve_model_path(raw: str, model_dirs: Sequence[Path], field: str = "path") -> Path:
    if not model_dirs:
        raise Conflict("no model folders are configured (POCKETEVAL_MODEL_DIRS)",
                           field=field)
    if "\x00" in raw:
        raise InvalidInput("the path contains a NUL byte", field=field)
    roots = [d.resolve() for d in model_dirs]
    candidates = [Path(raw)] if Path(raw).is_absolute() else [root / raw for root in roots]
    for candidate in candidates:
        try:
            real = candidate.resolve(strict=True)
        except (FileNotFoundError, NotADirectoryError):
            continue
        except (OSError, RuntimeError) as exc:  # symlink loops, permission
            raise InvalidInput(f"cannot resolve the path: {exc}", field=field) from None
        if not any(real.is_relative_to(root) for root in roots):
            raise InvalidInput("the path resolves outside the model folders "
                               "(POCKETEVAL_MODEL_DIRS)", field=field)
        if not real.is_file():
            raise NotFound("no file at the path (a folder or a special file)", field=field)
        if real.stat().st_nlink > 1:  # a hard link may be a file from outside the folders
            raise InvalidInput("the file has several hard links; model files must have one",
                               field=field)
        return real
    raise NotFound(f"no such file in the model folders: {raw}", field=field)
