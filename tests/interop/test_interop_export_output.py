"""`fate-desk export PATH --to foundry-fco|fari --out OUT` writes under the same rules as every
other command's --out (fate_desk/cli/output.py): never over the input, a campaign file, a
folder, a pipe or a device, or a read-only file; over another kind of file only with --force;
and, for exports, never over an existing export either unless --force is given. Each refusal
is one line and exit 2, with the file left as it was."""

from __future__ import annotations

import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from fate_desk.cli import main

from test_interop_cli import one_line_error, ruth_file  # noqa: F401  (ruth_file is a fixture)

SAMPLE = Path(__file__).parents[1] / "data" / "sample.fate-campaign.json"


def refusal(capsys) -> str:
    err = one_line_error(capsys)
    assert err.startswith("fate-desk export: ")
    return err


@pytest.fixture
def ruth(ruth_file) -> Path:
    return ruth_file


def export(ruth: Path, out, to: str = "fari", *extra: str) -> int:
    return main(["export", str(ruth), "--to", to, "--out", str(out), *extra])


@pytest.mark.parametrize("to, name", [("fari", "ruth.fari.json"), ("foundry-fco", "ruth.json")])
def test_an_existing_export_is_replaced_only_with_force(tmp_path, ruth, capsys, to, name):
    out = tmp_path / name
    assert export(ruth, out, to) == 0
    first = out.read_bytes()
    os.utime(out, (0, 0))
    assert export(ruth, out, to) == 2
    assert "already exists; use --force to replace it" in refusal(capsys)
    assert out.read_bytes() == first and out.stat().st_mtime == 0
    assert export(ruth, out, to, "--force") == 0
    assert out.stat().st_mtime > 0


def test_another_kind_of_file_is_replaced_only_with_force(tmp_path, ruth, capsys):
    out = tmp_path / "ruth.fari.json"
    out.write_text('{"format": "fate-desk/character"}', encoding="utf-8")
    assert export(ruth, out) == 2
    assert "is a character file, not a Fari file; use --force" in refusal(capsys)
    assert export(ruth, out, "fari", "--force") == 0
    assert '"fariType": "character"' in out.read_text(encoding="utf-8")


def test_a_campaign_file_is_never_written_over_even_with_force(tmp_path, ruth, capsys):
    out = tmp_path / "harbour.fari.json"  # the name says Fari; the content is a campaign
    sqlite3.connect(out).execute("CREATE TABLE t (x)").connection.commit()
    before = out.read_bytes()
    assert export(ruth, out, "fari", "--force") == 2
    assert "is a campaign file" in refusal(capsys)
    assert out.read_bytes() == before


def test_the_input_is_never_written_over_even_with_force(tmp_path, capsys):
    actor = tmp_path / "wren.json"
    shutil.copy(Path(__file__).parents[1] / "data" / "foundry" / "fco-wren.json", actor)
    before = actor.read_bytes()
    assert main(["export", str(actor), "--to", "foundry-fco", "--out", str(actor), "--force"]) == 2
    assert "is the file being " in refusal(capsys)
    assert actor.read_bytes() == before


def test_a_read_only_export_is_refused_even_with_force(tmp_path, ruth, capsys):
    out = tmp_path / "ruth.fari.json"
    assert export(ruth, out) == 0
    out.chmod(0o444)
    before = out.read_bytes()
    assert export(ruth, out, "fari", "--force") == 2
    assert "is read-only" in refusal(capsys)
    assert out.read_bytes() == before


def test_a_fifo_is_refused_at_once(tmp_path, ruth, capsys):
    out = tmp_path / "ruth.fari.json"
    os.mkfifo(out)
    assert export(ruth, out, "fari", "--force") == 2
    assert "is not an ordinary file" in refusal(capsys)


def test_a_device_is_refused(tmp_path, ruth, capsys):
    link = tmp_path / "ruth.fari.json"
    link.symlink_to("/dev/null")
    assert export(ruth, link, "fari", "--force") == 2
    assert "is not an ordinary file" in refusal(capsys)
    assert link.is_symlink()


def test_a_folder_where_a_campaigns_file_would_go_is_refused(tmp_path, capsys):
    out = tmp_path / "for-fari"
    out.mkdir()
    (out / "Madame-Vex.fari.json").mkdir()
    assert main(["export", str(SAMPLE), "--to", "fari", "--out", str(out), "--force"]) == 2
    assert "is a folder" in refusal(capsys)
    assert [p.name for p in out.iterdir()] == ["Madame-Vex.fari.json"]


def test_an_empty_output_name_is_refused(tmp_path, ruth, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert export(ruth, "") == 2
    assert "the output name is empty" in refusal(capsys)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ruth.fate.json"]


def test_with_force_a_campaign_export_replaces_earlier_exports_in_its_folder(tmp_path, capsys):
    out = tmp_path / "for-fari"
    assert main(["export", str(SAMPLE), "--to", "fari", "--out", str(out)]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert main(["export", str(SAMPLE), "--to", "fari", "--out", str(out)]) == 2
    assert "already exists" in refusal(capsys)
    assert main(["export", str(SAMPLE), "--to", "fari", "--out", str(out), "--force"]) == 0
    assert sorted(p.name for p in out.iterdir()) == names
