"""Small widgets and helpers shared by the table dialogs and docks."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QBoxLayout, QCheckBox, QHBoxLayout, QLabel, QLayout, QSpinBox, QWidget

from fate_desk import markup
from fate_desk.i18n import _
from fate_desk.model import ladder_label
from fate_desk.rules import Problem

from .theme import status_colour


def escape(text: str, quote: bool = False) -> str:
    """Escape user text for rich-text labels; apostrophes stay as they are (labels show them)."""
    return markup.escape(text, quote)


class LadderSpinBox(QSpinBox):
    """A rating picker that reads like the ladder: 'Great (+4)'."""

    def __init__(self, parent: QWidget | None = None, minimum: int = -4, maximum: int = 12, value: int = 0):
        super().__init__(parent)
        self.setRange(minimum, maximum)
        self.setValue(value)
        self.setMinimumWidth(130)
        self.editingFinished.connect(self._tidy)

    def _tidy(self) -> None:
        """Typed "sup": once the typing is done the box says "Superb (+5)", as the ladder does."""
        self.lineEdit().setText(self.textFromValue(self.value()))

    def textFromValue(self, value: int) -> str:  # noqa: N802 (Qt's name)
        return ladder_label(value)

    def valueFromText(self, text: str) -> int:  # noqa: N802 (Qt's name)
        # What the skill editor accepts: "Great (+4)", "+4", "4", a rung ("Superb") or its start ("sup").
        if self.specialValueText() and text.strip() == self.specialValueText():
            return self.minimum()
        # Deferred: an import cycle (the sheet package imports this module).
        from .sheet.ladder_delegate import parse_rating  # here: the sheet package imports this module

        rating = parse_rating(text)
        return self.value() if rating is None else max(self.minimum(), min(self.maximum(), rating))

    def validate(self, text: str, pos: int):  # any text; valueFromText makes sense of it
        return QValidator.State.Acceptable, text, pos


def problems_html(problems: list[Problem], heading: str = "") -> str:
    """Problems as a short list in the player's words (errors first)."""
    if not problems:
        return ""
    ordered = sorted(problems, key=lambda p: p.severity.value != "error")
    items = "".join(
        f"<li>{'✖' if p.severity.value == 'error' else '⚠'} {escape(p.message)}</li>" for p in ordered
    )
    return (f"<p><b>{escape(heading)}</b></p>" if heading else "") + f"<ul>{items}</ul>"


def refusal_html(problems: list[Problem]) -> str:
    return (
        f"<p style='color:{status_colour('error')}'><b>{escape(_('This cannot be done as it stands:'))}</b></p>"
        + problems_html(problems)
    )


class StackWhenNarrow(QObject):
    """Lays a row of buttons one under another when its widget is too narrow for them side by
    side (large text in a narrow dock), and back in a row when there is room."""

    def __init__(self, row: QBoxLayout, owner: QWidget):
        super().__init__(owner)
        self.row = row
        self.owner = owner
        owner.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in (QEvent.Type.Resize, QEvent.Type.FontChange, QEvent.Type.Show):
            widgets = [self.row.itemAt(i).widget() for i in range(self.row.count())]
            needed = sum(w.sizeHint().width() for w in widgets if w is not None and not w.isHidden())
            needed += self.row.spacing() * max(0, self.row.count() - 1)
            margins = self.owner.contentsMargins()
            room = self.owner.width() - margins.left() - margins.right() - 24
            self.row.setDirection(QBoxLayout.Direction.LeftToRight if needed <= room
                                  else QBoxLayout.Direction.TopToBottom)
        return False


class _ToggleLabel(QLabel):
    """A wrapping label that ticks its check box when clicked, as a check box's own text does."""

    def __init__(self, text: str, box: QCheckBox):
        super().__init__(text)
        self.box = box
        self.setWordWrap(True)
        self.setBuddy(box)

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if self.box.isEnabled():
            self.box.toggle()
        event.accept()


def wrapping_check(text: str, parent: QWidget | None = None) -> tuple[QWidget, QCheckBox]:
    """A check box whose long text wraps in a narrow dock instead of being cut: the row to add,
    and the check box (its accessible name is the whole text)."""
    row = QWidget(parent)
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    box = QCheckBox()
    box.setAccessibleName(text)
    label = _ToggleLabel(text, box)
    layout.addWidget(box, 0)
    layout.addWidget(label, 1)
    return row, box


class FlowLayout(QLayout):
    """Widgets left to right (right to left when mirrored), going on to a new line when the row is
    full: a row of buttons whose words run longer in some languages wraps instead of widening
    the window. Its narrowest width is its widest widget."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6):
        super().__init__(parent)
        self._items: list = []
        self._spacing = spacing

    def addItem(self, item) -> None:  # noqa: N802 (Qt's name)
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int):  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int):  # noqa: N802
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self):  # noqa: N802
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._arrange(QRect(0, 0, width, 0), place=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802
        super().setGeometry(rect)
        self._arrange(rect, place=True)

    def sizeHint(self) -> QSize:  # noqa: N802
        margins = self.contentsMargins()
        shown = [i for i in self._items if not i.isEmpty()]
        width = sum(i.sizeHint().width() for i in shown) + self._spacing * max(0, len(shown) - 1)
        height = max((i.sizeHint().height() for i in shown), default=0)
        return QSize(width + margins.left() + margins.right(), height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:  # noqa: N802
        margins = self.contentsMargins()
        size = QSize()
        for item in self._items:
            if not item.isEmpty():
                size = size.expandedTo(item.minimumSize())
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _arrange(self, rect: QRect, place: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        mirrored = self.parentWidget() is not None and self.parentWidget().isRightToLeft()
        x, y, line = area.x(), area.y(), 0
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            if x > area.x() and x + hint.width() > area.right() + 1:
                x, y, line = area.x(), y + line + self._spacing, 0
            if place:
                left = area.right() + 1 - (x - area.x()) - hint.width() if mirrored else x
                item.setGeometry(QRect(QPoint(left, y), hint))
            x += hint.width() + self._spacing
            line = max(line, hint.height())
        return y + line - rect.y() + margins.bottom()
