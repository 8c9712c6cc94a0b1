"""`fate-desk --smoke`: start, wait until the sheet accepts a keystroke, report the times, quit.

Three moments are reported, as wall-clock times so that `benchmarks/bench_startup.py` can
measure them from the moment it started the process: when the main window first painted,
when the first sheet was built and painted and had handled a keystroke (End: it moves the
cursor and changes nothing, so a smoke run never edits the campaign), and when the navigator,
which fills in once the first sheet has painted, was there; and the CPU time spent until the first
two. It also says which campaign it opened, how many entries it holds, and whether the first
start's welcome was shown.
"""

from __future__ import annotations

import sys
import time

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QPlainTextEdit

GIVE_UP_SECONDS = 120.0  # a start-up this slow is reported as such, never waited on for ever


class SmokeRun(QObject):
    def __init__(self, app, window, started: float):
        super().__init__(window)
        self.app = app
        self.window = window
        self.started = started
        self.painted: float | None = None
        window.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if self.painted is None and watched is self.window and event.type() == QEvent.Type.Paint:
            self.painted = time.time()
            self.painted_cpu = time.process_time()  # the whole process's, from its start
            QTimer.singleShot(0, self._poll)
        return False

    def _poll(self) -> None:
        window = self.window
        if getattr(window, "exit_code", None) is not None:
            return  # the app is ending without a campaign (it said why)
        if getattr(window, "opening", False) and time.perf_counter() - self.started < GIVE_UP_SECONDS:
            QTimer.singleShot(1, self._poll)  # the campaign is still being opened after the first paint
            return
        editor = window.tabs.current_editor() if window.tabs else None
        document = window.document
        if (editor is None and document is not None and document.loading
                and time.perf_counter() - self.started < GIVE_UP_SECONDS):
            QTimer.singleShot(1, self._poll)  # a big campaign loads in steps: its first sheet comes soon
            return
        target = _text_field(editor) if editor is not None else None
        if target is not None:
            # A user types into a sheet they can see, laid out: whatever the window has yet to do
            # before it handles input (its layouts, calls queued to it) is done now, and whatever
            # is waiting to paint is painted, in whichever order the app's turns came.
            for _ in range(3):
                QApplication.sendPostedEvents()
            target.repaint()
            target.setFocus()
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                QApplication.sendEvent(target, QKeyEvent(kind, Qt.Key.Key_End, Qt.KeyboardModifier.NoModifier))
        self.usable = time.time()
        self.usable_cpu = time.process_time()
        self.shown = target is not None
        self._finish()

    def _finish(self) -> None:
        """Waits for the navigator, which fills in just after the first sheet, and for the start
        notice, then reports."""
        window = self.window
        filled = window.navigator is not None and not window.navigator.model.filling
        # What was set aside at start is said a moment after the first sheet: the run ends once it has.
        said = hasattr(window, "start_notice") or window.document is None
        if window.document is not None and not (filled and said) and time.perf_counter() - self.started < GIVE_UP_SECONDS:
            QTimer.singleShot(1, self._finish)
            return
        # Timing lines that benchmarks and tools read: never translated.
        print(f"fate-desk started in {time.perf_counter() - self.started:.3f} s "  # i18n: not shown
              f"({'sheet shown' if self.shown else 'no sheet'})", file=sys.stderr)  # i18n: not shown
        print(f"fate-desk times: painted {self.painted:.6f} usable {self.usable:.6f} "  # i18n: not shown
              f"navigator {time.time():.6f}", file=sys.stderr)  # i18n: not shown
        # CPU seconds: on a shared machine they hold steady when the clock times do not.
        print(f"fate-desk cpu: painted {self.painted_cpu:.6f} usable {self.usable_cpu:.6f}",  # i18n: not shown
              file=sys.stderr)
        if window.document is not None:  # what was opened, so a benchmark can tell it measured that
            print(f"fate-desk opened: {len(window.document.entities())} entries in {window.document.path}",  # i18n: not shown
                  file=sys.stderr)
        welcome = getattr(window, "_welcome", None)  # built only on a first start
        print(f"fate-desk welcome: {'shown' if welcome is not None and welcome.isVisible() else 'not shown'}",  # i18n: not shown
              file=sys.stderr)
        window.save_state()
        self.app.quit()


def _text_field(editor):
    """The editor's name field (or its first text field): where a user starts typing."""
    field = getattr(editor, "name_edit", None)
    if field is None:
        field = editor.findChild(QLineEdit) or editor.findChild(QPlainTextEdit)
    return field
