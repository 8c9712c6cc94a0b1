"""Text size for low vision: View ▸ Zoom in / Zoom out / Actual size scale every window, dock
and dialog from 100% to 200%, remembered; at 200% and 1280x800 nothing is clipped and nothing
scrolls sideways."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
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


# --- every window at once, and back (issue 41) -----------------------------------------------------


def _theme(window, label):
    next(a for a in window.actions["theme"].menu().actions() if a.text() == label).trigger()


def _styled(widget) -> bool:
    """A widget under a style sheet of its own (a token, the players' view's large type): the
    sheet, not the application, decides its font and colours."""
    while widget is not None:
        if widget.styleSheet():
            return True
        widget = widget.parentWidget()
    return False


def _stuck(window) -> list[str]:
    """Widgets on screen, in every window, with no font or palette of their own whose text size
    or colours are not what they inherit now."""
    from PySide6.QtGui import QPalette

    roles = (QPalette.ColorRole.Base, QPalette.ColorRole.Text, QPalette.ColorRole.Window, QPalette.ColorRole.WindowText)
    stuck = []
    for top in QApplication.topLevelWidgets():
        if not top.isVisible():
            continue
        for widget in [top, *top.findChildren(QWidget)]:
            if not widget.isVisible() or _styled(widget):
                continue
            parent = widget.parentWidget()
            if not widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
                inherited = (parent.font() if parent is not None else QApplication.font(widget)).pointSizeF()
                if abs(widget.font().pointSizeF() - inherited) > 0.01 and parent is not None:
                    stuck.append(f"{type(widget).__name__} {widget.objectName()} font {widget.font().pointSizeF()} "
                                 f"under {inherited} in {type(top).__name__}")
            if not widget.testAttribute(Qt.WidgetAttribute.WA_SetPalette) and parent is None:
                app_palette = QApplication.palette(widget)
                if any(widget.palette().color(r) != app_palette.color(r) for r in roles):
                    stuck.append(f"{type(widget).__name__} keeps old colours")
    return stuck


def test_after_high_contrast_then_system_the_problems_panel_reads_at_once(window, qtbot):
    """View ▸ Theme ▸ High contrast, then System: the Problems panel read white on white until a
    restart. Its list and its words take the system's colours at once."""
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QListWidget

    from fate_desk.gui.theme import contrast

    _theme(window, "High contrast")
    _theme(window, "System")
    problems = window.problems
    listing = problems.findChild(QListWidget)
    palette = listing.palette()
    assert contrast(palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base)) >= 4.5
    for label in problems.findChildren(QLabel):
        if label.isVisible():
            own = label.palette()
            assert contrast(own.color(QPalette.ColorRole.WindowText), problems.palette().color(QPalette.ColorRole.Window)) >= 4.5
    assert _stuck(window) == []


def test_a_theme_change_at_200_percent_then_actual_size_brings_every_window_back_at_once(window, qtbot):
    """Ctrl+0 after a theme change at 200% left menus, toolbar, tabs and panels at 200%: text
    size and theme reach every window (the players' view too) at once, and back."""
    players = window.encounters.open_players_view()
    qtbot.waitExposed(players)
    window.actions["toggle_dice"].trigger()
    for _ in range(5):
        window.actions["zoom_in"].trigger()
    assert zoom.current(QApplication.instance()) == 200
    _theme(window, "High contrast")
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)  # View ▸ Actual size
    assert zoom.current(QApplication.instance()) == 100
    size = QApplication.font().pointSizeF()
    for widget in (window.menuBar(), window.toolbar, window.tabs.tabBar(), window.problems, window.table.dice_dock,
                   players):
        assert abs(widget.font().pointSizeF() - size) < 0.01, type(widget).__name__
    assert _stuck(window) == []
    _theme(window, "System")
    for _ in range(5):
        window.actions["zoom_in"].trigger()
    big = QApplication.font().pointSizeF()
    assert big == 2 * size and abs(window.menuBar().font().pointSizeF() - big) < 0.01
    assert abs(players.font().pointSizeF() - big) < 0.01 and _stuck(window) == []
    players.close()


def test_zooming_in_while_a_sheet_is_open_never_squeezes_its_banner_lines(window, qtbot):
    """Zoom in to 200% with the sheet open (and high contrast after it): the high concept and
    trouble lines keep their full height; the wrapped refresh note beside the name grew taller
    and the window gave the lines under it less than they need."""
    _settle(qtbot, window, 1240, 740)
    for _ in range(5):
        window.actions["zoom_in"].trigger()
    sheet = window.tabs.current_editor()
    for theme in (None, "High contrast"):
        if theme:
            _theme(window, theme)
        _settle(qtbot, window, 1240, 740)
        lines = [sheet.aspects.edits[row] for row in sheet.aspects.rows_in_banner()] + [sheet.name_edit]
        assert all(line.height() >= line.minimumSizeHint().height() for line in lines), \
            [(line.text(), line.height(), line.minimumSizeHint().height()) for line in lines]
    _theme(window, "System")


def test_at_200_percent_dock_titles_are_drawn_at_the_new_text_size(window, qtbot):
    """A dock draws its title in the font it was made with while its own font is the
    application's (Qt keeps that title font from the dock's birth): after Zoom in to 200% the
    titles stayed at 100%. Each dock now has a font of its own at the text size in use, which
    Qt then draws the title in; the title bar grows with it."""
    from PySide6.QtGui import QFontMetrics

    app = QApplication.instance()
    before = {d: d.widget().geometry().top() for d in window.findChildren(QDockWidget)}
    window.view.set_text_size(200)
    _settle(qtbot, window)
    for dock in window.findChildren(QDockWidget):
        assert dock.font() != QApplication.font("QDockWidget"), dock.windowTitle()  # Qt's test for its own title font
        assert dock.font().pointSizeF() == app.font().pointSizeF()
        if dock.isVisible():
            title_room = dock.widget().geometry().top()
            assert title_room >= QFontMetrics(dock.font()).height(), (dock.windowTitle(), title_room, before[dock])
    window.view.set_text_size(100)
    _settle(qtbot, window)
    assert all(d.font().pointSizeF() == app.font().pointSizeF() for d in window.findChildren(QDockWidget))


def test_at_200_percent_on_a_laptop_the_welcome_leaves_room_for_the_sheet(qtbot):
    """The first start's welcome at 200% and 1280x800: its words ran to seven lines beside its
    buttons, leaving about 75 px of sheet; the buttons now go under the words when beside them
    the words would need more than three lines, and the window still fits the screen."""
    from gui_helpers import started_app_window

    window = started_app_window(qtbot)
    window.show()
    window.view.set_text_size(200)
    _settle(qtbot, window)
    welcome = window.welcome
    assert welcome.isVisible() and not welcome.beside
    lines = welcome.text.height() / welcome.text.fontMetrics().lineSpacing()
    assert lines <= 4.5, lines
    sheet = window.tabs.current_editor()
    assert sheet.scroll.viewport().height() >= 150, sheet.scroll.viewport().height()
    assert window.minimumSizeHint().height() <= 800 and window.height() <= 800
    window.view.set_text_size(100)
    _settle(qtbot, window)
    assert welcome.beside  # at 100% the words fit beside the buttons in two lines
    window.close()


def test_at_200_percent_a_rung_of_the_pyramid_never_runs_into_its_count(window, qtbot):
    """"Average (+1)" is drawn bold and its "4/4" count right-aligned beside it: at 200% the
    fixed room left for the count put the two on top of each other."""
    from PySide6.QtGui import QFont, QFontMetrics

    from fate_desk.model import ladder_label

    window.view.set_text_size(200)
    _settle(qtbot, window)
    pyramid = window.tabs.current_editor().skills.pyramid
    label_w = pyramid._metrics()[0]
    bold = QFont(pyramid.font())
    bold.setBold(True)
    small = QFont(pyramid.font())
    small.setPointSizeF(pyramid.font().pointSizeF() * 0.8)
    widest = max(QFontMetrics(bold).horizontalAdvance(ladder_label(r)) for r in range(1, 7))
    # The label starts 8 px in; the count ends 16 px short of the column's edge (see _paint_row).
    assert widest + 4 + QFontMetrics(small).horizontalAdvance("4/4") <= label_w - 16, (widest, label_w)


# --- dock title buttons (issue 42) ------------------------------------------------------------------

_DOCKS = ("toggle_problems", "toggle_navigator", "toggle_dice", "toggle_history", "conflict_panel", "toggle_requests")
_TITLE_BUTTONS = {"qt_dockwidget_closebutton": "Close the {title} panel",
                  "qt_dockwidget_floatbutton": "Float the {title} panel"}


def _title_buttons(window) -> dict[tuple[str, str], QAbstractButton]:
    """Every shown dock's close and float buttons, by (dock title, button's object name)."""
    found = {}
    for dock in window.findChildren(QDockWidget):
        if dock.isVisible():
            for button in dock.findChildren(QAbstractButton, options=Qt.FindChildOption.FindDirectChildrenOnly):
                if button.objectName() in _TITLE_BUTTONS and button.isVisible():
                    found[(dock.windowTitle().replace("&", ""), button.objectName())] = button
    return found


def _named_as_before(buttons) -> list[str]:
    return [f"{title}: {button.accessibleName()!r}" for (title, kind), button in buttons.items()
            if button.accessibleName() != _TITLE_BUTTONS[kind].format(title=title)]


def test_an_idle_window_stops_redrawing_its_dock_buttons(window, qtbot):
    """Once the docks' buttons are named and drawn, an idle window leaves them be: their icons
    were made afresh at every turn of the event loop while a campaign was open (each new icon
    gave the dock an animation object, taken for a new child that asked for new icons), which
    kept the window's thread busy and slowed everything else the window did."""
    _settle(qtbot, window)
    buttons = _title_buttons(window)
    assert buttons
    icons = {key: button.icon().cacheKey() for key, button in buttons.items()}
    for _ in range(20):
        QApplication.processEvents()
    assert {key: button.icon().cacheKey() for key, button in buttons.items()} == icons
    assert _named_as_before(buttons) == []


def test_at_200_percent_each_docks_close_and_float_buttons_grow_with_the_text_in_every_theme(window, qtbot):
    """At 200% the docks' × and float buttons stayed Qt's 16 px: too small to see or hit. They
    grow with the text (View ▸ Zoom in), stay big through a change of theme, keep their names,
    and Actual size brings them back."""
    for action_id in _DOCKS:
        if not window.actions[action_id].isChecked():
            window.actions[action_id].trigger()
    _settle(qtbot, window)
    small = {key: button.size() for key, button in _title_buttons(window).items()}
    titles = {title for title, _kind in small}
    assert len(titles) == len(_DOCKS), titles
    assert ("Conflict, contest, challenge", "qt_dockwidget_floatbutton") in small  # the one dock that floats
    zoom_in = _menu_action(window, "Zoom in")
    while zoom_in.isEnabled():
        zoom_in.trigger()
    assert zoom.current(QApplication.instance()) == 200
    for theme in (None, "High contrast", "Dark", "Light", "System"):
        if theme:
            _theme(window, theme)
        _settle(qtbot, window)
        buttons = _title_buttons(window)
        assert buttons.keys() == small.keys(), theme
        short = [f"{key} {button.size().toTuple()} from {small[key].toTuple()}" for key, button in buttons.items()
                 if button.width() < 1.8 * small[key].width() or button.height() < 1.8 * small[key].height()]
        assert short == [], (theme, short)
        assert _named_as_before(buttons) == [], theme
    # The whole grown button takes the click, past where the 100% one ended.
    navigator = window.navigator_dock
    close = _title_buttons(window)[("Campaign", "qt_dockwidget_closebutton")]
    corner = small[("Campaign", "qt_dockwidget_closebutton")]
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton, pos=close.rect().bottomRight() - QPoint(1, 1))
    assert corner.width() < close.width() - 1 and corner.height() < close.height() - 1
    qtbot.waitUntil(navigator.isHidden)
    window.actions["toggle_navigator"].trigger()
    _menu_action(window, "Actual size").trigger()
    _settle(qtbot, window)
    assert {key: button.size() for key, button in _title_buttons(window).items()} == small
    assert _named_as_before(_title_buttons(window)) == []


def test_a_floated_dock_at_200_percent_keeps_big_buttons_and_their_names(window, qtbot):
    """Floating the conflict panel with its grown float button and docking it again: Qt names the
    buttons "Float" and "Close" afresh each time; ours come back, and the buttons stay big."""
    window.actions["conflict_panel"].trigger()
    _settle(qtbot, window)
    dock = window.encounters.dock
    float_button = dock.findChild(QAbstractButton, "qt_dockwidget_floatbutton")
    small = float_button.sizeHint()
    window.view.set_text_size(200)
    _settle(qtbot, window)
    qtbot.mouseClick(float_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(dock.isFloating)
    dock.setFloating(False)  # (the offscreen platform gives a floating dock a native title bar)
    _settle(qtbot, window)
    buttons = {key: b for key, b in _title_buttons(window).items() if key[0] == "Conflict, contest, challenge"}
    assert len(buttons) == 2 and _named_as_before(buttons) == []
    assert all(b.sizeHint().width() >= 1.8 * small.width() for b in buttons.values())
