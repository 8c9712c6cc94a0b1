"""The one action registry: every command the window offers, with its standard shortcut.

Menus and the toolbar are built from REGISTRY; the window only supplies what each action does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from .icons import icon

Key = QKeySequence.StandardKey


@dataclass(frozen=True)
class ActionSpec:
    id: str
    text: str
    menu: str  # File, Edit, View, Table, Help
    shortcut: QKeySequence.StandardKey | str | None = None
    icon: str | None = None
    tip: str = ""
    toolbar: bool = False
    separator_before: bool = False
    fallback: str | None = None  # for a standard key the platform leaves unbound


REGISTRY: tuple[ActionSpec, ...] = (
    ActionSpec("new_campaign", "&New campaign…", "File", Key.New, tip="Start a campaign with a rule set of your choice"),
    ActionSpec("open_campaign", "&Open…", "File", Key.Open, tip="Open a campaign file"),
    ActionSpec("open_recent", "Open &Recent", "File"),  # a submenu, filled by the window
    ActionSpec("open_read_only", "Open read-&only…", "File",
               tip="Open a campaign to look at it without changing it (also one open elsewhere)"),
    ActionSpec("save_copy", "Save a &copy as…", "File", Key.SaveAs, separator_before=True,
               tip="Write a copy of this campaign to another file"),
    ActionSpec("restore_backup", "Restore from &backup…", "File", None,
               tip="Go back to a copy Fate Desk made when the campaign was opened"),
    ActionSpec("import", "&Import characters…", "File", "Ctrl+I", separator_before=True,
               tip="Add characters from Fate Desk, Fari or Foundry VTT (Fate Core Official, FateX) files"),
    ActionSpec("export_character", "&Export character…", "File", "Ctrl+E",
               tip="Write the open character to a .fate.json file"),
    ActionSpec("export_for", "Export &for…", "File",
               tip="Write characters for Foundry VTT (Fate Core Official) or Fari"),
    # Print to PDF (issue 6): Ctrl+P, the platform's Print key, since the PDF is how Fate Desk prints
    ActionSpec("export_pdf", "&Print to PDF…", "File", Key.Print, separator_before=True,
               tip="Print character sheets, GM cards, reference cards or a campaign pack to a PDF file"),
    # Key.Quit has no binding on Windows (nor offscreen): Ctrl+Q there, as the guide promises
    ActionSpec("quit", "&Quit", "File", Key.Quit, separator_before=True, fallback="Ctrl+Q"),
    ActionSpec("undo", "&Undo", "Edit", Key.Undo, "undo", toolbar=True),
    ActionSpec("redo", "&Redo", "Edit", Key.Redo, "redo", toolbar=True),
    ActionSpec("find", "&Find…", "Edit", Key.Find, separator_before=True, tip="Filter the campaign by name"),
    ActionSpec("add_pc", "Add &player character", "Edit", "Ctrl+Shift+N", "pc", "Add a player character",
               toolbar=True, separator_before=True),
    ActionSpec("add_entry", "&Add", "Edit", None, "add", "Add an entry of any kind", toolbar=True),
    # GM prep (issue 7, editors)
    ActionSpec("quick_npc", "&Quick NPC…", "Edit", "Ctrl+Shift+M", "minor_npc",
               "Type a minor NPC on one line and add it", toolbar=True),
    ActionSpec("duplicate", "D&uplicate", "Edit", "Ctrl+D", "duplicate", "Duplicate the selected entry",
               toolbar=True),
    ActionSpec("delete", "&Delete", "Edit", "Ctrl+Del", "remove", "Delete the selected entry (undo brings it back)",
               toolbar=True),
    ActionSpec("close_tab", "&Close tab", "View", Key.Close),
    # Keyboard only: panels and tab order without the mouse (docs/accessibility.md)
    ActionSpec("next_panel", "Ne&xt panel", "View", "F6", tip="Move the keyboard to the next panel or dock"),
    ActionSpec("previous_panel", "Pre&vious panel", "View", "Shift+F6", tip="Move the keyboard to the panel before"),
    ActionSpec("move_tab_left", "Move tab &left", "View", "Ctrl+Shift+PgUp", tip="Move the open tab one place left"),
    ActionSpec("move_tab_right", "Move tab ri&ght", "View", "Ctrl+Shift+PgDown",
               tip="Move the open tab one place right"),
    ActionSpec("toggle_problems", "&Problems panel", "View", "Ctrl+Shift+P", separator_before=True),
    ActionSpec("toggle_navigator", "Campaign &navigator", "View", "Ctrl+Shift+L"),
    # Text size for low vision (fate_desk/gui/zoom.py): Ctrl+= as well as the platform's Ctrl++
    ActionSpec("zoom_in", "Zoom &in", "View", "Ctrl+=", separator_before=True, tip="Larger text everywhere, up to 200%"),
    ActionSpec("zoom_out", "Zoom &out", "View", "Ctrl+-", tip="Smaller text, down to the platform's size"),
    ActionSpec("zoom_reset", "&Actual size", "View", "Ctrl+0", tip="Text at the platform's size (100%)"),
    ActionSpec("theme", "&Theme", "View", separator_before=True),  # a submenu
    ActionSpec("language", "&Language", "View"),  # a submenu (gui/language_menu.py)
    # At the table (fate_desk/gui/table_desk.py)
    ActionSpec("end_scene", "End the &scene…", "Table", "Ctrl+Shift+E", "scene",
               "Clear stress and situation aspects, move recovery on, set the GM's fate points"),
    ActionSpec("end_session", "End the s&ession…", "Table", None, "session",
               "Milestones, fate points back to refresh, recovery; log the session"),
    ActionSpec("end_arc", "End the &arc…", "Table", None, None, "Breakthroughs for every player character"),
    ActionSpec("spend_points", "Spend saved skill &points…", "Table", None, None,
               "Raise skills with the points the current character saved", separator_before=True),
    # Conflicts, contests, challenges and the players' view (fate_desk/gui/conflict)
    ActionSpec("conflict_panel", "Run a &conflict", "Table", None, None,
               "Turn order, attacks, harm and concessions in the scene being played", separator_before=True),
    ActionSpec("contest_panel", "Run a con&test", "Table", None, None,
               "Sides roll each exchange; victories, twists on ties, advantages"),
    ActionSpec("challenge_panel", "Run a cha&llenge", "Table", None, None,
               "Overcome tasks, each rolled once, and what the mix of results means"),
    ActionSpec("players_view", "Pla&yers' view", "Table", None, None,
               "A second window for the players: only what the GM lets them see"),
    ActionSpec("toggle_dice", "&Dice roller", "Table", "Ctrl+Shift+R", separator_before=True),
    ActionSpec("toggle_history", "Character &history", "Table", "Ctrl+Shift+H"),
    ActionSpec("user_guide", "&User guide", "Help", Key.HelpContents),
    ActionSpec("about", "&About Fate Desk", "Help"),
)
MENUS = ("File", "Edit", "View", "Table", "Help")
# Second bindings: Ctrl++ (Shift on most layouts) and the keypad's plus and minus zoom too.
EXTRA_KEYS = {"zoom_in": (QKeySequence("Ctrl++"),), "zoom_out": (QKeySequence("Ctrl+_"),)}
SUBMENUS = ("open_recent", "theme", "language", "add_entry")


def build_actions(window: QMainWindow, handlers: dict[str, Callable[[], None]]) -> dict[str, QAction]:
    """One QAction per spec, wired to its handler (specs without a handler stay plain)."""
    actions: dict[str, QAction] = {}
    for spec in REGISTRY:
        action = QAction(spec.text, window)
        action.setObjectName(f"action_{spec.id}")
        if isinstance(spec.shortcut, QKeySequence.StandardKey):
            action.setShortcuts(spec.shortcut)  # every binding the platform has (Redo: Ctrl+Shift+Z and Ctrl+Y)
            if not action.shortcuts() and spec.fallback:
                action.setShortcut(QKeySequence(spec.fallback))
        elif spec.shortcut is not None:
            action.setShortcuts([QKeySequence(spec.shortcut), *EXTRA_KEYS.get(spec.id, ())])
        if spec.icon:
            action.setIcon(icon(spec.icon))
        if spec.tip:
            action.setStatusTip(spec.tip)
            action.setToolTip(spec.tip)
        if spec.id in SUBMENUS:
            action.setMenu(QMenu(spec.text.replace("&", ""), window))
        handler = handlers.get(spec.id)
        if handler is not None:
            action.triggered.connect(lambda _=False, h=handler: h())
        actions[spec.id] = action
    return actions


def build_menus(window: QMainWindow, actions: dict[str, QAction]) -> dict[str, QMenu]:
    menus = {name: window.menuBar().addMenu(f"&{name}") for name in MENUS}
    for spec in REGISTRY:
        menu = menus[spec.menu]
        if spec.separator_before:
            menu.addSeparator()
        action = actions[spec.id]
        if action.menu() is not None:
            menu.addMenu(action.menu()).setIcon(action.icon())
        else:
            menu.addAction(action)
    return menus


def build_toolbar(window: QMainWindow, actions: dict[str, QAction]) -> QToolBar:
    toolbar = window.addToolBar("Main")
    toolbar.setObjectName("mainToolbar")
    toolbar.setMovable(False)
    previous = None
    for spec in REGISTRY:
        if not spec.toolbar:
            continue
        if previous is not None and spec.separator_before:
            toolbar.addSeparator()
        toolbar.addAction(actions[spec.id])
        previous = spec
    return toolbar
