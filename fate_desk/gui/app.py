"""Start the Qt application: pick the campaign, show the window; `--smoke` times it and exits."""

from __future__ import annotations

from typing import Callable

import sys
import time
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from shiboken6 import isValid

from fate_desk.collector import hold_for_start_up, settle_after_start_up
from fate_desk.i18n import _


def run_app(path: str | None = None, smoke: bool = False) -> int:
    started = time.perf_counter()
    hold_for_start_up()  # until the first campaign is open: see start()
    # Deferred: imported only after hold_for_start_up() has stopped the cycle collector, so the
    # modules, the window and the first campaign are made without a collection (see collector.py);
    # the same holds for every import in this function.
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
    # Deferred, as above: after the collector's hold.
    from .arrivals import Arrivals

    # From here on a file the Finder opens with the app (macOS) is caught, and held for the window.
    arrivals = Arrivals(app)
    if sys.platform == "darwin":
        # Only macOS sends the application file-open events (QFileOpenEvent); a filter on the
        # application is a Python call for every event of every widget, about 5,700 of them
        # (25 ms) before a first start's sheet takes a key, so it is installed only there.
        app.installEventFilter(arrivals)
    instance = None
    if not smoke:  # a timing run never hands over or listens
        # Deferred, as above; and a timing run never loads it.
        from .single_instance import SingleInstance

        instance = SingleInstance(parent=app)
        if not instance.claim():
            if instance.hand_over(path):
                print(_("fate-desk: passed to the Fate Desk that is already running"), file=sys.stderr)
                return 0
            instance.claim()  # no answer: the other app is gone, or stuck; run on our own
    window = start(app, path, smoke, paint_first=True)
    if window is None:
        return 2
    # The window's desks are built after its first paint (`start`): the file goes to them then.
    arrivals.deliver_to(lambda file: window.campaigns.receive_file(file),
                        ready=lambda: not getattr(window, "opening", False))
    if instance is not None:
        instance.deliver_to(arrivals.arrive)
        app.aboutToQuit.connect(instance.release)
    if smoke:
        # Deferred, as above; and only a timing run loads it.
        from .smoke import SmokeRun

        window.smoke_run = SmokeRun(app, window, started)
    return app.exec()


def start(app, path: str | None, smoke: bool = False, paint_first: bool = False):
    """Build the main window with the right campaign open; None if FILE cannot be opened.

    With `paint_first` (the app itself), the window is shown and painted first and the campaign
    opened just after, so the window appears without waiting for the campaign; a FILE that
    cannot be opened in a smoke run then ends the app with status 2.
    """
    # Deferred: imported only after hold_for_start_up() has stopped the cycle collector (see
    # run_app), as is every import in this function.
    from .identity import app_icon
    from .mainwindow import MainWindow
    from .settings import Preferences, checked_settings
    from .theme import apply_theme, readable_placeholders

    # Campaign-wide steps, imports and printing run on worker threads; while one is busy, the GUI
    # thread waits for the interpreter's lock at every turn of its event loop, up to the switch
    # interval each time (5 ms by default). A tenth of that keeps the window's turns under 50 ms
    # (a Fari library's import at 10,000 entities: fifteen waits of 53-295 ms became four), and
    # costs nothing while the GUI thread is alone.
    sys.setswitchinterval(WORKER_SWITCH_S)
    settings, notices = checked_settings()  # a settings file that cannot be used is set aside first
    from .translator import apply_language, choose_language

    apply_language(app, choose_language(settings))
    theme = settings.get(Preferences.THEME)
    if theme != "system":
        apply_theme(app, theme)
    else:
        app.setPalette(readable_placeholders(app.palette()))
    if not paint_first:
        _install_app_wide(app)
    if settings.get(Preferences.TEXT_SIZE) != 100:
        # Deferred, as above; and only a text size other than 100% loads it.
        from .zoom import apply_zoom

        apply_zoom(app, settings.get(Preferences.TEXT_SIZE))
    app.setWindowIcon(app_icon())
    # Painted first, the window is only its frame until just after that paint (see MainWindow).
    window = MainWindow(settings, frame_only=paint_first)
    if not paint_first:
        if not _open_first_campaign(window, settings, path, smoke):
            return None
        window.restore_state()
        window.show()
        _say_what_was_set_aside(window, notices)
        return window
    window.opening = True
    waiting = window.empty.text()
    window.empty.setText(_("Opening the campaign…"))

    def open_now() -> None:
        try:
            _install_app_wide(app)  # the frame alone has nothing to focus nor keys to take
            window.build()  # the desks, menus, toolbar and docks, as they were left
            window.restore_docks()
            _make_room(window)
            opened = _open_first_campaign(window, settings, path, smoke)
        finally:
            window.opening = False
            window.empty.setText(waiting)
        if not opened:
            window.exit_code = 2  # a smoke run with a FILE it cannot open ends here
            app.exit(2)
        # Once the campaign is whole and its first sheet and navigator are painted: the whole
        # catalog is read for this only then (a big campaign goes on loading after open returns,
        # and a notice that waits a moment costs the GM nothing).
        # The window as the timer's context: a window closed and gone by then is told nothing. A
        # timing run waits for it as it does for the navigator, so it times what the app does.
        _when_loaded(window, lambda: QTimer.singleShot(NOTICE_AFTER_MS, window,
                                                       lambda: _say_what_was_set_aside(window, notices)))

        # Start-up has made what stays for the session (the navigator, which fills in once the
        # first sheet has painted, is a few widgets more).
        QTimer.singleShot(0, settle_after_start_up)

    window.first_paint = _AfterFirstPaint(window, open_now)
    window.restore_geometry()
    window.show()
    return window


def _make_room(window) -> None:
    """The toolbar, docks and status bar just added to the shown frame take their room now, so
    the first sheet is laid out once, at the size it shows at. Qt shows what is added to a shown
    window by a call it queues (each not hidden on purpose); the sheet, built before those calls
    came, was laid out at the frame's size and then again as each came, over the next turns and
    before it could take a key (bench_startup.py)."""
    # Deferred: imported only after the collector's hold (see run_app), as QApplication is.
    from PySide6.QtWidgets import QWidget

    for child in window.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
        if (child.isHidden() and not child.isWindow()
                and not child.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide)):
            child.show()
    window.layout().activate()


def _install_app_wide(app) -> None:
    """What every widget of the app gets: the focus ring, the text fields' keys, the item views'
    focus said to screen readers; each made once for the application.

    Each is remembered in `_APP_WIDE` rather than looked for among the application's children:
    finding it there has PySide6 wrap each of them, the style and the input devices among them,
    and build their classes (bench_startup.py: about 10 ms before a first start's sheet takes a
    key)."""
    # Deferred: imported only after the collector's hold (see run_app) and, in the app, after
    # the window's first paint (bench_startup.py: 40 ms of the time to it).
    from .access import CurrentItemTold
    from .field_keys import FieldKeys
    from .focus_ring import FocusRing

    for kind in (FocusRing, FieldKeys, CurrentItemTold):
        made = _APP_WIDE.get(kind)
        if made is None or not isValid(made) or made.parent() is not app:
            _APP_WIDE[kind] = kind(app)


_APP_WIDE: dict[type, QObject] = {}  # the application's own of each (see _install_app_wide)


WORKER_SWITCH_S = 0.0005  # the interpreter's switch interval while the app runs: see start()
NOTICE_AFTER_MS = 300  # after the first sheet is up: what was set aside at start is said then


def _when_loaded(window, then: Callable[[], None]) -> None:
    """`then` once the window's campaign has finished loading (at once when it has, or when
    there is none)."""
    document = window.document
    if document is None or not document.loading:
        then()
        return

    def once() -> None:
        document.loaded.disconnect(once)
        then()

    document.loaded.connect(once)


def _say_what_was_set_aside(window, notices) -> None:
    """Every file read at start was checked once; what could not be used is said now, once."""
    # Deferred: gui.start_notice loads with the campaign, after the window's first paint.
    from .start_notice import show_start_notice, start_up_problems

    window.start_notice = show_start_notice(window, start_up_problems(window.catalog, notices))


def _open_first_campaign(window, settings, path: str | None, smoke: bool) -> bool:
    """FILE, else the last campaign, else a copy of the sample; False only for a FILE that
    cannot be opened in a smoke run (the window says why otherwise)."""
    # Deferred: gui.opening loads with the campaign, after the window's first paint.
    from .opening import holds_characters, open_sample_copy
    from .settings import Preferences, WindowState

    character_file = None
    if path and holds_characters(path):
        character_file, path = path, None  # imported into the campaign opened below
    if path:
        if not window.campaigns.open_path(Path(path)) and smoke:
            print(_("fate-desk: {message}").format(message=window.statusBar().currentMessage()), file=sys.stderr)
            return False
        return True
    last = settings.get(WindowState.LAST_CAMPAIGN)
    opened = False
    if last and settings.get(Preferences.REOPEN_LAST) and Path(last).is_file():
        opened = window.campaigns.open_path(last)
        if opened and window.document is not None and window.document.loading:
            # A big campaign: an entry found bad later refuses the open then, and the sample
            # comes instead, as it does for a campaign refused at once.
            window.sample_if_refused = True
    if not opened:
        open_sample_copy(window)
    if character_file and window.document is not None:
        window.campaigns.open_path(Path(character_file))
    return True


class _AfterFirstPaint(QObject):
    """Runs `work` once, just after the window first paints (or after a moment if it never
    does, e.g. when it starts minimised)."""

    def __init__(self, window, work):
        super().__init__(window)
        self.window = window
        self.work = work
        self.done = False
        window.installEventFilter(self)
        QTimer.singleShot(500, self.run)

    def eventFilter(self, watched, event) -> bool:
        if not self.done and watched is self.window and event.type() == QEvent.Type.Paint:
            QTimer.singleShot(0, self.run)  # once this paint has reached the screen
        return False

    def run(self) -> None:
        if not self.done:
            self.done = True
            self.window.removeEventFilter(self)
            self.work()
