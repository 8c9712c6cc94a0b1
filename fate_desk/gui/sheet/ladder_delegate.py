"""Edit a rating by picking its rung of the ladder: 'Great (+4)', never a bare number."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate

from fate_desk.model import ladder_label

TOP, BOTTOM = 8, -2  # Legendary (+8) down to Terrible (-2)


class LadderDelegate(QStyledItemDelegate):
    """A combo box of ladder rungs; choosing one applies it at once."""

    def createEditor(self, parent, option, index):
        combo = QComboBox(parent)
        current = index.data(Qt.ItemDataRole.EditRole)
        top, bottom = max(TOP, current), min(BOTTOM, current)
        for rating in range(top, bottom - 1, -1):
            combo.addItem(ladder_label(rating), rating)
        combo.setAccessibleName("Rating")
        combo.activated.connect(lambda _=0, c=combo: self._commit(c))
        return combo

    def setEditorData(self, editor: QComboBox, index) -> None:
        position = editor.findData(index.data(Qt.ItemDataRole.EditRole))
        editor.setCurrentIndex(max(0, position))

    def setModelData(self, editor: QComboBox, model, index) -> None:
        model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)

    def _commit(self, editor: QComboBox) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor, QStyledItemDelegate.EndEditHint.NoHint)
