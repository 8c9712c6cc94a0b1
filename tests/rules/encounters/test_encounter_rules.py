"""Conflicts, contests and challenges in the core: turn order, victories, harm, the players' view."""

from __future__ import annotations

import pytest

from fate_desk.model import (
    Campaign, Character, CharacterKind, ChallengeTask, ConflictKind, ContestSide, Countdown, Scene,
    SituationAspect, Zone,
)
from fate_desk.rules import get_ruleset
from fate_desk.rules.encounters.challenge import roll_task, start_challenge, summary
from fate_desk.rules.encounters.conflict import (
    action_refusal, action_taken, concede_participant, end_conflict, end_turn, hit_group, members_teamwork, participant,
    skill_order, start_conflict, take_hit,
)
from fate_desk.rules.encounters.contest import add_twist, exchange_victories, play_exchange, start_contest
from fate_desk.rules.encounters.scene import players_view
from fate_desk.rules.play.table import set_hidden
from fate_desk.rules.harm.absorb import absorb_options
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.play.roll import Action, Roll, RollSetup


def test_contest_victories_style_is_judged_against_each_sides_own_passive_difficulty():
    # A beats difficulty 2 by 3 (style); B only ties difficulty 3: A alone succeeded with style.
    assert exchange_victories({"A": 5, "B": 3}, {"A": 2, "B": 3}) == {"A": 2, "B": 0}
    # Both succeed with style against their own difficulties: the highest marks only one.
    assert exchange_victories({"A": 5, "B": 4}, {"A": 2, "B": 1}) == {"A": 1, "B": 0}


def test_contest_victories_in_direct_competition_need_style_over_the_best_other_side():
    assert exchange_victories({"Ruth": 5, "Ghoul": 4}) == {"Ruth": 1, "Ghoul": 0}
    assert exchange_victories({"Ruth": 7, "Ghoul": 4}) == {"Ruth": 2, "Ghoul": 0}
    assert exchange_victories({"Ruth": 4, "Ghoul": 4}) == {"Ruth": 0, "Ghoul": 0}


def _pc(name, **skills):
    return Character(name=name, skills=skills, fate_points=2)


def _npc(name, kind=CharacterKind.MINOR_NPC, **skills):
    return Character(name=name, kind=kind, skills=skills, fate_points=0, stress_boxes={"physical": [1]},
                     consequence_slots=[])


@pytest.fixture
def table():
    pcs = [_pc("Ada", Notice=2, Athletics=3, Fight=3), _pc("Bo", Notice=2, Athletics=1, Fight=2)]
    boss = Character(name="Boss", kind=CharacterKind.MAJOR_NPC, skills={"Notice": 3, "Fight": 4}, fate_points=0)
    thugs = [_npc(f"Thug {i}", Fight=1) for i in range(3)]
    scene = Scene(name="Warehouse", zones=[Zone(name="Floor"), Zone(name="Loft")])
    return Campaign(characters=[*pcs, boss, *thugs], scenes=[scene], ruleset="fate-core")


def _participants(c):
    ada, bo, boss, *thugs = c.characters
    return [participant(c, "PCs", [ada.id]), participant(c, "PCs", [bo.id]),
            participant(c, "Syndicate", [boss.id]), participant(c, "Syndicate", [t.id for t in thugs])]


def test_core_turn_order_is_by_notice_with_athletics_breaking_ties(table):
    order = skill_order(table, _participants(table), ConflictKind.PHYSICAL)
    assert [p.name for p in order] == ["Boss", "Ada", "Bo", "Thug 0 and two others"]


def test_the_gm_may_put_every_npc_at_the_best_npcs_place(table):
    order = skill_order(table, _participants(table), ConflictKind.PHYSICAL, npcs_at_best=True)
    assert [p.name for p in order] == ["Boss", "Thug 0 and two others", "Ada", "Bo"]


def test_elective_order_the_one_who_acted_picks_and_the_last_starts_the_next_exchange(table):
    ps = _participants(table)
    c = start_conflict(table, table.scenes[0].id, get_ruleset("fate-condensed"), ConflictKind.PHYSICAL, ps,
                       first=ps[1].id)
    sid = c.scenes[0].id
    c = end_turn(c, sid, ps[3].id)
    with pytest.raises(Refused, match="have not acted"):
        end_turn(c, sid, ps[1].id)  # Bo has acted already
    c = end_turn(c, sid, ps[0].id)
    c = end_turn(c, sid, ps[2].id)
    c = end_turn(c, sid, ps[2].id)  # the last to act picks, even themselves
    conflict = c.scenes[0].play.conflict
    assert conflict.exchange == 2 and conflict.current == ps[2].id
    assert not any(p.acted for p in conflict.participants)


def test_teamwork_counts_helpers_with_average_or_better_capped_at_the_rollers_rating_only_in_condensed(table):
    # Fate Condensed, "Teamwork": the bonus is capped at the leader's rating. Fate Core SRD,
    # "Combining Skills": no cap (five Average guardians roll Superb (+5)).
    ada, bo, boss, *thugs = table.characters
    assert members_teamwork(table, [ada.id, bo.id], "Fight") == 1  # Bo has Fair (+2)
    three = [thugs[0].id, thugs[1].id, thugs[2].id]
    assert members_teamwork(table, three, "Fight") == 2  # Fate Core: no cap
    condensed = table.model_copy(update={"ruleset": "fate-condensed"})
    assert members_teamwork(condensed, three, "Fight") == 1  # capped at the leader's +1
    assert members_teamwork(table, [ada.id, bo.id], "Stealth") == 0


def test_a_hit_on_a_group_spills_over_to_the_next_minor_npc(table):
    ruleset = get_ruleset("fate-core")
    ps = _participants(table)
    c = start_conflict(table, table.scenes[0].id, ruleset, ConflictKind.PHYSICAL, ps)
    sid = c.scenes[0].id
    c = hit_group(c, sid, lambda _: ruleset, ps[3].id, 4)  # one box worth 1: 2 shifts take a thug out
    group = next(p for p in c.scenes[0].play.conflict.participants if p.id == ps[3].id)
    assert len(group.out_members) == 2 and not group.taken_out


def test_conceding_pays_one_plus_one_per_consequence_taken_in_the_conflict(table):
    ruleset = get_ruleset("fate-core")
    ps = _participants(table)
    c = start_conflict(table, table.scenes[0].id, ruleset, ConflictKind.PHYSICAL, ps)
    sid = c.scenes[0].id
    ada = c.characters[0]
    plan = absorb_options(ada, ruleset, 6, "physical")
    with_mild = next(o for o in plan.options if o.consequences)
    c = take_hit(c, sid, ruleset, ps[0].id, ada.id, with_mild, {with_mild.consequences[0][0]: "Bruised Ribs"})
    c = concede_participant(c, sid, ps[0].id)
    c, lines = end_conflict(c, sid)
    assert c.character(ada.id).fate_points == 2 + 2
    assert "Ada conceded." in lines and any("Bruised Ribs" in line for line in lines)


def test_a_concession_pays_only_for_consequences_taken_in_this_conflict_not_earlier_in_the_scene(table):
    """Fate Condensed, "Conceding": "you gain a fate point plus an extra one for each consequence
    they took in the current conflict". A consequence taken from the sheet earlier in the same
    scene, before the conflict began, is not one of them."""
    from fate_desk.rules.play.hits import hit_plan
    from fate_desk.rules.play.hits import take_hit as sheet_hit

    ruleset = get_ruleset("fate-core")
    ada = table.characters[0]
    _, plan = hit_plan(table, ruleset, ada.id, 2, "physical")
    mild = next(o for o in plan.options if o.consequences and not o.stress)
    c = sheet_hit(table, ruleset, ada.id, mild, {mild.consequences[0][0]: "Twisted Ankle"})  # before the conflict
    assert c.character(ada.id).consequences[0].conflict is None
    ps = _participants(c)
    c = start_conflict(c, c.scenes[0].id, ruleset, ConflictKind.PHYSICAL, ps)
    sid = c.scenes[0].id
    _, plan = hit_plan(c, ruleset, ada.id, 4, "physical")
    moderate = next(o for o in plan.options if o.consequences and not o.stress)
    c = sheet_hit(c, ruleset, ada.id, moderate, {moderate.consequences[0][0]: "Cracked Ribs"})  # in it
    c = concede_participant(c, sid, ps[0].id)
    assert c.scenes[0].play.conflict.concessions == {ada.id: 2}  # 1, plus 1 for Cracked Ribs only
    c, lines = end_conflict(c, sid)
    assert c.character(ada.id).fate_points == 2 + 2
    assert any("Cracked Ribs" in line for line in lines) and not any("Twisted Ankle" in line for line in lines)


def test_one_action_a_turn_after_an_attack_in_elective_order_the_attacker_only_picks_who_is_next(table):
    """Fate Condensed, "Turn Order": "In an exchange, each involved character can take one
    overcome, create an advantage, or attack action"; the one who acted picks who goes next."""
    ps = _participants(table)
    c = start_conflict(table, table.scenes[0].id, get_ruleset("fate-condensed"), ConflictKind.PHYSICAL, ps,
                       first=ps[0].id)
    sid = c.scenes[0].id
    assert action_refusal(c.scenes[0].play.conflict) == ""
    c = action_taken(c, sid)
    conflict = c.scenes[0].play.conflict
    assert conflict.current == ps[0].id and "has taken this turn's action" in action_refusal(conflict)
    with pytest.raises(Refused, match="end the turn"):
        action_taken(c, sid)  # no second attack in the same turn
    c = end_turn(c, sid, ps[2].id)
    assert c.scenes[0].play.conflict.current == ps[2].id and action_refusal(c.scenes[0].play.conflict) == ""


def test_one_action_a_turn_in_fate_cores_order_the_next_in_line_acts_after_an_attack(table):
    """Fate Core, "Exchanges": "you only get to make one skill roll on your turn in an exchange";
    the turn order is set by skill, so the next in line acts at once."""
    ps = _participants(table)
    c = start_conflict(table, table.scenes[0].id, get_ruleset("fate-core"), ConflictKind.PHYSICAL, ps)
    sid = c.scenes[0].id
    first = c.scenes[0].play.conflict.current
    c = action_taken(c, sid)
    conflict = c.scenes[0].play.conflict
    assert conflict.current != first and next(p for p in conflict.participants if p.id == first).acted


def test_concession_points_are_collected_at_the_end_of_the_conflict_not_during_it(table):
    """Fate Condensed, "Conceding": the fate points for conceding are collected at the end of
    the conflict; they cannot be spent while it goes on."""
    from fate_desk.rules.play.fate_points import ledger

    ruleset = get_ruleset("fate-core")
    ps = _participants(table)
    c = start_conflict(table, table.scenes[0].id, ruleset, ConflictKind.PHYSICAL, ps)
    sid = c.scenes[0].id
    ada, boss = c.characters[0], c.characters[2]
    c = concede_participant(c, sid, ps[0].id)
    c = concede_participant(c, sid, ps[2].id)
    assert c.character(ada.id).fate_points == 2 and c.character(boss.id).carried_fate_points == 0
    assert "to collect when the conflict ends" in c.character(ada.id).advancement[-1].summary
    assert c.scenes[0].play.conflict.concessions == {ada.id: 1, boss.id: 1}
    c, lines = end_conflict(c, sid)
    assert c.character(ada.id).fate_points == 3 and c.character(boss.id).carried_fate_points == 1
    assert "Ada collects 1 fate point for conceding." in lines
    assert [(e.who, e.change, e.reason) for e in ledger(c)] == [(ada.id, 1, "concession"), (boss.id, 1, "concession")]


def test_a_contest_tie_owes_a_twist_and_the_goal_declares_a_winner(table):
    a, b = ContestSide(name="Runners"), ContestSide(name="Hounds")
    c = start_contest(table, table.scenes[0].id, "Chase", [a, b], 3)
    sid = c.scenes[0].id
    c, result = play_exchange(c, sid, {a.id: 3, b.id: 3})
    assert result.twist and c.scenes[0].play.contest.twist_due
    c = add_twist(c, sid, "Falling Crates")
    assert c.scenes[0].aspects[-1].text == "Falling Crates" and c.scenes[0].aspects[-1].free_invokes == 1
    c, result = play_exchange(c, sid, {a.id: 6, b.id: 2})
    assert result.victories[a.id] == 2
    c, result = play_exchange(c, sid, {a.id: 3, b.id: 2})
    assert result.winner == a.id


def _roll(faces, rating, against):
    return Roll(RollSetup(Action.OVERCOME, "Burglary", rating, against), (faces,))


def test_each_challenge_task_is_rolled_once_and_summarised(table):
    tasks = [ChallengeTask(what="Pick the lock", difficulty=2), ChallengeTask(what="Keep watch", difficulty=1)]
    c = start_challenge(table, table.scenes[0].id, "Heist", tasks)
    sid = c.scenes[0].id
    c = roll_task(c, sid, tasks[0].id, _roll((1, 1, 0, 0), 2, 2))
    with pytest.raises(Refused, match="rolled once"):
        roll_task(c, sid, tasks[0].id, _roll((1, 1, 0, 0), 2, 2))
    assert summary(c, c.scenes[0].play.challenge).endswith("one task still to roll.")
    c = roll_task(c, sid, tasks[1].id, _roll((-1, -1, 0, 0), 2, 1))
    text = summary(c, c.scenes[0].play.challenge)
    assert text.startswith("one success, one failure.") and "partial victory" in text


def test_the_players_view_leaves_out_hidden_items_and_countdown_meanings(table):
    scene = table.scenes[0]
    shown, secret = SituationAspect(text="Dim Lights", free_invokes=1), SituationAspect(text="Ambush Ready")
    clock = Countdown(name="Reinforcements", boxes=3, outcome="The cavalry", players_see_boxes_only=True)
    scene = scene.model_copy(update={"aspects": [shown, secret], "present": [clock.id], "notes": "GM secret"})
    c = table.model_copy(update={"scenes": [scene], "countdowns": [clock]})
    c = set_hidden(c, scene.id, secret.id, True)
    view = players_view(c, c.scenes[0])
    assert [a.text for a in view.aspects] == ["Dim Lights"]
    assert view.countdowns[0].meaning == "" and view.countdowns[0].boxes == 3
    assert "GM secret" not in repr(view)


def test_a_side_that_fails_its_own_difficulty_cannot_score_a_contest_victory():
    """Fate Condensed, "Contests": each side's overcome may face its own passive difficulty; a
    side that fails it has not succeeded, so it marks no victory whatever the others roll."""
    assert exchange_victories({"A": 1}, {"A": 3}) == {"A": 0}  # alone against the difficulty
    assert exchange_victories({"A": 4}, {"A": 3}) == {"A": 1}
    assert exchange_victories({"A": 3, "B": 1}, {"A": 4, "B": 0}) == {"A": 0, "B": 0}


def test_core_contest_against_the_environment_goes_to_the_most_shifts():
    """Fate Core SRD, "Contests": "If you're all rolling against something in the environment,
    it means you got the most shifts out of everyone", not the highest effort."""
    assert exchange_victories({"A": 5, "B": 4}, {"A": 4, "B": 1}, by_shifts=True) == {"A": 0, "B": 2}
    assert exchange_victories({"A": 5, "B": 4}, {"A": 4, "B": 1}) == {"A": 1, "B": 0}  # Condensed: effort


def test_a_contest_in_play_follows_its_rule_set(table):
    a, b = ContestSide(name="Climbers", difficulty=4), ContestSide(name="Divers", difficulty=1)
    c = start_contest(table, table.scenes[0].id, "Race", [a, b], 3)  # the table plays Fate Core
    sid = c.scenes[0].id
    c, result = play_exchange(c, sid, {a.id: 5, b.id: 4})
    assert result.victories == {a.id: 0, b.id: 2} and not result.twist
    alone = start_contest(table, table.scenes[0].id, "Climb", [ContestSide(name="Ada", difficulty=4)], 3)
    alone, result = play_exchange(alone, sid, {alone.scenes[0].play.contest.sides[0].id: 2})
    assert not any(result.victories.values()) and "falls short of its difficulty" in result.line


def test_the_group_member_with_the_highest_skill_rolls(table):
    """Fate Core SRD, "Combining Skills": "figure out who has the highest skill level among the
    participants ... only the lead character rolls"."""
    from fate_desk.rules.encounters.conflict import group_roller

    ada, bo, boss, *thugs = table.characters
    assert group_roller(table, [bo.id, ada.id], "Fight") == ada.id
    assert members_teamwork(table, [bo.id, ada.id], "Fight") == 1  # Bo (+2) helps Ada (+3)
    condensed = table.model_copy(update={"ruleset": "fate-condensed"})
    # Listed first, Thug 0 (+1) would cap the bonus at +1; the Boss (+4) leads instead.
    assert members_teamwork(condensed, [thugs[0].id, boss.id, ada.id, bo.id], "Fight") == 3


def test_a_challenge_tie_is_a_success_at_a_minor_cost(table):
    """Fate Condensed and Fate Core, "Overcome": a tie means you attain the goal at a minor cost."""
    from fate_desk.rules.encounters.challenge import task_result

    tasks = [ChallengeTask(what="Pick the lock", difficulty=2), ChallengeTask(what="Keep watch", difficulty=2)]
    c = start_challenge(table, table.scenes[0].id, "Heist", tasks)
    sid = c.scenes[0].id
    c = roll_task(c, sid, tasks[0].id, _roll((0, 0, 0, 0), 2, 2))
    c = roll_task(c, sid, tasks[1].id, _roll((1, 0, 0, 0), 2, 2))
    challenge = c.scenes[0].play.challenge
    assert task_result(challenge.tasks[0]) == "tie: success at a minor cost"
    text = summary(c, challenge)
    assert text.startswith("two successes (one at a minor cost), no failures.")
    assert "a minor cost for the tie" in text and "partial" not in text


def test_a_threat_attacks_everyone_on_a_contest_side_that_rolls_lower(table):
    """Fate Condensed, "Contests": against a threat, "everyone on a side takes a hit when their
    contest roll is lower than the threat's attack roll", of the shifts of failure."""
    from fate_desk.rules.encounters.contest import threat_hits

    ada, bo = table.characters[:2]
    runners = ContestSide(name="Runners", members=[ada.id, bo.id], difficulty=3)
    c = start_contest(table, table.scenes[0].id, "Flood", [runners], 3)
    sid = c.scenes[0].id
    c, hits = threat_hits(c, sid, runners.id, 2, 4, "The flood")
    assert hits == {ada.id: 2, bo.id: 2}
    assert "everyone on the side takes a hit of 2 shifts" in c.scenes[0].play.contest.log[-1]
    c, hits = threat_hits(c, sid, runners.id, 5, 4, "The flood")
    assert hits == {}
