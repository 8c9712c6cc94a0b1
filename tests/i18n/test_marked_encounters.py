"""Conflicts, contests and challenges in the pseudo-locale: logs and summaries in the
language; a character taken out is still known as taken out when the summary was written in
it; side names and turn states stay keys (issue 29)."""

from __future__ import annotations

from pseudo_text import assert_translated, pseudo  # noqa: F401 (fixture)

from fate_desk.model import Campaign, Character, CharacterKind, ChallengeTask, ConflictKind, ContestSide, Scene
from fate_desk.rules import get_ruleset
from fate_desk.rules.encounters.challenge import start_challenge, summary, task_line
from fate_desk.rules.encounters.conflict import (
    end_conflict, participant, start_conflict, taken_out_in_play,
)
from fate_desk.rules.encounters.contest import play_exchange, start_contest
from fate_desk.rules.encounters.standing import taken_out_now

NAMES = {"Ada", "Bo", "Boss", "Thug", "Runners", "Hounds", "Climb", "the", "wall"}


def _table() -> Campaign:
    pcs = [Character(name="Ada", skills={"Notice": 2, "Fight": 3}, fate_points=2),
           Character(name="Bo", skills={"Notice": 1, "Fight": 2}, fate_points=2)]
    boss = Character(name="Boss", kind=CharacterKind.MAJOR_NPC, skills={"Notice": 3, "Fight": 4}, fate_points=0)
    return Campaign(characters=[*pcs, boss], scenes=[Scene(name="Warehouse")], ruleset="fate-core")


def test_a_conflict_is_logged_in_the_language_and_its_sides_stay_as_named(pseudo):
    camp = _table()
    ada, bo, boss = camp.characters
    ps = [participant(camp, "PCs", [ada.id, bo.id]), participant(camp, "Syndicate", [boss.id])]
    assert ps[0].side == "PCs"
    sid = camp.scenes[0].id
    camp = start_conflict(camp, sid, get_ruleset("fate-core"), ConflictKind.PHYSICAL, ps)
    conflict = camp.scenes[0].play.conflict
    assert_translated(conflict.log[0], NAMES)
    assert pseudo("Notice") in conflict.log[0]  # the turn-order skill through the rule set's words
    camp = taken_out_in_play(camp, get_ruleset("fate-core"), boss.id, 3, attacker=ada.id)
    assert taken_out_now(camp, boss.id)  # read back from a summary written in the language
    camp, lines = end_conflict(camp, sid)
    for line in lines:
        assert_translated(line, NAMES)


def test_a_contest_exchange_and_a_challenge_summary_are_translated(pseudo):
    camp = _table()
    sid = camp.scenes[0].id
    a, b = ContestSide(name="Runners"), ContestSide(name="Hounds")
    camp = start_contest(camp, sid, "Chase", [a, b], 3)
    camp, result = play_exchange(camp, sid, {a.id: 4, b.id: 2})
    assert_translated(result.line, NAMES)
    task = ChallengeTask(what="Climb the wall", skill="Athletics", difficulty=2)
    camp = start_challenge(camp, sid, "Escape", [task])
    challenge = camp.scenes[0].play.challenge
    assert_translated(task_line(camp, challenge.tasks[0]), NAMES)
    assert_translated(summary(camp, challenge), NAMES)
