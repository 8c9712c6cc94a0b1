"""Start the Qt application: pick the campaign, show the window; `--smoke` times it and exits."""

from __future__ import annotations

import sys
import time
from pathlib import Path


def run_app(path: str | None = None, smoke: bool = False) -> int:
    started = time.perf_counter()
    from PySide6.QtWidgets import QApplication

    from fate_desk import __version__

    from .identity import DESKTOP_ID
    from .settings import APPLICATION, ORGANIZATION

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationVersion(__version__)
    # Matches installer/<DESKTOP_ID>.desktop, so the desktop shows its name and icon for us.
    app.setDesktopFileName(DESKTOP_ID)
    window = start(app, path, smoke)
    if window is None:
        return 2
    if smoke:
        from .smoke import SmokeRun

        window.smoke_run = SmokeRun(app, window, started)
    return app.exec()


def start(app, path: str | None, smoke: bool = False):
    """Build the main window with the right campaign open; None if FILE cannot be opened."""
    from .identity import app_icon
    from .mainwindow import MainWindow
    from .opening import create_sample_campaign
    from .settings import Preferences, Settings, WindowState
    from .theme import apply_theme

    settings = Settings()
    theme = settings.get(Preferences.THEME)
    if theme != "system":
        apply_theme(app, theme)
    app.setWindowIcon(app_icon())
    window = MainWindow(settings)
    if path:
        if not window.open_path(Path(path)):
            if smoke:
                print(f"fate-desk: {window.statusBar().currentMessage()}", file=sys.stderr)
                return None
    else:
        last = settings.get(WindowState.LAST_CAMPAIGN)
        opened = False
        if last and settings.get(Preferences.REOPEN_LAST) and Path(last).is_file():
            opened = window.open_path(last)
        if not opened:
            from fate_desk.store.interchange import FileFormatError

            try:
                opened = window.open_path(create_sample_campaign())
            except (FileFormatError, OSError) as exc:
                window.show_error("The sample campaign could not be set up", str(exc))
    window.restore_state()
    window.show()
    return window
