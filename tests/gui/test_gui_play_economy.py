"""The fate point economy, played through the sheet's buttons in random orders: whatever a
player clicks (roll, Roll 4dF again, invoke free or paid, reroll, Done, Cancel, concede twice,
undo), no fate point, free invoke or reroll is minted, and undo gives the start back exactly.

Fate Condensed, "Fate Points" and "Invoking Aspects" (fate-condensed.txt): points come from
compels, hostile invokes and concessions; an invoke costs a point or a free invoke; a reroll
is one of an invoke's two effects; "Conceding": one concession, before the dice, pays 1 point
plus 1 per consequence taken in the conflict.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QMessageBox

from fate_desk.model import CampaignOptions
from fate_desk.rules.prep.options import set_options

from table_helpers import both, in_a_conflict, sample_document
from test_gui_play import lit_scene, name_any_boost, open_sheet

STEPS = ("roll", "roll again", "invoke free", "invoke paid", "reroll", "done", "cancel", "concede", "undo")


def purse(campaign) -> int:
    """Every fate point at the table, spendable now or later."""
    people = sum(c.fate_points + c.pending_fate_points + c.carried_fate_points for c in campaign.characters)
    return people + campaign.gm_fate_points


def free_invokes(campaign) -> dict[str, int]:
    """The free invokes on every aspect in play, by where it is."""
    out = {f"{c.id}:{i}": a.free_invokes for c in campaign.characters for i, a in enumerate(c.aspects)}
    out |= {f"{ch.id}:{c.slot}": c.free_invokes for ch in campaign.characters for c in ch.consequences}
    for scene in campaign.scenes:
        out |= {a.id: a.free_invokes for a in [*scene.aspects, *(a for z in scene.zones for a in z.aspects)]}
    return out


class Table:
    """Ines Okafor's sheet in a running conflict, and the clicks a player can make on it."""

    def __init__(self, qtbot, folder: Path, options=None):
        self.qtbot = qtbot
        edits = [lit_scene, in_a_conflict("pc-ines")]
        if options is not None:
            edits.append(lambda c: set_options(c, options))
        self.document = sample_document(folder, both(*edits))
        self.sheet = open_sheet(qtbot, self.document, "pc-ines")
        self.dialog = None

    def panel(self):
        return self.dialog.panel if self.dialog is not None and self.dialog.isVisible() else None

    def do(self, step: str) -> None:
        panel = self.panel()
        if step == "roll":
            if panel is None:
                self.sheet.play.roll("Fight")
                self.dialog = self.sheet.play.dialog
                panel = self.dialog.panel
            panel.roll_button.click()  # a disabled button does nothing, as on screen
        elif step == "roll again" and panel is not None:
            panel.roll_button.click()
        elif step in ("invoke free", "invoke paid", "reroll") and panel is not None and panel.roll is not None:
            panel.aspect.setCurrentIndex(0 if step == "invoke paid" else panel.aspect.findText("Pitch Dark", 
                                                                                                 flags=_contains()))
            if panel.aspect.currentIndex() < 0:
                panel.aspect.setCurrentIndex(0)
            (panel.reroll if step == "reroll" else panel.plus_two).click()
        elif step == "done" and panel is not None and panel.roll is not None:
            name_any_boost(self.qtbot, panel)
            if panel.advantage.isEnabled() and not panel.advantage.text():
                panel.advantage.setText("Cornered")
            self.dialog.done_button.click()
            if self.dialog.hit_dialog is not None:
                self.dialog.hit_dialog.reject()
        elif step == "cancel" and panel is not None:
            self.dialog.reject()
            question = self.dialog.question
            if question is not None and question.isVisible():
                next(b for b in question.buttons() if "aside" in b.text()).click()
        elif step == "concede":
            self.sheet.play.concede()
            box = self.sheet.play.dialog
            offered = [b for b in box.buttons() if b.text() == "Concede"]
            (offered[0] if offered else box.button(QMessageBox.StandardButton.Close)).click()
        elif step == "undo":
            if panel is not None:
                self.dialog.done(0)  # undo is reached from the window, with no roll open
            self.document.undo_stack.undo()

    def check(self, start) -> None:
        campaign = self.document.campaign
        concessions = [e for e in campaign.sessions[-1].fate_points if e.reason == "concession"]
        assert len(concessions) <= 1  # one concession per character per conflict
        assert purse(campaign) <= purse(start) + len(concessions)  # nothing minted
        now, before = free_invokes(campaign), free_invokes(start)
        assert all(now.get(key, 0) <= count for key, count in before.items())  # never more on what was there
        applied = [line for line in campaign.sessions[-1].rolls if not line.startswith("Set aside")]
        assert len(now.keys() - before.keys()) <= len(applied)  # new boosts only from rolls applied
        panel = self.panel()
        if panel is not None and panel.roll is not None:
            rerolls = sum(1 for i in panel.roll.invokes if i.reroll)
            assert len(panel.roll.throws) == 1 + rerolls  # a throw only from an invoke
            assert panel.points_left() >= 0


def _contains():
    from PySide6.QtCore import Qt

    return Qt.MatchFlag.MatchContains


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(STEPS), min_size=1, max_size=14))
def test_no_click_sequence_mints_fate_points_rerolls_or_free_invokes_and_undo_restores(qtbot, steps):
    play_steps(qtbot, steps)


# The optional rules that change a roll on the sheet: how long a task takes, a second skill list
# (Fate Condensed, "Time Shifts" and "Changing the Skill List"); the roll's economy is the same.
WITH_OPTIONS = CampaignOptions(time_shifts=True, block_harm=True, full_defense=True, lethal_damage=True,
                               combined_skills=["Careful", "Clever", "Flashy", "Forceful", "Quick", "Sneaky"])


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(STEPS), min_size=1, max_size=12))
def test_with_the_optional_rules_on_no_click_sequence_mints_anything_and_undo_restores(qtbot, steps):
    play_steps(qtbot, steps, WITH_OPTIONS)


def play_steps(qtbot, steps, options=None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        table = Table(qtbot, Path(folder), options)
        start = table.document.campaign
        try:
            for step in steps:
                table.do(step)
                table.check(start)
            if table.panel() is not None:
                table.dialog.done(0)
            while table.document.undo_stack.canUndo():
                table.document.undo_stack.undo()
            assert table.document.campaign == start
        finally:
            if table.dialog is not None:
                table.dialog.done(0)
            table.sheet.close()
            table.document.close()
