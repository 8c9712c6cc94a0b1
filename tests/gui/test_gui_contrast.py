"""Everything a person must read reaches 4.5:1 against its background, in both palettes."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from fate_desk.gui.app import start
from fate_desk.gui.theme import apply_theme, contrast, muted

from full_sheet import full_campaign_file

READABLE = 4.5
Role = QPalette.ColorRole


@pytest.fixture(params=["light", "dark"])
def themed_window(request, qtbot, tmp_path):
    app = QApplication.instance()
    apply_theme(app, request.param)
    window = start(app, str(full_campaign_file(tmp_path)))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    yield window
    window.close()
    apply_theme(app, "system")


def test_theme_text_placeholders_and_hints_are_readable(themed_window):
    palette = QApplication.instance().palette()
    for text, back in ((Role.WindowText, Role.Window), (Role.Text, Role.Base), (Role.Text, Role.AlternateBase),
                       (Role.PlaceholderText, Role.Base), (Role.ButtonText, Role.Button)):
        assert contrast(palette.color(text), palette.color(back)) >= READABLE, (text, back)
    for back in (Role.Window, Role.Base, Role.AlternateBase):
        assert contrast(muted(palette, palette.color(back)), palette.color(back)) >= READABLE


def test_sheet_hints_are_not_greyed_out(themed_window):
    sheet = themed_window.tabs.current_editor()
    hints = [row[3] for row in sheet.consequences.rows.values()] + [sheet.stunts.empty]
    labels = [label for label in sheet.findChildren(QLabel) if label.isVisible()]
    assert all(label.isEnabled() for label in labels), "a disabled label is greyed to about 1.6:1"
    for hint in hints:
        palette = hint.palette()
        assert hint.isEnabled()
        assert contrast(palette.color(hint.foregroundRole()), palette.color(hint.backgroundRole())) >= READABLE


def test_check_box_and_radio_outlines_show_against_the_dark_window_after_view_theme_dark(qtbot, tmp_path):
    from PySide6.QtWidgets import QCheckBox, QRadioButton

    app = QApplication.instance()
    window = start(app, str(full_campaign_file(tmp_path)))
    qtbot.addWidget(window)
    dark = next(a for a in window.actions["theme"].menu().actions() if a.text() == "Dark")
    dark.trigger()
    try:
        for kind in (QCheckBox, QRadioButton):
            box = kind("Recovering")
            qtbot.addWidget(box)
            box.show()  # a widget takes its class's palette when it is polished for showing
            # Fusion draws the indicator's edge as the widget's window colour darkened by 140 %.
            edge = box.palette().color(Role.Window).darker(140)
            for background in (Role.Window, Role.Button):  # a dialog, and a group box's panel
                assert contrast(edge, app.palette().color(background)) >= 3.0, kind.__name__
    finally:
        window.close()
        apply_theme(app, "system")


def test_refusals_warnings_and_successes_are_readable_in_both_palettes(themed_window):
    """A refused invoke, a problem label or a treatment result is read in its status colour:
    the old fixed red (#d32f2f) read 3.3:1 on the dark window."""
    from PySide6.QtGui import QColor

    from fate_desk.gui.sheet.common import problem_style
    from fate_desk.gui.widgets import refusal_html
    from fate_desk.gui.theme import status_colour
    from fate_desk.rules import Level, Problem

    palette = QApplication.instance().palette()
    for kind in ("error", "warning", "success"):
        colour = QColor(status_colour(kind))
        for back in (Role.Window, Role.Base):
            assert contrast(colour, palette.color(back)) >= READABLE, (kind, back)
    error = status_colour("error")
    assert error in problem_style()
    assert error in refusal_html([Problem("x", Level.ERROR, "", "Not enough fate points.")])


def test_the_sheet_tokens_and_section_bars_are_readable_in_both_palettes(themed_window):
    """The fate point token's number on its fill, the section titles on their dark bars (drawn
    in the text colour), and the captions in the banner reach 4.5:1."""
    from PySide6.QtGui import QColor

    from fate_desk.gui.theme import token_colours

    sheet = themed_window.tabs.current_editor()
    palette = QApplication.instance().palette()
    fill, number = token_colours(palette)
    assert contrast(QColor(number), QColor(fill)) >= READABLE
    style = sheet.form.styleSheet()
    assert fill in style and number in style  # the sheet in use draws with this palette's token
    window, text = palette.color(Role.Window), palette.color(Role.WindowText)
    assert f"background: {text.name()}; color: {window.name()}" in style  # the section bars
    assert contrast(window, text) >= READABLE
    for label in sheet.aspects.labels[:2] + [sheet.refresh_explanation]:
        assert contrast(label.palette().color(label.foregroundRole()), window) >= READABLE


def test_switching_the_theme_redraws_the_sheet_in_the_new_palette(qtbot, tmp_path):
    from fate_desk.gui.theme import token_colours

    app = QApplication.instance()
    apply_theme(app, "light")
    window = start(app, str(full_campaign_file(tmp_path)))
    qtbot.addWidget(window)
    window.show()
    try:
        sheet = window.tabs.current_editor()
        dark = next(a for a in window.actions["theme"].menu().actions() if a.text() == "Dark")
        dark.trigger()
        QApplication.processEvents()
        fill, _number = token_colours(app.palette())
        assert fill == "#9cc2ff" and fill in sheet.form.styleSheet()
    finally:
        window.close()
        apply_theme(app, "system")


HIGH_CONTRAST = 7.0


def _behind(widget, role):
    """The colour a widget's words are painted on: its own, or (a field or button drawn flat,
    see-through) the first one behind it that is opaque."""
    while True:
        colour = widget.palette().color(role)
        parent = widget.parentWidget()
        if colour.alpha() == 255 or parent is None:
            return colour
        widget, role = parent, parent.backgroundRole()


@pytest.mark.parametrize("theme", ["system", "light", "dark", "high-contrast"])
def test_every_word_on_the_full_sheet_reads_at_4_5_to_1_and_7_to_1_in_high_contrast(qtbot, tmp_path, theme):
    """Each pair of text and background colours as painted on a full sheet: labels, buttons,
    fields' text and their placeholders (light placeholders read 3.5:1 on the window, the high
    contrast ones 5.3:1), the pyramid's rungs with their counts in every state (a rung flashed
    after a drop read 4.3:1, 3.0:1 in high contrast) and the tabs' close cross (2.4:1)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QAbstractButton, QDockWidget, QLineEdit, QPlainTextEdit, QTextEdit

    from fate_desk.gui.sheet.pyramid import row_fill, row_text_colours
    from fate_desk.gui.tab_close import TabCloseButton

    app = QApplication.instance()
    apply_theme(app, theme)
    window = start(app, str(full_campaign_file(tmp_path)))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    need = HIGH_CONTRAST if theme == "high-contrast" else READABLE
    try:
        sheet = window.tabs.current_editor()
        window.actions["add_pc"].trigger()  # a second tab: two close crosses
        window.tabs.setCurrentWidget(sheet)
        QApplication.processEvents()
        pairs = []
        for widget in window.findChildren(QWidget):
            if not (widget.isVisible() and widget.isEnabled()):
                continue  # a disabled control may be fainter (WCAG 1.4.3 leaves it out)
            palette = widget.palette()
            if isinstance(widget, (QLineEdit, QPlainTextEdit, QTextEdit)):
                base = _behind(widget, Role.Base)
                pairs += [(widget, "text", palette.color(Role.Text), base),
                          (widget, "placeholder", palette.color(Role.PlaceholderText), base)]
            elif isinstance(widget, TabCloseButton):
                pairs.append((widget, "cross", *widget.colours()))
            elif isinstance(widget, (QLabel, QAbstractButton)):
                pairs.append((widget, "words", palette.color(widget.foregroundRole()),
                              _behind(widget, widget.backgroundRole())))
        assert sum(isinstance(w, TabCloseButton) for w, *_ in pairs) >= 2
        assert sum(kind == "placeholder" for _, kind, *_ in pairs) >= 5
        faint = [(type(w).__name__, w.objectName(), kind, fore.name(), fore.alpha(), back.name(), round(contrast(fore, back), 2))
                 for w, kind, fore, back in pairs if contrast(fore, back) < need]
        assert not faint, faint
        # The docks' close and float icons, as painted (Fusion's grey crosses read 3:1 and less,
        # 3.9:1 on high contrast's black): the darkest stroke against the title bar.
        icons = []
        for dock in window.findChildren(QDockWidget):
            back = dock.palette().color(Role.Window)
            for button in dock.findChildren(QAbstractButton, options=Qt.FindChildOption.FindDirectChildrenOnly):
                if button.objectName().startswith("qt_dockwidget_") and button.isVisible():
                    image = button.grab().toImage()
                    icons.append((dock.objectName(), button.objectName(), max(
                        contrast(image.pixelColor(x, y), back) for x in range(image.width())
                        for y in range(image.height()))))
        assert len(icons) >= 2 and [icon for icon in icons if icon[2] < need] == [], icons
        palette = app.palette()
        for rating in (0, 2):
            for wrong in (False, True):
                for flash in (False, True):
                    fill = row_fill(palette, rating, wrong, flash)
                    for text in [palette.color(Role.WindowText), *row_text_colours(palette), muted(palette, fill)]:
                        assert contrast(text, fill) >= need, (rating, wrong, flash, text.name(), fill.name())
    finally:
        window.close()
        apply_theme(app, "system")
