"""The application's style, set here and nowhere else: the platform's or Fusion, and once the text
has been made larger the same style with the parts Qt sizes in pixels rather than from the text
(a dock's close and float buttons, small icons) grown by the same ratio as the text."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QDockWidget, QProxyStyle, QStyle, QStyleFactory

_PLATFORM = "fateDeskPlatformStyle"  # the platform's style, kept the first time a style is set
_KEY = "fateDeskStyle"  # the style in use now (the platform's or "Fusion")

_SIZES = frozenset({
    QStyle.PixelMetric.PM_SmallIconSize,  # dock title buttons' icons (and menus', lists')
    QStyle.PixelMetric.PM_DockWidgetTitleBarButtonMargin,  # room round them: the hit area
})
# (A tab's close button is ours, tab_close.py, and grows with the text by itself.)


class GrownStyle(QProxyStyle):
    """`key`'s style with the pixel sizes in `_SIZES` at `percent` of its own. Set only once the
    text is larger than 100%: each of its measures is a call into Python, which Qt makes some
    450 times a keystroke; back at 100% it stays until the next theme, measuring as the plain one."""

    def __init__(self, key: str, percent: int):
        super().__init__(key)
        self.percent = percent

    def pixelMetric(self, metric, option=None, widget=None):  # noqa: N802 (Qt's name)
        value = super().pixelMetric(metric, option, widget)
        if metric in _SIZES and self.percent != 100:
            return round(value * self.percent / 100)
        return value


def platform_key(app: QApplication) -> str:
    """The name of the style the platform gave the application."""
    key = app.property(_PLATFORM)
    if not key:
        key = app.style().name()  # nothing of ours has been set yet: this is the platform's
        app.setProperty(_PLATFORM, key)
    return key


def use(app: QApplication, key: str | None = None) -> None:
    """Make `key`'s style (None: the one in use, or the platform's) the application's, for the
    text size in use. Setting a style reaches every widget, and a dock's buttons take their size
    from the new one."""
    # Deferred: zoom loads this module (a cycle), and start-up loads zoom only for a larger text.
    from . import zoom

    platform = platform_key(app)
    key = key or app.property(_KEY) or platform
    percent = zoom.current(app)
    style = GrownStyle(key, percent) if percent != 100 else (QStyleFactory.create(key) or QStyleFactory.create(platform))
    app.setStyle(style)
    app.setProperty(_KEY, key)


def _grown(app: QApplication) -> GrownStyle | None:
    """The GrownStyle in use: the application's style, or under its style sheet (high contrast)."""
    style = app.style()
    return next((s for s in (style, *style.children()) if isinstance(s, GrownStyle)), None)


def grow(app: QApplication, percent: int) -> None:
    """The style's pixel sizes for text size `percent`: the style in use if it can grow (only the
    dock buttons keep a size they measured, and are told), else a style that can."""
    style = _grown(app)
    if style is None:
        if percent != 100:
            use(app)
        return
    if style.percent == percent:
        return
    style.percent = percent
    # Deferred: theme loads this module (a cycle).
    from .theme import live_widgets

    for widget in live_widgets(app):
        if isinstance(widget, QDockWidget) and shiboken6.isValid(widget):
            for button in widget.findChildren(QAbstractButton, options=Qt.FindChildOption.FindDirectChildrenOnly):
                if button.objectName().startswith("qt_dockwidget_"):  # they keep their icon's size till told
                    QCoreApplication.sendEvent(button, QEvent(QEvent.Type.StyleChange))
            QCoreApplication.sendEvent(widget, QEvent(QEvent.Type.StyleChange))  # new icons, title laid out again
