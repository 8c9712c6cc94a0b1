"""`fate-desk export --to foundry-fco|fari` and `fate-desk import` of Foundry files, from the
command line; hostile input exits 2 with one line and writes nothing."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from builders import legal_pc
from fco_model import problems

from fate_desk.cli import main
from fate_desk.interop.importing import import_characters
from fate_desk.store.interchange import read_character_file, write_character_file

DATA = Path(__file__).parents[1] / "data"
SAMPLE = DATA / "sample.fate-campaign.json"
WREN = DATA / "foundry" / "fco-wren.json"


def one_line_error(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err and "Traceback" not in err
    return err


@pytest.fixture
def ruth_file(tmp_path) -> Path:
    path = tmp_path / "ruth.fate.json"
    write_character_file(path, legal_pc())
    return path


def test_a_character_file_exports_as_an_fco_actor(tmp_path, ruth_file, capsys):
    out = tmp_path / "ruth-foundry.json"
    assert main(["export", str(ruth_file), "--to", "foundry-fco", "--out", str(out)]) == 0
    assert "1 character written for Foundry VTT (Fate Core Official)" in capsys.readouterr().out
    actor = json.loads(out.read_text(encoding="utf-8"))
    assert problems(actor) == [] and actor["name"] == "Ruth"


def test_a_campaign_exports_one_file_per_character_into_a_folder(tmp_path, capsys):
    out = tmp_path / "for-fari"
    assert main(["export", str(SAMPLE), "--to", "fari", "--out", str(out)]) == 0
    files = sorted(out.glob("*.fari.json"))
    campaign_names = {c.name for c in import_characters(SAMPLE).characters}
    assert len(files) == len(campaign_names)
    assert {import_characters(f).characters[0].name for f in files} == campaign_names
    assert f"{len(files)} characters written for Fari" in capsys.readouterr().out


def test_import_of_an_fco_actor_prints_what_went_where(tmp_path, capsys):
    out = tmp_path / "wren.fate.json"
    assert main(["import", str(WREN), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "from Foundry (Fate Core Official), 4 aspects, 10 skills, 4 stunts" in printed
    assert "kept in the notes: Pronouns, Biography" in printed
    assert read_character_file(out).name == "Wren Halloway"


def test_import_of_a_fatex_actor_into_a_campaign(tmp_path, capsys):
    target = tmp_path / "marches.fatedesk"
    assert main(["import", str(DATA / "foundry" / "fatex-bram.json"), "--into", str(target)]) == 0
    assert "created" in capsys.readouterr().out


def test_an_existing_export_is_never_replaced(tmp_path, ruth_file, capsys):
    out = tmp_path / "ruth.fari.json"
    out.write_text("my own notes", encoding="utf-8")
    assert main(["export", str(ruth_file), "--to", "fari", "--out", str(out)]) == 2
    assert "use --force to replace it" in one_line_error(capsys)
    assert out.read_text(encoding="utf-8") == "my own notes"


def test_a_clash_in_a_campaign_folder_stops_the_export_before_any_file_is_written(tmp_path, capsys):
    out = tmp_path / "folder"
    out.mkdir()
    (out / "Madame-Vex.json").write_text("keep", encoding="utf-8")
    assert main(["export", str(SAMPLE), "--to", "foundry-fco", "--out", str(out)]) == 2
    one_line_error(capsys)
    assert [p.name for p in out.iterdir()] == ["Madame-Vex.json"]


def test_exporting_onto_the_file_being_exported_is_refused(tmp_path, capsys):
    actor = tmp_path / "wren.json"
    actor.write_bytes(WREN.read_bytes())
    before = hashlib.sha256(actor.read_bytes()).hexdigest()
    assert main(["export", str(actor), "--to", "foundry-fco", "--out", str(actor)]) == 2
    one_line_error(capsys)
    assert hashlib.sha256(actor.read_bytes()).hexdigest() == before


def hostile_files(tmp_path: Path) -> dict[str, Path]:
    files = {
        "garbage": b"\x00\xff\xfe not json",
        "empty": b"",
        "deep": b"[" * 100000 + b"]" * 100000,
        "foreign": json.dumps({"name": "Aragorn", "type": "character", "system": {},
                               "_stats": {"systemId": "dnd5e"}}).encode(),
        "thing": json.dumps({"name": "Chest", "type": "Thing", "system": {},
                             "_stats": {"systemId": "fate-core-official"}}).encode(),
        "huge": json.dumps({"type": "fate-core-official", "name": "X",
                            "system": {"skills": {"a": {"name": "F", "rank": "9" * 5000}}}}).encode(),
        "surrogate-key": b'{"format": "\\ud800", "version": 1}',
    }
    paths = {}
    for name, body in files.items():
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_bytes(body)
    if hasattr(os, "mkfifo"):
        paths["fifo"] = tmp_path / "pipe.json"
        os.mkfifo(paths["fifo"])
    paths["missing"] = tmp_path / "nowhere.json"
    paths["folder"] = tmp_path
    return paths


@pytest.mark.parametrize("target", ["foundry-fco", "fatex", "fari"])
def test_hostile_files_exit_2_with_one_line_and_write_nothing(tmp_path, capsys, target):
    sources = tmp_path / "in"
    sources.mkdir()
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    for name, path in hostile_files(sources).items():
        out = out_dir / f"{name}.fari.json"
        assert main(["export", str(path), "--to", target, "--out", str(out)]) == 2, name
        one_line_error(capsys)
        assert main(["import", str(path), "--out", str(out_dir / f"{name}.fate.json")]) == 2, name
        one_line_error(capsys)
    assert list(out_dir.iterdir()) == []


@pytest.mark.parametrize("extra", [["--paper", "a4"], ["--what", "cards"], ["--blank"], ["--with", "scale"]])
def test_pdf_options_with_to_are_a_usage_error(tmp_path, ruth_file, capsys, extra):
    out = tmp_path / "x.json"
    assert main(["export", str(ruth_file), "--to", "foundry-fco", "--out", str(out), *extra]) == 2
    assert "go" in one_line_error(capsys) and not out.exists()


def test_fatex_captions_in_the_language_asked_for(tmp_path, ruth_file, capsys):
    """Issue 43: `--labels-in de` writes the captions FateX shows in German; without it, English."""
    out = tmp_path / "ruth-fatex.json"
    assert main(["export", str(ruth_file), "--to", "fatex", "--labels-in", "de", "--out", str(out)]) == 0
    actor = json.loads(out.read_text(encoding="utf-8"))
    assert [i["system"]["label"] for i in actor["items"] if i["type"] == "aspect"][:2] == ["Konzept", "Dilemma"]
    plain = tmp_path / "ruth-plain.json"
    assert main(["export", str(ruth_file), "--to", "fatex", "--out", str(plain)]) == 0
    actor = json.loads(plain.read_text(encoding="utf-8"))
    assert [i["system"]["label"] for i in actor["items"] if i["type"] == "aspect"][:2] == ["High Concept", "Trouble"]


@pytest.mark.parametrize("target", [["--to", "fari"], ["--to", "foundry-fco"], []])
def test_captions_in_a_language_go_with_fatex_alone(tmp_path, ruth_file, capsys, target):
    out = tmp_path / ("x.fari.json" if "fari" in target else "x.json" if target else "x.pdf")
    assert main(["export", str(ruth_file), *target, "--labels-in", "de", "--out", str(out)]) == 2
    assert "--labels-in goes with --to fatex" in one_line_error(capsys) and not out.exists()


def test_an_unknown_target_is_a_usage_error(tmp_path, ruth_file, capsys):
    assert main(["export", str(ruth_file), "--to", "roll20", "--out", str(tmp_path / "x")]) == 2
    assert "invalid choice" in one_line_error(capsys)


def test_a_single_character_needs_the_targets_file_ending(tmp_path, ruth_file, capsys):
    assert main(["export", str(ruth_file), "--to", "fari", "--out", str(tmp_path / "ruth.txt")]) == 2
    assert "must end in .fari.json" in one_line_error(capsys)


# --- issue 26, item 8: the read paths for extras and tracks, fed nonsense ------------------------

def _fco_with_extra(system) -> dict:
    return {"type": "fate-core-official", "name": "X", "system": {}, "items": [
        {"_id": "abcdef0123456789", "type": "Extra", "name": "Gear", "system": system}]}


HOSTILE_EXTRAS = {
    "fco-extra-skills-a-list-of-text": _fco_with_extra({"skills": "Fight +3"}),
    "fco-extra-skill-rank-true": _fco_with_extra({"skills": {"a": {"name": "Fight", "rank": True}}}),
    "fco-extra-track-boxes-text": _fco_with_extra({"tracks": {"a": {"name": "Heat", "box_values": "xxx"}}}),
    "fco-extra-stunt-not-an-object": _fco_with_extra({"stunts": {"a": 7}}),
    "fco-extra-refresh-text": _fco_with_extra({"refresh": "lots"}),
    "fco-extra-system-a-list": _fco_with_extra([1, 2]),
    "fco-extra-copy-boxes-an-object": {"type": "fate-core-official", "name": "X", "system": {"tracks": {
        "a": {"name": "Heat", "extra_id": "abcdef0123456789", "box_values": {"0": True}}}}, "items": [
        {"_id": "abcdef0123456789", "type": "Extra", "name": "Gear", "system": {"tracks": {
            "a": {"name": "Heat", "box_values": [False]}}}}]},
    "fco-own-track-label-a-number-list": {"type": "fate-core-official", "name": "X", "system": {"tracks": {
        "a": {"name": "Wealth", "box_values": [True], "label": [1]}}}},
    "fatex-extra-short-description-a-list": {"type": "character", "name": "X", "system": {},
                                             "_stats": {"systemId": "fatex"}, "items": [
        {"type": "extra", "name": "Gear", "system": {"shortDescription": ["a"]}}]},
    "fatex-own-stress-size-text": {"type": "character", "name": "X", "system": {}, "_stats": {"systemId": "fatex"},
                                   "items": [{"type": "stress", "name": "Wealth", "system": {"size": "many"}}]},
}


@pytest.mark.parametrize("name", sorted(HOSTILE_EXTRAS))
def test_nonsense_in_extras_and_tracks_exits_2_with_one_line_and_writes_nothing(tmp_path, capsys, name):
    source = tmp_path / f"{name}.json"
    source.write_text(json.dumps(HOSTILE_EXTRAS[name]), encoding="utf-8")
    before = source.read_bytes()
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    assert main(["import", str(source), "--out", str(out_dir / "x.fate.json")]) == 2
    one_line_error(capsys)
    assert list(out_dir.iterdir()) == [] and source.read_bytes() == before


def test_a_fari_extra_section_of_nonsense_is_kept_in_the_notes_never_lost(tmp_path, capsys):
    """A Fari section shaped like an extra whose blocks hold no extra comes over, its blocks kept."""
    from builders import legal_pc

    from fate_desk.rules import get_ruleset
    from fate_desk.interop.fari.writing import character_to_fari

    fari = character_to_fari(legal_pc(), get_ruleset("fate-condensed"))
    left = fari["pages"][0]["rows"][0]["columns"][0]["sections"]
    left.insert(2, {"id": "s", "label": "Extra: Broken", "blocks": [
        {"id": "b1", "type": "Numeric", "label": "Refresh cost", "value": "9999", "meta": {}},
        {"id": "b2", "type": "Skill", "label": "Fight", "value": "not a rating", "meta": {}},
        {"id": "b3", "type": "DicePool", "label": "Odd", "value": "4dF", "meta": {}}]})
    source = tmp_path / "broken.fari.json"
    source.write_text(json.dumps(fari), encoding="utf-8")
    out = tmp_path / "broken.fate.json"
    assert main(["import", str(source), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert 'extra "Broken" came over as an extra' in printed
    again = import_characters(out).characters[0]
    assert [(e.name, e.cost.refresh, e.skills) for e in again.extras] == [("Broken", 0, {})]
    assert "Odd: 4dF" in again.notes and "Fight: not a rating" in again.notes and "Refresh cost: 9999" in again.notes
