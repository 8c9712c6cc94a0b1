"""Breakthroughs: a milestone option plus growth, every raise judged by the column rule."""

from __future__ import annotations

from collections import Counter

import pytest
from advance_support import CONDENSED, CORE, charles, ruth

from fate_desk.model import CampaignOptions, ClockStamp, Consequence, HistoryEntry, Stunt
from fate_desk.rules import check, derive
from fate_desk.rules.advancement.milestones import (
    BreakthroughChoice,
    BuyStunt,
    SwapSkills,
    apply_breakthrough,
    breakthrough_options,
    spend_skill_points,
)
from fate_desk.rules.creation.history import Refused, revert_last

ARC_1 = ClockStamp(arc=1, session=4, scene=3)
ARC_2 = ClockStamp(arc=2, session=8, scene=2)


def refused(character, choice, ruleset=CONDENSED, when=None, options=None) -> list[str]:
    with pytest.raises(Refused) as info:
        apply_breakthrough(character, choice, ruleset, options, when)
    return [p.message for p in info.value.problems]


def shape(character) -> dict[int, int]:
    return dict(sorted(Counter(r for r in character.skills.values() if r > 0).items(), reverse=True))


def test_ruth_cannot_raise_lore_alone():
    messages = refused(ruth(), BreakthroughChoice(raises=("Lore",)))
    assert messages == [
        "Raising Lore to Fair (+2) would put four skills at Fair (+2) but only three at Average (+1): "
        "Fair (+2) would outnumber Average (+1). Raise another skill to Average (+1) at the same time "
        "(a saved skill point can pay for it), or choose a different skill."
    ]


def test_ruth_raises_lore_together_with_empathy_using_a_saved_point():
    # The book: a point saved at an earlier breakthrough lets both raises land together.
    first, _ = apply_breakthrough(ruth(), BreakthroughChoice(), CONDENSED, when=ARC_1)
    assert first.saved_skill_points == 1
    second, entry = apply_breakthrough(
        first, BreakthroughChoice(raises=("Lore", "Empathy")), CONDENSED, when=ARC_2
    )
    assert second.skills["Lore"] == 2 and second.skills["Empathy"] == 1
    assert shape(second) == {4: 1, 3: 2, 2: 4, 1: 4}
    assert second.saved_skill_points == 0
    assert "Raising Lore to Fair (+2) and Empathy to Average (+1)" in entry.summary
    assert check(second, CONDENSED).ok


def test_an_unspent_skill_point_is_saved():
    new, entry = apply_breakthrough(ruth(), BreakthroughChoice(), CONDENSED)
    assert new.saved_skill_points == 1
    assert entry.summary == "One skill point saved."
    assert new.has_breakthrough()


def test_mediocre_to_average_counts_as_a_raise():
    new, _ = apply_breakthrough(ruth(), BreakthroughChoice(raises=("Empathy",)), CONDENSED)
    assert new.skills["Empathy"] == 1 and new.saved_skill_points == 0
    assert check(new, CONDENSED).ok


def test_more_raises_than_points_are_refused():
    messages = refused(ruth(), BreakthroughChoice(raises=("Empathy", "Drive")))
    assert messages == ["That is two raises, but you have one skill point to spend."]


def test_gm_power_ups_add_refresh_a_stunt_and_a_second_point():
    choice = BreakthroughChoice(
        raises=("Empathy", "Drive"),
        gm_skill_point=True,
        gm_refresh=True,
        new_stunt=Stunt(name="Hard to Kill", text="Because ..."),
    )
    new, entry = apply_breakthrough(ruth(), choice, CONDENSED)
    assert new.refresh == 4 and len(new.stunts) == 4
    assert derive(new, CONDENSED).refresh == 3  # the new stunt took the new refresh
    assert new.skills["Empathy"] == 1 and new.skills["Drive"] == 1
    assert "Power-up: refresh 3 → 4." in entry.summary
    assert check(new, CONDENSED).ok


def test_a_stunt_outside_the_milestone_needs_the_refresh_power_up():
    messages = refused(ruth(), BreakthroughChoice(new_stunt=Stunt(name="Free lunch")))
    assert "Only the GM's refresh power-up buys a stunt" in messages[0]


def test_the_milestone_part_is_checked_like_a_milestone():
    five = ruth().model_copy(update={"stunts": [Stunt(name=f"S{i}") for i in range(5)]})
    messages = refused(five, BreakthroughChoice(milestone=BuyStunt("Sixth", "")))
    assert "refresh can never drop below 1" in messages[0]
    # With the refresh power-up the same purchase fits.
    new, _ = apply_breakthrough(
        five, BreakthroughChoice(milestone=BuyStunt("Sixth", ""), gm_refresh=True), CONDENSED
    )
    assert derive(new, CONDENSED).refresh == 1


def test_every_problem_is_reported_and_nothing_lands():
    original = ruth()
    snapshot = original.model_dump()
    messages = refused(
        original,
        BreakthroughChoice(
            milestone=SwapSkills("Fight", "Fight"), raises=("Lore",), new_stunt=Stunt(name="x")
        ),
    )
    assert len(messages) == 3
    assert original.model_dump() == snapshot


def test_rewrite_the_high_concept():
    new, entry = apply_breakthrough(
        ruth(), BreakthroughChoice(high_concept="Monster-Hunting Archivist"), CONDENSED
    )
    assert new.aspects[0].text == "Monster-Hunting Archivist"
    assert "High concept is now “Monster-Hunting Archivist”." in entry.summary


def wounded(character):
    return character.model_copy(
        update={
            "consequences": [
                Consequence(slot="mild", text="Bruised Knuckles"),
                Consequence(slot="moderate", text="Gaping Chest Wound"),
                Consequence(
                    slot="severe",
                    text="Shattered Leg",
                    recovering=True,
                    recovery_started=ClockStamp(arc=1, session=2, scene=1),
                ),
            ]
        }
    )


def test_recovery_at_a_breakthrough():
    options = breakthrough_options(wounded(ruth()), CONDENSED)
    assert [s.value for s in options.begin_recovery] == ["moderate"]
    assert options.clears == ["Shattered Leg"]
    new, entry = apply_breakthrough(
        wounded(ruth()),
        BreakthroughChoice(recoveries={"moderate": "Stitched-Up Chest"}),
        CONDENSED,
        when=ARC_1,
    )
    by_slot = {c.slot: c for c in new.consequences}
    assert set(by_slot) == {"mild", "moderate"}  # the recovering severe one cleared
    assert by_slot["moderate"].text == "Stitched-Up Chest" and by_slot["moderate"].recovering
    assert by_slot["moderate"].recovery_started == ARC_1
    assert not by_slot["mild"].recovering
    assert "Cleared “Shattered Leg”." in entry.summary


def test_a_breakthrough_does_not_start_recovery_for_mild_consequences():
    messages = refused(wounded(ruth()), BreakthroughChoice(recoveries={"mild": "Taped Knuckles"}))
    assert "moderate or severe consequences not yet recovering; mild is not one" in messages[0]


def test_the_extreme_slot_reopens_and_its_aspect_may_be_renamed():
    options = CampaignOptions(extreme_consequences=True)
    scarred = ruth()
    aspects = list(scarred.aspects)
    aspects[3] = aspects[3].model_copy(update={"text": "Hollowed by the Abyss", "extreme": True})
    scarred = scarred.model_copy(
        update={
            "aspects": aspects,
            "consequences": [Consequence(slot="extreme", text="Hollowed by the Abyss")],
        }
    )
    new, _ = apply_breakthrough(
        scarred, BreakthroughChoice(extreme_renames={3: "I Stared Back Into the Abyss"}), CONDENSED, options
    )
    assert new.consequences == []
    assert new.aspects[3].text == "I Stared Back Into the Abyss" and new.aspects[3].extreme
    assert (
        "Only an aspect an extreme consequence replaced"
        in refused(scarred, BreakthroughChoice(extreme_renames={1: "New trouble"}), options=options)[0]
    )


def test_one_breakthrough_per_arc():
    first, _ = apply_breakthrough(ruth(), BreakthroughChoice(), CONDENSED, when=ARC_1)
    assert refused(first, BreakthroughChoice(), when=ARC_1) == [
        "You already took the breakthrough for arc 1."
    ]


def test_the_checker_judges_by_the_column_once_a_breakthrough_is_recorded():
    first, _ = apply_breakthrough(ruth(), BreakthroughChoice(), CONDENSED, when=ARC_1)
    second, _ = apply_breakthrough(
        first, BreakthroughChoice(raises=("Lore", "Empathy")), CONDENSED, when=ARC_2
    )
    assert check(second, CONDENSED).ok
    # The same skills without the history break the creation pyramid.
    assert "skills.over" in check(second.model_copy(update={"advancement": []}), CONDENSED).codes()


def test_saved_points_can_be_spent_later_together():
    earlier = [HistoryEntry(kind="breakthrough", summary="saved"), HistoryEntry(kind="breakthrough", summary="saved")]
    saver = ruth().model_copy(update={"saved_skill_points": 2, "advancement": earlier})
    saver, _ = apply_breakthrough(saver, BreakthroughChoice(), CONDENSED, when=ARC_1)
    assert saver.saved_skill_points == 3
    with pytest.raises(Refused) as info:
        spend_skill_points(saver, ["Fight"], CONDENSED)
    assert "Superb (+5) would outnumber Great (+4)" in info.value.problems[0].message
    new, entry = spend_skill_points(saver, ["Academics", "Fight", "Empathy"], CONDENSED)
    assert new.skills["Fight"] == 5 and new.skills["Academics"] == 4 and new.skills["Empathy"] == 1
    assert new.saved_skill_points == 0 and entry.kind == "skill points"
    assert check(new, CONDENSED).ok
    assert revert_last(new).character.model_dump() == saver.model_dump()


def test_spending_more_points_than_saved_is_refused():
    with pytest.raises(Refused) as info:
        spend_skill_points(ruth(), ["Empathy"], CONDENSED)
    assert info.value.problems[0].message == "That is one raise, but you have no skill points to spend."


def test_raise_options_explain_each_skill():
    options = breakthrough_options(ruth(), CONDENSED)
    status = {s.value: s for s in options.raises}
    assert status["Empathy"].available
    assert not status["Lore"].available and "Fair (+2) would outnumber Average (+1)" in status["Lore"].reason
    assert not status["Fight"].available and "Superb (+5)" in status["Fight"].reason
    assert options.skill_points == 1


def test_fate_core_uses_the_same_advancement():
    hero = charles(ruleset="fate-core")
    new, _ = apply_breakthrough(hero, BreakthroughChoice(raises=("Physique",)), CORE)
    assert new.skills["Physique"] == 1
    assert derive(new, CORE).stress["physical"] == [1, 2, 3]
