"""Start the Qt application."""

from __future__ import annotations

import sys
import time


def run_app(path: str | None = None, smoke: bool = False) -> int:
    started = time.perf_counter()
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

    from fate_desk import __version__

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Fate Desk")
    app.setApplicationVersion(__version__)
    window = QMainWindow()
    window.setWindowTitle("Fate Desk")
    label = QLabel("Fate Desk: the character sheet editor arrives with the desktop app issue.")
    label.setMargin(24)
    window.setCentralWidget(label)
    window.resize(1280, 800)
    window.show()
    if smoke:
        def done() -> None:
            print(f"fate-desk started in {time.perf_counter() - started:.3f} s", file=sys.stderr)
            app.quit()

        QTimer.singleShot(0, done)
    return app.exec()
