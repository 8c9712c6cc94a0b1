"""Fate Core and Fate Accelerated advance by their own minor, significant and major milestones.

The rules are stated, with the Fate SRD sections they come from, in docs/advancement.md.
"""

from __future__ import annotations

import pytest
from advance_support import ACCELERATED, CONDENSED, CORE, charles

from fate_desk.model import Campaign, Character, ClockStamp, Consequence, HistoryEntry, Stunt
from fate_desk.rules import check
from fate_desk.rules.advancement.milestones import (
    BreakthroughChoice,
    RewriteAspect,
    advance_options,
    apply_advance,
    milestone_options,
)
from fate_desk.rules.clock.timeline import end_arc, end_session
from fate_desk.rules.harm.absorb import take_consequence
from fate_desk.rules.creation.history import Refused, revert_last
from fate_desk.rules.creation.ruleset import MilestoneLevel

MINOR, SIGNIFICANT, MAJOR = MilestoneLevel.MINOR, MilestoneLevel.SIGNIFICANT, MilestoneLevel.MAJOR
S3 = ClockStamp(arc=1, session=3, scene=1)


def hero(ruleset="fate-core") -> Character:
    return charles(ruleset=ruleset, refresh=3, stunts=[Stunt(name="Steady Aim", text="+2 to Shoot.")])


def fae() -> Character:
    return Character(
        id="ada", name="Ada", ruleset="fate-accelerated",
        skills={"Careful": 3, "Clever": 2, "Flashy": 2, "Forceful": 1, "Quick": 1},
        aspects=hero().aspects, stunts=[Stunt(name="Quick Hands")],
    )


def refused(character, level, choice, rules) -> str:
    with pytest.raises(Refused) as info:
        apply_advance(character, level, choice, rules)
    return " ".join(p.message for p in info.value.problems)


# --- Fate Core --------------------------------------------------------------------------------


def test_core_minor_milestone_gives_one_change_and_moderate_recovery_but_no_skill_point():
    hurt = take_consequence(hero(), CORE, "moderate", "Cracked Ribs").character
    new, entry = apply_advance(
        hurt, MINOR, BreakthroughChoice(milestone=RewriteAspect(1, "Trouble Finds Me"),
                                        recoveries={"moderate": "Taped Ribs"}), CORE)
    assert entry.kind == "milestone" and new.consequences[0].recovering
    assert new.aspects[1].text == "Trouble Finds Me"
    assert "one raise, but you have no skill points" in refused(hurt, MINOR, BreakthroughChoice(raises=("Fight",)), CORE)
    assert "does not let you rewrite the high concept" in refused(
        hurt, MINOR, BreakthroughChoice(high_concept="New Me"), CORE)


def test_core_significant_milestone_adds_one_skill_point_and_severe_recovery():
    hurt = take_consequence(hero(), CORE, "severe", "Broken Arm").character
    new, entry = apply_advance(hurt, SIGNIFICANT, BreakthroughChoice(
        raises=("Physique",), recoveries={"severe": "Arm in a Sling"}), CORE)
    assert entry.kind == "significant milestone"
    assert new.skills["Physique"] == 1 and new.consequences[0].recovering
    assert check(new, CORE).ok, check(new, CORE).problems


def test_core_significant_milestone_keeps_the_skill_cap():
    message = refused(hero(), SIGNIFICANT, BreakthroughChoice(raises=("Shoot",)), CORE)
    assert "no skill may rise above Great (+4)" in message
    status = {s.value: s for s in advance_options(hero(), SIGNIFICANT, CORE).raises}
    assert not status["Shoot"].available and "Great (+4)" in status["Shoot"].reason


def test_core_major_milestone_adds_refresh_lifts_the_cap_and_rewrites_the_high_concept():
    # One point saved at an earlier significant milestone: Shoot can go above the cap only with
    # Athletics filling Great (+4) beneath it (the column rule).
    base = hero().model_copy(update={"saved_skill_points": 1,
                                     "advancement": [HistoryEntry(kind="significant milestone")]})
    new, entry = apply_advance(base, MAJOR, BreakthroughChoice(
        raises=("Shoot", "Athletics"), high_concept="Veteran Sharpshooter",
        new_stunt=Stunt(name="Trick Shot")), CORE)
    assert entry.kind == "major milestone"
    assert new.refresh == base.refresh + 1 and len(new.stunts) == 2
    assert new.skills["Shoot"] == 5 and new.aspects[0].text == "Veteran Sharpshooter"
    assert check(new, CORE).ok, check(new, CORE).problems
    assert revert_last(new).character.model_dump() == base.model_dump()


def test_core_session_scenario_and_arc_ends_grant_minor_significant_and_major():
    camp = Campaign(ruleset="fate-core", characters=[hero()], clock=S3)
    after = end_session(camp, level=SIGNIFICANT).campaign
    assert [e.kind for e in after.characters[0].advancement][-2:] == ["significant milestone", "clock"]
    assert after.characters[0].saved_skill_points == 1
    arc = end_arc(after).campaign.characters[0]
    assert arc.advancement[-1].kind == "major milestone" and arc.refresh == 4
    assert check(arc, CORE).ok


def test_core_milestones_offer_all_five_changes():
    assert len(milestone_options(hero(), CORE)) == 5


# --- Fate Accelerated -------------------------------------------------------------------------


def test_accelerated_minor_milestone_clears_a_moderate_consequence_held_two_sessions():
    taken = take_consequence(fae(), ACCELERATED, "moderate", "Sprained Ankle",
                             when=ClockStamp(arc=1, session=1, scene=1)).character
    early = advance_options(taken, MINOR, ACCELERATED, when=ClockStamp(arc=1, session=2))
    assert not early.clear_held[0].available and "Held for one session" in early.clear_held[0].reason
    assert "Held for one session" in " ".join(
        p.message for p in pytest.raises(Refused, apply_advance, taken, MINOR,
                                         BreakthroughChoice(clears=("moderate",)), ACCELERATED,
                                         when=ClockStamp(arc=1, session=2)).value.problems)
    new, _ = apply_advance(taken, MINOR, BreakthroughChoice(clears=("moderate",)), ACCELERATED,
                           when=ClockStamp(arc=1, session=3))
    assert new.consequences == []


def test_accelerated_significant_milestone_raises_an_approach_never_above_superb():
    new, _ = apply_advance(fae(), SIGNIFICANT, BreakthroughChoice(raises=("Careful",)), ACCELERATED)
    assert new.skills["Careful"] == 4 and check(new, ACCELERATED).ok
    superb = fae().model_copy(update={"skills": {**fae().skills, "Careful": 5}})
    assert "above Superb (+5)" in refused(superb, SIGNIFICANT, BreakthroughChoice(raises=("Careful",)), ACCELERATED)


def test_accelerated_major_milestone_adds_refresh_and_a_new_high_concept():
    new, entry = apply_advance(fae(), MAJOR, BreakthroughChoice(high_concept="Master Thief"), ACCELERATED)
    assert new.refresh == 4 and new.aspects[0].text == "Master Thief" and entry.kind == "major milestone"
    assert new.saved_skill_points == 1  # the significant milestone's point it includes


def test_accelerated_arc_end_is_a_major_milestone_not_a_breakthrough():
    camp = Campaign(ruleset="fate-accelerated", characters=[fae()], clock=S3)
    result = end_arc(camp)
    assert result.campaign.characters[0].advancement[-1].kind == "major milestone"
    assert result.reports[0].lines[0].startswith("Major milestone:")


def test_condensed_keeps_its_milestones_and_breakthroughs():
    camp = Campaign(characters=[charles()], clock=S3)
    assert end_arc(camp).campaign.characters[0].advancement[-1].kind == "breakthrough"
    with pytest.raises(Refused):
        apply_advance(charles(), MAJOR, BreakthroughChoice(), CONDENSED)


def test_core_severe_recovery_ends_with_the_scenario():
    # Fate Core: a severe consequence recovers over one scenario; the scenario's end is the
    # significant milestone, where those recovering clear.
    from fate_desk.rules.harm.recovery import clears_when

    hurt = take_consequence(hero(), CORE, "severe", "Broken Arm").character
    started, _ = apply_advance(hurt, SIGNIFICANT, BreakthroughChoice(recoveries={"severe": "Arm in a Cast"}), CORE)
    assert clears_when(started, CORE, "severe") == (
        "Recovering: clears at your next significant milestone (the end of this scenario).")
    healed, entry = apply_advance(started, SIGNIFICANT, BreakthroughChoice(), CORE)
    assert healed.consequences == [] and "Cleared “Arm in a Cast”" in entry.summary
    burned = fae().model_copy(update={"consequences": [Consequence(slot="severe", text="Burned", recovering=True)]})
    assert clears_when(burned, ACCELERATED, "severe") == (
        "Recovering: clears at your next significant milestone once held for 2 sessions.")
