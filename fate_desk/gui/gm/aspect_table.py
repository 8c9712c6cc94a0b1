"""Situation and zone aspects as a small table: the aspect's text and its free invokes."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QAbstractItemView, QHeaderView, QSpinBox, QTableWidget, QTableWidgetItem, QWidget,
)

from fate_desk.i18n import N_, _
from fate_desk.model import SituationAspect

from .common import list_with_buttons


# Each table's words by what it holds: the list, its buttons, a row's invokes, undo texts, a new row.
_WORDS = {
    "aspect": {"list": N_("Aspects"), "add": N_("Add aspect"), "remove": N_("Remove aspect"),
               "invokes": N_("Free invokes on aspect {number}"), "edit": N_("Edit aspect"), "new": N_("New aspect")},
    "zone aspect": {"list": N_("Zone aspects"), "add": N_("Add zone aspect"), "remove": N_("Remove zone aspect"),  # i18n: not shown
                    "invokes": N_("Free invokes on zone aspect {number}"), "edit": N_("Edit zone aspect"),
                    "new": N_("New zone aspect")},
    "situation aspect": {"list": N_("Situation aspects"), "add": N_("Add situation aspect"),  # i18n: not shown
                         "remove": N_("Remove situation aspect"),
                         "invokes": N_("Free invokes on situation aspect {number}"),
                         "edit": N_("Edit situation aspect"), "new": N_("New situation aspect")},
}


class AspectTable(QWidget):
    """`aspectsEdited(list[SituationAspect], str)` carries the new list and what the user did;
    `invokes_edit` says whether that was a change of free invokes (clicks on a spin box merge).

    `what` is "aspect", "zone aspect" or "situation aspect"."""

    aspectsEdited = Signal(list, str)

    def __init__(self, what: str = "aspect", parent=None):
        super().__init__(parent)
        self.what = what
        self.words = _WORDS.get(what, _WORDS["aspect"])
        self.invokes_edit = False
        self.aspects: list[SituationAspect] = []
        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels([_("Aspect"), _("Free invokes")])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setMinimumHeight(110)
        self.table.setAccessibleName(_(self.words["list"]))
        self.add_button, self.remove_button = list_with_buttons(self, self.table, _(self.words["add"]),
                                                                _(self.words["remove"]))
        self.table.itemChanged.connect(self._text_changed)
        self.add_button.clicked.connect(self.add)
        self.remove_button.clicked.connect(self.remove_current)

    def set_aspects(self, aspects: list[SituationAspect]) -> None:
        self.aspects = [a.model_copy() for a in aspects]
        with QSignalBlocker(self.table):
            if self.table.rowCount() != len(aspects):
                self.table.setRowCount(len(aspects))
            for row, aspect in enumerate(aspects):
                item = self.table.item(row, 0)
                if item is None:
                    self.table.setItem(row, 0, QTableWidgetItem(aspect.text))
                elif item.text() != aspect.text:
                    item.setText(aspect.text)
                spin = self.table.cellWidget(row, 1)
                if spin is None:
                    spin = QSpinBox()
                    spin.setRange(0, 99)
                    spin.setAccessibleName(_(self.words["invokes"]).format(number=row + 1))
                    spin.valueChanged.connect(lambda v, r=row: self._invokes_changed(r, v))
                    self.table.setCellWidget(row, 1, spin)
                if spin.value() != aspect.free_invokes:
                    with QSignalBlocker(spin):
                        spin.setValue(aspect.free_invokes)
        self.remove_button.setEnabled(bool(aspects))

    def _text_changed(self, item: QTableWidgetItem) -> None:
        row = item.row()
        if item.column() != 0 or row >= len(self.aspects):
            return
        aspects = [a.model_copy() for a in self.aspects]
        aspects[row].text = item.text()
        self._emit(aspects, _(self.words["edit"]))

    def _invokes_changed(self, row: int, value: int) -> None:
        if row >= len(self.aspects):
            return
        aspects = [a.model_copy() for a in self.aspects]
        aspects[row].free_invokes = value
        self._emit(aspects, _("Change free invokes"), invokes=True)

    def _emit(self, aspects: list[SituationAspect], text: str, invokes: bool = False) -> None:
        self.invokes_edit = invokes
        try:
            self.aspectsEdited.emit(aspects, text)
        finally:
            self.invokes_edit = False

    def add(self) -> None:
        self._emit([*self.aspects, SituationAspect(text=_(self.words["new"]))], _(self.words["add"]))
        row = len(self.aspects) - 1
        if row >= 0 and self.table.item(row, 0) is not None:
            self.table.setCurrentCell(row, 0)
            self.table.editItem(self.table.item(row, 0))

    def remove_current(self) -> None:
        row = self.table.currentRow()
        if 0 <= row < len(self.aspects):
            self._emit([a for i, a in enumerate(self.aspects) if i != row], _(self.words["remove"]))
