"""Every shipped language, and the two pseudo-locales, at 1280x800: the main window, a full
sheet, the roll dialog and Take a hit show every word whole (issue 29, "Layouts that survive").

The pseudo-locales make each marked string 40% longer and bracketed; right to left mirrors the
window. German and Russian run about a third longer than English, so a layout that holds the
pseudo-locale holds them.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from fate_desk import i18n
from fate_desk.gui.app import start
from fate_desk.gui.play.hit_dialog import TakeHitDialog
from fate_desk.gui.play.roll_dialog import RollDialog

from clipping import clipped
from full_sheet import full_campaign_file

LANGUAGES = [code for code in i18n.LANGUAGES if code != "en"] + list(i18n.PSEUDO_LANGUAGES)


@pytest.fixture(params=LANGUAGES)
def window(request, qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("FATE_DESK_LANGUAGE", request.param)
    win = start(QApplication.instance(), str(full_campaign_file(tmp_path)))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    for _unused in range(4):
        QApplication.processEvents()
    assert i18n.language() == request.param
    yield win
    for widget in QApplication.topLevelWidgets():
        if widget is not win and widget.isVisible():
            widget.close()
    win.close()


def _menu_bar_fits(win) -> list[str]:
    bar = win.menuBar()
    return [a.text() for a in bar.actions() if a.isVisible() and bar.actionGeometry(a).right() > bar.width()
            or bar.actionGeometry(a).left() < 0]


def test_the_window_and_a_full_sheet_show_every_word_whole(window):
    assert window.width() == 1280 and window.minimumSizeHint().width() <= 1280
    assert _menu_bar_fits(window) == []
    sheet = window.tabs.current_editor()
    assert sheet is not None
    assert not sheet.scroll.horizontalScrollBar().isVisible()
    assert clipped(sheet) == []
    assert clipped(window.toolbar) == [] or window.toolbar.isVisible()


def test_the_roll_dialog_and_take_a_hit_show_every_word_whole(window, qtbot):
    sheet = window.tabs.current_editor()
    qtbot.mouseClick(sheet.play.roll_button, Qt.MouseButton.LeftButton)
    dialog = sheet.play.dialog
    assert isinstance(dialog, RollDialog) and dialog.isVisible()
    QApplication.processEvents()
    assert clipped(dialog) == []
    assert dialog.height() <= dialog.screen().availableGeometry().height()
    assert dialog.isRightToLeft() == i18n.is_rtl()
    dialog.reject()
    qtbot.mouseClick(sheet.play.hit_button, Qt.MouseButton.LeftButton)
    hit = sheet.play.dialog
    assert isinstance(hit, TakeHitDialog) and hit.isVisible()
    hit.shifts.setValue(3)
    QApplication.processEvents()
    assert clipped(hit) == []
    hit.reject()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_start_with_its_welcome_fits_the_screen(language, qtbot, monkeypatch):
    monkeypatch.setenv("FATE_DESK_LANGUAGE", language)
    win = start(QApplication.instance(), None)  # the sample campaign, with the welcome above it
    qtbot.addWidget(win)
    try:
        win.resize(1280, 800)
        win.show()
        qtbot.waitExposed(win)
        QApplication.processEvents()
        banner = win.findChild(QWidget, "welcomeBanner")
        assert banner is not None and banner.isVisible()
        assert win.width() == 1280 and win.minimumSizeHint().width() <= 1280
        assert clipped(banner) == []
        assert clipped(win.statusBar()) == []
    finally:
        win.close()
