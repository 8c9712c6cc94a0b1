"""The campaign navigator: a tree of every entry by kind, a filter, and error badges."""

from __future__ import annotations

import time
from bisect import bisect_left, bisect_right, insort
from enum import IntEnum

from PySide6.QtCore import QEvent, QModelIndex, QObject, QRect, QSize, QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeySequence, QPainter, QShortcut, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView, QLineEdit, QListView, QMenu, QStyledItemDelegate, QToolTip, QTreeView, QVBoxLayout, QWidget,
)

from fate_desk.i18n import _, ngettext

from .campaign_op import Background
from .document import CampaignDocument
from .forms import child, load_form
from .icons import icon
from .kinds import BY_KEY, GROUP_ICONS, KINDS, add_text, display_name, kind_of
from .turns import later


class NavRole(IntEnum):
    ENTITY_ID = Qt.ItemDataRole.UserRole + 1  # str, or None for folders
    KIND = Qt.ItemDataRole.UserRole + 2  # the kind key of the entry or of a folder's entries
    SORT = Qt.ItemDataRole.UserRole + 4  # folders keep their order; entries sort by name (the model keeps them so)
    FILTER = Qt.ItemDataRole.UserRole + 5  # text the filter box matches (entries only)


_ENTRY_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
# A big campaign's rows fill in over several turns of the event loop: the first FIRST_ROWS at
# once (every campaign of a usual size, and more than a tree shows), then slices of
# FILL_SLICE_S (10,000 rows take 0.2-0.4 s in all).
FIRST_ROWS = 200
FILL_SLICE_S = 0.008
# Naming and sorting every entry before the first row: at once up to this many entries, else in
# slices of FILL_SLICE_S too (10,000 names take 30-40 ms, a step of their own).
KEY_AT_ONCE = 2000
KEY_CHUNK = 100  # entries named between two looks at the clock (at least one chunk a turn, as one row)


class NavigatorModel(QStandardItemModel):
    """Folders for each kind (NPCs and obstacles have sub-folders) holding the campaign's entries.

    The rows are Qt's own items, so the filter and the tree walk 10,000 entries in Qt's code
    without calling Python once a row. Rule errors (the badge and its tooltip) are asked of the
    document by `errors()` when a row is drawn, never for every entry at open.
    Each folder keeps its entries in name order (a rename moves the row). Listens to the
    document and updates rows in place, so selection and expansion survive edits.
    """

    entryMoving = Signal(str)  # a rename is about to move the entry's row
    entryMoved = Signal(str)
    filled = Signal()  # every entry has its row (see `filling`)
    refilling = Signal()  # every row is about to be made again (many entries came or went at once)
    repaint = Signal()  # entries changed without a row moving: the badges are drawn again

    def __init__(self, document: CampaignDocument, parent=None):
        super().__init__(parent)
        self.document = document
        self._folders: dict[str, QStandardItem] = {}
        self._entries: dict[str, QStandardItem] = {}
        self._order: dict[str, list[tuple[str, str]]] = {}  # kind -> its folder's (sort key, id), row by row
        # Entries still without a row, in name order over every kind, from index _next on; every
        # row already made sorts at or before _last (the last key filled in), every waiting one after.
        self._pending: list[tuple[tuple[str, str], str, str]] = []  # (sort key, kind, id)
        self._waiting: dict[str, tuple[tuple[str, str], str]] = {}  # id -> (sort key, kind), for those
        self._next = 0
        self._last: tuple[str, str] | None = None
        self._unkeyed: list | None = None  # entries still to name and sort before the first row
        self._keyed: list[tuple[tuple[str, str], str, str]] = []
        # id -> (shown name, kind key) of every entry with a row: what the filter reads, on a worker
        self.names: dict[str, tuple[str, str]] = {}
        # Entries a campaign-wide change announced (added, removed, renamed), taken together
        # at its campaignChanged: many of them make the rows again, in slices.
        self._queued: list[tuple[str, str]] = []
        self._repaint = False
        self._refill_due = False  # every row is to be made again, from the next turn of the event loop
        self._build()
        document.entityAdded.connect(self._added)
        document.entityRemoved.connect(self._removed)
        document.entityChanged.connect(self._changed)
        document.entriesAdded.connect(lambda entity_ids: self._queue_many("added", entity_ids))
        document.entriesRemoved.connect(lambda entity_ids: self._queue_many("removed", entity_ids))
        document.entriesChanged.connect(self._queue_changed)
        document.campaignChanged.connect(self._take_queued)

    # --- filling in -------------------------------------------------------------------

    @property
    def filling(self) -> bool:
        """True while some entries still wait for their rows (a big campaign fills in slices)."""
        return bool(self._waiting) or self._unkeyed is not None or self._refill_due

    def _build(self) -> None:
        bold = QFont()
        bold.setBold(True)
        groups: dict[str, QStandardItem] = {}
        root = self.invisibleRootItem()
        for kind in KINDS:
            parent = root
            if kind.group:
                if kind.group not in groups:
                    groups[kind.group] = _folder(kind.group, None, GROUP_ICONS.get(kind.group, ""), root.rowCount(), bold)
                    root.appendRow(groups[kind.group])
                parent = groups[kind.group]
            folder = _folder(kind.plural, kind.key, kind.icon, parent.rowCount(), bold)
            self._folders[kind.key] = folder
            self._order[kind.key] = []
            parent.appendRow(folder)
        self._unkeyed = self.document.entities()
        self._keyed = []
        self._key(at_once=len(self._unkeyed) <= KEY_AT_ONCE)

    def _key(self, at_once: bool = False) -> None:
        """Name the next entries for sorting, FILL_SLICE_S a turn; the rows come once all are named.
        An entry added, changed or removed meanwhile first has the rest named at once."""
        unkeyed = self._unkeyed
        if unkeyed is None or (self._refill_due and not at_once):  # named again from the next turn on
            return
        keyed = self._keyed
        deadline = time.perf_counter() + FILL_SLICE_S
        while len(keyed) < len(unkeyed):  # a chunk a turn at least
            for entity in unkeyed[len(keyed):len(keyed) + KEY_CHUNK]:
                keyed.append((_sort_key(entity), kind_of(entity), entity.id))
            if not at_once and time.perf_counter() >= deadline:
                break
        if len(keyed) < len(unkeyed):
            QTimer.singleShot(0, self, self._key)
            return
        self._unkeyed, self._keyed = None, []
        waiting = {entity_id: (key, kind) for key, kind, entity_id in keyed}
        if len(waiting) < len(keyed):  # taken out and added again while being named: once, as it is now
            keyed = [(key, kind, entity_id) for entity_id, (key, kind) in waiting.items()]
        keyed.sort()
        self._pending = keyed
        self._waiting = waiting
        if at_once:
            self._fill(first=True)
        else:
            # The first rows in a turn of their own: with the last names, the sort and the
            # index of 10,000 entries (10-15 ms) they were a turn of 20 ms, twice that while a
            # worker shared the interpreter's lock (an import started just after another's
            # undo). Not made if the rows were started again meanwhile (`_refill`).
            later(self, lambda: self._pending is keyed and self._fill(first=True))

    # --- a campaign-wide change: its entries together ---------------------------------------

    def _queue_many(self, what: str, entity_ids: list[str]) -> None:
        """Entries a step over many added or removed, kept for `_take_queued` (its
        campaignChanged follows)."""
        self._queued.extend((what, entity_id) for entity_id in entity_ids)

    def _queue_changed(self, entity_ids: list[str]) -> None:
        """Entries a step over many changed: those renamed or of another kind now are kept for
        `_take_queued`, the others only drawn again (their badges)."""
        names, entity = self.names, self.document.entity
        for entity_id in entity_ids:
            changed = entity(entity_id)
            if changed is not None and names.get(entity_id) == (display_name(changed), kind_of(changed)):
                self._repaint = True  # its badge may differ: drawn again, the rows stay
            else:
                self._queued.append(("changed", entity_id))

    def _take_queued(self) -> None:
        queued, self._queued = self._queued, []
        if len(queued) > FIRST_ROWS:
            # In a turn of its own: the step that announced them (an import's save, its undo)
            # is a wait of its own already. Until then the rows are those from before it.
            if not self._refill_due:
                self._refill_due = True
                later(self, self._refill)
        else:
            for what, entity_id in queued:
                {"added": self._added, "removed": self._removed, "changed": self._changed}[what](entity_id)
        if self._repaint:
            self._repaint = False
            self.repaint.emit()

    def _refill(self) -> None:
        """Make every row again, in slices as at the start (1,000 entries imported or undone at
        once: one row at a time was a long step)."""
        self._refill_due = False
        self.refilling.emit()
        for folder in self._folders.values():
            if folder.rowCount():
                folder.removeRows(0, folder.rowCount())
        for kind in self._order:
            self._order[kind] = []
        # The old rows' Python wrappers are let go in a turn of their own, before the naming:
        # after an import of 1,000 characters into 10,000 entries, taking the rows out and
        # dropping their 11,000 wrappers were one turn of 25-40 ms.
        let_go = self._entries
        self._entries = {}
        later(self, let_go.clear)
        self.names.clear()
        self._pending, self._waiting, self._next, self._last = [], {}, 0, None
        for folder in self._folders.values():
            self._recount(folder)
        self._unkeyed = self.document.entities()
        self._keyed = []
        if len(self._unkeyed) <= KEY_AT_ONCE:
            self._key(at_once=True)
        else:  # the naming in slices from a turn of its own: taking the rows out is one already
            later(self, self._key)

    def _keyed_now(self) -> None:
        if self._unkeyed is not None:
            self._key(at_once=True)

    def _fill(self, first: bool = False) -> None:
        """Rows for the next entries in name order: FIRST_ROWS in the first slice, then FILL_SLICE_S
        of work a turn of the event loop, so a sheet shown meanwhile takes keys."""
        if self._refill_due and not first:
            return  # every row is made again from the next turn on: rows made now would go
        deadline = time.perf_counter() + FILL_SLICE_S
        pending, waiting = self._pending, self._waiting
        touched: dict[str, list[QStandardItem]] = {}
        done = 0
        while self._next < len(pending) and (done < FIRST_ROWS if first else not done or time.perf_counter() < deadline):
            key, kind, entity_id = pending[self._next]
            self._next += 1
            done += 1
            entity = self.document.entity(entity_id)
            del waiting[entity_id]
            self._last = key
            if entity is not None:
                self._order[kind].append(key)
                touched.setdefault(kind, []).append(self._entry(entity, kind))
        for kind, items in touched.items():
            self._folders[kind].appendRows(items)
            self._recount(self._folders[kind])
        if waiting:
            QTimer.singleShot(0, self, self._fill)
        else:
            pending.clear()
            self._next = 0
            self.filled.emit()

    def _wait(self, entity_id: str, key: tuple[str, str], kind: str) -> None:
        """An entry whose row must come later than the rows filled in so far."""
        insort(self._pending, (key, kind, entity_id), lo=self._next)
        self._waiting[entity_id] = (key, kind)

    def _unwait(self, entity_id: str) -> None:
        key, kind = self._waiting.pop(entity_id)
        at = bisect_left(self._pending, (key, kind, entity_id), lo=self._next)
        del self._pending[at]

    def _fits_now(self, key: tuple[str, str]) -> bool:
        """Whether a row with this key goes among the rows already made (else it waits its turn)."""
        return not self._waiting or (self._last is not None and key <= self._last)

    def _entry(self, entity, kind: str) -> QStandardItem:
        item = QStandardItem(icon(BY_KEY[kind].icon), "")
        item.setFlags(_ENTRY_FLAGS)
        item.setData(entity.id, NavRole.ENTITY_ID)
        item.setData(kind, NavRole.KIND)
        _name(item, entity)
        self._entries[entity.id] = item
        self.names[entity.id] = (item.text(), kind)
        return item

    def errors(self, index: QModelIndex) -> int:
        """Rule errors on the entry's sheet (0 for folders and entries that are not characters)."""
        entity_id = index.data(NavRole.ENTITY_ID)
        return self.document.error_count(entity_id) if entity_id else 0

    def tooltip(self, index: QModelIndex) -> str:
        kind = index.data(NavRole.KIND)
        if not index.data(NavRole.ENTITY_ID) or kind is None:
            return ""
        errors = self.errors(index)
        singular = _(BY_KEY[kind].singular)
        if not errors:
            return singular
        return ngettext("{kind}: {count} rule error", "{kind}: {count} rule errors", errors).format(
            kind=singular, count=errors)

    # --- lookups ----------------------------------------------------------------------

    def index_of(self, entity_id: str) -> QModelIndex:
        item = self._entries.get(entity_id)
        return item.index() if item is not None else QModelIndex()

    def folder_index(self, kind_key: str) -> QModelIndex:
        return self._folders[kind_key].index()

    # --- keeping up with the document -------------------------------------------------

    def _added(self, entity_id: str) -> None:
        if self._unkeyed is not None:
            # The entries are still being named, in slices: this one is named with them, where
            # naming the rest at once was a long turn (at 10,000 entries 20-30 ms, in the turn
            # that saved an import made while the rows came back after another's undo).
            entity = self.document.entity(entity_id)
            if entity is not None:
                self._unkeyed.append(entity)
            return
        self._keyed_now()
        entity = self.document.entity(entity_id)
        if entity is None or entity_id in self._entries or entity_id in self._waiting:
            return
        kind = kind_of(entity)
        key = _sort_key(entity)
        if not self._fits_now(key):
            self._wait(entity_id, key, kind)
            return
        row = bisect_right(self._order[kind], key)
        self._order[kind].insert(row, key)
        self._folders[kind].insertRow(row, self._entry(entity, kind))
        self._recount(self._folders[kind])

    def _removed(self, entity_id: str) -> None:
        if self._unkeyed is not None:
            return  # still being named, so no row yet: one gone from the campaign gets none (see _fill)
        if entity_id in self._waiting:
            self._unwait(entity_id)
            return
        item = self._entries.pop(entity_id, None)
        self.names.pop(entity_id, None)
        if item is None:
            return
        folder = item.parent()
        row = item.row()
        del self._order[item.data(NavRole.KIND)][row]
        folder.removeRow(row)
        self._recount(folder)

    def _changed(self, entity_id: str) -> None:
        self._keyed_now()
        if entity_id in self._waiting:  # no row yet: it waits again under its new name
            self._unwait(entity_id)
            self._added(entity_id)
            return
        item = self._entries.get(entity_id)
        entity = self.document.entity(entity_id)
        if item is None or entity is None:
            return
        if kind_of(entity) != item.data(NavRole.KIND):  # a PC became a major NPC, say: move folders
            self._removed(entity_id)
            self._added(entity_id)
            return
        kind = kind_of(entity)
        order = self._order[kind]
        row = item.row()
        key = _sort_key(entity)
        if order[row] != key:
            if not self._fits_now(key):  # renamed past the rows filled in so far: its row comes later
                self.entryMoving.emit(entity_id)
                self._removed(entity_id)
                self._wait(entity_id, key, kind)
                self.entryMoved.emit(entity_id)
                return
            del order[row]
            target = bisect_right(order, key)
            order.insert(target, key)
            if target != row:
                self.entryMoving.emit(entity_id)
                folder = item.parent()
                folder.insertRow(target, folder.takeRow(row))
                self.entryMoved.emit(entity_id)
        _name(item, entity)
        self.names[entity_id] = (item.text(), kind)
        index = item.index()
        self.dataChanged.emit(index, index)  # the badge may have changed with the sheet

    def _recount(self, folder: QStandardItem) -> None:
        while folder is not None and folder is not self.invisibleRootItem():
            label = folder.data(_LABEL)
            count = _count(folder)
            folder.setText(_("{folder} ({count})").format(folder=label, count=count) if count else label)
            folder = folder.parent()


_LABEL = Qt.ItemDataRole.UserRole + 20  # a folder's name without its count


def _folder(label: str, kind: str | None, icon_name: str, order: int, bold: QFont) -> QStandardItem:
    label = _(label)  # marked in kinds.py
    item = QStandardItem(icon(icon_name), label)
    item.setFlags(_ENTRY_FLAGS)
    item.setFont(bold)
    item.setData(label, _LABEL)
    item.setData(kind, NavRole.KIND)
    item.setData(f"{order:03d}", NavRole.SORT)
    item.setData("", NavRole.FILTER)  # folders show only for a matching entry (recursive filtering)
    return item


def _count(folder: QStandardItem) -> int:
    if folder.data(NavRole.KIND) is not None:
        return folder.rowCount()
    return sum(_count(folder.child(row)) for row in range(folder.rowCount()))


def _sort_key(entity) -> tuple[str, str]:
    return display_name(entity).casefold(), entity.id


def _name(item: QStandardItem, entity) -> None:
    label = display_name(entity)
    if item.text() != label:
        item.setText(label)
        item.setData(label, NavRole.FILTER)
        item.setData(label.casefold(), NavRole.SORT)


def matching(rows: list[tuple[str, tuple[str, str]]], text: str) -> list[tuple[str, str, str]]:
    """(name, kind, id) of the entries whose names hold `text` (any case), in name order: the
    filter's work, done on a worker over the names as they were when the text changed."""
    needle = text.strip().casefold()
    found = [(name.casefold(), entity_id, name, kind) for entity_id, (name, kind) in rows if needle in name.casefold()]
    found.sort()
    return [(name, kind, entity_id) for _key, entity_id, name, kind in found]


class FilterResults(QStringListModel):
    """The entries the filter found, in name order, with their kind's icon. A row's icon and
    tooltip are made only when it shows, so any number of results is installed at once.

    The names are a Qt string list, so the row count is Qt's own: the list view asks for it
    once for every row it lays out (through `index`), and asked of Python that was 15,000 calls,
    45 ms of the window standing still, after the first letter typed at 10,000 entries."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: list[tuple[str, str, str]] = []  # (name, kind, id)

    def set_rows(self, rows: list[tuple[str, str, str]]) -> None:
        self.rows = rows
        self.setStringList([name for name, _kind, _id in rows])  # a reset of the model

    def flags(self, index) -> Qt.ItemFlag:
        return _ENTRY_FLAGS

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        name, kind, entity_id = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return name
        if role == Qt.ItemDataRole.DecorationRole:
            return icon(BY_KEY[kind].icon)
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return _(BY_KEY[kind].singular)
        if role == NavRole.ENTITY_ID:
            return entity_id
        if role == NavRole.KIND:
            return kind
        return None

    def row_of(self, entity_id: str) -> int:
        return next((i for i, row in enumerate(self.rows) if row[2] == entity_id), -1)


class BadgeDelegate(QStyledItemDelegate):
    """Draws a red count badge at the right of entries whose sheet breaks a rule; says so in a tooltip."""

    def __init__(self, model: NavigatorModel, parent=None):
        super().__init__(parent)
        self.model = model

    def helpEvent(self, event, view, option, index) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            text = self.model.tooltip(index) if index.isValid() else ""
            if text:
                QToolTip.showText(event.globalPos(), text, view)
            else:
                QToolTip.hideText()
            return True
        return super().helpEvent(event, view, option, index)

    def paint(self, painter: QPainter, option, index) -> None:
        super().paint(painter, option, index)
        errors = self.model.errors(index)
        if not errors:
            return
        text = str(errors)
        height = max(14, option.rect.height() - 8)
        width = max(height, option.fontMetrics.horizontalAdvance(text) + 10)
        rect = QRect(option.rect.right() - width - 4, option.rect.center().y() - height // 2 + 1, width, height)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor("#c62828")))
        painter.drawRoundedRect(rect, height / 2, height / 2)
        painter.setPen(QColor("white"))
        font = QFont(option.font)
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    def sizeHint(self, option, index) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width() + 28, max(size.height(), 24))


class _FilterKeys(QObject):
    """Down and Enter in the filter box reach the results, as in a search field."""

    def __init__(self, panel: "NavigatorPanel"):
        super().__init__(panel)
        self.panel = panel

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.KeyPress:
            if event.key() == Qt.Key.Key_Down:
                return self.panel.to_results()
            if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                return self.panel.open_first()
        return False


class NavigatorPanel(QWidget):
    """The filter box and tree; asks the main window to open entries and to run its actions."""

    entityActivated = Signal(str)  # double-click or Enter: open and keep
    previewRequested = Signal(str)  # a single click: show it in the one preview tab
    addRequested = Signal(str)  # kind key
    duplicateRequested = Signal(str)
    deleteRequested = Signal(str)

    def __init__(self, document: CampaignDocument, parent=None):
        super().__init__(parent)
        form = load_form("navigator", self)
        self.setMinimumWidth(200)  # never squeezed to a strip of icons by a wide editor or dock
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(form)
        self.filter_edit: QLineEdit = child(form, QLineEdit, "filterEdit")
        self.tree: QTreeView = child(form, QTreeView, "tree")
        self.results: QListView = child(form, QListView, "results")
        self.model = NavigatorModel(document, self)
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)  # else laying out 10,000 rows asks each one its height
        self.tree.setItemDelegate(BadgeDelegate(self.model, self.tree))
        self.tree.expandAll()
        self.found = FilterResults(self)
        self.results.setModel(self.found)
        self.results.setItemDelegate(BadgeDelegate(self.model, self.results))
        self.results.hide()
        self._search: Background | None = None  # the filter's work under way
        for view in (self.tree, self.results):
            view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            view.customContextMenuRequested.connect(lambda pos, v=view: self._context_menu(v, pos))
            view.activated.connect(self._activated)
            view.clicked.connect(self._clicked)
        # Space on an entry is the keyboard's quick look: the preview tab, as a single click.
        self._space = [QShortcut(QKeySequence(Qt.Key.Key_Space), view, context=Qt.ShortcutContext.WidgetShortcut)
                       for view in (self.tree, self.results)]
        for shortcut, view in zip(self._space, (self.tree, self.results)):
            shortcut.activated.connect(lambda v=view: self._clicked(v.currentIndex()))
        self.filter_edit.textChanged.connect(self._filter)
        self._filter_keys = _FilterKeys(self)
        self.filter_edit.installEventFilter(self._filter_keys)
        self.model.rowsInserted.connect(self._expand_new)
        self.model.entryMoving.connect(self._moving)
        self.model.entryMoved.connect(self._moved)
        self.model.filled.connect(self._select_wanted)
        self.model.filled.connect(self._filter_again)
        self.model.refilling.connect(self._keep_selection)
        self.model.repaint.connect(self.tree.viewport().update)
        self.document = document
        for signal in (document.entityAdded, document.entityRemoved, document.entityChanged):
            signal.connect(lambda _id: self._filter_again())
        document.campaignChanged.connect(self._filter_again)
        self._reselect = False
        self._wanted: str | None = None  # asked to select before its row was filled in

    # --- the filter: worked out on a worker, shown as a list of what matched --------------------

    @property
    def filtering(self) -> bool:
        return bool(self.filter_edit.text().strip())

    def view(self) -> QAbstractItemView:
        """What shows the entries now: the tree, or the filter's results."""
        return self.results if self.filtering else self.tree

    def _filter(self, text: str) -> None:
        """Every entry's name is matched on a worker (the names as they are now); the results
        replace the tree until the filter is cleared, which brings the tree back as it was."""
        if self._search is not None:
            self._search.cancel()
            self._search = None
        if not text.strip():
            self.results.hide()
            self.found.set_rows([])
            self.tree.show()
            return
        rows = list(self.model.names.items())
        search = self._search = Background(lambda: matching(rows, text), self)
        search.finished.connect(lambda found: self._show_results(search, found))
        search.start()

    def _show_results(self, search: Background, found: list) -> None:
        if search is not self._search:
            return  # the text changed again meanwhile
        self._search = None
        current = self.current_entity()
        self.found.set_rows(found)
        if self.tree.isVisible() or not self.results.isVisible():
            self.tree.hide()
            self.results.show()
        row = self.found.row_of(current) if current else -1
        if row >= 0:
            self.results.setCurrentIndex(self.found.index(row))

    def _filter_again(self, *_args) -> None:
        """An entry added, renamed or removed shows in (or leaves) the results at once."""
        if self.filtering and not self.model.filling:
            self._filter(self.filter_edit.text())

    def first_result(self) -> QModelIndex:
        """The first entry shown, top to bottom (folders are not entries)."""
        if self.filtering:
            return self.found.index(0) if self.found.rowCount() else QModelIndex()
        pending = [self.model.index(row, 0) for row in range(self.model.rowCount())]
        while pending:
            index = pending.pop(0)
            if index.data(NavRole.ENTITY_ID):
                return index
            pending[:0] = [self.model.index(row, 0, index) for row in range(self.model.rowCount(index))]
        return QModelIndex()

    def to_results(self) -> bool:
        """Down in the filter: into the results, on the first one the filter shows."""
        view = self.view()
        index = view.currentIndex()
        if not (index.isValid() and index.data(NavRole.ENTITY_ID)):
            index = self.first_result()
        if not index.isValid():
            return False
        view.setCurrentIndex(index)
        self._reveal(index)
        view.setFocus(Qt.FocusReason.TabFocusReason)
        return True

    def open_first(self) -> bool:
        """Enter in the filter: open the first entry the filter shows."""
        index = self.first_result()
        if not index.isValid():
            return False
        self.view().setCurrentIndex(index)
        self._activated(index)
        return True

    def _expand_new(self, parent, first, last) -> None:
        self.tree.expand(parent)

    def _moving(self, entity_id: str) -> None:
        self._reselect = self.current_entity() == entity_id

    def _moved(self, entity_id: str) -> None:
        if self._reselect:
            self.select(entity_id)
        self._reselect = False

    def _activated(self, index) -> None:
        entity_id = index.data(NavRole.ENTITY_ID)
        if entity_id:
            self.entityActivated.emit(entity_id)

    def _clicked(self, index) -> None:
        entity_id = index.data(NavRole.ENTITY_ID)
        if entity_id:
            self.previewRequested.emit(entity_id)

    def current_entity(self) -> str | None:
        return self.view().currentIndex().data(NavRole.ENTITY_ID)

    def current_kind(self) -> str | None:
        return self.view().currentIndex().data(NavRole.KIND)

    def select(self, entity_id: str) -> None:
        if self.filtering:
            row = self.found.row_of(entity_id)
            if row >= 0:
                self.results.setCurrentIndex(self.found.index(row))
                self.results.scrollTo(self.found.index(row))
        index = self.model.index_of(entity_id)
        self._wanted = entity_id if not index.isValid() and self.model.filling else None
        if index.isValid():
            self.tree.setCurrentIndex(index)
            if not self.filtering:
                self._reveal(index)

    def _keep_selection(self) -> None:
        """The rows are made again: the entry selected now is selected again once they are."""
        self._wanted = self.current_entity()

    def _select_wanted(self) -> None:
        if self._wanted is not None and not self.tree.currentIndex().isValid():
            self.select(self._wanted)
        self._wanted = None

    def showEvent(self, event) -> None:
        super().showEvent(event)
        # An entry selected before the window had its size was scrolled to in a tiny viewport,
        # which hid the first heading; place it again now that the tree has its real height.
        QTimer.singleShot(0, self, self._reveal_current)

    def _reveal_current(self) -> None:
        index = self.tree.currentIndex()
        self.tree.scrollToTop()
        if index.isValid():
            self._reveal(index)

    def _reveal(self, index) -> None:
        """Scroll to an entry and, where it fits, to its group's heading ("Player characters") too."""
        if index.model() is self.found:
            self.results.scrollTo(index)
            return
        self.tree.scrollTo(index)
        if index.parent().isValid():
            self.tree.scrollTo(index.parent())
            if not self._in_view(index):
                self.tree.scrollTo(index)

    def _in_view(self, index) -> bool:
        """Whether the entry's row is wholly in the tree's view.

        The view's size is worked out rather than read off the viewport widget: the first widget
        Qt hands back that Python has not seen makes PySide6 load every widget class it might be,
        about 3 ms before the first sheet takes a key."""
        size = self.tree.maximumViewportSize()  # the view with no scroll bar shown
        across, down = self.tree.verticalScrollBar(), self.tree.horizontalScrollBar()
        width = size.width() - (across.width() if across.isVisible() else 0)
        height = size.height() - (down.height() if down.isVisible() else 0)
        rect = self.tree.visualRect(index)
        return rect.left() >= 0 and rect.top() >= 0 and rect.right() < width and rect.bottom() < height

    def _context_menu(self, view, pos) -> None:
        index = view.indexAt(pos)
        menu = QMenu(self)
        kind = index.data(NavRole.KIND) if index.isValid() else None
        entity_id = index.data(NavRole.ENTITY_ID) if index.isValid() else None
        keys = [kind] if kind else [k.key for k in KINDS]
        for key in keys:
            action = menu.addAction(icon(BY_KEY[key].icon), add_text(key))
            action.setObjectName(f"add_{key}")
            action.triggered.connect(lambda _checked=False, k=key: self.addRequested.emit(k))
        if entity_id:
            menu.addSeparator()
            menu.addAction(icon("duplicate"), _("Duplicate")).triggered.connect(
                lambda: self.duplicateRequested.emit(entity_id))
            menu.addAction(icon("remove"), _("Delete")).triggered.connect(
                lambda: self.deleteRequested.emit(entity_id))
        menu.exec(view.viewport().mapToGlobal(pos))
