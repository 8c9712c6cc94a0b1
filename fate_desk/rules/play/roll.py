"""The core roll model: set up a roll, throw 4dF, invoke aspects after the dice, read the result.

A roll goes in three steps, each a pure value (nothing here changes a campaign):

1. `RollSetup` says what is rolled before the dice: action, skill and rating, the opposition
   (a difficulty, or another side's effort when `opposed`), stunt bonuses, teamwork and scale.
   `RollSetup.odds()` gives the exact chance of each outcome from the 4dF distribution.
2. `Roll.throw(setup, dice)` throws the four dice.
3. `Roll.invoke(invoke, dice)` adds one invoke *after* the dice: +2, or a full reroll of the
   four dice. It returns a new Roll or raises `Refused` (an aspect once per roll, except
   with free invokes). Invoke one at a time and read `effort`, `shifts`, `outcome` between.

What the roll costs and gives is read off the final Roll: `fate_points_spent`,
`free_invokes_used` (per aspect key), `hostile_points` (per character whose aspect was
invoked against them), `free_invokes_created` and `boost` (for the table to apply).
Applying those to a campaign is the job of the play operations (`rules/play/actions.py`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import Protocol

from fate_desk.i18n import N_, _, ngettext, rules_text
from fate_desk.model import ladder_label, signed

from fate_desk.rules.creation.history import refuse
from fate_desk.rules.play import scale_names

# --- dice and odds ----------------------------------------------------------------------------

# Ways to roll each total on 4dF, for the totals -4..+4 (3**4 = 81 throws in all).
DISTRIBUTION: tuple[int, ...] = (1, 4, 10, 16, 19, 16, 10, 4, 1)
THROWS = 81


def ways(total: int) -> int:
    """How many of the 81 throws of 4dF give this total (0 outside -4..+4)."""
    return DISTRIBUTION[total + 4] if -4 <= total <= 4 else 0


def chance_at_least(total: int) -> Fraction:
    """The exact chance that 4dF shows `total` or more."""
    return Fraction(sum(ways(t) for t in range(max(total, -4), 5)), THROWS)


def faces_text(dice) -> str:
    """Four Fate dice as a reader sees them: "+ − 0 +"."""
    return " ".join({-1: "−", 0: "0", 1: "+"}[d] for d in dice)

class DiceSource(Protocol):
    """Anything that throws four Fate dice; `Dice` is the real one, seedable for tests."""

    def throw(self) -> tuple[int, ...]: ...


class Dice:
    """Fate dice with their own random source, seedable for tests."""

    def __init__(self, seed: int | None = None):
        self._rng = random.Random(seed)

    def throw(self) -> tuple[int, ...]:
        return tuple(self._rng.choice((-1, 0, 1)) for _die in range(4))


# --- actions and outcomes ---------------------------------------------------------------------


class Action(StrEnum):
    OVERCOME = "overcome"
    CREATE_ADVANTAGE = "create_advantage"
    ATTACK = "attack"
    DEFEND = "defend"

    @property
    def label(self) -> str:
        return {"overcome": _("Overcome"), "create_advantage": _("Create an advantage"),
                "attack": _("Attack"), "defend": _("Defend")}[self.value]


class Outcome(StrEnum):
    FAIL = "fail"
    TIE = "tie"
    SUCCEED = "succeed"
    SUCCEED_WITH_STYLE = "succeed_with_style"

    @property
    def label(self) -> str:
        return {"fail": _("Fail"), "tie": _("Tie"), "succeed": _("Succeed"),
                "succeed_with_style": _("Succeed with style")}[self.value]


def outcome_for(shifts: int) -> Outcome:
    """Shifts to outcome: below 0 fail, 0 tie, 1-2 succeed, 3 or more succeed with style."""
    if shifts < 0:
        return Outcome.FAIL
    if shifts == 0:
        return Outcome.TIE
    return Outcome.SUCCEED if shifts < 3 else Outcome.SUCCEED_WITH_STYLE


# What each outcome means for each action, in our own words.
_MEANINGS: dict[Action, dict[Outcome, str]] = {
    Action.OVERCOME: {
        Outcome.FAIL: N_("You don't get what you wanted, or you get it at a serious cost."),
        Outcome.TIE: N_("You get it, but at a minor cost."),
        Outcome.SUCCEED: N_("You get what you wanted and the story moves on."),
        Outcome.SUCCEED_WITH_STYLE: N_("You get what you wanted, and a boost on top."),
    },
    Action.CREATE_ADVANTAGE: {
        Outcome.FAIL: N_("No aspect, or the aspect appears but your opposition holds the free invoke."),
        Outcome.TIE: N_("No lasting aspect, but you get a boost."),
        Outcome.SUCCEED: N_("The aspect is yours with one free invoke."),
        Outcome.SUCCEED_WITH_STYLE: N_("The aspect is yours with two free invokes."),
    },
    Action.ATTACK: {
        Outcome.FAIL: N_("The attack does no harm."),
        Outcome.TIE: N_("No harm, but you get a boost."),
        Outcome.SUCCEED: N_("You land a hit of {shifts} shifts."),  # one shift: see meaning()
        Outcome.SUCCEED_WITH_STYLE: N_("You land a hit of {shifts} shifts; you may trade one shift for a boost."),
    },
    Action.DEFEND: {
        Outcome.FAIL: N_("The attack or advantage gets through: you take the hit or suffer the aspect."),
        Outcome.TIE: N_("Use the tie result of the action you opposed."),
        Outcome.SUCCEED: N_("You take no hit and the opposing action is denied."),
        Outcome.SUCCEED_WITH_STYLE: N_("You take no hit, deny the action, and get a boost."),
    },
}


# A contest's rolls in the book's contest words (Fate Condensed, "Contests": "At the end of each
# exchange the side with the highest effort marks a victory; with style, two victories ... On a
# tie there's an unexpected twist"): against the other sides' efforts, or a side's difficulty.
_CONTEST_MEANINGS: dict[bool, dict[Outcome, str]] = {
    True: {  # opposed: the roll's shifts are over the best of the other sides' efforts
        Outcome.FAIL: N_("Another side's effort is higher: no victory for this side this exchange."),
        Outcome.TIE: N_("A tie for the highest effort: no victory, and the GM brings an unexpected twist."),
        Outcome.SUCCEED: N_("The highest effort: this side marks a victory."),
        Outcome.SUCCEED_WITH_STYLE: N_("The highest effort, with style: this side marks two victories."),
    },
    False: {  # against a set difficulty: a victory too, unless another side does better
        Outcome.FAIL: N_("Short of the difficulty: no victory for this side this exchange."),
        Outcome.TIE: N_("Level with the difficulty: no victory for this side this exchange."),
        Outcome.SUCCEED: N_("Past the difficulty: a victory, if no other side has a higher effort."),
        Outcome.SUCCEED_WITH_STYLE: N_("Past the difficulty with style: two victories, if no other side has a "
                                       "higher effort."),
    },
}
_CONTEST_ADVANTAGE_FAIL = N_("No aspect: the side forfeits this exchange's roll, or keeps it and the aspect appears "
                             "with the other side holding its free invoke.")
_CONTEST_ADVANTAGE_FORFEIT = N_("No aspect: the side forfeits this exchange's roll.")


def meaning(action: Action, outcome: Outcome, shifts: int = 0) -> str:
    """What this outcome means for this action, in a sentence."""
    if action == Action.ATTACK and outcome == Outcome.SUCCEED:
        return ngettext("You land a hit of {shifts} shift.", "You land a hit of {shifts} shifts.", shifts).format(
            shifts=shifts)
    return _(_MEANINGS[action][outcome]).format(shifts=shifts)


@dataclass(frozen=True)
class Odds:
    """Exact chances of each outcome, as fractions of the 81 throws."""

    fail: Fraction
    tie: Fraction
    succeed: Fraction
    style: Fraction

    @property
    def tie_or_better(self) -> Fraction:
        return self.tie + self.succeed + self.style

    @property
    def success(self) -> Fraction:
        return self.succeed + self.style

    def of(self, outcome: Outcome) -> Fraction:
        return {Outcome.FAIL: self.fail, Outcome.TIE: self.tie, Outcome.SUCCEED: self.succeed,
                Outcome.SUCCEED_WITH_STYLE: self.style}[outcome]


def odds(modifier: int, against: int) -> Odds:
    """Chances of each outcome when `modifier` (rating and bonuses) is added to 4dF vs `against`.

    The dice must show at least `against - modifier` to tie, one more to succeed, three more
    to succeed with style.
    """
    need = against - modifier
    tie_up = chance_at_least(need)
    succeed_up = chance_at_least(need + 1)
    style = chance_at_least(need + 3)
    return Odds(1 - tie_up, tie_up - succeed_up, succeed_up - style, style)


def opposed_odds(modifier: int, opponent_modifier: int) -> Odds:
    """Chances of each outcome when both sides roll 4dF: the difference of two throws (6561 pairs)."""
    tally = [Fraction(0)] * 4
    for mine in range(-4, 5):
        for theirs in range(-4, 5):
            shifts = modifier + mine - opponent_modifier - theirs
            tally[list(Outcome).index(outcome_for(shifts))] += Fraction(ways(mine) * ways(theirs), THROWS * THROWS)
    return Odds(*tally)


def percent(chance: Fraction) -> str:
    """A chance for people: '38%', '<1%' for tiny non-zero chances, '100%'."""
    if chance == 0:
        return "0%"
    if chance == 1:
        return "100%"
    value = round(float(chance) * 100)
    if value == 0:
        return "<1%"
    return ">99%" if value == 100 else f"{value}%"


# --- teamwork and scale -----------------------------------------------------------------------


def teamwork_bonus(leader_rating: int, helper_ratings: list[int], cap: bool = True, needs_skill: bool = True) -> int:
    """+1 per helper with at least Average (+1) in the skill (`needs_skill`; in Fate Accelerated
    "you get a +1 to your roll for each ally that helps", whatever their approach); Fate
    Condensed caps the bonus at the leader's rating (`cap`), Fate Core and Accelerated do not."""
    helpers = sum(1 for r in helper_ratings if r >= 1 or not needs_skill)
    return max(0, min(helpers, leader_rating)) if cap else helpers


def scale_level(name: str | None) -> int:
    """0 for Mundane (and unset or unknown scales), up to 4 for Godlike; case is ignored."""
    lowered = (name or "").strip().lower()
    return next((i for i, s in enumerate(scale_names.SCALES) if s.lower() == lowered), 0)


def scale_difference(mine: str | None, theirs: str | None) -> int:
    """Levels by which the roller is above the opposition (negative when below)."""
    return scale_level(mine) - scale_level(theirs)


class ScaleUse(StrEnum):
    """The one benefit a higher-scale roller picks for a roll (per level of difference)."""

    BEFORE = "before"  # +1 per level before the roll
    AFTER_SUCCESS = "after_success"  # +2 per level to the result, if the roll succeeds
    FREE_INVOKE = "free_invoke"  # +1 free invoke per level on a successful create an advantage

    @property
    def label(self) -> str:
        return {
            "before": _("+1 per level before the roll"),
            "after_success": _("+2 per level after a success"),
            "free_invoke": _("+1 free invoke per level on a successful create an advantage"),
        }[self.value]


# --- setting up a roll ------------------------------------------------------------------------


@dataclass(frozen=True)
class StuntBonus:
    """A stunt that adds to this roll (the usual "+2 when I use [skill] to [action]")."""

    name: str
    bonus: int = 2


@dataclass(frozen=True)
class RollSetup:
    """Everything fixed before the dice.

    `against` is the difficulty, or the other side's effort when `opposed` (the other side
    rolls its own Roll). `scale` counts the levels by which the roller is above its
    opposition; only a positive scale helps this roll (the higher side's own roll carries its
    benefit), through the one `scale_use` picked for the roll.
    """

    action: Action
    skill: str
    rating: int
    against: int = 0
    opposed: bool = False
    stunts: tuple[StuntBonus, ...] = ()
    teamwork: int = 0
    scale: int = 0
    scale_use: ScaleUse = ScaleUse.BEFORE
    who: str = ""  # the roller's name, for the summary
    # Two combined skill lists (Fate Condensed's optional rule): one skill from each, added.
    second_skill: str = ""
    second_rating: int = 0
    contest: bool = False  # a side's roll in a contest exchange: said in the contest's words
    # A failed create an advantage in the contest forfeits the side's roll, with no other choice
    # (Fate Core: "failing to create an advantage means you forfeit your contest roll").
    contest_forfeit: bool = False

    def __post_init__(self) -> None:
        # Accept the enums' plain values too ("attack"), as item views and files hand them over.
        object.__setattr__(self, "action", Action(self.action))
        object.__setattr__(self, "scale_use", ScaleUse(self.scale_use))

    @property
    def scale_levels(self) -> int:
        return max(0, self.scale)

    @property
    def stunt_bonus(self) -> int:
        return sum(s.bonus for s in self.stunts)

    @property
    def scale_before(self) -> int:
        return self.scale_levels if self.scale_use == ScaleUse.BEFORE else 0

    @property
    def modifier(self) -> int:
        """What is added to the dice before any invoke: rating (and the second list's), stunts,
        teamwork, scale."""
        return self.rating + self.second_rating + self.stunt_bonus + self.teamwork + self.scale_before

    def odds(self, extra: int = 0) -> Odds:
        """Exact odds before the roll; `extra` adds invoke bonuses already on it.

        Scale's "+2 after a success" cannot change whether the roll succeeds, only how well:
        a success moves up by 2 per level, which can turn it into a success with style.
        """
        base = odds(self.modifier + extra, self.against)
        bump = 2 * self.scale_levels if self.scale_use == ScaleUse.AFTER_SUCCESS else 0
        if not bump:
            return base
        need = self.against - self.modifier - extra
        # A success (dice >= need + 1) reaches style when dice + bump >= need + 3.
        style = chance_at_least(max(need + 1, need + 3 - bump))
        return Odds(base.fail, base.tie, base.success - style, style)


# --- invokes ----------------------------------------------------------------------------------


class InvokeKind(StrEnum):
    OWN = "own"  # one of the roller's own aspects
    SITUATION = "situation"  # a situation aspect on the scene or a zone
    BOOST = "boost"
    HOSTILE = "hostile"  # another character's aspect, against them
    CONSEQUENCE = "consequence"  # a consequence (usually someone else's, with a free invoke)

    @property
    def label(self) -> str:
        return {"own": _("Own aspect"), "situation": _("Situation aspect"), "boost": _("Boost"),
                "hostile": _("Hostile invoke"), "consequence": _("Consequence")}[self.value]


@dataclass(frozen=True)
class Invoke:
    """One invoke after the dice.

    `key` names the aspect uniquely (two invokes with the same key invoke the same aspect);
    `label` is its text. `owner` is the id of the character whose aspect it is, for hostile
    invokes (they earn the fate point) and consequences.
    """

    key: str
    label: str = ""
    reroll: bool = False
    free: bool = False
    kind: InvokeKind = InvokeKind.OWN
    owner: str | None = None
    by: str | None = None  # who invokes it, when not the roller (an invoke against the roll)

    @property
    def bonus(self) -> int:
        return 0 if self.reroll else 2

    def describe(self) -> str:
        what = _("reroll") if self.reroll else "+2"
        if self.kind == InvokeKind.HOSTILE:
            message = _("“{aspect}”: {what} (free invoke, hostile)") if self.free else \
                _("“{aspect}”: {what} (for a fate point, hostile)")
        else:
            message = _("“{aspect}”: {what} (free invoke)") if self.free else _("“{aspect}”: {what} (for a fate point)")
        return message.format(aspect=self.label or self.key, what=what)


# --- the roll ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExistingAspect:
    """What a create an advantage on an existing aspect leaves: free invokes for the roller,
    a boost (a tie on an unknown aspect), free invokes for the opposition (a failure)."""

    free_invokes: int
    boost: bool
    to_opposition: int


@dataclass(frozen=True)
class Roll:
    """A roll in progress or done: the setup, every throw (rerolls included), the invokes."""

    setup: RollSetup
    throws: tuple[tuple[int, ...], ...]
    invokes: tuple[Invoke, ...] = ()
    # Invokes against the roll: +2 each to a passive difficulty, paid by whoever invokes (`by`).
    opposition: tuple[Invoke, ...] = ()
    # The roller's choices the books give after the dice: an attack with style hits one shift
    # less for a boost; an overcome tie taken as a failure with a boost (Fate Condensed).
    style_boost: bool = False
    tie_as_failure: bool = False

    @classmethod
    def throw(cls, setup: RollSetup, dice: DiceSource) -> Roll:
        """Throw the four dice for this setup; invokes come afterwards, one at a time."""
        return cls(setup, (tuple(dice.throw()),))

    # -- invoking

    def refusal(self, invoke: Invoke) -> str:
        """Why this invoke may not be added now ('' when it may).

        An aspect is paid for at most once per roll; free invokes stack on it, before or after
        the paid one, as often as there are free invokes to spend. A boost is only ever invoked
        for free.
        """
        if invoke.free:
            return ""
        if invoke.kind == InvokeKind.BOOST:
            return _("“{aspect}” is a boost: it is invoked once, for free, never for a fate point.").format(aspect=invoke.label or invoke.key)
        if any(i.key == invoke.key and not i.free for i in self.invokes):
            name = invoke.label or invoke.key
            return _("“{name}” has already been invoked for a fate point on this roll; only free invokes can be stacked on it.").format(name=name)
        return ""

    def invoke(self, invoke: Invoke, dice: DiceSource | None = None) -> Roll:
        """Add one invoke: +2, or (with `dice`) a reroll of all four dice. Refused by the rules."""
        reason = self.refusal(invoke)
        if reason:
            raise refuse("roll.same_aspect", "invokes", reason)
        throws = self.throws
        if invoke.reroll:
            if dice is None:
                raise ValueError(_("a reroll needs dice"))
            throws = (*throws, tuple(dice.throw()))
        return replace(self, throws=throws, invokes=(*self.invokes, invoke))

    def opposition_refusal(self, invoke: Invoke) -> str:
        """Why this invoke against the roll may not be added ('' when it may)."""
        if self.setup.opposed:
            return _("The opposition rolled its own defence: it invokes on that roll, not against this one.")
        if invoke.reroll:
            return _("A difficulty has no dice to reroll: an invoke against the roll adds +2 to it.")
        if invoke.free:
            return ""
        if invoke.kind == InvokeKind.BOOST:
            return _("“{aspect}” is a boost: it is invoked once, for free, never for a fate point.").format(aspect=invoke.label or invoke.key)
        if any(i.key == invoke.key and not i.free for i in self.opposition):
            return (_("“{aspect}” has already been invoked against this roll; only free invokes can be stacked on it.").format(aspect=invoke.label or invoke.key))
        return ""

    def oppose(self, invoke: Invoke) -> Roll:
        """Invoke an aspect against the roll: +2 to its passive difficulty (Fate Core's "invoke to
        increase passive opposition"); whoever invokes pays. Refused by the rules."""
        reason = self.opposition_refusal(invoke)
        if reason:
            raise refuse("roll.oppose", "invokes", reason)
        return replace(self, opposition=(*self.opposition, invoke))

    @property
    def difficulty(self) -> int:
        """What the roll must beat: the set-up's opposition, plus +2 per invoke against it."""
        return self.setup.against + 2 * len(self.opposition)

    def choice_refusal(self, style_boost: bool = False, tie_as_failure: bool = False,
                       tie_boost_allowed: bool = True) -> str:
        """Why an outcome choice may not be taken on this roll ('' when it may)."""
        if style_boost and not (self.setup.action == Action.ATTACK and self.outcome == Outcome.SUCCEED_WITH_STYLE):
            return _("Only an attack that succeeds with style may trade one shift of its hit for a boost.")
        if tie_as_failure:
            if not tie_boost_allowed:
                return _("This rule set reads an overcome tie as success at a minor cost only, never a failure with a boost.")
            if not (self.setup.action == Action.OVERCOME and self.outcome == Outcome.TIE):
                return _("Only an overcome that ties may be taken as a failure with a boost.")
        return ""

    def choose(self, style_boost: bool = False, tie_as_failure: bool = False, tie_boost_allowed: bool = True) -> Roll:
        """Take an outcome choice after the dice (see `choice_refusal`); refused by the rules."""
        reason = self.choice_refusal(style_boost, tie_as_failure, tie_boost_allowed)
        if reason:
            raise refuse("roll.choice", "outcome", reason)
        return replace(self, style_boost=style_boost, tie_as_failure=tie_as_failure)

    def against(self, opposition: int) -> Roll:
        """The same roll against another opposition (an opposing roll's effort, say)."""
        return replace(self, setup=replace(self.setup, against=opposition))

    # -- reading the result

    @property
    def dice(self) -> tuple[int, ...]:
        return self.throws[-1]

    @property
    def dice_total(self) -> int:
        return sum(self.dice)

    @property
    def invoke_bonus(self) -> int:
        return sum(i.bonus for i in self.invokes)

    @property
    def effort_before_scale(self) -> int:
        return self.dice_total + self.setup.modifier + self.invoke_bonus

    @property
    def scale_after(self) -> int:
        """Scale's +2 per level after the roll, given only if the roll succeeds."""
        setup = self.setup
        if setup.scale_use != ScaleUse.AFTER_SUCCESS or not setup.scale_levels:
            return 0
        return 2 * setup.scale_levels if self.effort_before_scale > self.difficulty else 0

    @property
    def effort(self) -> int:
        return self.effort_before_scale + self.scale_after

    @property
    def shifts(self) -> int:
        return self.effort - self.difficulty

    @property
    def outcome(self) -> Outcome:
        return outcome_for(self.shifts)

    def reroll_odds(self) -> Odds:
        """The odds if all four dice were rerolled now, keeping every +2 already invoked."""
        return self.setup.odds(self.invoke_bonus - 2 * len(self.opposition))

    # -- what the roll costs and gives

    @property
    def fate_points_spent(self) -> int:
        return sum(1 for i in self.invokes if not i.free)

    @property
    def free_invokes_used(self) -> dict[str, int]:
        used: dict[str, int] = {}
        for i in self.invokes:
            if i.free:
                used[i.key] = used.get(i.key, 0) + 1
        return used

    @property
    def hostile_points(self) -> dict[str, int]:
        """Fate points owed to characters whose aspects (or consequences) were invoked against
        them: paid invokes with an `owner` only."""
        owed: dict[str, int] = {}
        for i in self.invokes:
            if i.kind in (InvokeKind.HOSTILE, InvokeKind.CONSEQUENCE) and not i.free and i.owner:
                owed[i.owner] = owed.get(i.owner, 0) + 1
        return owed

    @property
    def free_invokes_created(self) -> int:
        """Free invokes on the aspect a create an advantage makes (0 when it makes none)."""
        if self.setup.action != Action.CREATE_ADVANTAGE or self.outcome in (Outcome.FAIL, Outcome.TIE):
            return 0
        base = 2 if self.outcome == Outcome.SUCCEED_WITH_STYLE else 1
        if self.setup.scale_use == ScaleUse.FREE_INVOKE:
            base += self.setup.scale_levels
        return base

    def on_existing_aspect(self, known: bool = True, *, core_discovery: bool = False,
                           reveal_on_failure: bool = False, failure_to_opposition: bool = True) -> ExistingAspect:
        """Create an advantage on an aspect already in play.

        Success places one free invoke on it (two with style, plus scale's), revealing it if it
        was unknown. A tie places one on a known aspect; on an unknown one Fate Condensed gives
        a boost and leaves it hidden, while Fate Core and Accelerated (`core_discovery`) reveal
        it with a free invoke. A failure on a known aspect gives the opposition a free invoke
        on it; on an unknown one the opposition may reveal it to take that invoke
        (`reveal_on_failure`), or leave it hidden. In Fate Accelerated a failure gives nothing to
        anyone (`failure_to_opposition` False: "You don't get any additional benefit from the
        aspect").
        """
        outcome = self.outcome
        if outcome == Outcome.FAIL:
            if not failure_to_opposition:
                return ExistingAspect(0, False, 0)
            return ExistingAspect(0, False, 1 if known or reveal_on_failure else 0)
        if outcome == Outcome.TIE:
            return ExistingAspect(1, False, 0) if known or core_discovery else ExistingAspect(0, True, 0)
        base = 2 if outcome == Outcome.SUCCEED_WITH_STYLE else 1
        if self.setup.scale_use == ScaleUse.FREE_INVOKE:
            base += self.setup.scale_levels
        return ExistingAspect(base, False, 0)

    @property
    def boost(self) -> bool:
        """Does the roller get a boost? (tie on create an advantage or attack; style on overcome
        or defend)."""
        action, outcome = self.setup.action, self.outcome
        if self.style_boost or self.tie_as_failure:
            return True
        if outcome == Outcome.TIE:
            return action in (Action.CREATE_ADVANTAGE, Action.ATTACK)
        if outcome == Outcome.SUCCEED_WITH_STYLE:
            return action in (Action.OVERCOME, Action.DEFEND)
        return False

    @property
    def hit(self) -> int:
        """Shifts an attack hands to the defender (0 when it does not hit); one less when the
        attacker traded a shift of a stylish hit for a boost."""
        if self.setup.action != Action.ATTACK:
            return 0
        return max(0, self.shifts - (1 if self.style_boost else 0))

    def meaning(self) -> str:
        if self.style_boost:
            return ngettext("You land a hit of {shifts} shift and take a boost.",
                            "You land a hit of {shifts} shifts and take a boost.", self.hit).format(shifts=self.hit)
        if self.tie_as_failure:
            return _("You fail, but take a boost.")
        if self.setup.contest and self.setup.action == Action.OVERCOME:
            return _(_CONTEST_MEANINGS[self.setup.opposed][self.outcome])
        if self.setup.contest and self.setup.action == Action.CREATE_ADVANTAGE and self.outcome == Outcome.FAIL:
            return _(_CONTEST_ADVANTAGE_FORFEIT if self.setup.contest_forfeit else _CONTEST_ADVANTAGE_FAIL)
        return meaning(self.setup.action, self.outcome, max(self.shifts, 0))

    def faces(self) -> str:
        return faces_text(self.dice)

    def throws_text(self) -> str:
        """Every throw in order, each reroll with the invoke that caused it (the roll log keeps
        them all: a roll is thrown once, and only an invoke throws the dice again)."""
        rerolls = [i for i in self.invokes if i.reroll]
        text = f"[{faces_text(self.throws[0])}]"
        for invoke, faces in zip(rerolls, self.throws[1:]):
            message = (_("{throws}, rerolled by invoking “{aspect}” (a free invoke) to [{faces}]") if invoke.free
                       else _("{throws}, rerolled by invoking “{aspect}” (a fate point) to [{faces}]"))
            text = message.format(throws=text, aspect=invoke.label or invoke.key, faces=faces_text(faces))
        return text

    def summary(self) -> str:
        """One line for the roll log: who, what, the dice, effort, shifts, outcome and invokes."""
        s = self.setup
        extras = [_("{stunt} +{bonus}").format(stunt=st.name, bonus=st.bonus) for st in s.stunts]
        if s.teamwork:
            extras.append(_("teamwork +{bonus}").format(bonus=s.teamwork))
        if s.scale_levels:
            extras.append({
                ScaleUse.BEFORE: _("scale +1 x{levels} before the roll"),
                ScaleUse.AFTER_SUCCESS: _("scale +2 x{levels} after a success"),
                ScaleUse.FREE_INVOKE: _("scale +1 free invoke x{levels} on a successful create an advantage"),
            }[s.scale_use].format(levels=s.scale_levels))
        extras += [i.describe() for i in self.invokes]
        extras += [_("against the roll {invoke}").format(invoke=i.describe()) for i in self.opposition]
        skill = rules_text(s.skill) if s.skill else _("no skill")
        if s.second_skill:  # two combined lists: "Fight + Careful", rated together
            skill = _("{skill} + {second}").format(skill=skill, second=rules_text(s.second_skill))
        values = {
            "action": s.action.label, "skill": skill,
            "rating": ladder_label(s.rating + s.second_rating), "extras": "; ".join(extras), "throws": self.throws_text(),
            "total": signed(self.dice_total), "effort": ladder_label(self.effort),
            "difficulty": ladder_label(self.difficulty), "outcome": self.outcome.label.lower(),
            "meaning": self.meaning(),
            "shifts": ngettext("{shifts} shift", "{shifts} shifts", abs(self.shifts)).format(shifts=signed(self.shifts)),
        }
        if s.opposed and extras:
            line = _("{action} with {skill} {rating} with {extras}: {throws} {total}, effort {effort} against "
                     "opposition {difficulty}: {shifts}, {outcome}. {meaning}")
        elif s.opposed:
            line = _("{action} with {skill} {rating}: {throws} {total}, effort {effort} against opposition "
                     "{difficulty}: {shifts}, {outcome}. {meaning}")
        elif extras:
            line = _("{action} with {skill} {rating} with {extras}: {throws} {total}, effort {effort} against "
                     "difficulty {difficulty}: {shifts}, {outcome}. {meaning}")
        else:
            line = _("{action} with {skill} {rating}: {throws} {total}, effort {effort} against difficulty "
                     "{difficulty}: {shifts}, {outcome}. {meaning}")
        line = line.format(**values)
        return _("{who}: {roll}").format(who=s.who, roll=line) if s.who else line


__all__ = [
    "DISTRIBUTION", "THROWS", "Action", "Dice", "DiceSource", "ExistingAspect", "Invoke", "InvokeKind", "Odds", "Outcome",
    "Roll", "RollSetup", "ScaleUse", "StuntBonus", "chance_at_least", "meaning", "odds",
    "opposed_odds",
    "outcome_for", "percent", "scale_difference", "scale_level", "teamwork_bonus", "ways",
]
