"""Windows that fit the screen they open on: a laptop's 1280x800 holds every window and dialog
of the app with its buttons in sight. A dialog whose fields need more room scrolls inside, its
buttons below the scrolling part; a window opens no larger than the screen's free area."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

# A window frame and title bar, which the window's own size leaves out.
FRAME = QSize(40, 60)


def free_area(widget: QWidget | None = None) -> QRect:
    """The free area of the screen `widget` is on (the primary screen's before it is shown)."""
    screen = (widget.screen() if widget is not None else None) or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1280, 800)


def room(widget: QWidget | None = None) -> QSize:
    """The most a window may take on its screen: the free area less its frame."""
    return free_area(widget).size() - FRAME


def scrolling_body(outer: QVBoxLayout, name: str = "dialogBody") -> QVBoxLayout:
    """A part of a dialog that scrolls when the screen is too short for it (its buttons go in
    `outer`, below it, always in sight); returns the layout to put the fields in."""
    scroll = QScrollArea()
    scroll.setObjectName(name)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # reached through its fields: it scrolls to the focused one
    body = QWidget()
    inner = QVBoxLayout(body)
    inner.setContentsMargins(0, 0, 0, 0)
    scroll.setWidget(body)
    outer.addWidget(scroll, 1)
    return inner


def fit_dialog(dialog: QWidget) -> None:
    """As large as its fields want (its scrolling body whole, where there is room), never larger
    than the screen it opens on."""
    wanted = dialog.sizeHint()
    for scroll in dialog.findChildren(QScrollArea):
        inner = scroll.widget()
        if inner is not None and scroll.objectName() == "dialogBody":
            # QScrollArea asks for at most 24 lines: the dialog asks for all of its body.
            grow = inner.sizeHint().height() + 2 * scroll.frameWidth() - scroll.sizeHint().height()
            width = inner.sizeHint().width() + scroll.verticalScrollBar().sizeHint().width()
            margins = dialog.layout().contentsMargins()
            wanted = QSize(max(wanted.width(), width + margins.left() + margins.right()),
                           wanted.height() + max(0, grow))
    limit = room(dialog.parentWidget() or dialog)
    dialog.resize(min(wanted.width(), limit.width()), min(wanted.height(), limit.height()))


def fit_window(window: QWidget, wanted: QSize) -> None:
    """A main window's first size: `wanted`, or the screen's free area (less the frame) if smaller,
    placed inside that area."""
    area = free_area(window)
    limit = room(window)
    window.resize(min(wanted.width(), limit.width()), min(wanted.height(), limit.height()))
    frame = window.frameGeometry()
    if not area.contains(frame):
        window.move(area.topLeft())
