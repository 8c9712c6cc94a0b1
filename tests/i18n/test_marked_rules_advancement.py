"""Milestones in the pseudo-locale: offers, refusals and summaries in the language, with the
skills named through the rule set's words and stored under their English names (issue 29)."""

from __future__ import annotations

import pytest
from advance_support import CONDENSED, ruth
from pseudo_text import assert_translated, pseudo  # noqa: F401 (fixture)

from fate_desk.rules.advancement.milestones import SwapSkills, apply_milestone, milestone_options
from fate_desk.rules.advancement.raises import raise_options
from fate_desk.rules.creation.history import Refused


def test_a_swap_is_summed_up_in_the_language_and_keeps_the_english_skill_keys(pseudo):
    new, entry = apply_milestone(ruth(), SwapSkills("Fight", "Lore"), CONDENSED)
    assert new.skills["Fight"] == 1 and new.skills["Lore"] == 4
    assert pseudo("Fight") in entry.summary and pseudo("Lore") in entry.summary
    assert_translated(entry.summary)


def test_a_refused_swap_says_why_in_the_language(pseudo):
    with pytest.raises(Refused) as info:
        apply_milestone(ruth(), SwapSkills("Fight", "Empathy"), CONDENSED)
    for problem in info.value.problems:
        assert_translated(problem.message)


def test_what_a_milestone_offers_is_labelled_in_the_language(pseudo):
    for choice in milestone_options(ruth(), CONDENSED):
        assert_translated(choice.label)
        if choice.reason:
            assert_translated(choice.reason)
    for choice in raise_options(ruth(), CONDENSED):
        assert_translated(choice.label)
        assert choice.value in CONDENSED.skills or choice.value in ruth().skills
