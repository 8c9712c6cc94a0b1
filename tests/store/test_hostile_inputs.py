"""Every subcommand against hostile files: exit 2, one line, no traceback, the input untouched.

Each run is a real `python -m fate_desk` process bounded by a subprocess timeout (a hang fails
the test instead of stalling the suite).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hostile_files import (
    make_campaign_files, make_foundry_files, make_json_files, make_special_files, make_surrogate_files,
)

TIMEOUT_S = 30  # generous for a loaded machine; the commands answer in about a second


def run_cli(*args: str, cwd: Path | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fate_desk", *args], capture_output=True, timeout=TIMEOUT_S,
                          cwd=cwd, env=env)


def digest(path: Path) -> str | None:
    if not path.is_file() or path.is_symlink() or not os.path.isfile(os.path.realpath(path)):
        return None
    return hashlib.sha256(path.read_bytes()).hexdigest()


def assert_one_line_refusal(done: subprocess.CompletedProcess) -> str:
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, (done.returncode, err, done.stdout)
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def commands_for(path: Path, out: Path) -> list[tuple[str, ...]]:
    return [
        ("check", str(path)),
        ("import", str(path), "--out", str(out / "x.fate.json")),
        ("import", str(path), "--into", str(out / "new.fatedesk")),
        ("export", str(path), "--out", str(out / "x.pdf")),
        ("export", str(path), "--to", "foundry-fco", "--out", str(out / "x.json")),
        ("export", str(path), "--to", "fatex", "--out", str(out / "x-fatex.json")),
        ("export", str(path), "--to", "fari", "--out", str(out / "x.fari.json")),
    ]


EXPORTS = ("x.fate.json", "new.fatedesk", "x.pdf", "x.json", "x-fatex.json", "x.fari.json")


HOSTILE = ["json", "campaign", "special"]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    return {**make_json_files(folder), **make_campaign_files(folder), **make_special_files(folder)}


def _names() -> list[str]:
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        return sorted({**make_json_files(folder), **make_campaign_files(folder),
                       **make_special_files(folder)})


@pytest.mark.parametrize("name", _names())
def test_every_command_refuses_a_hostile_file_with_one_line_and_leaves_it_alone(hostile, name, tmp_path):
    path = hostile[name]
    before = digest(path)
    for command in commands_for(path, tmp_path):
        line = assert_one_line_refusal(run_cli(*command))
        assert path.name in line or "fate-desk" in line, line
        assert digest(path) == before, command
        assert [name for name in EXPORTS if (tmp_path / name).exists()] == [], command


def _foundry_names() -> list[str]:
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        return sorted(make_foundry_files(Path(scratch)))


@pytest.fixture(scope="module")
def foundry(tmp_path_factory):
    return make_foundry_files(tmp_path_factory.mktemp("foundry"))


@pytest.mark.parametrize("name", _foundry_names())
def test_hostile_foundry_actors_are_refused_with_one_line_or_come_in_clean(foundry, name, tmp_path):
    from fate_desk.store.interchange import read_character_file

    path = foundry[name]
    before = digest(path)
    for command in commands_for(path, tmp_path):
        target = Path(command[-1]) if command[0] != "check" else None
        done = run_cli(*command)
        assert b"Traceback" not in done.stderr, command
        assert digest(path) == before, command
        if done.returncode == 0 and target is not None:
            if target.name == "x.fate.json":
                character = read_character_file(target)  # what came in is a valid character file
                character.model_dump_json().encode("utf-8")  # no lone surrogate survived to fail this
            target.unlink()
            continue
        assert_one_line_refusal(done)
        assert target is None or not target.exists(), command


def test_lone_surrogates_in_foundry_item_names_become_replacement_characters(foundry, tmp_path):
    from fate_desk.store.interchange import read_character_file

    for name in ("fco-lone-surrogates.json", "fatex-lone-surrogates.json"):
        out = tmp_path / f"{name}.fate.json"
        done = run_cli("import", str(foundry[name]), "--out", str(out))
        assert done.returncode == 0, done.stderr
        character = read_character_file(out)
        assert any("\ufffd" in s.name for s in character.stunts), name
        assert all("\ufffd" in skill for skill in character.skills), name


def test_a_refused_old_layout_file_is_not_upgraded_on_disk(hostile):
    path = hostile["layout0-bad.fatedesk"]
    head = path.read_bytes()[60:64]
    assert_one_line_refusal(run_cli("import", str(path), "--into", str(path.parent / "n.fatedesk")))
    assert path.read_bytes()[60:64] == head == b"\0\0\0\0"  # still file version 0


@pytest.fixture
def files(tmp_path):
    campaign = tmp_path / "c.fatedesk"
    ruth = tmp_path / "ruth.fate.json"
    sample = Path(__file__).parents[1] / "data" / "sample.fate-campaign.json"
    assert run_cli("import", str(sample), "--into", str(campaign)).returncode == 0
    assert run_cli("import", str(sample), "--out", str(tmp_path / "sample-copy.fate-campaign.json")).returncode == 0
    out = tmp_path / "chars"
    out.mkdir()
    assert run_cli("import", str(campaign), "--out", str(out)).returncode == 0
    (out / "Ruth.fate.json").rename(ruth)
    pdf = tmp_path / "locked.pdf"
    assert run_cli("export", "--blank", "--out", str(pdf)).returncode == 0
    pdf.chmod(0o444)
    return {"campaign": campaign, "ruth": ruth, "pdf": pdf, "folder": out}


def test_out_never_writes_over_the_input_a_campaign_or_another_kind(files, tmp_path):
    campaign, ruth, pdf = files["campaign"], files["ruth"], files["pdf"]
    long_name = "a" * 300
    cases = [
        ("export", str(campaign), "--out", str(campaign)),
        ("export", str(ruth), "--out", str(campaign)),
        ("export", str(ruth), "--out", str(campaign), "--force"),
        ("export", str(ruth), "--out", str(ruth), "--force"),
        ("export", str(ruth), "--out", str(tmp_path / "sample-copy.fate-campaign.json")),
        ("export", str(ruth), "--out", str(pdf)),
        ("export", str(ruth), "--out", str(tmp_path / f"{long_name}.pdf")),
        ("schema", "--out", str(campaign)),
        ("schema", "--out", str(ruth)),
        ("schema", "--out", str(tmp_path / "missing" / "s.json")),
        ("schema", "--out", str(files["folder"])),
        ("schema", "--out", str(tmp_path / long_name)),
        ("schema", "--out", "/proc/version"),
        ("import", str(ruth), "--out", str(campaign), "--force"),
        ("import", str(ruth), "--out", str(ruth), "--force"),
        ("import", str(ruth), "--out", ""),
        ("import", str(ruth), "--out", str(tmp_path / f"{long_name}.fate.json")),
        ("import", str(ruth), "--into", str(tmp_path / f"{long_name}.fatedesk")),
        ("import", str(ruth), "--into", str(ruth)),
        ("import", str(campaign), "--into", str(campaign)),
    ]
    keep = [campaign, ruth, pdf, tmp_path / "sample-copy.fate-campaign.json"]
    before = {p: digest(p) for p in keep}
    for case in cases:
        assert_one_line_refusal(run_cli(*case))
        assert {p: digest(p) for p in keep} == before, case


def test_force_replaces_a_file_of_another_kind_but_a_pdf_over_a_pdf_needs_no_force(files, tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n")
    refused = assert_one_line_refusal(run_cli("export", str(files["ruth"]), "--out", str(other)))
    assert "--force" in refused
    assert run_cli("export", str(files["ruth"]), "--out", str(other), "--force").returncode == 0
    assert other.read_bytes().startswith(b"%PDF-")
    again = tmp_path / "again.pdf"
    assert run_cli("export", str(files["ruth"]), "--out", str(again)).returncode == 0
    assert run_cli("export", str(files["ruth"]), "--out", str(again)).returncode == 0


def test_a_misspelled_command_is_a_usage_error_and_never_starts_the_app():
    env = dict(os.environ)
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("DISPLAY", None)
    line = assert_one_line_refusal(run_cli("exprot", "x.fatedesk", env=env))
    assert "'exprot' is not a command" in line and "export" in line


def test_file_names_that_are_not_utf8_print_escaped_with_a_strict_stdout(tmp_path):
    name = os.fsdecode(b"caf\xe9.fate.json")
    path = tmp_path / name
    path.write_text("{not json")
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict", LC_ALL="C.UTF-8")
    line = assert_one_line_refusal(run_cli("check", str(path), env=env))
    assert "caf" in line and "not valid JSON" in line


def test_user_rule_files_that_are_broken_are_skipped_by_name(tmp_path):
    rules = tmp_path / "data" / "rules"
    rules.mkdir(parents=True)
    os.mkfifo(rules / "fifo.toml")
    os.symlink("/dev/zero", rules / "zero.toml")
    (rules / "deep.toml").write_text("a = " + "[" * 500 + "]" * 500 + "\n")
    shipped = (Path(__file__).parents[2] / "rules" / "fate-condensed.toml").read_text()
    (rules / "huge.toml").write_text(shipped.replace('"fate-condensed"', '"huge"').replace("at = 3,", "at = 1e18,"))
    env = dict(os.environ, FATE_DESK_DATA_DIR=str(tmp_path / "data"))
    done = run_cli("rulesets", env=env)
    assert done.returncode == 0
    err = done.stderr.decode()
    assert "Traceback" not in err
    for name in ("fifo.toml", "zero.toml", "deep.toml", "huge.toml"):
        assert sum(name in line for line in err.splitlines()) == 1, (name, err)
    assert b"fate-condensed" in done.stdout
    # The other commands run as usual beside the broken files.
    checked = run_cli("export", "--blank", "--out", str(tmp_path / "blank.pdf"), env=env)
    assert checked.returncode == 0, checked.stderr


def test_a_read_only_pdf_is_kept_by_the_pdf_writer(tmp_path):
    from fate_desk.printing.output import ExportError, replace_on_success

    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(b"%PDF-1.4 mine")
    pdf.chmod(0o444)
    with pytest.raises(ExportError, match="is read-only"):
        with replace_on_success(pdf) as tmp:
            tmp.write_bytes(b"%PDF-1.4 new")
    assert pdf.read_bytes() == b"%PDF-1.4 mine"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_lone_surrogates_are_shown_as_replacement_characters_and_the_file_is_left_alone(tmp_path):
    from fate_desk.store.interchange import read_character_file

    files = make_surrogate_files(tmp_path)
    ruth = files["lone-surrogate.fate.json"]
    before = digest(ruth)
    checked = run_cli("check", str(ruth))
    assert checked.returncode in (0, 1) and b"Traceback" not in checked.stderr
    assert "Ruth \ufffd" in checked.stdout.decode("utf-8")
    out = tmp_path / "clean.fate.json"
    done = run_cli("import", str(ruth), "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert b"lone surrogates" in done.stdout
    assert read_character_file(out).name == "Ruth \ufffd"
    assert run_cli("import", str(files["surrogate-key.fate.json"]), "--into", str(tmp_path / "c.fatedesk")).returncode == 0
    assert digest(ruth) == before



def test_a_lone_surrogate_escaped_in_capitals_is_replaced_as_one_in_small_letters_is(tmp_path):
    """Other programs write their escapes in capitals (\\uD800): the import looks for both
    before it decides there is nothing to clean. A proper pair, in either case, stays whole."""
    import json

    from fate_desk.interop.importing import import_characters
    from fate_desk.model import Character
    from fate_desk.store.interchange import character_to_dict

    text = json.dumps(character_to_dict(Character(name="Ruth")))
    for escape, pair in (("\\uD800", "\\uD83D\\uDE00"), ("\\uDfFf", "\\ud83d\\uDE00")):
        path = tmp_path / "ruth.fate.json"
        path.write_text(text.replace('"Ruth"', f'"Ruth {escape} {pair}"'), encoding="utf-8")
        result = import_characters(path)
        assert result.characters[0].name == "Ruth \ufffd \U0001F600"
        assert sum("lone surrogates" in line for line in result.warnings) == 1  # said once, not once a walk


# --- a full disk and a read-only file system (issue 11, item 10) ----------------------------------

@pytest.fixture
def small_tmpfs(tmp_path):
    """A 64 kB tmpfs of its own, or a skip where mounting is not allowed (not root, no mount)."""
    mount_point = tmp_path / "small"
    mount_point.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mount_point)],
                          capture_output=True, timeout=TIMEOUT_S)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.decode(errors='replace').strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], capture_output=True, timeout=TIMEOUT_S)


def _fill(folder: Path) -> None:
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        pass  # full
    finally:
        os.close(fd)


def _remount_read_only(folder: Path) -> None:
    done = subprocess.run(["mount", "-o", "remount,ro", str(folder)], capture_output=True, timeout=TIMEOUT_S)
    if done.returncode != 0:
        pytest.skip("cannot remount the tmpfs read-only here")


def test_schema_out_on_a_full_disk_is_one_line_and_leaves_no_partial_file(small_tmpfs):
    _fill(small_tmpfs)
    line = assert_one_line_refusal(run_cli("schema", "--out", str(small_tmpfs / "schema.json")))
    assert "schema.json" in line and "No space left on device" in line
    assert sorted(p.name for p in small_tmpfs.iterdir()) == ["filler"]


def test_import_into_a_new_campaign_on_a_full_disk_is_one_line(small_tmpfs):
    _fill(small_tmpfs)
    sample = Path(__file__).parents[1] / "data" / "sample.fate-campaign.json"
    line = assert_one_line_refusal(run_cli("import", str(sample), "--into", str(small_tmpfs / "new.fatedesk")))
    assert "new.fatedesk" in line
    assert sorted(p.name for p in small_tmpfs.iterdir()) == ["filler"]


def test_import_into_a_new_campaign_on_a_read_only_file_system_is_one_line(small_tmpfs):
    _remount_read_only(small_tmpfs)
    sample = Path(__file__).parents[1] / "data" / "sample.fate-campaign.json"
    line = assert_one_line_refusal(run_cli("import", str(sample), "--into", str(small_tmpfs / "new.fatedesk")))
    assert f"{small_tmpfs / 'new.fatedesk'}: could not be written (Read-only file system)" in line
    assert list(small_tmpfs.iterdir()) == []


def test_export_for_fari_on_a_read_only_file_system_is_one_line(small_tmpfs):
    _remount_read_only(small_tmpfs)
    sample = Path(__file__).parents[1] / "data" / "sample.fate-campaign.json"
    line = assert_one_line_refusal(run_cli("export", str(sample), "--to", "fari", "--out", str(small_tmpfs / "f")))
    assert "Read-only file system" in line
    assert list(small_tmpfs.iterdir()) == []


# The same two failures where no tmpfs can be mounted: the OS call that fails on a full disk or
# a read-only file system is made to fail in-process, at the layer that meets it.

def test_schema_out_when_the_disk_fills_during_the_write_is_one_line(tmp_path, monkeypatch, capsys):
    import errno

    from fate_desk.cli import main
    from fate_desk.store import atomic

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)
    assert main(["schema", "--out", str(tmp_path / "schema.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "schema.json: could not be written (No space left on device)" in err
    assert list(tmp_path.iterdir()) == []


def test_import_into_new_when_the_file_system_is_read_only_is_one_line(tmp_path, monkeypatch, capsys):
    import errno
    import sqlite3

    from fate_desk.cli import main

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(Path, "unlink", read_only)  # the first write CampaignFile.create makes
    monkeypatch.setattr(sqlite3, "connect", read_only)
    sample = Path(__file__).parents[1] / "data" / "sample.fate-campaign.json"
    assert main(["import", str(sample), "--into", str(tmp_path / "new.fatedesk")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "new.fatedesk: could not be written (Read-only file system)" in err
    assert list(tmp_path.iterdir()) == []
