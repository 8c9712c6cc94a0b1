"""Challenges: a set of overcome tasks, each rolled once; the GM reads the mix of results."""

from __future__ import annotations

from fate_desk.i18n import _, ngettext, rules_text
from fate_desk.model import Campaign, Challenge, ChallengeTask, ladder_label

from fate_desk.rules.play.actions import RollResult, apply_roll
from fate_desk.rules.play.roll import Outcome, Roll, outcome_for
from fate_desk.rules.play.table import name_of, scene_of, with_play
from fate_desk.rules.creation.derive import count_word
from fate_desk.rules.creation.history import counted, refuse


def start_challenge(campaign: Campaign, scene_id: str, name: str, tasks: list[ChallengeTask]) -> Campaign:
    if not tasks:
        raise refuse("challenge.tasks", "tasks", _("A challenge needs at least one task."))
    challenge = Challenge(name=name, tasks=tasks)
    return with_play(campaign, scene_id, lambda play: play.model_copy(update={"challenge": challenge}))


def task_outcome(task: ChallengeTask) -> Outcome | None:
    return None if task.effort is None else outcome_for(task.effort - task.difficulty)


def task_result(task: ChallengeTask) -> str:
    """'succeed', 'tie: success at a minor cost', ... (an overcome tie succeeds at a minor cost)."""
    outcome = task_outcome(task)
    if outcome is None:
        return _("not rolled yet")
    return _("tie: success at a minor cost") if outcome == Outcome.TIE else outcome.label.lower()


def roll_task(campaign: Campaign, scene_id: str, task_id: str, roll: Roll, boost: str = "") -> Campaign:
    """Settle and record a task's one finished roll (invokes paid, a style boost, the roll log);
    a second roll of the same task is refused."""
    challenge = scene_of(campaign, scene_id).play.challenge
    if challenge is None:
        raise refuse("challenge.none", "challenge", _("There is no challenge in this scene."))
    task = next((t for t in challenge.tasks if t.id == task_id), None)
    if task is None:
        raise refuse("challenge.task", "tasks", _("That task is not in the challenge."))
    if task.effort is not None:
        raise refuse("challenge.rolled", "tasks", _("“{what}” has been rolled: each task is rolled once.").format(what=task.what))
    campaign = apply_roll(campaign, task.who, roll, RollResult(boost=boost or _("Boost from “{what}”").format(what=task.what)))
    # Invokes against the roll raised the task's difficulty (+2 each): it is recorded raised.
    done = task.model_copy(update={"effort": roll.effort, "dice": list(roll.dice),
                                   "difficulty": min(12, roll.difficulty)})
    tasks = [done if t.id == task_id else t for t in challenge.tasks]
    changed = challenge.model_copy(update={"tasks": tasks})
    return with_play(campaign, scene_id, lambda play: play.model_copy(update={"challenge": changed}))


def task_line(campaign: Campaign, task: ChallengeTask) -> str:
    who = name_of(campaign, task.who) if task.who else _("nobody yet")
    values = {"task": task.what or _("A task"), "who": who,
              "skill": rules_text(task.skill) if task.skill else _("no skill"),
              "difficulty": ladder_label(task.difficulty)}
    if task.effort is None:
        return _("{task}: {who} with {skill} against {difficulty}, not rolled yet.").format(**values)
    shifts = task.effort - task.difficulty
    return ngettext(
        "{task}: {who} with {skill} against {difficulty}: effort {effort}, {shifts} shift, {result}.",
        "{task}: {who} with {skill} against {difficulty}: effort {effort}, {shifts} shifts, {result}.",
        abs(shifts),
    ).format(effort=ladder_label(task.effort), shifts=f"{shifts:+d}", result=task_result(task), **values)


def summary(campaign: Campaign, challenge: Challenge) -> str:
    """The mix of successes, ties and failures, for the GM to read as the challenge's outcome.

    A tie is a success at a minor cost (Fate Condensed and Fate Core, "Overcome"), so it counts
    with the successes and adds a cost, never with the failures."""
    outcomes = [task_outcome(t) for t in challenge.tasks]
    clean = sum(1 for o in outcomes if o in (Outcome.SUCCEED, Outcome.SUCCEED_WITH_STYLE))
    style = sum(1 for o in outcomes if o == Outcome.SUCCEED_WITH_STYLE)
    ties = sum(1 for o in outcomes if o == Outcome.TIE)
    fails = sum(1 for o in outcomes if o == Outcome.FAIL)
    left = sum(1 for o in outcomes if o is None)
    wins = clean + ties

    def share(n: int, what: str) -> str:  # in words, as the counts are: "two successes (one with style)"
        if n == wins:
            return {1: what, 2: _("both {what}").format(what=what)}.get(n, _("all {what}").format(what=what))
        return _("{count} {what}").format(count=count_word(n), what=what)

    notes = ([share(style, _("with style"))] if style else []) + ([share(ties, _("at a minor cost"))] if ties else [])
    won = counted(wins, "success", "successes")
    if notes:
        won = _("{successes} ({notes})").format(successes=won, notes=", ".join(notes))
    text = ", ".join([won, counted(fails, "failure")])
    if left:
        return _("{tally}; {tasks} still to roll.").format(tally=text, tasks=counted(left, "task"))
    if fails == 0 and ties == 0:
        verdict = _("A clean success: the characters get what they set out to do.")
    elif fails == 0:
        verdict = ngettext(
            "A success: the characters get what they set out to do, paying a minor cost for the tie.",
            "A success: the characters get what they set out to do, paying minor costs for the ties.", ties)
    elif wins == 0:
        verdict = _("Everything went wrong: the goal is out of reach, or it comes at a heavy price.")
    elif wins >= fails:
        verdict = _("A partial victory: they move forward, with complications from what went wrong.")
    else:
        verdict = _("Mostly a failure: what went right buys a foothold, not the goal.")
    return _("{tally}. {verdict}").format(tally=text, verdict=verdict)


def end_challenge(campaign: Campaign, scene_id: str) -> Campaign:
    if scene_of(campaign, scene_id).play.challenge is None:
        raise refuse("challenge.none", "challenge", _("There is no challenge in this scene."))
    return with_play(campaign, scene_id, lambda play: play.model_copy(update={"challenge": None}))
