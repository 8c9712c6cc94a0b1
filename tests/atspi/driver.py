"""The app side of the AT-SPI walk: starts Fate Desk on the sample campaign and, on each line
read from stdin, opens one more window or dock; answers with "ready <stage> <window title>".
Dialogs (the roll, Take a hit) are opened by the screen reader's side, through AT-SPI actions.

Run by tests/test_gui_atspi.py under Xvfb with a D-Bus session; never by pytest directly.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QSocketNotifier, Qt, QTimer
from PySide6.QtWidgets import QApplication


def main() -> int:
    from fate_desk.gui.app import start
    from fate_desk.gui.settings import APPLICATION, ORGANIZATION
    from fate_desk.rules.play.dice import Dice

    app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    window = start(app, None)
    window.resize(1280, 800)
    state: dict = {}

    def sheet():
        if "sheet" not in state:
            state["sheet"] = window.sheets.open_entity("pc-maren")
            state["sheet"].play.dice = Dice(11)
        return state["sheet"]

    def stage(name: str):
        if name == "main":
            sheet()
            return window
        # The roll dialog and Take a hit are opened by the screen reader's side (AT-SPI actions).
        if name == "pyramid":  # the focus on the pyramid, as a Tab brings it there; keys do the rest
            pyramid = sheet().skills.pyramid
            pyramid.setFocus(Qt.FocusReason.TabFocusReason)
            return window
        if name == "list":  # the List tab, on Athletics' rating, as arrow keys bring it there
            skills = sheet().skills
            skills.tabs.setCurrentIndex(1)
            row = skills.model.row_of("Athletics")
            skills.table.setCurrentIndex(skills.proxy.mapFromSource(skills.model.index(row, 1)))
            skills.table.setFocus(Qt.FocusReason.TabFocusReason)
            return window
        if name == "fate":  # the focus on the trouble's free invokes, the Tab stop before the fate points' −
            sheet().skills.tabs.setCurrentIndex(0)
            sheet().aspects.invokes[1].setFocus(Qt.FocusReason.TabFocusReason)
            return window
        if name == "sheet":  # the focus back on the sheet's name, the menu bar closed
            sheet().skills.tabs.setCurrentIndex(0)
            sheet().name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
            return window
        if name == "conflict":
            window.actions["conflict_panel"].trigger()
            return window
        if name == "zone_map":
            window.sheets.open_entity("sc-lock")
            return window
        if name == "players":
            return window.encounters.open_players_view()
        raise ValueError(name)

    def answer(line: str) -> None:
        line = line.strip()
        if line == "quit":
            app.quit()
            return
        try:
            shown = stage(line)
        except Exception as exc:  # noqa: BLE001 - reported to the test, which fails with it
            print(f"error {line} {exc!r}", flush=True)
            return
        shown.activateWindow()
        # Let the window map and the bridge register it before the walker looks.
        QTimer.singleShot(400, lambda: print(f"ready {line} {shown.windowTitle()}", flush=True))

    notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)

    def readable() -> None:
        line = sys.stdin.readline()
        if not line:
            app.quit()
            return
        answer(line)

    notifier.activated.connect(readable)
    QTimer.singleShot(600, lambda: print("started", flush=True))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
