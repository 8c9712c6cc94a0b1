"""Tab through a whole sheet, play bar included: focus follows the page, never traps, and no
button that changes play waits one Tab after a field a person types into."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLineEdit, QPlainTextEdit

from gui_keys import focused, press, tab
from gui_keys import window  # noqa: F401  (the app as started, a fixture)


def _walk(qtbot, sheet, start, limit: int = 200) -> list:
    """The focus stops from `start`, pressing Tab, until focus comes back to it."""
    start.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    stops = [focused()]
    for _ in range(limit):
        tab(qtbot)
        if focused() is start:
            return stops
        stops.append(focused())
    pytest.fail(f"Tab never came back to {start.accessibleName()!r}: a trap after {stops[-3:]}")


def _typed_into(widget) -> bool:
    return (isinstance(widget, QLineEdit) and not widget.isReadOnly()) or \
        (isinstance(widget, QPlainTextEdit) and not widget.isReadOnly())


def _play_changing(sheet) -> set:
    play = sheet.play
    buttons = {play.hit_button, play.concede_button, sheet.fate_minus, sheet.fate_plus,
               *sheet.consequences.treat_buttons.values()}
    buttons |= {box for track in sheet.stress.rows for box in sheet.stress.boxes(track)}
    buttons |= {card.remove for card in sheet.stunts.cards}
    window = sheet.window()
    buttons |= {b for b in window.statusBar().findChildren(QAbstractButton)}  # the GM's fate points
    return buttons


def test_tab_from_the_name_walks_the_sheet_top_to_bottom_then_the_play_bar_and_comes_back(window, qtbot):
    sheet = window.tabs.current_editor()
    stops = [w for w in _walk(qtbot, sheet, sheet.name_edit) if sheet.isAncestorOf(w)]
    play = sheet.play
    edits, invokes = sheet.aspects.edits, sheet.aspects.invokes
    # The banner (name, high concept, trouble, then the fate points' − and +), the skills heading
    # the body, the left column (other aspects, stunts), the right (consequences), then the
    # description and notes.
    expected = [sheet.name_edit, edits[0], invokes[0], edits[1], invokes[1], sheet.fate_minus, sheet.fate_plus,
                sheet.skills.tabs.tabBar(), sheet.skills.pyramid]
    for edit, boxes in list(zip(edits, invokes))[2:]:
        expected += [edit, boxes]
    for card in sheet.stunts.cards:
        expected += [card.name, card.text]
    expected += [sheet.stunts.add_button, sheet.stunts.template_button, *sheet.extras.focus_chain()]
    expected += [row[1] for row in sheet.consequences.rows.values()]
    expected += [sheet.description_edit, sheet.notes_edit]
    expected += [play.roll_button, play.hit_button, play.concede_button, play.compel_button, play.points_button]
    assert [w.accessibleName() or w.text() if hasattr(w, "text") else "" for w in stops] == \
        [w.accessibleName() or w.text() if hasattr(w, "text") else "" for w in expected]
    assert stops == expected
    # Top to bottom within the page: each body field lies below the one before (or beside it).
    body = stops[stops.index(sheet.skills.pyramid):stops.index(sheet.stunts.template_button)]
    middles = [w.mapTo(sheet, w.rect().center()).y() for w in body]
    assert all(later >= earlier - 2 for earlier, later in zip(middles, middles[1:])), middles


def test_no_button_that_changes_play_is_one_tab_after_a_field_typed_into(window, qtbot):
    sheet = window.tabs.current_editor()
    stops = _walk(qtbot, sheet, sheet.name_edit)
    forbidden = _play_changing(sheet)
    after_typing = [(stops[i].accessibleName(), nxt) for i, nxt in enumerate(stops[1:] + stops[:1])
                    if _typed_into(stops[i])]
    assert after_typing and [(name, nxt.text()) for name, nxt in after_typing if nxt in forbidden] == []


def test_a_stray_tab_and_a_space_from_any_typed_field_marks_no_stress_and_spends_no_point(window, qtbot):
    sheet = window.tabs.current_editor()
    before = window.document.entity(sheet.entity_id)
    gm_points = window.document.campaign.gm_fate_points
    fields = [w for w in _walk(qtbot, sheet, sheet.name_edit) if _typed_into(w)]
    assert len(fields) > 10
    for field in fields:
        if not field.isVisible():  # a stunt card the space below added and then removed
            continue
        field.setFocus(Qt.FocusReason.TabFocusReason)
        tab(qtbot)
        press(qtbot, Qt.Key.Key_Space)
        for widget in QApplication.topLevelWidgets():  # a dialog the space opened (Roll…)
            if widget.isVisible() and widget is not window and hasattr(widget, "reject"):
                widget.reject()
    after = window.document.entity(sheet.entity_id)
    assert (after.stress, after.fate_points, after.consequences) == \
        (before.stress, before.fate_points, before.consequences)
    assert window.document.campaign.gm_fate_points == gm_points


def test_the_play_bar_is_reached_from_the_name_with_shift_tab_and_opens_fate_points_by_keyboard(window, qtbot):
    sheet = window.tabs.current_editor()
    sheet.name_edit.setFocus(Qt.FocusReason.TabFocusReason)
    press(qtbot, Qt.Key.Key_Backtab)
    assert focused() is sheet.play.points_button
    press(qtbot, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: sheet.play.dialog is not None and sheet.play.dialog.isVisible())
    sheet.play.dialog.reject()


def test_with_scale_in_use_tab_reaches_the_scale_choice_and_still_comes_back(window, qtbot):
    """The play bar's scale choice shows only when the campaign uses scale; it is a Tab stop then,
    and the walk still returns to the name (it once looped inside the sheet)."""
    document = window.document
    document.edit_campaign(lambda c: c.model_copy(update={"options": c.options.model_copy(update={"scale": True})}),
                           "Use scale")
    sheet = window.tabs.current_editor()
    QApplication.processEvents()
    assert sheet.play.scale.isVisible()
    stops = _walk(qtbot, sheet, sheet.name_edit)
    assert sheet.play.scale in stops
    assert stops.index(sheet.play.points_button) < stops.index(sheet.play.scale)
