"""A player character made with the keyboard alone, from the name field to the saved file."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QPlainTextEdit

from fate_desk.gui.app import start
from fate_desk.gui.sheet import CharacterSheet
from fate_desk.gui.sheet.ladder_delegate import parse_rating
from fate_desk.gui.sheet.skills_model import RATING_COLUMN
from fate_desk.model import Campaign
from fate_desk.store.campaign_file import load_campaign

from gui_helpers import blank_pc, new_document
from gui_keys import activate, focused, press, shortcut, tab, type_text

ASPECTS = ["Disgraced Signal Officer of the Storm Fleet", "The Admiralty Wants Its Codebook Back",
           "Old Jory Taught Me Every Cove", "Lanterns Speak to Those Who Listen", "Never Leave a Crewmate"]
STUNTS = [("Signal Lamp Cant", "Because I read fleet lamp-code, I get +2 to create advantages with Notice at sea."),
          ("Shadow on the Water", "Because I ran the blockade, I get +2 to Stealth when slipping past a patrol."),
          ("Old Navy Friends", "Once per session I can find a sympathetic old sailor in any port.")]
# Ten ratings in the List tab, typed as a person would: a rung, its start, or a number.
RATINGS = {"Academics": "Great", "Athletics": "go", "Burglary": "+3", "Contacts": "Fair", "Crafts": "fa",
           "Deceive": "2", "Drive": "Average", "Empathy": "av", "Fight": "+1", "Investigate": "1"}


@pytest.fixture
def window(qtbot, tmp_path):
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    assert win.files.create(Campaign(name="Keyboard"), tmp_path / "keyboard.fatedesk")
    activate(qtbot, win)
    yield win
    win.close()


def test_a_player_character_is_made_with_the_keyboard_alone(window, qtbot):
    shortcut(window, "Ctrl+Shift+N")  # Edit ▸ Add player character
    sheet = window.tabs.current_editor()
    assert isinstance(sheet, CharacterSheet) and focused() is sheet.name_edit
    type_text(qtbot, "Kestrel Vane")
    for text in ASPECTS[:2]:  # high concept and trouble, in the banner under the name
        tab(qtbot)
        assert focused() in sheet.aspects.edits
        type_text(qtbot, text)
        tab(qtbot)  # past the aspect's free invokes
    for button in (sheet.fate_minus, sheet.fate_plus):  # the fate points' − and +, passed over
        tab(qtbot)
        assert focused() is button
    tab(qtbot)
    assert focused() is sheet.skills.tabs.tabBar()
    press(qtbot, Qt.Key.Key_Right)  # the List tab
    tab(qtbot)
    assert focused() is sheet.skills.table
    press(qtbot, Qt.Key.Key_Right)  # the rating column
    names = sheet.skills.model.skill_names()
    for name, typed in RATINGS.items():
        table = sheet.skills.table
        assert sheet.skills.proxy.data(table.currentIndex().siblingAtColumn(0)) == name
        type_text(qtbot, typed)
        assert isinstance(focused(), QComboBox)
        press(qtbot, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: focused() is table)
        press(qtbot, Qt.Key.Key_Down)
    assert names[:10] == list(RATINGS)
    tab(qtbot)
    assert focused() is sheet.skills.add_button  # Add custom skill…
    tab(qtbot)
    for text in ASPECTS[2:]:
        assert isinstance(focused(), QLineEdit) and focused() in sheet.aspects.edits
        type_text(qtbot, text)
        tab(qtbot, 2)  # past the aspect's free invokes
    for index, (name, text) in enumerate(STUNTS):
        if index:
            tab(qtbot)
        assert focused() is sheet.stunts.add_button  # Tab from the last stunt's text reaches "Add stunt"
        press(qtbot, Qt.Key.Key_Space)
        assert focused() is sheet.stunts.cards[-1].name
        type_text(qtbot, name)
        tab(qtbot)
        assert focused() is sheet.stunts.cards[-1].text
        type_text(qtbot, text)
    tab(qtbot, 6)  # Add stunt, New stunt from template…, Add extra…, Add track…, Library…, the first consequence slot (Treat… is off)
    while focused() is not sheet.description_edit:  # the consequence slots: read, not typed into
        assert isinstance(focused(), QLineEdit) and focused().isReadOnly()
        tab(qtbot)
    type_text(qtbot, "Ex-navy signaller turned smuggler")
    tab(qtbot)
    assert focused() is sheet.notes_edit
    type_text(qtbot, "Owes Jory a boat.")

    saved = load_campaign(window.document.path)
    assert len(saved.characters) == 1
    pc = saved.characters[0]
    assert (pc.name, pc.description, pc.notes) == ("Kestrel Vane", "Ex-navy signaller turned smuggler",
                                                   "Owes Jory a boat.")
    assert [a.text for a in pc.aspects] == ASPECTS
    assert [(s.name, s.text) for s in pc.stunts] == STUNTS
    assert pc.skills == {name: parse_rating(typed) for name, typed in RATINGS.items()}
    assert pc.skills == {"Academics": 4, "Athletics": 3, "Burglary": 3, "Contacts": 2, "Crafts": 2, "Deceive": 2,
                         "Drive": 1, "Empathy": 1, "Fight": 1, "Investigate": 1}
    # no key typed as text pressed a button: fate points, stress and free invokes are untouched
    assert pc.fate_points == 3 and pc.stress == {} and all(a.free_invokes == 0 for a in pc.aspects)
    assert not window.document.check(pc.id).errors


def test_a_space_after_a_stray_tab_in_a_stunt_name_never_removes_the_stunt(window, qtbot):
    shortcut(window, "Ctrl+Shift+N")
    sheet = window.tabs.current_editor()
    sheet.stunts.add_button.setFocus()
    press(qtbot, Qt.Key.Key_Space)
    type_text(qtbot, "Signal")
    tab(qtbot)
    type_text(qtbot, " Lamp")
    assert len(window.document.entity(sheet.entity_id).stunts) == 1
    assert isinstance(focused(), QPlainTextEdit)


def test_notes_pass_tab_on_instead_of_typing_it(window, qtbot):
    shortcut(window, "Ctrl+Shift+N")
    sheet = window.tabs.current_editor()
    sheet.notes_edit.setFocus()
    type_text(qtbot, "Gear")
    tab(qtbot)
    assert focused() is not sheet.notes_edit
    assert window.document.entity(sheet.entity_id).notes == "Gear"


@pytest.fixture
def list_tab(qtbot, tmp_path):
    """A blank PC's sheet on the List tab, the first skill's rating picked: (document, sheet, skill)."""
    character = blank_pc("Ash")
    document = new_document(tmp_path, character)
    sheet = CharacterSheet(document, character.id)
    qtbot.addWidget(sheet)
    sheet.resize(1000, 900)
    activate(qtbot, sheet)
    sheet.skills.tabs.setCurrentIndex(1)
    table = sheet.skills.table
    table.setFocus()
    table.setCurrentIndex(sheet.skills.proxy.index(0, RATING_COLUMN))
    yield document, sheet, sheet.skills.proxy.index(0, 0).data()
    document.close()


@pytest.mark.parametrize("typed, rating", [("Fair", 2), ("fa", 2), ("F", 2), ("+2", 2), ("2", 2), ("-1", -1),
                                           ("Fantastic", 6), ("Fai", 2), ("Fair (+2)", 2)])
def test_a_typed_rating_applies_only_on_enter(list_tab, qtbot, typed, rating):
    document, sheet, name = list_tab
    type_text(qtbot, typed)
    assert document.entity(sheet.entity_id).rating(name) == 0  # nothing yet, whatever was typed
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: document.entity(sheet.entity_id).rating(name) == rating)
    assert document.undo_stack.count() == 1


def test_a_typed_rating_applies_when_the_field_is_left(list_tab, qtbot):
    document, sheet, name = list_tab
    type_text(qtbot, "go")
    sheet.name_edit.setFocus()
    qtbot.waitUntil(lambda: document.entity(sheet.entity_id).rating(name) == 3)


def test_the_rating_editor_shows_whole_ladder_labels(list_tab):
    _document, sheet, _name = list_tab
    sheet.skills.table.edit(sheet.skills.table.currentIndex())
    combo = sheet.skills.table.findChild(QComboBox)
    assert combo.width() >= combo.fontMetrics().horizontalAdvance("Mediocre (+0)") + 20


def _tab_to(qtbot, target, limit: int = 80) -> None:
    """Tab until `target` has the focus, as a person would, never past `limit` presses."""
    for _ in range(limit):
        if focused() is target:
            return
        tab(qtbot)
    pytest.fail(f"Tab never reached {target.accessibleName() or target.objectName() or target.text()!r}")


def test_a_roll_with_an_invoke_is_played_with_the_keyboard_alone(qtbot):
    """Find the character from the navigator filter, Tab into the pyramid, Enter rolls the skill
    picked there; in the roll dialog Tab to Roll, invoke the first aspect for +2, and Done."""
    from fate_desk.gui.play.roll_dialog import RollDialog
    from fate_desk.rules.play.dice import Dice

    window = start(QApplication.instance(), None)  # the sample campaign, as on a first start
    qtbot.addWidget(window)
    activate(qtbot, window)
    qtbot.waitUntil(lambda: window.navigator is not None)
    before = window.document.entity("pc-maren").fate_points
    shortcut(window, "Ctrl+F")
    type_text(qtbot, "maren")
    press(qtbot, Qt.Key.Key_Return)  # opens the first result
    sheet = window.tabs.current_editor()
    assert sheet.entity_id == "pc-maren"
    sheet.play.dice = Dice(11)  # the dice, seeded, so the test reads the same every time
    sheet.name_edit.setFocus(Qt.FocusReason.TabFocusReason)  # where a Tab into the sheet lands
    _tab_to(qtbot, sheet.skills.pyramid)
    skill = sheet.skills.pyramid.selected  # Tab in picks the first skill on the ladder
    assert skill == "Drive"
    press(qtbot, Qt.Key.Key_Return)
    dialog = sheet.play.dialog
    assert isinstance(dialog, RollDialog) and dialog.isVisible()
    qtbot.waitUntil(lambda: focused() is not None and dialog.isAncestorOf(focused()))
    panel = dialog.panel
    _tab_to(qtbot, panel.roll_button)
    press(qtbot, Qt.Key.Key_Space)
    assert panel.roll is not None and panel.roll.dice
    effort = panel.roll.effort
    _tab_to(qtbot, panel.aspect)
    aspect = panel.aspect.currentText()
    _tab_to(qtbot, panel.plus_two)
    press(qtbot, Qt.Key.Key_Space)
    assert panel.invoked.count() == 1 and panel.roll.effort == effort + 2, panel.status.text()
    if panel.boost.isVisible() and panel.boost.isEnabled():  # a boost is named by the player
        _tab_to(qtbot, panel.boost)
        type_text(qtbot, "Lucky Break")
    _tab_to(qtbot, dialog.done_button)
    press(qtbot, Qt.Key.Key_Space)
    assert not dialog.isVisible()
    saved = load_campaign(window.document.path)
    assert saved.sessions[-1].rolls[-1].startswith("Maren Voss: ") and "Drive" in saved.sessions[-1].rolls[-1]
    spent = before - saved.character("pc-maren").fate_points
    assert spent in (0, 1), aspect  # free when the aspect held a free invoke, else one point
    window.close()


# --- keys every field and button answers the same way (issue 41) ----------------------------------


def test_tab_leaves_the_extras_dialogs_multi_line_fields_and_ctrl_tab_types_a_tab(qtbot):
    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    activate(qtbot, window)
    sheet = window.sheets.open_entity("pc-maren")
    sheet.extras.add_extra_button.click()
    dialog = sheet.extras.dialog
    qtbot.waitExposed(dialog)
    dialog.name.setFocus(Qt.FocusReason.TabFocusReason)
    type_text(qtbot, "Storm Lantern")
    tab(qtbot)
    type_text(qtbot, "Harbour Pilot Who Knows Every Shoal")
    tab(qtbot)
    assert focused() is dialog.description
    type_text(qtbot, "An old lamp")
    tab(qtbot)  # on to the cost, never a tab typed into the description
    assert focused() is dialog.refresh and "\t" not in dialog.description.toPlainText()
    for field in (dialog.aspects, dialog.skills, dialog.bonuses, dialog.stunts):
        field.setFocus(Qt.FocusReason.TabFocusReason)
        QApplication.processEvents()
        tab(qtbot)
        assert focused() is not field and "\t" not in field.toPlainText()
    dialog.description.setFocus(Qt.FocusReason.TabFocusReason)
    QApplication.processEvents()
    press(qtbot, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert focused() is dialog.description and dialog.description.toPlainText().count("\t") == 1
    dialog.reject()
    window.close()


def test_enter_on_a_focused_button_presses_it_as_space_does(qtbot):
    """Enter on a focused button in the window (not only in a dialog): the sheet's Roll…, a
    toolbar button, a panel's button."""
    from PySide6.QtWidgets import QDialog, QToolButton

    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    activate(qtbot, window)
    sheet = window.sheets.open_entity("pc-maren")
    sheet.play.roll_button.setFocus(Qt.FocusReason.TabFocusReason)
    press(qtbot, Qt.Key.Key_Return)
    dialog = sheet.play.dialog
    assert isinstance(dialog, QDialog) and dialog.isVisible()
    dialog.reject()
    activate(qtbot, window)  # back in the window, as the dialog closes
    sheet.play.points_button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(sheet.play.points_button.hasFocus)
    press(qtbot, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)  # the keypad's Enter too
    assert sheet.play.dialog is not dialog and sheet.play.dialog.isVisible()
    sheet.play.dialog.reject()
    activate(qtbot, window)
    window.actions["conflict_panel"].trigger()
    start_button = window.encounters.conflict.start_button
    start_button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(start_button.hasFocus)
    press(qtbot, Qt.Key.Key_Return)
    assert window.encounters.conflict.dialog.isVisible()
    window.encounters.conflict.dialog.reject()
    activate(qtbot, window)
    quick = next(b for b in window.toolbar.findChildren(QToolButton)
                 if b.defaultAction() is window.actions["quick_npc"])
    quick.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(quick.hasFocus)
    press(qtbot, Qt.Key.Key_Return)
    assert window.quick_npc_dialog.isVisible()
    window.quick_npc_dialog.reject()
    window.close()
