"""Work over the whole campaign, done off the GUI thread (Anki's CollectionOp).

`Background` runs a plain function on a worker thread and hands its result (or the exception it
raised) back on the GUI thread; the window keeps answering meanwhile. A function done within
`WAIT_S` is handed back at once, in the same turn of the event loop (most steps on a campaign of
a usual size), so nothing flickers. `wait_for` waits for one with a progress dialog (Cancel).

`CampaignOp` is such work over the campaign: the core operation runs on the worker against the
campaign as it is when the step starts (a snapshot: entries are immutable values and the lists
are its own), and its result is installed on the GUI thread through the document, as one
undoable step saved in one transaction, with one refresh of what changed. If the campaign
changed meanwhile (an edit saved while the worker ran), the operation runs again on the campaign
as it is then, so nothing is installed over an edit it did not see.
"""

from __future__ import annotations

import itertools
import threading
import time
import weakref
from typing import Callable

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, Qt, Signal
from PySide6.QtWidgets import QProgressDialog
from shiboken6 import isValid

from fate_desk.collector import hold, keep_what_was_made, settle
from fate_desk.i18n import _
from fate_desk.store.rows import row_changes, undoing

from .turns import after_paint, later

WAIT_S = 0.01  # work done within this is handed back at once (tests set 0: always later)
REPORT_S = 0.05  # progress is shown at most this often


class _Relay(QObject):
    """What workers report, queued to the GUI thread. One for the application, living as long
    as it does: a worker never touches a Qt object that may be gone by the time it reports.
    Only numbers cross threads in its signals; an outcome waits in `_OUTCOMES` for its job."""

    delivered = Signal(int)  # the job whose outcome is in _OUTCOMES
    progressed = Signal(int, int, int)  # (job, done, total)


_RELAY: list[_Relay] = []
_JOBS: dict[int, weakref.ref] = {}
_OUTCOMES: dict[int, tuple[bool, object]] = {}  # job -> (ok, result or exception), set by its worker
_HOLDING: set[int] = set()  # jobs that hold the cycle collector until their outcome is handed back
_NUMBERS = itertools.count(1)


def _relay() -> _Relay:
    if not _RELAY:  # made on the GUI thread, by the first job
        relay = _Relay(QCoreApplication.instance())
        relay.delivered.connect(_delivered)
        relay.progressed.connect(_progressed)
        _RELAY.append(relay)
    return _RELAY[0]


def _let_go(number: int) -> None:
    """The job's outcome is back on the GUI thread (or will never be taken): its hold on the
    cycle collector ends, once."""
    if number in _HOLDING:
        _HOLDING.discard(number)
        settle()


def _delivered(number: int) -> None:
    _let_go(number)  # even if the job itself is gone
    outcome = _OUTCOMES.pop(number, None)
    job = _JOBS.pop(number, lambda: None)()
    if outcome is not None and job is not None and isValid(job):  # its parent (a window, a dialog) may be gone
        job._deliver(*outcome)


def _progressed(number: int, done: int, total: int) -> None:
    ref = _JOBS.get(number)
    job = ref() if ref is not None else None
    if job is not None and isValid(job) and job.running:
        job.progressed.emit(done, total)


class Background(QObject):
    """One function on a worker thread; `finished(result)` or `failed(exception)` on the GUI
    thread, and `progressed(done, total)` as the work `report`s. `cancel()` sets `cancelled`
    (which the work may watch to stop early); its result is then thrown away. The worker
    never touches this object: it reports through the application's relay.

    `hold_collector`: no cycle collection on the GUI thread until the outcome is handed back.
    The collector's walks there go over every object made since the last one, on any thread: a
    worker building thousands of entries made them walks of 25-50 ms in the window's turns (a
    gap with nothing of the window's own to do). What the work made and keeps is set aside
    with the rest when the hold ends (see collector.settle); reference counting frees the rest."""

    finished = Signal(object)
    failed = Signal(object)
    progressed = Signal(int, int)  # (done, total), from `report` on the worker

    def __init__(self, work: Callable[[], object], parent: QObject | None = None, hold_collector: bool = False):
        super().__init__(parent)
        self._work = work
        self._hold_collector = hold_collector
        self.cancelled = threading.Event()
        self.running = False
        self._number = next(_NUMBERS)
        self._relay = _relay()
        self._reported = 0.0

    def start(self, wait: float | None = None) -> None:
        """Start the work; hand its outcome back now if it is done within `wait` seconds
        (default WAIT_S), else in a later turn of the event loop."""
        self.running = True
        _JOBS[self._number] = weakref.ref(self)
        done = threading.Event()
        relay, number, work = self._relay, self._number, self._work

        def run() -> None:  # on the worker: no Qt object but the application's relay
            try:
                result = (True, work())
            except BaseException as exc:  # noqa: BLE001 - handed to the GUI thread, which words it
                result = (False, exc)
            _OUTCOMES[number] = result
            done.set()
            relay.delivered.emit(number)

        self._thread = threading.Thread(target=run, name="fate-desk worker", daemon=True)  # i18n: not shown (a thread name)
        self._thread.start()
        if self._hold_collector:  # once the worker is under way: a thread that cannot start holds nothing
            hold()
            _HOLDING.add(number)
        if done.wait(WAIT_S if wait is None else wait):
            _JOBS.pop(self._number, None)  # handed back now; what the relay queued finds no outcome
            _let_go(number)
            self._deliver(*_OUTCOMES.pop(self._number))

    def cancel(self) -> None:
        self.cancelled.set()

    def report(self, done: int, total: int) -> None:
        """Called by the work on its thread: how far it got (shown on the GUI thread, at most
        every REPORT_S: a progress bar moved a thousand times is a second of the window's time)."""
        now = time.monotonic()
        if now - self._reported >= REPORT_S or done + 1 >= total:
            self._reported = now
            self._relay.progressed.emit(self._number, done, total)

    def _deliver(self, ok: bool, value: object) -> None:
        if not self.running:
            return
        self.running = False
        if self.cancelled.is_set():
            return
        (self.finished if ok else self.failed).emit(value)


def wait_for(job: Background, parent, text: str, title: str, cancellable: bool = True,
             name: str = "workProgress", step_text: Callable[[int, int], str] | None = None,
             long: bool = False) -> tuple[bool, object] | None:
    """Start `job` and wait for it while the window keeps answering: (True, result) or
    (False, exception), or None if the user cancelled. Work done within WAIT_S shows nothing;
    longer work shows a progress dialog (with Cancel if `cancellable`), moved by the job's
    reports and saying `step_text(done, total)` as they come.

    Work the caller knows to be `long` shows its progress dialog at once and starts only once
    the dialog has painted: the window's turns that make and paint the dialog no longer share
    the interpreter's lock with the worker (they were twice as long), nor wait WAIT_S for it."""
    outcome: list = []
    loop = QEventLoop()
    job.finished.connect(lambda result: (outcome.append((True, result)), loop.quit()))
    job.failed.connect(lambda exc: (outcome.append((False, exc)), loop.quit()))
    if not long:
        job.start()
        if outcome:
            return outcome[0]
    progress = QProgressDialog(text, _("Cancel") if cancellable else "", 0, 0, parent)
    progress.setObjectName(name)
    progress.setWindowTitle(title)
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(0)
    progress.setAutoClose(False)
    progress.setAutoReset(False)
    if not cancellable:
        progress.setCancelButton(None)

    def stepped(done: int, total: int) -> None:
        progress.setMaximum(total)
        progress.setValue(done)
        if step_text is not None:
            progress.setLabelText(step_text(done, total))

    job.progressed.connect(stepped)
    progress.canceled.connect(loop.quit)
    progress.show()
    if long:
        # Never started once the dialog is gone (the wait ended) or the user cancelled first.
        after_paint(progress, lambda: job.running or job.cancelled.is_set() or job.start(wait=0))
    if not outcome and not progress.wasCanceled():
        loop.exec()
    cancelled = cancellable and progress.wasCanceled() and not outcome
    job.progressed.disconnect(stepped)  # what the worker still reports goes nowhere
    progress.close()
    progress.deleteLater()
    if cancelled or not outcome:
        job.cancel()  # its result, when it comes, is thrown away
        return None
    return outcome[0]


class CampaignOp(QObject):
    """`operation(campaign)` (a core operation: returns a changed copy, or a result whose
    `.campaign` is one; may raise Refused) worked out on a worker, installed as the undo step
    `text`. `done(result)` once installed (the result; None if the campaign was closed
    meanwhile); `failed(exception)` if the operation refused. `installed(result)` when `done`
    comes in a later turn (a step worked out on the worker, over a big campaign): what answers
    `done` can get ready in a turn of its own before it (`turns.later` run in the order posted)."""

    done = Signal(object)
    failed = Signal(object)
    installed = Signal(object)

    def __init__(self, document, operation: Callable, text: str, parent: QObject | None = None):
        super().__init__(parent or document)
        self.document, self.operation, self.text = document, operation, text
        self.result = None
        self._job: Background | None = None
        self._telling = False  # installed, `done` not yet said
        self._starting = False  # in start(), which may install what it worked out at once

    @property
    def running(self) -> bool:
        return self._telling or (self._job is not None and self._job.running)

    def start(self) -> None:
        document = self.document
        # Two copies: the operation may change its own lists, never those of the undo step's "before".
        before, mine, revision = document.snapshot(), document.snapshot(), document.revision
        operation = self.operation
        # The step makes thousands of entries on the worker: the GUI thread's collector leaves
        # them alone meanwhile (see Background), and they are set aside once installed.
        job = self._job = Background(lambda: _worked_out(operation, before, mine), self, hold_collector=True)
        job.finished.connect(lambda outcome: self._install(outcome, revision))
        job.failed.connect(self.failed.emit)
        self._starting = True
        try:
            job.start()  # a step worked out at once is installed before this returns
        finally:
            self._starting = False

    def _install(self, outcome, revision: int) -> None:
        document = self.document
        if document.closed:
            self.done.emit(None)
            return
        if document.revision != revision:  # an edit was saved meanwhile: work it out again
            self.start()
            return
        before, result, rows = outcome
        after = getattr(result, "campaign", result)
        self.result = result
        document.install_step(before, after, self.text, rows)
        keep_what_was_made()
        if self._starting:  # worked out at once (a small campaign): all of it in this turn
            self.done.emit(result)
            return
        # What answers `done` (a dialog closing, a summary opening) waits for a turn of the event
        # loop of its own: installing a step over 10,000 entries is a turn's work on its own (a
        # zero timer started here may run in this very turn; `later` waits for the next).
        self._telling = True
        self.installed.emit(result)
        later(self, lambda: self._tell(result))

    def _tell(self, result) -> None:
        self._telling = False
        self.done.emit(result)


def _worked_out(operation: Callable, before, mine):
    """On the worker: the operation's result, and the rows its redo and undo write (worked out
    here too, so installing it is only the writing)."""
    result = operation(mine)
    after = getattr(result, "campaign", result)
    rows = None
    if after != before:
        forward = row_changes(before, after)
        rows = (forward, undoing(forward, after))
    return before, result, rows
