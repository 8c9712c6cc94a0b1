"""How the desktop knows Fate Desk: the desktop entry's name and the app icon (kept light for start-up)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QIcon

from fate_desk.paths import resources_dir

# The reverse-DNS name of the desktop entry, AppStream data and icon (installer/).
DESKTOP_ID = "io.github.fatedesk.FateDesk"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def app_icon(icon_dir: Path | None = None) -> QIcon:
    """The Fate Desk icon at every size it was rendered at (resources/icons/app)."""
    folder = icon_dir or resources_dir() / "icons" / "app"
    icon = QIcon()
    for size in ICON_SIZES:
        path = folder / f"fate-desk-{size}.png"
        if path.is_file():
            icon.addFile(str(path))
    return icon
