"""Docks at the bottom of the window (the conflict panel) give way to the sheet above them, so
far and no further: the open sheet's own body keeps at least a quarter of the window's height
when a bottom dock opens or the window is resized. The height the GM drags a dock to is left
alone, also when another dock (the dice, the history) opens or closes beside the sheet."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow

SHARE = 0.25  # of the window's height, for the sheet's body (the dock's table and buttons need the rest)


class SheetRoom(QObject):
    def __init__(self, window: QMainWindow):
        super().__init__(window)
        self.window = window
        self._pending = False
        window.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        kind = event.type()
        if watched is self.window:
            if kind == QEvent.Type.ChildPolished and isinstance(event.child(), QDockWidget):
                event.child().installEventFilter(self)
            elif kind in (QEvent.Type.Resize, QEvent.Type.FontChange):  # a larger text size needs room too
                self._later()
        elif kind == QEvent.Type.Show and isinstance(watched, QDockWidget) and watched in self._bottom_docks():
            self._later()
        return False

    def _later(self) -> None:
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self.fit)  # not after the window is gone

    def _bottom_docks(self) -> list[QDockWidget]:
        # A dock is always the window's own child, floating or not: looking only there spares
        # PySide6 wrapping every widget of the sheet (bench_startup.py: 11 Qt classes built
        # before a first start's sheet takes a key).
        return [dock for dock in self.window.findChildren(QDockWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
                if dock.isVisible() and not dock.isFloating()
                and self.window.dockWidgetArea(dock) == Qt.DockWidgetArea.BottomDockWidgetArea]

    def fit(self) -> None:
        self._pending = False
        tabs = getattr(self.window, "tabs", None)
        sheet = tabs.current_editor() if tabs is not None else None
        scroll = getattr(sheet, "scroll", None)
        docks = self._bottom_docks()
        if scroll is None or not docks or not scroll.isVisible():
            return
        short = int(self.window.height() * SHARE) - scroll.viewport().height()
        for dock in docks:
            if short <= 0:
                return
            # Never below what shows a panel's table and buttons (the encounter dock says how much).
            floor = max(dock.minimumSizeHint().height(), int(dock.property("workingHeight") or 0))
            target = max(floor, dock.height() - short)
            if target < dock.height():
                short -= dock.height() - target
                self.window.resizeDocks([dock], [target], Qt.Orientation.Vertical)
