"""Milestones: exactly one change (or none), offered and refused in the player's words."""

from __future__ import annotations

import pytest
from advance_support import ACCELERATED, CONDENSED, charles, ruth

from fate_desk.model import Character, ClockStamp, Stunt
from fate_desk.rules import check, derive
from fate_desk.rules.advancement.milestones import (
    BuyStunt,
    MilestoneKind,
    ReplaceSkill,
    RewriteAspect,
    RewriteStunt,
    SwapSkills,
    apply_milestone,
    aspect_options,
    milestone_options,
    replacement_candidates,
)
from fate_desk.rules.creation.history import Refused

SESSION_3 = ClockStamp(arc=1, session=3, scene=4)


def refusal(character, choice, ruleset=CONDENSED, when=None) -> str:
    with pytest.raises(Refused) as info:
        apply_milestone(character, choice, ruleset, when=when)
    return " ".join(p.message for p in info.value.problems)


def test_swap_trades_the_ratings_of_two_skills():
    new, entry = apply_milestone(ruth(), SwapSkills("Fight", "Lore"), CONDENSED, when=SESSION_3)
    assert new.skills["Fight"] == 1 and new.skills["Lore"] == 4
    assert entry.kind == "milestone" and entry.when == SESSION_3
    assert "Fight (Great (+4))" in entry.summary and "Lore (Average (+1))" in entry.summary
    assert check(new, CONDENSED).ok


def test_swap_needs_two_skills_on_the_sheet():
    message = refusal(ruth(), SwapSkills("Fight", "Empathy"))
    assert "Empathy is not on your sheet" in message
    assert "replace one at Average (+1)" in message


def test_swap_of_equal_ratings_changes_nothing_and_is_refused():
    message = refusal(ruth(), SwapSkills("Academics", "Will"))
    assert "both Good (+3)" in message


def test_replace_an_average_skill_with_one_not_on_the_sheet():
    new, entry = apply_milestone(ruth(), ReplaceSkill("Lore", "Empathy"), CONDENSED)
    assert "Lore" not in new.skills and new.skills["Empathy"] == 1
    assert entry.summary == "Replaced Lore with Empathy at Average (+1)."
    assert check(new, CONDENSED).ok


def test_replace_accepts_a_custom_skill_where_the_rule_set_allows_one():
    new, _ = apply_milestone(ruth(), ReplaceSkill("Stealth", "Occult Bookbinding"), CONDENSED)
    assert new.skills["Occult Bookbinding"] == 1


def test_only_an_average_skill_can_be_replaced():
    message = refusal(ruth(), ReplaceSkill("Fight", "Empathy"))
    assert "Only a skill at Average (+1) can be replaced; Fight is Great (+4)." in message


def test_replacement_must_not_already_be_on_the_sheet():
    message = refusal(ruth(), ReplaceSkill("Lore", "Academics"))
    assert "Academics is already on your sheet at Good (+3)" in message


def test_fate_accelerated_milestones_swap_approaches_but_never_replace_one():
    # FAE SRD, "Minor milestones": swap two approaches; there is no replacing one.
    hero = Character(
        ruleset="fate-accelerated", skills={"Careful": 3, "Clever": 2, "Flashy": 2, "Forceful": 1, "Quick": 1}
    )
    message = refusal(hero, ReplaceSkill("Quick", "Sneaky"), ACCELERATED)
    assert "Fate Accelerated milestones do not offer this" in message
    offered = [s.value for s in milestone_options(hero, ACCELERATED)]
    assert MilestoneKind.REPLACE_SKILL not in offered and MilestoneKind.SWAP_SKILLS in offered
    labels = [s.label for s in milestone_options(hero, ACCELERATED)]
    assert "Swap the ratings of two approaches" in labels
    new, _ = apply_milestone(hero, SwapSkills("Quick", "Careful"), ACCELERATED)
    assert new.skills["Quick"] == 3 and new.skills["Careful"] == 1


def test_rewrite_one_stunt():
    new, entry = apply_milestone(
        ruth(), RewriteStunt(1, "Archive Rat", "Because I know every stack..."), CONDENSED
    )
    assert new.stunts[1] == Stunt(name="Archive Rat", text="Because I know every stack...")
    assert new.stunts[0] == ruth().stunts[0]
    assert "Index Memory" in entry.summary and "Archive Rat" in entry.summary


def test_buying_a_fourth_stunt_costs_one_refresh():
    new, entry = apply_milestone(ruth(), BuyStunt("Bookbinder", "Because I mend books, I can ..."), CONDENSED)
    assert len(new.stunts) == 4
    assert derive(new, CONDENSED).refresh == 2
    assert "Refresh goes from 3 to 2." in entry.summary


def test_sixth_stunt_breaks_minimum_refresh():
    five = ruth().model_copy(update={"stunts": [Stunt(name=f"S{i}") for i in range(5)]})
    assert derive(five, CONDENSED).refresh == 1
    message = refusal(five, BuyStunt("One too many", ""))
    assert message == ("A new stunt would bring your refresh down to 0, but refresh can never drop below 1.")
    status = {s.value: s for s in milestone_options(five, CONDENSED)}[MilestoneKind.BUY_STUNT]
    assert not status.available and status.reason == message


def test_rewriting_an_aspect_never_touches_the_high_concept():
    message = refusal(ruth(), RewriteAspect(0, "Librarian Turned Monster Hunter"))
    assert "high concept can only be rewritten at a breakthrough" in message
    new, _ = apply_milestone(ruth(), RewriteAspect(1, "Curiosity Killed My Cat"), CONDENSED)
    assert new.aspects[1].text == "Curiosity Killed My Cat"
    assert new.aspects[0] == ruth().aspects[0]


def test_an_extreme_consequence_aspect_cannot_be_rewritten_by_a_milestone():
    scarred = ruth()
    scarred = scarred.model_copy(
        update={
            "aspects": [
                a.model_copy(update={"text": "Missing Left Eye", "extreme": True}) if i == 4 else a
                for i, a in enumerate(scarred.aspects)
            ]
        }
    )
    assert "extreme consequence" in refusal(scarred, RewriteAspect(4, "Eye Patch Chic"))
    statuses = aspect_options(scarred)
    assert [s.available for s in statuses] == [False, True, True, True, False]


def test_options_explain_what_is_unavailable():
    bare = Character(skills={"Fight": 2, "Athletics": 2}, stunts=[], aspects=[])
    status = {s.value: s for s in milestone_options(bare, CONDENSED)}
    assert not status[MilestoneKind.SWAP_SKILLS].available
    assert "different ratings" in status[MilestoneKind.SWAP_SKILLS].reason
    assert "No skill is at Average (+1)" in status[MilestoneKind.REPLACE_SKILL].reason
    assert status[MilestoneKind.REWRITE_STUNT].reason == "You have no stunt to rewrite."
    assert status[MilestoneKind.BUY_STUNT].available
    assert "free stunt slot" in status[MilestoneKind.BUY_STUNT].reason
    assert not status[MilestoneKind.REWRITE_ASPECT].available


def test_replacement_candidates_list_average_skills_and_skills_not_on_the_sheet():
    olds, news = replacement_candidates(ruth(), CONDENSED)
    assert olds == ["Lore", "Physique", "Rapport", "Stealth"]
    assert "Empathy" in news and "Fight" not in news and "Lore" not in news


def test_one_milestone_per_session():
    first, _ = apply_milestone(ruth(), None, CONDENSED, when=SESSION_3)
    message = refusal(first, SwapSkills("Fight", "Lore"), when=SESSION_3)
    assert message == "You already took the milestone for session 3."
    apply_milestone(first, SwapSkills("Fight", "Lore"), CONDENSED, when=ClockStamp(arc=1, session=4))


def test_passing_on_a_milestone_is_recorded_without_changes():
    new, entry = apply_milestone(charles(), None, CONDENSED)
    assert entry.changes == [] and entry.summary == "Milestone passed without a change."
    assert new.advancement == [entry]


def test_operations_never_change_their_input():
    original = ruth()
    snapshot = original.model_dump()
    apply_milestone(original, SwapSkills("Fight", "Lore"), CONDENSED)
    apply_milestone(original, BuyStunt("New", "text"), CONDENSED)
    with pytest.raises(Refused):
        apply_milestone(original, RewriteAspect(0, "x"), CONDENSED)
    assert original.model_dump() == snapshot
