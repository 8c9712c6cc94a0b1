"""A list of entries, each with a tick box, for any number of entries (thousands of characters
in the End the scene dialog, every entry of a campaign in Print to PDF).

A model over plain rows: a row's words are made when it first shows and the view asks only
for the rows it shows, so a dialog listing 10,000 entries opens at once (a widget per entry
took about a second per few thousand). The rows are a Qt string list (of the entries' ids), so
the count the view asks for once for every row it lays out is Qt's own, not a call into Python
per row (10,000 of them held the window still for about 30 ms); the view lays the whole list
out at once, and End reaches its last row as soon as it shows.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QStringListModel, Qt, Signal

ID_ROLE = Qt.ItemDataRole.UserRole


class CheckList(QStringListModel):
    """Rows of entry ids; `describe(id) -> (text, tooltip)` gives a row's words when it first
    shows. `placeholder` is one row without a box, shown instead when there is nothing to tick.
    `ticksChanged` after each change of ticks."""

    ticksChanged = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self._ids: list[str] = []
        self._describe: Callable[[str], tuple[str, str]] = lambda entity_id: (entity_id, "")
        self._ticked: set[str] = set()
        self._words: dict[int, tuple[str, str]] = {}
        self._rows: dict[str, int] | None = None
        self.placeholder: str | None = None

    def set_rows(self, ids: list[str], describe: Callable[[str], tuple[str, str]], ticked,
                 placeholder: str | None = None) -> None:
        self._ids, self._describe = list(ids), describe
        self._ticked = set(ticked) & set(self._ids)
        self._words, self._rows = {}, None
        self.placeholder = placeholder
        # The rows Qt counts (and resets the view for): one per entry, or the placeholder's.
        self.setStringList(self._ids if self._ids or placeholder is None else [placeholder])
        self.ticksChanged.emit()

    # --- what the view asks --------------------------------------------------------------------

    def flags(self, index) -> Qt.ItemFlag:
        if not self._ids:
            return Qt.ItemFlag.ItemIsEnabled
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsUserCheckable

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if not self._ids:
            return self.placeholder if role == Qt.ItemDataRole.DisplayRole else None
        entity_id = self._ids[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.text(index.row())
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(index.row())
        if role == Qt.ItemDataRole.CheckStateRole:
            return Qt.CheckState.Checked if entity_id in self._ticked else Qt.CheckState.Unchecked
        if role == ID_ROLE:
            return entity_id
        return None

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802 - Qt API
        if not index.isValid() or not self._ids or role != Qt.ItemDataRole.CheckStateRole:
            return False
        self.tick(self._ids[index.row()], Qt.CheckState(value) == Qt.CheckState.Checked)
        return True

    # --- the rows -------------------------------------------------------------------------------

    def _words_of(self, row: int) -> tuple[str, str]:
        if row not in self._words:
            self._words[row] = self._describe(self._ids[row])
        return self._words[row]

    def text(self, row: int) -> str:
        return self._words_of(row)[0] if self._ids else (self.placeholder or "")

    def tooltip(self, row: int) -> str:
        return self._words_of(row)[1] if self._ids else ""

    def ids(self) -> list[str]:
        return list(self._ids)

    def row_of(self, entity_id: str) -> int:
        if self._rows is None:
            self._rows = {entity_id: row for row, entity_id in enumerate(self._ids)}
        return self._rows.get(entity_id, -1)

    # --- ticks ----------------------------------------------------------------------------------

    def is_ticked(self, entity_id: str) -> bool:
        return entity_id in self._ticked

    def tick(self, entity_id: str, on: bool) -> None:
        if (entity_id in self._ticked) == on or self.row_of(entity_id) < 0:
            return
        (self._ticked.add if on else self._ticked.discard)(entity_id)
        index = self.index(self.row_of(entity_id))
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.CheckStateRole])
        self.ticksChanged.emit()

    def tick_all(self, on: bool) -> None:
        self._ticked = set(self._ids) if on else set()
        if self._ids:
            self.dataChanged.emit(self.index(0), self.index(len(self._ids) - 1), [Qt.ItemDataRole.CheckStateRole])
        self.ticksChanged.emit()

    def ticked(self) -> list[str]:
        """The ticked entries' ids, in the list's order."""
        return [entity_id for entity_id in self._ids if entity_id in self._ticked]

    def ticked_set(self) -> set[str]:
        return set(self._ticked)
