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
        if name == "requests":  # table mode open, Maren's phone has rolled: her request in the dock
            return requests()
        raise ValueError(name)

    def requests():
        import time
        from pathlib import Path

        sys.path.insert(0, str(Path(__file__).parents[1]))
        from table_mode_support import PhoneThread

        window.actions["open_table"].trigger()
        dialog = window.table_mode.dialog
        dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
        dialog.port.setValue(0)
        dialog.view_act.click()
        if not dialog.auto_allow.isChecked():
            dialog.auto_allow.click()
        dialog.open_button.click()
        dialog.close()
        session = window.table_mode.session
        window.actions["toggle_requests"].trigger()
        dock = window.table_mode.requests
        phone = PhoneThread(f"ws://127.0.0.1:{session.book.port}/ws", session.book.seat("pc-maren").token,
                            device="marens-phone-000001")
        state["phone"] = phone

        def wait(check) -> None:
            give_up = time.monotonic() + 20
            while not check() and time.monotonic() < give_up:
                app.processEvents()
                time.sleep(0.01)

        wait(lambda: phone.last("play") is not None)
        phone.send({"type": "act", "kind": "roll", "ref": 1, "skill": "Notice", "action": "overcome", "dice": None})
        wait(lambda: dock.card_for("opposition", "pc-maren") is not None)
        dock.card_for("opposition", "pc-maren").against.setFocus(Qt.FocusReason.TabFocusReason)
        return window

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

    app.aboutToQuit.connect(lambda: state["phone"].close() if "phone" in state else None)

    notifier.activated.connect(readable)
    QTimer.singleShot(600, lambda: print("started", flush=True))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
