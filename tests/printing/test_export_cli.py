"""`fate-desk export` on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from export_pdf_reading import checkboxes, page_sizes, pdf_text, text_fields
from fate_desk.cli import main
from fate_desk.printing import samples
from fate_desk.store.interchange import write_character_file

RUTH = Path(__file__).resolve().parents[2] / "docs" / "examples" / "ruth.fate.json"


def test_character_file_prints_its_sheet(tmp_path, capsys):
    out = tmp_path / "ruth.pdf"
    assert main(["export", str(RUTH), "--out", str(out), "--paper", "letter"]) == 0
    assert "1 page" in capsys.readouterr().out
    text = pdf_text(out)
    assert "Occult Librarian with a Mean Right Hook" in text
    assert page_sizes(out) == [(612, 792)]


def test_character_file_can_print_as_a_card_or_with_reference_cards(tmp_path):
    path = tmp_path / "thug.fate.json"
    write_character_file(path, samples.minor_npcs()[0])
    assert main(["export", str(path), "--what", "cards", "--paper", "a4", "--out", str(tmp_path / "c.pdf")]) == 0
    assert page_sizes(tmp_path / "c.pdf") == [(842, 595)]
    assert "Cultist Thug" in pdf_text(tmp_path / "c.pdf")
    assert main(["export", str(path), "--what", "pack", "--out", str(tmp_path / "p.pdf")]) == 0
    assert "The ladder" in pdf_text(tmp_path / "p.pdf")


def test_blank_sheet_for_a_rule_set(tmp_path):
    out = tmp_path / "blank.pdf"
    assert main(["export", "--blank", "--ruleset", "fate-core", "--out", str(out), "--paper", "a4"]) == 0
    assert "blank-name" in text_fields(out)
    assert len(checkboxes(out, "-stress-")) == 8  # Fate Core: two tracks of up to four boxes
    assert "FATE CORE" in pdf_text(out)


@pytest.mark.parametrize("printable, expect", [
    ("cheat-sheet", "GM cheat sheet: Fate Core"), ("skill-card", "Overcome:"),
    ("blank-cards", "BLANK COUNTDOWN CARD"), ("trackers", "GM's fate points"), ("aspect-cards", "SITUATION ASPECT"),
])
def test_rule_set_printables_from_the_command_line(tmp_path, printable, expect):
    out = tmp_path / "p.pdf"
    assert main(["export", "--print", printable, "--ruleset", "fate-core", "--out", str(out)]) == 0
    assert expect in pdf_text(out)


def test_a_campaign_s_sheets_include_major_npcs_and_state_in_ink_is_asked_for(tmp_path, campaign_path):
    table, inked = tmp_path / "table.pdf", tmp_path / "inked.pdf"
    assert main(["export", str(campaign_path), "--what", "sheets", "--out", str(table)]) == 0
    assert main(["export", str(campaign_path), "--what", "sheets", "--with-state", "--out", str(inked)]) == 0
    assert "Dean Whitlock" in pdf_text(table)
    assert "Pulled Shoulder" not in pdf_text(table) and "Pulled Shoulder" in pdf_text(inked)


def test_reference_cards_with_optional_rules(tmp_path):
    out = tmp_path / "ref.pdf"
    assert main(["export", "--reference", "--with", "weapon-armor", "--with", "scale", "--out", str(out)]) == 0
    text = pdf_text(out)
    assert "Weapon and Armor" in text and "Scale" in text and "Conditions" not in text


@pytest.mark.parametrize("argv, message", [
    (["export", "--out", "x.pdf"], "give one of PATH, --blank, --reference or --print"),
    (["export", "--blank", "--reference", "--out", "x.pdf"], "give one of PATH"),
    (["export", str(RUTH), "--ruleset", "fate-core", "--out", "x.pdf"], "--ruleset goes with --blank"),
    (["export", str(RUTH), "--scene", "Bridge", "--out", "x.pdf"], "go with a campaign file"),
    (["export", "--blank", "--ruleset", "nope", "--out", "x.pdf"], "unknown rule set 'nope'"),
    (["export", "missing.fate.json", "--out", "x.pdf"], "missing.fate.json: no such file"),
    (["export", "--blank", "--paper", "legal", "--out", "x.pdf"], "invalid choice"),
    (["export", "--blank"], "--out"),
    (["export", str(RUTH), "--what", "scene", "--out", "x.pdf"], "--what scene goes with a campaign file"),
    (["export", "--print", "cheat-sheet", "--blank", "--out", "x.pdf"], "give one of PATH"),
])
def test_bad_usage_exits_2_with_one_line(tmp_path, monkeypatch, capsys, argv, message):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "x.pdf").exists()


def test_unwritable_destination_exits_2(tmp_path, capsys):
    assert main(["export", "--blank", "--out", str(tmp_path / "no" / "such" / "x.pdf")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_broken_character_file_exits_2_and_keeps_the_old_pdf(tmp_path, capsys):
    bad = tmp_path / "bad.fate.json"
    bad.write_text('{"format": "fate-desk/character", "version": 1, "skills": {"Fight": "four"}}')
    out = tmp_path / "old.pdf"
    out.write_bytes(b"old")
    assert main(["export", str(bad), "--out", str(out)]) == 2
    assert "skills.Fight" in capsys.readouterr().err
    assert out.read_bytes() == b"old"


# --- campaign files ----------------------------------------------------------------------

@pytest.fixture
def campaign_path(tmp_path):
    from fate_desk.store.campaign_file import CampaignFile

    path = tmp_path / "forbidden.fatedesk"
    CampaignFile.create(path, samples.sample_campaign()).close()
    return path


def test_campaign_file_prints_the_pack(tmp_path, campaign_path):
    out = tmp_path / "pack.pdf"
    assert main(["export", str(campaign_path), "--out", str(out), "--paper", "a4"]) == 0
    text = pdf_text(out)
    campaign = samples.sample_campaign()
    for pc in ("Ruth", "Zoë «Ζωή» Петрова"):
        assert pc in text
    for item in [*campaign.obstacles, *campaign.countdowns]:
        assert item.name in text
    assert "The ladder" in text and "Weapon and Armor" in text  # the campaign uses Weapon/Armor


def test_campaign_session_pack_has_every_pc_and_only_that_sessions_cards(tmp_path, campaign_path):
    out = tmp_path / "s1.pdf"
    assert main(["export", str(campaign_path), "--session", "1", "--out", str(out)]) == 0
    text = pdf_text(out)
    assert "Ruth" in text and "Zoë" in text
    assert "Nervous Librarian" in text and "Chain Link Fence" in text and "The Ritual Completes" in text
    assert "Distant Sniper" not in text and "Dean Whitlock" not in text


def test_campaign_scene_cards_only(tmp_path, campaign_path):
    out = tmp_path / "bridge.pdf"
    assert main(["export", str(campaign_path), "--what", "cards", "--scene", "The Bridge", "--out", str(out)]) == 0
    text = pdf_text(out)
    assert "Distant Sniper" in text and "Cultist Thug" in text and "The Shoggoth" in text
    assert "Occult Librarian" not in text and "The ladder" not in text


def test_campaign_bundle_prints_too(tmp_path):
    from fate_desk.store.bundle import write_bundle

    path = tmp_path / "shared.fate-campaign.json"
    write_bundle(path, samples.sample_campaign())
    out = tmp_path / "sheets.pdf"
    assert main(["export", str(path), "--what", "sheets", "--out", str(out)]) == 0
    assert "Occult Librarian with a Mean Right Hook" in pdf_text(out)


def test_unknown_scene_exits_2(tmp_path, campaign_path, capsys):
    assert main(["export", str(campaign_path), "--scene", "Moon", "--out", str(tmp_path / "x.pdf")]) == 2
    assert "no scene called 'Moon'" in capsys.readouterr().err


def test_damaged_campaign_file_exits_2(tmp_path, capsys):
    path = tmp_path / "broken.fatedesk"
    path.write_bytes(b"not a database at all")
    assert main(["export", str(path), "--out", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert "broken.fatedesk" in err and "Traceback" not in err


def test_an_exported_pdf_is_readable_like_any_new_file(tmp_path):
    import os
    import stat

    from fate_desk.cli import main

    out = tmp_path / "blank.pdf"
    old = os.umask(0o022)
    try:
        assert main(["export", "--blank", "--out", str(out)]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(out.stat().st_mode) == 0o644


def test_a_character_file_prints_the_reference_cards_of_its_rule_set(tmp_path):
    path = tmp_path / "ivy.fate.json"
    write_character_file(path, samples.fae_pc())
    out = tmp_path / "ref.pdf"
    assert main(["export", str(path), "--what", "reference", "--out", str(out)]) == 0
    text = pdf_text(out)
    assert "The ladder" in text and "Fate Accelerated" in text


@pytest.mark.parametrize("args, said", [
    (["--blank", "--what", "cards"], "--what goes with a character or campaign file, not with --blank"),
    (["--reference", "--what", "sheets"], "--what goes with a character or campaign file, not with --reference"),
    (["--blank", "--with-state"], "--with-state goes with a character or campaign file; --blank prints no one's state"),
    (["--print", "cheat-sheet", "--with-state"], "--with-state goes with a character or campaign file"),
])
def test_options_that_do_not_go_together_are_refused_in_one_accurate_line(tmp_path, capsys, args, said):
    out = tmp_path / "x.pdf"
    assert main(["export", *args, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1
    assert not out.exists()
