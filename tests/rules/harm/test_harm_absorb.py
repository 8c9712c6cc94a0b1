"""Absorbing hits: stress boxes of both kinds, consequences, Weapon and Armor, taken out."""

from __future__ import annotations

import pytest
from advance_support import CONDENSED, CORE, ACCELERATED, charles, npc, ruth

from fate_desk.model import CampaignOptions, Character, CharacterKind, Consequence, Severity, SlotSpec
from fate_desk.rules.harm.absorb import (
    absorb,
    absorb_options,
    concede,
    hostile_invoke,
    mark_stress,
    resolve_hit,
    slot_options,
    take_consequence,
)
from fate_desk.rules.creation.history import Refused, revert_last

ARMOURY = CampaignOptions(weapon_armor=True)


def test_charles_marks_two_of_three_boxes_for_a_two_shift_hit():
    # The first ghoul attack: Great (+4) against Fair (+2) is a hit of two shifts.
    hit = resolve_hit(4 - 2)
    assert hit.shifts == 2
    after, entry = mark_stress(charles(), CONDENSED, "physical", [0, 1])
    assert after.stress == {"physical": [0, 1]}
    assert entry.summary == "Marked two physical stress boxes, absorbing 2."


def test_charles_absorbs_the_ghouls_five_shifts_with_a_moderate_consequence_and_his_last_box():
    bruised = charles(stress={"physical": [0, 1]})
    plan = absorb_options(bruised, CONDENSED, resolve_hit(6 - 1).shifts, "physical")
    assert not plan.taken_out
    assert [(o.stress, o.consequences) for o in plan.options] == [((2,), (("moderate", 1),))]
    assert plan.options[0].description == "Mark one physical stress box and take a moderate consequence (4)"
    after, entry = absorb(
        bruised, CONDENSED, plan.options[0], {"moderate": "Gaping Chest Wound"}, conflict="basement"
    )
    assert after.stress == {"physical": [0, 1, 2]}
    assert after.consequences == [
        Consequence(slot="moderate", text="Gaping Chest Wound", conflict="basement")
    ]
    assert entry.summary == (
        "Absorbed a hit of 5 shifts: marked one physical stress box and took moderate consequence “Gaping Chest Wound”."
    )


def test_a_fresh_charles_has_two_exact_ways_to_absorb_five_shifts():
    plan = absorb_options(charles(), CONDENSED, 5, "physical")
    assert [o.description for o in plan.options] == [
        "Mark three physical stress boxes and take a mild consequence (2)",
        "Mark one physical stress box and take a moderate consequence (4)",
    ]
    assert all(o.absorbed == 5 for o in plan.options)


def test_a_legendary_hit_on_a_spent_charles_takes_him_out():
    # Legendary (+8) against Poor (-1): nine shifts, and mild plus severe absorb only eight.
    spent = charles(
        stress={"physical": [0, 1, 2]}, consequences=[Consequence(slot="moderate", text="Gaping Chest Wound")]
    )
    plan = absorb_options(spent, CONDENSED, resolve_hit(8 - (-1)).shifts, "physical")
    assert plan.taken_out and plan.options == []
    assert "taken out" in plan.message


def test_when_nothing_fits_exactly_the_least_waste_wins():
    spent = charles(stress={"physical": [0, 1, 2]})
    plan = absorb_options(spent, CONDENSED, 5, "physical")
    assert {o.consequences for o in plan.options} == {(("severe", 1),), (("mild", 1), ("moderate", 1))}
    assert all(o.waste == 1 for o in plan.options)


def test_fate_core_checks_one_box_per_hit():
    hero = charles(ruleset="fate-core")
    with pytest.raises(Refused) as info:
        mark_stress(hero, CORE, "physical", [0, 1])
    assert info.value.problems[0].message == "In Fate Core only one stress box may be checked for each hit."


def test_fate_core_hit_needs_a_box_worth_at_least_the_hit():
    hero = charles(ruleset="fate-core", skills={**charles().skills, "Physique": 0})
    plan = absorb_options(hero, CORE, 2, "physical")
    assert [(o.stress, o.consequences) for o in plan.options] == [((1,), ()), ((), (("mild", 1),))]
    # With the 2-box checked, a hit of 2 can only go to the mild consequence (or waste nothing else).
    checked = hero.model_copy(update={"stress": {"physical": [1]}})
    plan = absorb_options(checked, CORE, 2, "physical")
    assert [(o.stress, o.consequences) for o in plan.options] == [((), (("mild", 1),))]
    # A hit of 3 with only the 1-box left: the box plus the mild consequence.
    plan = absorb_options(checked, CORE, 3, "physical")
    assert [(o.stress, o.consequences) for o in plan.options] == [((0,), (("mild", 1),))]


def test_fate_accelerated_has_one_track():
    hero = Character(ruleset="fate-accelerated", skills={"Careful": 3})
    plan = absorb_options(hero, ACCELERATED, 3, "stress")
    assert plan.options[0].stress == (2,) and plan.options[0].consequences == ()
    with pytest.raises(Refused) as info:
        absorb_options(hero, ACCELERATED, 3, "physical")
    assert "no “physical” stress track" in info.value.problems[0].message


def test_the_extra_mild_slot_takes_only_its_own_kind_of_harm():
    tough = ruth().model_copy(update={"skills": {**ruth().skills, "Physique": 5, "Fight": 4}})
    mental = {s.value: s for s in slot_options(tough, CONDENSED, "mental")}
    assert not mental["mild_physical"].available
    assert (
        mental["mild_physical"].reason
        == "Mild (physical only) takes physical harm only, and this hit is mental."
    )
    with pytest.raises(Refused):
        take_consequence(tough, CONDENSED, "mild_physical", "Winded", track="mental")
    after, _ = take_consequence(tough, CONDENSED, "mild_physical", "Winded", track="physical")
    assert after.consequences[0].slot == "mild_physical"


def test_a_taken_slot_cannot_be_filled_again():
    hurt = charles(consequences=[Consequence(slot="mild", text="Sprained Wrist")])
    with pytest.raises(Refused) as info:
        take_consequence(hurt, CONDENSED, "mild", "Black Eye", track="physical")
    assert info.value.problems[0].message == "Mild is already taken: “Sprained Wrist”."


def test_a_consequence_needs_a_name():
    with pytest.raises(Refused) as info:
        take_consequence(charles(), CONDENSED, "moderate", "  ", track="physical")
    assert info.value.problems[0].message == "Name the moderate consequence: what did the hit do?"


def test_an_absorb_option_lands_whole_or_not_at_all():
    hero = charles()
    option = absorb_options(hero, CONDENSED, 5, "physical").options[1]
    with pytest.raises(Refused):
        absorb(hero, CONDENSED, option, {})  # the moderate consequence has no name
    assert hero.stress == {} and hero.consequences == []


def test_weapon_and_armor_change_the_hit():
    assert resolve_hit(2, weapon=2, options=ARMOURY) == (4, False, "A hit of 2 shifts + Weapon:2 = 4 shifts.")
    assert resolve_hit(0, weapon=1, options=ARMOURY).shifts == 1  # a tie hits with a weapon
    tie = resolve_hit(0, options=ARMOURY)
    assert tie.shifts == 0 and tie.boost
    stopped = resolve_hit(2, armor=2, options=ARMOURY)
    assert stopped.shifts == 0 and stopped.boost and "no harm" in stopped.note
    assert resolve_hit(3, weapon=2, armor=1, options=ARMOURY).shifts == 4
    assert resolve_hit(-1, weapon=4, options=ARMOURY).shifts == 0


def test_weapon_and_armor_are_ignored_unless_the_campaign_uses_them():
    assert resolve_hit(2, weapon=2, armor=1, options=CampaignOptions()).shifts == 2


def test_minor_npcs_without_stress_are_taken_out_by_any_hit():
    mook = npc("Cultist", CharacterKind.MINOR_NPC)
    assert absorb_options(mook, CONDENSED, 1, "physical").taken_out


def test_conceding_pays_one_plus_one_per_consequence_from_this_conflict():
    hero = charles(
        fate_points=1,
        consequences=[
            Consequence(slot="mild", text="Cut", conflict="basement"),
            Consequence(slot="moderate", text="Gaping Chest Wound", conflict="basement"),
            Consequence(slot="severe", text="Old Scar", conflict="last-week"),
        ],
    )
    after, entry = concede(hero, "basement")
    assert after.fate_points == 4
    assert entry.summary == "Conceded: +3 fate points (1, plus 2 for consequences taken in this conflict)."


def test_an_npc_who_concedes_carries_the_points_to_the_gm():
    # Alice conceded after taking a moderate consequence: she brings two points along.
    alice = npc(
        "Alice Westforth",
        consequences=[Consequence(slot="moderate", text="Shot Through", conflict="mansion")],
    )
    after, _ = concede(alice, "mansion")
    assert after.carried_fate_points == 2 and after.fate_points == alice.fate_points
    after, entry = hostile_invoke(after)
    assert after.carried_fate_points == 3
    assert "carried into the GM's pool" in entry.summary


def test_extreme_consequence_absorbs_eight_and_replaces_an_aspect():
    extreme = CampaignOptions(extreme_consequences=True)
    hero = charles()
    plan = absorb_options(hero, CONDENSED, 8, "physical", extreme)
    option = next(o for o in plan.options if o.consequences == (("extreme", 1),))
    with pytest.raises(Refused) as info:
        absorb(hero, CONDENSED, option, {"extreme": "Eaten Alive, Mostly"}, options=extreme, extreme_aspect=0)
    assert "cannot replace the high concept" in info.value.problems[0].message
    after, _ = absorb(
        hero, CONDENSED, option, {"extreme": "Eaten Alive, Mostly"}, options=extreme, extreme_aspect=2
    )
    assert after.aspects[2].text == "Eaten Alive, Mostly" and after.aspects[2].extreme
    # Once between breakthroughs.
    again = {s.value: s for s in slot_options(after, CONDENSED, "physical", extreme)}["extreme"]
    assert not again.available and "once between breakthroughs" in again.reason
    assert revert_last(after).character.model_dump() == hero.model_dump()


def test_no_extreme_slot_unless_the_campaign_switches_it_on():
    with pytest.raises(Refused) as info:
        take_consequence(charles(), CONDENSED, "extreme", "Gone", track="physical", extreme_aspect=1)
    assert "no consequence slot “extreme”" in info.value.problems[0].message


def test_identical_npc_slots_are_listed_once():
    horde = npc(
        "Ghoul Pack", CharacterKind.MONSTER, stress_boxes={"physical": [1, 1]},
        consequence_slots=[SlotSpec(id=f"mild{i}", severity=Severity.MILD, value=2) for i in range(3)],
    )
    plan = absorb_options(horde, CONDENSED, 4, "physical")
    assert [(o.stress, o.consequences) for o in plan.options] == [
        ((0, 1), (("mild0", 1),)),
        ((), (("mild0", 1), ("mild1", 1))),
    ]


def test_a_sheet_with_too_many_slots_is_refused_rather_than_listed_forever():
    titan = npc(
        "Titan", CharacterKind.MONSTER, stress_boxes={"physical": [1] * 10},
        consequence_slots=[SlotSpec(id=f"s{i}", severity=Severity.MILD, value=i + 1) for i in range(20)],
    )
    with pytest.raises(Refused) as info:
        absorb_options(titan, CONDENSED, 30, "physical")
    assert "one at a time" in info.value.problems[0].message


def test_fate_core_a_higher_box_may_be_checked_when_the_one_equal_to_the_hit_is_taken():
    """Fate Core SRD, "Stress": check the box equal to the hit; "if that box is already checked,
    check off a higher value box". Take a hit offers every such box, not only the smallest."""
    hero = charles(ruleset="fate-core", skills={**charles().skills, "Physique": 3})  # boxes 1, 2, 3, 4
    fresh = absorb_options(hero, CORE, 2, "physical")
    assert [o.stress for o in fresh.options if not o.consequences] == [(1,)]  # the equal box, while free
    checked = hero.model_copy(update={"stress": {"physical": [1]}})
    plan = absorb_options(checked, CORE, 2, "physical")
    assert [o.stress for o in plan.options if not o.consequences] == [(2,), (3,)]
    assert "or with any higher stress box" in plan.message
    after, _ = absorb(checked, CORE, next(o for o in plan.options if o.stress == (3,)))
    assert after.stress == {"physical": [1, 3]}


def test_fate_accelerated_any_free_box_as_large_as_the_hit_may_take_it():
    """FAE SRD, "What Is Stress?": one box per hit, absorbing its number of shifts."""
    hero = Character(ruleset="fate-accelerated", skills={"Careful": 3})
    plan = absorb_options(hero, ACCELERATED, 2, "stress")
    assert [o.stress for o in plan.options if not o.consequences] == [(1,), (2,)]


def test_fate_core_extreme_consequence_is_standard_for_every_pc_and_reopens_at_a_major_milestone():
    """Fate Core SRD, "Extreme Consequences": "every PC also gets one last-ditch option"; once
    between major milestones, after which it may be renamed (freeing the slot)."""
    from fate_desk.rules.advancement.milestones import BreakthroughChoice, apply_advance
    from fate_desk.rules.creation.ruleset import MilestoneLevel

    hero = charles(ruleset="fate-core")
    plan = absorb_options(hero, CORE, 8, "physical")  # no campaign option needed
    option = next(o for o in plan.options if o.consequences == (("extreme", 1),))
    after, _ = absorb(hero, CORE, option, {"extreme": "Soul-Burned"}, extreme_aspect=2)
    again = {s.value: s for s in slot_options(after, CORE, "physical")}["extreme"]
    assert not again.available and "once between major milestones" in again.reason
    assert "breakthrough" not in again.reason
    renewed, _ = apply_advance(after, MilestoneLevel.MAJOR, BreakthroughChoice(extreme_renames={2: "Hunter of Demons"}),
                               CORE)
    assert {s.value: s for s in slot_options(renewed, CORE, "physical")}["extreme"].available
    # NPCs keep it only by the campaign's option; Condensed PCs too.
    assert "extreme" not in {s.value for s in slot_options(npc("Hale", ruleset="fate-core"), CORE, "physical")}
    assert "extreme" not in {s.value for s in slot_options(charles(), CONDENSED, "physical")}
