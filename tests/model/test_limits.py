"""Limits a real character never reaches (fate_desk.model.limits, docs/file-format.md), enforced where
characters come in and said in one sentence (issue 45): an FCO actor with 100,000 skills was
accepted, and `check` then ran past ten minutes; a character with more than 20 tracks counting
its extras' passed `check` and stopped `export` with a traceback."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from fate_desk.cli import main
from fate_desk.interop.importing import import_characters
from fate_desk.model import Campaign, Character, CustomTrack, Extra, Stunt
from fate_desk.model.limits import MAX_NOTES, MAX_SKILLS, MAX_STUNTS, MAX_TRACKS, grew_past_limits, limit_problem
from fate_desk.store.bundle import read_bundle
from fate_desk.store.campaign_file import CampaignFile
from fate_desk.store.interchange import FileFormatError, character_from_dict, write_character_file


def _fco_actor(skills: int) -> dict:
    def key(name: str) -> str:
        return base64.b64encode(name.encode()).decode().replace("=", "")

    return {"name": "Huge", "type": "fate-core-official", "system": {
        "skills": {key(f"Skill{i}"): {"name": f"Skill{i}", "rank": 1, "description": "", "pc": True} for i in range(skills)},
        "aspects": {}, "stunts": {}, "tracks": {}, "details": {"fatePoints": {"refresh": 3, "current": 3}}}}


def _tracked(own: int, per_extra: int, extras: int) -> Character:
    """A character with `own` tracks of its own and `per_extra` on each of `extras` extras."""
    return Character(
        name="Tracky", ruleset="fate-core",
        tracks=[CustomTrack(id=f"t{i}", name=f"Track {i}", boxes=[1, 2]) for i in range(own)],
        extras=[Extra(name=f"Gear {j}", tracks=[CustomTrack(id=f"e{j}t{i}", name=f"Gear track {i}", boxes=[1])
                                               for i in range(per_extra)]) for j in range(extras)])


def test_the_sample_and_every_packs_characters_are_well_within_the_limits():
    from fate_desk.gui.opening import sample_bundle_path
    from fate_desk.rules import load_catalog
    from fate_desk.store.packs import pack_samples

    characters = list(read_bundle(sample_bundle_path()).characters)
    for pack in load_catalog().packs.values():
        characters += pack_samples(pack)
    assert characters and all(limit_problem(c) is None for c in characters)


def test_importing_an_fco_actor_with_100000_skills_is_refused_in_one_sentence(tmp_path):
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(_fco_actor(100_000)))
    with pytest.raises(FileFormatError) as caught:
        import_characters(path)
    assert str(caught.value) == f"{path}: Huge: this character has 100,000 skills; Fate Desk keeps at most 200"


def test_check_refuses_a_character_file_past_a_limit_before_reading_it(tmp_path, capsys):
    path = tmp_path / "huge.fate.json"
    path.write_text(json.dumps({"format": "fate-desk/character", "version": 1, "name": "Huge",
                                "skills": {f"Skill{i}": 1 for i in range(100_000)}}))
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"{path}: this character has 100,000 skills; Fate Desk keeps at most 200\n"


def test_check_refuses_a_campaign_holding_a_character_past_a_limit_naming_it(tmp_path, capsys):
    path = tmp_path / "c.fatedesk"
    CampaignFile.create(path, Campaign(name="Old", characters=[
        Character(name="Fine"), Character(name="Verbose", notes="x" * (MAX_NOTES + 1))])).close()
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().err == (f"{path}: Verbose: its notes are 200,001 characters long; "
                                       "Fate Desk keeps at most 200,000\n")


def test_more_than_20_tracks_counting_extras_is_refused_and_20_print(tmp_path, capsys):
    over = tmp_path / "over.fate.json"
    write_character_file(over, _tracked(15, 5, 3))  # accepted by every field on its own: 15 + 15
    assert main(["check", str(over)]) == 2
    assert "this character has 30 tracks counting its extras'; Fate Desk keeps at most 20" in capsys.readouterr().err
    assert main(["export", str(over), "--out", str(tmp_path / "over.pdf")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "30 tracks" in err and not (tmp_path / "over.pdf").exists()
    at_limit = tmp_path / "twenty.fate.json"
    write_character_file(at_limit, _tracked(10, 5, 2))
    assert main(["check", str(at_limit)]) in (0, 1)
    assert main(["export", str(at_limit), "--out", str(tmp_path / "twenty.pdf")]) == 0
    assert (tmp_path / "twenty.pdf").stat().st_size > 0


def test_a_rule_set_whose_top_stress_level_is_at_the_ladders_top_prints(tmp_path, user_data):
    # At +20 (the highest rating a skill may have) a blank sheet still prints; above it the rule
    # set is refused when read (tests/rules/creation/test_users_folders.py).
    import subprocess
    import sys

    from fate_desk.paths import rules_dir

    (user_data / "rules").mkdir()
    text = (rules_dir() / "fate-core.toml").read_text(encoding="utf-8").replace('id = "fate-core"', 'id = "deep"')
    text = text.replace("{ at = 3, boxes = [1, 2, 3, 4] },", "{ at = 3, boxes = [1, 2, 3, 4] },\n  { at = 20, boxes = [1, 2, 3, 4, 5] },", 1)
    (user_data / "rules" / "deep.toml").write_text(text, encoding="utf-8")
    for args in (["--blank"], ["--reference"]):
        done = subprocess.run([sys.executable, "-m", "fate_desk", "export", *args, "--ruleset", "deep",
                               "--out", str(tmp_path / f"deep{args[0]}.pdf")], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr


def test_an_edit_past_a_limit_is_not_made_and_an_old_sheet_past_one_still_edits(qtbot, tmp_path):
    from fate_desk.rules.creation.edits import add_stunt, edited

    from gui_helpers import new_document, reread

    full = Character(name="Full", stunts=[Stunt(name=f"S{i}") for i in range(MAX_STUNTS)])
    legacy = Character.model_validate({"name": "Legacy", "skills": {f"Skill{i}": 1 for i in range(MAX_SKILLS + 5)}})
    document = new_document(tmp_path, full, legacy)
    said = []
    document.saveFailed.connect(said.append)
    assert not document.edit(full.id, lambda c: add_stunt(c, Stunt(name="One more")), "Add stunt")
    assert said == ["That change was not made: this character has 41 stunts; Fate Desk keeps at most 40"]
    assert len(reread(document, full.id).stunts) == MAX_STUNTS
    # A character kept from an older file, past a limit already, is not made worse, but renamed it may be.
    assert document.edit(legacy.id, lambda c: edited(c, name="Legacy, renamed"), "Rename")
    assert reread(document, legacy.id).name == "Legacy, renamed"
    assert grew_past_limits(legacy, legacy.model_copy(update={"skills": {**legacy.skills, "One more": 1}}))
    document.close()


@pytest.mark.parametrize("field,value,said", [
    ("notes", "x" * (MAX_NOTES + 1), "its notes are 200,001 characters long"),
    ("aspects", [{"text": "y" * 1001}], "aspect 1 is 1,001 characters long"),
    ("stunts", [{"name": "n", "text": "z" * 2001}], "stunt 1 is 2,001 characters long"),
    ("tracks", [{"id": f"t{i}", "name": "T"} for i in range(MAX_TRACKS + 1)], "tracks"),
])
def test_each_limit_is_said_in_a_sentence_naming_it(field, value, said):
    data = {"format": "fate-desk/character", "version": 1, "name": "X", field: value}
    with pytest.raises(FileFormatError) as caught:
        character_from_dict(data, "x.fate.json")
    assert said in str(caught.value) and str(caught.value).startswith("x.fate.json: ")


def test_the_limits_are_said_in_the_users_language():
    from fate_desk import i18n

    i18n.set_language("de")
    try:
        message = limit_problem(Character.model_validate({"skills": {f"S{i}": 1 for i in range(100_000)}}))
    finally:
        i18n.set_language("en")
    assert message == "dieser Charakter hat 100.000 Fertigkeiten; Fate Desk behält höchstens 200"
