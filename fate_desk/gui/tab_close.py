"""A tab's close button, and a dock's close and float icons, drawn in the text colour: the
style's own grey crosses read at 2.4:1 to 3:1 in both palettes (3.9:1 in high contrast), where a
control a person must find needs 3:1 and we hold 4.5:1 (7:1 in high contrast) as for text."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QAbstractButton, QDockWidget, QStyle, QTabBar, QWidget

from fate_desk.i18n import _

from .theme import is_high_contrast


class TabCloseButton(QAbstractButton):
    """A cross in the tab bar's text colour (the highlight's text on the highlight when the
    pointer is on it); as large as the text beside it, so it grows with the text size."""

    def __init__(self, bar: QTabBar):
        super().__init__(bar)
        self.bar = bar
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Ctrl+W and the tab's menu close it from the keyboard
        self.setCursor(Qt.CursorShape.ArrowCursor)
        self.setAccessibleName(_("Close tab"))
        self.setToolTip(_("Close tab"))
        self.clicked.connect(self._close)
        bar.currentChanged.connect(self.update)  # in high contrast the tab in front is drawn otherwise

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        side = max(16, self.fontMetrics().height())
        return QSize(side, side)

    def index(self) -> int:
        """The tab this button closes, wherever it has been dragged to."""
        side = QTabBar.ButtonPosition(self.bar.style().styleHint(QStyle.StyleHint.SH_TabBar_CloseButtonPosition,
                                                                 None, self.bar))
        return next((i for i in range(self.bar.count()) if self.bar.tabButton(i, side) is self), -1)

    def _close(self) -> None:
        index = self.index()
        if index >= 0:
            self.bar.tabCloseRequested.emit(index)

    def colours(self) -> tuple:
        """The cross's colour and what is behind it, as painted now: in high contrast the tab in
        front is yellow (the style sheet's), and the cross on it black as its name is."""
        palette = self.palette()
        hovered = self.underMouse() or self.isDown()
        if hovered or (is_high_contrast(palette) and self.index() == self.bar.currentIndex()):
            return palette.color(QPalette.ColorRole.HighlightedText), palette.color(QPalette.ColorRole.Highlight)
        return palette.color(QPalette.ColorRole.WindowText), palette.color(QPalette.ColorRole.Window)

    def paintEvent(self, _event) -> None:  # noqa: N802
        # Ended when the paint ends, whoever still holds this frame (a traceback, a profiler).
        with QPainter(self) as painter:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            pen, back = self.colours()
            area = QRectF(self.rect()).adjusted(1, 1, -1, -1)
            if self.underMouse() or self.isDown():
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(back)
                painter.drawRoundedRect(area, 3, 3)
            inset = area.width() * 0.28
            cross = area.adjusted(inset, inset, -inset, -inset)
            painter.setPen(QPen(pen, max(1.5, area.width() / 9), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            painter.drawLine(cross.topLeft(), cross.bottomRight())
            painter.drawLine(QPointF(cross.right(), cross.top()), QPointF(cross.left(), cross.bottom()))


class ClosableTabBar(QTabBar):
    """A tab bar whose tabs get our close button as they are put in. Swapped in later, once the
    tab widget had laid itself out, the style's own button (taller than ours) made the bar
    taller for a moment, and every sheet open was laid out twice more, once at each height."""

    def tabInserted(self, index: int) -> None:  # noqa: N802 (Qt's name)
        super().tabInserted(index)
        give_close_button(self, index)


def give_close_button(bar: QTabBar, index: int) -> None:
    """Put our close button on the tab at `index`, where the style puts its own."""
    side = QTabBar.ButtonPosition(bar.style().styleHint(QStyle.StyleHint.SH_TabBar_CloseButtonPosition, None, bar))
    current = bar.tabButton(index, side)
    if isinstance(current, TabCloseButton):
        return
    bar.setTabButton(index, side, TabCloseButton(bar))
    if isinstance(current, QWidget):
        current.deleteLater()


def title_button_icon(kind: str, colour, side: int, ratio: float) -> QIcon:
    """A dock title button's icon, `side` pixels square (at the screen's `ratio`): a cross
    ("close") or two overlapping windows ("float"), in `colour`, with strokes a text's weight."""
    pixmap = QPixmap(round(side * ratio), round(side * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    width = max(1.5, side / 8)
    painter.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.MiterJoin))
    area = QRectF(0, 0, side, side).adjusted(side * 0.2, side * 0.2, -side * 0.2, -side * 0.2)
    if kind == "close":
        painter.drawLine(area.topLeft(), area.bottomRight())
        painter.drawLine(QPointF(area.right(), area.top()), QPointF(area.left(), area.bottom()))
    else:
        step = area.width() * 0.3
        painter.drawRect(area.adjusted(step, 0, 0, -step))
        painter.drawRect(area.adjusted(0, step, -step, 0))
    painter.end()
    return QIcon(pixmap)


_TITLE_BUTTONS = {"qt_dockwidget_closebutton": "close", "qt_dockwidget_floatbutton": "float"}
_DRAWN: dict[tuple, QIcon] = {}  # (kind, colour, side, ratio): the icon drawn for that look


def readable_title_buttons(dock: QDockWidget) -> None:
    """Give the dock's close and float buttons icons in the title's text colour, at the size the
    style asks (it grows with the text). Qt gives them the style's grey icons again whenever the
    style changes or the dock floats or docks: call this after each (access.DockTabNames does)."""
    side = dock.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, dock)
    colour = dock.palette().color(QPalette.ColorRole.WindowText)
    for button in dock.findChildren(QAbstractButton, options=Qt.FindChildOption.FindDirectChildrenOnly):
        kind = _TITLE_BUTTONS.get(button.objectName())
        if kind is not None:
            # Drawn once for each look; a button that still has it is left alone (the window asks
            # again whenever a child comes or a dock's style changes, many times in a busy second).
            look = (kind, colour.rgba(), side, button.devicePixelRatioF())
            drawn = _DRAWN.get(look)
            if drawn is None:
                drawn = _DRAWN[look] = title_button_icon(kind, colour, side, look[3])
            if button.icon().cacheKey() != drawn.cacheKey():
                button.setIcon(drawn)
