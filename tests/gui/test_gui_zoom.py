"""Text size for low vision: View ▸ Zoom in / Zoom out / Actual size scale every window, dock
and dialog from 100% to 200%, remembered; at 200% and 1280x800 nothing is clipped and nothing
scrolls sideways."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractButton, QAbstractScrollArea, QApplication, QDockWidget, QLabel, QWidget

from fate_desk.gui import zoom
from fate_desk.gui.app import start
from fate_desk.gui.settings import Preferences, Settings

from full_sheet import full_campaign_file


def _menu_action(window, text):
    view = window.menus["View"]
    return next(a for a in view.actions() if a.text().replace("&", "") == text)


@pytest.fixture
def window(qtbot, tmp_path):
    app = QApplication.instance()
    win = start(app, str(full_campaign_file(tmp_path)))
    qtbot.addWidget(win)
    win.show()
    yield win
    win.close()
    zoom.apply_zoom(app, 100)


def _settle(qtbot, window, width=1280, height=800):
    window.resize(width, height)
    for _ in range(4):
        QApplication.processEvents()
    qtbot.wait(20)


def _clipped(root) -> list[str]:
    """Buttons and one-line labels whose text needs more room than they have."""
    found = []
    for button in root.findChildren(QAbstractButton):
        if not button.isVisible() or not button.text() or button.objectName().startswith("qt_"):
            continue
        needed = button.fontMetrics().horizontalAdvance(button.text().replace("&", ""))
        if not button.icon().isNull():
            needed += button.iconSize().width() + 4
        if needed > button.width():
            found.append(f"button {button.text()!r}: {needed} > {button.width()}")
    for label in root.findChildren(QLabel):
        if not label.isVisible() or not label.text() or label.wordWrap() or label.textFormat() == Qt.TextFormat.RichText:
            continue
        if label.sizeHint().width() > label.width() + 1:
            found.append(f"label {label.text()!r}: {label.sizeHint().width()} > {label.width()}")
    return found


def _sideways(root) -> list[str]:
    return [type(area).__name__ + " " + (area.accessibleName() or area.objectName())
            for area in root.findChildren(QAbstractScrollArea)
            if area.isVisible() and area.horizontalScrollBar().isVisible()]


def test_zoom_in_out_and_actual_size_from_the_view_menu_scale_the_text_and_are_remembered(window, qtbot, tmp_path):
    app = QApplication.instance()
    base = app.font().pointSizeF()
    name_size = window.tabs.current_editor().name_edit.font().pointSizeF()  # a font of its own, 1.6 times
    zoom_in = _menu_action(window, "Zoom in")
    assert QKeySequence("Ctrl+=") in zoom_in.shortcuts() and QKeySequence("Ctrl++") in zoom_in.shortcuts()
    assert _menu_action(window, "Zoom out").shortcut() == QKeySequence("Ctrl+-")
    assert _menu_action(window, "Actual size").shortcut() == QKeySequence("Ctrl+0")
    for _ in range(10):
        zoom_in.trigger()
    assert zoom.current(app) == 200 and not zoom_in.isEnabled()
    assert app.font().pointSizeF() == pytest.approx(base * 2)
    # Every widget that sets no size of its own has the new one (forms with a style sheet too).
    QApplication.processEvents()  # Qt hands some widgets (the menu bar) the new font a moment later
    stale = [f"{type(w).__name__} {w.objectName()} {w.font().pointSizeF()}" for w in window.findChildren(QWidget)
             if w.isVisible() and not w.testAttribute(Qt.WidgetAttribute.WA_SetFont)
             and w.font().pointSizeF() != pytest.approx(base * 2)]
    assert stale == [], stale
    assert window.tabs.current_editor().name_edit.font().pointSizeF() == pytest.approx(name_size * 2)
    assert Settings().get(Preferences.TEXT_SIZE) == 200
    assert window.statusBar().currentMessage() == "Text size 200%"
    _menu_action(window, "Zoom out").trigger()
    assert zoom.current(app) == 175
    _menu_action(window, "Actual size").trigger()
    assert app.font().pointSizeF() == pytest.approx(base)
    assert window.tabs.current_editor().name_edit.font().pointSizeF() == pytest.approx(name_size)
    for _ in range(3):
        zoom_in.trigger()
    window.close()
    zoom.apply_zoom(app, 100)
    (tmp_path / "again").mkdir()
    again = start(app, str(full_campaign_file(tmp_path / "again")))  # the next start keeps the size
    qtbot.addWidget(again)
    assert zoom.current(app) == 150
    again.close()


def test_at_200_percent_the_full_sheet_fits_1280x800_without_clipping_or_sideways_scrolling(window, qtbot):
    window.view.set_text_size(200)
    _settle(qtbot, window)
    sheet = window.tabs.current_editor()
    assert not sheet.scroll.horizontalScrollBar().isVisible()
    assert _clipped(sheet) == []


@pytest.mark.parametrize("action_id", ["toggle_problems", "toggle_navigator", "toggle_dice", "toggle_history",
                                       "conflict_panel", "contest_panel", "challenge_panel"])
def test_at_200_percent_each_dock_shows_without_clipping_or_sideways_scrolling(window, qtbot, action_id):
    window.view.set_text_size(200)
    action = window.actions[action_id]
    if not action.isChecked():
        action.trigger()
    _settle(qtbot, window)
    docks = [d for d in window.findChildren(QDockWidget) if d.isVisible() and not d.visibleRegion().isEmpty()]
    assert docks
    for dock in docks:
        assert _sideways(dock) == [], dock.windowTitle()
        assert _clipped(dock) == [], dock.windowTitle()


def test_at_200_percent_the_roll_and_hit_dialogs_fit_without_clipping_or_sideways_scrolling(window, qtbot):
    window.view.set_text_size(200)
    _settle(qtbot, window)
    sheet = window.tabs.current_editor()
    for dialog in (sheet.play.roll(), sheet.play.take_hit()):
        qtbot.waitExposed(dialog)
        QApplication.processEvents()
        assert _sideways(dialog) == [], dialog.windowTitle()
        assert _clipped(dialog) == [], dialog.windowTitle()
        assert dialog.width() <= 1280 and dialog.height() <= 800
        dialog.close()
