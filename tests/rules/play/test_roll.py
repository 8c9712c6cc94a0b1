"""The core roll model: roll, then invoke after the dice, then read the result; exact odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fate_desk.rules.creation.history import Refused
from fate_desk.rules.play.roll import (
    Action,
    Dice,
    Invoke,
    InvokeKind,
    Outcome,
    Roll,
    RollSetup,
    ScaleUse,
    StuntBonus,
    odds,
    opposed_odds,
    percent,
    scale_difference,
    teamwork_bonus,
)


class Fixed:
    """A dice source that throws the given throws in order."""

    def __init__(self, *throws):
        self._throws = list(throws)

    def throw(self):
        return self._throws.pop(0)


def all_throws():
    return list(itertools.product((-1, 0, 1), repeat=4))


def counted_odds(modifier, against):
    """Odds by walking all 81 throws: independent of the code under test."""
    tally = {o: 0 for o in Outcome}
    for throw in all_throws():
        shifts = sum(throw) + modifier - against
        key = (Outcome.FAIL if shifts < 0 else Outcome.TIE if shifts == 0
               else Outcome.SUCCEED if shifts < 3 else Outcome.SUCCEED_WITH_STYLE)
        tally[key] += 1
    return {o: Fraction(n, 81) for o, n in tally.items()}


def test_fair_against_good_ties_or_better_31_times_in_81():
    assert odds(2, 3).tie_or_better == Fraction(31, 81)


@given(st.integers(-6, 10), st.integers(-4, 10))
@settings(max_examples=200, deadline=None)
def test_odds_equal_the_count_over_all_81_throws(modifier, against):
    chances = odds(modifier, against)
    expected = counted_odds(modifier, against)
    assert [chances.of(o) for o in Outcome] == [expected[o] for o in Outcome]
    assert sum(expected.values()) == 1


def test_stunts_teamwork_and_scale_before_raise_the_odds_like_a_higher_rating():
    setup = RollSetup(Action.OVERCOME, "Athletics", 1, 4, stunts=(StuntBonus("Parkour"),), teamwork=1,
                      scale=1, scale_use=ScaleUse.BEFORE)
    assert setup.modifier == 1 + 2 + 1 + 1
    assert setup.odds() == odds(5, 4)


def test_invokes_come_after_the_dice_and_change_the_result_one_at_a_time():
    setup = RollSetup(Action.ATTACK, "Fight", 2, 3)
    roll = Roll.throw(setup, Fixed((-1, -1, 0, 0)))
    assert roll.effort == 0 and roll.outcome == Outcome.FAIL
    roll = roll.invoke(Invoke("scene:dark", "Dark Alley", free=True, kind=InvokeKind.SITUATION))
    assert roll.effort == 2 and roll.fate_points_spent == 0
    roll = roll.invoke(Invoke("pc:0", "Brawler"))
    assert roll.effort == 4 and roll.shifts == 1 and roll.outcome == Outcome.SUCCEED
    assert roll.fate_points_spent == 1 and roll.free_invokes_used == {"scene:dark": 1}
    assert roll.hit == 1


def test_a_reroll_replaces_all_four_dice_and_keeps_the_bonuses():
    roll = Roll.throw(RollSetup(Action.OVERCOME, "Lore", 2, 2), Fixed((-1, -1, -1, -1)))
    roll = roll.invoke(Invoke("a", "Scholar"))
    roll = roll.invoke(Invoke("b", "Lucky", reroll=True), Fixed((1, 1, 0, 0)))
    assert roll.throws == ((-1, -1, -1, -1), (1, 1, 0, 0))
    assert roll.effort == 2 + 2 + 2


def test_the_same_aspect_is_invoked_once_per_roll_when_paid():
    roll = Roll.throw(RollSetup(Action.OVERCOME, "Lore", 2, 2), Fixed((0, 0, 0, 0)))
    roll = roll.invoke(Invoke("a", "Scholar"))
    with pytest.raises(Refused, match="already been invoked"):
        roll.invoke(Invoke("a", "Scholar"))
    with pytest.raises(Refused):
        roll.invoke(Invoke("a", "Scholar", reroll=True), Fixed((1, 1, 1, 1)))


def test_free_invokes_on_one_aspect_stack():
    roll = Roll.throw(RollSetup(Action.OVERCOME, "Lore", 0, 2), Fixed((0, 0, 0, 0)))
    for _ in range(3):
        roll = roll.invoke(Invoke("boost", "Off Balance", free=True, kind=InvokeKind.BOOST))
    assert roll.effort == 6 and roll.free_invokes_used == {"boost": 3} and roll.fate_points_spent == 0


def test_a_paid_hostile_invoke_owes_the_target_a_fate_point():
    roll = Roll.throw(RollSetup(Action.ATTACK, "Shoot", 3, 2), Fixed((0, 0, 0, 0)))
    roll = roll.invoke(Invoke("npc1:1", "Short Temper", kind=InvokeKind.HOSTILE, owner="npc1"))
    roll = roll.invoke(Invoke("npc1:2", "Bad Knee", free=True, kind=InvokeKind.HOSTILE, owner="npc1"))
    assert roll.hostile_points == {"npc1": 1}
    assert roll.fate_points_spent == 1


def test_create_an_advantage_gives_one_free_invoke_two_with_style_and_a_boost_on_a_tie():
    setup = RollSetup(Action.CREATE_ADVANTAGE, "Notice", 2, 2)
    assert Roll.throw(setup, Fixed((1, 0, 0, 0))).free_invokes_created == 1
    assert Roll.throw(setup, Fixed((1, 1, 1, 0))).free_invokes_created == 2
    tie = Roll.throw(setup, Fixed((0, 0, 0, 0)))
    assert tie.free_invokes_created == 0 and tie.boost


def test_overcome_with_style_gives_a_boost_and_a_plain_success_does_not():
    setup = RollSetup(Action.OVERCOME, "Athletics", 2, 0)
    assert Roll.throw(setup, Fixed((1, 0, 0, 0))).boost
    assert not Roll.throw(setup, Fixed((-1, 0, 0, 0))).boost


def test_scale_after_success_adds_two_per_level_only_when_the_roll_succeeds():
    setup = RollSetup(Action.ATTACK, "Fight", 2, 2, scale=2, scale_use=ScaleUse.AFTER_SUCCESS)
    assert Roll.throw(setup, Fixed((1, 0, 0, 0))).effort == 3 + 4
    assert Roll.throw(setup, Fixed((0, 0, 0, 0))).effort == 2  # a tie is no success
    assert setup.modifier == 2


def test_scale_after_success_odds_move_successes_up_to_style():
    setup = RollSetup(Action.OVERCOME, "Fight", 2, 2, scale=1, scale_use=ScaleUse.AFTER_SUCCESS)
    plain = counted_odds(2, 2)
    chances = setup.odds()
    assert chances.fail == plain[Outcome.FAIL] and chances.tie == plain[Outcome.TIE]
    # any success (dice >= +1) gets +2 and so reaches style (3 or more shifts)
    assert chances.succeed == 0 and chances.style == plain[Outcome.SUCCEED] + plain[Outcome.SUCCEED_WITH_STYLE]


def test_scale_free_invoke_adds_one_per_level_on_a_successful_advantage():
    setup = RollSetup(Action.CREATE_ADVANTAGE, "Lore", 3, 2, scale=2, scale_use=ScaleUse.FREE_INVOKE)
    assert Roll.throw(setup, Fixed((0, 0, 0, 0))).free_invokes_created == 1 + 2
    assert Roll.throw(setup, Fixed((-1, 0, 0, 0))).free_invokes_created == 0


def test_a_lower_scale_gives_this_roll_nothing():
    assert scale_difference("Mundane", "Legendary") == -3
    setup = RollSetup(Action.OVERCOME, "Will", 2, 2, scale=-3)
    assert setup.modifier == 2


def test_teamwork_is_capped_at_the_leaders_rating():
    assert teamwork_bonus(4, [1, 2, 0, 3]) == 3
    assert teamwork_bonus(1, [2, 2, 2]) == 1


def test_percent_never_rounds_a_possible_outcome_to_zero():
    assert percent(Fraction(1, 81)) == "1%"
    assert percent(Fraction(1, 6561)) == "<1%"
    assert percent(Fraction(31, 81)) == "38%"


def test_the_summary_names_the_dice_effort_on_the_ladder_and_invokes():
    roll = Roll.throw(RollSetup(Action.ATTACK, "Fight", 2, 3, who="Ruth"), Fixed((1, 0, 0, -1)))
    roll = roll.invoke(Invoke("a", "Brawler"))
    text = roll.summary()
    assert text.startswith("Ruth: Attack with Fight Fair (+2)")
    assert "Great (+4)" in text and "“Brawler”: +2 (for a fate point)" in text


def test_seeded_dice_repeat():
    assert [Dice(5).throw() for _ in range(2)] == [Dice(5).throw() for _ in range(2)]


def test_opposed_odds_count_every_pair_of_throws():
    tally = {o: 0 for o in Outcome}
    for mine in all_throws():
        for theirs in all_throws():
            shifts = sum(mine) + 3 - sum(theirs) - 2
            tally[Outcome.FAIL if shifts < 0 else Outcome.TIE if shifts == 0
                  else Outcome.SUCCEED if shifts < 3 else Outcome.SUCCEED_WITH_STYLE] += 1
    chances = opposed_odds(3, 2)
    assert [chances.of(o) for o in Outcome] == [Fraction(tally[o], 6561) for o in Outcome]


def test_a_boost_is_never_invoked_for_a_fate_point():
    roll = Roll.throw(RollSetup(Action.OVERCOME, "Lore", 0, 2), Fixed((0, 0, 0, 0)))
    with pytest.raises(Refused, match="boost"):
        roll.invoke(Invoke("b", "Off Balance", kind=InvokeKind.BOOST))
