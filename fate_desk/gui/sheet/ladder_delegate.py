"""Edit a rating by its rung of the ladder: type "Fair", "fa", "+2", "2" or "-1", or pick from the list.

Nothing is applied while the user types; Enter, leaving the field or picking from the list applies it.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QStyle, QStyledItemDelegate, QStyleOptionComboBox

from fate_desk.i18n import _, language
from fate_desk.model import LADDER, ladder_label, ladder_name

TOP, BOTTOM = 8, -2  # Legendary (+8) down to Terrible (-2)
_NUMBER = re.compile(r"^\(?\s*([+\-−]?\s*\d{1,2})\s*\)?$")


def parse_rating(text: str) -> int | None:
    """The rating a typed text names: a number ("+2", "2", "-1"), a rung ("Fair", "Fair (+2)") or
    the start of one ("fa"); where a start fits several rungs, the one nearest Mediocre wins."""
    text = text.strip().replace("−", "-")
    if not text:
        return None
    if found := _NUMBER.match(text):
        return int(found.group(1).replace(" ", ""))
    label = re.match(r"^(.*?)\s*\(([+\-]?\d+)\)\s*$", text)  # "Fair (+2)" as the list shows it
    if label:
        return int(label.group(2))
    word = text.casefold()
    # The rung's word in the interface language, or in English (the ladder's own names).
    starts = [value for value, name in LADDER.items()
              if name.casefold().startswith(word) or (ladder_name(value) or name).casefold().startswith(word)]
    return min(starts, key=lambda v: (abs(v), -v)) if starts else None


class LadderDelegate(QStyledItemDelegate):
    """An editable combo of ladder rungs; typing filters nothing and commits nothing until Enter."""

    def createEditor(self, parent, option, index):
        combo = QComboBox(parent)
        combo.setEditable(True)
        combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        combo.setCompleter(None)  # no inline completion: "F" must not turn into "Fantastic (+6)"
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        current = index.data(Qt.ItemDataRole.EditRole)
        top, bottom = max(TOP, current), min(BOTTOM, current)
        for rating in range(top, bottom - 1, -1):
            combo.addItem(ladder_label(rating), rating)
        combo.setAccessibleName(_("Rating"))
        combo.setToolTip(_('Type a rung or a number ("Fair", "fa", "+2") and press Enter'))
        # A pick from the list applies at once, like pressing Enter (typing never activates).
        combo.activated.connect(lambda _index, c=combo: self._picked(c))
        return combo

    def setEditorData(self, editor: QComboBox, index) -> None:
        position = editor.findData(index.data(Qt.ItemDataRole.EditRole))
        editor.setCurrentIndex(max(0, position))
        editor.lineEdit().selectAll()

    def setModelData(self, editor: QComboBox, model, index) -> None:
        position = editor.currentIndex()
        if position >= 0 and editor.currentText() == editor.itemText(position):
            rating = editor.itemData(position)  # a rung picked (or left) as the list shows it: its data, any language
        else:
            rating = parse_rating(editor.currentText())
        if rating is not None:
            model.setData(index, rating, Qt.ItemDataRole.EditRole)

    def sizeHint(self, option, index):
        """Room for the rung and the drop-down arrow beside it: the column fits the open editor."""
        hint = super().sizeHint(option, index)
        combo = QStyleOptionComboBox()
        combo.editable = True
        widget = option.widget
        style = widget.style() if widget is not None else QApplication.style()
        widest = _widest_rung(option.font.key(), language(), option.fontMetrics)
        text = QSize(widest + 8, option.fontMetrics.height())
        needed = style.sizeFromContents(QStyle.ContentsType.CT_ComboBox, combo, text, widget)
        return QSize(max(hint.width(), needed.width()), max(hint.height(), needed.height()))

    def updateEditorGeometry(self, editor, option, index) -> None:
        """Over the cell, and wider leftwards when it needs to be: its right edge (the drop-down
        arrow) stays inside the list, which the rating column ends."""
        rect = option.rect
        width = max(rect.width(), editor.sizeHint().width())
        rect.setLeft(rect.right() + 1 - width)
        editor.setGeometry(rect)

    def _picked(self, editor: QComboBox) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)


_WIDEST: dict[tuple[str, str], int] = {}


def _widest_rung(font_key: str, language_code: str, metrics) -> int:
    """The width of the ladder's widest rung label in this font and language (every row asks,
    at each layout pass; measured once for each)."""
    key = (font_key, language_code)
    if key not in _WIDEST:
        _WIDEST[key] = max(metrics.horizontalAdvance(ladder_label(r)) for r in range(BOTTOM, TOP + 1))
    return _WIDEST[key]
