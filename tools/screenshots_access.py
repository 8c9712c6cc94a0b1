"""Screenshots for docs/accessibility.md: the main window at 200% text and in high contrast
(1280x800), the roll dialog at 200%, the zone map with the keyboard on a zone, and the players'
view in large type and high contrast.

Usage: python tools/screenshots_access.py [OUT_DIR]   (default: shots/access/). Offscreen;
never touches the user's settings or campaigns.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(out: Path) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    scratch = Path(tempfile.mkdtemp(prefix="fate-desk-shots-"))
    os.environ["FATE_DESK_DATA_DIR"] = str(scratch / "data")
    sys.path.insert(0, str(ROOT))
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(scratch / "settings"))
    app = QApplication([])
    from fate_desk.gui.app import start
    from fate_desk.gui.theme import apply_theme
    from fate_desk.gui.zoom import apply_zoom

    out.mkdir(parents=True, exist_ok=True)
    window = start(app, None)
    window.resize(1280, 800)
    window.show()
    window.activateWindow()
    sheet = window.sheets.open_entity("pc-maren")

    def grab(widget, name: str) -> None:
        for _ in range(4):
            app.processEvents()
        widget.grab().save(str(out / f"{name}.png"))
        print(out / f"{name}.png")

    window.view.set_text_size(200)
    sheet.name_edit.setFocus()
    grab(window, "main-200")
    dialog = sheet.play.roll("Fight")
    dialog.panel.roll_button.click()
    grab(dialog, "roll-200")
    dialog.close()
    window.view.set_text_size(100)
    window.view.set_theme("high-contrast")
    sheet.skills.pyramid.setFocus()
    sheet.skills.pyramid.select("Fight")
    grab(window, "main-high-contrast")
    editor = window.sheets.open_entity("sc-lock")
    editor.scroll.ensureWidgetVisible(editor.zone_map)
    window.activateWindow()
    app.processEvents()
    editor.zone_map.setFocus()
    editor.zone_map.set_current(next(iter(editor.zone_map.boxes)))
    grab(window, "zone-map-focus-high-contrast")
    apply_zoom(app, 100)
    players = window.encounters.open_players_view()
    players.resize(1280, 800)
    players.large.setChecked(True)
    players.contrast.setChecked(True)
    grab(players, "players-large-high-contrast")
    window.view.set_theme("system")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "shots" / "access"))
