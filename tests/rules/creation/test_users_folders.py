"""One bad file in the user's folders never stops the rest (issue 45): a pack naming a file with a
NUL in it, a folder nobody may read inside the packs folder, a byte-order mark, milestones that
include one another in a circle, a stress level off the ladder and a 500 KB track name. Each is
set aside with one line that says which file, what is wrong and that it was ignored; every
other rule set and pack loads, and the commands that list and check them say the line."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from fate_desk.paths import packs_dir, rules_dir
from fate_desk.rules import load_catalog
from fate_desk.rules.creation.loader import RuleSetError, load_ruleset_file
from fate_desk.rules.creation.packs import PackError, load_pack

SHIPPED_PACKS = {"atomic-robo", "fate-core-stunts", "frontier-spirit", "toolkit-conditions", "venture-city",
                 "war-of-ashes", "wealth-hack"}


def _pack_copy(folder: Path, new_id: str, source: str = "war-of-ashes") -> Path:
    target = folder / new_id
    shutil.copytree(packs_dir() / source, target)
    for name in ("pack.toml", "ruleset.toml"):
        text = (target / name).read_text(encoding="utf-8")
        (target / name).write_text(text.replace(f'id = "{source}"', f'id = "{new_id}"', 1), encoding="utf-8")
    sample = target / "sample.fate.json"
    sample.write_text(sample.read_text(encoding="utf-8").replace(f'"{source}"', f'"{new_id}"'), encoding="utf-8")
    return target


def _rules_copy(folder: Path, new_id: str, edit=lambda text: text) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    text = (rules_dir() / "fate-core.toml").read_text(encoding="utf-8").replace('id = "fate-core"', f'id = "{new_id}"')
    path = folder / f"{new_id}.toml"
    path.write_text(edit(text), encoding="utf-8")
    return path


@pytest.fixture
def nul_pack(user_data):
    """A user's pack whose pack.toml names its rule set "ruleset.toml\\u0000x", beside a good one."""
    packs = user_data / "packs"
    packs.mkdir()
    bad = _pack_copy(packs, "nul-pack")
    toml = bad / "pack.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('ruleset = "ruleset.toml"', 'ruleset = "ruleset.toml\\u0000x"'),
                    encoding="utf-8")
    _pack_copy(packs, "good-pack")
    return packs


def test_a_pack_naming_a_file_with_a_nul_is_refused_with_one_line():
    with pytest.raises(PackError) as caught:
        folder = _pack_copy(Path(os.environ["FATE_DESK_DATA_DIR"]), "nul-pack")
        toml = folder / "pack.toml"
        toml.write_text(toml.read_text().replace('ruleset = "ruleset.toml"', 'ruleset = "ruleset.toml\\u0000x"'))
        load_pack(folder)
    message = str(caught.value)
    assert message == "nul-pack/pack.toml: ruleset: 'ruleset.toml\\x00x' is not a file name (it holds a control character)"


def test_a_pack_with_a_nul_is_set_aside_and_every_other_pack_loads(nul_pack):
    catalog = load_catalog(user_packs=nul_pack)
    assert set(catalog.packs) == SHIPPED_PACKS | {"good-pack"}
    assert catalog.problems == [
        f"Ignored your pack nul-pack/pack.toml (in {nul_pack}): ruleset: 'ruleset.toml\\x00x' is not a file name "
        "(it holds a control character)"]


def _command(*args: str) -> subprocess.CompletedProcess:
    """A fresh `fate-desk` reading this test's user folder (the catalog is read once per run)."""
    return subprocess.run([sys.executable, "-m", "fate_desk", *args], capture_output=True, text=True, timeout=120,
                          env=os.environ | {"PYTHONWARNINGS": "ignore"}, check=False)


def test_rulesets_and_check_packs_say_the_line_and_go_on(nul_pack):
    listed = _command("rulesets")
    assert listed.returncode == 0
    assert "good-pack (yours)" in listed.stdout and "atomic-robo" in listed.stdout
    assert listed.stderr.count("\n") == 1 and "Ignored your pack nul-pack/pack.toml" in listed.stderr
    # The pack that could not be read could not be checked: said, and the exit status says so.
    checked = _command("check", "--packs")
    assert checked.returncode == 2
    assert checked.stdout.count("no problems") == len(SHIPPED_PACKS)  # every sample, the good copy's too
    assert "Ignored your pack nul-pack/pack.toml" in checked.stderr and "Traceback" not in checked.stderr


def _load_as_another_user(packs: Path) -> dict:
    """The catalog as a user who may not enter `packs/locked` sees it. Root may enter anything,
    so as root the loading runs in a child process that has given up root for `nobody`."""
    if os.geteuid() != 0:
        catalog = load_catalog(user=packs.parent / "rules", user_packs=packs)
        return {"packs": sorted(catalog.packs), "problems": catalog.problems}
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child
        try:
            os.close(read)
            os.setegid(65534)
            os.seteuid(65534)
            catalog = load_catalog(user=packs.parent / "rules", user_packs=packs)
            os.write(write, json.dumps({"packs": sorted(catalog.packs), "problems": catalog.problems}).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    os.waitpid(child, 0)
    return json.loads(data)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="switching users as on Linux and macOS")
def test_a_folder_nobody_may_read_hides_no_other_pack():
    # In the shared temporary folder, which the other user may enter (pytest's is the test's own).
    home = Path(tempfile.mkdtemp(prefix="fate-desk-test-"))
    packs = home / "packs"
    packs.mkdir()
    _pack_copy(packs, "good-pack")
    (packs / "locked").mkdir()
    for folder in (home, packs):
        folder.chmod(0o755)
    (packs / "locked").chmod(0o000)
    try:
        seen = _load_as_another_user(packs)
    finally:
        (packs / "locked").chmod(0o755)
        shutil.rmtree(home)
    assert set(seen["packs"]) == SHIPPED_PACKS | {"good-pack"}
    assert seen["problems"] == [f"Ignored your pack locked (in {packs}): cannot be read (Permission denied)"]


def test_pack_and_rule_set_files_with_a_byte_order_mark_are_read(tmp_path):
    packs = tmp_path / "packs"
    packs.mkdir()
    folder = _pack_copy(packs, "bom-pack")
    for name in ("pack.toml", "ruleset.toml"):
        (folder / name).write_bytes(b"\xef\xbb\xbf" + (folder / name).read_bytes())
    single = (packs_dir() / "wealth-hack.fatepack.toml").read_text(encoding="utf-8")
    (packs / "bom-single.fatepack.toml").write_text(
        "\ufeff" + single.replace('id = "wealth-hack"', 'id = "bom-single"').replace('ruleset = "wealth-hack"', 'ruleset = "bom-single"'),
        encoding="utf-8")
    rules = _rules_copy(tmp_path / "rules", "bom-rules")
    rules.write_bytes(b"\xef\xbb\xbf" + rules.read_bytes())
    catalog = load_catalog(user=tmp_path / "rules", user_packs=packs)
    assert catalog.problems == []
    assert {"bom-pack", "bom-single", "bom-rules"} <= set(catalog.rulesets)


def test_hidden_entries_in_the_packs_folder_are_left_alone(tmp_path):
    # An unfinished install's folder or a sync tool's file: never a pack, never a line at start.
    packs = tmp_path / "packs"
    (packs / ".good-pack.part").mkdir(parents=True)
    (packs / ".good-pack.part" / "pack.toml").write_text("not = = toml")
    (packs / ".sync.fatepack.toml").write_text("not = = toml")
    catalog = load_catalog(user_packs=packs)
    assert catalog.problems == [] and set(catalog.packs) == SHIPPED_PACKS


# --- rule sets that used to be listed and then stop their campaigns -----------------------------


def _circle(text: str) -> str:
    return text.replace('[advancement.grants.minor]\nlabel = "Minor milestone"',
                        '[advancement.grants.minor]\nlabel = "Minor milestone"\nincludes = ["major"]')


def test_milestones_that_include_one_another_in_a_circle_are_refused_naming_them(tmp_path):
    # A plausible typo: the minor milestone includes the major one, which includes the
    # significant, which includes the minor. Totalling any of them would never end.
    path = _rules_copy(tmp_path, "circle", _circle)
    assert 'includes = ["major"]' in path.read_text()
    with pytest.raises(RuleSetError) as caught:
        load_ruleset_file(path)
    assert str(caught.value) == ("circle.toml: advancement: the milestones include one another "
                                 "in a circle (minor → major → significant → minor)")


@pytest.mark.parametrize("edit,expected", [
    (lambda t: t.replace("{ at = 3, boxes = [1, 2, 3, 4] },", "{ at = 3, boxes = [1, 2, 3, 4] },\n  { at = 25, boxes = [1, 2, 3, 4, 5] },", 1),
     "stress.tracks[0].levels[3].at: Input should be less than or equal to 20 (got 25)"),
    (lambda t: t.replace('name = "Physical"', 'name = "' + "P" * 500_000 + '"', 1),
     "stress.tracks[0].name: String should have at most 80 characters"),
])
def test_a_rule_set_no_sheet_could_print_is_refused_when_read(tmp_path, edit, expected):
    # A level at Legendary (+8) and beyond is on the ladder; a rating of 25 no skill may have,
    # and a 500 KB track name kept the reference cards printing for minutes.
    path = _rules_copy(tmp_path, "odd", edit)
    with pytest.raises(RuleSetError) as caught:
        load_ruleset_file(path)
    assert expected in str(caught.value) and "\n" not in str(caught.value)
