"""Fate dice for the table aids: 4dF, effort, shifts and what the outcome means for the action."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum

from fate_desk.model import ladder_label, signed


class Action(StrEnum):
    OVERCOME = "overcome"
    CREATE_ADVANTAGE = "create_advantage"
    ATTACK = "attack"
    DEFEND = "defend"

    @property
    def label(self) -> str:
        return {"overcome": "Overcome", "create_advantage": "Create an advantage",
                "attack": "Attack", "defend": "Defend"}[self.value]


class Outcome(StrEnum):
    FAIL = "fail"
    TIE = "tie"
    SUCCEED = "succeed"
    SUCCEED_WITH_STYLE = "succeed_with_style"

    @property
    def label(self) -> str:
        return {"fail": "Fail", "tie": "Tie", "succeed": "Succeed",
                "succeed_with_style": "Succeed with style"}[self.value]


def outcome_for(shifts: int) -> Outcome:
    if shifts < 0:
        return Outcome.FAIL
    if shifts == 0:
        return Outcome.TIE
    return Outcome.SUCCEED if shifts < 3 else Outcome.SUCCEED_WITH_STYLE


# What each outcome means for each action, in our own words.
_MEANINGS: dict[Action, dict[Outcome, str]] = {
    Action.OVERCOME: {
        Outcome.FAIL: "You don't get what you wanted, or you get it at a serious cost.",
        Outcome.TIE: "You get it, but at a minor cost (or you fail and take a boost).",
        Outcome.SUCCEED: "You get what you wanted and the story moves on.",
        Outcome.SUCCEED_WITH_STYLE: "You get what you wanted, and a boost on top.",
    },
    Action.CREATE_ADVANTAGE: {
        Outcome.FAIL: "No aspect, or the aspect appears but your opposition holds the free invoke.",
        Outcome.TIE: "No lasting aspect, but you get a boost.",
        Outcome.SUCCEED: "The aspect is yours with one free invoke.",
        Outcome.SUCCEED_WITH_STYLE: "The aspect is yours with two free invokes.",
    },
    Action.ATTACK: {
        Outcome.FAIL: "The attack does no harm.",
        Outcome.TIE: "No harm, but you get a boost.",
        Outcome.SUCCEED: "You land a hit of {shifts} shift{s}.",
        Outcome.SUCCEED_WITH_STYLE: "You land a hit of {shifts} shifts; you may trade one shift for a boost.",
    },
    Action.DEFEND: {
        Outcome.FAIL: "The attack or advantage gets through: you take the hit or suffer the aspect.",
        Outcome.TIE: "Use the tie result of the action you opposed.",
        Outcome.SUCCEED: "You take no hit and the opposing action is denied.",
        Outcome.SUCCEED_WITH_STYLE: "You take no hit, deny the action, and get a boost.",
    },
}


def meaning(action: Action, outcome: Outcome, shifts: int = 0) -> str:
    text = _MEANINGS[action][outcome]
    return text.format(shifts=shifts, s="" if shifts == 1 else "s")


@dataclass(frozen=True)
class Invoke:
    """An aspect invoked on the roll: +2, or a reroll of all four dice; free or for a fate point."""

    aspect: str = ""
    reroll: bool = False
    free: bool = False


@dataclass
class Roll:
    action: Action
    skill: str
    rating: int
    against: int
    rolls: list[tuple[int, ...]] = field(default_factory=list)  # every throw, rerolls included
    invokes: list[Invoke] = field(default_factory=list)
    stunt_bonus: int = 0
    opposed: bool = False  # against another character's roll rather than a set difficulty

    @property
    def dice(self) -> tuple[int, ...]:
        return self.rolls[-1]

    @property
    def bonus(self) -> int:
        return 2 * sum(1 for i in self.invokes if not i.reroll) + self.stunt_bonus

    @property
    def effort(self) -> int:
        return sum(self.dice) + self.rating + self.bonus

    @property
    def shifts(self) -> int:
        return self.effort - self.against

    @property
    def outcome(self) -> Outcome:
        return outcome_for(self.shifts)

    @property
    def fate_points_spent(self) -> int:
        return sum(1 for i in self.invokes if not i.free)

    def meaning(self) -> str:
        return meaning(self.action, self.outcome, max(self.shifts, 0))

    def summary(self) -> str:
        faces = " ".join({-1: "−", 0: "0", 1: "+"}[d] for d in self.dice)
        against = "opposition" if self.opposed else "difficulty"
        return (
            f"{self.action.label} with {self.skill or 'no skill'} {ladder_label(self.rating)}: "
            f"[{faces}] {signed(sum(self.dice))}, effort {ladder_label(self.effort)} against "
            f"{against} {ladder_label(self.against)}: {signed(self.shifts)} shift"
            f"{'' if abs(self.shifts) == 1 else 's'}, {self.outcome.label.lower()}. {self.meaning()}"
        )


class Dice:
    """Fate dice with their own random source, seedable for tests."""

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)

    def throw(self) -> tuple[int, ...]:
        return tuple(self._rng.choice((-1, 0, 1)) for _ in range(4))

    def roll(
        self,
        action: Action,
        skill: str,
        rating: int,
        against: int,
        invokes: list[Invoke] | None = None,
        stunt_bonus: int = 0,
        opposed: bool = False,
    ) -> Roll:
        invokes = list(invokes or [])
        result = Roll(action, skill, rating, against, [self.throw()], invokes, stunt_bonus, opposed)
        for invoke in invokes:
            if invoke.reroll:
                result.rolls.append(self.throw())
        return result


def teamwork_bonus(leader_rating: int, helper_ratings: list[int]) -> int:
    """+1 per helper with at least Average (+1) in the skill, capped at the leader's rating."""
    helpers = sum(1 for r in helper_ratings if r >= 1)
    return max(0, min(helpers, leader_rating))

