"""Rough edges a person found trying the app as a new user (issue 24), each driven through the
real widgets: menus, buttons, keys."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from fate_desk.model import Campaign
from fate_desk.rules.advancement.milestones import SwapSkills, apply_milestone
from fate_desk.store.campaign_file import CampaignFile, load_campaign

from gui_helpers import started_app_window
from test_gui_one_writer import answer_file_dialog, menu_action


def _own_campaign(folder, name="Storm Coast"):
    path = folder / "own.fatedesk"
    CampaignFile.create(path, Campaign(name=name)).close()
    return path


def test_the_welcome_speaks_of_the_sample_only_while_the_sample_is_open(qtbot, tmp_path):
    window = started_app_window(qtbot)
    window.show()
    assert window.welcome.isVisible() and "sample campaign" in window.welcome.text.text()
    answer_file_dialog(_own_campaign(tmp_path))
    menu_action(window, "File", "Open…").trigger()
    qtbot.waitUntil(lambda: window.document.campaign.name == "Storm Coast")
    assert not window.welcome.isVisible()
    window.close()


def test_revert_last_is_not_offered_on_a_read_only_campaign(qtbot, tmp_path):
    window = started_app_window(qtbot)
    window.show()
    document = window.document
    ruleset = document.ruleset_for()
    document.edit("pc-tobias", lambda c: apply_milestone(c, SwapSkills("Lore", "Academics"), ruleset).character,
                  "Milestone")
    copy = window.files.save_copy(tmp_path / "lantern.fatedesk")
    answer_file_dialog(copy)
    menu_action(window, "File", "Open read-only…").trigger()
    qtbot.waitUntil(lambda: window.document.path == copy)
    window.open_entity("pc-tobias")
    window.actions["toggle_history"].trigger()
    QApplication.processEvents()
    history = window.table.history_dock
    assert history.isVisible() and history.entries()  # the milestone is listed
    assert not history.revert_button.isEnabled()
    before = copy.read_bytes()
    qtbot.mouseClick(history.revert_button, Qt.MouseButton.LeftButton)
    assert copy.read_bytes() == before
    assert load_campaign(copy).characters  # still readable, untouched
    window.close()
