"""Conditions instead of consequences: plain, and moved further apart with a row cutoff."""

from __future__ import annotations

import pytest
from advance_support import CONDENSED, charles, ruth

from fate_desk.model import CampaignOptions, ClockStamp, ConditionsMode
from fate_desk.rules.harm.absorb import absorb, absorb_options, slot_options, take_consequence
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.harm.recovery import clears_when, treat

PLAIN = CampaignOptions(conditions=ConditionsMode.PLAIN)
APART = CampaignOptions(conditions=ConditionsMode.FURTHER_APART)
FULL = {"physical": [0, 1, 2], "mental": [0, 1, 2, 3]}


def test_plain_conditions_may_be_marked_for_either_kind_of_harm():
    after, entry = take_consequence(charles(), CONDENSED, "scared", track="physical", options=PLAIN)
    assert after.consequences[0].slot == "scared" and after.consequences[0].text == "Scared"
    assert entry.summary == "Took Scared (one box)."


def test_plain_conditions_absorb_half_a_consequence_each():
    plan = absorb_options(charles(stress=FULL), CONDENSED, 3, "physical", PLAIN)
    assert all(o.absorbed == 3 for o in plan.options)
    assert (("wounded", 1),) in [o.consequences for o in plan.options]
    assert (("hurt", 1), ("injured", 1)) in [o.consequences for o in plan.options]


def test_further_apart_keeps_physical_and_mental_apart():
    statuses = {s.value: s for s in slot_options(charles(), CONDENSED, "physical", APART)}
    assert statuses["hurt"].available and not statuses["scared"].available
    assert statuses["scared"].reason == "Scared takes mental harm only, and this hit is physical."


def test_further_apart_doubles_the_boxes_and_cuts_the_row_at_two():
    hero = charles(stress=FULL)
    plan = absorb_options(hero, CONDENSED, 2, "physical", APART)
    assert [o.consequences for o in plan.options] == [(("hurt", 2),), (("injured", 1),)]
    hurt, _ = take_consequence(hero, CONDENSED, "hurt", track="physical", options=APART)
    both, _ = take_consequence(hurt, CONDENSED, "scared", track="mental", options=APART)
    # One Hurt box and one Scared box: the mild row is closed, though Hurt has a box left.
    statuses = {s.value: s for s in slot_options(both, CONDENSED, "physical", APART)}
    assert not statuses["hurt"].available
    assert (
        statuses["hurt"].reason == "The mild row has reached its cutoff: no more boxes may be marked on it."
    )
    with pytest.raises(Refused):
        take_consequence(both, CONDENSED, "hurt", track="physical", options=APART)


def test_an_extra_mild_slot_adds_two_boxes_and_raises_the_row_cutoff():
    tough = ruth().model_copy(
        update={"skills": {**ruth().skills, "Physique": 5}, "stress": {"physical": list(range(6))}}
    )
    hurt = next(s for s in slot_options(tough, CONDENSED, "physical", APART) if s.value == "hurt")
    assert hurt.available
    plan = absorb_options(tough, CONDENSED, 4, "physical", APART)
    assert (("hurt", 4),) in [o.consequences for o in plan.options]
    after, _ = take_consequence(tough, CONDENSED, "hurt", track="physical", boxes=3, options=APART)
    after, _ = take_consequence(after, CONDENSED, "scared", track="mental", options=APART)
    # Three Hurt plus one Scared reach the raised cutoff of four.
    assert not next(
        s for s in slot_options(after, CONDENSED, "physical", APART) if s.value == "hurt"
    ).available


def test_absorbing_with_conditions_marks_their_boxes():
    hero = charles(stress=FULL)
    option = next(
        o
        for o in absorb_options(hero, CONDENSED, 2, "physical", APART).options
        if o.consequences == (("hurt", 2),)
    )
    after, entry = absorb(hero, CONDENSED, option, options=APART)
    assert after.consequences[0].slot == "hurt" and after.consequences[0].boxes_marked == 2
    assert "Hurt (two boxes)" in entry.summary


def test_conditions_recover_like_consequences_of_their_severity():
    hero, _ = take_consequence(charles(), CONDENSED, "injured", track="physical", options=PLAIN)
    failed = treat(hero, CONDENSED, "injured", effort=3, options=PLAIN)
    assert not failed.success and failed.difficulty == 4
    done = treat(
        hero, CONDENSED, "injured", effort=4, options=PLAIN, when=ClockStamp(arc=1, session=2, scene=3)
    )
    assert done.success and done.character.consequences[0].recovering
    assert clears_when(
        done.character, CONDENSED, "injured", PLAIN, ClockStamp(arc=1, session=2, scene=4)
    ) == ("Recovering: clears at the end of the next session (session 3).")


# --- one stress track (Fate Accelerated, a custom unified track) ------------------------------


def _one_track_hero(**changes):
    from fate_desk.model import Character

    return Character(ruleset="fate-accelerated", name="Ada", **changes)


@pytest.mark.parametrize("mode", [PLAIN, APART], ids=["plain", "further-apart"])
def test_with_one_stress_track_any_condition_takes_any_hit(mode):
    from fate_desk.rules import get_ruleset

    fae = get_ruleset("fate-accelerated")
    statuses = {s.value: s for s in slot_options(_one_track_hero(), fae, "stress", mode)}
    assert all(s.available for s in statuses.values()), [s.reason for s in statuses.values()]
    # A hit past stress is absorbed by conditions, not a take-out.
    plan = absorb_options(_one_track_hero(stress={"stress": [0, 1, 2]}), fae, 4, "stress", mode)
    assert not plan.taken_out and plan.options


def _unified():
    from fate_desk.rules.creation.ruleset import RuleSet

    data = CONDENSED.model_dump(mode="json", by_alias=True)
    data.update(id="unified", name="Unified")
    data["stress"]["tracks"] = [{
        "id": "stress", "name": "Stress", "skills": ["Physique", "Will"],
        "levels": [{"at": -10, "boxes": [1, 1, 1]}, {"at": 1, "boxes": [1, 1, 1, 1]}],
    }]
    return RuleSet.model_validate(data)


def test_a_unified_tracks_extra_mild_slot_adds_two_condition_boxes():
    from fate_desk.rules.creation.derive import derive_consequences

    rules = _unified()
    hero = ruth().model_copy(update={"skills": {**ruth().skills, "Physique": 5}})
    slots = {s.id: s for s in derive_consequences(hero, rules, APART)}
    assert slots["hurt"].boxes == 4 and slots["scared"].boxes == 2
    assert slots["hurt"].only is None
    assert slot_options(hero, rules, "stress", APART)[0].available


def test_the_row_cutoff_belongs_to_the_row_so_both_conditions_report_it():
    from fate_desk.rules.creation.derive import derive_consequences

    hero = charles(skills={**charles().skills, "Physique": 5})
    slots = {s.id: s for s in derive_consequences(hero, CONDENSED, APART)}
    assert slots["hurt"].row_cutoff == 4 and slots["scared"].row_cutoff == 4
    assert slots["injured"].row_cutoff == 2 and slots["shaken"].row_cutoff == 2


def test_accelerated_stress_is_never_called_stress_stress():
    from fate_desk.rules import get_ruleset

    fae = get_ruleset("fate-accelerated")
    plan = absorb_options(_one_track_hero(), fae, 2, "stress")
    text = " ".join(o.description for o in plan.options)
    assert "stress stress" not in text and "the stress box worth 2" in text.lower()
