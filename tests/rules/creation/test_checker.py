"""The checker over all three shipped rule sets, with the book's own examples."""

from __future__ import annotations

import pytest

from builders import legal_pc, ruth_after_breakthrough, stunts
from fate_desk.model import Aspect, AspectRole, CampaignOptions, Character, CharacterKind, ConditionsMode
from fate_desk.rules import Level, check, derive, get_ruleset

CONDENSED = get_ruleset("fate-condensed")
CORE = get_ruleset("fate-core")
FAE = get_ruleset("fate-accelerated")


def codes(result, severity=None):
    return [p.code for p in result.problems if severity is None or p.severity == severity]


def test_legal_condensed_pc_has_no_problems():
    result = check(legal_pc(), CONDENSED)
    assert result.problems == []
    assert result.derived.refresh == 3
    assert result.derived.free_stunts_left == 0


def test_two_skills_at_great_break_the_pyramid_and_name_both():
    skills = legal_pc().skills | {"Shoot": 4}
    result = check(legal_pc(skills=skills), CONDENSED)
    over = [p for p in result.problems if p.code == "skills.over"]
    assert len(over) == 1 and over[0].severity == Level.ERROR
    assert "Two skills at Great (+4)" in over[0].message
    assert "Fight or Shoot" in over[0].message and "Good (+3)" in over[0].message
    assert not result.ok


def test_unspent_pyramid_slots_are_warnings_not_errors():
    skills = dict(legal_pc().skills)
    del skills["Stealth"]
    result = check(legal_pc(skills=skills), CONDENSED)
    under = [p for p in result.problems if p.code == "skills.under"]
    assert [p.severity for p in under] == [Level.WARNING]
    assert "Average (+1)" in under[0].message
    assert result.ok


def test_skill_above_the_creation_peak_is_capped():
    skills = legal_pc().skills | {"Fight": 5}
    result = check(legal_pc(skills=skills), CONDENSED)
    cap = [p for p in result.problems if p.code == "skills.cap"]
    assert cap and cap[0].path == "skills.Fight"
    assert "Superb (+5)" in cap[0].message and "Great (+4)" in cap[0].message


def test_custom_skill_is_a_hint_in_condensed_but_an_error_in_accelerated():
    pc = legal_pc(skills=legal_pc().skills | {"Sailing": 1})
    assert [p.severity for p in check(pc, CONDENSED).problems if p.code == "skills.unknown"] == [Level.INFO]
    fae = Character(ruleset="fate-accelerated", skills={"Sailing": 1})
    unknown = [p for p in check(fae, FAE).problems if p.code == "skills.unknown"]
    assert unknown[0].severity == Level.ERROR and "approaches" in unknown[0].message


@pytest.mark.parametrize("ruleset", [CONDENSED, CORE], ids=lambda r: r.id)
def test_fourth_stunt_costs_one_refresh(ruleset):
    result = check(legal_pc(stunts=stunts(4)), ruleset)
    assert result.derived.refresh == 2
    assert result.derived.refresh_explanation == "3 − 1 for a fourth stunt"
    assert "refresh.minimum" not in codes(result)


def test_sixth_stunt_breaks_minimum_refresh():
    result = check(legal_pc(stunts=stunts(6)), CONDENSED)
    problem = next(p for p in result.problems if p.code == "refresh.minimum")
    assert problem.severity == Level.ERROR
    assert "at most five stunts" in problem.message


def test_accelerated_first_three_stunts_are_free():
    """FAE SRD, "Stunts and Refresh": refresh "is reduced by one for each stunt after the first
    three you choose"; it may never go below one, so five stunts is the most."""
    fae = Character(ruleset="fate-accelerated", skills={"Quick": 3, "Clever": 2, "Sneaky": 2, "Careful": 1, "Flashy": 1})
    for n, refresh in ((1, 3), (2, 3), (3, 3), (4, 2), (5, 1)):
        result = check(fae.model_copy(update={"stunts": stunts(n)}), FAE)
        assert result.derived.refresh == refresh, n
        assert "refresh.minimum" not in codes(result)
    assert check(fae.model_copy(update={"stunts": stunts(2)}), FAE).derived.free_stunts_left == 1
    assert "refresh.minimum" in codes(check(fae.model_copy(update={"stunts": stunts(6)}), FAE))


def test_free_stunt_slots_left_are_a_hint():
    result = check(legal_pc(stunts=stunts(1)), CONDENSED)
    unused = [p for p in result.problems if p.code == "stunts.unused"]
    assert [p.severity for p in unused] == [Level.INFO]
    assert result.derived.free_stunts_left == 2
    assert "Two free stunt slots" in unused[0].message


def test_each_empty_aspect_slot_is_a_warning_with_its_path():
    aspects = [a for a in legal_pc().aspects if a.role != AspectRole.RELATIONSHIP]
    result = check(legal_pc(aspects=aspects), CONDENSED)
    missing = [p for p in result.problems if p.code == "aspects.missing"]
    assert [p.path for p in missing] == ["aspects[2]"]
    assert "Relationship" in missing[0].message


def test_blank_aspect_text_counts_as_missing():
    aspects = [a.model_copy() for a in legal_pc().aspects]
    aspects[0].text = "   "
    result = check(legal_pc(aspects=aspects), CONDENSED)
    assert [p.path for p in result.problems if p.code == "aspects.missing"] == ["aspects[0]"]


# --- the column rule after a breakthrough (Ruth's example) ---------------------------

def test_ruth_cannot_raise_lore_alone_after_a_breakthrough():
    ruth = ruth_after_breakthrough()
    ruth.skills = ruth.skills | {"Lore": 2}
    result = check(ruth, CONDENSED)
    column = [p for p in result.problems if p.code == "skills.column"]
    assert len(column) == 1 and column[0].severity == Level.ERROR
    assert "Four skills at Fair (+2) but only three at Average (+1)" in column[0].message


def test_ruth_raising_lore_and_empathy_together_is_legal():
    ruth = ruth_after_breakthrough()
    # Two points: this breakthrough's and one saved from an earlier one.
    ruth.advancement = ruth.advancement * 2
    ruth.skills = ruth.skills | {"Lore": 2, "Empathy": 1}
    result = check(ruth, CONDENSED)
    assert result.ok, result.problems
    # the creation shape no longer applies: four at Fair is no skills.over
    assert "skills.over" not in codes(result)


def test_after_a_breakthrough_the_peak_no_longer_applies():
    ruth = ruth_after_breakthrough()
    ruth.skills = ruth.skills | {"Fight": 5}
    assert "skills.cap" not in codes(check(ruth, CONDENSED))
    # ...but the column rule does: one at +5 needs one at +4
    assert "skills.column" in codes(check(ruth, CONDENSED))


def test_same_sheet_before_a_breakthrough_is_checked_against_the_pyramid():
    pc = legal_pc()
    pc.skills = pc.skills | {"Lore": 2, "Empathy": 1}
    result = check(pc, CONDENSED)
    assert "skills.over" in codes(result) and "skills.column" not in codes(result)


# --- derived stress and consequences ---------------------------------------------------

def test_charles_with_mediocre_physique_has_three_physical_boxes():
    charles = Character(name="Charles", skills={"Athletics": 3})
    assert derive(charles, CONDENSED).stress["physical"] == [1, 1, 1]


@pytest.mark.parametrize(
    "rating, condensed, core",
    [(-1, 3, [1, 2]), (0, 3, [1, 2]), (1, 4, [1, 2, 3]), (2, 4, [1, 2, 3]), (3, 6, [1, 2, 3, 4]),
     (4, 6, [1, 2, 3, 4]), (5, 6, [1, 2, 3, 4])],
)
def test_stress_boxes_follow_physique_and_will(rating, condensed, core):
    character = Character(skills={"Physique": rating, "Will": rating})
    for track in ("physical", "mental"):
        assert derive(character, CONDENSED).stress[track] == [1] * condensed
        assert derive(character, CORE).stress[track] == core


def test_default_characters_absorb_fifteen_shifts_per_kind_of_harm():
    # Fate Core adds every PC's extreme consequence (8) on top: "Extreme Consequences".
    for ruleset in (CONDENSED, CORE):
        derived = derive(Character(), ruleset)
        usual = [s for s in derived.consequences if s.severity.value != "extreme"]
        assert sum(derived.stress["physical"]) + sum(s.value for s in usual) == 15
    assert [s.value for s in derive(Character(), CORE).consequences if s.severity.value == "extreme"] == [8]


def test_superb_physique_earns_an_extra_mild_slot_for_physical_harm_only():
    derived = derive(Character(skills={"Physique": 5}), CONDENSED)
    assert [(s.severity.value, s.value, s.only) for s in derived.consequences] == [
        ("mild", 2, None), ("mild", 2, "physical"), ("moderate", 4, None), ("severe", 6, None),
    ]
    both = derive(Character(skills={"Physique": 5, "Will": 6}), CORE)
    assert [s.only for s in both.consequences if s.severity.value == "mild"] == [None, "physical", "mental"]


def test_great_physique_earns_no_extra_slot():
    assert len(derive(Character(skills={"Physique": 4}), CONDENSED).consequences) == 3


def test_accelerated_has_one_stress_track_of_three_boxes():
    derived = derive(Character(ruleset="fate-accelerated", skills={"Forceful": 3}), FAE)
    assert derived.stress == {"stress": [1, 2, 3]}
    assert [s.value for s in derived.consequences] == [2, 4, 6]


def test_extreme_consequence_appears_only_when_switched_on():
    options = CampaignOptions(extreme_consequences=True)
    values = [s.value for s in derive(Character(), CONDENSED, options).consequences]
    assert values == [2, 4, 6, 8]
    assert 8 not in [s.value for s in derive(Character(), CONDENSED).consequences]


def test_conditions_split_each_consequence_into_two_half_value_conditions():
    options = CampaignOptions(conditions=ConditionsMode.PLAIN)
    slots = derive(Character(), CONDENSED, options).consequences
    assert [(s.label, s.value, s.only) for s in slots] == [
        ("Hurt", 1, "physical"), ("Scared", 1, "mental"), ("Injured", 2, "physical"),
        ("Shaken", 2, "mental"), ("Wounded", 3, "physical"), ("Demoralized", 3, "mental"),
    ]


def test_further_apart_conditions_double_boxes_and_superb_raises_the_cutoff():
    options = CampaignOptions(conditions=ConditionsMode.FURTHER_APART)
    slots = {s.label: s for s in derive(Character(skills={"Physique": 5}), CONDENSED, options).consequences}
    assert slots["Injured"].boxes == 2 and slots["Injured"].row_cutoff == 2
    assert slots["Hurt"].boxes == 4 and slots["Hurt"].row_cutoff == 4
    assert slots["Scared"].boxes == 2


# --- NPCs and monsters ----------------------------------------------------------------

def test_minor_npc_beyond_guidance_gets_warnings_never_errors():
    npc = Character(
        kind=CharacterKind.MINOR_NPC,
        aspects=[Aspect(text=t) for t in ("A", "B", "C", "D")],
        skills={"Fight": 2, "Shoot": 2, "Notice": 1},
        stunts=stunts(2),
        stress_boxes={"stress": [1, 1, 1, 1]},
    )
    result = check(npc, CONDENSED)
    assert {p.code for p in result.problems} == {"npc.aspects", "npc.skills", "npc.stunts", "npc.stress"}
    assert all(p.severity == Level.WARNING for p in result.problems)


def test_minor_npc_within_guidance_is_clean_and_may_use_free_form_skills():
    npc = Character(
        kind=CharacterKind.MINOR_NPC,
        aspects=[Aspect(text="Bouncer at the Red Lantern")],
        skills={"Getting into Bar Fights": 2},
        stress_boxes={"stress": [1, 1]},
    )
    result = check(npc, CONDENSED)
    assert result.problems == []
    assert result.derived.consequences == []


def test_major_npc_has_no_creation_limits():
    boss = legal_pc(kind=CharacterKind.MAJOR_NPC, skills={"Fight": 6, "Shoot": 6}, stunts=stunts(8))
    result = check(boss, CONDENSED)
    assert result.problems == []
    assert result.derived.refresh == 3


def test_monsters_may_break_any_rule():
    monster = Character(kind=CharacterKind.MONSTER, skills={"Fight": 9, "Bite": 7}, stunts=stunts(10))
    assert check(monster, CONDENSED).problems == []


def test_accelerated_characters_are_not_held_to_the_column_rule_after_a_significant_milestone():
    from fate_desk.model import HistoryEntry

    fae = Character(
        ruleset="fate-accelerated",
        skills={"Quick": 3, "Clever": 2, "Sneaky": 2, "Careful": 1, "Flashy": 2},
        advancement=[HistoryEntry(kind="significant milestone")],
    )
    assert [p.code for p in check(fae, FAE).problems if p.code.startswith("skills.")] == []
    assert "skills.column" in codes(check(fae.model_copy(update={"ruleset": "fate-core"}), CORE))


def test_accelerated_raises_are_never_refused_for_the_column():
    from fate_desk.rules.advancement.raises import raise_problems

    fae = Character(ruleset="fate-accelerated", skills={"Quick": 3, "Clever": 2, "Sneaky": 2, "Careful": 1, "Flashy": 1})
    assert raise_problems(fae, FAE, ["Careful"]) == []
    pc = legal_pc()
    assert [p.code for p in raise_problems(pc, CONDENSED, ["Lore"])] == ["advance.column"]


def test_a_rating_over_an_empty_one_says_none_rather_than_only_no():
    ruth = ruth_after_breakthrough()
    ruth.skills = ruth.skills | {"Fight": 6}
    column = [p.message for p in check(ruth, CONDENSED).problems if p.code == "skills.column"]
    assert column and "but none at Superb (+5)" in column[0]
    assert not any("only no" in m for m in column)


def test_ordinals_past_twelfth_end_in_st_nd_rd_or_th():
    from fate_desk.rules.creation.derive import ordinal

    assert [ordinal(n) for n in (12, 13, 21, 22, 23, 24, 101, 111, 112, 113, 121)] == [
        "twelfth", "13th", "21st", "22nd", "23rd", "24th", "101st", "111th", "112th", "113th", "121st"]
