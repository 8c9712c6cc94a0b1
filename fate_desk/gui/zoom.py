"""Text size for low vision: the application font from 100% to 200% of the platform's, so every
window, dock and dialog grows together (View ▸ Zoom in / Zoom out / Actual size)."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QDockWidget

from .theme import inherit_again, live_widgets, repolish_style_sheets

STEPS = (100, 110, 125, 150, 175, 200)
_BASE = "fateDeskBaseFont"  # the platform's font, kept on the application the first time
_NOW = "fateDeskZoom"
SIZE_RESOLVED = 0x2  # QFont::SizeResolved (PySide6 does not export the enum): a size set by the widget


def current(app: QApplication) -> int:
    return int(app.property(_NOW) or 100)


def clamp(percent: int) -> int:
    return max(STEPS[0], min(STEPS[-1], int(percent)))


def step(percent: int, direction: int) -> int:
    """The next size up (1) or down (-1) from `percent`."""
    if direction > 0:
        return next((s for s in STEPS if s > percent), STEPS[-1])
    return next((s for s in reversed(STEPS) if s < percent), STEPS[0])


def apply_zoom(app: QApplication, percent: int) -> int:
    """Set the text size; widgets with a font of their own (a sheet's big name, a roll's outcome)
    grow by the same ratio, so nothing keeps its old size. Returns the size set."""
    percent = clamp(percent)
    base = app.property(_BASE)
    if not isinstance(base, QFont):
        base = QFont(app.font())
        app.setProperty(_BASE, base)
    before = current(app)
    if percent == before and app.property(_NOW) is not None:
        return percent
    font = QFont(base)
    if base.pointSizeF() > 0:
        font.setPointSizeF(base.pointSizeF() * percent / 100)
    else:
        font.setPixelSize(round(base.pixelSize() * percent / 100))
    ratio = percent / before
    own = [w for w in live_widgets(app) if w.testAttribute(Qt.WidgetAttribute.WA_SetFont)
           and w.font().resolveMask() & SIZE_RESOLVED]
    sizes = [(w, w.font().pointSizeF()) for w in own]
    # Deferred: app_style loads this module (a cycle).
    from . import app_style

    app.setProperty(_NOW, percent)
    app_style.grow(app, percent)  # what Qt sizes in pixels (a dock's buttons) grows with the text
    app.setFont(font)
    QCoreApplication.sendPostedEvents()  # Qt posts some widgets' font changes (the menu bar's): deliver them now
    for widget, size in sizes:
        if size > 0 and shiboken6.isValid(widget):  # the posted events may have deleted it
            grown = QFont(widget.font())
            grown.setPointSizeF(size * ratio)
            widget.setFont(grown)
    # A widget with a style sheet keeps the font it was polished with, and so do those the
    # application's style sheet (high contrast) styled: polish them again, every window at once.
    sheet = app.styleSheet()
    if sheet:
        app.setStyleSheet("")
        app.setStyleSheet(sheet)
    inherit_again(app)
    repolish_style_sheets(app)
    grow_dock_titles(app)
    # Layouts keep each widget's size hints until told: a line edit's grows with its text, and
    # the sheet's banner squeezed its lines below their height after a live zoom to 200%.
    for widget in live_widgets(app):
        if shiboken6.isValid(widget):
            widget.updateGeometry()
    return percent


def grow_dock_titles(app: QApplication) -> None:
    """A dock draws its title in the title font it was made with, whatever the text size since,
    as long as its own font is the application's: each dock on screen gets the application's
    font as its own (asking for antialiased text, as it is drawn anyway, so Qt sees a font of
    its own), and its title and contents follow the text size."""
    font = QFont(app.font())
    font.setStyleStrategy(QFont.StyleStrategy.PreferAntialias)
    for widget in live_widgets(app):
        if isinstance(widget, QDockWidget) and shiboken6.isValid(widget):
            widget.setFont(font)
