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
        "No treatment roll: clears at the end of the scenario (your next significant milestone).")


def test_core_severe_clears_one_whole_scenario_after_recovery_starts():
    """Fate Core SRD, "Recovering from Consequences": a severe consequence clears after "one
    whole scenario" of recovery. Treated during a scenario, it does not clear at that
    scenario's end (the scenario was not whole), only at the next one's."""
    from fate_desk.rules.harm.recovery import clears_when, treat

    hurt = take_consequence(hero(), CORE, "severe", "Broken Arm").character
    treated = treat(hurt, CORE, "severe", 6, "Arm in a Cast", when=S3).character
    assert "end of the next scenario, not this one" in clears_when(treated, CORE, "severe")
    assert advance_options(treated, SIGNIFICANT, CORE).clears == []
    first, entry = apply_advance(treated, SIGNIFICANT, BreakthroughChoice(), CORE)
    assert [c.text for c in first.consequences] == ["Arm in a Cast"] and "Still recovering" in entry.summary
    assert clears_when(first, CORE, "severe") == (
        "Recovering: clears at your next significant milestone (the end of this scenario).")
    second, entry = apply_advance(first, SIGNIFICANT, BreakthroughChoice(), CORE)
    assert second.consequences == [] and "Cleared “Arm in a Cast”" in entry.summary


def test_core_skill_cap_rises_only_when_a_skill_goes_past_it():
    """Fate Core SRD, "Major Milestones": one skill may go a step above the cap, which raises
    the cap; a major milestone whose raise stays within the cap leaves it where it was."""
    from fate_desk.rules.creation.grants import skill_cap

    assert skill_cap(hero(), CORE) == 4
    within, _ = apply_advance(hero(), MAJOR, BreakthroughChoice(raises=("Lore",)), CORE)
    assert within.skills["Lore"] <= 4 and skill_cap(within, CORE) == 4
    top = hero().model_copy(update={"skills": {**hero().skills, "Fight": 4}})
    past, _ = apply_advance(top, MAJOR, BreakthroughChoice(raises=("Fight",)), CORE)
    assert past.skills["Fight"] == 5 and skill_cap(past, CORE) == 5


# --- Fate Accelerated recovery: no treatment roll ---------------------------------------------


def test_accelerated_recovery_has_no_treatment_roll():
    """FAE SRD, "Getting Better—Recovering from Stress and Consequences": recovery needs an
    explanation and time, no roll."""
    from fate_desk.rules.harm.recovery import treat

    hurt = take_consequence(fae(), ACCELERATED, "mild", "Bruised", when=S3).character
    with pytest.raises(Refused, match="no treatment roll") as info:
        treat(hurt, ACCELERATED, "mild", 4)
    assert "end of the scene, given a chance to rest" in info.value.problems[0].message


def test_accelerated_mild_clears_at_the_end_of_the_scene_given_rest():
    """FAE SRD, "Getting Better…": mild: clear it at the end of the scene, provided you get a
    chance to rest."""
    from fate_desk.rules.clock.timeline import EndScene, end_scene
    from fate_desk.rules.harm.recovery import clears_when

    hurt = take_consequence(fae(), ACCELERATED, "mild", "Bruised", when=S3).character
    assert clears_when(hurt, ACCELERATED, "mild", clock=S3) == (
        "No treatment roll: clears at the end of this scene, given a chance to rest.")
    camp = Campaign(ruleset="fate-accelerated", characters=[hurt], clock=S3)
    assert end_scene(camp).campaign.characters[0].consequences == []
    restless = end_scene(camp, EndScene(no_rest=frozenset({"ada"}))).campaign
    assert [c.text for c in restless.characters[0].consequences] == ["Bruised"]


def test_accelerated_moderate_clears_at_the_end_of_the_next_session():
    """FAE SRD, "Getting Better…": moderate: clear it at the end of the next session."""
    hurt = take_consequence(fae(), ACCELERATED, "moderate", "Sprained Ankle", when=S3).character
    camp = Campaign(ruleset="fate-accelerated", characters=[hurt], clock=S3)
    after_this = end_session(camp).campaign
    assert [c.text for c in after_this.characters[0].consequences] == ["Sprained Ankle"]
    after_next = end_session(after_this).campaign
    assert after_next.characters[0].consequences == []


def test_accelerated_severe_clears_at_the_end_of_the_scenario():
    """FAE SRD, "Getting Better…": severe: clear it at the end of the scenario (the significant
    milestone), without treatment."""
    hurt = take_consequence(fae(), ACCELERATED, "severe", "Burned Hands", when=S3).character
    assert advance_options(hurt, SIGNIFICANT, ACCELERATED).clears == ["Burned Hands"]
    healed, entry = apply_advance(hurt, SIGNIFICANT, BreakthroughChoice(), ACCELERATED)
    assert healed.consequences == [] and "Burned Hands" in entry.summary
    kept, _ = apply_advance(hurt, MINOR, BreakthroughChoice(), ACCELERATED)
    assert [c.text for c in kept.consequences] == ["Burned Hands"]


def test_accelerated_milestones_charge_refresh_only_after_three_stunts():
    """FAE SRD, "Minor Milestones": choose a new stunt "and adjust your refresh, if you already
    have three stunts"; session refresh is the full three with three stunts."""
    from fate_desk.rules.advancement.milestones import MilestoneKind

    two = fae().model_copy(update={"stunts": [Stunt(name="A"), Stunt(name="B")]})
    status = {s.value: s for s in milestone_options(two, ACCELERATED)}
    assert "costs no refresh" in status[MilestoneKind.BUY_STUNT].reason
    three = two.model_copy(update={"stunts": [*two.stunts, Stunt(name="C")], "fate_points": 0})
    status = {s.value: s for s in milestone_options(three, ACCELERATED)}
    assert "Refresh goes from 3 to 2" in status[MilestoneKind.BUY_STUNT].reason
    camp = Campaign(ruleset="fate-accelerated", characters=[three], clock=S3)
    assert end_session(camp).campaign.characters[0].fate_points == 3
