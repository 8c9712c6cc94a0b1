"""Round trips: any character taken to Foundry (FCO) or Fari and brought back keeps its name,
aspects by role, skills and ratings, stunts, stress boxes and marks, consequences, refresh,
fate points, description and notes."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fate_desk.model import (
    Aspect, AspectRole, CampaignOptions, Character, CharacterKind, ConditionsMode, Consequence, Severity,
    SlotSpec, Stunt,
)
from fate_desk.rules import get_ruleset
from fate_desk.rules.creation.derive import derive
from fate_desk.store.fari_export import character_to_fari
from fate_desk.store.foundry_fco import character_to_fco
from fate_desk.store.importing import import_document

RULESETS = ("fate-condensed", "fate-core", "fate-accelerated")
WORDS = ("Iron", "Shadow", "Quick", "Wolf", "Lantern", "Salt", "Élan", "Brisé", "Drowned", "Bell", "Oath",
         "Harbour", "Knife", "O'Hara", "Half-Drowned", "Ember", "Mæve", "Zoë", "Fog", "Gull", "Thorn")
CUSTOM_SKILLS = ("Sailing", "Riding", "Magic", "Hacking")
ORDER = [AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE, AspectRole.RELATIONSHIP, AspectRole.FREE]

phrase = st.lists(st.sampled_from(WORDS), min_size=1, max_size=5).map(" ".join)
# Free text: words and punctuation, single or blank-line breaks; & and < travel as HTML.
free_text = st.lists(
    st.lists(st.sampled_from(WORDS + ("&", "<b>", "5 < 6", "“quoted”", "42", "—")), min_size=1, max_size=6)
    .map(" ".join), max_size=3,
).flatmap(lambda lines: st.sampled_from(["\n", "\n\n"]).map(lambda sep: sep.join(lines)))


@st.composite
def characters(draw, kinds=tuple(CharacterKind), rulesets=RULESETS, conditions=True):
    rules = get_ruleset(draw(st.sampled_from(rulesets)))
    kind = draw(st.sampled_from(kinds))
    aspects = []
    for role, most in ((AspectRole.HIGH_CONCEPT, 1), (AspectRole.TROUBLE, 1), (AspectRole.RELATIONSHIP, 2),
                       (AspectRole.FREE, 3)):
        aspects += [Aspect(role=role, text=draw(phrase)) for _ in range(draw(st.integers(0, most)))]
    skill_names = draw(st.lists(st.sampled_from(list(rules.skills) + list(CUSTOM_SKILLS)), unique=True,
                                max_size=8))
    skills = {name: draw(st.integers(-2, 6).filter(bool)) for name in skill_names}
    stunt_names = draw(st.lists(phrase, unique=True, max_size=6))
    stunts = [Stunt(name=n, text=draw(free_text)) for n in stunt_names]
    options = CampaignOptions(
        conditions=draw(st.sampled_from(list(ConditionsMode))) if conditions else ConditionsMode.OFF,
        extreme_consequences=draw(st.booleans()))
    character = Character(kind=kind, ruleset=rules.id, name=draw(phrase), description=draw(free_text),
                          aspects=aspects, skills=skills, stunts=stunts, refresh=draw(st.integers(0, 8)),
                          fate_points=draw(st.integers(0, 12)), notes=draw(free_text))
    if kind != CharacterKind.PC and draw(st.booleans()):
        tracks = [t.id for t in rules.stress.tracks]
        character.stress_boxes = {t: draw(st.lists(st.integers(1, 3), min_size=1, max_size=6)) for t in tracks}
        character.consequence_slots = [SlotSpec(id=f"slot{i}", severity=s, value=v) for i, (s, v) in enumerate(
            draw(st.lists(st.sampled_from([(Severity.MILD, 2), (Severity.MODERATE, 4), (Severity.SEVERE, 6)]),
                          max_size=3)))]
    derived = derive(character, rules, options)
    character.stress = {t: draw(st.lists(st.sampled_from(range(len(v))), unique=True)) if v else []
                        for t, v in derived.stress.items()}
    consequences = []
    for slot in derived.consequences:
        if draw(st.booleans()):
            if slot.condition:
                consequences.append(Consequence(slot=slot.id, text=draw(st.sampled_from(["", "Limping"])),
                                                boxes_marked=draw(st.integers(1, slot.boxes))))
            else:
                consequences.append(Consequence(slot=slot.id, text=draw(phrase), recovering=draw(st.booleans())))
    character.consequences = consequences
    return character, rules, options


def by_role(character: Character) -> list[tuple[str, str]]:
    return [(a.role.value, a.text) for a in sorted(character.aspects, key=lambda a: ORDER.index(a.role))]


def kept(character: Character) -> dict:
    return {
        "name": character.name, "description": character.description, "notes": character.notes,
        "aspects": by_role(character), "skills": character.skills,
        "stunts": [(s.name, s.text) for s in character.stunts],
        "stress": character.stress, "refresh": character.refresh, "fate_points": character.fate_points,
        "consequences": [(c.slot, c.text, c.boxes_marked if c.slot in CONDITIONS else 1)
                         for c in character.consequences],
    }


CONDITIONS = {"hurt", "scared", "injured", "shaken", "wounded", "demoralized"}
settings_ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def through_json(document: dict) -> dict:
    return json.loads(json.dumps(document, ensure_ascii=False))


@settings_
@given(drawn=characters())
def test_fate_desk_to_fco_and_back_keeps_the_character(drawn):
    character, rules, options = drawn
    result = import_document(through_json(character_to_fco(character, rules, options)), "x.json")
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
