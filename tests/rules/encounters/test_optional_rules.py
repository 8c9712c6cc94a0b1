"""Fate Condensed's optional rules a Fate app is expected to know, and War of Ashes' lethal damage,
through the core. Each is a campaign option, off unless turned on; each test quotes the book
(rules-text/fate-condensed-optional-rules.txt; the War of Ashes SRD in fate-srd/fate-srd-content).
"""

from __future__ import annotations

import pytest
from advance_support import CONDENSED, charles, ruth

from fate_desk.model import (
    Block, Campaign, CampaignOptions, Character, CharacterKind, ConditionsMode, ConflictKind, Consequence,
    ContestSide, Extra, RuleBreak, Scene, SlotSpec, Severity,
)
from fate_desk.rules import check, get_ruleset
from fate_desk.rules.creation.derive import derive_consequences
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.encounters.big_bads import (
    minion_shields, minion_takes_hit, reveal_true_form, solo_bonus, solo_soak,
)
from fate_desk.rules.encounters.conflict import (
    action_refusal, action_taken, declare_full_defense, defended, end_turn, full_defense_bonus, participant,
    start_conflict, take_hit,
)
from fate_desk.rules.encounters.contest import (
    advantage_refusal, contest_advantage, play_exchange, side_roller, side_teamwork, start_contest,
)
from fate_desk.rules.encounters.targets import even_split, split_hits, split_refusal, zone_hits
from fate_desk.rules.harm.absorb import absorb_options
from fate_desk.rules.play.actions import RollResult, apply_roll
from fate_desk.rules.play.hits import block_hit, hit_plan
from fate_desk.rules.play.roll import Action, Roll, RollSetup
from fate_desk.rules.play.time_shifts import TaskTime, shifted, time_line
from fate_desk.rules.prep.options import OPTIONAL_RULES, set_options

ON = CampaignOptions(faster_contests=True, full_defense=True, time_shifts=True, split_attacks=True,
                     block_harm=True, solo_bonus=True, minion_armor=True, true_form=True, lethal_damage=True)


class Fixed:
    def __init__(self, *throws):
        self.throws = list(throws)

    def throw(self):
        return self.throws.pop(0)


def test_every_optional_rule_is_off_by_default_and_explained():
    options = CampaignOptions()
    for rule in OPTIONAL_RULES:
        assert not getattr(options, rule.field), rule.field
        assert len(rule.explanation) > 80 and rule.where and rule.name
    assert len(OPTIONAL_RULES) == 10


# --- Faster contests ---------------------------------------------------------------------------


def _contest(options: CampaignOptions):
    pcs = [Character(id=f"pc-{n}", name=n.title(), skills={"Athletics": r, "Notice": 2}) for n, r in
           (("ann", 3), ("ben", 2), ("cy", 1))]
    hound = Character(id="npc-hound", name="Hound", kind=CharacterKind.MAJOR_NPC, skills={"Athletics": 3})
    scene = Scene(name="Chase")
    campaign = Campaign(characters=[*pcs, hound], scenes=[scene], options=options)
    sides = [ContestSide(id="pcs", name="Runners", members=[p.id for p in pcs], skill="Athletics"),
             ContestSide(id="hounds", name="Hounds", members=["npc-hound"], skill="Athletics")]
    return start_contest(campaign, scene.id, "Chase", sides, 3), scene.id


def _advantage(who: str, dice=(1, 1, 0, 0)) -> Roll:
    return Roll.throw(RollSetup(Action.CREATE_ADVANTAGE, "Notice", 2, 2, who=who), Fixed(dice))


def test_faster_contests_each_participant_does_one_thing_an_exchange():
    """Fate Condensed, "Faster Contests": "In each exchange of a contest, each participant may choose
    only one of these three options: Make the overcome roll for their side. Roll to create an
    advantage, but no teamwork bonus. Provide their teamwork bonus ... Don't roll." """
    campaign, sid = _contest(CampaignOptions(faster_contests=True))
    contest = campaign.scenes[0].play.contest
    assert side_roller(campaign, contest, contest.sides[0]) == "pc-ann"
    assert side_teamwork(campaign, contest, contest.sides[0]) == 2
    after = contest_advantage(campaign, sid, "pcs", "pc-ann", _advantage("Ann"), "Shortcut")
    contest = after.scenes[0].play.contest
    # Ann created an advantage: Ben rolls now, and only Cy helps.
    assert side_roller(after, contest, contest.sides[0]) == "pc-ben"
    assert side_teamwork(after, contest, contest.sides[0]) == 1
    assert "already created an advantage" in advantage_refusal(after, sid, "pc-ann")
    with pytest.raises(Refused):
        contest_advantage(after, sid, "pcs", "pc-ann", _advantage("Ann"), "Another")
    scored, _ = play_exchange(after, sid, {"pcs": 4, "hounds": 3})
    assert scored.scenes[0].play.contest.advantaged == []  # a new exchange: everyone chooses again


def test_without_faster_contests_an_advantage_comes_on_top_of_the_roll():
    """Fate Condensed, "Creating Advantages in a Contest": "Each participant may attempt to create an
    advantage in addition to rolling or providing a teamwork bonus"."""
    campaign, sid = _contest(CampaignOptions())
    after = contest_advantage(campaign, sid, "pcs", "pc-ann", _advantage("Ann"), "Shortcut")
    contest = after.scenes[0].play.contest
    assert side_roller(after, contest, contest.sides[0]) == "pc-ann" and advantage_refusal(after, sid, "pc-ann") == ""


# --- Full defense ------------------------------------------------------------------------------


def _conflict(options: CampaignOptions, boss_breaks=(), minions: int = 0, pcs: int = 2):
    heroes = [Character(id=f"pc-{i}", name=f"Hero {i}", skills={"Fight": 3, "Athletics": 2}) for i in range(pcs)]
    boss = Character(id="npc-boss", name="Boss", kind=CharacterKind.MONSTER, skills={"Fight": 4, "Athletics": 3},
                     rule_breaks=[RuleBreak(kind=k) for k in boss_breaks])
    goons = [Character(id=f"npc-goon{i}", name=f"Goon {i}", kind=CharacterKind.MINOR_NPC, skills={"Fight": 1},
                       stress_boxes={"physical": [1]}, consequence_slots=[]) for i in range(minions)]
    scene = Scene(name="Lair")
    campaign = Campaign(characters=[*heroes, boss, *goons], scenes=[scene], options=options)
    sides = [participant(campaign, "PCs", [h.id]) for h in heroes]
    sides.append(participant(campaign, "Foes", ["npc-boss"]))
    sides += [participant(campaign, "Foes", [g.id]) for g in goons]
    started = start_conflict(campaign, scene.id, CONDENSED, ConflictKind.PHYSICAL, sides, first=sides[0].id)
    return started, scene.id


def _pid(campaign, name):
    return next(p.id for p in campaign.scenes[0].play.conflict.participants if p.name == name)


def test_full_defense_gives_plus_two_to_defend_and_a_boost_if_nothing_came():
    """Fate Condensed, "Full Defense": "While on full defense you get a +2 to all defend rolls relevant
    to your declared focus. If nothing comes of it and you haven't rolled to defend at all by the time
    your next turn comes around, you gain a boost"."""
    campaign, sid = _conflict(ON)
    hero = _pid(campaign, "Hero 0")
    on = declare_full_defense(campaign, sid, hero, "")
    conflict = on.scenes[0].play.conflict
    assert full_defense_bonus(conflict, hero) == 2 and full_defense_bonus(conflict, _pid(on, "Boss")) == 0
    # Round the table back to Hero 0 without anyone attacking: a boost.
    later = end_turn(on, sid, _pid(on, "Hero 1"))
    later = end_turn(later, sid, _pid(later, "Boss"))
    later = end_turn(later, sid, hero)
    assert any(a.boost and "Ready" in a.text for a in later.scenes[0].aspects)
    assert full_defense_bonus(later.scenes[0].play.conflict, hero) == 0
    # Had Hero 0 rolled to defend, no boost.
    tested = defended(on, sid, hero)
    tested = end_turn(end_turn(end_turn(tested, sid, _pid(tested, "Hero 1")), sid, _pid(tested, "Boss")), sid, hero)
    assert not any(a.boost for a in tested.scenes[0].aspects)


def test_full_defense_is_declared_on_ones_own_turn_and_only_with_the_option():
    campaign, sid = _conflict(CampaignOptions())
    with pytest.raises(Refused, match="optional rule"):
        declare_full_defense(campaign, sid, _pid(campaign, "Hero 0"))
    campaign, sid = _conflict(ON)
    with pytest.raises(Refused, match="not Hero 1's turn"):
        declare_full_defense(campaign, sid, _pid(campaign, "Hero 1"))


def test_full_defense_is_the_turns_one_action():
    """Fate Condensed, "Full Defense": "you can choose to go on full defense ... you give up your
    action for the exchange"; "Turn Order": "each involved character can take one overcome, create
    an advantage, or attack action". After an attack, no full defense; after full defense, no attack;
    in an order set by skill, declaring it passes the turn as an attack does."""
    campaign, sid = _conflict(ON)
    hero = _pid(campaign, "Hero 0")
    attacked = action_taken(campaign, sid)
    with pytest.raises(Refused, match="taken this turn's action"):
        declare_full_defense(attacked, sid, hero)
    declared = declare_full_defense(campaign, sid, hero)
    assert action_refusal(declared.scenes[0].play.conflict) != ""  # no attack after it
    assert declared.scenes[0].play.conflict.current == hero  # elective: Hero 0 still picks who goes next
    core = get_ruleset("fate-core")
    start = campaign.model_copy(update={"scenes": [Scene(id=sid, name="Lair")]})
    sides = [participant(start, "PCs", ["pc-0"]), participant(start, "PCs", ["pc-1"]),
             participant(start, "Foes", ["npc-boss"])]
    by_skill = start_conflict(start, sid, core, ConflictKind.PHYSICAL, sides)
    first = by_skill.scenes[0].play.conflict.current
    passed = declare_full_defense(by_skill, sid, first).scenes[0].play.conflict
    assert passed.current != first and full_defense_bonus(passed, first) == 2


# --- Time shifts -------------------------------------------------------------------------------


@pytest.mark.parametrize("shifts, took", [(1, "about one hour"), (2, "half an hour"), (3, "several minutes"),
                                          (-1, "several hours"), (-2, "half a day"), (-3, "about one day"),
                                          (0, "a few hours")])
def test_time_shifts_step_a_task_faster_or_slower(shifts, took):
    """Fate Condensed, "Time Shifts": "if your starting point is 'a few hours,' then one shift faster
    jumps the quantity down to 'about one hour,' two shifts down to 'half an hour.' ... three shifts
    faster would be 'several minutes.' ... one shift slower is 'several hours,' two is 'half a day,'
    three is 'about one day.'" """
    assert shifted(TaskTime(2, 2), shifts)[0].text() == took


def test_a_roll_with_time_shifts_says_how_long_the_task_took():
    pc = Character(id="pc-ann", name="Ann", skills={"Crafts": 2})
    campaign = Campaign(characters=[pc], options=CampaignOptions(time_shifts=True))
    roll = Roll.throw(RollSetup(Action.OVERCOME, "Crafts", 2, 1, who="Ann"), Fixed((1, 1, 0, 0)))  # 3 shifts
    after = apply_roll(campaign, "pc-ann", roll, RollResult(boost="Quick Work", time=TaskTime(2, 3)))
    assert after.sessions[-1].rolls[-1].endswith(time_line(TaskTime(2, 3), 3))
    assert "several hours" in after.sessions[-1].rolls[-1]
    off = apply_roll(campaign.model_copy(update={"options": CampaignOptions()}), "pc-ann", roll,
                     RollResult(boost="Quick Work", time=TaskTime(2, 3)))
    assert "Time shifts" not in off.sessions[-1].rolls[-1]


# --- Splitting an attack -----------------------------------------------------------------------


def test_an_attack_splits_its_effort_among_targets_each_defending_its_share():
    """Fate Condensed, "Ways to Handle Multiple Targets": "her Fight roll comes in at Epic (+7). She
    assigns a Good (+3) attack to the one that looks the most veteran, and Fair (+2) to each of the
    other two, for a total of seven. They each then roll to defend." """
    shares = {"veteran": 3, "goon a": 2, "goon b": 2}
    assert split_refusal(7, shares) == ""
    assert split_hits(shares, {"veteran": 1, "goon a": 2, "goon b": 0}) == {"veteran": 2, "goon a": 0, "goon b": 2}
    assert "at least one point" in split_refusal(7, {"veteran": 7, "goon a": 0})
    assert "split the whole effort" in split_refusal(7, {"veteran": 3, "goon a": 2})
    assert "positive effort" in split_refusal(0, {"a": 0, "b": 0})
    assert even_split(7, ["a", "b", "c"]) == {"a": 3, "b": 2, "c": 2}
    # A zone attack: "every target must defend against your total roll".
    assert zone_hits(5, {"a": 3, "b": 6}) == {"a": 2, "b": -1}


# --- Harmful blocks ----------------------------------------------------------------------------


def test_a_missed_overcome_against_a_harmful_block_deals_the_miss_as_a_hit():
    """Fate Condensed, "Blocks": "If it can cause harm and the PC fails to overcome the block, the PC
    takes a hit equal to the amount by which they missed the target." (Example: "Good (+3) Vat of
    Acid, Weapon:4".)"""
    vat = Block(name="Vat of Acid", rating=3, weapon=4)
    fence = Block(name="Chain Link Fence", rating=2)
    campaign = Campaign(obstacles=[vat, fence], options=CampaignOptions(block_harm=True))
    missed = Roll.throw(RollSetup(Action.OVERCOME, "Athletics", 1, 3), Fixed((0, 0, 0, 0)))  # misses by 2
    assert block_hit(campaign, vat.id, missed) == 2
    assert block_hit(campaign, fence.id, missed) == 0  # a block that cannot harm just stops you
    assert block_hit(campaign.model_copy(update={"options": CampaignOptions()}), vat.id, missed) == 0
    made = Roll.throw(RollSetup(Action.OVERCOME, "Athletics", 3, 3), Fixed((0, 0, 0, 0)))
    assert block_hit(campaign, vat.id, made) == 0


# --- The solo bonus ----------------------------------------------------------------------------


def test_a_big_bad_alone_gets_a_bonus_of_the_pcs_facing_it_minus_one():
    """Fate Condensed, "Solo Bonus": "The big bad gets a bonus to skill rolls that's equal to the
    group's maximum potential teamwork bonus — the number of PCs acting against the big bad minus one
    (so a +2 vs a group of 3, etc). This bonus can't do better than double the big bad's affected
    skill"."""
    campaign, sid = _conflict(ON, boss_breaks=("solo_bonus",), pcs=3)
    conflict = campaign.scenes[0].play.conflict
    boss = _pid(campaign, "Boss")
    assert solo_bonus(campaign, conflict, boss, 4) == 2
    assert solo_bonus(campaign, conflict, boss, 1) == 1  # never more than doubling the skill
    assert solo_bonus(campaign, conflict, _pid(campaign, "Hero 0"), 3) == 0
    off = campaign.model_copy(update={"options": CampaignOptions()})
    assert solo_bonus(off, off.scenes[0].play.conflict, boss, 4) == 0
    with_help, _sid = _conflict(ON, boss_breaks=("solo_bonus",), minions=1, pcs=3)
    assert solo_bonus(with_help, with_help.scenes[0].play.conflict, _pid(with_help, "Boss"), 4) == 0  # not alone


def test_a_big_bad_alone_may_shrug_off_half_the_pcs_from_each_hit():
    """Fate Condensed, "Solo Bonus": "The big bad may reduce the stress of successful attacks by the
    number of opposing PCs divided by two, rounded up ... hits reduced this way can't be reduced below
    1." """
    campaign, sid = _conflict(ON, boss_breaks=("solo_soak",), pcs=3)
    conflict, boss = campaign.scenes[0].play.conflict, _pid(campaign, "Boss")
    assert solo_soak(campaign, conflict, boss, 5) == 3
    assert solo_soak(campaign, conflict, boss, 2) == 1
    assert solo_soak(campaign, conflict, _pid(campaign, "Hero 0"), 5) == 5


# --- Expendable minion armor -------------------------------------------------------------------


def test_a_big_bad_forces_a_minion_into_the_attacks_path():
    """Fate Condensed, "Expendable Minion Armor": "a big bad may always succeed at a cost on its defend
    rolls against attacks by forcing a minion into the path of the attack. That minion doesn't roll to
    defend, they just take the hit that would have landed on the big bad otherwise." """
    campaign, sid = _conflict(ON, boss_breaks=("minion_armor",), minions=2)
    conflict, boss = campaign.scenes[0].play.conflict, _pid(campaign, "Boss")
    shields = minion_shields(campaign, conflict, boss)
    assert [p.name for p in shields] == ["Goon 0", "Goon 1"]
    shielded = minion_takes_hit(campaign, sid, boss, shields[0].id)
    assert "Goon 0 is forced into the attack's path" in shielded.scenes[0].play.conflict.log[-1]
    off = campaign.model_copy(update={"options": CampaignOptions()})
    assert minion_shields(off, off.scenes[0].play.conflict, boss) == []
    with pytest.raises(Refused):
        minion_takes_hit(off, sid, boss, shields[0].id)


# --- Reveal true form --------------------------------------------------------------------------


def test_a_big_bad_taken_out_reveals_its_true_form_with_its_consequences_carried_over():
    """Fate Condensed, "Reveal True Form": "your big bad isn't just one character, it's at least two
    characters which must be beaten sequentially ... If you want to gentle this a bit, carry the
    consequences the big bad has already taken forward between forms, dismissing the mild ones and
    downgrading the moderate and severe ones by one step each." """
    campaign, sid = _conflict(ON)
    form = Character(id="npc-form", name="The Thing Beneath", kind=CharacterKind.MONSTER, skills={"Fight": 5})
    boss = campaign.character("npc-boss").model_copy(update={
        "rule_breaks": [RuleBreak(kind="true_form", form="npc-form")],
        "consequences": [Consequence(slot="mild", text="Winded"), Consequence(slot="moderate", text="Cracked Mask"),
                         Consequence(slot="severe", text="Shattered Arm")]})
    campaign = campaign.model_copy(update={"characters": [*[c for c in campaign.characters if c.id != "npc-boss"],
                                                          boss, form]})
    pid = _pid(campaign, "Boss")
    with pytest.raises(Refused, match="only once taken out"):
        reveal_true_form(campaign, sid, pid)
    out = take_hit(campaign, sid, CONDENSED, pid, "npc-boss", None, hit=9)
    revealed = reveal_true_form(out, sid, pid)
    p = next(q for q in revealed.scenes[0].play.conflict.participants if q.id == pid)
    assert p.members == ["npc-form"] and p.active and p.name == "The Thing Beneath"
    carried = {c.text: c.slot for c in revealed.character("npc-form").consequences}
    assert carried == {"Cracked Mask": "mild", "Shattered Arm": "moderate"}
    fresh = reveal_true_form(out, sid, pid, carry=False)
    assert fresh.character("npc-form").consequences == []


# --- Two combined skill lists -------------------------------------------------------------------


def test_two_combined_skill_lists_add_one_skill_from_each():
    """Fate Condensed, "Changing the Skill List": "You may want to have two lists, with players adding
    together one from each to make their roll. The main thing to keep in mind is keeping the potential
    totals inside the zero-to-cap range. You might have ratings from +0 to +2 on each list"."""
    options = CampaignOptions(combined_skills=["Careful", "Clever", "Flashy", "Forceful", "Quick", "Sneaky"])
    hero = ruth().model_copy(update={"skills": {**ruth().skills, "Careful": 2, "Quick": 1}})
    assert not [p for p in check(hero, CONDENSED, options).problems if p.code.startswith("skills.")]
    # Without the option the same sheet breaks Fate Condensed's pyramid (two skills too many).
    assert [p for p in check(hero, CONDENSED).problems if p.code.startswith("skills.")]
    too_high = hero.model_copy(update={"skills": {**hero.skills, "Careful": 3}})
    assert [p.path for p in check(too_high, CONDENSED, options).problems if p.code == "skills.second_list"] == [
        "skills.Careful"]
    setup = RollSetup(Action.OVERCOME, "Fight", 4, 2, second_skill="Careful", second_rating=2)
    roll = Roll.throw(setup, Fixed((0, 0, 0, 0)))
    assert roll.effort == 6 and "Fight + Careful" in roll.summary()
    campaign = Campaign()
    assert set_options(campaign, options).options.combined_skills == options.combined_skills
    with pytest.raises(Refused, match="already on the rule set's skill list"):
        set_options(campaign, CampaignOptions(combined_skills=["Fight", "Sneak"]))


# --- Lethal damage -----------------------------------------------------------------------------


def test_a_lethal_attack_skips_stress_and_takes_a_minion_out():
    """War of Ashes SRD, "Lethal Attacks": "lethal attacks go straight to the defender's consequences,
    bypassing their stress track entirely. This means that a successful lethal attack will always mean
    some sort of longer-lasting trauma for the defender—or, in the case of mere minions, who don't have
    consequences to begin with, instant defeat." """
    hero = charles()
    plan = absorb_options(hero, CONDENSED, 2, "physical", lethal=True)
    assert plan.options and all(not o.stress and o.consequences for o in plan.options)
    assert any(o.stress for o in absorb_options(hero, CONDENSED, 2, "physical").options)
    minion = Character(id="npc-m", name="Minion", kind=CharacterKind.MINOR_NPC, stress_boxes={"physical": [1, 1]},
                       consequence_slots=[])
    campaign = Campaign(characters=[minion], options=CampaignOptions(lethal_damage=True))
    _hit, lethal = hit_plan(campaign, CONDENSED, "npc-m", 1, "physical", lethal=True)
    assert lethal.taken_out and "lethal" in lethal.message
    _hit, plain = hit_plan(campaign.model_copy(update={"options": CampaignOptions()}), CONDENSED, "npc-m", 1,
                           "physical", lethal=True)
    assert not plain.taken_out  # without the campaign's option a hit is an ordinary hit


# --- Conditions: an extra's mild slot ----------------------------------------------------------


@pytest.mark.parametrize("mode", [ConditionsMode.PLAIN, ConditionsMode.FURTHER_APART])
def test_with_conditions_an_extras_mild_slot_is_two_more_boxes_of_hurt_or_scared(mode):
    """Fate Condensed, "Moving Conditions Further Apart": "If you would gain a mild consequence slot
    (from high Physique, Will, or a stunt), instead add two more boxes of Hurt or Scared as appropriate.
    These added boxes increase the cutoff threshold for that row, one for one." (Plain conditions: "If
    you would gain an additional mild consequence, instead gain two more boxes on either Hurt or
    Scared".)"""
    thick = Extra(name="Thick Skin", consequences=[SlotSpec(id="skin", severity=Severity.MILD, value=2, only="physical")])
    hero = ruth().model_copy(update={"extras": [thick]})
    options = CampaignOptions(conditions=mode)
    slots = {s.id: s for s in derive_consequences(hero, CONDENSED, options)}
    base = 2 if mode == ConditionsMode.FURTHER_APART else 1
    assert slots["hurt"].boxes == base + 2 and slots["scared"].boxes == base
    assert not any(s.id.startswith("extra_") for s in slots.values())  # not a consequence slot
    if mode == ConditionsMode.FURTHER_APART:
        assert slots["hurt"].row_cutoff == 4
    plain = {s.id for s in derive_consequences(hero, CONDENSED, CampaignOptions())}
    assert "extra_skin" in plain  # without conditions it stays a mild consequence
