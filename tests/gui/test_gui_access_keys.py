"""Access keys (Alt and an underlined letter): a menu's key belongs to that menu alone, in
every language. A button in the window answering the same key made Alt+E open the Edit menu
only every other press (Qt takes turns between the two)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QGroupBox, QLabel, QMenu, QTabBar

from fate_desk.i18n import LANGUAGES

from gui_helpers import started_app_window
from gui_keys import activate


def access_key(text: str) -> str:
    return QKeySequence.mnemonic(text).toString().upper()


def window_keys(window) -> list[tuple[str, str]]:
    """(key, text) of every labelled thing in the window outside its menus: buttons, labels of
    fields, group titles and tabs, shown or not (a hidden one shows once its tab or dock does)."""
    texts = [b.text() for b in window.findChildren(QAbstractButton)]
    texts += [label.text() for label in window.findChildren(QLabel) if label.buddy() is not None]
    texts += [box.title() for box in window.findChildren(QGroupBox)]
    texts += [bar.tabText(i) for bar in window.findChildren(QTabBar) for i in range(bar.count())]
    return [(access_key(t), t) for t in texts if access_key(t)]


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_no_access_key_of_a_menu_is_shared_with_anything_in_the_window(qtbot, monkeypatch, code):
    monkeypatch.setenv("FATE_DESK_LANGUAGE", code)
    window = started_app_window(qtbot)
    window.resize(1280, 800)
    window.sheets.open_entity("pc-maren")  # a sheet: its play bar, skills, extras
    window.sheets.open_entity("sc-lock")  # a scene: its zone map and aspects
    window.actions["conflict_panel"].trigger()
    menus = [top.text() for top in window.menuBar().actions()]
    keys = [access_key(m) for m in menus]
    assert all(keys) and len(set(keys)) == len(keys), menus  # each menu has its own key
    shared = [(key, text) for key, text in window_keys(window) if key in keys]
    assert not shared, (menus, shared)
    window.close()


def test_alt_e_opens_the_edit_menu_at_every_press_with_a_sheet_open(qtbot):
    window = started_app_window(qtbot)
    activate(qtbot, window)
    sheet = window.sheets.open_entity("pc-maren")
    for _ in range(3):
        sheet.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
        popup = QApplication.activePopupWidget()
        assert isinstance(popup, QMenu) and popup.objectName() == "menu_edit", popup
        popup.close()
    window.close()
