"""Render the main window (1280x800 and 1920x1080, light and dark), the four kinds of sheet at
1024x700, 1280x800 and 1920x1080, every dialog, the start pages and the user guide to PNG.

Usage: python tools/screenshots.py [OUT_DIR]   (default: shots/). Runs offscreen; never
touches the user's settings or campaigns (everything lives in a temporary folder).
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
    from fate_desk.gui.dialogs.new_campaign import NewCampaignDialog
    from fate_desk.gui.dialogs.stunt_helper import StuntHelperDialog
    from fate_desk.gui.theme import apply_theme
    sys.path.insert(0, str(ROOT / "tools"))
    from screenshots_export import grab_print_dialog
    from screenshots_gm import grab_gm_editors
    from screenshots_sheets import grab_sheets
    from screenshots_play import play_shots
    from conflict_shots import conflict_shots
    from screenshots_start import grab_start_and_files
    from table_shots import table_shots

    out.mkdir(parents=True, exist_ok=True)
    window = start(app, None)
    written = []

    def grab(widget, name: str) -> None:
        for _ in range(3):
            app.processEvents()
        path = out / f"{name}.png"
        widget.grab().save(str(path))
        written.append(path)

    sheet_ids = [c.id for c in window.document.campaign.characters][:4]
    for theme in ("light", "dark"):
        apply_theme(app, theme)
        for width, height in ((1280, 800), (1920, 1080)):
            window.resize(width, height)
            window.sheets.open_entity(sheet_ids[1])  # Tobias: four stunts, refresh explained
            grab(window, f"main-{width}x{height}-{theme}")
        window.resize(1280, 800)
        sheet = window.sheets.open_entity(sheet_ids[0])
        sheet.skills.tabs.setCurrentIndex(1)
        grab(window, f"main-skills-list-{theme}")
        sheet.skills.tabs.setCurrentIndex(0)
        sheet.scroll.verticalScrollBar().setValue(sheet.scroll.verticalScrollBar().maximum())
        grab(window, f"main-scrolled-{theme}")
        sheet.scroll.verticalScrollBar().setValue(0)
        window.edits.add_entry("pc")  # an empty sheet: what a newcomer starts from
        grab(window, f"main-new-pc-{theme}")
        window.document.undo_stack.undo()
        window.sheets.open_entity(next(c.id for c in window.document.campaign.characters if c.kind.value == "monster"))
        grab(window, f"main-basic-editor-{theme}")
        dialog = NewCampaignDialog(window.catalog, Path(scratch), window)
        dialog.show()
        grab(dialog, f"dialog-new-campaign-{theme}")
        dialog.close()
        character = window.document.entity(sheet_ids[0])
        helper = StuntHelperDialog(window.document.ruleset_for(character), character, window)
        helper.name_edit.setText("Knows Every Lock-Keeper")
        helper.because.setText("have bribed every lock-keeper on the canal")
        helper.when.setText("I need a gate opened after dark")
        helper.show()
        grab(helper, f"dialog-stunt-helper-{theme}")
        helper.rule.setChecked(True)
        helper.can.setText("pass any lock without paying the toll")
        helper.only.setText("once per session")
        grab(helper, f"dialog-stunt-helper-rule-{theme}")
        helper.close()
        grab_sheets(window, grab, theme)
        grab_gm_editors(window, grab, theme)
        grab_print_dialog(window, grab, theme, scratch)
        table_shots(window, grab, theme)
        conflict_shots(window, grab, theme)
        play_shots(window, grab, theme)
        grab_start_and_files(window, grab, theme, scratch)
    window.close()
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "shots"))
