"""Tabs that do not pile up. Beside the preview tab a single click reuses (editors.py), the GM
can close every tab but the one in front (View ▸ Close other tabs, or a tab's right-click menu)
and set how many tabs stay open (View ▸ Tabs kept open): opening one more closes the tab
looked at longest ago. Nothing is lost by closing a tab: every edit is saved as it is made.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from fate_desk.i18n import _, ngettext

from .settings import Preferences

CHOICES = (6, 8, 12, 20, 0)  # the limits offered; 0: no limit


class TabKeeper(QObject):
    """One per window: `attach` the tabs of each campaign opened, `fill_menu` the View menu's
    submenu, `close_others` for the action."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.tabs = None
        self.seen: list[str] = []  # entity ids, the one looked at longest ago first
        self.menu: QMenu | None = None

    # --- the setting ----------------------------------------------------------------------

    @property
    def limit(self) -> int:
        value = self.window.settings.get(Preferences.TAB_LIMIT)
        return value if value in CHOICES else Preferences.TAB_LIMIT.default

    def set_limit(self, limit: int) -> None:
        self.window.settings.set(Preferences.TAB_LIMIT, limit)
        self.enforce()

    def fill_menu(self, menu: QMenu) -> None:
        """View ▸ Tabs kept open: a choice of limits, the one in use ticked."""
        group = QActionGroup(menu)
        for limit in CHOICES:
            text = (ngettext("At most {count} tab", "At most {count} tabs", limit).format(count=limit) if limit
                    else _("No limit"))
            action = QAction(text, menu)
            action.setObjectName(f"tab_limit_{limit}")
            action.setCheckable(True)
            action.setChecked(limit == self.limit)
            group.addAction(action)
            menu.addAction(action)
            action.triggered.connect(lambda _checked=False, n=limit: self.set_limit(n))

    # --- the tabs of a campaign -----------------------------------------------------------

    def attach(self, tabs) -> None:
        self.tabs = tabs
        self.seen = list(tabs.open_ids())
        tabs.currentChanged.connect(self._shown)
        tabs.tabOpened.connect(self._opened)
        bar = tabs.tabBar()
        bar.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        bar.customContextMenuRequested.connect(self._context_menu)

    def _shown(self, _index: int) -> None:
        current = self.tabs.current_entity_id() if self.tabs is not None else None
        if current:
            if current in self.seen:
                self.seen.remove(current)
            self.seen.append(current)

    def _opened(self, entity_id: str) -> None:
        if entity_id not in self.seen:
            self.seen.insert(max(0, len(self.seen) - 1), entity_id)  # behind the current one, if it is not it
        self.enforce(keep=entity_id)

    def enforce(self, keep: str | None = None) -> list[str]:
        """Close the tabs looked at longest ago until no more than the limit are open (never the
        one in front, nor `keep`, just opened). Returns the ids closed."""
        tabs, limit = self.tabs, self.limit
        if tabs is None or not limit:
            return []
        open_ids = tabs.open_ids()
        current = tabs.current_entity_id()
        order = [i for i in self.seen if i in open_ids] + [i for i in open_ids if i not in self.seen]
        closed = []
        for entity_id in order:
            if len(open_ids) - len(closed) <= limit:
                break
            if entity_id in (current, keep):
                continue
            tabs.close_entity(entity_id)
            closed.append(entity_id)
        self.seen = [i for i in self.seen if i not in closed]
        return closed

    def close_others(self, index: int | None = None) -> int:
        """Close every tab but one (the one in front, or the tab at `index`); returns how many closed."""
        tabs = self.tabs
        if tabs is None or not tabs.count():
            return 0
        keep = tabs.widget(tabs.currentIndex() if index is None else index).entity_id
        others = [i for i in tabs.open_ids() if i != keep]
        for entity_id in others:
            tabs.close_entity(entity_id)
        tabs.open(keep)
        self.seen = [keep]
        return len(others)

    def _context_menu(self, pos: QPoint) -> QMenu | None:
        bar = self.tabs.tabBar()
        index = bar.tabAt(pos)
        if index < 0:
            return None
        menu = QMenu(bar)
        menu.setObjectName("tabMenu")
        menu.addAction(_("Close tab"), lambda: self.tabs.close_tab(index))
        others = menu.addAction(_("Close other tabs"), lambda: self.close_others(index))
        others.setEnabled(self.tabs.count() > 1)
        self.menu = menu
        menu.popup(bar.mapToGlobal(pos))
        return menu
