"""Pieces every GM editor shares: the editor base, a ladder combo, an editable list of lines."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox, QFrame, QHBoxLayout, QLabel, QListWidget, QListWidgetItem, QPushButton, QScrollArea,
    QSpinBox, QVBoxLayout, QWidget,
)

from fate_desk.i18n import _
from fate_desk.model import ladder_label
from fate_desk.rules import Level

from ..icons import icon
from ..kinds import display_name
from ..read_only import lock_if_read_only
from ..sheet.common import problem_style, set_text

__all__ = ["GmEditor", "LadderCombo", "LinesEditor", "show_problems", "set_spin", "set_text", "set_checked"]


def list_with_buttons(owner: QWidget, view: QWidget, add_text: str,
                      remove_name: str) -> tuple[QPushButton, QPushButton]:
    """Lay out `view` with Add and Remove buttons under it, filling `owner`; `remove_name` is what
    a screen reader hears for Remove (one "Remove" per list, heard apart)."""
    add_button = QPushButton(icon("add"), add_text)
    remove_button = QPushButton(icon("remove"), _("Remove"))
    remove_button.setAccessibleName(remove_name)
    buttons = QHBoxLayout()
    buttons.addWidget(add_button)
    buttons.addWidget(remove_button)
    buttons.addStretch(1)
    layout = QVBoxLayout(owner)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(view)
    layout.addLayout(buttons)
    return add_button, remove_button


class GmEditor(QWidget):
    """Base for the prep editors: wraps a form in a scroll area and refreshes on every change."""

    def __init__(self, document, entity_id: str, form: QWidget, parent=None):
        super().__init__(parent)
        self.document = document
        self.entity_id = entity_id
        self.form = form
        form.setStyleSheet(problem_style())
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # reached through its fields: it scrolls to the focused one
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(form)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.scroll)
        document.entityChanged.connect(self._changed)
        document.entriesChanged.connect(self._changed_many)
        document.entityAdded.connect(self._others_changed)
        document.entityRemoved.connect(self._others_changed)
        document.entriesAdded.connect(self._many_came_or_went)
        document.entriesRemoved.connect(self._many_came_or_went)
        # Shown while a big campaign loads, it saw only the entries in so far (no entry is
        # "added" as the rest come in).
        document.loaded.connect(self._campaign_whole)

    @property
    def entity(self):
        return self.document.entity(self.entity_id)

    def title(self) -> str:
        entity = self.entity
        return display_name(entity) if entity is not None else _("(deleted)")

    def edit(self, operation, text: str, merge_key: object = None) -> bool:
        return self.document.edit(self.entity_id, operation, text, merge_key)

    def _changed(self, entity_id: str) -> None:
        if entity_id == self.entity_id:
            self.refresh()
        else:
            self._others_changed(entity_id)

    def _changed_many(self, entity_ids: list[str]) -> None:
        """A step over many entries changed these: drawn again once, whole if this one is among
        them (what shows other entries is part of the whole), else what shows the others."""
        if self.entity_id in entity_ids:
            self.refresh()
        elif entity_ids:
            self._others_changed("")

    def _others_changed(self, entity_id: str) -> None:
        """Another entry changed; editors that show other entries (scenes, sessions) override this."""

    def _many_came_or_went(self, _entity_ids: list) -> None:
        """A step over many entries: the others looked at once, not once per entry."""
        self._others_changed("")

    def _campaign_whole(self) -> None:
        self._others_changed("")

    def refresh(self) -> None:
        entity = self.entity
        if entity is not None:
            self.show_entity(entity)
            lock_if_read_only(self.document, self)  # rows a redraw adds are locked too

    def show_entity(self, entity) -> None:
        raise NotImplementedError

    def focus_path(self, path: str) -> bool:
        name = getattr(self, "name_edit", None)
        if name is None:
            return False
        name.setFocus(Qt.FocusReason.OtherFocusReason)
        return True


class LadderCombo(QComboBox):
    """Ratings by their ladder names, 'Great (+4)'; `ratingChosen` fires only on the user's pick."""

    ratingChosen = Signal(int)

    def __init__(self, low: int = -2, high: int = 8, parent=None, skip_mediocre: bool = False):
        super().__init__(parent)
        for value in range(high, low - 1, -1):
            if skip_mediocre and value == 0:
                continue
            self.addItem(ladder_label(value), value)
        self.activated.connect(lambda i: self.ratingChosen.emit(self.itemData(i)))

    def value(self) -> int:
        return self.currentData()

    def set_value(self, value: int) -> None:
        index = self.findData(value)
        if index < 0:  # a rating beyond the combo's range still shows truthfully
            self.addItem(ladder_label(value), value)
            index = self.count() - 1
        with QSignalBlocker(self):
            self.setCurrentIndex(index)


class LinesEditor(QWidget):
    """An editable list of one-line texts with Add and Remove; `linesEdited` carries the new list."""

    linesEdited = Signal(list)

    def __init__(self, add_text: str, remove_name: str, placeholder: str = "", parent=None):
        super().__init__(parent)
        self.placeholder = placeholder
        self.list = QListWidget()
        self.list.setAlternatingRowColors(True)
        self.list.setEditTriggers(QListWidget.EditTrigger.AllEditTriggers)
        self.list.setMinimumHeight(84)
        self.add_button, self.remove_button = list_with_buttons(self, self.list, add_text, remove_name)
        self.add_button.clicked.connect(lambda: self.add_line())
        self.remove_button.clicked.connect(self.remove_current)
        self.list.itemChanged.connect(lambda _item: self.linesEdited.emit(self.lines()))
        self.list.currentRowChanged.connect(lambda row: self.remove_button.setEnabled(row >= 0))
        self.remove_button.setEnabled(False)

    def lines(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())]

    def set_lines(self, lines: list[str]) -> None:
        if lines == self.lines():
            return
        row = self.list.currentRow()
        with QSignalBlocker(self.list):
            self.list.clear()
            for line in lines:
                self.list.addItem(self._item(line))
            self.list.setCurrentRow(min(row, self.list.count() - 1))
        self.remove_button.setEnabled(self.list.currentRow() >= 0)

    def _item(self, text: str) -> QListWidgetItem:
        item = QListWidgetItem(text)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        return item

    def add_line(self, text: str = "") -> None:
        self.linesEdited.emit([*self.lines(), text or self.placeholder])
        self.list.setCurrentRow(self.list.count() - 1)
        item = self.list.currentItem()
        if item is not None:
            self.list.editItem(item)

    def remove_current(self) -> None:
        row = self.list.currentRow()
        if row >= 0:
            lines = self.lines()
            del lines[row]
            self.linesEdited.emit(lines)


def show_problems(label: QLabel, problems) -> list[str]:
    """Put the checker's warnings on the card in plain words (never a refusal); returns them."""
    shown = [p.message for p in problems if p.severity in (Level.ERROR, Level.WARNING)]
    label.setWordWrap(True)
    label.setVisible(bool(shown))
    label.setText("<br>".join(f"⚠ {m}" for m in shown))  # i18n: not shown (markup)
    label.setProperty("problem", "warning" if shown else "")
    label.style().unpolish(label)
    label.style().polish(label)
    return shown


def set_spin(spin: QSpinBox, value: int) -> None:
    if spin.value() != value:
        with QSignalBlocker(spin):
            spin.setValue(value)


def set_checked(button, checked: bool) -> None:
    if button.isChecked() != checked:
        with QSignalBlocker(button):
            button.setChecked(checked)
