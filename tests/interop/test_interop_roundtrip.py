"""Round trips: any character taken to Foundry (FCO, FateX) or Fari and brought back keeps its
name, aspects by role, skills and ratings, stunts (repeated names too), stress boxes and marks,
an NPC's own tracks, consequences, refresh, fate points, description, notes, a monster's rule
breaks and scale, its extras and custom tracks: everything but what docs/interop.md lists as
not mappable (without Fate Desk's flags: ids, an extra's skill bonuses, Weapon, Armor,
consequence slots and notes, a track's linked skill and the difference between "clears at the
end of the scene" and "of the session").

Text in every field mixes markup ("<b>", "Guns <Heavy>"), "&", quotes and non-Latin scripts.
The shapes follow the tools' own files: Fari's lib/domains/character/types.tsx (ICharacter,
pages of rows of columns, read back through Fate Desk's Fari reader); FCO's
scripts/FateCoreOfficialModels.js (Sk1mble/fate-core-official, as transcribed in
tests/fco_model.py); FateX's system/template.json (anvil-vtt/FateX commit 8f5ce44).
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fate_desk.model import (
    Aspect, AspectRole, CampaignOptions, Character, CharacterKind, ConditionsMode, Consequence, CustomTrack, Extra,
    ExtraCost, RuleBreak, Severity, SlotSpec, Stunt,
)
from fate_desk.model.character import TrackClears
from fate_desk.rules import get_ruleset
from fate_desk.rules.creation.derive import derive
from fate_desk.rules.prep.editing import NAMED_RULE_BREAKS, SCALES
from fate_desk.interop.fari.writing import character_to_fari
from fate_desk.interop.fatex.writing import character_to_fatex
from fate_desk.interop.fco.writing import character_to_fco
from fate_desk.interop.importing import import_document

from fatex_model import problems as fatex_problems
from fco_model import problems as fco_problems

RULESETS = ("fate-condensed", "fate-core", "fate-accelerated")
# Words of every kind a player types: markup, entities, quotes, other scripts. None ends a name
# in a number (" 2" marks a repeated name on the way out) or names a Fate Desk placeholder.
WORDS = ("Iron", "Shadow", "Quick", "Wolf", "Élan", "Brisé", "O'Hara", "Half-Drowned", "Mæve", "Zoë",
         "<b>", "</i>", "<script>", "&", "&amp;", "&lt;", "\"Red\"", "'Tis", "“quoted”", "<3", "a<b",
         "Δράκων", "東京", "Ёлка", "مرحبا", "ナイフ", "—", "¿Qué?")
CUSTOM_SKILLS = ("Sailing", "Guns <Heavy>", "R&D", "\"Magic\"", "Δράκων", "東京の道")
OWN_TRACKS = ("Guard", "Morale", "Nerve & <Grit>", "Ωmega")
ORDER = [AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE, AspectRole.RELATIONSHIP, AspectRole.FREE]

phrase = st.lists(st.sampled_from(WORDS), min_size=1, max_size=5).map(" ".join)
# Free text: words, markup and punctuation, single or blank-line breaks.
free_text = st.lists(
    st.lists(st.sampled_from(WORDS + ("5 < 6", "42", "x > y")), min_size=1, max_size=6).map(" ".join),
    max_size=3,
).flatmap(lambda lines: st.sampled_from(["\n", "\n\n"]).map(lambda sep: sep.join(lines)))
rule_breaks = st.tuples(
    st.lists(st.sampled_from(list(NAMED_RULE_BREAKS)), unique=True, max_size=3),
    st.lists(phrase, max_size=2),
).flatmap(lambda kinds: st.tuples(
    *[free_text.map(lambda t, k=k: RuleBreak(kind=k, text=t)) for k in kinds[0]],
    *[st.just(RuleBreak(kind="custom", text=t)) for t in kinds[1]],
).map(list))


# Names of custom tracks: none is a rule set's track, a condition or a consequence.
TRACK_NAMES = ("Wealth", "Hull & <Sails>", "Δόξα", "東京の夜", "O'Hara's \"Debt\"", "Ёлка Track")
# Without our flags a track's boxes travel as FCO's labels say them: all alike, or 1, 2, 3…
track_boxes = st.integers(1, 3).flatmap(lambda v: st.lists(st.just(v), max_size=5)) | st.integers(2, 6).map(
    lambda n: list(range(1, n + 1)))


@st.composite
def custom_tracks(draw, taken: set[str], flagged: bool, plain: bool = False):
    """A custom track: its name, boxes, how it clears, the event that clears it, its notes
    (`plain`: only its name and boxes, all a Fari tracker holds)."""
    name = draw(st.sampled_from([n for n in TRACK_NAMES if n not in taken]))
    taken.add(name)
    boxes = draw(track_boxes if not flagged else st.lists(st.integers(1, 4), max_size=5))
    if plain:
        return CustomTrack(id=f"t{len(taken)}", name=name, boxes=boxes)
    # Without our flags the other tool's own fields cannot tell a session's end or a parcel of loot
    # from a scene's end or an event.
    clears = draw(st.sampled_from(list(TrackClears) if flagged else [c for c in TrackClears if c not in ("session", "parcel")]))
    return CustomTrack(id=f"t{len(taken)}", name=name, boxes=boxes, clears=clears,
                       event=draw(st.just("") | phrase), notes=draw(free_text))


@st.composite
def extras(draw, rules, taken: set[str], flagged: bool, plain: bool = False, bare: bool = False):
    """An extra with every field an FCO extra has; with `flagged`, the ones only our flags keep
    too; with `plain` (Fari), its skill bonuses, Weapon, Armor and notes, and plain tracks; `bare`
    (FateX without our flags): only its name, description, permission and switch."""
    if bare:
        return Extra(name=draw(phrase), description=draw(free_text), permission=draw(st.just("") | phrase),
                     active=draw(st.booleans()))
    skills = draw(st.lists(st.sampled_from(list(rules.skills) + list(CUSTOM_SKILLS)), unique=True, max_size=3))
    extra = Extra(
        name=draw(phrase), description=draw(free_text), permission=draw(st.just("") | phrase),
        cost=ExtraCost(refresh=draw(st.integers(0, 2)), skill_points=draw(st.integers(0, 3)),
                       stunt_slots=draw(st.integers(0, 1))),
        active=draw(st.booleans()), aspects=draw(st.lists(phrase, max_size=2)),
        skills={name: draw(st.integers(1, 5)) for name in skills},
        stunts=[Stunt(name=draw(phrase), text=draw(free_text)) for _n in range(draw(st.integers(0, 2)))],
        tracks=[draw(custom_tracks(taken, flagged, plain)) for _n in range(draw(st.integers(0, 2)))],
    )
    if (flagged or plain) and draw(st.booleans()):
        extra.skill_bonuses = {draw(st.sampled_from(list(rules.skills))): draw(st.integers(1, 2))}
        extra.weapon, extra.armor, extra.notes = draw(st.integers(0, 2)), draw(st.integers(0, 2)), draw(free_text)
    return extra


@st.composite
def characters(draw, kinds=tuple(CharacterKind), rulesets=RULESETS, conditions=True, with_extras=False,
               flagged=True, plain=False, bare=False):
    rules = get_ruleset(draw(st.sampled_from(rulesets)))
    kind = draw(st.sampled_from(kinds))
    aspects = []
    for role, most in ((AspectRole.HIGH_CONCEPT, 1), (AspectRole.TROUBLE, 1), (AspectRole.RELATIONSHIP, 2),
                       (AspectRole.FREE, 3)):
        aspects += [Aspect(role=role, text=draw(phrase)) for _ in range(draw(st.integers(0, most)))]
    skill_names = draw(st.lists(st.sampled_from(list(rules.skills) + list(CUSTOM_SKILLS)), unique=True,
                                max_size=8))
    skills = {name: draw(st.integers(-2, 6).filter(bool)) for name in skill_names}
    # Names may repeat (two "Quick Hands"): FCO keys stunts by name, so they travel numbered.
    pool = draw(st.lists(phrase, min_size=1, max_size=3, unique=True))
    stunt_names = draw(st.lists(st.sampled_from(pool + [""]), max_size=6))
    stunts = [Stunt(name=n, text=draw(free_text if n else free_text.filter(bool))) for n in stunt_names]
    options = CampaignOptions(
        conditions=draw(st.sampled_from(list(ConditionsMode))) if conditions else ConditionsMode.OFF,
        extreme_consequences=draw(st.booleans()))
    character = Character(kind=kind, ruleset=rules.id, name=draw(phrase), description=draw(free_text),
                          aspects=aspects, skills=skills, stunts=stunts, refresh=draw(st.integers(0, 8)),
                          fate_points=draw(st.integers(0, 12)), notes=draw(free_text),
                          rule_breaks=draw(rule_breaks), scale=draw(st.none() | st.sampled_from(SCALES)))
    if kind != CharacterKind.PC and draw(st.booleans()):
        # An NPC's own boxes, on the rule set's tracks and on tracks of its own ("Guard").
        tracks = [t.id for t in rules.stress.tracks] + draw(st.lists(st.sampled_from(OWN_TRACKS), unique=True,
                                                                     max_size=2))
        character.stress_boxes = {t: draw(st.lists(st.integers(1, 3), min_size=1, max_size=6)) for t in tracks}
        character.consequence_slots = [SlotSpec(id=f"slot{i}", severity=s, value=v) for i, (s, v) in enumerate(
            draw(st.lists(st.sampled_from([(Severity.MILD, 2), (Severity.MODERATE, 4), (Severity.SEVERE, 6)]),
                          max_size=3)))]
    if with_extras:
        taken: set[str] = set()
        character.extras = draw(st.lists(extras(rules, taken, flagged, plain, bare), max_size=2))
        character.tracks = draw(st.lists(custom_tracks(taken, flagged, plain), max_size=2))
        for n, track in enumerate(t for e in character.extras for t in e.tracks):
            track.id = f"extra{n}"
        for n, track in enumerate(character.tracks):
            track.id = f"own{n}"
    derived = derive(character, rules, options)
    character.stress = {t: draw(st.lists(st.sampled_from(range(len(v))), unique=True)) if v else []
                        for t, v in derived.stress.items()}
    consequences = []
    for slot in derived.consequences:
        if draw(st.booleans()):
            if slot.condition:
                consequences.append(Consequence(slot=slot.id, text=draw(st.just("") | phrase),
                                                boxes_marked=draw(st.integers(1, slot.boxes))))
            else:
                consequences.append(Consequence(slot=slot.id, text=draw(phrase), recovering=draw(st.booleans())))
    character.consequences = consequences
    return character, rules, options


def by_role(character: Character) -> list[tuple[str, str]]:
    return [(a.role.value, a.text) for a in sorted(character.aspects, key=lambda a: ORDER.index(a.role))]


def kept(character: Character) -> dict:
    # Custom tracks by name: without our flags the ids are made afresh from the names.
    names = {t.id: ("track", t.name) for t in character.all_tracks(active_only=False)}
    return {
        "extras": [e.model_dump(mode="json", exclude={"id": True, "tracks": {"__all__": {"id"}}})
                   for e in character.extras],
        "tracks": [t.model_dump(mode="json", exclude={"id"}) for t in character.tracks],
        "name": character.name, "description": character.description, "notes": character.notes,
        "aspects": by_role(character), "skills": character.skills,
        "stunts": [(s.name, s.text) for s in character.stunts],
        "stress": {names.get(k, k): v for k, v in character.stress.items()}, "refresh": character.refresh, "fate_points": character.fate_points,
        "consequences": [(c.slot, c.text, c.boxes_marked if c.slot in CONDITIONS else 1)
                         for c in character.consequences],
        "rule_breaks": [(b.kind, b.text) for b in character.rule_breaks], "scale": character.scale,
    }


CONDITIONS = {"hurt", "scared", "injured", "shaken", "wounded", "demoralized"}
settings_ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def through_json(document: dict) -> dict:
    return json.loads(json.dumps(document, ensure_ascii=False))


@settings_
@given(drawn=characters())
def test_fate_desk_to_fco_and_back_keeps_the_character(drawn):
    character, rules, options = drawn
    actor = through_json(character_to_fco(character, rules, options))
    assert fco_problems(actor) == []
    result = import_document(actor, "x.json")
    back = result.characters[0]
    assert kept(back) == kept(character)
    assert (back.id, back.kind, back.ruleset) == (character.id, character.kind, character.ruleset)
    assert [c.recovering for c in back.consequences] == [c.recovering for c in character.consequences]
    if character.kind != CharacterKind.PC:
        assert derive(back, rules, options).stress == derive(character, rules, options).stress


@settings_
@given(drawn=characters(kinds=(CharacterKind.PC,)))
def test_an_fco_actor_without_our_flags_comes_back_from_fcos_own_fields(drawn):
    """What a player edited in Foundry lives only in FCO's fields; those alone carry the sheet."""
    character, rules, options = drawn
    actor = through_json(character_to_fco(character, rules, options))
    actor["flags"] = {}
    back = import_document(actor, "x.json", ruleset=rules.id).characters[0]
    assert kept(back) == kept(character)


@settings_
@given(drawn=characters(kinds=(CharacterKind.PC,), conditions=False))
def test_fate_desk_to_fari_and_back_keeps_the_character(drawn):
    character, rules, options = drawn
    back = import_document(through_json(character_to_fari(character, rules, options)), "x.fari.json").characters[0]
    assert kept(back) == kept(character)
    assert back.ruleset == character.ruleset  # from the Fari template's name


@settings_
@given(drawn=characters())
def test_fate_desk_to_fatex_and_back_keeps_the_character(drawn):
    character, rules, options = drawn
    actor = through_json(character_to_fatex(character, rules, options))
    assert fatex_problems(actor) == []
    back = import_document(actor, "x.json").characters[0]
    assert kept(back) == kept(character)
    assert (back.id, back.kind, back.ruleset) == (character.id, character.kind, character.ruleset)
    assert [c.recovering for c in back.consequences] == [c.recovering for c in character.consequences]
    if character.kind != CharacterKind.PC:
        assert derive(back, rules, options).stress == derive(character, rules, options).stress


@settings_
@given(drawn=characters(kinds=(CharacterKind.PC,)))
def test_a_fatex_actor_without_our_flags_comes_back_from_fatexs_own_fields(drawn):
    character, rules, options = drawn
    actor = through_json(character_to_fatex(character, rules, options))
    actor["flags"] = {}
    back = import_document(actor, "x.json", ruleset=rules.id).characters[0]
    assert kept(back) == kept(character)
    assert [c.recovering for c in back.consequences] == [c.recovering for c in character.consequences]


# --- extras and custom tracks (issue 26, item 8) ------------------------------------------------

# Half the examples: each character here carries extras and tracks, so each example does more.
extras_settings = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

@extras_settings
@given(drawn=characters(with_extras=True))
def test_extras_and_custom_tracks_go_to_fco_and_come_back_whole(drawn):
    character, rules, options = drawn
    actor = through_json(character_to_fco(character, rules, options))
    assert fco_problems(actor) == []
    back = import_document(actor, "x.json").characters[0]
    assert kept(back) == kept(character)
    assert back.extras == character.extras and back.tracks == character.tracks and back.stress == character.stress


def test_a_refresh_above_the_start_with_an_extra_paid_in_refresh_comes_back_from_fatex():
    """Found by the test above: refresh 4 (a power-up over Condensed's 3), no stunts, and an extra
    costing 1 refresh show 3 on the FateX sheet; FCO's reckoning (a free stunt slot pays for the
    extra) read that back as 3. Our flags hold the base, and the sheet's figure still agrees with it."""
    rules = get_ruleset("fate-condensed")
    character = Character(name="Iron", ruleset=rules.id, refresh=4,
                          extras=[Extra(name="Iron", cost=ExtraCost(refresh=1))])
    actor = through_json(character_to_fatex(character, rules))
    assert actor["system"]["fatepoints"]["refresh"] == 3
    assert import_document(actor, "x.json").characters[0].refresh == 4
    # Changed in Foundry, the sheet's figure wins over the flag.
    actor["system"]["fatepoints"]["refresh"] = 2
    assert import_document(actor, "x.json").characters[0].refresh == 3


@extras_settings
@given(drawn=characters(kinds=(CharacterKind.PC,), with_extras=True, flagged=False))
def test_extras_and_custom_tracks_come_back_from_fcos_own_fields_without_our_flags(drawn):
    """FCO's Extra items and tracks alone carry them: what a player made in Foundry comes over."""
    character, rules, options = drawn
    actor = through_json(character_to_fco(character, rules, options))
    actor["flags"] = {}
    back = import_document(actor, "x.json", ruleset=rules.id).characters[0]
    assert kept(back) == kept(character)


@extras_settings
@given(drawn=characters(kinds=(CharacterKind.PC,), conditions=False, with_extras=True, flagged=False, plain=True))
def test_extras_and_custom_tracks_go_to_fari_as_sections_and_trackers_and_come_back(drawn):
    character, rules, options = drawn
    back = import_document(through_json(character_to_fari(character, rules, options)), "x.fari.json").characters[0]
    assert kept(back) == kept(character)


@extras_settings
@given(drawn=characters(with_extras=True))
def test_extras_and_custom_tracks_go_to_fatex_and_come_back_whole(drawn):
    character, rules, options = drawn
    actor = through_json(character_to_fatex(character, rules, options))
    assert fatex_problems(actor) == []
    back = import_document(actor, "x.json").characters[0]
    assert kept(back) == kept(character)
    assert back.extras == character.extras and back.tracks == character.tracks and back.stress == character.stress


@extras_settings
@given(drawn=characters(kinds=(CharacterKind.PC,), with_extras=True, flagged=False, plain=True, bare=True))
def test_fatex_extras_and_stress_tracks_come_back_from_fatexs_own_fields_without_our_flags(drawn):
    """FateX's extra is a name, a text, a short text and a switch; its stress tracks hold boxes."""
    character, rules, options = drawn
    actor = through_json(character_to_fatex(character, rules, options))
    actor["flags"] = {}
    back = import_document(actor, "x.json", ruleset=rules.id).characters[0]
    assert kept(back) == kept(character)
