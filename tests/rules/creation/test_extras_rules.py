"""Extras and custom tracks in the rules: derived values, the checker, harm, the clock, history.

Book passages: /work/shared/rules-text/fate-core-srd.md, "Extras" ("Assigning Character
Elements", "Permissions And Costs", "Extra: Super Strength"); the Fate System Toolkit's
"Conditions" (fleeting, sticky and lasting) as restated in fate_desk/rules/harm/tracks.py.
"""

from __future__ import annotations

import pytest
from advance_support import CORE, charles

from fate_desk.model import (
    Campaign, ClockStamp, CustomTrack, Extra, ExtraCost, Severity, Stunt, TrackClears, TrackLevel,
)
from fate_desk.rules.clock.timeline import end_scene, end_session
from fate_desk.rules.creation.checker import check
from fate_desk.rules.creation.derive import derive
from fate_desk.rules.creation.extra_edits import buy_extra, remove_extra, switch_extra
from fate_desk.rules.creation.history import Refused, revert_last
from fate_desk.rules.harm.absorb import absorb, absorb_options, mark_stress
from fate_desk.rules.harm.tracks import begin_track_recovery, clear_track

AT = "2024-05-01T20:00:00+00:00"


def core_pc(**changes):
    """Charles under Fate Core: a legal pyramid, three stunts, refresh 3, Mediocre Physique."""
    base = charles(ruleset="fate-core")
    skills = {"Athletics": 4, "Notice": 3, "Shoot": 3, "Will": 2, "Lore": 2, "Empathy": 2,
              "Rapport": 1, "Contacts": 1, "Investigate": 1, "Stealth": 1}
    return base.model_copy(update={"skills": skills, "refresh": 3, **changes})


def jetpack() -> Extra:
    """An extra that costs refresh and grants a stunt and a track (Fate Core SRD, Extras,
    "Assigning Character Elements": an extra that can be used up takes stress of its own)."""
    return Extra(
        name="Rocket Pack", permission="Daredevil Test Pilot", cost=ExtraCost(refresh=1),
        stunts=[Stunt(name="Boost", text="+2 to overcome with Athletics while flying.")],
        tracks=[CustomTrack(id="fuel", name="Fuel", boxes=[1, 1, 1], clears=TrackClears.SESSION)],
    )


def wealth(**changes) -> CustomTrack:
    """A Wealth track linked to Resources, lengthened the way Physique lengthens physical stress."""
    data = dict(id="wealth", name="Wealth", boxes=[1, 2], skill="Resources",
                levels=[TrackLevel(at=1, add=[3]), TrackLevel(at=3, add=[4])], clears=TrackClears.SESSION)
    data.update(changes)
    return CustomTrack(**data)


# --- derived values and the checker ---------------------------------------------------------


def test_an_extra_costing_refresh_lowers_refresh_and_brings_its_track_and_stunt():
    before = derive(core_pc(), CORE)
    after = derive(core_pc(extras=[jetpack()]), CORE)
    assert after.refresh == before.refresh - 1
    assert after.stress["fuel"] == [1, 1, 1] and after.track_names["fuel"] == "Fuel"
    assert "for extras" in after.refresh_explanation


def test_a_switched_off_extra_costs_nothing_and_grants_nothing():
    off = derive(core_pc(extras=[jetpack().model_copy(update={"active": False})]), CORE)
    assert off.refresh == derive(core_pc(), CORE).refresh and "fuel" not in off.stress


def test_super_strength_bonus_lengthens_physical_stress():
    # Fate Core SRD, "Extra: Super Strength": raw-strength Physique at +2. Mediocre Physique
    # gives two physical boxes; +2 reaches the "Fair or Good" row (three boxes).
    strength = Extra(name="Super Strength", cost=ExtraCost(refresh=2), skill_bonuses={"Physique": 2}, weapon=2)
    derived = derive(core_pc(extras=[strength]), CORE)
    assert derived.stress["physical"] == [1, 2, 3]
    assert derived.weapon == 2 and derived.skills["Physique"] == 2


def test_wealth_track_grows_with_resources():
    assert derive(core_pc(tracks=[wealth()]), CORE).stress["wealth"] == [1, 2]
    rich = core_pc(tracks=[wealth()], skills={**core_pc().skills, "Resources": 3, "Rapport": 0})
    assert derive(rich, CORE).stress["wealth"] == [1, 2, 3, 4]


def test_extras_past_the_refresh_minimum_are_explained_in_the_players_words():
    # Fate Core: refresh never drops below 1; an extra's refresh comes out of the same pool.
    greedy = core_pc(extras=[jetpack().model_copy(update={"cost": ExtraCost(refresh=3)})])
    problems = [p for p in check(greedy, CORE).problems if p.code == "refresh.minimum"]
    assert problems and "extra" in problems[0].message and "below 1" in problems[0].message


def test_an_extras_skill_points_come_out_of_the_pyramid():
    # Fate Core SRD, "Permissions And Costs": a cost is paid from the slots character creation gives.
    costly = core_pc(extras=[Extra(name="Sorcery", cost=ExtraCost(skill_points=2))])
    messages = [p.message for p in check(costly, CORE).problems if p.code == "skills.extras"]
    assert messages and "2 skill points" in messages[0] and "switch the extra off" in messages[0]


def test_a_track_using_a_rule_set_track_id_is_an_error():
    clash = core_pc(tracks=[CustomTrack(id="physical", name="Body")])
    assert "tracks.id" in check(clash, CORE).codes()


def test_a_legal_pc_with_a_paid_extra_checks_clean():
    assert check(core_pc(extras=[jetpack()]), CORE).ok


# --- harm ------------------------------------------------------------------------------------


def test_a_hit_on_a_custom_track_marks_its_boxes():
    pc = core_pc(tracks=[wealth()])
    plan = absorb_options(pc, CORE, 2, "wealth")
    assert plan.options and plan.options[0].stress == (1,)
    applied = absorb(pc, CORE, plan.options[0], at=AT)
    assert applied.character.stress["wealth"] == [1]


def test_a_track_that_absorbs_physical_harm_is_offered_for_a_physical_hit():
    armour = CustomTrack(id="hull", name="Hull", boxes=[3], absorbs=["physical"])
    pc = core_pc(tracks=[armour])
    plan = absorb_options(pc, CORE, 3, "physical")
    hull = [o for o in plan.options if o.helpers]
    assert hull and hull[0].helpers == (("hull", 0),) and "hull" in hull[0].description.lower()
    assert absorb(pc, CORE, hull[0], at=AT).character.stress["hull"] == [0]


# --- the clock -------------------------------------------------------------------------------


def _table(character) -> Campaign:
    return Campaign(name="Test", characters=[character], clock=ClockStamp(arc=1, session=1, scene=1))


def test_a_fleeting_track_clears_at_the_end_of_the_scene_a_sticky_one_only_by_its_event():
    angry = CustomTrack(id="angry", name="Angry", boxes=[1], clears=TrackClears.SCENE)
    hungry = CustomTrack(id="hungry", name="Hungry", boxes=[1], clears=TrackClears.EVENT, event="eat a proper meal")
    pc = core_pc(tracks=[angry, hungry], stress={"angry": [0], "hungry": [0], "physical": [0]})
    after = end_scene(_table(pc), at=AT).campaign.characters[0]
    assert after.stress == {"hungry": [0]}
    after = end_session(_table(after), at=AT).campaign.characters[0]
    assert after.stress == {"hungry": [0]}  # sticky: time alone never clears it
    cleared = clear_track(after, "hungry", at=AT)
    assert cleared.character.stress == {} and "eat a proper meal" in cleared.entry.summary


def test_a_lasting_track_clears_only_after_treatment_and_a_full_session():
    injured = CustomTrack(id="injured", name="Injured", boxes=[6], clears=TrackClears.RECOVERY,
                          recovers_as=Severity.MODERATE)
    pc = core_pc(tracks=[injured], stress={"injured": [0]})
    untreated = end_session(_table(pc), at=AT).campaign.characters[0]
    assert untreated.stress == {"injured": [0]}
    with pytest.raises(Refused):
        begin_track_recovery(pc, "angry", 4)
    failed = begin_track_recovery(pc, "injured", 3, when=ClockStamp(arc=1, session=1, scene=1), at=AT)
    assert not failed.character.tracks[0].recovering
    treated = begin_track_recovery(pc, "injured", 4, when=ClockStamp(arc=1, session=1, scene=1), at=AT).character
    same_session = end_session(_table(treated), at=AT).campaign
    assert same_session.characters[0].stress == {"injured": [0]}  # the treatment's own session does not count
    kept = same_session.model_copy(deep=True)
    next_session = end_session(same_session, at=AT).campaign.characters[0]
    assert next_session.stress == {} and not next_session.tracks[0].recovering
    # The campaign the step was given is left as it was: it is what the step's undo gives back.
    assert same_session == kept and same_session.characters[0].tracks[0].recovering


def test_ending_a_scene_clears_an_extras_treated_track_and_leaves_the_campaign_handed_in_as_it_was():
    # A mild-severity lasting track recovers once a whole scene begun after its treatment ends
    # (Fate Core, "Recovering From Consequences"); this one lives on an extra.
    bruised = CustomTrack(id="dented", name="Dented", boxes=[2], clears=TrackClears.RECOVERY,
                          recovers_as=Severity.MILD, recovering=True,
                          recovery_started=ClockStamp(arc=1, session=1, scene=1))
    pack = jetpack().model_copy(update={"tracks": [bruised]})
    pc = core_pc(extras=[pack], stress={"dented": [0], "physical": [0]})
    table = _table(pc).model_copy(update={"clock": ClockStamp(arc=1, session=1, scene=2)})
    kept = table.model_copy(deep=True)
    after = end_scene(table, at=AT).campaign.characters[0]
    assert after.stress == {} and not after.extras[0].tracks[0].recovering
    assert after.extras[0].tracks[0].recovery_started is None
    # The campaign the step was given is left as it was: it is what the step's undo gives back.
    assert table == kept
    before = table.characters[0]
    assert before.stress == {"dented": [0], "physical": [0]} and before.extras[0].tracks[0].recovering
    assert len(after.advancement) == len(before.advancement) + 1 and after.advancement[-1].kind == "clock"


def test_a_sticky_track_does_not_keep_a_scene_open():
    from fate_desk.rules.clock.timeline import scene_open

    hungry = CustomTrack(id="hungry", name="Hungry", boxes=[1], clears=TrackClears.EVENT, event="eat")
    assert not scene_open(_table(core_pc(tracks=[hungry], stress={"hungry": [0]})))


# --- history ---------------------------------------------------------------------------------


def test_buying_switching_and_removing_an_extra_is_recorded_and_reverts():
    pc = core_pc()
    bought = buy_extra(pc, jetpack(), at=AT)
    assert bought.entry.kind == "extra" and "Rocket Pack" in bought.entry.summary and "1 refresh" in bought.entry.summary
    extra_id = bought.character.extras[0].id
    off = switch_extra(bought.character, extra_id, False, at=AT)
    assert "Switched off" in off.entry.summary
    marked = mark_stress(bought.character, CORE, "fuel", [0], at=AT).character
    removed = remove_extra(marked, extra_id, at=AT)
    assert removed.character.extras == [] and "fuel" not in removed.character.stress
    assert revert_last(removed.character).character.extras == marked.extras
    assert revert_last(bought.character).character.extras == []


# --- any sequence of extra edits reverts to where it began ------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from fate_desk.rules.creation.extra_edits import add_track, remove_track  # noqa: E402

_STEPS = st.lists(st.sampled_from(["buy", "switch", "remove", "track", "untrack"]), max_size=8)


@settings(max_examples=40, deadline=None)
@given(_STEPS)
def test_any_sequence_of_extra_edits_reverts_to_the_original(steps):
    # Each step is recorded in the history (Fate Core SRD, Extras, "Extras And Advancement":
    # extras are bought and changed like the elements they are made of); undoing every entry,
    # newest first, gives back the sheet as it was.
    original = core_pc()
    character = original
    for step in steps:
        try:
            if step == "buy":
                character = buy_extra(character, jetpack(), at=AT).character
            elif step == "switch" and character.extras:
                extra = character.extras[-1]
                character = switch_extra(character, extra.id, not extra.active, at=AT).character
            elif step == "remove" and character.extras:
                character = remove_extra(character, character.extras[0].id, at=AT).character
            elif step == "track":
                character = add_track(character, wealth(), at=AT).character
            elif step == "untrack" and character.tracks:
                character = remove_track(character, character.tracks[-1].id, at=AT).character
        except Refused:
            continue
    while len(character.advancement) > len(original.advancement):
        character = revert_last(character).character
    assert character == original
