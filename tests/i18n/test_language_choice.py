"""Choosing the interface language: View ▸ Language, the next start, the system's locale, the
command line's LANG, and a right-to-left language mirroring the window (issue 29)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLabel, QMessageBox

from fate_desk import i18n
from fate_desk.gui.about import AboutDialog
from fate_desk.gui.app import start
from fate_desk.gui.settings import Preferences, Settings
from fate_desk.gui.translator import choose_language

from gui_keys import activate


def _language_menu(window):
    action = next(a for a in window.findChildren(QAction) if a.objectName() == "action_language")
    return action.menu()


@pytest.fixture
def window(qtbot):
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    activate(qtbot, win)
    yield win
    win.close()


def test_view_language_offers_every_shipped_language_by_its_own_name(window):
    menu = _language_menu(window)
    names = [a.text() for a in menu.actions() if a.isCheckable()]
    assert names[0] == "Follow the system"
    assert names[1:] == ["English", "Deutsch", "Français", "Español", "Português (Brasil)", "Italiano",
                         "Русский", "简体中文", "한국어"]
    # Nothing chosen yet: the system's language is followed.
    assert [a.data() for a in menu.actions() if a.isChecked()] == [""]
    assert not any(a.data() in i18n.PSEUDO_LANGUAGES for a in menu.actions())


def test_a_chosen_language_is_kept_said_plainly_and_spoken_at_the_next_start(window, qtbot):
    menu = _language_menu(window)
    german = next(a for a in menu.actions() if a.text() == "Deutsch")
    german.trigger()
    box = window.findChild(QMessageBox, "language_chosen")
    assert box is not None and box.isVisible()
    assert "Deutsch" in box.text() and "next start" in box.text()
    assert "Deutsch" in window.statusBar().currentMessage()
    assert i18n.language() == "en"  # this window goes on in its language; nothing is mixed
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert Settings().get(Preferences.LANGUAGE) == "de"
    window.close()

    again = start(QApplication.instance(), None)
    qtbot.addWidget(again)
    try:
        assert i18n.language() == "de"
        # Qt's own buttons come from the translations PySide6 ships.
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        assert buttons.buttons()[0].text() == "Abbrechen"
        checked = [a.text() for a in _language_menu(again).actions() if a.isChecked()]
        assert checked == ["Deutsch"]
        # Back to following the system.
        next(a for a in _language_menu(again).actions() if a.data() == "").trigger()
        assert Settings().get(Preferences.LANGUAGE) == ""
    finally:
        again.close()


def test_the_language_is_the_environments_then_the_choice_then_the_systems(monkeypatch):
    settings = Settings()
    settings.set(Preferences.LANGUAGE, "fr")
    assert choose_language(settings, environ={}) == "fr"
    assert choose_language(settings, environ={"FATE_DESK_LANGUAGE": "ko_KR.UTF-8"}) == "ko"
    settings.set(Preferences.LANGUAGE, "")
    assert choose_language(settings, environ={}) in i18n.LANGUAGES  # the system's, or English
    settings.set(Preferences.LANGUAGE, "tlh")  # a hand-edited settings file never stops the app
    assert choose_language(settings, environ={}) in i18n.LANGUAGES


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "pt_BR.UTF-8"}, "pt_BR"),
        ({"LANG": "pt_PT.UTF-8"}, "pt_BR"),
        ({"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh_CN"),
        ({"LC_MESSAGES": "ko_KR.UTF-8"}, "ko"),
        ({"LANGUAGE": "sv:ru", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LANG": "zh_TW.UTF-8"}, "en"),  # traditional Chinese is not shipped
        ({"LANG": "C"}, "en"),
        ({"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # the first set one decides
        ({}, "en"),
    ],
)
def test_the_command_line_follows_lang_as_gettext_does(environ, expected):
    assert i18n.from_environment(environ) == expected


def test_a_right_to_left_language_mirrors_the_window_docks_included(qtbot, monkeypatch):
    monkeypatch.setenv("FATE_DESK_LANGUAGE", "ar_XB")
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    try:
        win.resize(1280, 800)
        win.show()
        qtbot.waitExposed(win)
        assert win.isRightToLeft()
        central = win.centralWidget().mapTo(win, QPoint(0, 0)).x()
        navigator = win.navigator_dock.mapTo(win, QPoint(0, 0)).x()
        assert navigator > central, "the campaign navigator sits on the right, where a reader starts"
        menus = [a for a in win.menuBar().actions() if a.isVisible()]
        first, last = (win.menuBar().actionGeometry(menus[i]) for i in (0, -1))
        assert first.x() > last.x(), "File is the rightmost menu"
        # Every string shown comes through the catalogue, marked right to left.
        assert win.navigator_dock.windowTitle().startswith("\u200f")
    finally:
        win.close()


def test_the_forms_are_translated_through_the_catalogue(qtbot, monkeypatch):
    monkeypatch.setenv("FATE_DESK_LANGUAGE", "en_XA")
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    try:
        about = next(a for a in win.findChildren(QAction) if a.objectName() == "action_about")
        about.trigger()
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, AboutDialog) and w.isVisible())
        summary = dialog.findChild(QLabel, "summaryLabel")
        assert summary.text().startswith("⟦") and "Ƒàŧé" in summary.text()
        dialog.close()
    finally:
        win.close()



def test_chinese_and_korean_bring_their_own_font_for_a_system_without_one():
    """The printouts' CJK font is offered to Qt when the interface speaks Chinese or Korean, so
    a system with no CJK font shows words, not empty boxes."""
    from PySide6.QtGui import QFontDatabase

    from fate_desk.gui.translator import apply_language

    apply_language(QApplication.instance(), "zh_CN")
    assert "Droid Sans Fallback" in QFontDatabase.families()
