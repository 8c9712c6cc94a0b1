"""The main window in the pseudo-locale: its menus, toolbar, docks, status lines and the
navigator speak the interface language, and the actions still do their work (they are found
by their objectName, never by their English text)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMessageBox

from fate_desk import i18n
from fate_desk.gui.mainwindow import MainWindow
from fate_desk.gui.navigator import NavRole
from fate_desk.gui.settings import Preferences, Settings
from fate_desk.model import Campaign

PSEUDO = "⟦"



@pytest.fixture
def window(pseudo, qtbot, tmp_path):
    win = MainWindow(Settings())
    qtbot.addWidget(win)
    assert win.files.create(Campaign(name="Skyships"), tmp_path / "sky.fatedesk")
    win.show()
    QApplication.processEvents()  # the navigator joins just after the campaign opens
    return win


def _translated(text: str) -> bool:
    return PSEUDO in text


def _menu_texts(menu, skip=()):
    """Every item of a menu and its submenus (separators left out), with the submenu's own title."""
    for action in menu.actions():
        if action.isSeparator() or action.objectName() in skip:
            continue
        if action.objectName().startswith("language_") and action.objectName() != "language_system":
            continue  # each language by its own name ("Deutsch"), never translated
        yield action.text()
        if action.menu() is not None and action.menu() is not menu:
            yield action.menu().title()
            if action.menu().objectName() != "recent":
                yield from _menu_texts(action.menu(), skip)


def test_every_menu_and_item_is_in_the_interface_language(window):
    titles = [a.text() for a in window.menuBar().actions()]
    assert len(titles) == 5 and all(_translated(t) for t in titles), titles
    # Mnemonics survive: Alt+F still opens the File menu in any language.
    assert window.menus["File"].objectName() == "menu_file" and "&F" in window.menus["File"].title()
    english = [t for m in window.menus.values() for t in _menu_texts(m) if t and not _translated(t)]
    assert english == []
    tips = [a.toolTip() for a in window.actions.values() if a.statusTip()]
    assert tips and all(_translated(t) for t in tips), tips


def test_the_window_title_docks_and_toolbar_are_translated(window):
    assert _translated(window.windowTitle()) and "Skyships" in window.windowTitle()
    assert _translated(window.navigator_dock.windowTitle())
    assert _translated(window.problems.windowTitle())
    assert _translated(window.toolbar.windowTitle())
    assert _translated(window.actions["undo"].iconText())
    assert _translated(window.sheets.start_page.heading.text()) and "Skyships" in window.sheets.start_page.heading.text()
    assert _translated(window.sheets.start_page.text.text())
    assert all(_translated(b.text()) for b in window.sheets.start_page.buttons)


def test_adding_found_by_object_name_works_and_reports_in_the_language(window):
    add = window.findChild(QAction, "action_add_pc")
    add.trigger()
    character = window.document.campaign.characters[-1]
    assert _translated(character.name)  # the new entry's name is the user's, made in their language
    assert _translated(window.statusBar().currentMessage())
    assert window.actions["undo"].isEnabled() and _translated(window.actions["undo"].text())
    assert _translated(window.actions["undo"].toolTip())
    # The Add menu's items by objectName: a monster, added under its own kind.
    window.actions["add_entry"].menu().findChild(QAction, "add_monster").trigger()
    assert window.document.campaign.characters[-1].kind.value == "monster"
    assert window.document.undo_stack.undoText() == i18n._("Add monster")


def test_the_navigator_and_problems_speak_the_language(window):
    window.findChild(QAction, "action_add_pc").trigger()
    QApplication.processEvents()
    model = window.navigator.model
    folders = [model.item(row).text() for row in range(model.rowCount())]
    assert folders and all(_translated(f) for f in folders), folders
    pc = window.document.campaign.characters[-1]
    tip = model.tooltip(model.index_of(pc.id))
    assert _translated(tip)  # "Player character: 3 rule errors", or its kind alone
    assert model.index_of(pc.id).data(NavRole.KIND) == "pc"  # the key stays English
    window.problems.show_for(window.document, pc.id)
    assert _translated(window.problems.summary.text())
    said = window.problems.messages_said()
    assert said and all(s.startswith(PSEUDO) for s in said)  # the severity word is translated


def test_deleting_offers_undo_in_the_language(window):
    window.findChild(QAction, "action_add_pc").trigger()
    window.findChild(QAction, "action_delete").trigger()
    notice = window.undo_notice
    assert _translated(notice.label.text()) and _translated(notice.button.text())
    notice.button.click()
    assert len(window.document.campaign.characters) == 1  # the undo in the notice still undoes


def test_a_theme_chosen_in_the_language_stores_its_key(window):
    dark = window.actions["theme"].menu().findChild(QAction, "theme_dark")
    assert _translated(dark.text())
    dark.trigger()
    assert window.settings.get(Preferences.THEME) == "dark"
    window.view.set_theme("system")


def test_zoom_and_panels_announce_in_the_language(window):
    window.findChild(QAction, "action_zoom_in").trigger()
    assert _translated(window.statusBar().currentMessage())
    window.view.set_text_size(100)


def test_a_file_refused_is_explained_in_the_language(window, tmp_path, qtbot):
    broken = tmp_path / "broken.fatedesk"
    broken.write_text("not a campaign")
    assert not window.campaigns.open_path(broken)
    box = next(b for b in window.findChildren(QMessageBox) if b.isVisible())
    assert _translated(box.windowTitle())
    box.close()


def test_english_is_back_after_switching(qtbot, tmp_path):
    """The window reads the language when it is built, not when its modules were imported."""
    win = MainWindow(Settings())
    qtbot.addWidget(win)
    assert win.menus["File"].title() == "&File" and win.actions["add_pc"].text() == "Add &player character"
    i18n.set_language("en_XA")
    try:
        other = MainWindow(Settings())
        qtbot.addWidget(other)
        assert _translated(other.menus["File"].title())
    finally:
        i18n.set_language("en")
