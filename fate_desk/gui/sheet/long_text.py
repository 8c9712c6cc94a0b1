"""Long text on a sheet, laid out only when it is asked for, and wrapped in a time that grows with
its length: notes that were one unbroken 1 MB word took 90 s to open their sheet (Qt looks for
a word boundary again and again along a word it cannot break, so its cost grew with the square
of the word's length; breaking anywhere costs one pass)."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QWidget

from fate_desk.i18n import _, format_count

from .common import set_text, style_hint, wrap_for

# More than this is laid out when asked for (a click), never while the sheet is built: about a
# tenth of a second of layout, and more than most characters' notes ever hold.
AT_ONCE = 20_000
class LongTextGate(QWidget):
    """Stands in for a text field whose text is long: says how long, and shows the field (with
    its text) at a click. Short text goes straight into the field. `button`: its button's words
    ("Show the notes")."""

    def __init__(self, field: QPlainTextEdit, button: str, parent=None):
        super().__init__(parent)
        self.field = field
        self.loaded = False  # the field holds the text (and shows)
        self._text = ""
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.said = QLabel()
        self.said.setWordWrap(True)
        style_hint(self.said)
        self.button = QPushButton(button)
        self.button.clicked.connect(self.load)
        layout.addWidget(self.said, 1)
        layout.addWidget(self.button)
        self.hide()

    def show_text(self, text: str) -> None:
        """The field shows `text` now, or, for long text not asked for yet, this stand-in does."""
        self._text = text
        if self.loaded or len(text) <= AT_ONCE:
            self.load()
            return
        self.field.hide()
        self.said.setText(_("These notes are {count} characters long: they show when asked for, so the sheet "
                            "opens at once.").format(count=format_count(len(text))))
        self.show()

    def load(self) -> None:
        asked = self.window().focusWidget() is self.button  # the keyboard stays where it was asked from
        self.loaded = True
        self.hide()
        wrap_for(self.field, self._text)
        set_text(self.field, self._text)
        self.field.show()
        if asked:
            self.field.setFocus()
