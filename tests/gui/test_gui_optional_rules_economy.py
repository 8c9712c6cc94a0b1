"""The conflict panel with the optional rules on, played through its buttons in random orders, each
button pressed twice where a person might: attack (and cancel after the dice), full defense, a split
attack, end the turn, a hit that takes someone out, revealing a true form, undo. Whatever the order,
no fate point or free invoke is minted, a boost comes only from a roll or from a full defense
nothing came at, the dice are thrown once per roll, and undo gives the start back exactly.

Fate Condensed, "Full Defense": the boost "if nothing comes of it and you haven't rolled to defend at
all by the time your next turn comes around"; "Ways to Handle Multiple Targets"; "Expendable Minion
Armor"; "Reveal True Form". Fate Condensed, "Fate Points": points come from compels, hostile invokes
and concessions only."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QInputDialog, QMessageBox

from fate_desk.gui.app import start
from fate_desk.model import CampaignOptions, Character, CharacterKind, RuleBreak
from fate_desk.rules.play.dice import Dice
from fate_desk.rules.prep.options import set_options

from table_helpers import apart_from_throws, assert_throws_kept
from test_gui_play import name_card_boosts
from test_gui_play_economy import free_invokes, purse

STEPS = ("attack", "attack then cancel", "full defense", "split attack", "end turn", "take out", "reveal", "undo")
OPTIONS = CampaignOptions(full_defense=True, split_attacks=True, minion_armor=True, solo_bonus=True, true_form=True,
                          lethal_damage=True, time_shifts=True)


def _prepare(window) -> None:
    document = window.document
    form = Character(id="monster-form", name="The Lock's True Shape", kind=CharacterKind.MONSTER,
                     skills={"Fight": 4})

    def edit(campaign):
        campaign = set_options(campaign, OPTIONS)
        lock = campaign.character("monster-lockthing").model_copy(update={"rule_breaks": [
            RuleBreak(kind="minion_armor"), RuleBreak(kind="true_form", form="monster-form")]})
        characters = [lock if c.id == lock.id else c for c in campaign.characters] + [form]
        scene = campaign.scenes[0].model_copy(update={"present": [*campaign.scenes[0].present, "monster-lockthing"]})
        return campaign.model_copy(update={"characters": characters, "scenes": [scene]})

    document.edit_campaign(edit, "Set up")


def _ok(dialog) -> None:
    button = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    if button.isEnabled():
        button.click()


class Table:
    def __init__(self, window):
        self.window = window
        self.panel = window.encounters.conflict
        self.rolls_applied = 0
        self.full_defenses = 0
        self.base = window.document.undo_stack.index()

    @property
    def document(self):
        return self.window.document

    def _hits(self) -> None:
        """Whatever Take a hit dialogs a step opened: absorb with the first way, or taken out."""
        for _time in range(6):
            dialog = self.panel.dialog
            if dialog is None or not dialog.isVisible() or not hasattr(dialog, "take_button"):
                return
            if dialog.take_button.isEnabled():
                dialog.take_button.click()
            elif dialog.out_button.isEnabled():
                dialog.out_button.click()
            else:
                dialog.reject()

    def do(self, qtbot, step: str) -> None:
        panel = self.panel
        if step in ("attack", "attack then cancel") and panel.attack_button.isEnabled():
            panel.attack_button.click()
            attack = panel.dialog
            if attack.target.count() == 0:
                attack.reject()
                return
            attack.roll_button.click()
            attack.roll_button.click()  # pressed twice: the dice fall once
            assert [len(c.roll.throws) for c in attack.thrown_cards()] == [1, 1]
            if step == "attack then cancel":
                attack.reject()
                return
            name_card_boosts(qtbot, attack.thrown_cards())
            _ok(attack)
            _ok(attack)
            self.rolls_applied += 2
            self._hits()
            self._turn_spent()
        elif step == "full defense" and panel.full_defense_button.isVisible():
            if panel.full_defense_button.isEnabled():
                panel.full_defense_button.click()
                asking = panel.dialog
                assert isinstance(asking, QInputDialog)
                asking.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
                self.full_defenses += 1
                assert not panel.full_defense_button.isEnabled()  # not a second time
        elif step == "split attack" and panel.split_button.isEnabled():
            panel.split_button.click()
            split = panel.dialog
            for _p, check, _share in split.targets:
                check.setChecked(True)
            split.roll_button.click()
            if split.defend_button.isEnabled():
                split.defend_button.click()
                split.defend_button.click()
            if split.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled():
                name_card_boosts(qtbot, split.thrown_cards())
                _ok(split)
                self.rolls_applied += len(split.thrown_cards())
                self._hits()
                self._turn_spent()
            else:
                split.reject()
        elif step == "end turn" and panel.end_turn_button.isEnabled():
            if panel.next_combo.count():
                panel.next_combo.setCurrentIndex(0)
            panel.end_turn_button.click()
        elif step == "take out" and panel.hit_button.isEnabled():
            panel.select("The Thing Under the Lock") if self._standing("The Thing Under the Lock") else None
            panel.hit_button.click()
            dialog = panel.dialog
            if dialog is not None and hasattr(dialog, "shifts"):
                dialog.shifts.setValue(40)
                if dialog.out_button.isEnabled():
                    dialog.out_button.click()
                else:
                    dialog.reject()
        elif step == "reveal":
            self._select_taken_out()
            if panel.true_form_button.isEnabled():
                panel.true_form_button.click()
                box = panel.dialog
                assert isinstance(box, QMessageBox)
                next(b for b in box.buttons() if b.text() == "Reveal").click()
                assert not panel.true_form_button.isEnabled()  # once
        elif step == "undo" and self.document.undo_stack.index() > self.base:
            self.document.undo_stack.undo()  # only the steps played here, not the conflict's start

    def _turn_spent(self) -> None:
        """One action a turn (Fate Condensed, "Turn Order"): after an attack, split or not, nothing
        but the end of the turn is open to the attacker (full defense included)."""
        for button in (self.panel.attack_button, self.panel.split_button, self.panel.full_defense_button):
            assert not button.isEnabled(), button.text()

    def _standing(self, name: str) -> bool:
        conflict = self.panel.conflict()
        return conflict is not None and any(p.name == name and p.active for p in conflict.participants)

    def _select_taken_out(self) -> None:
        conflict = self.panel.conflict()
        out = next((p for p in conflict.participants if p.taken_out), None) if conflict else None
        if out is not None:
            self.panel.select(out.name)

    def check(self, start) -> None:
        campaign = self.document.campaign
        assert purse(campaign) == purse(start)  # no step here pays or earns a fate point
        now, before = free_invokes(campaign), free_invokes(start)
        assert all(now.get(key, 0) <= count for key, count in before.items())
        new = now.keys() - before.keys()
        assert len(new) <= self.rolls_applied + self.full_defenses


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(STEPS), min_size=2, max_size=9), st.integers(0, 99))
def test_no_click_sequence_with_the_optional_rules_mints_points_or_invokes_and_undo_restores(qtbot, steps, seed):
    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    try:
        window.encounters.dice = Dice(seed)
        _prepare(window)
        window.actions["conflict_panel"].trigger()
        panel = window.encounters.conflict
        panel.start_button.click()
        dialog = panel.dialog
        for row, entry in enumerate([*dialog.characters, *dialog.hazards]):
            side = {"pc-maren": 1, "pc-tobias": 1, "npc-bruiser": 2, "monster-lockthing": 2}.get(entry.id, 0)
            dialog.side_boxes[row].setCurrentIndex(side)
        dialog.first.setCurrentIndex(dialog.first.findData("pc-maren"))
        _ok(dialog)
        start_campaign = window.document.campaign
        table = Table(window)
        for step in steps:
            table.do(qtbot, step)
            table.check(start_campaign)
        played = window.document.campaign
        while window.document.undo_stack.index() > table.base:
            window.document.undo_stack.undo()
        # Everything comes back but the dice thrown, which stay in the roll log marked set aside.
        assert apart_from_throws(window.document.campaign) == apart_from_throws(start_campaign)
        assert_throws_kept(played, window.document.campaign)
    finally:
        for widget in QApplication.topLevelWidgets():
            if widget is not window and widget.isVisible() and widget.isModal():
                widget.close()
        window.close()
