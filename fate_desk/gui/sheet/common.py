"""Small helpers shared by the sheet sections."""

from __future__ import annotations

import re

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QAction, QFont, QTextOption
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QPlainTextEdit, QWidget

from fate_desk.i18n import _

from ..icons import icon
from ..theme import status_colour


def problem_style() -> str:
    """Borders and words for fields with problems, in colours that read in the palette in use."""
    error, warning = status_colour("error"), status_colour("warning")
    return f"""
QLineEdit[problem="error"], QPlainTextEdit[problem="error"], QFrame[problem="error"] {{
    border: 2px solid {error}; border-radius: 3px; }}
QLineEdit[problem="warning"], QPlainTextEdit[problem="warning"], QFrame[problem="warning"] {{
    border: 2px dashed {warning}; border-radius: 3px; }}
QGroupBox[problem="error"]::title {{ color: {error}; }}
QGroupBox[problem="warning"]::title {{ color: {warning}; }}
QLabel[problem="error"] {{ color: {error}; }}
QLabel[problem="warning"] {{ color: {warning}; }}
"""  # i18n: not shown (a style sheet)


def scaled(widget: QWidget, scale: float, bold: bool = False, spaced: bool = False) -> None:
    """Type at `scale` times the application's size, taken from the app font so a redraw never
    compounds it; `spaced` letter-spaces small capitals (the paper sheet's captions)."""
    font = QApplication.font(widget)
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(bold)
    if spaced:
        font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 108)
    widget.setFont(font)


def style_hint(label: QLabel) -> None:
    """A secondary line the user still has to read: set apart by italics, not by a pale grey
    (a disabled label's grey was about 1.6:1 against the window; text colour passes 4.5:1 in
    both palettes and follows a theme change)."""
    font = label.font()
    font.setItalic(True)
    label.setFont(font)


# A run without a space this long is no word anyone typed: its text breaks anywhere. Looking for
# a word boundary along a word that has none made laying it out cost the square of its length
# (a 1 MB word: 90 s); breaking anywhere costs one pass.
_UNBROKEN = re.compile(r"\S{500}")


def wrap_for(widget: QPlainTextEdit, text: str) -> None:
    """Break lines at word boundaries, unless the text holds a run no word is that long."""
    mode = (QTextOption.WrapMode.WrapAnywhere if _UNBROKEN.search(text)
            else QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    if widget.wordWrapMode() != mode:
        widget.setWordWrapMode(mode)


def set_text(widget: QLineEdit | QPlainTextEdit, text: str) -> None:
    """Show `text` without firing edit signals, and leave the widget alone if it already shows it."""
    current = widget.text() if isinstance(widget, QLineEdit) else widget.toPlainText()
    if current == text:
        return
    with QSignalBlocker(widget):
        if isinstance(widget, QLineEdit):
            position = widget.cursorPosition()
            widget.setText(text)
            widget.setCursorPosition(min(position, len(text)))
        else:
            wrap_for(widget, text)
            widget.setPlainText(text)


def mark(widget: QWidget, severity: str | None, message: str = "") -> None:
    """Flag a field with the worst problem it has (styled by problem_style()), or clear the flag."""
    value = severity or ""
    if widget.property("problem") == value and widget.property("problemMessage") == message:
        return
    widget.setProperty("problem", value)
    widget.setProperty("problemMessage", message)
    widget.setToolTip(message)
    # Not by colour alone: a field with a problem carries the problem's sign (✖ or ⚠) and says it.
    if value == "error":
        said = _("Rule error: {message}").format(message=message)
    elif value == "warning":
        said = _("Warning: {message}").format(message=message)
    else:
        said = _("Note: {message}").format(message=message)
    widget.setAccessibleDescription(said if value else "")
    if isinstance(widget, QLineEdit):
        sign = widget.findChild(QAction, "problemSign")
        if sign is None and value:
            sign = QAction(widget)
            sign.setObjectName("problemSign")
            widget.addAction(sign, QLineEdit.ActionPosition.TrailingPosition)
        if sign is not None:
            sign.setVisible(bool(value))
            if value:
                sign.setIcon(icon("error" if value == "error" else "warning"))
                sign.setToolTip(message)
    widget.style().unpolish(widget)
    widget.style().polish(widget)
    widget.update()


_MEASURED = 10_000  # characters: past the longest stunt Fate Desk keeps (fate_desk.model.limits)


class GrowingTextEdit(QPlainTextEdit):
    """A multi-line field that grows with its text (no inner scrollbar) and passes Tab on."""

    def __init__(self, min_lines: int = 3, parent: QWidget | None = None):
        super().__init__(parent)
        self.min_lines = min_lines
        self.setTabChangesFocus(True)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._measured: tuple | None = None  # (width, text, font) last measured: a layout resizes often
        self.textChanged.connect(self._fit)
        self._fit()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        metrics = self.fontMetrics()
        text = self.toPlainText()
        if len(text) > _MEASURED:
            # Longer than any stunt Fate Desk keeps (kept from an older file): a field of its own
            # height that scrolls, rather than measuring every line of it on each change.
            self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            height = 12 * metrics.lineSpacing() + 2 * int(self.document().documentMargin()) + 2 * self.frameWidth()
            if self.height() != height:
                self.setFixedHeight(height)
            return
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # The contents' width is the viewport's: no scrollbars (wrapped lines, none vertical) and
        # no viewport margins. Not asked of the viewport itself: the first QWidget Qt hands back
        # makes PySide6 load every widget class it might be (about 3 ms of the first sheet).
        width = max(40, self.contentsRect().width() - 2 * int(self.document().documentMargin()))
        key = (width, text, self.font().key())
        if key == self._measured:
            return
        self._measured = key
        flags = int(Qt.TextFlag.TextWordWrap)
        needed = metrics.boundingRect(0, 0, width, 100_000, flags, text or "x").height()
        lines = max(self.min_lines, -(-needed // metrics.lineSpacing()))
        height = lines * metrics.lineSpacing() + 2 * int(self.document().documentMargin()) + 2 * self.frameWidth() + 4
        if self.height() != height:
            self.setFixedHeight(height)
