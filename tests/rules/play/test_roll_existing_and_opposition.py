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


def test_a_failure_on_an_unknown_aspect_may_reveal_it_for_the_oppositions_free_invoke():
    """Fate Condensed, "Create an Advantage": on a failure against an unknown aspect the enemy
    "may choose to reveal it to get a free invoke"."""
    done = roll(-1).on_existing_aspect(False, reveal_on_failure=True)
    assert (done.free_invokes, done.boost, done.to_opposition) == (0, False, 1)


@pytest.mark.parametrize(("shifts", "free", "boost"), [(-1, 0, False), (0, 1, False), (1, 1, False), (3, 2, False)])
def test_core_discovers_an_unknown_aspect_on_a_tie_or_better_with_a_free_invoke(shifts, free, boost):
    """Fate Core SRD, "Create an Advantage": on an existing aspect "when you tie or succeed, you
    place a free invocation on the aspect"; hidden aspects are revealed on a tie or better."""
    done = roll(shifts).on_existing_aspect(False, core_discovery=True)
    assert (done.free_invokes, done.boost) == (free, boost)


def test_core_rules_use_the_core_discovery_table_in_play():
    """The rule set decides: a tie on a hidden aspect reveals it with a free invoke in Fate Core
    (a boost and still hidden in Fate Condensed)."""
    from fate_desk.model import Campaign, Character, Scene, ScenePlay, SituationAspect
    from fate_desk.rules.play.actions import RollResult, apply_roll

    def camp(ruleset):
        scene = Scene(id="s", aspects=[SituationAspect(id="trap", text="Loose Floorboard")],
                      play=ScenePlay(hidden=["trap"]))
        return Campaign(ruleset=ruleset, characters=[Character(id="r", name="Ruth")], scenes=[scene])

    tie = roll(0)
    core = apply_roll(camp("fate-core"), "r", tie, RollResult(existing="scene:trap", existing_known=False))
    assert core.scenes[0].aspects[0].free_invokes == 1 and core.scenes[0].play.hidden == []
    condensed = apply_roll(camp("fate-condensed"), "r", tie, RollResult(existing="scene:trap", existing_known=False,
                                                                          boost="Hunch"))
    assert condensed.scenes[0].aspects[0].free_invokes == 0 and condensed.scenes[0].play.hidden == ["trap"]
    revealed = apply_roll(camp("fate-condensed"), "r", roll(-1),
                          RollResult(existing="scene:trap", existing_known=False, reveal_on_failure=True))
    assert revealed.scenes[0].aspects[0].free_invokes == 1 and revealed.scenes[0].play.hidden == []


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
