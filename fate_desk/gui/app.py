"""Start the Qt application: pick the campaign, show the window; `--smoke` times it and exits."""

from __future__ import annotations

import sys
import time
from pathlib import Path


def run_app(path: str | None = None, smoke: bool = False) -> int:
    started = time.perf_counter()
    from PySide6.QtCore import QTimer
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
    instance = None
    if not smoke:  # a timing run never hands over or listens
        from .single_instance import SingleInstance

        instance = SingleInstance(parent=app)
        if not instance.claim():
            if instance.hand_over(path):
                print("fate-desk: passed to the Fate Desk that is already running", file=sys.stderr)
                return 0
            instance.claim()  # no answer: the other app is gone, or stuck; run on our own
    window = start(app, path, smoke)
    if window is None:
        return 2
    if instance is not None:
        instance.fileRequested.connect(window.receive_file)
        app.aboutToQuit.connect(instance.release)
    if smoke:
        def done() -> None:
            sheet = window.tabs.current_editor() if window.tabs else None
            print(f"fate-desk started in {time.perf_counter() - started:.3f} s "
                  f"({'sheet shown' if sheet is not None else 'no sheet'})", file=sys.stderr)
            window.save_state()
            app.quit()

        # A zero timer fires once the events queued by show() (layout, first paint) are handled.
        QTimer.singleShot(0, done)
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
    character_file = None
    if path and str(path).endswith((".fate.json", ".fari.json")) and not str(path).endswith(".fate-campaign.json"):
        character_file, path = path, None  # imported into the campaign opened below
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
                window.show_welcome()
            except FileFormatError as exc:
                window.show_error("The sample campaign could not be set up", str(exc))
            except OSError as exc:  # the user data folder cannot be made or written
                from fate_desk.paths import user_data_dir

                window.show_error("Your Fate Desk folder cannot be used",
                                  f"{user_data_dir()}: {exc.strerror or exc}. Use File ▸ Open or File ▸ New "
                                  "campaign to work with a campaign somewhere else.")
    if character_file and window.document is not None:
        window.open_path(Path(character_file))
    window.restore_state()
    window.show()
    return window
