"""Harm in the pseudo-locale: hits, absorbing, stress and consequences, treatment and
recovery all say what happened in the language, while the sheet keeps its track and slot
ids (issue 29)."""

from __future__ import annotations

import pytest
from advance_support import CONDENSED, charles
from pseudo_text import assert_translated, pseudo  # noqa: F401 (fixture)

from fate_desk.model import Consequence
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.harm.absorb import absorb_options, concede, mark_stress, resolve_hit, take_consequence
from fate_desk.rules.harm.recovery import treat

WORDS = {"Bloody", "Nose", "Gaping", "Chest", "Wound", "Stitched"}


def test_marking_stress_is_told_in_the_language_and_stored_under_the_track_id(pseudo):
    after, entry = mark_stress(charles(), CONDENSED, "physical", [0, 1])
    assert after.stress == {"physical": [0, 1]}
    assert_translated(entry.summary)


def test_a_hit_and_the_ways_to_absorb_it_are_translated(pseudo):
    assert_translated(resolve_hit(3).note)
    plan = absorb_options(charles(), CONDENSED, 5, "physical")
    assert_translated(plan.message)
    for option in plan.options:
        assert_translated(option.description)


def test_taking_and_treating_a_consequence_speak_the_language(pseudo):
    after, entry = take_consequence(charles(), CONDENSED, "mild", "Bloody Nose")
    assert after.consequences[0].slot == "mild"
    assert_translated(entry.summary, WORDS)
    hurt = charles(consequences=[Consequence(slot="moderate", text="Gaping Chest Wound")])
    result = treat(hurt, CONDENSED, "moderate", effort=5, new_text="Stitched Chest")
    assert_translated(result.entry.summary, WORDS)


def test_a_refusal_and_a_concession_are_translated(pseudo):
    with pytest.raises(Refused) as info:
        take_consequence(charles(), CONDENSED, "mild", "")
    assert_translated(info.value.problems[0].message)
    assert_translated(concede(charles()).entry.summary)
