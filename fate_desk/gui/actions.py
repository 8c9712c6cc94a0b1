"""The one action registry: every command the window offers, with its standard shortcut.

Menus and the toolbar are built from REGISTRY; the window only supplies what each action does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from fate_desk.i18n import N_, _

from .icons import icon


@dataclass(frozen=True)
class ActionSpec:
    id: str
    text: str  # marked with N_(); shown through _()
    menu: str  # File, Edit, View, Table, Help
    shortcut: QKeySequence.StandardKey | str | None = None
    icon: str | None = None
    tip: str = ""
    toolbar: bool = False
    separator_before: bool = False
    fallback: str | None = None  # for a standard key the platform leaves unbound
    short: str = ""  # the toolbar's label when the menu's words are too long for a button


REGISTRY: tuple[ActionSpec, ...] = (
    ActionSpec("new_campaign", N_("&New campaign…"), "File", QKeySequence.StandardKey.New, tip=N_("Start a campaign with a rule set of your choice")),
    ActionSpec("open_campaign", N_("&Open…"), "File", QKeySequence.StandardKey.Open, tip=N_("Open a campaign file")),
    ActionSpec("open_recent", N_("Open &Recent"), "File"),  # a submenu, filled by the window
    ActionSpec("open_read_only", N_("Open read-&only…"), "File",
               tip=N_("Open a campaign to look at it without changing it (also one open elsewhere)")),
    ActionSpec("save_copy", N_("Save a &copy as…"), "File", QKeySequence.StandardKey.SaveAs, separator_before=True,
               tip=N_("Write a copy of this campaign to another file")),
    ActionSpec("restore_backup", N_("Restore from &backup…"), "File", None,
               tip=N_("Go back to a copy Fate Desk made when the campaign was opened")),
    ActionSpec("import", N_("&Import characters…"), "File", "Ctrl+I", separator_before=True,
               tip=N_("Add characters from Fate Desk, Fari or Foundry VTT (Fate Core Official, FateX) files")),
    ActionSpec("export_character", N_("&Export character…"), "File", "Ctrl+E",
               tip=N_("Write the open character to a .fate.json file")),
    ActionSpec("export_for", N_("Export &for…"), "File",
               tip=N_("Write characters for Foundry VTT (Fate Core Official) or Fari")),
    # Print to PDF (issue 6): Ctrl+P, the platform's Print key, since the PDF is how Fate Desk prints
    ActionSpec("export_pdf", N_("&Print to PDF…"), "File", QKeySequence.StandardKey.Print, separator_before=True,
               tip=N_("Print character sheets, GM cards, reference cards or a campaign pack to a PDF file")),
    # QKeySequence.StandardKey.Quit has no binding on Windows (nor offscreen): Ctrl+Q there, as the guide promises
    ActionSpec("quit", N_("&Quit"), "File", QKeySequence.StandardKey.Quit, separator_before=True, fallback="Ctrl+Q"),
    ActionSpec("undo", N_("&Undo"), "Edit", QKeySequence.StandardKey.Undo, "undo", toolbar=True),
    ActionSpec("redo", N_("&Redo"), "Edit", QKeySequence.StandardKey.Redo, "redo", toolbar=True),
    ActionSpec("find", N_("&Find…"), "Edit", QKeySequence.StandardKey.Find, separator_before=True, tip=N_("Filter the campaign by name")),
    ActionSpec("add_pc", N_("Add &player character"), "Edit", "Ctrl+Shift+N", "pc", N_("Add a player character"),
               toolbar=True, separator_before=True),
    ActionSpec("add_entry", N_("&Add"), "Edit", None, "add", N_("Add an entry of any kind"), toolbar=True),
    # GM prep (issue 7, editors)
    ActionSpec("quick_npc", N_("&Quick NPC…"), "Edit", "Ctrl+Shift+M", "minor_npc",
               N_("Type a minor NPC on one line and add it"), toolbar=True),
    ActionSpec("duplicate", N_("D&uplicate"), "Edit", "Ctrl+D", "duplicate", N_("Duplicate the selected entry"),
               toolbar=True),
    ActionSpec("delete", N_("&Delete"), "Edit", "Ctrl+Del", "remove", N_("Delete the selected entry (undo brings it back)"),
               toolbar=True),
    ActionSpec("close_tab", N_("&Close tab"), "View", QKeySequence.StandardKey.Close),
    ActionSpec("close_other_tabs", N_("Close &other tabs"), "View",
               tip=N_("Close every tab but the one in front (nothing is lost: edits are saved as they are made)")),
    ActionSpec("tab_limit", N_("&Tabs kept open"), "View"),  # a submenu (gui/tabs.py)
    # Keyboard only: panels and tab order without the mouse (docs/accessibility.md)
    ActionSpec("next_panel", N_("Ne&xt panel"), "View", "F6", tip=N_("Move the keyboard to the next panel or dock")),
    ActionSpec("previous_panel", N_("Pre&vious panel"), "View", "Shift+F6", tip=N_("Move the keyboard to the panel before")),
    ActionSpec("move_tab_left", N_("Move tab &left"), "View", "Ctrl+Shift+PgUp", tip=N_("Move the open tab one place left")),
    ActionSpec("move_tab_right", N_("Move tab ri&ght"), "View", "Ctrl+Shift+PgDown",
               tip=N_("Move the open tab one place right")),
    ActionSpec("toggle_problems", N_("&Problems panel"), "View", "Ctrl+Shift+P", separator_before=True),
    ActionSpec("toggle_navigator", N_("Campaign &navigator"), "View", "Ctrl+Shift+L"),
    # Text size for low vision (fate_desk/gui/zoom.py): Ctrl+= as well as the platform's Ctrl++
    ActionSpec("zoom_in", N_("Zoom &in"), "View", "Ctrl+=", separator_before=True, tip=N_("Larger text everywhere, up to 200%")),
    ActionSpec("zoom_out", N_("Zoom &out"), "View", "Ctrl+-", tip=N_("Smaller text, down to the platform's size")),
    ActionSpec("zoom_reset", N_("&Actual size"), "View", "Ctrl+0", tip=N_("Text at the platform's size (100%)")),
    ActionSpec("theme", N_("&Theme"), "View", separator_before=True),  # a submenu
    ActionSpec("language", N_("&Language"), "View"),  # a submenu (gui/language_menu.py)
    # At the table (fate_desk/gui/table_desk.py)
    ActionSpec("end_scene", N_("End the &scene…"), "Table", "Ctrl+Shift+E", "scene",
               N_("Clear stress and situation aspects, move recovery on, set the GM's fate points")),
    ActionSpec("end_session", N_("End the s&ession…"), "Table", None, "session",
               N_("Milestones, fate points back to refresh, recovery; log the session")),
    ActionSpec("end_arc", N_("End the &arc…"), "Table", None, None, N_("Breakthroughs for every player character")),
    ActionSpec("spend_points", N_("Spend saved skill &points…"), "Table", None, None,
               N_("Raise skills with the points the current character saved"), separator_before=True),
    ActionSpec("optional_rules", N_("&Optional rules…"), "Table", None, None,
               N_("Turn the campaign's optional rules on or off: faster contests, full defense, time shifts and more")),
    # Conflicts, contests, challenges and the players' view (fate_desk/gui/conflict)
    ActionSpec("conflict_panel", N_("Run a &conflict"), "Table", None, None,
               N_("Turn order, attacks, harm and concessions in the scene being played"), separator_before=True),
    ActionSpec("contest_panel", N_("Run a con&test"), "Table", None, None,
               N_("Sides roll each exchange; victories, twists on ties, advantages")),
    ActionSpec("challenge_panel", N_("Run a cha&llenge"), "Table", None, None,
               N_("Overcome tasks, each rolled once, and what the mix of results means")),
    ActionSpec("players_view", N_("Pla&yers' view"), "Table", None, None,
               N_("A second window for the players: only what the GM lets them see")),
    # Table mode: each player's sheet on their own device (fate_desk/gui/table_mode)
    ActionSpec("open_table", N_("Open the table to players' de&vices…"), "Table", None, "table_open",
               N_("Each player follows their own sheet and the scene, live, on their phone or tablet"),
               toolbar=True, separator_before=True, short=N_("Players' devices")),
    ActionSpec("toggle_requests", N_("Players' re&quests"), "Table", None, None,
               N_("What waits for you from the players' devices: rolls, invokes, compels, hits, a pause")),
    ActionSpec("toggle_dice", N_("&Dice roller"), "Table", "Ctrl+Shift+R", separator_before=True),
    ActionSpec("toggle_history", N_("Character &history"), "Table", "Ctrl+Shift+H"),
    ActionSpec("user_guide", N_("&User guide"), "Help", QKeySequence.StandardKey.HelpContents),
    ActionSpec("about", N_("&About Fate Desk"), "Help"),
)
MENUS = ("File", "Edit", "View", "Table", "Help")  # keys: each menu's objectName is menu_<key>
MENU_TITLES = {"File": N_("&File"), "Edit": N_("&Edit"), "View": N_("&View"), "Table": N_("&Table"),
               "Help": N_("&Help")}
# Second bindings: Ctrl++ (Shift on most layouts) and the keypad's plus and minus zoom too.
EXTRA_KEYS = {"zoom_in": (QKeySequence("Ctrl++"),), "zoom_out": (QKeySequence("Ctrl+_"),)}
SUBMENUS = ("open_recent", "theme", "language", "add_entry", "tab_limit")


def build_actions(window: QMainWindow, handlers: dict[str, Callable[[], None]]) -> dict[str, QAction]:
    """One QAction per spec, wired to its handler (specs without a handler stay plain)."""
    actions: dict[str, QAction] = {}
    for spec in REGISTRY:
        action = QAction(_(spec.text), window)
        action.setObjectName(f"action_{spec.id}")
        if isinstance(spec.shortcut, QKeySequence.StandardKey):
            action.setShortcuts(spec.shortcut)  # every binding the platform has (Redo: Ctrl+Shift+Z and Ctrl+Y)
            if not action.shortcuts() and spec.fallback:
                action.setShortcut(QKeySequence(spec.fallback))
        elif spec.shortcut is not None:
            action.setShortcuts([QKeySequence(spec.shortcut), *EXTRA_KEYS.get(spec.id, ())])
        if spec.icon:
            action.setIcon(icon(spec.icon))
        if spec.short:
            action.setIconText(_(spec.short))
        if spec.tip:
            action.setStatusTip(_(spec.tip))
            action.setToolTip(_(spec.tip))
        if spec.id in SUBMENUS:
            action.setMenu(QMenu(_(spec.text).replace("&", ""), window))
        handler = handlers.get(spec.id)
        if handler is not None:
            action.triggered.connect(lambda _=False, h=handler: h())
        actions[spec.id] = action
    return actions


def build_menus(window: QMainWindow, actions: dict[str, QAction]) -> dict[str, QMenu]:
    menus = {name: window.menuBar().addMenu(_(MENU_TITLES[name])) for name in MENUS}
    for name, menu in menus.items():
        menu.setObjectName(f"menu_{name.lower()}")
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
    toolbar = window.addToolBar(_("Main"))
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
