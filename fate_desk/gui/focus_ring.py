"""A focus ring 3 px wide around whatever has the keyboard focus, in every theme and style.

Fusion marks a focused field with a thin highlight edge and a button with a dotted line that
can be hard to see; this ring is drawn over the window in the highlight colour, outside the
widget's edge, and follows the widget as it moves, resizes or scrolls.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QPainter, QPalette, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QMenu, QMenuBar, QWidget

WIDTH = 3  # pixels; WCAG 2.4.13 asks for at least 2


class _Ring(QWidget):
    """The ring itself: a see-through child of one window, drawn above everything in it."""

    def __init__(self, window: QWidget):
        super().__init__(window)
        self.setObjectName("focusRing")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.clip = QRect()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        # Ended when the paint ends, whoever still holds this frame (a traceback, a profiler).
        with QPainter(self) as painter:
            painter.setClipRect(self.clip)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(QApplication.palette().color(QPalette.ColorRole.Highlight), WIDTH))  # the theme in use
            painter.setBrush(Qt.BrushStyle.NoBrush)
            half = WIDTH / 2
            painter.drawRoundedRect(self.rect().toRectF().adjusted(half, half, -half, -half), 4, 4)


class FocusRing(QObject):
    """Follows the application's focus and keeps one ring in the focused widget's window."""

    def __init__(self, app: QApplication):
        super().__init__(app)
        self.target: QWidget | None = None
        self._shown: _Ring | None = None  # the ring on screen now (our own widget, safe to touch)
        self._watched: list[QWidget] = []
        app.focusChanged.connect(self._focus_changed)

    def ring(self) -> _Ring | None:
        """The ring in the focused widget's window (None when nothing shows one)."""
        if self.target is None or not shiboken6.isValid(self.target):
            return None
        return self.target.window().findChild(_Ring, "focusRing", Qt.FindChildOption.FindDirectChildrenOnly)

    def _focus_changed(self, _old, new) -> None:
        # `_old` may be a widget in the middle of being destroyed: never touch it.
        self._unwatch()
        self.target = new if _wants_ring(new) else None
        if self.target is None:
            # The focused widget went away (deleted, or its window is closing). The ring is not
            # touched now, while a window may be being torn down, but a turn later: if its window
            # is still there and nothing has the focus, it is hidden rather than left drawn
            # around the spot where the widget was.
            QTimer.singleShot(0, self, self._hide_if_unfocused)
            return
        if self._window_of(self._shown) is not self.target.window():
            self._hide_shown()
        if self.target is None:
            return
        window = self.target.window()
        chain = self.target
        while chain is not None:  # a move of any ancestor (a scroll) moves the target
            chain.installEventFilter(self)
            self._watched.append(chain)
            if chain is window:
                break
            chain = chain.parentWidget()
        self._place()

    def _hide_if_unfocused(self) -> None:
        if self.target is None:
            self._hide_shown()

    def _unwatch(self) -> None:
        for widget in self._watched:
            if shiboken6.isValid(widget):
                widget.removeEventFilter(self)
        self._watched = []

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show):
            self._place()
        elif event.type() == QEvent.Type.Hide and watched is self.target:
            self._hide_shown()
        return False

    def _hide_shown(self) -> None:
        if self._shown is not None and shiboken6.isValid(self._shown):
            self._shown.hide()
        self._shown = None

    @staticmethod
    def _window_of(ring):
        return ring.parentWidget() if ring is not None and shiboken6.isValid(ring) else None

    def _place(self) -> None:
        target = self.target
        if target is None or not shiboken6.isValid(target):
            return
        window = target.window()
        ring = window.findChild(_Ring, "focusRing", Qt.FindChildOption.FindDirectChildrenOnly) or _Ring(window)
        self._shown = ring
        if not target.isVisible():
            ring.hide()
            return
        top_left = target.mapTo(window, target.rect().topLeft())
        outline = QRect(top_left, target.size()).adjusted(-WIDTH, -WIDTH, WIDTH, WIDTH)
        clip = window.rect()
        holder = target.parentWidget()
        while holder is not None and holder is not window:  # keep the ring inside a scrolled view
            if isinstance(holder, QAbstractScrollArea):
                viewport = holder.viewport()
                clip = clip.intersected(QRect(viewport.mapTo(window, viewport.rect().topLeft()),
                                              viewport.size()).adjusted(-WIDTH, -WIDTH, WIDTH, WIDTH))
            holder = holder.parentWidget()
        area = outline.intersected(clip)
        if area.isEmpty():
            ring.hide()
            return
        ring.clip = QRect(area.topLeft() - outline.topLeft(), area.size())
        ring.setGeometry(outline)
        ring.show()
        ring.raise_()
        ring.update()


def _wants_ring(widget) -> bool:
    """Every focused widget but menus, whose highlighted item already shows where the keys are."""
    return (isinstance(widget, QWidget) and not isinstance(widget, (QMenu, QMenuBar))
            and widget.window().windowType() != Qt.WindowType.Popup and widget.isVisible())
