"""Playing a whole exchange from the sheet, through its buttons, with seeded dice."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox

from fate_desk.gui.play.hit_dialog import TakeHitDialog
from fate_desk.gui.play.roll_dialog import RollDialog
from fate_desk.gui.sheet import CharacterSheet
from fate_desk.rules.play.roll import Dice

from table_helpers import apart_from_throws, assert_throws_kept, in_a_conflict, on_disk, sample_document

SEED = 11
DISTRIBUTION = [1, 4, 10, 16, 19, 16, 10, 4, 1]  # 4dF totals -4..+4, out of 81


def lit_scene(campaign):
    """The sample's scene, its situation aspect holding one free invoke."""
    campaign.scenes[0].aspects[0].free_invokes = 1
    return campaign


def core_rules(campaign):
    campaign.ruleset = "fate-core"
    for c in campaign.characters:
        c.ruleset = "fate-core"
    return campaign


def open_sheet(qtbot, document, character_id):
    sheet = CharacterSheet(document, character_id)
    sheet.play.dice = Dice(SEED)
    qtbot.addWidget(sheet)
    sheet.resize(1100, 900)
    sheet.show()
    return sheet


@pytest.fixture
def ines(qtbot, tmp_path):
    document = sample_document(tmp_path, lambda c: in_a_conflict("pc-ines")(lit_scene(c)))
    yield document, open_sheet(qtbot, document, "pc-ines")
    document.close()


def roll_skill(qtbot, sheet, skill) -> RollDialog:
    """Pick the skill in the pyramid and press Enter on it, as a player does."""
    pyramid = sheet.skills.pyramid
    pyramid.setFocus()
    pyramid.select(skill)
    QTest.keyClick(pyramid, Qt.Key.Key_Return)
    dialog = sheet.play.dialog
    assert isinstance(dialog, RollDialog) and dialog.isVisible()
    return dialog


def click(qtbot, widget):
    qtbot.waitUntil(widget.isVisible)  # widgets added to a shown layout appear on the next event loop turn
    assert widget.isEnabled(), widget
    # a check box takes clicks on its box and label only, not across its whole width
    at = QPoint(8, widget.height() // 2) if isinstance(widget, QCheckBox) else QPoint()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=at if not at.isNull() else widget.rect().center())


def name_any_boost(qtbot, panel, name="A Moment's Edge"):
    """The roll gave a boost: the player names it, as the dialog asks."""
    if panel.roll is not None and panel.boost.isEnabled() and not panel.boost.text():
        qtbot.keyClicks(panel.boost, name)
    name_card_boosts(qtbot, [panel.defence_card])


def name_card_boosts(qtbot, cards, name="Caught Off Guard"):
    """Rolls on cards that gave a boost: the player names each, as the dialog asks."""
    for card in cards:
        if card is not None and card.missing_boost():
            qtbot.keyClicks(card.boost, name)


def chances(modifier: int, against: int) -> list[Fraction]:
    """Fail, tie, succeed, style: counted from the distribution, not from the code."""
    counts = [0, 0, 0, 0]
    for dice, ways in zip(range(-4, 5), DISTRIBUTION):
        shifts = dice + modifier - against
        counts[0 if shifts < 0 else 1 if shifts == 0 else 2 if shifts < 3 else 3] += ways
    return [Fraction(n, 81) for n in counts]


def test_fight_against_good_free_then_paid_invoke_after_the_roll_and_no_second_paid_invoke(ines, qtbot):
    document, sheet = ines
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    assert panel.rating.value() == 4
    panel.action.setCurrentIndex(panel.action.findText("Attack"))
    panel.difficulty.setValue(3)
    click(qtbot, panel.roll_button)
    dice = Dice(SEED).throw()
    assert panel.roll.dice == dice and panel.roll.effort == sum(dice) + 4
    panel.select_aspect("Pitch Dark and Pouring Rain")
    assert panel.free.isChecked()  # one free invoke on it
    click(qtbot, panel.plus_two)
    panel.select_aspect("Built Like a Mooring Post")
    assert not panel.free.isEnabled()  # no free invoke: this one costs a fate point
    click(qtbot, panel.plus_two)
    assert panel.roll.effort == sum(dice) + 4 + 2 + 2
    click(qtbot, panel.plus_two)  # the same aspect again, paid
    assert "already been invoked" in panel.status.text()
    assert panel.roll.effort == sum(dice) + 4 + 4 and panel.invoked.count() == 2
    before = on_disk(document)
    click(qtbot, dialog.done_button)
    after = on_disk(document)
    assert after.character("pc-ines").fate_points == before.character("pc-ines").fate_points - 1
    assert after.scenes[0].aspects[0].free_invokes == 0
    assert after.sessions[-1].rolls[-1].startswith("Ines Okafor: Attack with Fight Great (+4)")
    document.undo_stack.undo()
    # Everything back, save the roll log: the dice stay in it, marked set aside.
    assert apart_from_throws(on_disk(document)) == apart_from_throws(before)
    assert on_disk(document).sessions[-1].rolls[-1] == f"Undone, set aside — {after.sessions[-1].rolls[-1]}"


def fate_points(character_id: str, points: int):
    def edit(campaign):
        campaign.character(character_id).fate_points = points
        return campaign
    return edit


def test_a_paid_invoke_at_zero_fate_points_is_refused_with_a_clear_line(qtbot, tmp_path):
    document = sample_document(tmp_path, fate_points("pc-ines", 0))
    sheet = open_sheet(qtbot, document, "pc-ines")
    dialog = roll_skill(qtbot, sheet, "Fight")
    click(qtbot, dialog.panel.roll_button)
    dialog.panel.select_aspect("Built Like a Mooring Post")
    click(qtbot, dialog.panel.plus_two)
    assert "has no fate point left" in dialog.panel.status.text()
    assert dialog.panel.invoked.count() == 0
    document.close()


def test_the_odds_shown_are_the_exact_4df_chances_and_follow_stunts(ines, qtbot):
    _, sheet = ines
    dialog = roll_skill(qtbot, sheet, "Athletics")  # Fair (+2)
    panel = dialog.panel
    panel.difficulty.setValue(3)  # Good (+3)
    expected = chances(2, 3)
    assert sum(expected[1:]) == Fraction(31, 81)  # a tie or better needs +1 on the dice
    for chance in expected:
        assert f"{chance.numerator * 81 // chance.denominator}/81" in panel.odds_label.text()
    panel.select_skill("Fight")
    panel.action.setCurrentIndex(panel.action.findText("Defend"))  # Ring-Wise: +2 to Fight to defend
    stunt = panel.stunt_checks[0]
    assert "Ring-Wise" in stunt.accessibleName()
    click(qtbot, stunt)
    text = panel.odds_label.text()
    assert all(f"{c.numerator * 81 // c.denominator}/81" in text for c in chances(4 + 2, 3))


def offered(dialog: TakeHitDialog):
    """The ways offered, as (stress boxes marked, consequence slots taken)."""
    options = [dialog.options.item(i).data(Qt.ItemDataRole.UserRole) for i in range(dialog.options.count())]
    return {(len(o.stress), tuple(sorted(s for s, _ in o.consequences))) for o in options}, options


def book_ways(boxes: int, hit: int):
    """Any number of one-shift boxes plus any set of mild (2), moderate (4), severe (6): exact sums."""
    slots = {"mild": 2, "moderate": 4, "severe": 6}
    ways = set()
    for n in range(len(slots) + 1):
        for combo in itertools.combinations(sorted(slots), n):
            need = hit - sum(slots[s] for s in combo)
            if 0 <= need <= boxes:
                ways.add((need, tuple(sorted(combo))))
    return ways


def open_hit(qtbot, sheet) -> TakeHitDialog:
    click(qtbot, sheet.play.hit_button)
    dialog = sheet.play.dialog
    assert isinstance(dialog, TakeHitDialog)
    return dialog


def test_a_five_shift_hit_on_a_condensed_pc_offers_the_books_combinations(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")  # Physique Fair (+2): four boxes, no harm yet
    dialog = open_hit(qtbot, sheet)
    dialog.shifts.setValue(5)
    ways, _ = offered(dialog)
    assert ways == book_ways(4, 5) == {(1, ("moderate",)), (3, ("mild",))}
    document.close()


def test_a_core_pc_marks_only_one_stress_box_per_hit(qtbot, tmp_path):
    document = sample_document(tmp_path, core_rules)
    sheet = open_sheet(qtbot, document, "pc-maren")  # Core, Physique Fair: boxes 1, 2, 3
    dialog = open_hit(qtbot, sheet)
    dialog.shifts.setValue(5)
    ways, options = offered(dialog)
    assert options and all(len(o.stress) <= 1 for o in options)
    assert ways == {(1, ("moderate",)), (1, ("mild",))}  # box 1 + moderate, box 3 + mild
    document.close()


def test_a_moderate_consequence_gives_the_attacker_one_free_invoke(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")
    dialog = open_hit(qtbot, sheet)
    dialog.shifts.setValue(5)
    dialog.attacker.setCurrentIndex(dialog.attacker.findData("npc-bruiser"))
    _, options = offered(dialog)
    dialog.choose(next(o.description for o in options if ("moderate", 1) in o.consequences))
    qtbot.keyClicks(dialog.name_edits["moderate"], "Cracked Ribs")
    click(qtbot, dialog.take_button)
    maren = on_disk(document).character("pc-maren")
    assert [(c.slot, c.text, c.free_invokes, c.inflicted_by) for c in maren.consequences] == [
        ("moderate", "Cracked Ribs", 1, "npc-bruiser")]
    assert maren.stress == {"physical": [0]}
    assert sheet.consequences.field("moderate").text() == "Cracked Ribs"
    assert sheet.consequences.field("moderate").isReadOnly()  # the sheet never writes harm
    document.close()


def test_clicking_a_stress_box_opens_take_a_hit_and_writes_nothing(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")
    before = on_disk(document)
    click(qtbot, sheet.stress.boxes("mental")[1])
    assert isinstance(sheet.play.dialog, TakeHitDialog)
    assert sheet.play.dialog.track.currentData() == "mental"
    assert not sheet.stress.boxes("mental")[1].isChecked()
    assert on_disk(document) == before
    document.close()


def concede_now(qtbot, sheet):
    click(qtbot, sheet.play.concede_button)
    box = sheet.play.dialog
    button = next(b for b in box.buttons() if b.text() == "Concede")
    click(qtbot, button)


def test_conceding_gives_one_point_plus_one_per_consequence_taken_in_the_conflict(qtbot, tmp_path):
    document = sample_document(tmp_path, in_a_conflict("pc-maren"))
    sheet = open_sheet(qtbot, document, "pc-maren")
    for shifts, slot in ((2, "mild"), (4, "moderate")):
        dialog = open_hit(qtbot, sheet)
        dialog.shifts.setValue(shifts)
        _, options = offered(dialog)
        dialog.choose(next(o.description for o in options if o.consequences == ((slot, 1),) and not o.stress))
        qtbot.keyClicks(dialog.name_edits[slot], f"Hurt {slot}")
        click(qtbot, dialog.take_button)
    concede_now(qtbot, sheet)
    # Owed, not paid: the points are collected when the conflict ends (Fate Condensed, "Conceding").
    campaign = on_disk(document)
    assert campaign.character("pc-maren").fate_points == 3
    assert campaign.scenes[0].play.conflict.concessions == {"pc-maren": 1 + 2}
    from fate_desk.rules.encounters.conflict import end_conflict

    document.edit_campaign(lambda c: end_conflict(c, c.scenes[0].id)[0], "End the conflict")
    campaign = on_disk(document)
    assert campaign.character("pc-maren").fate_points == 3 + 1 + 2
    assert campaign.sessions[-1].fate_points[-1].reason == "concession"
    document.close()


def test_an_attack_hands_its_shifts_to_the_defenders_take_a_hit(ines, qtbot):
    document, sheet = ines
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    panel.action.setCurrentIndex(panel.action.findText("Attack"))
    panel.opponent.setCurrentIndex(panel.opponent.findData("npc-hale"))
    panel.opponent_skill.setCurrentIndex(panel.opponent_skill.findData("Physique"))
    click(qtbot, panel.roll_button)
    while panel.roll.shifts < 1:  # invoke until the attack lands
        panel.select_aspect(next(panel.aspect.itemData(i).label for i in range(panel.aspect.count())
                                 if not any(panel.aspect.itemData(i).key == inv.key for inv in panel.roll.invokes)))
        click(qtbot, panel.plus_two)
    shifts = panel.roll.shifts
    click(qtbot, dialog.done_button)
    hit = dialog.hit_dialog
    assert isinstance(hit, TakeHitDialog) and hit.character_id == "npc-hale"
    assert hit.shifts.value() == shifts and hit.attacker.currentData() == "pc-ines"


def test_a_compel_accepted_gains_refused_pays_and_at_zero_must_be_accepted(qtbot, tmp_path):
    document = sample_document(tmp_path, fate_points("pc-maren", 1))
    sheet = open_sheet(qtbot, document, "pc-maren")
    click(qtbot, sheet.play.compel_button)
    click(qtbot, sheet.play.dialog.refuse_button)
    assert on_disk(document).character("pc-maren").fate_points == 0
    click(qtbot, sheet.play.compel_button)
    dialog = sheet.play.dialog
    click(qtbot, dialog.refuse_button)
    assert "must be accepted" in dialog.status.text() and dialog.isVisible()
    click(qtbot, dialog.accept_button)
    assert on_disk(document).character("pc-maren").fate_points == 1
    reasons = [e.reason for e in on_disk(document).sessions[-1].fate_points]
    assert reasons == ["compel refused", "compel accepted"]
    document.close()


def test_the_whole_exchange_undoes_step_by_step_back_to_the_start(ines, qtbot):
    document, sheet = ines
    states = [on_disk(document)]
    dialog = roll_skill(qtbot, sheet, "Fight")
    click(qtbot, dialog.panel.roll_button)
    dialog.panel.select_aspect("Pitch Dark and Pouring Rain")
    click(qtbot, dialog.panel.plus_two)
    dialog.panel.select_aspect("Built Like a Mooring Post")
    click(qtbot, dialog.panel.plus_two)
    name_any_boost(qtbot, dialog.panel)
    click(qtbot, dialog.done_button)
    states.append(on_disk(document))
    hit = open_hit(qtbot, sheet)
    hit.shifts.setValue(4)
    hit.attacker.setCurrentIndex(hit.attacker.findData("npc-bruiser"))
    _, options = offered(hit)
    hit.choose(next(o.description for o in options if o.consequences == (("moderate", 1),)))
    qtbot.keyClicks(hit.name_edits["moderate"], "Wrenched Shoulder")
    click(qtbot, hit.take_button)
    states.append(on_disk(document))
    concede_now(qtbot, sheet)
    states.append(on_disk(document))
    assert len({s.model_dump_json() for s in states}) == 4  # every step changed something
    for state in reversed(states[:-1]):
        document.undo_stack.undo()
        assert apart_from_throws(on_disk(document)) == apart_from_throws(state)
    assert_throws_kept(states[-1], on_disk(document))  # the roll's dice stay in the log
    assert sheet.fate_points_value.text() == str(states[0].character("pc-ines").fate_points)


def with_options(**options):
    def edit(campaign):
        campaign.options = campaign.options.model_copy(update=options)
        return campaign
    return edit


def test_an_extreme_consequence_replaces_an_aspect_but_never_the_high_concept_once(qtbot, tmp_path):
    document = sample_document(tmp_path, with_options(extreme_consequences=True))
    sheet = open_sheet(qtbot, document, "pc-maren")
    dialog = open_hit(qtbot, sheet)
    dialog.shifts.setValue(8)
    _, options = offered(dialog)
    dialog.choose(next(o.description for o in options if o.consequences == (("extreme", 1),)))
    replaceable = [dialog.extreme_aspect.itemText(i) for i in range(dialog.extreme_aspect.count())]
    assert "Harbour Pilot Who Knows Every Shoal" not in replaceable  # the high concept stays
    dialog.extreme_aspect.setCurrentIndex(replaceable.index("Salt in My Veins"))
    qtbot.keyClicks(dialog.name_edits["extreme"], "Drowned Once, Not Quite Dead")
    click(qtbot, dialog.take_button)
    maren = on_disk(document).character("pc-maren")
    assert maren.aspects[3].text == "Drowned Once, Not Quite Dead" and maren.aspects[3].extreme
    again = open_hit(qtbot, sheet)
    again.shifts.setValue(8)
    _, options = offered(again)
    assert not any(("extreme", 1) in o.consequences for o in options)  # once between breakthroughs
    document.close()


def test_weapon_and_armor_change_the_hit_when_the_campaign_uses_them(qtbot, tmp_path):
    document = sample_document(tmp_path, with_options(weapon_armor=True))
    sheet = open_sheet(qtbot, document, "pc-maren")
    dialog = open_hit(qtbot, sheet)
    dialog.shifts.setValue(3)
    dialog.weapon.setValue(2)
    assert "= 5 shifts" in dialog.hit_label.text()
    dialog.weapon.setValue(0)
    dialog.armor.setValue(4)
    assert "boost" in dialog.hit_label.text() and dialog.options.count() == 0
    document.close()


def test_a_hostile_invoke_shows_on_the_targets_sheet_as_points_for_after_the_scene(ines, qtbot):
    document, sheet = ines
    dialog = roll_skill(qtbot, sheet, "Provoke")
    click(qtbot, dialog.panel.roll_button)
    dialog.panel.select_aspect("Salt in My Veins")  # Maren's aspect, invoked against her
    click(qtbot, dialog.panel.plus_two)
    name_any_boost(qtbot, dialog.panel)
    click(qtbot, dialog.done_button)
    maren = on_disk(document).character("pc-maren")
    assert maren.fate_points == 3 and maren.pending_fate_points == 1
    other = open_sheet(qtbot, document, "pc-maren")
    assert "+1 fate point after this scene" in other.play.pending.text()


def test_fate_points_spent_with_a_reason_land_in_the_ledger_and_the_history(ines, qtbot):
    document, sheet = ines
    click(qtbot, sheet.play.points_button)
    dialog = sheet.play.dialog
    click(qtbot, dialog.gain_choice)
    dialog.reason.setCurrentIndex(dialog.reason.findData("refresh"))
    click(qtbot, dialog.ok_button)
    saved = on_disk(document)
    entry = saved.sessions[-1].fate_points[-1]
    assert (entry.who, entry.change, entry.reason) == ("pc-ines", 1, "refresh")
    assert saved.character("pc-ines").advancement[-1].summary == "+1 fate point (refresh)."
    assert "Ines Okafor: +1 fate point (refresh)." in saved.sessions[-1].events


def test_scale_gives_the_higher_side_one_benefit_per_level_in_the_odds_and_the_roll(qtbot, tmp_path):
    def otherworldly(campaign):
        campaign.options = campaign.options.model_copy(update={"scale": True})
        campaign.character("monster-lockthing").scale = "Otherworldly"
        return campaign

    document = sample_document(tmp_path, otherworldly)
    sheet = open_sheet(qtbot, document, "monster-lockthing")
    dialog = roll_skill(qtbot, sheet, "Fight")  # Great (+4), two levels above Mundane Ines
    panel = dialog.panel
    panel.action.setCurrentIndex(panel.action.findText("Attack"))
    panel.opponent.setCurrentIndex(panel.opponent.findData("pc-ines"))
    assert panel.scale_label.text() == "2 levels above"
    assert panel.setup().modifier == 4 + 2  # +1 per level before the roll
    panel.scale_use.setCurrentIndex(panel.scale_use.findData("after_success"))
    assert panel.setup().modifier == 4
    click(qtbot, panel.roll_button)
    roll = panel.roll
    assert roll.scale_after == (4 if roll.effort_before_scale > roll.setup.against else 0)
    document.close()


def test_an_advantage_must_be_named_before_the_roll_is_applied(ines, qtbot):
    document, sheet = ines
    dialog = roll_skill(qtbot, sheet, "Notice")
    panel = dialog.panel
    panel.action.setCurrentIndex(panel.action.findText("Create an advantage"))
    panel.difficulty.setValue(-4)  # Notice Fair (+2) against -4: even four minuses succeed
    click(qtbot, panel.roll_button)
    assert panel.roll.free_invokes_created >= 1
    before = on_disk(document)
    click(qtbot, dialog.done_button)
    assert "Name the advantage" in panel.status.text() and on_disk(document) == before
    qtbot.keyClicks(panel.advantage, "Weak Spot in the Gate")
    panel.advantage_on.setCurrentIndex(panel.advantage_on.findData("npc-hale"))
    click(qtbot, dialog.done_button)
    made = on_disk(document).scenes[0].aspects[-1]
    assert (made.text, made.on, made.free_invokes) == ("Weak Spot in the Gate", "npc-hale",
                                                        panel.roll.free_invokes_created)


def test_enter_on_a_skill_in_the_list_and_a_double_click_in_the_pyramid_roll_it(ines, qtbot):
    _, sheet = ines
    sheet.skills.tabs.setCurrentIndex(1)
    table = sheet.skills.table
    table.setFocus()
    sheet.skills.focus_skill("Provoke")
    QTest.keyClick(table, Qt.Key.Key_Return)
    dialog = sheet.play.dialog
    assert isinstance(dialog, RollDialog) and dialog.panel.skill.currentData() == "Provoke"
    dialog.reject()
    sheet.skills.tabs.setCurrentIndex(0)
    pyramid = sheet.skills.pyramid
    qtbot.waitUntil(pyramid.isVisible)
    QTest.mouseDClick(pyramid, Qt.MouseButton.LeftButton, pos=pyramid.chip_rect("Athletics").center())
    assert sheet.play.dialog is not dialog and sheet.play.dialog.panel.skill.currentData() == "Athletics"


def test_the_extra_mild_slot_takes_only_its_own_kind_of_harm(qtbot, tmp_path):
    def superb_physique(campaign):
        campaign.character("pc-maren").skills["Physique"] = 5
        return campaign

    document = sample_document(tmp_path, superb_physique)
    sheet = open_sheet(qtbot, document, "pc-maren")
    dialog = open_hit(qtbot, sheet)
    dialog.shifts.setValue(2)
    dialog.track.setCurrentIndex(dialog.track.findData("mental"))
    _, options = offered(dialog)
    assert not any(slot == "mild_physical" for o in options for slot, _ in o.consequences)
    dialog.track.setCurrentIndex(dialog.track.findData("physical"))
    _, options = offered(dialog)
    assert any(o.consequences == (("mild_physical", 1),) for o in options)
    document.close()


def test_the_roll_dialog_fits_a_small_screen(ines, qtbot):
    _, sheet = ines
    dialog = roll_skill(qtbot, sheet, "Fight")
    assert dialog.height() <= dialog.screen().availableGeometry().height()


def test_any_aspect_affecting_the_character_may_be_compelled_and_a_proposing_player_pays(qtbot, tmp_path):
    """Fate Condensed, "Compels": any aspect can be compelled (a character's, a situation's, a
    consequence) if it affects the character; the player proposing pays one of their own points."""
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-ines")
    click(qtbot, sheet.play.compel_button)
    dialog = sheet.play.dialog
    offered = [dialog.aspect.itemText(i) for i in range(dialog.aspect.count())]
    assert "Split Knuckles" in offered and "Pitch Dark and Pouring Rain" in offered
    dialog.aspect.setCurrentIndex(offered.index("Pitch Dark and Pouring Rain"))
    dialog.proposer.setCurrentIndex(dialog.proposer.findData("pc-maren"))
    click(qtbot, dialog.accept_button)
    campaign = on_disk(document)
    assert campaign.character("pc-ines").fate_points == 4 and campaign.character("pc-maren").fate_points == 2
    entries = [(e.who, e.change, e.reason) for e in campaign.sessions[-1].fate_points]
    assert entries == [("pc-maren", -1, "compel proposed"), ("pc-ines", 1, "compel accepted")]
    document.close()


def _armoury(campaign):
    campaign.options.weapon_armor = True
    return campaign


def test_armor_that_takes_a_hit_to_nothing_gives_the_attacker_a_boost_that_is_placed(qtbot, tmp_path):
    """Fate Condensed optional rules, "Weapon and Armor Ratings": a hit Armor brings to 0 or less
    gives the attacker a boost; Take a hit puts it into play, one undo step."""
    document = sample_document(tmp_path, _armoury)
    sheet = open_sheet(qtbot, document, "pc-maren")
    dialog = open_hit(qtbot, sheet)
    dialog.shifts.setValue(2)
    dialog.attacker.setCurrentIndex(dialog.attacker.findData("npc-bruiser"))
    dialog.armor.setValue(2)
    assert dialog.take_button.text() == "&Give the attacker the boost" and not offered(dialog)[1]
    click(qtbot, dialog.take_button)
    scene = on_disk(document).scenes[0]
    assert [(a.text, a.boost, a.free_invokes) for a in scene.aspects if a.boost] == [("Opening on Maren Voss", True, 1)]
    assert on_disk(document).character("pc-maren").stress == {}
    document.undo_stack.undo()
    assert not any(a.boost for a in on_disk(document).scenes[0].aspects)
    document.close()


class _Fixed:
    """Dice that fall as told, one throw at a time."""

    def __init__(self, *throws):
        self._throws = list(throws)

    def throw(self):
        return self._throws.pop(0)


def test_a_stylish_attack_may_hit_one_shift_less_for_a_boost_from_the_roll_dialog(ines, qtbot):
    """Fate Condensed, "Attack": "if you succeed with style, you can choose to reduce the shifts
    of your hit by one in exchange for a boost"; the box shows only when that is the outcome."""
    document, sheet = ines
    sheet.play.dice = _Fixed((1, 1, 0, 0))
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    panel.action.setCurrentIndex(panel.action.findText("Attack"))
    panel.set_difficulty(2)  # Fight Great (+4) + 2 = +6 against Fair (+2): four shifts, with style
    assert not panel.style_boost_box.isVisible()
    click(qtbot, panel.roll_button)
    assert panel.roll.outcome.name == "SUCCEED_WITH_STYLE" and panel.style_boost_box.isVisible()
    click(qtbot, panel.style_boost_box)
    assert panel.roll.hit == panel.roll.shifts - 1 and panel.roll.boost
    assert panel.boost.isEnabled()  # the player names the boost it took
    click(qtbot, panel.style_boost_box)
    assert panel.roll.hit == panel.roll.shifts and not panel.roll.boost
    dialog.reject()


def test_an_overcome_tie_may_be_taken_as_a_failure_with_a_boost_in_condensed_only(qtbot, tmp_path):
    """Fate Condensed, "Overcome": on a tie "you could also choose to fail the roll and take a
    boost"; Fate Core reads a tie as success at a minor cost only, so nothing is offered there."""
    for rules, offered in ((None, True), (core_rules, False)):
        folder = tmp_path / ("core" if rules else "condensed")
        folder.mkdir()
        document = sample_document(folder, rules) if rules else sample_document(folder)
        sheet = open_sheet(qtbot, document, "pc-ines")
        sheet.play.dice = _Fixed((0, 0, 0, 0))
        dialog = roll_skill(qtbot, sheet, "Fight")
        panel = dialog.panel
        panel.action.setCurrentIndex(panel.action.findText("Overcome"))
        panel.set_difficulty(panel.rating.value())
        click(qtbot, panel.roll_button)
        assert panel.roll.outcome.name == "TIE"
        assert panel.tie_failure_box.isVisible() is offered
        if offered:
            click(qtbot, panel.tie_failure_box)
            assert panel.roll.tie_as_failure and panel.roll.boost
            assert "fail" in panel.meaning_label.text().lower()
        dialog.reject()
        document.close()
