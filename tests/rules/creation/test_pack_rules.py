"""Each game pack plays by its own SRD where that SRD changes its base game (the SRDs are in
fate-srd/fate-srd-content, docs/markdown/; the System Toolkit's chapters in the Fate System
Toolkit SRD): free stunts only extras fill, enhancements that never buy the basic power twice,
the summoned creature, a parcel of Wealth, a mode's stress boxes where the player puts them,
signature aspects, one piece of high tech, and the aspects extras and conditions bring."""

from __future__ import annotations

import pytest

from fate_desk.model import Aspect, AspectRole, Campaign, Character, CharacterKind, ClockStamp, Extra, ExtraCost, Stunt
from fate_desk.rules import check, load_catalog
from fate_desk.rules.creation.derive import derive, derive_stress
from fate_desk.rules.creation.edits import set_mode, set_mode_stress
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.harm.absorb import absorb_options
from fate_desk.rules.harm.tracks import clear_on_time, clear_parcel, parcel_boxes
from fate_desk.rules.play.actions import RollResult, add_free_invokes, apply_roll, invokables
from fate_desk.rules.play.fate_points import compel, compel_targets
from fate_desk.rules.play.hits import take_hit
from fate_desk.rules.play.roll import Action, Invoke, Roll, RollSetup
from fate_desk.store.packs import pack_samples

from builders import stunts


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _sample(catalog, pack_id) -> Character:
    return pack_samples(catalog.packs[pack_id])[0]


class Fixed:
    def __init__(self, *throws):
        self.throws = list(throws)

    def throw(self):
        return self.throws.pop(0)


# --- War of Ashes ------------------------------------------------------------------------------


def test_war_of_ashes_equipment_stunt_comes_on_top_of_accelerateds_three_free_stunts(catalog):
    """War of Ashes SRD, "Equipment Stunts": "Your character starts with one equipment stunt";
    FAE SRD, "Stunts and Refresh": refresh "is reduced by one for each stunt after the first three
    you choose". Three stunts and the Round Buckler keep refresh 3, not 1."""
    rules = catalog.get("war-of-ashes")
    brenna = _sample(catalog, "war-of-ashes")
    assert len(brenna.stunts) == 3 and [e.name for e in brenna.extras] == ["Round Buckler"]
    assert derive(brenna, rules).refresh == 3
    fourth = brenna.model_copy(update={"stunts": [*brenna.stunts, Stunt(name="More", text="+2 when I Quickly flee.")]})
    assert derive(fourth, rules).refresh == 2
    second_kit = brenna.model_copy(update={"extras": [*brenna.extras, brenna.extras[0].model_copy(update={"id": "b2"})]})
    assert derive(second_kit, rules).refresh == 2  # only one piece of equipment is free


# --- Venture City ------------------------------------------------------------------------------


def test_venture_city_bonus_stunts_are_for_powers_only(catalog):
    """Venture City SRD: "We're giving you three bonus stunts on top of what you normally get from
    Fate Core to use exclusively for building powers ... The three free stunts you're getting in
    this adventure have to be used for powers, though." Six ordinary stunts and no power cost
    three refresh; three powers and three stunts cost none."""
    rules = catalog.get("venture-city")
    power = Extra(name="Basic Flight", cost=ExtraCost(stunt_slots=1))
    plain = Character(ruleset="venture-city", stunts=stunts(6), refresh=3)
    assert derive(plain, rules).paid_stunts == 3 and derive(plain, rules).refresh == 0
    assert [p for p in check(plain, rules).problems if p.code == "refresh.minimum"]
    powered = plain.model_copy(update={"stunts": stunts(3), "extras": [power.model_copy(update={"id": str(i)})
                                                                        for i in range(3)]})
    assert derive(powered, rules).paid_stunts == 0 and derive(powered, rules).refresh == 3


def test_buying_an_enhancement_twice_never_buys_the_basic_power_again(catalog):
    """Venture City SRD, "Enhancements": "Miles wants to be a great flyer, so he invests in Master
    Flight, purchasing the enhancement twice ... He's now used the three stunts that must be spent
    on powers": Basic Flight and Master Flight twice are three stunts, not five."""
    pack = catalog.packs["venture-city"]
    first = pack.bundle("master-flight")
    assert [e.name for e in first] == ["Master Flight", "Basic Flight"]
    owned = [e.name for e in first]
    again = pack.bundle("master-flight", owned)
    assert [e.name for e in again] == ["Master Flight"]
    miles = Character(ruleset="venture-city", extras=[*first, *again])
    assert sum(e.cost.stunt_slots for e in miles.extras) == 3
    assert derive(miles, catalog.get("venture-city")).free_extra_stunts_left == 0
    # A sheet holds a pack's extras in the interface language (extra_as_shown): in German the
    # Basic Flight it owns is "Grundkraft Fliegen", and it is still not bought again.
    from fate_desk.i18n import speaking
    from fate_desk.rules.creation.packs import extra_as_shown

    with speaking("de"):
        shown = [extra_as_shown(e).name for e in first]
        assert shown == ["Meisterhaftes Fliegen", "Grundkraft Fliegen"]
        assert [e.name for e in pack.bundle("master-flight", shown)] == ["Master Flight"]


def test_the_summoned_creature_has_two_boxes_of_each_stress_and_mild_and_moderate_consequences(catalog):
    """Venture City SRD, "Basic Creature Summoning": "Your creature has two physical and mental stress
    boxes, and it can take mild and moderate consequences."""
    rules = catalog.get("venture-city")
    summoner = Character(ruleset="venture-city", extras=catalog.packs["venture-city"].bundle("creature-summoning"))
    boxes, _names = derive_stress(summoner, rules)
    assert boxes["summon-physical"] == [1, 2] and boxes["summon-mental"] == [1, 2]
    assert boxes["summon-mild"] == [2] and boxes["summon-moderate"] == [4]
    plan = absorb_options(summoner, rules, 4, "summon-physical")
    assert any(o.helpers == (("summon-moderate", 0),) for o in plan.options)


# --- Wealth ------------------------------------------------------------------------------------


def _corin(catalog) -> Character:
    corin = _sample(catalog, "wealth-hack")  # Resources Great: Wealth boxes 1, 2, 3, 4
    return corin.model_copy(update={"stress": {"wealth": [0, 1, 2, 3]}})


def test_a_parcel_clears_only_boxes_worth_its_value_together(catalog):
    """Fate System Toolkit, "Wealth": "if you acquire 3 Wealth, you can clear your first, second, or
    third stress box, if any one of them is checked, or both your first and second stress boxes—but
    not your fourth"."""
    corin = _corin(catalog)
    assert [v for _p, v in parcel_boxes(corin, "wealth", 3)] == [1, 2, 3]
    both = clear_parcel(corin, "wealth", 3, [0, 1]).character
    assert both.stress["wealth"] == [2, 3]
    with pytest.raises(Refused, match="worth 5 together"):
        clear_parcel(corin, "wealth", 3, [1, 2])
    with pytest.raises(Refused):
        clear_parcel(corin, "wealth", 3, [3])  # the 4 box is worth more than the parcel
    assert clear_parcel(corin, "wealth", 4, [3]).character.stress["wealth"] == [0, 1, 2]


def test_wealth_never_clears_with_the_scene_or_the_session(catalog):
    """ "Wealth stress doesn't go away on its own. Instead, you can only clear a checked box when you
    gain more loot"."""
    corin = _corin(catalog)
    for unit in ("scene", "session", "arc"):
        assert clear_on_time(corin, ClockStamp(arc=2, session=5, scene=3), unit)[0] == corin


# --- Atomic Robo -------------------------------------------------------------------------------


def test_a_mode_holding_both_tracks_skills_puts_its_boxes_where_the_player_picks(catalog):
    """Atomic Robo RPG SRD, "Modes and Stress": "the Action mode has Athletics, Physique, and Provoke.
    If you've given it a rating of Good (+3), you could have two more physical stress boxes, two more
    mental stress boxes, or one in each."""
    rules = catalog.get("atomic-robo")
    pc = Character(ruleset="atomic-robo", modes={"Action": 3, "Science": 2, "Intrigue": 1})
    physical = lambda c: len(derive_stress(c, rules)[0]["physical"])  # noqa: E731
    mental = lambda c: len(derive_stress(c, rules)[0]["mental"])  # noqa: E731
    # Intrigue (Average) adds none; Science (Fair) holds Will: one mental box.
    assert (physical(pc), mental(pc)) == (2 + 2, 2 + 1)
    each = set_mode_stress(pc, "Action", {"physical": 1, "mental": 1})
    assert (physical(each), mental(each)) == (2 + 1, 2 + 2)
    mind = set_mode_stress(pc, "Action", {"mental": 2})
    assert (physical(mind), mental(mind)) == (2, 2 + 3)
    assert not [p for p in check(each, rules).problems if p.code == "modes.stress"]
    wrong = set_mode_stress(pc, "Action", {"physical": 3})
    assert [p for p in check(wrong, rules).problems if p.code == "modes.stress"]
    assert set_mode(each, "Action", 2).mode_stress == {}  # a new rating: choose again


def _robo_table(signature: bool, points: int = 3) -> Campaign:
    hero = Character(id="pc-robo", name="Robo", ruleset="atomic-robo", fate_points=points, aspects=[
        Aspect(role=AspectRole.HIGH_CONCEPT, text="Behold, the Power of Science!", signature=signature or None)])
    return Campaign(ruleset="atomic-robo", characters=[hero])


@pytest.mark.parametrize("accept, change", [(True, +2), (False, -2)])
def test_a_compel_on_a_signature_aspect_offers_two_fate_points_and_refusing_costs_two(accept, change):
    """Atomic Robo RPG SRD, "Have a Signature Aspect": "when the GM compels that aspect, she must
    offer you two fate points instead of one. However, should you want to refuse the compel, you have
    to match the GM's offer, one-for-one. That means you'd have to spend two fate points to refuse"."""
    campaign = compel(_robo_table(True), "pc-robo", "Behold, the Power of Science!", accept)
    assert campaign.character("pc-robo").fate_points == 3 + change
    plain = compel(_robo_table(False), "pc-robo", "Behold, the Power of Science!", accept)
    assert plain.character("pc-robo").fate_points == 3 + change // 2


def test_refusing_a_signature_compel_with_one_fate_point_is_refused():
    with pytest.raises(Refused, match="fewer than two"):
        compel(_robo_table(True, points=1), "pc-robo", "Behold, the Power of Science!", False)


# --- Frontier Spirit ---------------------------------------------------------------------------


def test_at_most_one_piece_of_high_tech_per_character(catalog):
    """Frontier Spirit SRD, "High Technology": "Each character can have at most one stunt representing
    a piece of 'space opera' technology"."""
    rules = catalog.get("frontier-spirit")
    sample = _sample(catalog, "frontier-spirit")
    assert not [p for p in check(sample, rules).problems if p.code == "extras.limit"]
    ray_gun = catalog.packs["frontier-spirit"].bundle("ray-gun")[0]
    two = sample.model_copy(update={"extras": [*sample.extras, ray_gun]})
    found = [p for p in check(two, rules).problems if p.code == "extras.limit"]
    assert len(found) == 1 and "at most one" in found[0].message and "Ray Gun" in found[0].message
    off = two.model_copy(update={"extras": [sample.extras[0], ray_gun.model_copy(update={"active": False})]})
    assert not [p for p in check(off, rules).problems if p.code == "extras.limit"]


# --- aspects that come with extras and conditions --------------------------------------------


def _frontier_table(catalog) -> Campaign:
    colonist = _sample(catalog, "frontier-spirit").model_copy(update={"id": "pc-col", "fate_points": 3})
    foe = Character(id="npc-foe", name="Claim Jumper", kind=CharacterKind.MAJOR_NPC, ruleset="frontier-spirit",
                    fate_points=2)
    return Campaign(ruleset="frontier-spirit", characters=[colonist, foe])


def test_an_extras_aspect_is_invoked_and_compelled_like_any_aspect(catalog):
    """Frontier Spirit SRD, "High Technology": "Your gear has an aspect as well, which can be invoked
    or compelled based on its normal function and limitations." (Venture City's drawbacks: "Drawbacks
    are aspects".)"""
    campaign = _frontier_table(catalog)
    gear = "My Sonic Excavator"
    own = next(i for i in invokables(campaign, "pc-col") if i.label == gear)
    assert own.kind.value == "own"
    hostile = next(i for i in invokables(campaign, "npc-foe") if i.label == gear)
    assert hostile.kind.value == "hostile" and hostile.owner == "pc-col"
    assert gear in compel_targets(campaign, "pc-col")
    accepted = compel(campaign, "pc-col", gear, True)
    assert accepted.character("pc-col").fate_points == 4
    # Invoked against the colonist for a point: the colonist earns it after the scene.
    roll = Roll.throw(RollSetup(Action.OVERCOME, "Notice", 2, 2, who="Claim Jumper"), Fixed((0, 0, 0, 0)))
    roll = roll.invoke(Invoke(hostile.key, hostile.label, kind=hostile.kind, owner=hostile.owner))
    after = apply_roll(campaign, "npc-foe", roll)
    assert after.character("pc-col").pending_fate_points == 1
    # A create an advantage on it puts free invokes there, used up by a free invoke.
    marked = add_free_invokes(campaign, own.key, 2)
    assert next(i for i in invokables(marked, "pc-col") if i.label == gear).free == 2
    roll = Roll.throw(RollSetup(Action.OVERCOME, "Science", 2, 2), Fixed((0, 0, 0, 0)))
    roll = roll.invoke(Invoke(own.key, gear, free=True))
    spent = apply_roll(marked, "pc-col", roll)
    assert next(i for i in invokables(spent, "pc-col") if i.label == gear).free == 1


def _toolkit_table(catalog) -> Campaign:
    hero = _sample(catalog, "toolkit-conditions").model_copy(update={"id": "pc-hero", "stress": {}})
    brute = Character(id="npc-brute", name="Brute", kind=CharacterKind.MAJOR_NPC, ruleset="toolkit-conditions")
    return Campaign(ruleset="toolkit-conditions", characters=[hero, brute])


def test_a_condition_taken_from_an_attack_gives_the_attacker_one_free_invoke(catalog):
    """Fate System Toolkit, "Conditions": "Once you're suffering from a condition, that condition is an
    aspect on your character sheet like any other ... you can invoke them, and they can be invoked or
    compelled against you. As with a consequence, when you take a condition, someone else can invoke
    it against you for free once."""
    campaign = _toolkit_table(catalog)
    rules = catalog.get("toolkit-conditions")
    hero = campaign.character("pc-hero")
    plan = absorb_options(hero, rules, 5, "physical", campaign.options)
    option = next(o for o in plan.options if ("wounded", 0) in o.helpers and not o.consequences)
    hit = take_hit(campaign, rules, "pc-hero", option, attacker="npc-brute")
    held = next(i for i in invokables(hit, "npc-brute") if i.label == "Wounded")
    assert held.free == 1 and held.owner == "pc-hero" and held.kind.value == "consequence"
    assert next(i for i in invokables(hit, "pc-hero") if i.label == "Wounded").free == 0
    assert "Wounded" in compel_targets(hit, "pc-hero") and "Angry" not in compel_targets(hit, "pc-hero")
    roll = Roll.throw(RollSetup(Action.ATTACK, "Fight", 2, 2, who="Brute"), Fixed((0, 0, 0, 0)))
    roll = roll.invoke(Invoke(held.key, held.label, free=True, kind=held.kind, owner=held.owner))
    used = apply_roll(hit, "npc-brute", roll, RollResult(boost="Edge"))
    assert next(i for i in invokables(used, "npc-brute") if i.label == "Wounded").free == 0
    assert used.character("pc-hero").pending_fate_points == 0  # a free invoke pays nobody
