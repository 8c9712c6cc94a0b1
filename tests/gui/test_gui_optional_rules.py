"""The optional rules at the table, through the window's menus, buttons and dialogs: Table ▸
Optional rules turns them on (one undo step), and each acts where the GM meets it: full defense,
split attacks, harmful blocks, time shifts, two combined skill lists, lethal damage, the solo
bonus, minion armor and revealing a true form in the conflict panel and the roll; faster contests
and Fate Core's failed advantage in the contest panel. Each test quotes its passage (Fate Condensed,
"Optional Rules"; War of Ashes SRD, "Lethal Attacks"; Fate Core SRD, "Creating Advantages In A
Contest")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QInputDialog, QMessageBox

from fate_desk.gui.app import start
from fate_desk.model import CampaignOptions, Character, CharacterKind, RuleBreak
from fate_desk.rules.play.dice import Dice
from fate_desk.rules.prep.options import OPTIONAL_RULES, set_options

from table_helpers import apart_from_throws, assert_throws_kept, on_disk, sample_document
from test_gui_conflict import click, ok, window  # noqa: F401  (the window fixture)
from test_gui_play import name_any_boost, name_card_boosts

ALL_ON = dict(faster_contests=True, full_defense=True, time_shifts=True, split_attacks=True, block_harm=True,
              solo_bonus=True, minion_armor=True, true_form=True, lethal_damage=True)


class Fixed:
    """Dice that fall as told, then keep falling the last way."""

    def __init__(self, *throws):
        self.throws = list(throws)

    def throw(self):
        return self.throws.pop(0) if len(self.throws) > 1 else self.throws[0]


def turn_on(window, **options) -> None:
    campaign = window.document.campaign
    window.document.edit_campaign(lambda c: set_options(c, campaign.options.model_copy(update=options)), "Options")


def in_scene(window, *ids) -> None:
    editor = window.sheets.open_entity("sc-lock")
    for entity_id in ids:
        editor.present_item(entity_id).setCheckState(Qt.CheckState.Checked)


def fight(window, qtbot, sides: dict[str, int], first: str = "pc-maren"):
    """Start a conflict from the panel: `sides` maps characters to a side (0 out, 1 PCs, 2 opposition)."""
    window.actions["conflict_panel"].trigger()
    panel = window.encounters.conflict
    click(qtbot, panel.start_button)
    dialog = panel.dialog
    for row, entry in enumerate([*dialog.characters, *dialog.hazards]):
        dialog.side_boxes[row].setCurrentIndex(sides.get(entry.id, 0))
    dialog.first.setCurrentIndex(dialog.first.findData(first))
    ok(dialog)
    return panel


def conflict(window):
    return on_disk(window.document).scenes[0].play.conflict


def test_every_optional_rule_starts_off_and_the_dialog_turns_rules_on_as_one_undo_step(window, qtbot):
    """Issue 39: each optional rule is a campaign option, off by default, explained in the GM's words."""
    window.resize(1280, 800)
    start_options = window.document.campaign.options
    window.actions["optional_rules"].trigger()
    dialog = window.table.dialog
    assert dialog.size().width() <= 1280 and dialog.size().height() <= 800
    assert all(not dialog.checks[rule.field].isChecked() for rule in OPTIONAL_RULES)
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isVisible()
    dialog.checks["full_defense"].setChecked(True)
    dialog.checks["lethal_damage"].setChecked(True)
    steps = window.document.undo_stack.count()
    ok(dialog)
    options = on_disk(window.document).options
    assert options.full_defense and options.lethal_damage and not options.faster_contests
    assert window.document.undo_stack.count() == steps + 1
    window.document.undo_stack.undo()
    assert on_disk(window.document).options == start_options


def test_a_second_skill_list_may_not_share_the_rule_sets_skills(window, qtbot):
    window.actions["optional_rules"].trigger()
    dialog = window.table.dialog
    dialog.checks["combined_skills"].setChecked(True)
    dialog.list_choice.setCurrentIndex(dialog.list_choice.findData("__own__"))
    dialog.own_list.setText("Fight, Sneak")
    ok(dialog)
    assert dialog.isVisible() and "already on the rule set's skill list" in dialog.status.text()
    assert on_disk(window.document).options.combined_skills == []
    dialog.reject()


def test_full_defense_gives_plus_two_to_defend_and_a_boost_when_nothing_came(window, qtbot):
    """Fate Condensed, "Full Defense": "While on full defense you get a +2 to all defend rolls
    relevant to your declared focus. If nothing comes of it and you haven't rolled to defend at all by
    the time your next turn comes around, you gain a boost"."""
    turn_on(window, full_defense=True)
    start = window.document.campaign
    panel = fight(window, qtbot, {"pc-maren": 1, "pc-tobias": 1, "npc-bruiser": 2})
    assert panel.full_defense_button.isVisible()
    click(qtbot, panel.full_defense_button)
    asking = panel.dialog
    assert isinstance(asking, QInputDialog)
    asking.setTextValue("Tobias")
    asking.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    maren = next(p for p in conflict(window).participants if p.name == "Maren Voss")
    assert maren.full_defense == "Tobias"
    assert "on full defense" in panel.table.item(0, 2).text()
    assert not panel.full_defense_button.isEnabled()  # declared once, not twice
    for name in ("Tobias Crane", "Syndicate Dock Bruiser"):
        panel.choose_next(name)
        click(qtbot, panel.end_turn_button)
    # The bruiser attacks Maren: her defence shows full defense's +2.
    click(qtbot, panel.attack_button)
    attack = panel.dialog
    attack.target.setCurrentIndex(attack.target.findText("Maren Voss"))
    assert "full defense" in attack.rules_note.text()
    click(qtbot, attack.roll_button)
    assert [(s.name, s.bonus) for s in attack.defence_card.roll.setup.stunts] == [("Full defense", 2)]
    name_card_boosts(qtbot, [attack.attack_card, attack.defence_card])
    ok(attack)
    if panel.dialog is not attack and panel.dialog is not None and panel.dialog.isVisible():
        panel.dialog.reject()
    assert next(p for p in conflict(window).participants if p.name == "Maren Voss").defended
    panel.choose_next("Maren Voss")
    click(qtbot, panel.end_turn_button)
    # She had to defend: no boost, and her full defense is over.
    assert not any(a.boost and "Ready" in a.text for a in on_disk(window.document).scenes[0].aspects)
    assert next(p for p in conflict(window).participants if p.name == "Maren Voss").full_defense is None
    played = window.document.campaign
    while window.document.undo_stack.canUndo() and apart_from_throws(window.document.campaign) != apart_from_throws(start):
        window.document.undo_stack.undo()
    # Undo gives everything back but the dice thrown, which stay in the roll log marked set aside.
    assert apart_from_throws(on_disk(window.document)) == apart_from_throws(start)
    assert_throws_kept(played, window.document.campaign)


def test_a_split_attack_shares_the_effort_and_every_target_defends_its_share(window, qtbot):
    """Fate Condensed, "Ways to Handle Multiple Targets": "you can split that total up however you
    like among the targets, who each get to defend against the effort you assigned to them"."""
    turn_on(window, split_attacks=True)
    in_scene(window, "npc-hale")
    window.encounters.dice = Fixed((1, 1, 1, 0), (-1, -1, 0, 0), (-1, -1, -1, 0))
    panel = fight(window, qtbot, {"pc-maren": 1, "npc-hale": 2, "npc-bruiser": 2})
    click(qtbot, panel.split_button)
    split = panel.dialog
    click(qtbot, split.roll_button)  # one target only: an ordinary attack, not a split
    assert split.attack_card is None and "at least two targets" in split.result.text()
    for _p, check, _share in split.targets:
        check.setChecked(True)
    click(qtbot, split.roll_button)
    effort = split.attack_card.roll.effort  # Maren's Fight Average (+1) and +3 on the dice: Great (+4)
    assert effort == 4 and sum(share.value() for _p, share in split.chosen()) == 4
    shares = {p.name: share for p, share in split.chosen()}
    shares["Captain Ruarc Hale"].setValue(3)
    assert not split.defend_button.isEnabled() and "split the whole effort" in split.result.text()
    shares["Syndicate Dock Bruiser"].setValue(1)
    click(qtbot, split.defend_button)
    assert not split.defend_button.isEnabled()  # the defences are rolled once
    name_card_boosts(qtbot, split.thrown_cards())
    hits = dict(split.hits)
    ok(split)
    log = conflict(window).log
    assert any("split: Captain Ruarc Hale Good (+3), Syndicate Dock Bruiser Average (+1)" in line for line in log)
    hale = next(p for p in conflict(window).participants if p.name == "Captain Ruarc Hale")
    if hits[hale.id] > 0:  # Hale's hit opens his Take a hit
        assert panel.dialog.shifts.value() == hits[hale.id]
        panel.dialog.reject()


def test_a_missed_overcome_against_a_harmful_block_opens_take_a_hit_for_the_miss(window, qtbot):
    """Fate Condensed, "Blocks": "If it can cause harm and the PC fails to overcome the block, the PC
    takes a hit equal to the amount by which they missed the target." """
    turn_on(window, block_harm=True)
    window.document.edit("ob-gate", lambda b: b.model_copy(update={"weapon": 2, "rating": 3}), "Weapon")
    sheet = window.sheets.open_entity("pc-maren")
    sheet.play.dice = Fixed((-1, -1, 0, 0))
    sheet.play.roll("Athletics")
    roll = sheet.play.dialog
    panel = roll.panel
    panel.opponent.setCurrentIndex(panel.opponent.findData("block:ob-gate"))
    assert panel.difficulty.value() == 3  # the block's rating
    click(qtbot, panel.roll_button)
    assert panel.roll.shifts == -2  # Athletics Good (+3) and −2 on the dice against Good (+3)
    click(qtbot, roll.done_button)
    hit = roll.hit_dialog
    assert hit is not None and hit.shifts.value() == 2 and hit.character_id == "pc-maren"
    assert any("missed “Rusted Lock Gate” by 2 shifts" in line for line in on_disk(window.document).sessions[-1].events)
    hit.reject()


def test_time_shifts_say_in_the_roll_how_long_the_task_took(window, qtbot):
    """Fate Condensed, "Time Shifts": "Each shift is worth one quantity-step from wherever your
    starting point is"."""
    turn_on(window, time_shifts=True)
    sheet = window.sheets.open_entity("pc-maren")
    sheet.play.dice = Fixed((1, 1, 0, 0))
    sheet.play.roll("Athletics")
    roll = sheet.play.dialog
    panel = roll.panel
    panel.set_difficulty(3)
    assert panel.time_row.isVisibleTo(panel)
    panel.time_quantity.setCurrentIndex(2)  # a few
    panel.time_unit.setCurrentIndex(2)  # hours
    click(qtbot, panel.roll_button)
    assert panel.time_label.text() == ("Time shifts: a few hours at a simple success; 2 shifts faster, "
                                       "it takes half an hour.")
    click(qtbot, roll.done_button)
    assert on_disk(window.document).sessions[-1].rolls[-1].endswith("it takes half an hour.")


def test_two_combined_skill_lists_add_a_skill_from_each_to_the_roll(window, qtbot):
    """Fate Condensed, "Changing the Skill List": "You may want to have two lists, with players adding
    together one from each to make their roll"."""
    turn_on(window, combined_skills=["Careful", "Clever", "Flashy", "Forceful", "Quick", "Sneaky"])
    window.document.edit("pc-maren", lambda c: c.model_copy(update={"skills": {**c.skills, "Careful": 2}}), "Careful")
    sheet = window.sheets.open_entity("pc-maren")
    sheet.play.dice = Fixed((0, 0, 0, 0))
    sheet.play.roll("Athletics")
    panel = sheet.play.dialog.panel
    assert panel.second_skill.isVisibleTo(panel)
    panel.second_skill.setCurrentIndex(panel.second_skill.findData("Careful"))
    click(qtbot, panel.roll_button)
    assert panel.roll.effort == 3 + 2
    name_any_boost(qtbot, panel)
    click(qtbot, sheet.play.dialog.done_button)
    assert "Overcome with Athletics + Careful Superb (+5)" in on_disk(window.document).sessions[-1].rolls[-1]


def _boss(window, *breaks: str, form: str | None = None) -> None:
    window.document.edit("monster-lockthing", lambda c: c.model_copy(update={
        "rule_breaks": [RuleBreak(kind=k, form=form if k == "true_form" else None) for k in breaks]}), "Rule breaks")


def test_a_lethal_attack_takes_a_minion_without_consequences_out(window, qtbot):
    """War of Ashes SRD, "Lethal Attacks": "lethal attacks go straight to the defender's consequences,
    bypassing their stress track entirely ... in the case of mere minions, who don't have consequences
    to begin with, instant defeat." """
    turn_on(window, lethal_damage=True)
    window.encounters.dice = Fixed((1, 1, 0, 0), (-1, 0, 0, 0))
    panel = fight(window, qtbot, {"pc-maren": 1, "npc-bruiser": 2})
    click(qtbot, panel.attack_button)
    attack = panel.dialog
    attack.target.setCurrentIndex(attack.target.findText("Syndicate Dock Bruiser"))
    attack.lethal.setChecked(True)
    click(qtbot, attack.roll_button)
    assert attack.hit.shifts > 0
    name_card_boosts(qtbot, [attack.attack_card, attack.defence_card])
    ok(attack)
    hit = panel.dialog
    assert hit.lethal.isChecked() and not any(o.stress for o in (hit.plan.options if hit.plan else []))
    assert hit.plan.taken_out and not hit.take_button.isEnabled()
    click(qtbot, hit.out_button)
    assert next(p for p in conflict(window).participants if p.name == "Syndicate Dock Bruiser").taken_out


def test_a_lone_big_bad_rolls_with_its_solo_bonus(window, qtbot):
    """Fate Condensed, "Solo Bonus": "the number of PCs acting against the big bad minus one"."""
    turn_on(window, solo_bonus=True)
    _boss(window, "solo_bonus")
    in_scene(window, "monster-lockthing")
    panel = fight(window, qtbot, {"pc-maren": 1, "pc-tobias": 1, "pc-ines": 1, "monster-lockthing": 2})
    click(qtbot, panel.attack_button)
    attack = panel.dialog
    attack.target.setCurrentIndex(attack.target.findText("The Thing Under the Lock"))
    click(qtbot, attack.roll_button)
    assert [(s.name, s.bonus) for s in attack.defence_card.roll.setup.stunts] == [("Solo bonus (+2)", 2)]
    attack.reject()


def test_a_big_bad_forces_a_minion_into_the_attacks_path(window, qtbot):
    """Fate Condensed, "Expendable Minion Armor": "a big bad may always succeed at a cost on its defend
    rolls against attacks by forcing a minion into the path of the attack. That minion doesn't roll to
    defend, they just take the hit". """
    turn_on(window, minion_armor=True)
    _boss(window, "minion_armor")
    in_scene(window, "monster-lockthing")
    window.encounters.dice = Fixed((1, 1, 1, 1), (-1, -1, 0, 0))
    panel = fight(window, qtbot, {"pc-maren": 1, "monster-lockthing": 2, "npc-bruiser": 2})
    click(qtbot, panel.attack_button)
    attack = panel.dialog
    attack.target.setCurrentIndex(attack.target.findText("The Thing Under the Lock"))
    assert attack.hit_to.count() == 2 and attack.hit_to.isVisibleTo(attack)
    click(qtbot, attack.roll_button)
    attack.hit_to.setCurrentIndex(1)  # the bruiser takes it
    assert "takes it instead" in attack.result.text()
    name_card_boosts(qtbot, [attack.attack_card, attack.defence_card])
    ok(attack)
    if panel.dialog is not attack and panel.dialog.isVisible():  # the bruiser's own Take a hit
        assert panel.dialog.character_id == "npc-bruiser"
        click(qtbot, panel.dialog.out_button if panel.dialog.plan.taken_out else panel.dialog.take_button)
    assert any("Syndicate Dock Bruiser is forced into the attack's path" in line for line in conflict(window).log)
    assert on_disk(window.document).character("monster-lockthing").stress == {}


def test_a_big_bad_taken_out_reveals_its_true_form(window, qtbot):
    """Fate Condensed, "Reveal True Form": "your big bad isn't just one character, it's at least two
    characters which must be beaten sequentially"."""
    turn_on(window, true_form=True)
    form = Character(id="monster-form", name="The Lock's True Shape", kind=CharacterKind.MONSTER, skills={"Fight": 5})
    window.document.edit_campaign(lambda c: c.model_copy(update={"characters": [*c.characters, form]}), "Form")
    _boss(window, "true_form", form="monster-form")
    in_scene(window, "monster-lockthing")
    panel = fight(window, qtbot, {"pc-maren": 1, "monster-lockthing": 2})
    panel.select("The Thing Under the Lock")
    assert panel.true_form_button.isVisible() and not panel.true_form_button.isEnabled()  # not taken out yet
    click(qtbot, panel.hit_button)
    panel.dialog.shifts.setValue(40)
    click(qtbot, panel.dialog.out_button)
    panel.select("The Thing Under the Lock")
    click(qtbot, panel.true_form_button)
    box = panel.dialog
    assert isinstance(box, QMessageBox) and box.checkBox().isChecked()
    next(b for b in box.buttons() if b.text() == "Reveal").click()
    p = next(p for p in conflict(window).participants if p.members == ["monster-form"])
    assert p.active and p.name == "The Lock's True Shape"
    panel.select("The Lock's True Shape")
    assert not panel.true_form_button.isEnabled()  # revealed once; the true form has none of its own


def test_faster_contests_let_each_participant_do_one_thing_an_exchange(window, qtbot):
    """Fate Condensed, "Faster Contests": "each participant may choose only one of these three
    options"."""
    turn_on(window, faster_contests=True)
    in_scene(window, "npc-hale")
    window.encounters.dice = Dice(35)
    window.actions["contest_panel"].trigger()
    panel = window.encounters.contest
    click(qtbot, panel.start_button)
    ok(panel.dialog)
    click(qtbot, panel.advantage_button)
    advantage = panel.dialog
    advantage.who.setCurrentIndex(advantage.who.findData("pc-maren"))
    advantage.aspect.setText("Cutting through the Fish Market")
    click(qtbot, advantage.roll_button)
    name_card_boosts(qtbot, [advantage.card])
    ok(advantage)
    click(qtbot, panel.advantage_button)
    again = panel.dialog
    again.who.setCurrentIndex(again.who.findData("pc-maren"))
    assert not again.roll_button.isEnabled() and "already created an advantage" in again.faster.text()
    again.reject()


@pytest.fixture
def core_window(qtbot, tmp_path):
    def to_core(campaign):
        campaign.ruleset = "fate-core"
        return campaign

    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    win.set_document(sample_document(tmp_path, to_core))
    yield win
    win.close()


def test_core_offers_only_to_forfeit_the_contest_roll_for_a_failed_advantage(core_window, qtbot):
    """Fate Core SRD, "Creating Advantages In A Contest": "failing to create an advantage means you
    forfeit your contest roll"."""
    core_window.actions["contest_panel"].trigger()
    panel = core_window.encounters.contest
    click(qtbot, panel.start_button)
    ok(panel.dialog)
    click(qtbot, panel.advantage_button)
    advantage = panel.dialog
    assert [advantage.on_failure.itemData(i) for i in range(advantage.on_failure.count())] == ["forfeit"]
    # A roll that cannot reach the difficulty says the roll is forfeit, not Condensed's choice.
    advantage.against.setValue(12)
    click(qtbot, advantage.roll_button)
    assert advantage.card.roll.meaning() == "No aspect: the side forfeits this exchange's roll."
    advantage.aspect.setText("Shortcut")
    ok(advantage)
    campaign = on_disk(core_window.document)
    assert "No aspect: the side forfeits this exchange's roll." in campaign.sessions[-1].rolls[-1]
    assert campaign.scenes[0].play.contest.forfeits  # and the side's roll is forfeit


def test_the_monster_editor_names_the_big_bad_rule_breaks_as_the_book_does_and_picks_a_true_form(window, qtbot):
    """Fate Condensed, "Challenge or Contest Immunity": "your big bad cannot be affected directly
    (mentally, physically, or both) until the group beats a challenge"; "Reveal True Form": a second
    character, beaten in turn."""
    editor = window.sheets.open_entity("monster-lockthing")
    immunity, detail = editor.named["immunity"]
    assert immunity.text() == "Challenge or contest immunity"
    assert "until the group beats a challenge" in detail.placeholderText()
    assert "true form" in editor.named["true_form"][0].text().lower()
    assert not editor.form_combo.isEnabled()
    editor.named["true_form"][0].setChecked(True)
    assert editor.form_combo.isEnabled()
    index = editor.form_combo.findData("npc-hale")
    editor.form_combo.setCurrentIndex(index)
    editor.form_combo.activated.emit(index)
    breaks = on_disk(window.document).character("monster-lockthing").rule_breaks
    assert [(b.kind, b.form) for b in breaks if b.kind == "true_form"] == [("true_form", "npc-hale")]
