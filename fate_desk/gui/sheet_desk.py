"""The sheets: the open entries' tabs, the page shown when none is open, and the View menu's tab
commands (closing the others and the limit on open tabs among them: `tabs.py`); which entry is
current, for the problems panel and the navigator."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QToolBar, QWidget

from fate_desk.i18n import _

from .desk import Desk
from .tabs import TabKeeper


class SheetDesk(Desk):
    """Works on the window's tabs (`window.tabs`, made for each campaign by the window)."""

    def __init__(self, window):
        super().__init__(window)
        self._start_page = None  # built when a campaign first opens with no tab (see start_page)
        self._loading_page = None
        self.tab_keeper = TabKeeper(window)  # Close other tabs, and the limit (gui/tabs.py)

    def handlers(self) -> dict:
        tabs = lambda: self.window.tabs  # noqa: E731 (the campaign's tabs, made anew for each)
        return {
            "close_tab": lambda: tabs() and tabs().close_current(),
            "close_other_tabs": lambda: tabs() and self.tab_keeper.close_others(),
            "move_tab_left": lambda: tabs() and tabs().move_current(-1),
            "move_tab_right": lambda: tabs() and tabs().move_current(1),
        }

    def install(self) -> None:
        self.tab_keeper.fill_menu(self.window.actions["tab_limit"].menu())

    def document_changed(self, document) -> None:
        super().document_changed(document)
        if document is None:
            self.tab_keeper.tabs = None  # the campaign's tabs go with it
            return
        tabs = self.window.tabs
        self.tab_keeper.attach(tabs)
        tabs.currentChanged.connect(lambda _i: self.show_tabs_or_start())
        # After a step over many entries, once: after the tabs of the entries gone have closed
        # (the tabs' own campaignChanged comes first).
        document.when_entries_come_or_go(self.show_tabs_or_start)
        tabs.currentEntityChanged.connect(self.current_changed)

    # --- the central pages ------------------------------------------------------------------

    @property
    def start_page(self):
        """The page with the first things to do, built the first time a campaign has no tab open."""
        if self._start_page is None:
            # Deferred: gui.start_page loads with the campaign, after the window's first paint.
            from .start_page import StartPage

            self._start_page = StartPage(self.window.actions, self.window.edits.add_scene_action)
            self.window.stack.addWidget(self._start_page)
        return self._start_page

    @property
    def loading_page(self) -> QLabel:
        """What shows while a campaign loads and no sheet is up yet."""
        if self._loading_page is None:
            self._loading_page = QLabel(_("Opening the campaign…"))
            self._loading_page.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self._loading_page.setWordWrap(True)
            self.window.stack.addWidget(self._loading_page)
        return self._loading_page

    def show_tabs_or_start(self) -> None:
        """The tabs when an entry is open; otherwise the page with the first things to do."""
        window = self.window
        if window.tabs is None or window.document is None:
            return
        if window.tabs.count():
            if window.stack.currentWidget() is not window.tabs:  # the sheets come into view
                window.stack.setCurrentWidget(window.tabs)
                self._focus_into(window.tabs.currentWidget())
        elif window.document.loading:
            window.stack.setCurrentWidget(self.loading_page)
        else:
            self.start_page.show_for(window.document.campaign)
            window.stack.setCurrentWidget(self.start_page)

    def _focus_into(self, editor) -> None:
        """The keyboard's focus into the sheet shown, if it is nowhere the user put it: the
        campaign before took its sheet, and the focus in it, away with it, and Qt passed the
        focus on to the next control in the window (the GM pool's +: a Space then added a GM
        fate point)."""
        window = self.window
        focus = window.focusWidget()  # the window's, active or not
        if editor is None or (focus is not None and focus is not window and not _passed_on_to(focus, window)):
            return
        widget = editor.nextInFocusChain()
        while widget is not None and widget is not editor:
            if (editor.isAncestorOf(widget) and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
                    and widget.isVisibleTo(window) and widget.isEnabled()):
                widget.setFocus(Qt.FocusReason.OtherFocusReason)
                return
            widget = widget.nextInFocusChain()

    # --- the tabs of last time ----------------------------------------------------------------

    def restore_tabs(self, show: bool = True) -> str:
        """The tabs open when this campaign was last closed (each built when first shown), the
        current one shown unless not `show`; else its first player character (opened only if
        `show`). Returns the id of the tab to show ("" for none)."""
        window = self.window
        tabs, document = window.tabs, window.document
        ids, current = window.settings.open_tabs(str(document.path))
        tabs.blockSignals(True)  # the first tab added would otherwise be built at once
        for entity_id in ids:
            tabs.open(entity_id, lazy=True)
        tabs.blockSignals(False)
        current = current if current in ids else (ids[0] if ids else "")
        if not show and current and current not in tabs.open_ids():  # gone from the campaign
            current = tabs.open_ids()[0] if tabs.count() else ""
        if not tabs.count() and not document.loading:  # loading: the first one as it comes in
            first = next((c for c in document.campaign.characters if c.kind.value == "pc"), None)
            if first is not None:
                if show:
                    tabs.open(first.id)
                return first.id
        if current and show:
            tabs.open(current)
        return current

    def remember_tabs(self) -> None:
        window = self.window
        opening = window.opening_steps
        if window.document is None or window.tabs is None or (opening is not None and opening.keeps_tabs):
            return  # a loading campaign's tabs of last time are not open yet: kept as they were
        window.settings.set_open_tabs(str(window.document.path), window.tabs.open_ids(),
                                      window.tabs.current_entity_id() or "")

    # --- the current entry ----------------------------------------------------------------------

    def current_changed(self, entity_id: str) -> None:
        window = self.window
        window.problems.show_for(window.document, entity_id or None)
        if entity_id and window.navigator:
            window.navigator.select(entity_id)
        if entity_id and window.opening_steps is not None:
            window.opening_steps.user_opened_a_sheet()
        self.remember_tabs()
        window.update_actions()

    def open_entity(self, entity_id: str):
        tabs = self.window.tabs
        return tabs.open(entity_id) if tabs else None

    def keep_entity(self, entity_id: str):
        """Open an entry in a tab of its own (a double-click, or Enter, in the navigator)."""
        editor = self.open_entity(entity_id)
        if self.window.tabs:
            self.window.tabs.keep(entity_id)
        return editor

    def current_character(self):
        tabs = self.window.tabs
        entity_id = tabs.current_entity_id() if tabs else None
        if not entity_id:
            return None  # before the first campaign too, when the models are not loaded yet
        # Deferred: model loads with the campaign, after the window's first paint.
        from fate_desk.model import Character

        entity = self.window.document.entity(entity_id)
        return entity if isinstance(entity, Character) else None

    def focus_problem(self, path: str) -> None:
        editor = self.window.tabs.current_editor() if self.window.tabs else None
        if editor is not None:
            editor.focus_path(path)


def _passed_on_to(focus: QWidget, window) -> bool:
    """Whether the focus is where Qt passes it when the widget that had it goes: the window's
    status bar (the GM pool) or toolbar, never a place the user tabs to while a campaign opens."""
    for bar in (window.statusBar(), *window.findChildren(QToolBar, options=Qt.FindChildOption.FindDirectChildrenOnly)):
        if bar.isAncestorOf(focus):
            return True
    return False
