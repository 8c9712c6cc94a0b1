"""Conflicts, contests, challenges and the players' view in the accented pseudo-locale: every
text they write is translated, and what a person picks in a translated combo (a side, a skill)
is still stored by its English name, so the file opens the same in any language."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from fate_desk.gui.app import start
from fate_desk.i18n import rules_text
from fate_desk.rules.play.dice import Dice

from marked_table_support import PSEUDO, assert_translated, data_texts, english_left, pseudo  # noqa: F401
from table_helpers import on_disk


@pytest.fixture
def window(qtbot, pseudo):  # noqa: F811 (the language first, then the window)
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    win.encounters.dice = Dice(11)
    yield win
    win.close()


def ok(dialog) -> None:
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()


def test_a_conflict_in_the_pseudo_locale_shows_translated_text_and_stores_english_sides_and_skills(window):
    window.actions["conflict_panel"].trigger()
    panel = window.encounters.conflict
    names = data_texts(window.document.campaign)
    assert PSEUDO in panel.start_button.text() and PSEUDO in panel.header.text()
    assert_translated(panel, names)
    assert all(PSEUDO in window.encounters.tabs.tabText(i) for i in range(window.encounters.tabs.count()))

    panel.start_button.click()
    dialog = panel.dialog
    assert_translated(dialog, names)
    side = dialog.side_boxes[0]
    assert PSEUDO in side.currentText() and side.currentData() == "Player characters"
    ok(dialog)
    sides = {p.name: p.side for p in on_disk(window.document).scenes[0].play.conflict.participants}
    assert sides["Maren Voss"] == "Player characters"  # the key, never the shown words
    assert set(sides.values()) <= {"Player characters", "Opposition"}
    assert PSEUDO in panel.header.text() and english_left(panel.header.text(), names) is None
    sides_shown = {panel.table.item(r, 1).text() for r in range(panel.table.rowCount())}
    assert all(PSEUDO in s for s in sides_shown)
    assert_translated(panel, data_texts(window.document.campaign))  # the log's lines are the rules' words

    # The attack: skills shown translated, chosen by their shown name, rolled by the English one.
    panel.attack_button.click()
    attack = panel.dialog
    assert_translated(attack, names)
    drive = attack.skill.findText(rules_text("Drive"))
    assert drive >= 0 and rules_text("Drive") != "Drive"
    attack.skill.setCurrentIndex(drive)
    assert attack.skill.currentData() == "Drive"
    attack.roll_button.click()
    assert attack.attack_card.roll.setup.skill == "Drive"
    assert attack.defence_card.roll.setup.skill in window.document.ruleset_for().skills  # an English name
    assert PSEUDO in attack.windowTitle()
    attack.reject()


def test_a_contest_and_a_challenge_keep_english_skill_names_picked_by_their_translated_ones(window):
    window.actions["contest_panel"].trigger()
    panel = window.encounters.contest
    names = data_texts(window.document.campaign)
    assert_translated(panel, names)
    panel.start_button.click()
    dialog = panel.dialog
    assert_translated(dialog, names)
    pcs, other = dialog.rows
    assert PSEUDO in pcs.name.text()  # the default side names are the user's language
    pcs.who.setCurrentIndex(pcs.who.findData("pc-maren"))
    pcs.skill.setCurrentText(rules_text("Drive"))  # typed (or picked) as it is shown
    other.skill.setCurrentIndex(other.skill.findData("Athletics"))
    ok(dialog)
    contest = on_disk(window.document).scenes[0].play.contest
    assert [s.skill for s in contest.sides] == ["Drive", "Athletics"]
    rolls = [panel.table.item(r, 1).text() for r in range(panel.table.rowCount())]
    assert rules_text("Drive") in rolls[0] and "Drive" not in rolls[0].replace(rules_text("Drive"), "")
    assert PSEUDO in panel.header.text()

    window.actions["challenge_panel"].trigger()
    challenge = window.encounters.challenge
    challenge.start_button.click()
    start_dialog = challenge.dialog
    assert_translated(start_dialog, names)
    row = start_dialog.rows[0]
    row.what.setText("Crank the wheel")
    row.skill.setCurrentIndex(row.skill.findData("Physique"))
    assert PSEUDO in row.skill.currentText()
    ok(start_dialog)
    task = on_disk(window.document).scenes[0].play.challenge.tasks[0]
    assert task.skill == "Physique"
    assert PSEUDO in challenge.table.item(0, 4).text()  # "Not rolled yet"
    assert_translated(challenge, data_texts(window.document.campaign))


def test_the_players_view_and_the_zone_map_speak_the_language(window):
    window.actions["players_view"].trigger()
    view = window.encounters.players_window
    names = data_texts(window.document.campaign)
    assert PSEUDO in view.windowTitle()
    for button in (view.full_button, view.contrast, view.large, view.theme_button):
        assert PSEUDO in button.text()
    assert_translated(view, names)
    assert PSEUDO in view.map.accessibleName() and PSEUDO in view.map.accessibleDescription()
    for zone_id in view.map.boxes:
        said, details = view.map.zone_words(zone_id)
        assert english_left(said, names) is None and english_left(details, names) is None, (said, details)
