"""Contests: sides roll overcome actions each exchange; victories to the rule set's number.

Pure functions over a Campaign (the contest lives in a Scene); each returns a new campaign or
raises `Refused`.
"""

from __future__ import annotations

from dataclasses import dataclass

from fate_desk.i18n import _, rules_text
from fate_desk.model import Campaign, Contest, ContestSide, SituationAspect, ladder_label

from fate_desk.rules.play.actions import RollResult, apply_roll, place_aspect
from fate_desk.rules.play.roll import Outcome, Roll
from fate_desk.rules.play.table import scene_of, with_play
from fate_desk.rules.creation.history import counted, refuse
from fate_desk.rules.creation.loader import get_ruleset
from fate_desk.rules.creation.ruleset import ContestAdvantageFailure, ContestScoring, RuleSet
from fate_desk.rules.encounters.conflict import group_roller, members_teamwork


def exchange_leaders(efforts: dict[str, int], difficulties: dict[str, int | None] | None = None,
                     by_shifts: bool = False) -> list[str]:
    """The sides with the best result: the highest effort, or (`by_shifts`, Fate Core, when
    every side rolls against its own difficulty) the most shifts."""
    if not efforts:
        return []
    difficulties = difficulties or {}
    passive = all(difficulties.get(k) is not None for k in efforts)
    score = {k: _shifts(k, efforts, difficulties) if by_shifts and passive else v for k, v in efforts.items()}
    best = max(score.values())
    return [k for k, v in score.items() if v == best]


def failed_difficulty(side: str, efforts: dict[str, int], difficulties: dict[str, int | None] | None) -> bool:
    """Did this side fall short of its own passive difficulty?"""
    against = (difficulties or {}).get(side)
    return against is not None and efforts[side] < against


def lone_tie(efforts: dict[str, int], difficulties: dict[str, int | None] | None) -> bool:
    """One side alone against passive opposition, meeting it exactly: a tie with it."""
    if len(efforts) != 1:
        return False
    (side, effort), = efforts.items()
    return (difficulties or {}).get(side) == effort


def exchange_victories(efforts: dict[str, int], difficulties: dict[str, int | None] | None = None,
                       by_shifts: bool = False) -> dict[str, int]:
    """Victories for one exchange: the best result marks one, two if that side alone
    succeeded with style. A side facing passive opposition is judged against its own
    difficulty, and a side that fails it cannot score, whatever the others roll. A tie for
    the best marks nothing (and brings a twist)."""
    out = {k: 0 for k in efforts}
    leaders = exchange_leaders(efforts, difficulties, by_shifts)
    if len(leaders) != 1 or failed_difficulty(leaders[0], efforts, difficulties) or lone_tie(efforts, difficulties):
        return out
    difficulties = difficulties or {}
    stylish = [k for k in efforts if _shifts(k, efforts, difficulties) >= 3]
    out[leaders[0]] = 2 if stylish == leaders else 1
    return out


def _shifts(side: str, efforts: dict[str, int], difficulties: dict[str, int | None]) -> int:
    against = difficulties.get(side)
    if against is None:
        others = [v for k, v in efforts.items() if k != side]
        against = max(others) if others else 0
    return efforts[side] - against


def exchange_words(names: dict[str, str], victories: dict[str, int], twist: bool) -> str:
    """An exchange's result in the book's words (Fate Condensed, "Contests"): the highest effort
    marks a victory, two for the only side to succeed with style; a tie for the highest effort
    marks none and brings an unexpected twist. Phrased so any side's name reads right."""
    if not victories:
        return _("no side rolled.")
    if twist:
        return _("a tie for the highest effort: no one marks a victory, and an unexpected twist changes the scene.")
    leader = max(victories, key=victories.get)
    if victories[leader] == 2:
        return _("two victories to {name}, the only side to succeed with style.").format(name=names[leader])
    return _("one victory to {name}.").format(name=names[leader])


# --- the contest on a scene ---------------------------------------------------------------------


@dataclass(frozen=True)
class ExchangeResult:
    victories: dict[str, int]
    twist: bool  # a tie for the highest effort: the GM adds a situation aspect
    winner: str | None
    line: str


def start_contest(campaign: Campaign, scene_id: str, name: str, sides: list[ContestSide], goal: int) -> Campaign:
    if len(sides) < 2 and not any(s.difficulty is not None for s in sides):
        raise refuse("contest.sides", "sides", _("A contest needs two sides, or one side against passive opposition."))
    contest = Contest(name=name, sides=sides, goal=goal, log=[_("The contest begins: first to {goal} victories.").format(goal=goal)])
    return with_play(campaign, scene_id, lambda play: play.model_copy(update={"contest": contest}))


def _contest(campaign: Campaign, scene_id: str) -> Contest:
    contest = scene_of(campaign, scene_id).play.contest
    if contest is None:
        raise refuse("contest.none", "contest", _("There is no contest in this scene."))
    return contest


def forfeit(campaign: Campaign, scene_id: str, side_id: str) -> Campaign:
    """A side that failed to create an advantage and chose to give up its overcome roll."""
    contest = _contest(campaign, scene_id)
    side = _side(contest, side_id)
    line = _("{name} forfeits this exchange's overcome roll.").format(name=side.name)
    changed = contest.model_copy(update={"forfeits": [*contest.forfeits, side_id], "log": [*contest.log, line]})
    return with_play(campaign, scene_id, lambda play: play.model_copy(update={"contest": changed}))


def _side(contest: Contest, side_id: str) -> ContestSide:
    side = next((s for s in contest.sides if s.id == side_id), None)
    if side is None:
        raise refuse("contest.side", "sides", _("That side is not in the contest."))
    return side


def play_exchange(campaign: Campaign, scene_id: str, efforts: dict[str, int],
                  raised: dict[str, int] | None = None) -> tuple[Campaign, ExchangeResult]:
    """Score one exchange from each rolling side's effort (forfeited sides roll nothing);
    `raised` adds to a side's passive difficulty (invokes against its roll)."""
    contest = _contest(campaign, scene_id)
    if contest.winner is not None:
        raise refuse("contest.over", "contest", _("The contest is already won."))
    rolling = {k: v for k, v in efforts.items() if k not in contest.forfeits}
    raised = raised or {}
    difficulties = {s.id: None if s.difficulty is None else s.difficulty + raised.get(s.id, 0) for s in contest.sides}
    by_shifts = get_ruleset(campaign.ruleset).contest_scoring == ContestScoring.SHIFTS
    victories = exchange_victories(rolling, difficulties, by_shifts)
    leaders = exchange_leaders(rolling, difficulties, by_shifts)
    names = {s.id: s.name for s in contest.sides}
    sides = [s.model_copy(update={"victories": s.victories + victories.get(s.id, 0)}) for s in contest.sides]
    winner = next((s.id for s in sides if s.victories >= contest.goal), None)
    # A tie for the best brings a twist; a lone best that failed its own difficulty does not.
    twist = len(leaders) > 1 or lone_tie(rolling, difficulties)
    failed = len(leaders) == 1 and failed_difficulty(leaders[0], rolling, difficulties)
    parts = ", ".join(_("{side} {effort}").format(side=names[k], effort=ladder_label(v)) for k, v in rolling.items())
    if failed:
        result = _("{side} falls short of its difficulty: no one marks a victory.").format(side=names[leaders[0]])
    else:
        result = exchange_words(names, victories, twist)
    if winner:
        line = _("Exchange {exchange}: {efforts}; {result} The contest goes to {winner}.").format(
            exchange=contest.exchange, efforts=parts, result=result, winner=names[winner])
    else:
        line = _("Exchange {exchange}: {efforts}; {result}").format(exchange=contest.exchange, efforts=parts, result=result)
    changed = contest.model_copy(update={
        "sides": sides, "exchange": contest.exchange + (0 if winner else 1), "winner": winner,
        "forfeits": [], "advantaged": [], "no_help": [], "log": [*contest.log, line], "twist_due": twist,
    })
    new = with_play(campaign, scene_id, lambda play: play.model_copy(update={"contest": changed}))
    return new, ExchangeResult(victories, twist, winner, line)


def threat_hits(campaign: Campaign, scene_id: str, side_id: str, side_effort: int, threat_effort: int,
                threat: str | None = None) -> tuple[Campaign, dict[str, int]]:
    """A threat attacking a whole side of a contest (a flood, an angry god): when the side's
    contest roll is lower than the threat's attack (or its rating), every member takes a hit of
    the shifts of failure (Fate Condensed, "Contests"). Returns the hits per member, logged;
    each member then absorbs theirs like any hit (`hits.take_hit`), or is taken out."""
    threat = threat or _("The threat")
    contest = _contest(campaign, scene_id)
    side = _side(contest, side_id)
    shifts = threat_effort - side_effort
    if shifts <= 0:
        line = _("{threat} attacks {name}: {rating} holds off {rating2}.").format(threat=threat, name=side.name, rating=ladder_label(side_effort), rating2=ladder_label(threat_effort))
        return note(campaign, scene_id, [line]), {}
    hits = {m: shifts for m in side.members if campaign.character(m) is not None}
    line = (_("{threat} attacks {name} ({rating} against {rating2}): everyone on the side takes a hit of {shifts}.").format(threat=threat, name=side.name, rating=ladder_label(threat_effort), rating2=ladder_label(side_effort), shifts=counted(shifts, 'shift', words=False)))
    return note(campaign, scene_id, [line]), hits


def add_twist(campaign: Campaign, scene_id: str, text: str) -> Campaign:
    """The unexpected twist of a tie: a new situation aspect, with one free invoke up for grabs."""
    text = text.strip()
    if not text:
        raise refuse("contest.twist", "aspects", _("A twist needs the situation aspect's words."))
    contest = _contest(campaign, scene_id)
    aspect = SituationAspect(text=text, free_invokes=1)
    scene = scene_of(campaign, scene_id)
    changed = contest.model_copy(update={"twist_due": False, "log": [*contest.log, _("Twist: {text}.").format(text=text)]})
    new_scene = scene.model_copy(update={
        "aspects": [*scene.aspects, aspect], "play": scene.play.model_copy(update={"contest": changed}),
    })
    return _put_scene(campaign, new_scene)


def failure_choices(ruleset: RuleSet) -> list[str]:
    """What a failed create an advantage in a contest may cost, the rule set's own first: Fate
    Condensed lets the side forfeit its roll or succeed at a cost ("If you fail to create an
    advantage, you have a choice"); Fate Core forfeits ("failing to create an advantage means you
    forfeit your contest roll")."""
    if ruleset.contest_advantage_failure == ContestAdvantageFailure.FORFEIT:
        return ["forfeit"]
    return ["cost", "forfeit"]


def advantage_refusal(campaign: Campaign, scene_id: str, character_id: str | None) -> str:
    """Why this character may not create an advantage in the contest now ('' when they may).
    Faster contests (Fate Condensed's optional rule): "each participant may choose only one of
    these three options": roll, create an advantage (no teamwork) or give teamwork."""
    if not (campaign.options.faster_contests and character_id):
        return ""
    contest = _contest(campaign, scene_id)
    if character_id in contest.advantaged:
        name = campaign.character(character_id).name if campaign.character(character_id) else ""
        return _("With faster contests each participant does one thing an exchange: {name} has already "
                 "created an advantage in this one.").format(name=name or _("this character"))
    return ""


def contest_advantage(
    campaign: Campaign, scene_id: str, side_id: str, character_id: str | None, roll: Roll, text: str,
    on_failure: str = "cost",
) -> Campaign:
    """Create an advantage inside a contest, before the side's overcome roll (a finished roll).

    Success: the aspect with its free invokes (two with style); a tie: a boost. On a failure
    the side either forfeits its overcome roll (`on_failure="forfeit"`) or, where the rule set
    allows it (`failure_choices`), succeeds at a cost: the aspect appears, but the other side
    holds its free invoke. In Fate Core a failing helper only loses their help this exchange
    ("failing to create an advantage means the lead character doesn't benefit from your help").
    With faster contests whoever creates an advantage neither rolls nor helps this exchange.
    """
    text = text.strip()
    if not text:
        raise refuse("contest.advantage", "aspects", _("An advantage needs the aspect's words."))
    contest = _contest(campaign, scene_id)
    side = _side(contest, side_id)
    ruleset = get_ruleset(campaign.ruleset)
    if on_failure not in failure_choices(ruleset):
        raise refuse("contest.cost", "outcome", _(
            "In {ruleset} a failed advantage in a contest forfeits the side's roll: it cannot succeed at a cost.").format(
            ruleset=rules_text(ruleset.name)))
    reason = advantage_refusal(campaign, scene_id, character_id)
    if reason:
        raise refuse("contest.faster", "participants", reason)
    outcome = roll.outcome
    campaign = apply_roll(campaign, character_id, roll, RollResult(advantage=text, boost=text))
    campaign = note(campaign, scene_id, [roll.summary()])
    if character_id and campaign.options.faster_contests:
        contest = _contest(campaign, scene_id)
        campaign = _put_contest(campaign, scene_id, contest.model_copy(
            update={"advantaged": [*contest.advantaged, character_id]}))
    if outcome != Outcome.FAIL:
        return campaign
    if on_failure == "forfeit":
        roller = side_roller(campaign, _contest(campaign, scene_id), side)
        if ruleset.contest_advantage_failure == ContestAdvantageFailure.FORFEIT and character_id \
                and character_id in side.members and character_id != roller:
            contest = _contest(campaign, scene_id)
            name = campaign.character(character_id).name if campaign.character(character_id) else ""
            line = _("{who} fails to create the advantage: {side} does without their help this exchange.").format(
                who=name or _("A helper"), side=side.name)
            campaign = _put_contest(campaign, scene_id, contest.model_copy(
                update={"no_help": [*contest.no_help, character_id]}))
            return note(campaign, scene_id, [line])
        return forfeit(campaign, scene_id, side_id)
    line = _("{name} fails at a cost: “{text}” appears, and the other side holds its free invoke.").format(name=side.name, text=text)
    campaign = place_aspect(campaign, text, 1)
    return note(campaign, scene_id, [line])


def _standing(campaign: Campaign, contest: Contest, side: ContestSide) -> list[str]:
    """The side's members who may roll or help this exchange: with faster contests, not those who
    created an advantage in it."""
    if campaign.options.faster_contests:
        return [m for m in side.members if m not in contest.advantaged]
    return list(side.members)


def side_roller(campaign: Campaign, contest: Contest, side: ContestSide) -> str | None:
    """Who rolls the side's overcome this exchange: its member with the highest skill (of those
    free to roll); None when none is."""
    members = _standing(campaign, contest, side)
    return group_roller(campaign, members, side.skill) if members else None


def side_teamwork(campaign: Campaign, contest: Contest, side: ContestSide) -> int:
    """The side's teamwork bonus this exchange: each helper free to help adds +1 (Average or more
    where the rule set asks it), never one whose failed advantage lost their help."""
    members = [m for m in _standing(campaign, contest, side) if m not in contest.no_help
               or m == side_roller(campaign, contest, side)]
    return members_teamwork(campaign, members, side.skill) if members else 0


def _put_contest(campaign: Campaign, scene_id: str, contest: Contest) -> Campaign:
    return with_play(campaign, scene_id, lambda play: play.model_copy(update={"contest": contest}))


def settle_exchange(
    campaign: Campaign, scene_id: str, rolls: dict[str, tuple[str | None, Roll]],
) -> tuple[Campaign, ExchangeResult]:
    """Settle each side's finished overcome roll (fate points, free invokes, the roll log; a
    contest's style gives victories, not a boost) and score the exchange."""
    for character_id, roll in rolls.values():
        campaign = apply_roll(campaign, character_id, roll, RollResult(in_contest=True))
    campaign = note(campaign, scene_id, [roll.summary() for _side, roll in rolls.values()])
    # +2 invoked against a side's passive difficulty raises it for this exchange.
    raised = {side: roll.difficulty - roll.setup.against for side, (_who, roll) in rolls.items()}
    return play_exchange(campaign, scene_id, {side: roll.effort for side, (_who, roll) in rolls.items()}, raised)


def _put_scene(campaign: Campaign, scene) -> Campaign:
    scenes = [scene if s.id == scene.id else s for s in campaign.scenes]
    return campaign.model_copy(update={"scenes": scenes})




def note(campaign: Campaign, scene_id: str, lines: list[str]) -> Campaign:
    """Write the exchange's rolls into the contest's log."""
    contest = _contest(campaign, scene_id)
    changed = contest.model_copy(update={"log": [*contest.log, *lines]})
    return with_play(campaign, scene_id, lambda play: play.model_copy(update={"contest": changed}))


def end_contest(campaign: Campaign, scene_id: str) -> Campaign:
    _contest(campaign, scene_id)
    return with_play(campaign, scene_id, lambda play: play.model_copy(update={"contest": None}))
