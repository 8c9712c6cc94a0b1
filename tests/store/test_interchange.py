"""The character interchange file: round trips, refusals that name the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builders import legal_pc
from fate_desk.model import Consequence, HistoryEntry
from fate_desk.store.interchange import (
    FileFormatError,
    character_from_dict,
    character_to_dict,
    json_schema,
    read_character_file,
    write_character_file,
)


def test_character_round_trips_through_the_file_losing_nothing(tmp_path):
    pc = legal_pc(
        stress={"physical": [0, 2]},
        consequences=[Consequence(slot="moderate", text="Gaping Chest Wound")],
        advancement=[HistoryEntry(kind="milestone", summary="Swapped Fight and Will")],
        notes="Owes the ghoul a rematch.\nSecond line.",
        saved_skill_points=1,
    )
    path = tmp_path / "ruth.fate.json"
    write_character_file(path, pc)
    assert read_character_file(path) == pc


def test_the_file_uses_the_documented_field_names():
    data = character_to_dict(legal_pc())
    assert data["format"] == "fate-desk/character" and data["version"] == 1
    assert data["ruleset"] == "fate-condensed" and data["kind"] == "pc"
    assert data["aspects"][0] == {"role": "high_concept", "text": "Occult Librarian with a Mean Right Hook", "free_invokes": 0}
    assert data["skills"]["Fight"] == 4
    assert data["refresh"] == 3 and data["fate_points"] == 3 and data["advancement"] == []


def test_mediocre_skills_are_left_out():
    data = character_to_dict(legal_pc(skills={"Fight": 4, "Lore": 0}))
    assert data["skills"] == {"Fight": 4}


@pytest.mark.parametrize(
    "change, expected",
    [
        ({"skills": {"Fight": "four"}}, "skills.Fight"),
        ({"aspects": [{"role": "sidekick", "text": "x"}]}, "aspects[0].role"),
        ({"refresh": -1}, "refresh"),
        ({"hair_colour": "red"}, "hair_colour: is not a field Fate Desk knows"),
        ({"version": 7}, "newer Fate Desk"),
        ({"format": "fari"}, "format: expected 'fate-desk/character'"),
    ],
)
def test_invalid_fields_are_refused_by_name(change, expected):
    data = character_to_dict(legal_pc()) | change
    with pytest.raises(FileFormatError, match=expected.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
        character_from_dict(data, "ruth.fate.json")


def test_schema_lists_the_contract_fields():
    schema = json_schema()
    for name in ("format", "version", "ruleset", "kind", "name", "aspects", "skills", "stunts", "refresh", "fate_points", "advancement"):
        assert name in schema["properties"]
    assert schema["properties"]["format"]["const"] == "fate-desk/character"
    json.dumps(schema)


def test_written_files_follow_the_umask_and_keep_an_existing_files_mode(tmp_path):
    import os
    import stat

    path = tmp_path / "ruth.fate.json"
    old = os.umask(0o022)
    try:
        write_character_file(path, legal_pc())
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644  # not the owner-only mode of a temp file
    path.chmod(0o600)
    write_character_file(path, legal_pc(name="Ruth again"))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def _nested(depth: int, leaf):
    value = leaf
    for level in range(depth):
        value = {"inner": value} if level % 2 else [value]
    return value


@pytest.mark.parametrize("leaf", ["text", 3, None, 2.5])
def test_an_imported_file_nested_past_the_limit_is_refused_with_its_place_and_one_within_it_reads(tmp_path, leaf):
    """A file brought in is parsed once; of the checks after it only how deep it nests is left
    (its text can hold no lone surrogate, its numbers no NaN): still refused past 64 levels,
    saying where, even when only the innermost value (text, a number, null) is past it."""
    from fate_desk.interop.importing import import_characters

    wren = json.loads((Path(__file__).parents[1] / "data" / "foundry" / "fco-wren.json").read_text(encoding="utf-8"))
    path = tmp_path / "wren.json"
    wren["flags"] = {"journal": _nested(63, leaf)}  # its innermost value 65 levels from the top
    path.write_text(json.dumps(wren), encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"wren\.json: flags\.journal\[0\]\.inner\[0\].*…: nested more than 64 levels deep"):
        import_characters(path)
    wren["flags"] = {"journal": _nested(62, leaf)}  # 64: allowed
    path.write_text(json.dumps(wren), encoding="utf-8")
    assert [c.name for c in import_characters(path).characters] == ["Wren Halloway"]
