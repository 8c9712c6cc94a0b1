"""Second look at the Foundry formats against their sources: FateX's automation adds stress
boxes for a high skill (FateX src/module/components/Automation/Automation.ts,
`getBoxAmountModifier`, read also by FCO's scripts/FateCharacterImporter.js), and marks on those
boxes come in; what FCO's character import takes from an actor is there in ours."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fate_desk.model import CharacterKind
from fate_desk.rules import get_ruleset
from fate_desk.interop.fco.writing import character_to_fco
from fate_desk.interop.importing import import_document

from builders import legal_pc

DATA = Path(__file__).parents[1] / "data" / "foundry"


def bram(mental_refs: list, mental_value: int, kind: str = "npc") -> dict:
    data = json.loads((DATA / "fatex-bram.json").read_text(encoding="utf-8"))
    data["type"] = kind
    mental = next(i for i in data["items"] if i["type"] == "stress" and i["name"] == "Mental")
    mental["system"]["value"] = mental_value
    mental["flags"] = {"fatex": {"skillReferences": mental_refs}}
    return data


def test_fatex_automation_boxes_for_a_high_skill_come_in_with_their_marks():
    # Bram has Will +2: the reference adds two boxes to Mental's four; box 6 is marked (bit 5).
    refs = [{"skill": "Will", "type": 1, "condition": 1, "operator": 4, "argument": 2}]
    npc = import_document(bram(refs, 1 << 5), "bram.json").characters[0]
    assert npc.kind == CharacterKind.MAJOR_NPC
    assert npc.stress_boxes["mental"] == [1] * 6
    assert npc.stress["mental"] == [5]


@pytest.mark.parametrize("ref", [
    {"skill": "Will", "type": 1, "condition": 5, "argument": 2},  # Will +2 is not at least +5
    {"skill": "Will", "type": 0, "condition": 1, "argument": 2},  # type 0 switches, adds no boxes
    {"skill": "Sail", "type": 1, "condition": 1, "argument": 2},  # no such skill
    {"skill": "Will", "type": 1, "condition": 1, "operator": 3, "argument": 2},  # "less than"
])
def test_automation_whose_condition_fails_adds_no_boxes(ref):
    npc = import_document(bram([ref], 0), "bram.json").characters[0]
    assert npc.stress_boxes["mental"] == [1] * 4


@pytest.mark.parametrize("refs", [
    "lots", [None, 3, []], [{"skill": ["Will"], "type": 1, "condition": {}, "operator": [4], "argument": 10 ** 30}],
    [{"skill": "Will", "type": 1, "condition": 1, "argument": "9" * 5000}],
])
def test_malformed_automation_is_ignored_never_a_crash(refs):
    npc = import_document(bram(refs, 0), "bram.json").characters[0]
    assert npc.stress_boxes["mental"] == [1] * 4


def test_every_field_fcos_character_import_reads_from_an_fco_actor_is_written():
    # FateCharacterImporter.js takes an object whose `type` is fate-core-official as the actor
    # and hands it to Actor.create: the document needs a name, the type and a system whose
    # details carry fate points (the importer's own blank actor has details.fatePoints.refresh).
    actor = character_to_fco(legal_pc(), get_ruleset("fate-condensed"))
    assert actor["type"] == "fate-core-official" and actor["name"]
    points = actor["system"]["details"]["fatePoints"]
    assert isinstance(points["refresh"], int) and isinstance(points["current"], int)
    for group in ("aspects", "skills", "stunts", "tracks"):
        assert isinstance(actor["system"][group], dict) and actor["system"][group]
