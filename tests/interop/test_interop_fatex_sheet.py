"""Issue 43, FateX's own sheet: what Fate Desk writes shows there as FateX's own fields and item
kinds — roles and severities in `system.label` (system/templates/components/aspects.hbs shows it as
an aspect's caption), an extra's aspects, skills and stunts as FateX's items, its permission and
price in the description FateX's extras tab shows (system/templates/actor/tabs/extras.hbs) — and
what FateX's players do there comes back: a condition unticked (ConsequenceItem.ts toggles
`active`) is cleared, however its text stays."""

from __future__ import annotations

import json

from fate_desk.i18n import set_language
from fate_desk.model import Consequence, Extra, ExtraCost, Stunt
from fate_desk.rules import get_ruleset
from fate_desk.interop.fatex.writing import character_to_fatex, export_notes
from fate_desk.interop.importing import import_document

from builders import legal_pc
from fatex_model import problems

CONDENSED = get_ruleset("fate-condensed")


def back(document: dict, **kw):
    return import_document(json.loads(json.dumps(document, ensure_ascii=False)), "x.json", **kw).characters[0]


def items(actor: dict, kind: str) -> list[dict]:
    return [i for i in actor["items"] if i["type"] == kind]


def test_aspects_and_consequences_carry_the_labels_fatex_shows():
    """FateX prints `system.label` as it is. By default the captions are English whatever language
    Fate Desk speaks, so the same choice makes the same file (tests/i18n/test_files_are_language_free.py)."""
    ruth = legal_pc(consequences=[Consequence(slot="mild", text="Bruised")])
    actor = character_to_fatex(ruth, CONDENSED)
    assert problems(actor) == []
    assert [i["system"]["label"] for i in items(actor, "aspect")] == [
        "High Concept", "Trouble", "Relationship", "Aspect", "Aspect"]
    assert [i["system"]["label"] for i in items(actor, "consequence")] == ["Mild", "Moderate", "Severe"]
    try:
        set_language("de")
        german_interface = character_to_fatex(ruth, CONDENSED)
    finally:
        set_language("en")
    assert [i["system"]["label"] for i in items(german_interface, "aspect")] == [
        i["system"]["label"] for i in items(actor, "aspect")]


def test_the_captions_fatex_shows_are_in_the_language_chosen_for_the_table():
    """Issue 43: "fill the labels FateX displays, in the character's language". A German table
    reads the German edition's words (locale/glossary/de: Konzept, Dilemma; leicht, mittel,
    schwer), a Korean one the Korean; the item names stay in the file's words, and the
    character comes back whole with our flags or without them."""
    ruth = legal_pc(consequences=[Consequence(slot="mild", text="Bruised")])
    german = character_to_fatex(ruth, CONDENSED, language="de")
    assert problems(german) == []
    aspects = [i["system"]["label"] for i in items(german, "aspect")]
    assert aspects[:2] == ["Konzept", "Dilemma"]
    harm = [i["system"]["label"] for i in items(german, "consequence")]
    assert [h.casefold() for h in harm] == ["leicht", "mittel", "schwer"]
    assert [i["name"] for i in items(german, "aspect")][:2] == ["High Concept", "Trouble"]
    korean = character_to_fatex(ruth, CONDENSED, language="ko")
    assert all(label and not label.isascii() for label in
               [i["system"]["label"] for i in items(korean, "aspect") + items(korean, "consequence")])
    for actor in (german, korean):
        assert [(a.role, a.text) for a in back(actor).aspects] == [(a.role, a.text) for a in ruth.aspects]
        actor["flags"] = {}  # as FateX keeps an actor edited there
        again = back(actor, ruleset="fate-condensed")
        assert [(a.role, a.text) for a in again.aspects] == [(a.role, a.text) for a in ruth.aspects]
        assert [(c.slot, c.text) for c in again.consequences] == [("mild", "Bruised")]


JETPACK = Extra(name="Jetpack", description="A rocket on the back.", permission="Rocketeer",
                cost=ExtraCost(refresh=1, stunt_slots=1), aspects=["Sky Is Mine"], skills={"Athletics": 4},
                stunts=[Stunt(name="Rocket Jump", text="+2 to overcome with Athletics when flying.")])


def test_a_switched_on_extra_shows_its_aspects_skills_stunts_permission_and_price_in_fatex():
    ruth = legal_pc(refresh=4, extras=[JETPACK],  # Athletics is Ruth's too, at Fair (+2)
                    stunts=[Stunt(name=n, text="x") for n in ("Sure Footed", "Keen Eye", "Old Debts")])
    actor = character_to_fatex(ruth, CONDENSED)
    assert problems(actor) == []
    extra = next(i for i in items(actor, "extra") if i["name"] == "Jetpack")
    assert "Permission: Rocketeer" in extra["system"]["description"]
    assert "Costs 1 refresh and 1 stunt slot" in extra["system"]["description"]
    aspect = next(i for i in items(actor, "aspect") if i["system"]["value"] == "Sky Is Mine")
    assert aspect["system"]["label"] == "Jetpack"
    assert ("Athletics (Jetpack)", 4) in [(i["name"], i["system"]["rank"]) for i in items(actor, "skill")]
    assert "Rocket Jump" in [i["name"] for i in items(actor, "stunt")]
    notes = export_notes(ruth, CONDENSED)
    assert any("FateX's own items for its aspects, skills and stunts while it is switched on" in n for n in notes)
    # Only FateX's fields (the actor's flags gone, as when edited in Foundry): the extra whole.
    actor["flags"] = {}
    again = back(actor, ruleset="fate-condensed")
    assert again.extras[0].model_dump(exclude={"id"}) == JETPACK.model_dump(exclude={"id"})
    assert again.skills == ruth.skills and [s.name for s in again.stunts] == [s.name for s in ruth.stunts]
    assert [a.text for a in again.aspects] == [a.text for a in ruth.aspects]
    assert again.refresh == 4


def test_a_switched_off_extra_says_so_in_its_name_and_lists_what_it_would_bring():
    ruth = legal_pc(extras=[JETPACK.model_copy(update={"active": False})])
    actor = character_to_fatex(ruth, CONDENSED)
    extra = next(i for i in items(actor, "extra") if i["name"].startswith("Jetpack"))
    assert extra["name"] == "Jetpack (switched off)" and extra["system"]["disabled"] is True
    for line in ("Aspect: Sky Is Mine", "Skill: Athletics +4", "Stunt: Rocket Jump"):
        assert line in extra["system"]["description"]
    assert "Sky Is Mine" not in [i["system"]["value"] for i in items(actor, "aspect")]
    assert any("named in its description while it is switched off" in n for n in export_notes(ruth, CONDENSED))
    actor["flags"] = {}
    again = back(actor, ruleset="fate-condensed").extras[0]
    assert (again.name, again.active, again.description, again.permission, again.cost) == (
        "Jetpack", False, JETPACK.description, "Rocketeer", JETPACK.cost)


def test_a_condition_unticked_in_fatex_comes_back_cleared_and_its_words_are_kept():
    ruth = legal_pc(consequences=[Consequence(slot="scared", text="Jumpy")])
    actor = character_to_fatex(ruth, CONDENSED)
    scared = next(i for i in items(actor, "consequence") if i["name"] == "Scared")
    assert scared["system"]["active"] is True and scared["system"]["label"] == "Scared"
    scared["system"]["active"] = False  # FateX's player clicks the tick off; the text stays
    scared["system"]["boxValues"] = 0
    again = back(actor)
    assert again.consequences == []
    assert "Condition Scared (cleared): Jumpy" in again.notes


def test_fatex_s_own_four_box_track_keeps_every_mark():
    """FateX's Core data gives Physical stress four boxes (system/data/en/systems/core.json); a
    Fate Core character with Mediocre Physique has two here: marks on 3 and 4 are said and kept."""
    ruth = legal_pc(ruleset="fate-core", skills={"Fight": 3, "Will": 1})
    actor = character_to_fatex(ruth, get_ruleset("fate-core"))
    physical = next(i for i in items(actor, "stress") if i["name"] == "Physical")
    physical["system"]["size"] = 4
    physical["flags"] = {}
    physical["system"]["value"] = 0b1101  # boxes 1, 3 and 4
    from fate_desk.interop.importing import import_document as read

    result = read(json.loads(json.dumps(actor)), "x.json")
    again = result.characters[0]
    assert again.stress["physical"] == [0]
    assert "Stress Physical: box 3, 4 marked; Fate Desk gives this character 2" in again.notes
    assert any("box 3, 4 was marked, but the character has only 2 boxes here" in w for w in result.warnings)
