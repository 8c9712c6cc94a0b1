"""Icons drawn for Fate Desk (resources/icons/*.svg), loaded once each."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QIcon

from fate_desk.paths import resources_dir


@lru_cache(maxsize=None)
def icon(name: str) -> QIcon:
    path = resources_dir() / "icons" / f"{name}.svg"
    return QIcon(str(path)) if path.is_file() else QIcon()
