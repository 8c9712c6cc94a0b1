"""The campaign navigator: a tree of every entry by kind, a filter, and error badges."""

from __future__ import annotations

from bisect import bisect_right
from enum import IntEnum

from PySide6.QtCore import (
    QAbstractItemModel, QModelIndex, QRect, QSize, QSortFilterProxyModel, Qt, Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QPainter
from PySide6.QtWidgets import QLineEdit, QMenu, QStyledItemDelegate, QTreeView, QVBoxLayout, QWidget

from .document import CampaignDocument
from .forms import child, load_form
from .icons import icon
from .kinds import BY_KEY, GROUP_ICONS, KINDS, display_name, kind_of


class NavRole(IntEnum):
    ENTITY_ID = Qt.ItemDataRole.UserRole + 1  # str, or None for folders
    KIND = Qt.ItemDataRole.UserRole + 2  # the kind key of the entry or of a folder's entries
    ERRORS = Qt.ItemDataRole.UserRole + 3  # number of rule errors on the entry's sheet
    SORT = Qt.ItemDataRole.UserRole + 4  # folders keep their order; entries sort by name (the model keeps them so)
    FILTER = Qt.ItemDataRole.UserRole + 5  # text the filter box matches (entries only)


class _Node:
    def __init__(self, label: str, kind: str | None, parent: "_Node | None", entity_id: str | None = None):
        self.label = label
        self.kind = kind
        self.parent = parent
        self.entity_id = entity_id
        self.children: list[_Node] = []
        self.order = 0
        self.key = ""  # entries: the name, casefolded, that orders a folder

    def row(self) -> int:
        return self.parent.children.index(self) if self.parent else 0

    def name(self, entity) -> None:
        # Kept on the node: the filter and the sort read it for every row, so they never look
        # the entity up or build its display name (they did, and 10,000 entries took seconds).
        self.label = display_name(entity)
        self.key = self.label.casefold()


class NavigatorModel(QAbstractItemModel):
    """Folders for each kind (NPCs and obstacles have sub-folders) holding the campaign's entries.

    Each folder keeps its entries in name order (a rename moves the row), so no proxy has to sort
    thousands of rows. Listens to the document and updates rows in place, so selection and
    expansion survive edits.
    """

    def __init__(self, document: CampaignDocument, parent=None):
        super().__init__(parent)
        self.document = document
        self._root = _Node("", None, None)
        self._folders: dict[str, _Node] = {}
        self._entries: dict[str, _Node] = {}
        self._build()
        document.entityAdded.connect(self._added)
        document.entityRemoved.connect(self._removed)
        document.entityChanged.connect(self._changed)

    def _build(self) -> None:
        groups: dict[str, _Node] = {}
        for kind in KINDS:
            parent = self._root
            if kind.group:
                if kind.group not in groups:
                    groups[kind.group] = _Node(kind.group, None, self._root)
                    groups[kind.group].order = len(self._root.children)
                    self._root.children.append(groups[kind.group])
                parent = groups[kind.group]
            folder = _Node(kind.plural, kind.key, parent)
            folder.order = len(parent.children)
            parent.children.append(folder)
            self._folders[kind.key] = folder
        for entity in self.document.entities():
            folder = self._folders[kind_of(entity)]
            node = _Node("", kind_of(entity), folder, entity.id)
            node.name(entity)
            folder.children.append(node)
            self._entries[entity.id] = node
        for folder in self._folders.values():
            folder.children.sort(key=_order)

    # --- Qt model API -----------------------------------------------------------------

    def index(self, row: int, column: int, parent=QModelIndex()) -> QModelIndex:
        node = parent.internalPointer() if parent.isValid() else self._root
        if column != 0 or not 0 <= row < len(node.children):
            return QModelIndex()
        return self.createIndex(row, 0, node.children[row])

    def parent(self, index=QModelIndex()) -> QModelIndex:
        if not index.isValid():
            return QModelIndex()
        node = index.internalPointer().parent
        if node is None or node is self._root:
            return QModelIndex()
        return self.createIndex(node.row(), 0, node)

    def rowCount(self, parent=QModelIndex()) -> int:
        if parent.isValid() and parent.column() != 0:
            return 0
        node = parent.internalPointer() if parent.isValid() else self._root
        return len(node.children)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 1

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        node: _Node = index.internalPointer()
        if node.entity_id is None:
            return self._folder_data(node, role)
        if role == Qt.ItemDataRole.DisplayRole or role == NavRole.FILTER:
            return node.label
        if role == NavRole.SORT:
            return node.key
        if role == Qt.ItemDataRole.DecorationRole:
            return icon(BY_KEY[node.kind].icon)
        if role == Qt.ItemDataRole.ToolTipRole:
            errors = self.document.error_count(node.entity_id)
            kind = BY_KEY[node.kind].singular
            return f"{kind}: {errors} rule error{'s' if errors != 1 else ''}" if errors else kind
        if role == NavRole.ENTITY_ID:
            return node.entity_id
        if role == NavRole.KIND:
            return node.kind
        if role == NavRole.ERRORS:
            return self.document.error_count(node.entity_id)
        return None

    def _folder_data(self, node: _Node, role):
        if role == Qt.ItemDataRole.DisplayRole:
            count = self._count(node)
            return f"{node.label} ({count})" if count else node.label
        if role == Qt.ItemDataRole.DecorationRole:
            return icon(BY_KEY[node.kind].icon if node.kind else GROUP_ICONS.get(node.label, ""))
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            font.setBold(True)
            return font
        if role == NavRole.KIND:
            return node.kind
        if role == NavRole.SORT:
            return f"{node.order:03d}"
        if role == NavRole.ERRORS:
            return 0
        if role == NavRole.FILTER:
            return ""
        return None

    def _count(self, node: _Node) -> int:
        if node.kind is not None:
            return len(node.children)
        return sum(self._count(c) for c in node.children)

    # --- lookups ----------------------------------------------------------------------

    def index_of(self, entity_id: str) -> QModelIndex:
        node = self._entries.get(entity_id)
        return self.createIndex(node.row(), 0, node) if node else QModelIndex()

    def folder_index(self, kind_key: str) -> QModelIndex:
        node = self._folders[kind_key]
        return self.createIndex(node.row(), 0, node)

    # --- keeping up with the document -------------------------------------------------

    def _added(self, entity_id: str) -> None:
        entity = self.document.entity(entity_id)
        if entity is None or entity_id in self._entries:
            return
        folder = self._folders[kind_of(entity)]
        parent = self.createIndex(folder.row(), 0, folder)
        node = _Node("", kind_of(entity), folder, entity_id)
        node.name(entity)
        row = bisect_right(folder.children, _order(node), key=_order)
        self.beginInsertRows(parent, row, row)
        folder.children.insert(row, node)
        self._entries[entity_id] = node
        self.endInsertRows()
        self._folder_changed(folder)

    def _removed(self, entity_id: str) -> None:
        node = self._entries.get(entity_id)
        if node is None:
            return
        folder = node.parent
        parent = self.createIndex(folder.row(), 0, folder)
        row = node.row()
        self.beginRemoveRows(parent, row, row)
        del folder.children[row]
        del self._entries[entity_id]
        self.endRemoveRows()
        self._folder_changed(folder)

    def _changed(self, entity_id: str) -> None:
        node = self._entries.get(entity_id)
        entity = self.document.entity(entity_id)
        if node is None or entity is None:
            return
        if kind_of(entity) != node.kind:  # a PC became a major NPC, say: move folders
            self._removed(entity_id)
            self._added(entity_id)
            return
        node.name(entity)
        self._keep_in_order(node)
        index = self.createIndex(node.row(), 0, node)
        self.dataChanged.emit(index, index)

    def _keep_in_order(self, node: _Node) -> None:
        """Move a renamed entry to its place by name (a move keeps it selected and expanded)."""
        siblings = node.parent.children
        row = siblings.index(node)
        others = siblings[:row] + siblings[row + 1:]
        target = bisect_right(others, _order(node), key=_order)
        if target == row:
            return
        parent = self.createIndex(node.parent.row(), 0, node.parent)
        # Qt counts the destination before the move: moving down names the row after the target.
        self.beginMoveRows(parent, row, row, parent, target + 1 if target > row else target)
        siblings[:] = others[:target] + [node] + others[target:]
        self.endMoveRows()

    def _folder_changed(self, folder: _Node) -> None:
        while folder is not None and folder is not self._root:
            index = self.createIndex(folder.row(), 0, folder)
            self.dataChanged.emit(index, index, [Qt.ItemDataRole.DisplayRole])
            folder = folder.parent


def _order(node: _Node) -> tuple[str, str]:
    return node.key, node.entity_id or ""


class NavigatorFilter(QSortFilterProxyModel):
    """Shows entries whose names contain the filter text, with the folders that hold them.

    Folders have no filter text, so they show only when an entry inside matches (recursive
    filtering), and every row shows when the filter is empty. The filtering runs in Qt's own
    code; the source model already keeps the order, so nothing is sorted here.
    """

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setRecursiveFilteringEnabled(True)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterRole(NavRole.FILTER)
        self.setDynamicSortFilter(True)


class BadgeDelegate(QStyledItemDelegate):
    """Draws a red count badge at the right of entries whose sheet breaks a rule."""

    def paint(self, painter: QPainter, option, index) -> None:
        super().paint(painter, option, index)
        errors = index.data(NavRole.ERRORS) or 0
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


class NavigatorPanel(QWidget):
    """The filter box and tree; asks the main window to open entries and to run its actions."""

    entityActivated = Signal(str)
    addRequested = Signal(str)  # kind key
    duplicateRequested = Signal(str)
    deleteRequested = Signal(str)

    def __init__(self, document: CampaignDocument, parent=None):
        super().__init__(parent)
        form = load_form("navigator", self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(form)
        self.filter_edit: QLineEdit = child(form, QLineEdit, "filterEdit")
        self.tree: QTreeView = child(form, QTreeView, "tree")
        self.model = NavigatorModel(document, self)
        self.proxy = NavigatorFilter(self)
        self.proxy.setSourceModel(self.model)
        self.tree.setModel(self.proxy)
        self.tree.setUniformRowHeights(True)  # else laying out 10,000 rows asks each one its height
        self.tree.setItemDelegate(BadgeDelegate(self.tree))
        self.tree.expandAll()
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.tree.activated.connect(self._activated)
        self.tree.clicked.connect(self._activated)
        self.filter_edit.textChanged.connect(self._filter)
        self.model.rowsInserted.connect(self._expand_new)

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text.strip())
        self.tree.expandAll()

    def _expand_new(self, parent, first, last) -> None:
        self.tree.expand(self.proxy.mapFromSource(parent))

    def _activated(self, index) -> None:
        entity_id = index.data(NavRole.ENTITY_ID)
        if entity_id:
            self.entityActivated.emit(entity_id)

    def current_entity(self) -> str | None:
        return self.tree.currentIndex().data(NavRole.ENTITY_ID)

    def current_kind(self) -> str | None:
        return self.tree.currentIndex().data(NavRole.KIND)

    def select(self, entity_id: str) -> None:
        index = self.proxy.mapFromSource(self.model.index_of(entity_id))
        if index.isValid():
            self.tree.setCurrentIndex(index)
            self.tree.scrollTo(index)

    def _context_menu(self, pos) -> None:
        index = self.tree.indexAt(pos)
        menu = QMenu(self)
        kind = index.data(NavRole.KIND) if index.isValid() else None
        entity_id = index.data(NavRole.ENTITY_ID) if index.isValid() else None
        keys = [kind] if kind else [k.key for k in KINDS]
        for key in keys:
            action = menu.addAction(icon(BY_KEY[key].icon), f"Add {BY_KEY[key].singular.lower()}")
            action.triggered.connect(lambda _=False, k=key: self.addRequested.emit(k))
        if entity_id:
            menu.addSeparator()
            menu.addAction(icon("duplicate"), "Duplicate").triggered.connect(
                lambda: self.duplicateRequested.emit(entity_id))
            menu.addAction(icon("remove"), "Delete").triggered.connect(
                lambda: self.deleteRequested.emit(entity_id))
        menu.exec(self.tree.viewport().mapToGlobal(pos))
