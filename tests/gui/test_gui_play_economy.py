"""The fate point economy, played through the sheet's buttons in random orders: whatever a
player clicks (roll, Roll 4dF again, invoke free or paid, reroll, Done, Cancel, concede twice,
undo), no fate point, free invoke or reroll is minted, and undo gives the start back exactly,
save the roll log: every roll thrown stays in it (an undone one marked set aside), so cancel,
undo and roll again never hides the first dice.

Fate Condensed, "Fate Points" and "Invoking Aspects" (fate-condensed.txt): points come from
compels, hostile invokes and concessions; an invoke costs a point or a free invoke; a reroll
is one of an invoke's two effects; "Conceding": one concession, before the dice, pays 1 point
plus 1 per consequence taken in the conflict.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from fate_desk.model import CampaignOptions
from fate_desk.rules.play.roll import Dice
from fate_desk.rules.prep.options import set_options

from table_helpers import apart_from_throws, assert_throws_kept, both, in_a_conflict, on_disk, sample_document
from test_gui_conflict import window  # noqa: F401  (the main window fixture)
from test_gui_play import SEED, click, lit_scene, name_any_boost, name_card_boosts, open_sheet

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
        self.logged = self.document.campaign  # the campaign with the longest roll log so far

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
        assert_throws_kept(self.logged, campaign)  # no undo takes a thrown roll out of the log
        self.logged = campaign
        applied = [line for line in campaign.sessions[-1].rolls if not line.startswith(("Set aside", "Undone"))]
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
            played = table.document.campaign
            while table.document.undo_stack.canUndo():
                table.document.undo_stack.undo()
            assert apart_from_throws(table.document.campaign) == apart_from_throws(start)
            assert_throws_kept(played, table.document.campaign)
        finally:
            if table.dialog is not None:
                table.dialog.done(0)
            table.sheet.close()
            table.document.close()


# --- Four ways to mint or hide at the table, each closed through the path a user takes ---------

def test_a_concession_pays_nothing_for_a_consequence_taken_before_the_conflict_began(qtbot, window):
    """Fate Condensed, "Conceding": "a fate point plus an extra one for each consequence they
    took in the current conflict". Maren takes a hit from her sheet, then the conflict starts."""
    from test_gui_conflict import start_fight
    from test_gui_play import concede_now, offered, open_hit

    sheet = window.sheets.open_entity("pc-maren")
    dialog = open_hit(qtbot, sheet)
    dialog.shifts.setValue(2)
    _, options = offered(dialog)
    dialog.choose(next(o.description for o in options if o.consequences == (("mild", 1),) and not o.stress))
    qtbot.keyClicks(dialog.name_edits["mild"], "Twisted Ankle")
    click(qtbot, dialog.take_button)
    start_fight(window, qtbot, ["npc-bruiser"])
    sheet = window.sheets.open_entity("pc-maren")
    click(qtbot, sheet.play.concede_button)
    assert "gain 1 fate point" in sheet.play.dialog.text()  # the question says it before she concedes
    sheet.play.dialog.close()
    concede_now(qtbot, sheet)
    assert on_disk(window.document).scenes[0].play.conflict.concessions == {"pc-maren": 1}


def test_after_attack_and_apply_the_hit_the_attacker_has_no_second_action_this_turn(qtbot, window):
    """Fate Condensed, "Turn Order": "In an exchange, each involved character can take one
    overcome, create an advantage, or attack action"; the one who acted picks who goes next."""
    from test_gui_conflict import ok, start_fight

    panel = start_fight(window, qtbot, ["npc-bruiser"])
    click(qtbot, panel.attack_button)
    attack = panel.dialog
    attack.target.setCurrentIndex(attack.target.findText("Syndicate Dock Bruiser"))
    click(qtbot, attack.roll_button)
    name_card_boosts(qtbot, attack.thrown_cards())
    ok(attack)
    if attack.hit.shifts > 0 and panel.dialog is not attack:  # Apply the hit: the target absorbs it
        taking = panel.dialog
        click(qtbot, taking.take_button if taking.plan.options else taking.out_button)
    assert not panel.attack_button.isEnabled()
    assert panel.table.item(0, 2).text() == "Has acted, picks next"
    assert panel.attack() is None and "has taken this turn's action" in panel.status.text()
    panel.choose_next("Syndicate Dock Bruiser")
    click(qtbot, panel.end_turn_button)
    assert panel.attack_button.isEnabled() and "acting now: <b>Syndicate Dock Bruiser" in panel.header.text()


def test_cancel_undo_and_roll_again_leaves_the_first_dice_in_the_roll_log(qtbot, window):
    """A thrown roll is never taken out of the roll log: Edit ▸ Undo of "Set a roll aside" marks
    nothing away, and undoing an applied roll leaves its dice there, marked set aside."""
    from test_gui_play import roll_skill

    sheet = window.sheets.open_entity("pc-maren")
    sheet.play.dice = Dice(SEED)
    dialog = roll_skill(qtbot, sheet, "Drive")
    click(qtbot, dialog.panel.roll_button)
    first = dialog.panel.roll.faces()
    click(qtbot, dialog.buttons.button(dialog.buttons.StandardButton.Cancel))
    window.actions["undo"].trigger()
    dialog = roll_skill(qtbot, sheet, "Drive")
    click(qtbot, dialog.panel.roll_button)
    name_any_boost(qtbot, dialog.panel)
    if dialog.panel.advantage.isEnabled() and not dialog.panel.advantage.text():
        dialog.panel.advantage.setText("Cornered")
    click(qtbot, dialog.done_button)
    second = on_disk(window.document).sessions[-1].rolls
    assert f"[{first}]" in second[-2] and second[-2].startswith("Set aside")
    window.actions["undo"].trigger()  # the applied roll: undone, its dice stay, set aside
    rolls = on_disk(window.document).sessions[-1].rolls
    assert len(rolls) == len(second) and rolls[-1] == f"Undone, set aside — {second[-1]}"
    window.actions["redo"].trigger()
    assert on_disk(window.document).sessions[-1].rolls == second
    window.actions["toggle_dice"].trigger()  # the dice dock's roll log shows both throws
    log = window.table.dice_dock.log
    qtbot.waitUntil(lambda: log.count() == len(second))
    assert f"[{first}]" in log.item(1).text()


def test_fate_points_offer_only_reasons_that_fit_the_way_the_points_go(qtbot, window):
    """Fate Condensed, "Fate Points": an invoke, a refused compel or a proposed one costs a
    point; a hostile invoke, an accepted compel, a concession or refresh gives one."""
    sheet = window.sheets.open_entity("pc-maren")
    click(qtbot, sheet.play.points_button)
    dialog = sheet.play.dialog
    reasons = lambda: {dialog.reason.itemData(i) for i in range(dialog.reason.count())}  # noqa: E731
    assert reasons() == {"invoke", "compel refused", "compel proposed", "other"}
    assert dialog.ok_button.text() == "&Spend"
    click(qtbot, dialog.gain_choice)
    assert "invoke" not in reasons() and reasons() == {"hostile invoke", "compel accepted", "concession",
                                                       "refresh", "other"}
    points = on_disk(window.document).character("pc-maren").fate_points
    dialog.reason.setCurrentIndex(dialog.reason.findData("compel accepted"))
    click(qtbot, dialog.ok_button)
    assert on_disk(window.document).character("pc-maren").fate_points == points + 1
    from fate_desk.rules.creation.history import Refused
    from fate_desk.rules.play.fate_points import change_points

    with pytest.raises(Refused, match="never gives fate points"):
        change_points(window.document.campaign, "pc-maren", 1, "invoke")  # the core refuses it too


def test_one_typed_over_a_new_situation_aspects_free_invokes_stores_one(qtbot, window):
    """Numeric fields select their contents on focus: "1" typed into the free invokes of a new
    situation aspect is 1, never 10."""
    from PySide6.QtWidgets import QApplication

    editor = window.sheets.open_entity("sc-lock")
    table = editor.aspects
    click(qtbot, table.add_button)
    row = table.table.rowCount() - 1
    name = QApplication.focusWidget()  # the new aspect's name, open for typing
    qtbot.keyClicks(name, "Thick Harbour Fog")
    qtbot.keyClick(name, Qt.Key.Key_Tab)  # on to its free invokes, which hold 0
    spin = table.table.cellWidget(row, 1)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is spin and spin.lineEdit().selectedText() == "0")
    qtbot.keyClicks(spin, "1")
    scene = on_disk(window.document).scenes[0]
    assert (scene.aspects[row].text, scene.aspects[row].free_invokes) == ("Thick Harbour Fog", 1)
