"""File > Open read-only: every editor shows the campaign and offers nothing that changes it,
while reading, printing and Export for… still work."""

from __future__ import annotations

import hashlib
import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton, QAbstractSlider, QAbstractSpinBox, QApplication, QComboBox, QDialogButtonBox, QLineEdit,
    QMessageBox, QPlainTextEdit, QScrollBar, QTabBar, QTextEdit,
)

from fate_desk.gui.dialogs.export_for import ExportForDialog
from fate_desk.gui.dialogs.export_pdf import ExportPdfDialog
from fate_desk.gui.kinds import kind_of

from gui_helpers import started_app_window, wait_opened
from test_gui_one_writer import answer_file_dialog, menu_action


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def read_only(qtbot, tmp_path):
    """The sample campaign copied, then opened through File > Open read-only."""
    window = started_app_window(qtbot)
    window.show()
    copy = window.files.save_copy(tmp_path / "lantern.fatedesk")
    answer_file_dialog(copy)
    menu_action(window, "File", "Open read-only…").trigger()
    wait_opened(qtbot, window, copy)
    assert window.document.readonly
    yield window, copy
    for widget in QApplication.topLevelWidgets():
        if widget.isVisible() and widget is not window and hasattr(widget, "reject"):
            widget.reject()
    window.close()


def _editable(editor) -> list[str]:
    """What in an editor would still take an edit: writable fields, enabled buttons and choices."""
    found = []
    for widget in editor.findChildren(QLineEdit) + editor.findChildren(QPlainTextEdit) \
            + editor.findChildren(QTextEdit) + editor.findChildren(QAbstractSpinBox):
        if not widget.isReadOnly() and widget.isEnabled() and not isinstance(widget.parentWidget(), QAbstractSpinBox) \
                and not isinstance(widget.parentWidget(), QComboBox):
            found.append(f"{type(widget).__name__} {widget.accessibleName() or widget.objectName()!r}")
    for widget in editor.findChildren(QAbstractButton) + editor.findChildren(QComboBox) \
            + editor.findChildren(QAbstractSlider):
        if isinstance(widget, QScrollBar) or isinstance(widget.parentWidget(), QTabBar):
            continue
        if widget.isEnabled():
            found.append(f"{type(widget).__name__} {widget.text() if hasattr(widget, 'text') else ''!r}")
    return found


def test_every_editor_of_a_read_only_campaign_offers_nothing_to_change(read_only, qtbot):
    window, copy = read_only
    kinds = set()
    for entity in window.document.entities():
        editor = window.sheets.keep_entity(entity.id)
        kinds.add(kind_of(entity))
        assert _editable(editor) == [], kind_of(entity)
    assert {"pc", "major_npc", "minor_npc", "monster", "hazard", "scene", "session"} <= kinds


def test_a_read_only_sheet_reads_at_full_contrast_and_keys_and_clicks_change_nothing(read_only, qtbot):
    window, copy = read_only
    before = digest(copy)
    pc = next(c for c in window.document.campaign.characters if c.kind.value == "pc")
    sheet = window.sheets.keep_entity(pc.id)
    assert sheet.name_edit.isEnabled() and sheet.name_edit.isReadOnly()  # readable, selectable, not grey
    sheet.name_edit.setFocus()
    qtbot.keyClicks(sheet.name_edit, "Renamed")
    assert sheet.name_edit.text() == pc.name
    pyramid = sheet.skills.pyramid
    top = max(pc.skills, key=pc.skills.get)
    pyramid.setFocus()
    pyramid.select(top)
    qtbot.keyClick(pyramid, Qt.Key.Key_Up)
    qtbot.keyClick(pyramid, Qt.Key.Key_Return)  # a roll would land in the log: not offered
    box = sheet.stress.boxes(next(iter(sheet.stress.rows)))[0]
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert sheet.play.dialog is None
    assert window.document.entity(pc.id) == pc
    assert not [b for b in window.findChildren(QMessageBox) if b.isVisible()]  # nothing refused after the fact
    assert digest(copy) == before


def test_printing_and_export_for_still_work_on_a_read_only_campaign(read_only, qtbot, tmp_path):
    window, copy = read_only
    before = digest(copy)
    window.sheets.keep_entity(next(c.id for c in window.document.campaign.characters if c.kind.value == "pc"))
    printing = menu_action(window, "File", "Print to PDF…")
    assert printing.isEnabled()
    printing.trigger()
    dialog = window.findChild(ExportPdfDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.reject()
    export = menu_action(window, "File", "Export for…")
    assert export.isEnabled()
    export.trigger()
    dialog = window.findChild(ExportForDialog)
    assert dialog is not None and dialog.isVisible()
    index = dialog.target_combo.findText("Fari", Qt.MatchFlag.MatchStartsWith)
    dialog.target_combo.setCurrentIndex(index)
    target = tmp_path / "out.fari.json"
    dialog.file_edit.clear()
    qtbot.keyClicks(dialog.file_edit, str(target))
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert json.loads(target.read_text(encoding="utf-8"))
    assert digest(copy) == before


def test_the_edit_menu_offers_no_adding_deleting_or_importing_on_a_read_only_campaign(read_only):
    window, _copy = read_only
    window.sheets.keep_entity(window.document.campaign.characters[0].id)
    greyed = {a.text().replace("&", "") for a in window.menus["Edit"].actions() + window.menus["File"].actions()
              if not a.isSeparator() and not a.isEnabled()}
    assert {"Add player character", "Quick NPC…", "Duplicate", "Delete", "Import characters…",
            "Restore from backup…"} <= greyed
    assert menu_action(window, "Edit", "Find…").isEnabled()


def test_read_only_the_table_offers_no_step_that_changes_the_campaign(read_only):
    """The clock's steps, the structured scenes and the GM pool's buttons change the campaign:
    greyed out; the players' view (which only shows) stays."""
    window, copy = read_only
    before = digest(copy)
    for item in ("End the scene…", "End the session…", "End the arc…", "Run a conflict", "Run a contest",
                 "Run a challenge"):
        assert not menu_action(window, "Table", item).isEnabled(), item
    assert menu_action(window, "Table", "Players' view").isEnabled()
    pool = window.table.pool
    assert not any(b.isEnabled() for b in (pool.minus, pool.plus, pool.reset))
    assert digest(copy) == before


def test_free_invoke_boxes_take_no_key_on_a_read_only_campaign(read_only, qtbot):
    window, copy = read_only
    sheet = window.sheets.open_entity("pc-maren")
    boxes = sheet.aspects.invokes[0]
    before = digest(copy)
    boxes.setFocus()
    qtbot.keyClick(boxes, Qt.Key.Key_Plus)
    assert boxes.value() == 0 and not any(b.isEnabled() for b in boxes.boxes)
    assert digest(copy) == before
