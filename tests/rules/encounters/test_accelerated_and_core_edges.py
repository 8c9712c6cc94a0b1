"""Fate Accelerated as its own book says (turn order, help, a failed advantage on a known aspect)
and the last Fate Core edges (a failed advantage in a contest, renaming an extreme consequence, a
major milestone or a power-up a hand-kept history never itemised). Each test quotes its passage:
rules-text/fae-srd.md, rules-text/fate-core-srd.md, rules-text/fate-condensed.txt."""

from __future__ import annotations

import json

import pytest
from advance_support import ruth

from fate_desk.cli import main
from fate_desk.model import (
    Campaign, CampaignOptions, Character, CharacterKind, ConflictKind, ContestSide, HistoryEntry, Scene,
    SituationAspect,
)
from fate_desk.rules import check, get_ruleset
from fate_desk.rules.advancement.milestones import BreakthroughChoice, apply_advance, apply_breakthrough
from fate_desk.rules.creation.ruleset import MilestoneLevel
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.encounters.conflict import members_teamwork, participant, start_conflict
from fate_desk.rules.encounters.contest import (
    contest_advantage, failure_choices, play_exchange, side_roller, side_teamwork, start_contest,
)
from fate_desk.rules.harm.absorb import take_consequence
from fate_desk.rules.play.actions import RollResult, apply_roll, invokables
from fate_desk.rules.play.roll import Action, Roll, RollSetup
from fate_desk.store.interchange import character_to_dict


class Fixed:
    def __init__(self, *throws):
        self.throws = list(throws)

    def throw(self):
        return self.throws.pop(0)


def _fae(**skills) -> Character:
    return Character(ruleset="fate-accelerated", name=skills.pop("name"), skills=skills)


# --- Fate Accelerated --------------------------------------------------------------------------


@pytest.mark.parametrize("kind, first", [(ConflictKind.PHYSICAL, "Quick Kit"), (ConflictKind.MENTAL, "Careful Cal")])
def test_accelerated_turn_order_is_by_quick_or_careful(kind, first):
    """FAE SRD, "Determine Turn Order": "In a physical conflict, compare your Quick approach to the
    other participants' ... In a mental conflict, compare your Careful approach ... Whoever has the
    highest approach gets to go first"."""
    kit = _fae(name="Quick Kit", Quick=3, Careful=1)
    cal = _fae(name="Careful Cal", Quick=1, Careful=3)
    foe = _fae(name="Foe", Quick=2, Careful=2)
    foe = foe.model_copy(update={"kind": CharacterKind.MAJOR_NPC})
    scene = Scene(name="Ambush")
    campaign = Campaign(ruleset="fate-accelerated", characters=[foe, kit, cal], scenes=[scene])
    sides = [participant(campaign, "Foes", [foe.id]), participant(campaign, "PCs", [kit.id]),
             participant(campaign, "PCs", [cal.id])]
    fae = get_ruleset("fate-accelerated")
    started = start_conflict(campaign, scene.id, fae, kind, sides)
    conflict = started.scenes[0].play.conflict
    assert [p.name for p in conflict.participants] == [first, "Foe", ("Careful Cal" if first == "Quick Kit" else "Quick Kit")]
    approach = "Quick" if kind == ConflictKind.PHYSICAL else "Careful"
    assert f"{approach} order" in conflict.log[0]


def test_any_ally_who_helps_adds_one_in_accelerated_whatever_their_approach():
    """FAE SRD, "Getting Help": "you get a +1 to your roll for each ally that helps this way" (no
    rating needed, no cap); Fate Core's "Combining Skills" asks Average (+1) of each helper."""
    lead = _fae(name="Lead", Forceful=3)
    helpers = [_fae(name=f"Help {i}") for i in range(2)]  # Mediocre (+0) Forceful
    campaign = Campaign(ruleset="fate-accelerated", characters=[lead, *helpers])
    assert members_teamwork(campaign, [lead.id, *(h.id for h in helpers)], "Forceful") == 2
    core = campaign.model_copy(update={"ruleset": "fate-core"})
    assert members_teamwork(core, [lead.id, *(h.id for h in helpers)], "Forceful", get_ruleset("fate-core")) == 0


def test_a_failed_advantage_on_a_known_aspect_gives_nothing_to_anyone_in_accelerated():
    """FAE SRD, "Create an Advantage" on an existing aspect: "If you fail: You don't get any
    additional benefit from the aspect." (Fate Condensed gives the opposition a free invoke.)"""
    aspect = SituationAspect(text="Loose Rubble")
    scene = Scene(name="Ruins", aspects=[aspect])
    pc = _fae(name="Pip", Clever=2)
    for ruleset, expected in (("fate-accelerated", 0), ("fate-condensed", 1)):
        campaign = Campaign(ruleset=ruleset, characters=[pc], scenes=[scene])
        key = next(i.key for i in invokables(campaign, pc.id) if i.label == "Loose Rubble")
        roll = Roll.throw(RollSetup(Action.CREATE_ADVANTAGE, "Clever", 2, 4), Fixed((-1, -1, 0, 0)))
        after = apply_roll(campaign, pc.id, roll, RollResult(existing=key))
        assert after.scenes[0].aspects[0].free_invokes == expected, ruleset


# --- Fate Core: a failed advantage in a contest -----------------------------------------------


def _contest(ruleset: str, helper: bool = False) -> tuple[Campaign, str]:
    runner = Character(id="pc-run", name="Runner", skills={"Athletics": 3})
    pal = Character(id="pc-pal", name="Pal", skills={"Athletics": 2, "Notice": 1})
    hound = Character(id="npc-hound", name="Hound", kind=CharacterKind.MAJOR_NPC, skills={"Athletics": 3})
    scene = Scene(name="Chase")
    campaign = Campaign(ruleset=ruleset, characters=[runner, pal, hound], scenes=[scene])
    members = ["pc-run", "pc-pal"] if helper else ["pc-run"]
    sides = [ContestSide(id="runners", name="Runners", members=members, skill="Athletics"),
             ContestSide(id="hounds", name="Hounds", members=["npc-hound"], skill="Athletics")]
    return start_contest(campaign, scene.id, "Chase", sides, 3), scene.id


def _failed(who: str = "pc-run") -> Roll:
    return Roll.throw(RollSetup(Action.CREATE_ADVANTAGE, "Notice", 1, 4, who=who), Fixed((-1, -1, -1, 0)))


def test_in_core_a_failed_advantage_in_a_contest_forfeits_the_contest_roll():
    """Fate Core SRD, "Creating Advantages In A Contest": "failing to create an advantage means you
    forfeit your contest roll, which means there's no way you can make progress in the current
    exchange." Fate Condensed instead offers a choice: "either your side forfeits its overcome roll,
    or you may 'succeed at a cost' ... by giving the other side a free invoke"."""
    assert failure_choices(get_ruleset("fate-core")) == ["forfeit"]
    assert failure_choices(get_ruleset("fate-condensed")) == ["cost", "forfeit"]
    campaign, sid = _contest("fate-core")
    with pytest.raises(Refused, match="cannot succeed at a cost"):
        contest_advantage(campaign, sid, "runners", "pc-run", _failed(), "Shortcut", "cost")
    forfeited = contest_advantage(campaign, sid, "runners", "pc-run", _failed(), "Shortcut", "forfeit")
    assert forfeited.scenes[0].play.contest.forfeits == ["runners"]
    cost, sid = _contest("fate-condensed")
    paid = contest_advantage(cost, sid, "runners", "pc-run", _failed(), "Shortcut", "cost")
    assert paid.scenes[0].play.contest.forfeits == [] and paid.scenes[0].aspects[-1].free_invokes == 1


def test_in_core_a_helper_whose_advantage_fails_only_loses_their_help():
    """Fate Core SRD, same passage: "If you're providing a bonus via the Teamwork rules, failing to
    create an advantage means the lead character doesn't benefit from your help this exchange."""
    campaign, sid = _contest("fate-core", helper=True)
    contest = campaign.scenes[0].play.contest
    runners = contest.sides[0]
    assert side_teamwork(campaign, contest, runners) == 1
    after = contest_advantage(campaign, sid, "runners", "pc-pal", _failed("Pal"), "Shortcut", "forfeit")
    contest = after.scenes[0].play.contest
    assert contest.forfeits == [] and side_teamwork(after, contest, contest.sides[0]) == 0
    assert side_roller(after, contest, contest.sides[0]) == "pc-run"
    scored, _result = play_exchange(after, sid, {"runners": 4, "hounds": 3})
    assert side_teamwork(scored, scored.scenes[0].play.contest, runners) == 1  # the next exchange, help again


# --- Extreme consequences ----------------------------------------------------------------------


def _scarred(ruleset: str = "fate-condensed"):
    rules = get_ruleset(ruleset)
    options = CampaignOptions(extreme_consequences=True)
    hero = ruth().model_copy(update={"ruleset": ruleset})
    old = hero.aspects[3].text
    taken = take_consequence(hero, rules, "extreme", "Hollowed by the Abyss", options=options, extreme_aspect=3)
    return taken.character, old, rules, options


@pytest.mark.parametrize("ruleset", ["fate-condensed", "fate-core"])
def test_an_extreme_consequence_once_renamed_never_goes_back_to_the_aspect_it_replaced(ruleset):
    """Fate Condensed, "Extreme Consequences": "At your next breakthrough you may rename it ... but you
    can't go back to the original aspect." Fate Core: "as long as you don't just switch it out for
    whatever your old aspect was"."""
    scarred, old, rules, options = _scarred(ruleset)
    assert scarred.aspects[3].replaced == old
    if ruleset == "fate-condensed":
        with pytest.raises(Refused, match="may never go back"):
            apply_breakthrough(scarred, BreakthroughChoice(extreme_renames={3: old.upper()}), rules, options)
        new, _ = apply_breakthrough(scarred, BreakthroughChoice(extreme_renames={3: "I Stared Back"}), rules, options)
    else:
        with pytest.raises(Refused, match="may never go back"):
            apply_advance(scarred, MilestoneLevel.MAJOR, BreakthroughChoice(extreme_renames={3: old}), rules, options)
        new, _ = apply_advance(scarred, MilestoneLevel.MAJOR, BreakthroughChoice(extreme_renames={3: "I Stared Back"}),
                               rules, options)
    assert new.aspects[3].text == "I Stared Back" and new.aspects[3].replaced == old
    # By hand on the sheet: the checker says so.
    back = new.model_copy(update={"aspects": [a.model_copy(update={"text": old}) if i == 3 else a
                                              for i, a in enumerate(new.aspects)]})
    assert [p.code for p in check(back, rules, options).problems if p.code == "aspects.extreme_back"]


# --- A hand-kept history: a major milestone, a power-up ---------------------------------------


def _check(tmp_path, capsys, character) -> dict:
    path = tmp_path / "hero.fate.json"
    path.write_text(json.dumps(character_to_dict(character)), encoding="utf-8")
    main(["check", "--json", str(path)])
    return json.loads(capsys.readouterr()[0])[0]


def _grown(**changes) -> Character:
    significant = [HistoryEntry(kind="significant milestone") for _ in range(6)]
    skills = {"Fight": 5, "Lore": 4, "Will": 3, "Notice": 3, "Athletics": 2, "Shoot": 2, "Stealth": 2,
              "Drive": 1, "Crafts": 1, "Contacts": 1, "Empathy": 1, "Deceive": 1}
    hero = ruth().model_copy(update={"ruleset": "fate-core", "skills": skills, "refresh": 4,
                                     "advancement": [*significant, HistoryEntry(kind="major milestone")]})
    return hero.model_copy(update=changes)


def test_a_major_milestone_without_its_changes_may_account_for_one_skill_past_the_cap(tmp_path, capsys):
    """Fate Core SRD, "Major Milestones": "Advance a skill beyond the campaign's current skill cap, if
    you're able to, thus increasing the skill cap." A hand-kept sheet whose major milestone lists no
    change gets a warning asking to record the raise, never "no skill may rise above Great"."""
    report = _check(tmp_path, capsys, _grown())
    problems = {p["code"]: p for p in report["problems"]}
    assert "skills.cap" not in problems
    warning = problems["skills.cap_unrecorded"]
    assert warning["severity"] == "warning" and warning["path"] == "skills.Fight"
    assert "Record it" in warning["message"] and "may rise above" not in warning["message"]
    # Two steps past the cap, or two skills past it, are more than one major milestone gives.
    report = _check(tmp_path, capsys, _grown(skills={**_grown().skills, "Fight": 6}))
    assert "skills.cap" in {p["code"] for p in report["problems"]}
    report = _check(tmp_path, capsys, _grown(skills={**_grown().skills, "Lore": 5}))
    assert "skills.cap" in {p["code"] for p in report["problems"]}


def test_a_breakthrough_power_up_the_history_never_itemised_is_accepted_with_a_note(tmp_path, capsys):
    """Fate Condensed, "Breakthroughs": the GM may grant a power-up of "+1 refresh" and "a second skill
    point". A hand-kept breakthrough without changes: the extra refresh and point are warnings asking
    to record them."""
    hero = ruth().model_copy(update={"refresh": 4, "advancement": [HistoryEntry(kind="breakthrough")],
                                     "stunts": [*ruth().stunts, ruth().stunts[0].model_copy(update={"name": "Fourth"})]})
    # One point from the breakthrough and one from the power-up: Lore and Empathy raised.
    hero = hero.model_copy(update={"skills": {**hero.skills, "Lore": 2, "Empathy": 1}})
    report = _check(tmp_path, capsys, hero)
    codes = {p["code"]: p["severity"] for p in report["problems"]}
    assert codes.get("refresh.power_up") == "warning" and "refresh.base" not in codes
    assert codes.get("skills.power_up") == "warning" and "skills.points" not in codes
