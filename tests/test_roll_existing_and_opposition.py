"""The roll model: create an advantage on an existing aspect, and invokes against a passive difficulty."""

from __future__ import annotations

import pytest

from fate_desk.rules.creation.history import Refused
from fate_desk.rules.play.roll import Action, Invoke, InvokeKind, Roll, RollSetup


def roll(shifts: int, action=Action.CREATE_ADVANTAGE) -> Roll:
    # dice 0, rating 3: effort 3; the difficulty gives exactly `shifts`.
    return Roll(RollSetup(action, "Notice", 3, against=3 - shifts), ((0, 0, 0, 0),))


@pytest.mark.parametrize(("shifts", "known", "free", "boost", "theirs"), [
    (-1, True, 0, False, 1),   # fail, known: the opposition gets a free invoke
    (-1, False, 0, False, 0),  # fail, unknown: nothing (they may reveal it)
    (0, True, 1, False, 0),    # tie, known: a free invoke
    (0, False, 0, True, 0),    # tie, unknown: a boost, it stays unknown
    (1, True, 1, False, 0),
    (2, False, 1, False, 0),
    (3, True, 2, False, 0),    # style: two
])
def test_create_an_advantage_on_an_existing_aspect_follows_the_book(shifts, known, free, boost, theirs):
    done = roll(shifts).on_existing_aspect(known)
    assert (done.free_invokes, done.boost, done.to_opposition) == (free, boost, theirs)


def test_each_invoke_against_the_roll_adds_two_to_the_difficulty_and_one_aspect_is_paid_once():
    start = roll(2, Action.OVERCOME)
    against = Invoke("scene:rain", "Pouring Rain", kind=InvokeKind.SITUATION, by="npc-hale")
    once = start.oppose(against)
    assert once.difficulty == start.difficulty + 2 and once.shifts == 0
    with pytest.raises(Refused):
        once.oppose(against)
    twice = once.oppose(Invoke("scene:rain", "Pouring Rain", free=True, kind=InvokeKind.SITUATION))
    assert twice.shifts == -2
    assert twice.fate_points_spent == 0  # the roller pays nothing for invokes against the roll


def test_an_opposed_roll_takes_no_invokes_against_it_and_a_difficulty_has_no_dice_to_reroll():
    opposed = Roll(RollSetup(Action.ATTACK, "Fight", 3, against=2, opposed=True), ((0, 0, 0, 0),))
    with pytest.raises(Refused):
        opposed.oppose(Invoke("aspect:x:0", "Big"))
    with pytest.raises(Refused):
        roll(1, Action.OVERCOME).oppose(Invoke("aspect:x:0", "Big", reroll=True))
