"""A character exported for Fari has the shape current Fari writes and reads back: version 6
(Fari's default template lib/domains/character/character-templates/Default/Blank.json), pages
of rows of columns of sections (lib/domains/character/types.tsx `ICharacter`), and each block
with the value and meta shape its type has in types.tsx."""

from __future__ import annotations

import json

from fate_desk.model import Consequence
from fate_desk.rules import get_ruleset
from fate_desk.interop.fari.reading import NEWEST_VERSION
from fate_desk.interop.fari.writing import fari_json
from fate_desk.interop.importing import import_document

from builders import legal_pc

CONDENSED = get_ruleset("fate-condensed")

# types.tsx: ICharacter's fields, and the meta keys each block type may carry
# (IDefaultBlockMeta's helperText and width are allowed on all).
CHARACTER_KEYS = {"id", "name", "group", "wide", "zoom", "pages", "version", "lastUpdated",
                  "playedDuringTurn", "template", "fariType"}
DEFAULT_META = {"helperText", "width"}
META_KEYS = {
    "Text": {"checked"}, "Numeric": {"checked"}, "Skill": {"checked", "commands", "hideModifier"},
    "PointCounter": {"isMainPointCounter", "max"}, "SlotTracker": {"asClock"},
}


def exported(character=None) -> dict:
    return json.loads(fari_json(character or legal_pc(), CONDENSED))


def blocks(sheet: dict):
    for page in sheet["pages"]:
        for row in page["rows"]:
            for column in row["columns"]:
                for section in column["sections"]:
                    assert set(section) <= {"id", "label", "blocks", "visibleOnCard"}
                    yield from section["blocks"]


def test_fari_export_is_version_6_as_fari_writes_and_our_importer_reads():
    sheet = exported()
    assert sheet["version"] == 6
    assert sheet["version"] == NEWEST_VERSION  # the importer takes what the exporter writes
    assert sheet["fariType"] == "character" and sheet["template"] == "FateCondensed"
    assert set(sheet) <= CHARACTER_KEYS
    assert "group" not in sheet  # `string | undefined` in Fari: absent, never null


def test_every_block_has_the_value_and_meta_shape_fari_gives_its_type():
    character = legal_pc().model_copy(update={
        "stress": {"physical": [0]},
        "consequences": [Consequence(slot="mild", text="Bruised Ribs")],
    })
    seen = set()
    for block in blocks(exported(character)):
        kind = block["type"]
        seen.add(kind)
        assert set(block) == {"id", "type", "label", "value", "meta"}
        assert isinstance(block["id"], str) and isinstance(block["label"], str)
        assert set(block["meta"]) <= META_KEYS[kind] | DEFAULT_META, block
        if kind == "SlotTracker":
            assert all(set(box) == {"label", "checked"} and isinstance(box["label"], str)
                       and isinstance(box["checked"], bool) for box in block["value"])
        else:
            assert isinstance(block["value"], str), block  # numbers too are strings in Fari
        if kind == "PointCounter":
            assert isinstance(block["meta"]["isMainPointCounter"], bool)
            assert isinstance(block["meta"]["max"], str)
        if kind == "Skill":
            assert block["meta"]["commands"] == ["4dF"]
    assert {"Text", "Skill", "PointCounter", "SlotTracker"} <= seen


def test_the_fari_export_reads_back_through_the_fari_importer():
    character = legal_pc()
    result = import_document(json.loads(fari_json(character, CONDENSED)), "ruth.fari.json")
    back = result.characters[0]
    assert back.name == character.name
    assert back.skills == character.skills
    assert [a.text for a in back.aspects] == [a.text for a in character.aspects]
