"""Create an advantage on an aspect already in play, from the sheet's roll dialog (seeded dice)."""

from __future__ import annotations

import pytest

from fate_desk.rules.play.roll import Dice

from table_helpers import apart_from_throws, assert_throws_kept, on_disk, sample_document
from test_gui_play import SEED, click, open_sheet, roll_skill


def hidden_rain(campaign):
    """The scene's aspect is there but the players do not know it yet."""
    scene = campaign.scenes[0]
    scene.play.hidden = [scene.aspects[0].id]
    return campaign


def advantage_roll(qtbot, document, shifts: int):
    """Ines rolls Fight to create an advantage at a difficulty that gives exactly `shifts`."""
    sheet = open_sheet(qtbot, document, "pc-ines")
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    panel.action.setCurrentIndex(panel.action.findText("Create an advantage"))
    panel.difficulty.setValue(4 + sum(Dice(SEED).throw()) - shifts)
    click(qtbot, panel.roll_button)
    assert panel.roll.shifts == shifts
    return dialog, panel


@pytest.fixture
def document(tmp_path):
    doc = sample_document(tmp_path)
    yield doc
    doc.close()


def test_success_on_an_existing_aspect_places_one_free_invoke_on_it_in_one_undo_step(document, qtbot):
    before = on_disk(document)
    free = before.scenes[0].aspects[0].free_invokes
    dialog, panel = advantage_roll(qtbot, document, 1)
    panel.select_target("Pitch Dark and Pouring Rain")
    assert not panel.advantage.isVisible()  # no new aspect to name
    assert "1 free invoke on it" in panel.existing_label.text()
    click(qtbot, dialog.done_button)
    after = on_disk(document)
    assert after.scenes[0].aspects[0].free_invokes == free + 1
    assert len(after.scenes[0].aspects) == len(before.scenes[0].aspects)  # nothing new on the scene
    document.undo_stack.undo()  # everything back, save the roll log: the dice stay, set aside
    assert apart_from_throws(on_disk(document)) == apart_from_throws(before)
    assert_throws_kept(after, on_disk(document))


def test_style_on_a_characters_aspect_places_two_free_invokes(document, qtbot):
    dialog, panel = advantage_roll(qtbot, document, 3)
    target = next(c for c in document.campaign.characters if c.id != "pc-ines" and c.aspects)
    panel.select_target(target.aspects[0].text)
    click(qtbot, dialog.done_button)
    assert on_disk(document).character(target.id).aspects[0].free_invokes == target.aspects[0].free_invokes + 2


def test_a_tie_on_an_unknown_aspect_gives_a_boost_and_keeps_it_hidden(qtbot, tmp_path):
    document = sample_document(tmp_path, hidden_rain)
    rain = document.campaign.scenes[0].aspects[0]
    dialog, panel = advantage_roll(qtbot, document, 0)
    panel.select_target(rain.text)
    assert panel.unknown_box.isChecked()  # hidden from the players' view: unknown
    assert panel.boost.isEnabled()
    panel.boost.setText("A Glimpse Through the Rain")
    click(qtbot, dialog.done_button)
    scene = on_disk(document).scenes[0]
    assert scene.aspects[0].free_invokes == rain.free_invokes and rain.id in scene.play.hidden
    assert [a.text for a in scene.aspects if a.boost] == ["A Glimpse Through the Rain"]
    document.close()


def test_a_tie_on_a_known_aspect_places_a_free_invoke_and_a_failure_gives_one_to_the_opposition(document, qtbot):
    rain = document.campaign.scenes[0].aspects[0]
    dialog, panel = advantage_roll(qtbot, document, 0)
    panel.select_target(rain.text)
    assert not panel.unknown_box.isChecked() and not panel.boost.isEnabled()
    click(qtbot, dialog.done_button)
    assert on_disk(document).scenes[0].aspects[0].free_invokes == rain.free_invokes + 1
    dialog, panel = advantage_roll(qtbot, document, -1)
    panel.select_target(rain.text)
    assert "opposition gets a free invoke" in panel.existing_label.text()
    click(qtbot, dialog.done_button)
    campaign = on_disk(document)
    assert campaign.scenes[0].aspects[0].free_invokes == rain.free_invokes + 2
    assert "the opposition holds a free invoke" in campaign.sessions[-1].events[-1]


def test_success_reveals_an_unknown_aspect(qtbot, tmp_path):
    document = sample_document(tmp_path, hidden_rain)
    rain = document.campaign.scenes[0].aspects[0]
    dialog, panel = advantage_roll(qtbot, document, 2)
    panel.select_target(rain.text)
    click(qtbot, dialog.done_button)
    scene = on_disk(document).scenes[0]
    assert rain.id not in scene.play.hidden and scene.aspects[0].free_invokes == rain.free_invokes + 1
    document.close()
