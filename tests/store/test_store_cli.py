"""`fate-desk import` and `fate-desk check` on campaign files, from the command line."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path


from fate_desk.cli import main
from fate_desk.store import atomic
from fate_desk.store.bundle import read_bundle
from fate_desk.store.campaign_file import CampaignFile, load_campaign
from fate_desk.store.interchange import read_character_file

DATA = Path(__file__).parents[1] / "data"
FARI = DATA / "fari"
SAMPLE = DATA / "sample.fate-campaign.json"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def one_line_error(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err and "Traceback" not in err
    return err


def test_import_a_fari_character_to_an_interchange_file(tmp_path, capsys):
    out = tmp_path / "nell.fate.json"
    assert main(["import", str(FARI / "v6-nell.fari.json"), "--out", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    nell = read_character_file(out)
    assert nell.name == "Nell Ashdown" and nell.skills["Academics"] == 4


def test_an_existing_character_file_is_only_replaced_with_force(tmp_path, capsys):
    out = tmp_path / "nell.fate.json"
    out.write_text("mine")
    assert main(["import", str(FARI / "v6-nell.fari.json"), "--out", str(out)]) == 2
    assert "use --force to replace it" in one_line_error(capsys)
    assert out.read_text() == "mine"
    assert main(["import", str(FARI / "v6-nell.fari.json"), "--out", str(out), "--force"]) == 0
    assert read_character_file(out).name == "Nell Ashdown"


def test_a_failed_write_leaves_the_existing_file(tmp_path, capsys, monkeypatch):
    out = tmp_path / "nell.fate.json"
    out.write_text("mine")

    def no_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", no_disk)
    assert main(["import", str(FARI / "v6-nell.fari.json"), "--out", str(out), "--force"]) == 2
    assert "could not be written (No space left on device)" in one_line_error(capsys)
    assert out.read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == ["nell.fate.json"]


def test_several_characters_go_to_a_folder_one_file_each(tmp_path, capsys):
    bundle = FARI / "full-bundle.fari.json"
    assert main(["import", str(bundle), "--out", str(tmp_path / "x.fate.json")]) == 2
    assert "holds 2 characters" in one_line_error(capsys)
    folder = tmp_path / "party"
    folder.mkdir()
    assert main(["import", str(bundle), "--out", str(folder)]) == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["Bram-Holloway.fate.json", "Dara-Quill.fate.json"]


def test_import_into_a_new_campaign_takes_the_characters_rule_set(tmp_path, capsys):
    target = tmp_path / "kit.fatedesk"
    assert main(["import", str(FARI / "v4-kit.fari.json"), "--into", str(target)]) == 0
    campaign = load_campaign(target)
    assert campaign.ruleset == "fate-accelerated"
    assert [c.name for c in campaign.characters] == ["Kit Sparrow"]
    assert "created" in capsys.readouterr().out


def test_a_new_campaign_needs_the_campaign_suffix(tmp_path, capsys):
    assert main(["import", str(FARI / "v4-kit.fari.json"), "--into", str(tmp_path / "kit.db")]) == 2
    assert ".fatedesk" in one_line_error(capsys)
    assert list(tmp_path.iterdir()) == []


def test_import_into_an_existing_campaign_adds_and_never_replaces(tmp_path, capsys):
    target = tmp_path / "sample.fatedesk"
    CampaignFile.create(target, read_bundle(SAMPLE)).close()
    nell = FARI / "v6-nell.fari.json"
    assert main(["import", str(nell), "--into", str(target)]) == 0
    assert main(["import", str(nell), "--into", str(target)]) == 0
    out = capsys.readouterr().out
    assert "already in the campaign; added as a copy" in out
    campaign = load_campaign(target)
    assert [c.name for c in campaign.characters][-2:] == ["Nell Ashdown", "Nell Ashdown"]
    assert len({c.id for c in campaign.characters}) == len(campaign.characters) == 6
    assert campaign.obstacles == read_bundle(SAMPLE).obstacles


def test_a_bad_import_leaves_the_campaign_untouched(tmp_path, capsys):
    target = tmp_path / "sample.fatedesk"
    CampaignFile.create(target, read_bundle(SAMPLE)).close()
    before = digest(target)
    broken = tmp_path / "broken.fari.json"
    doc = json.loads((FARI / "full-bundle.fari.json").read_text())
    doc["characters"][1]["pages"][0]["sections"][0]["blocks"][0]["value"] = {"oops": 1}
    broken.write_text(json.dumps(doc))
    assert main(["import", str(broken), "--into", str(target)]) == 2
    assert "characters[1].pages[0].sections[0].blocks[0].value" in one_line_error(capsys)
    assert digest(target) == before


def test_a_campaign_bundle_becomes_a_whole_campaign_file(tmp_path):
    target = tmp_path / "drowned.fatedesk"
    assert main(["import", str(SAMPLE), "--into", str(target)]) == 0
    assert load_campaign(target).model_dump() == read_bundle(SAMPLE).model_dump()


def test_a_campaign_file_exports_to_a_bundle_and_back(tmp_path):
    original = tmp_path / "drowned.fatedesk"
    CampaignFile.create(original, read_bundle(SAMPLE)).close()
    shared = tmp_path / "shared.fate-campaign.json"
    assert main(["import", str(original), "--out", str(shared)]) == 0
    assert main(["import", str(shared), "--into", str(tmp_path / "again.fatedesk")]) == 0
    assert load_campaign(tmp_path / "again.fatedesk").model_dump() == load_campaign(original).model_dump()


def test_fari_characters_can_be_shared_as_a_bundle(tmp_path):
    shared = tmp_path / "party.fate-campaign.json"
    assert main(["import", str(FARI / "full-bundle.fari.json"), "--out", str(shared)]) == 0
    campaign = read_bundle(shared)
    assert [c.name for c in campaign.characters] == ["Bram Holloway", "Dara Quill"]


def test_check_reads_every_character_of_a_campaign_with_its_rule_set_and_options(tmp_path, capsys):
    target = tmp_path / "drowned.fatedesk"
    CampaignFile.create(target, read_bundle(SAMPLE)).close()
    code = main(["check", "--json", str(target)])
    report = json.loads(capsys.readouterr().out)
    assert code in (0, 1)
    assert [r["name"] for r in report] == ["Ruth", "Madame Vex", "Tide Horror", "Dock Thug"]
    # The campaign plays with conditions: Ruth's slots are conditions, not consequences.
    ruth = report[0]["derived"]["consequences"]
    assert [s["label"] for s in ruth if "label" in s][:2] == ["Hurt", "Scared"]
    # The same character alone, from its own file, has Fate Condensed's usual slots.
    assert main(["import", str(target), "--out", str(tmp_path / "party")]) == 2  # not a folder
    capsys.readouterr()
    (tmp_path / "party").mkdir()
    assert main(["import", str(target), "--out", str(tmp_path / "party")]) == 0
    capsys.readouterr()
    assert main(["check", "--json", str(tmp_path / "party" / "Ruth.fate.json")]) == 0
    alone = json.loads(capsys.readouterr().out)[0]["derived"]["consequences"]
    assert [s["value"] for s in alone] == [2, 4, 6]


def test_check_accepts_a_campaign_bundle_too(capsys):
    assert main(["check", str(SAMPLE)]) in (0, 1)
    out = capsys.readouterr().out
    assert out.count(f"{SAMPLE}: ") == 4


def test_check_exits_2_on_files_it_cannot_read(tmp_path, capsys):
    noise = tmp_path / "noise.fatedesk"
    noise.write_bytes(b"\x00\x01 not sqlite at all")
    assert main(["check", str(noise)]) == 2
    assert "not an SQLite database" in one_line_error(capsys)
    assert main(["check", str(tmp_path / "missing.fatedesk")]) == 2
    assert "no such file" in one_line_error(capsys)


def test_import_needs_exactly_one_target(capsys):
    assert main(["import", str(FARI / "v4-kit.fari.json")]) == 2
    assert "one of the arguments --out --into is required" in one_line_error(capsys)


def test_import_refuses_what_it_cannot_read(tmp_path, capsys):
    odd = tmp_path / "odd.json"
    odd.write_text('{"hello": "world"}')
    assert main(["import", str(odd), "--out", str(tmp_path / "o.fate.json")]) == 2
    assert "neither a Fate Desk file nor a Fari file" in one_line_error(capsys)


def test_the_installed_command_runs_end_to_end(tmp_path):
    target = tmp_path / "camp.fatedesk"
    env_dir = tmp_path / "user-data"
    run = subprocess.run(
        [sys.executable, "-m", "fate_desk", "import", str(FARI / "v3-dara.fari.json"), "--into", str(target)],
        capture_output=True, text=True, env={"FATE_DESK_DATA_DIR": str(env_dir), "PATH": ""},
    )
    assert run.returncode == 0, run.stderr
    run = subprocess.run([sys.executable, "-m", "fate_desk", "check", str(target)],
                         capture_output=True, text=True, env={"FATE_DESK_DATA_DIR": str(env_dir), "PATH": ""})
    assert run.returncode in (0, 1) and "Dara Quill" in run.stdout
