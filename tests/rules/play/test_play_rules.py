"""Play at the table through the core: invokes after the dice, fate points with reasons, hits."""

from __future__ import annotations

import pytest

from fate_desk.model import Aspect, AspectRole, Campaign, Character, CharacterKind, Scene, SituationAspect
from fate_desk.rules.clock.timeline import EndScene, end_scene
from fate_desk.rules.play.fate_points import GM, compel, ledger, ledger_totals
from fate_desk.rules.play.hits import concede_conflict, hit_plan, take_hit
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.creation.loader import get_ruleset
from fate_desk.rules.play.actions import RollResult, apply_roll, invokables, roll_log
from fate_desk.rules.play.roll import Action, Invoke, Roll, RollSetup

from builders import legal_pc


class Fixed:
    def __init__(self, *throws):
        self._throws = list(throws)

    def throw(self):
        return self._throws.pop(0)


def table(ruleset: str = "fate-condensed") -> Campaign:
    ruth = legal_pc(id="ruth", ruleset=ruleset, fate_points=2)
    goon = Character(id="goon", kind=CharacterKind.MAJOR_NPC, name="Goon", ruleset=ruleset,
                     aspects=[Aspect(role=AspectRole.HIGH_CONCEPT, text="Hired Muscle"),
                              Aspect(role=AspectRole.TROUBLE, text="Short Fuse")])
    scene = Scene(id="alley", name="The alley", aspects=[
        SituationAspect(id="dark", text="Pitch Dark", free_invokes=1),
        SituationAspect(id="slip", text="Off Balance", free_invokes=1, boost=True),
    ])
    return Campaign(ruleset=ruleset, characters=[ruth, goon], scenes=[scene], gm_fate_points=2)


def keyed(campaign, character_id, label):
    return next(i for i in invokables(campaign, character_id) if i.label == label)


def invoke_of(item, free=False, reroll=False):
    return Invoke(item.key, item.label, reroll=reroll, free=free, kind=item.kind, owner=item.owner)


def test_a_roll_pays_paid_invokes_and_uses_free_ones_exactly():
    campaign = table()
    roll = Roll.throw(RollSetup(Action.ATTACK, "Fight", 4, 3, who="Ruth"), Fixed((-1, -1, 0, 0)))
    roll = roll.invoke(invoke_of(keyed(campaign, "ruth", "Pitch Dark"), free=True))
    roll = roll.invoke(invoke_of(keyed(campaign, "ruth", "Knuckles Like Bookends")))
    after = apply_roll(campaign, "ruth", roll)
    assert after.character("ruth").fate_points == 1
    assert after.scenes[0].aspects[0].free_invokes == 0
    assert ledger(after)[0].change == -1 and ledger(after)[0].reason == "invoke"
    assert roll_log(after) == [roll.summary()]


def test_a_boost_is_gone_once_its_free_invoke_is_used():
    campaign = table()
    roll = Roll.throw(RollSetup(Action.OVERCOME, "Athletics", 2, 2), Fixed((0, 0, 0, 0)))
    roll = roll.invoke(invoke_of(keyed(campaign, "ruth", "Off Balance"), free=True))
    after = apply_roll(campaign, "ruth", roll)
    assert [a.text for a in after.scenes[0].aspects] == ["Pitch Dark"]


def test_paid_invokes_are_refused_when_the_points_run_out_and_nothing_changes():
    campaign = table()
    campaign.characters[0].fate_points = 0
    roll = Roll.throw(RollSetup(Action.ATTACK, "Fight", 4, 3), Fixed((0, 0, 0, 0)))
    roll = roll.invoke(invoke_of(keyed(campaign, "ruth", "Knuckles Like Bookends")))
    with pytest.raises(Refused, match="has 0 fate points"):
        apply_roll(campaign, "ruth", roll)


def test_a_hostile_invokes_point_is_spendable_only_after_the_scene():
    campaign = table()
    campaign.character("goon").fate_points = 0  # none of its own: the GM's pool pays
    goon_roll = Roll.throw(RollSetup(Action.ATTACK, "Fight", 3, 2, who="Goon"), Fixed((0, 0, 0, 0)))
    goon_roll = goon_roll.invoke(invoke_of(keyed(campaign, "goon", "Curiosity Opens Every Door")))
    after = apply_roll(campaign, "goon", goon_roll)
    ruth = after.character("ruth")
    assert after.gm_fate_points == 1  # the NPC's invoke is paid from the GM's pool
    assert ruth.fate_points == 2 and ruth.pending_fate_points == 1
    ended = end_scene(after, EndScene(), get_ruleset("fate-condensed")).campaign
    assert ended.character("ruth").fate_points == 3 and ended.character("ruth").pending_fate_points == 0


def test_create_an_advantage_puts_the_aspect_with_free_invokes_and_a_tie_gives_a_boost():
    campaign = table()
    success = Roll.throw(RollSetup(Action.CREATE_ADVANTAGE, "Notice", 2, 2), Fixed((1, 1, 1, 0)))
    after = apply_roll(campaign, "ruth", success, RollResult(advantage="Weak Spot", advantage_on="goon"))
    made = after.scenes[0].aspects[-1]
    assert (made.text, made.free_invokes, made.on, made.boost) == ("Weak Spot", 2, "goon", False)
    tie = Roll.throw(RollSetup(Action.CREATE_ADVANTAGE, "Notice", 2, 2), Fixed((0, 0, 0, 0)))
    after = apply_roll(campaign, "ruth", tie, RollResult(boost="Fleeting Glimpse"))
    boost = after.scenes[0].aspects[-1]
    assert (boost.text, boost.free_invokes, boost.boost) == ("Fleeting Glimpse", 1, True)


def test_boosts_never_outlive_their_scene_in_condensed_even_when_kept():
    campaign = table()
    keep = EndScene(keep_aspects=frozenset({"dark", "slip"}))
    after = end_scene(campaign, keep, get_ruleset("fate-condensed")).campaign
    assert [a.text for a in after.scenes[0].aspects] == ["Pitch Dark"]


def test_core_may_carry_a_kept_boost_into_the_next_scene():
    campaign = table("fate-core")
    keep = EndScene(keep_aspects=frozenset({"slip"}))
    after = end_scene(campaign, keep, get_ruleset("fate-core")).campaign
    assert [a.text for a in after.scenes[0].aspects] == ["Off Balance"]


def test_compel_accepted_gains_refused_pays_and_refusing_at_zero_is_refused():
    campaign = table()
    after = compel(campaign, "ruth", "Curiosity Opens Every Door", accept=True)
    assert after.character("ruth").fate_points == 3
    after = compel(after, "ruth", "Curiosity Opens Every Door", accept=False)
    assert after.character("ruth").fate_points == 2
    assert [e.reason for e in ledger(after)] == ["compel accepted", "compel refused"]
    broke = table()
    broke.characters[0].fate_points = 0
    with pytest.raises(Refused, match="must be accepted"):
        compel(broke, "ruth", "Curiosity Opens Every Door", accept=False)


def test_npc_compels_go_through_the_gm_pool():
    after = compel(table(), "goon", "Short Fuse", accept=False)
    assert after.gm_fate_points == 1 and ledger_totals(after) == {GM: (0, 1)}


def test_a_moderate_consequence_gives_the_attacker_one_free_invoke():
    campaign = table()
    rules = get_ruleset("fate-condensed")
    _, plan = hit_plan(campaign, rules, "ruth", 4, "physical")
    option = next(o for o in plan.options if o.consequences == (("moderate", 1),) and not o.stress)
    after = take_hit(campaign, rules, "ruth", option, {"moderate": "Cracked Ribs"}, attacker="goon")
    taken = after.character("ruth").consequences[0]
    assert (taken.text, taken.free_invokes, taken.inflicted_by) == ("Cracked Ribs", 1, "goon")
    goon_can = keyed(after, "goon", "Cracked Ribs")
    assert goon_can.free == 1 and keyed(after, "ruth", "Cracked Ribs").free == 0


def test_conceding_gives_one_point_plus_one_per_consequence_in_this_conflict():
    from fate_desk.model import ConflictKind
    from fate_desk.rules.encounters.conflict import participant, start_conflict

    campaign = table()
    rules = get_ruleset("fate-condensed")
    sides = [participant(campaign, "PCs", ["ruth"]), participant(campaign, "Opposition", ["goon"])]
    campaign = start_conflict(campaign, "alley", rules, ConflictKind.PHYSICAL, sides, first=sides[0].id)
    _, plan = hit_plan(campaign, rules, "ruth", 2, "physical")
    option = next(o for o in plan.options if o.consequences == (("mild", 1),))
    campaign = take_hit(campaign, rules, "ruth", option, {"mild": "Bruised"}, attacker="goon")
    after = concede_conflict(campaign, "ruth")
    assert after.character("ruth").fate_points == 2 + 1 + 1
    assert ledger(after)[-1].reason == "concession" and ledger(after)[-1].change == 2


def test_harms_hostile_invoke_holds_a_pcs_point_until_the_scene_ends():
    from fate_desk.rules.harm.absorb import hostile_invoke

    ruth = legal_pc(fate_points=1)
    after, entry = hostile_invoke(ruth)
    assert after.fate_points == 1 and after.pending_fate_points == 1
    assert "after this scene" in entry.summary


def test_a_player_proposing_a_compel_on_another_character_pays_one_of_their_own_points():
    """Fate Condensed, "Compels": "The player proposing the compel must spend one of their own
    fate points"; the GM proposes for free, and a boost can never be compelled."""
    from fate_desk.model import Consequence
    from fate_desk.rules.play.fate_points import compel_targets

    scene = Scene(name="Docks", aspects=[SituationAspect(text="Slick Planks"), SituationAspect(text="Edge", boost=True,
                                                                                               free_invokes=1)])
    camp = Campaign(characters=[Character(id="a", name="Ann", fate_points=1),
                                Character(id="b", name="Bo", fate_points=0,
                                          consequences=[Consequence(slot="mild", text="Twisted Ankle")])],
                    scenes=[scene])
    assert compel_targets(camp, "b") == ["Twisted Ankle", "Slick Planks"]
    after = compel(camp, "b", "Slick Planks", True, proposer="a")
    assert (after.character("a").fate_points, after.character("b").fate_points) == (0, 1)
    with pytest.raises(Refused, match="no fate point to pay for proposing"):
        compel(after, "b", "Twisted Ankle", True, proposer="a")
    assert compel(after, "b", "Twisted Ankle", True).character("b").fate_points == 2  # the GM's: free
    with pytest.raises(Refused, match="boost cannot be compelled"):
        compel(camp, "b", "Edge", True)


def test_a_free_and_a_paid_invoke_of_the_same_aspect_stack_in_either_order():
    """Fate Core SRD, "Free Invocations": "you can use a free invocation and pay a fate point on
    the same aspect to get a +4 bonus"; only a second paid invoke of it is refused."""
    campaign = table()
    dark = keyed(campaign, "ruth", "Pitch Dark")
    setup = RollSetup(Action.OVERCOME, "Athletics", 2, 4)
    free_first = Roll.throw(setup, Fixed((0, 0, 0, 0))).invoke(invoke_of(dark, free=True)).invoke(invoke_of(dark))
    paid_first = Roll.throw(setup, Fixed((0, 0, 0, 0))).invoke(invoke_of(dark)).invoke(invoke_of(dark, free=True))
    assert free_first.effort == paid_first.effort == 6
    assert "only free invokes" in paid_first.refusal(invoke_of(dark))
    after = apply_roll(campaign, "ruth", free_first)
    assert after.character("ruth").fate_points == 1 and after.scenes[0].aspects[0].free_invokes == 0


def test_paying_to_invoke_an_aspect_placed_on_a_character_pays_that_character_after_the_scene():
    """Fate Condensed, "Hostile Invokes": invoking an aspect against its character (situation
    aspects and advantages placed on them included) gives them the point, spendable after the scene."""
    campaign = table()
    campaign.scenes[0].aspects.append(SituationAspect(id="pinned", text="Pinned Down", on="goon"))
    pinned = keyed(campaign, "ruth", "Pinned Down")
    assert pinned.owner == "goon" and pinned.kind.value == "hostile"
    roll = Roll.throw(RollSetup(Action.ATTACK, "Fight", 4, 3), Fixed((0, 0, 0, 0))).invoke(invoke_of(pinned))
    after = apply_roll(campaign, "ruth", roll)
    assert after.character("goon").carried_fate_points == 1 and after.gm_fate_points == 2
    # Placed on the roller themself, it is their own advantage: no one is paid.
    assert keyed(campaign, "goon", "Pinned Down").owner is None


def test_attack_with_style_may_take_one_shift_less_for_a_boost():
    """Fate Condensed, "Attack": succeed with style: "you may reduce the hit by one to get a boost"."""
    campaign = table()
    roll = Roll.throw(RollSetup(Action.ATTACK, "Fight", 4, 1, who="Ruth"), Fixed((0, 0, 0, 0)))
    assert roll.hit == 3 and not roll.boost
    traded = roll.choose(style_boost=True)
    assert traded.hit == 2 and traded.boost and "take a boost" in traded.summary()
    after = apply_roll(campaign, "ruth", traded, RollResult(boost="Reeling"))
    assert [a.text for a in after.scenes[0].aspects if a.boost] == ["Off Balance", "Reeling"]
    with pytest.raises(Refused, match="succeeds with style"):
        Roll.throw(RollSetup(Action.ATTACK, "Fight", 4, 3), Fixed((0, 0, 0, 0))).choose(style_boost=True)


def test_an_overcome_tie_may_be_a_failure_with_a_boost_in_condensed_only():
    """Fate Condensed, "Overcome": a tie is success at a minor cost, or failure with a boost;
    Fate Core's overcome tie is success at a minor cost only (digest, "Dice and outcomes")."""
    tie = Roll.throw(RollSetup(Action.OVERCOME, "Athletics", 2, 2), Fixed((0, 0, 0, 0)))
    assert not tie.boost and tie.meaning() == "You get it, but at a minor cost."
    condensed = get_ruleset("fate-condensed")
    failed = tie.choose(tie_as_failure=True, tie_boost_allowed=condensed.overcome_tie_boost)
    assert failed.boost and failed.meaning() == "You fail, but take a boost."
    with pytest.raises(Refused, match="never a failure with a boost"):
        tie.choose(tie_as_failure=True, tie_boost_allowed=get_ruleset("fate-core").overcome_tie_boost)


def test_a_tied_attack_with_a_weapon_hits_instead_of_a_boost_and_armor_that_stops_a_hit_gives_one():
    """Fate Condensed optional rules, "Weapon and Armor Ratings": a Weapon turns a tie into a hit
    of its rating (no boost); Armor that takes a hit to 0 or less gives the attacker a boost."""
    from fate_desk.model import CampaignOptions
    from fate_desk.rules.harm.absorb import resolve_hit

    options = CampaignOptions(weapon_armor=True)
    assert resolve_hit(0, 2, 0, options)[:2] == (2, False)
    assert resolve_hit(0, 0, 0, options)[:2] == (0, True)
    assert resolve_hit(2, 0, 2, options)[:2] == (0, True)
    campaign = table()
    tie = Roll.throw(RollSetup(Action.ATTACK, "Fight", 3, 3), Fixed((0, 0, 0, 0)))
    hit = resolve_hit(tie.shifts, 2, 0, options)
    after = apply_roll(campaign, "ruth", tie, RollResult(boost="Opening", boost_given=hit.boost))
    assert [a.text for a in after.scenes[0].aspects if a.boost] == ["Off Balance"]  # no boost on top
    hit_stopped = Roll.throw(RollSetup(Action.ATTACK, "Fight", 4, 3), Fixed((0, 0, 0, 0)))
    hit = resolve_hit(hit_stopped.shifts, 0, 2, options)
    after = apply_roll(campaign, "ruth", hit_stopped, RollResult(boost="Glancing Blow", boost_given=hit.boost))
    assert "Glancing Blow" in [a.text for a in after.scenes[0].aspects if a.boost]
