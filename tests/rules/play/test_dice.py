"""Dice for the table: effort, shifts and outcomes by name."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fate_desk.rules.play.dice import Action, Dice, Invoke, Outcome, outcome_for, teamwork_bonus


@given(st.integers(0, 2**32))
@settings(max_examples=100, deadline=None)
def test_four_fate_dice_total_minus_four_to_four(seed):
    dice = Dice(seed).throw()
    assert len(dice) == 4 and set(dice) <= {-1, 0, 1}


def test_the_same_seed_gives_the_same_rolls():
    assert [Dice(7).throw() for _ in range(3)] == [Dice(7).throw() for _ in range(3)]
    first, second = Dice(7), Dice(7)
    assert [first.throw() for _ in range(5)] == [second.throw() for _ in range(5)]


def test_outcomes_by_shifts():
    assert [outcome_for(s) for s in (-1, 0, 1, 2, 3, 5)] == [
        Outcome.FAIL, Outcome.TIE, Outcome.SUCCEED, Outcome.SUCCEED, Outcome.SUCCEED_WITH_STYLE,
        Outcome.SUCCEED_WITH_STYLE,
    ]


def test_effort_adds_dice_skill_invokes_and_stunts():
    roll = Dice(3).roll(Action.ATTACK, "Fight", 4, 2, [Invoke("Distracted", free=True), Invoke("Angry")], stunt_bonus=2)
    assert roll.effort == sum(roll.dice) + 4 + 2 + 2 + 2
    assert roll.shifts == roll.effort - 2
    assert roll.fate_points_spent == 1


def test_a_reroll_invoke_replaces_the_dice_and_adds_nothing():
    roll = Dice(11).roll(Action.OVERCOME, "Athletics", 2, 3, [Invoke("Cat-like", reroll=True)])
    assert len(roll.rolls) == 2
    assert roll.effort == sum(roll.rolls[1]) + 2


def test_the_meaning_follows_the_action_and_names_the_shifts():
    roll = Dice(0).roll(Action.ATTACK, "Fight", 8, 0)
    assert roll.outcome == Outcome.SUCCEED_WITH_STYLE
    assert f"{roll.shifts} shifts" in roll.meaning()
    assert "Great" not in roll.summary() and "Legendary (+8)" in roll.summary()


def test_teamwork_is_capped_at_the_leaders_rating():
    assert teamwork_bonus(4, [1, 2, 0, 3]) == 3
    assert teamwork_bonus(1, [2, 2, 2]) == 1
