"""The old one-shot roll (invokes fixed before the dice); new code uses roll.py, contests contest.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from fate_desk.i18n import _, ngettext, rules_text
from fate_desk.model import ladder_label, signed

# The roll model lives in roll.py; these names stay importable from here.
from fate_desk.rules.play.roll import Action, Outcome, faces_text, meaning, outcome_for, teamwork_bonus
from fate_desk.rules.play.roll import Dice as _Dice


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
        faces = faces_text(self.dice)
        if self.opposed:
            line = _("{action} with {skill} {rating}: [{faces}] {total}, effort {effort} against opposition "
                     "{against}: {shifts}, {outcome}. {meaning}")
        else:
            line = _("{action} with {skill} {rating}: [{faces}] {total}, effort {effort} against difficulty "
                     "{against}: {shifts}, {outcome}. {meaning}")
        return line.format(
            action=self.action.label, skill=rules_text(self.skill) if self.skill else _("no skill"),
            rating=ladder_label(self.rating), faces=faces, total=signed(sum(self.dice)),
            effort=ladder_label(self.effort), against=ladder_label(self.against),
            shifts=ngettext("{shifts} shift", "{shifts} shifts", abs(self.shifts)).format(shifts=signed(self.shifts)),
            outcome=self.outcome.label.lower(), meaning=self.meaning())


class Dice(_Dice):
    """Fate dice (see roll.Dice) with the old one-shot roll, invokes fixed before the dice."""

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


__all__ = [
    "Action", "Dice", "Invoke", "Outcome", "Roll", "meaning", "outcome_for",
    "teamwork_bonus",
]
