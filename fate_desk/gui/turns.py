"""Work put off to later turns of the event loop, one piece a turn.

A step that changes many entries at once (an import of 1,000 characters, its undo) leaves
several things to catch up: the navigator's rows, the GM pool's tooltip, the first sheet, a
summary. Each is short; put off with a zero timer of its own they would all run in the same
turn (Qt handles every call posted before a turn in that turn), one wait as long as all of them
together. Put off here, each has a turn of its own, in the order they came, and the window
handles the user's input between them: each waits for a timer of a millisecond, started when
the one before it is done, so the event loop has polled for input before it runs (a call
posted with a zero timer may run in the very turn that posted it).
"""

from __future__ import annotations

from collections import deque
from typing import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from shiboken6 import isValid

NEXT_MS = 1
_waiting: deque[tuple[QObject, Callable[[], object]]] = deque()
_posted = False


def later(owner: QObject, work: Callable[[], object]) -> None:
    """Run `work` in a turn of the event loop of its own, after the work put off before it;
    never if `owner` is deleted first."""
    _waiting.append((owner, work))
    _post()


def again(owner: QObject, work: Callable[[], object]) -> None:
    """Run `work` in the next turn of the event loop of its own, before the work put off before
    it: the next part of a piece of work done a part a turn (the parts come in one after the
    other, as the whole would have, and what was put off after it waits for the last)."""
    _waiting.appendleft((owner, work))
    _post()


def _post() -> None:
    global _posted
    if not _posted and _waiting:
        _posted = True
        QTimer.singleShot(NEXT_MS, _next)


def _next() -> None:
    global _posted
    _posted = False
    while _waiting:
        owner, work = _waiting.popleft()
        if isValid(owner):
            try:
                work()
            finally:
                _post()  # the rest in the turns that follow, even if this one failed
            return


def after_paint(widget, work: Callable[[], object], give_up_ms: int = 500) -> None:
    """Run `work` in a turn of its own (`later`) once `widget` has next painted, or after
    `give_up_ms` if it does not paint (a window started minimised); never if `widget` is
    deleted first. What the user waits to see comes first, and the event loop polls for input
    between that paint and `work`."""
    _AfterPaint(widget, work, give_up_ms)


class _AfterPaint(QObject):
    def __init__(self, widget, work: Callable[[], object], give_up_ms: int):
        super().__init__(widget)
        self.widget, self.work, self.done = widget, work, False
        widget.installEventFilter(self)
        QTimer.singleShot(give_up_ms, self, self._due)

    def eventFilter(self, watched, event) -> bool:
        if not self.done and watched is self.widget and event.type() == QEvent.Type.Paint:
            self._due()
        return False

    def _due(self) -> None:
        if not self.done:
            self.done = True
            self.widget.removeEventFilter(self)
            later(self.widget, self.work)
            self.deleteLater()
