"""A conflict run from the Table menu with seeded dice: sides and groups, turn order by the rule
set, attacks, a consequence, a concession with its fate points; every step one undo step."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from fate_desk.gui.app import start
from fate_desk.rules.play.dice import Dice
from fate_desk.rules.harm.absorb import resolve_hit

from table_helpers import on_disk, sample_document

SEED = 11


@pytest.fixture
def window(qtbot):
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    win.resize(1280, 800)  # a laptop's window (the test platform's screen is 800 wide: it opens narrower)
    win.encounters.dice = Dice(SEED)
    yield win
    win.close()


def ok(dialog) -> None:
    """Accept a dialog through its OK button, as a person would."""
    box = dialog.findChild(QDialogButtonBox)
    box.button(QDialogButtonBox.StandardButton.Ok).click()


def click(qtbot, button) -> None:
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def three_bruisers(window) -> list[str]:
    """Two copies of the sample's minor NPC (Edit > Duplicate), brought into the scene with Hale."""
    ids = ["npc-bruiser"]
    for _ in range(2):
        window.navigator.select("npc-bruiser")
        window.actions["duplicate"].trigger()
        ids.append(window.document.campaign.characters[-1].id)
    editor = window.sheets.open_entity("sc-lock")
    for entity_id in (*ids[1:], "npc-hale"):
        editor.present_item(entity_id).setCheckState(Qt.CheckState.Checked)
    return ids


def start_fight(window, qtbot, bruisers, first="pc-maren", npcs_at_best=False):
    window.actions["conflict_panel"].trigger()
    panel = window.encounters.conflict
    assert window.encounters.dock.isVisible()
    click(qtbot, panel.start_button)
    dialog = panel.dialog
    dialog.set_side("pc-ines", 0)  # Ines sits this one out
    for bruiser in bruisers:
        dialog.set_side(bruiser, 2, group=1)
    if dialog.first.isVisibleTo(dialog):
        dialog.first.setCurrentIndex(dialog.first.findData(first))
    dialog.npcs_at_best.setChecked(npcs_at_best)
    ok(dialog)
    return panel


def participants(window):
    return on_disk(window.document).scenes[0].play.conflict.participants


def test_a_conflict_in_elective_order_over_two_exchanges_with_a_consequence_and_a_concession(window, qtbot):
    document = window.document
    bruisers = three_bruisers(window)
    panel = start_fight(window, qtbot, bruisers)
    group = "Syndicate Dock Bruiser and two others"
    # The scene's hazard takes part in the turn order too.
    assert [p.name for p in participants(window)] == [
        "Maren Voss", "Tobias Crane", "Captain Ruarc Hale", group, "Rising Floodwater"]
    assert "Exchange 1" in panel.header.text() and "Maren Voss" in panel.header.text()

    # Maren attacks the group: both roll with the seeded dice, the group adds teamwork; after
    # the dice she invokes her own aspect for a fate point.
    click(qtbot, panel.attack_button)
    attack = panel.dialog
    attack.target.setCurrentIndex(attack.target.findText(group))
    attack.skill.setCurrentText("Drive")  # ramming them with the cart
    attack.defence.setCurrentText("Physique")
    click(qtbot, attack.roll_button)
    dice = Dice(SEED)
    a, d = dice.throw(), dice.throw()
    # Bruiser Physique +1; two helpers with Average (+1), capped at the leader's rating: +1.
    assert attack.attack_card.roll.effort == sum(a) + 4
    assert attack.defence_card.roll.effort == sum(d) + 1 + 1
    points = document.campaign.character("pc-maren").fate_points
    own = document.campaign.character("pc-maren").aspects[0].text
    assert attack.attack_card.invoke(own, reroll=False, free=False)
    assert not attack.attack_card.invoke(own, reroll=False, free=False)  # once per roll
    shifts = (sum(a) + 4 + 2) - (sum(d) + 2)
    assert attack.attack_card.roll.shifts == shifts
    steps = document.undo_stack.count()
    ok(attack)
    assert document.undo_stack.count() == steps + 1
    assert on_disk(document).character("pc-maren").fate_points == points - 1
    log = on_disk(document).scenes[0].play.conflict.log
    assert any(line.startswith("Maren Voss: Attack with Drive") for line in log)
    out = next(p for p in participants(window) if p.name == group).out_members
    assert (len(out) > 0) == (shifts >= 2)  # one box each: two shifts take a bruiser out

    # Elective order: the one who acted picks who goes next; who has acted cannot go again.
    panel.choose_next("Captain Ruarc Hale")
    click(qtbot, panel.end_turn_button)
    assert "Maren Voss" not in [panel.next_combo.itemText(i) for i in range(panel.next_combo.count())]
    # Hale hits Maren for 5: she marks stress and takes a mild consequence.
    panel.select("Maren Voss")
    click(qtbot, panel.hit_button)
    hit = panel.dialog  # the play issue's Take a hit dialog, for the conflict
    hit.shifts.setValue(5)
    hit.attacker.setCurrentIndex(hit.attacker.findData("npc-hale"))
    row = next(i for i, o in enumerate(hit.plan.options) if o.consequences)
    hit.options.setCurrentRow(row)
    next(iter(hit.name_edits.values())).setText("Bruised Ribs")
    click(qtbot, hit.take_button)
    maren = on_disk(document).character("pc-maren")
    taken = [c for c in maren.consequences if c.conflict]
    assert [c.text for c in taken] == ["Bruised Ribs"]
    assert (taken[0].inflicted_by, taken[0].free_invokes) == ("npc-hale", 1)  # Hale's free invoke on it
    for name in ("Tobias Crane", group, "Rising Floodwater"):
        panel.choose_next(name)
        click(qtbot, panel.end_turn_button)
    # The floodwater attacks Tobias: a hazard rolls its rating and always hits with its Weapon.
    click(qtbot, panel.attack_button)
    attack = panel.dialog
    assert [attack.target.itemText(i) for i in range(attack.target.count())] == ["Maren Voss", "Tobias Crane"]
    attack.target.setCurrentIndex(attack.target.findText("Tobias Crane"))
    click(qtbot, attack.roll_button)
    a, d = dice.throw(), dice.throw()
    hit = resolve_hit((sum(a) + 4) - (sum(d) + 0), weapon=2)  # Tobias: Mediocre (+0) Athletics
    assert attack.hit == hit
    ok(attack)
    if hit.shifts:
        taking = panel.dialog
        assert taking.shifts.value() == hit.shifts
        click(qtbot, taking.take_button if taking.plan.options else taking.out_button)
    # Everyone has acted: the last to act picks who starts exchange 2.
    panel.choose_next("Captain Ruarc Hale")
    click(qtbot, panel.end_turn_button)
    conflict = on_disk(document).scenes[0].play.conflict
    assert conflict.exchange == 2 and not any(p.acted for p in conflict.participants)
    assert "Exchange 2" in panel.header.text()

    # A hit nothing can absorb takes Hale out; he leaves the turn order.
    panel.select("Captain Ruarc Hale")
    click(qtbot, panel.hit_button)
    panel.dialog.shifts.setValue(40)
    click(qtbot, panel.dialog.out_button)
    hale = next(p for p in participants(window) if p.name == "Captain Ruarc Hale")
    assert hale.taken_out and "Taken out" in panel.table.item(2, 2).text()
    assert "Captain Ruarc Hale" not in [panel.next_combo.itemText(i) for i in range(panel.next_combo.count())]
    panel.select("Rising Floodwater")
    click(qtbot, panel.concede_button)
    assert "a hazard: it does not concede" in panel.status.text()

    # Maren concedes: 1 fate point plus 1 for the consequence she took in this conflict,
    # collected when the conflict ends (Fate Condensed, "Conceding"), not spendable during it.
    before = on_disk(document).character("pc-maren").fate_points
    panel.select("Maren Voss")
    click(qtbot, panel.concede_button)
    assert on_disk(document).character("pc-maren").fate_points == before
    assert on_disk(document).scenes[0].play.conflict.concessions == {"pc-maren": 2}
    document.undo_stack.undo()
    assert on_disk(document).scenes[0].play.conflict.concessions == {}
    document.undo_stack.redo()
    click(qtbot, panel.end_conflict_button)
    assert on_disk(document).character("pc-maren").fate_points == before + 2
    assert "Maren Voss conceded." in panel.summary
    assert "Maren Voss collects 2 fate points for conceding." in panel.summary
    assert "Maren Voss carries the consequence “Bruised Ribs”." in panel.summary
    assert on_disk(document).scenes[0].play.conflict.ended


@pytest.fixture
def core_window(qtbot, tmp_path):
    def to_core(campaign):
        campaign.ruleset = "fate-core"
        return campaign

    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    win.set_document(sample_document(tmp_path, to_core))
    win.encounters.dice = Dice(SEED)
    yield win
    win.close()


def test_fate_core_orders_turns_by_notice_with_athletics_breaking_ties(core_window, qtbot):
    bruisers = three_bruisers(core_window)
    panel = start_fight(core_window, qtbot, bruisers)
    # The Great (+4) floodwater first; Maren and Hale both have Good (+3) Notice: Maren's
    # Athletics breaks the tie.
    names = [p.name for p in participants(core_window)]
    assert names == ["Rising Floodwater", "Maren Voss", "Captain Ruarc Hale", "Tobias Crane",
                     "Syndicate Dock Bruiser and two others"]
    assert not panel.next_combo.isVisibleTo(panel)  # nobody picks: the order does
    click(qtbot, panel.end_turn_button)
    click(qtbot, panel.end_turn_button)
    assert "acting now: <b>Captain Ruarc Hale" in panel.header.text()


def test_the_gm_may_act_with_every_npc_at_the_best_npcs_place(core_window, qtbot):
    bruisers = three_bruisers(core_window)
    start_fight(core_window, qtbot, bruisers, npcs_at_best=True)
    names = [p.name for p in participants(core_window)]
    # The best of the GM's side is the floodwater: every NPC acts at its place, at the top.
    assert names == ["Rising Floodwater", "Captain Ruarc Hale", "Syndicate Dock Bruiser and two others",
                     "Maren Voss", "Tobias Crane"]


def bruiser_invokes_on_its_defence(window, qtbot):
    """Maren attacks the bruiser; after the dice the bruiser invokes its own aspect, paid."""
    panel = start_fight(window, qtbot, ["npc-bruiser"])
    click(qtbot, panel.attack_button)
    attack = panel.dialog
    attack.target.setCurrentIndex(attack.target.findText("Syndicate Dock Bruiser"))
    click(qtbot, attack.roll_button)
    card = attack.defence_card
    shifts = attack.attack_card.roll.shifts
    card.aspect.setCurrentIndex(next(i for i, o in enumerate(card.options) if o.label == "Paid to Look Mean"))
    card.free.setChecked(False)
    click(qtbot, card.invoke_button)
    return attack, card, shifts


def test_in_a_conflict_attack_the_defender_invokes_after_the_dice_and_the_gm_pool_pays(window, qtbot):
    document = window.document
    attack, card, shifts = bruiser_invokes_on_its_defence(window, qtbot)
    assert attack.attack_card.roll.shifts == shifts - 2  # the attack's result changes at once
    assert "Syndicate Dock Bruiser" in card.title() and card.roll.invokes[0].label == "Paid to Look Mean"
    pool = document.campaign.gm_fate_points
    ok(attack)
    assert on_disk(document).gm_fate_points == pool - 1
    document.undo_stack.undo()
    assert on_disk(document).gm_fate_points == pool


def test_a_defender_with_no_fate_points_is_refused_a_paid_invoke_on_its_card(window, qtbot):
    document = window.document
    document.edit_campaign(lambda c: c.model_copy(update={"gm_fate_points": 0}), "Empty the GM's pool")
    _, card, _ = bruiser_invokes_on_its_defence(window, qtbot)
    assert "no fate point left" in card.status.text() and not card.roll.invokes


def test_with_scale_the_higher_side_gets_plus_one_a_level_on_its_own_conflict_roll(window, qtbot):
    document = window.document
    document.edit_campaign(lambda c: c.model_copy(update={"options": c.options.model_copy(update={"scale": True})}),
                           "Use scale")
    document.edit("npc-bruiser", lambda c: c.model_copy(update={"scale": "Otherworldly"}), "Scale")
    panel = start_fight(window, qtbot, ["npc-bruiser"])
    click(qtbot, panel.attack_button)
    attack = panel.dialog
    attack.target.setCurrentIndex(attack.target.findText("Syndicate Dock Bruiser"))
    click(qtbot, attack.roll_button)
    # Maren is Mundane, the bruiser two levels above: only the defence gains, +1 a level.
    dice = Dice(SEED)
    a, d = dice.throw(), dice.throw()
    assert attack.attack_card.roll.effort == sum(a) + attack.attack_card.roll.setup.rating
    defender = attack.defence_card.roll.setup
    assert attack.defence_card.roll.effort == sum(d) + defender.rating + defender.teamwork + 2
