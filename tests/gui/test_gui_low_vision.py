"""Low vision: a high-contrast theme with text at 7:1, nothing said by colour alone, and a
focus ring of at least 2 px wherever the keyboard is."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QColor, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit

from fate_desk.gui import focus_ring
from fate_desk.gui.app import start
from fate_desk.gui.settings import Preferences, Settings
from fate_desk.gui.sheet.common import mark
from fate_desk.gui.theme import apply_theme, contrast, muted, status_colour

from full_sheet import full_campaign_file

Role = QPalette.ColorRole
AAA = 7.0


@pytest.fixture
def window(qtbot, tmp_path):
    app = QApplication.instance()
    win = start(app, str(full_campaign_file(tmp_path)))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.close()
    apply_theme(app, "system")


def _theme_action(window, label):
    return next(a for a in window.actions["theme"].menu().actions() if a.text() == label)


def test_view_theme_high_contrast_reads_at_7_to_1_and_is_remembered(window):
    _theme_action(window, "High contrast").trigger()
    assert Settings().get(Preferences.THEME) == "high-contrast"
    palette = QApplication.instance().palette()
    pairs = [(Role.WindowText, Role.Window), (Role.Text, Role.Base), (Role.Text, Role.AlternateBase),
             (Role.ButtonText, Role.Button), (Role.PlaceholderText, Role.Base), (Role.ToolTipText, Role.ToolTipBase),
             (Role.HighlightedText, Role.Highlight), (Role.Link, Role.Base)]
    for text, back in pairs:
        assert contrast(palette.color(text), palette.color(back)) >= AAA, (text, back)
    disabled = palette.color(QPalette.ColorGroup.Disabled, Role.ButtonText)
    assert contrast(disabled, palette.color(Role.Button)) >= AAA
    for kind in ("error", "warning", "success"):
        assert contrast(QColor(status_colour(kind, palette)), palette.color(Role.Window)) >= AAA, kind
    assert contrast(muted(palette), palette.color(Role.Window)) >= AAA
    # The sheet in front of the user took the palette too: the name, set on the banner itself
    # (its field is see-through until focused), reads at 7:1 on it.
    sheet = window.tabs.current_editor()
    QApplication.processEvents()  # the sheet restyles on the palette change it is sent
    assert sheet.palette().color(Role.Window) == QColor("#000000")
    assert contrast(sheet.name_edit.palette().color(Role.Text), sheet.palette().color(Role.Window)) >= AAA


def test_marked_stress_boxes_carry_a_cross_not_only_a_colour(window):
    sheet = window.tabs.current_editor()
    dialog = sheet.play.take_hit()
    dialog.shifts.setValue(1)
    dialog.take_button.click()
    track = next(iter(sheet.stress.rows))
    texts = [b.text() for b in sheet.stress.boxes(track)]
    assert texts[0].startswith("✕") and not any(t.startswith("✕") for t in texts[1:])


def test_a_field_with_a_problem_shows_a_sign_beside_its_colour_and_says_it(qtbot):
    edit = QLineEdit()
    qtbot.addWidget(edit)
    mark(edit, "error", "Two skills share the peak.")
    sign = edit.findChild(QAction, "problemSign")
    assert sign is not None and sign.isVisible() and not sign.icon().isNull()
    assert edit.accessibleDescription() == "Rule error: Two skills share the peak."
    mark(edit, None)
    assert not sign.isVisible() and edit.accessibleDescription() == ""


@pytest.mark.parametrize("theme", ["light", "dark", "high-contrast"])
def test_the_focus_ring_is_3_px_in_the_highlight_colour_around_each_tab_stop(window, qtbot, theme):
    apply_theme(QApplication.instance(), theme)
    sheet = window.tabs.current_editor()
    sheet.name_edit.setFocus(Qt.FocusReason.TabFocusReason)
    highlight = QApplication.instance().palette().color(Role.Highlight)
    for _ in range(6):
        QApplication.processEvents()
        target = QApplication.focusWidget()
        ring = QApplication.instance().findChild(focus_ring.FocusRing).ring()
        assert ring is not None and ring.isVisible(), target
        where = target.mapTo(window, target.rect().topLeft())
        assert ring.geometry().topLeft() == where - type(where)(focus_ring.WIDTH, focus_ring.WIDTH)
        assert focus_ring.WIDTH >= 2
        # The ring is really on screen: the pixel just left of the widget's middle is the highlight.
        image = window.grab().toImage()
        left = where.x() - 2
        middle = where.y() + target.height() // 2
        if left >= 0:
            pixel = QColor(image.pixel(left, middle))
            assert contrast(pixel, highlight) < 1.3, (target, pixel.name(), highlight.name())
        QTest.keyClick(target, Qt.Key.Key_Tab)


def test_the_players_views_colours_read_at_7_to_1_in_high_contrast_and_4_5_otherwise():
    from fate_desk.gui.conflict.players_view import COLOURS

    for theme, (back, text, _edge, title, fill) in COLOURS.items():
        need = AAA if theme == "high-contrast" else 4.5
        for colour, ground in ((text, back), (title, back), (text, fill)):
            assert contrast(QColor(colour), QColor(ground)) >= need, (theme, colour, ground)


# --- high contrast, switched on while working (issue 41) -------------------------------------------


def _bright_pixels(image, rect, ground: QColor) -> int:
    """Pixels in `rect` of `image` that stand out at 3:1 from `ground` (a control's edge must)."""
    count = 0
    for x in range(max(0, rect.left()), min(image.width(), rect.right())):
        for y in range(max(0, rect.top()), min(image.height(), rect.bottom())):
            if contrast(QColor(image.pixel(x, y)), ground) >= 3.0:
                count += 1
    return count


@pytest.fixture
def sample(qtbot):
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.close()
    apply_theme(QApplication.instance(), "system")


def test_in_high_contrast_the_zone_maps_ways_and_unticked_presence_boxes_show(sample, qtbot):
    """View ▸ Theme ▸ High contrast with a scene open: the lines between zones took the old
    theme's black on the new black, and an unticked "who is here" entry showed no box."""
    window = sample
    editor = window.sheets.open_entity(window.document.campaign.scenes[0].id)
    qtbot.waitExposed(editor)
    _theme_action(window, "High contrast").trigger()
    QApplication.processEvents()
    zone_map = editor.zone_map
    ground = zone_map.viewport().palette().color(Role.Base)
    lines = [line for box in zone_map.boxes.values() for line, _other in box.lines]
    assert lines and all(contrast(line.pen().color(), ground) >= 3.0 for line in lines)
    listing = editor.present_list
    unticked = next(listing.item(i) for i in range(listing.count())
                    if listing.item(i).flags() & Qt.ItemFlag.ItemIsUserCheckable
                    and listing.item(i).checkState() == Qt.CheckState.Unchecked)
    listing.scrollToItem(unticked)
    QApplication.processEvents()
    rect = listing.visualItemRect(unticked)
    box = rect.adjusted(0, 0, -(rect.width() - rect.height() - 4), 0)  # the row's start, where its box is
    image = listing.viewport().grab().toImage()
    assert _bright_pixels(image, box, listing.palette().color(Role.Base)) >= 20, "no box drawn"


def test_at_200_percent_in_high_contrast_the_fate_point_buttons_hold_their_signs(window, qtbot):
    window.view.set_text_size(200)
    _theme_action(window, "High contrast").trigger()
    QApplication.processEvents()
    sheet = window.tabs.current_editor()
    for button in (sheet.fate_minus, sheet.fate_plus):
        hint = button.sizeHint()
        assert button.width() >= hint.width() and button.height() >= hint.height(), (button.text(), button.size())
        assert button.width() >= button.fontMetrics().horizontalAdvance(button.text()) + 12
    window.view.set_text_size(100)
