"""The wheel carries every data folder, and an installed copy finds them in their packaged place."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from hatchling.builders.wheel import WheelBuilder

from fate_desk import paths

ROOT = Path(__file__).resolve().parents[2]
DATA_FOLDERS = ("rules", "packs", "ui", "resources", "docs", "locale")


def shipped_files(folder: str) -> list[str]:
    """Files of a data folder as a checkout has them (no caches, no hidden files)."""
    base = ROOT / folder
    return sorted(
        p.relative_to(base).as_posix() for p in base.rglob("*")
        if p.is_file() and not any(part.startswith(".") or part == "__pycache__"
                                   for part in p.relative_to(base).parts)
    )


# The wheel is built once for the module: every test of it on one worker.
pytestmark = pytest.mark.xdist_group("wheel")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    (built,) = WheelBuilder(str(ROOT)).build(directory=str(out), versions=["standard"])
    return Path(built)


@pytest.fixture(scope="module")
def wheel_names(wheel) -> set[str]:
    with zipfile.ZipFile(wheel) as zf:
        return set(zf.namelist())


@pytest.mark.parametrize("folder", DATA_FOLDERS)
def test_wheel_carries_every_file_of_each_data_folder(wheel_names, folder):
    files = shipped_files(folder)
    assert files, f"{folder}/ is empty in the checkout"
    missing = [f for f in files if f"fate_desk/_data/{folder}/{f}" not in wheel_names]
    assert not missing, f"not in the wheel: {missing}"


def test_wheel_carries_the_user_guide_rule_sets_and_app_icon(wheel_names):
    # The pieces the installed app reaches for first, named so a failure says what broke.
    for name in ("docs/user-guide.md", "rules/fate-condensed.toml", "ui/about.ui",
                 "resources/icons/app/fate-desk-256.png"):
        assert f"fate_desk/_data/{name}" in wheel_names


def test_wheel_installs_the_fate_desk_command(wheel, wheel_names):
    (entry_points,) = [n for n in wheel_names if n.endswith(".dist-info/entry_points.txt")]
    with zipfile.ZipFile(wheel) as zf:
        text = zf.read(entry_points).decode()
    assert re.search(r"^fate-desk = fate_desk\.cli:program$", text, re.M)


def test_wheel_leaves_out_tests_and_packaging(wheel_names):
    tops = {n.split("/", 1)[0] for n in wheel_names}
    assert not tops & {"tests", "installer", "tools", "benchmarks", ".venv"}


def test_installed_copy_finds_its_data_inside_the_package(wheel, tmp_path):
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(tmp_path / "site")
    # -S keeps this checkout (on sys.path through the editable install) out of the way.
    probe = "from fate_desk import paths; print('\\n'.join(str(paths.data_dir(n)) for n in %r))" % (
        DATA_FOLDERS,)
    out = subprocess.run([sys.executable, "-S", "-c", probe], cwd=tmp_path, check=True,
                         capture_output=True, text=True,
                         env={"PYTHONPATH": str(tmp_path / "site")}).stdout.split()
    packaged = tmp_path / "site" / "fate_desk" / "_data"
    assert [Path(p) for p in out] == [packaged / n for n in DATA_FOLDERS]
    assert (packaged / "docs" / "user-guide.md").is_file()


def test_wheel_spec_and_paths_agree_on_the_data_folders():
    # Three places list the data folders; a folder added to one and not the others would be
    # missing from the installed app or the bundle.
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    forced = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert forced == {n: f"fate_desk/_data/{n}" for n in DATA_FOLDERS}
    for name in DATA_FOLDERS:
        assert paths.data_dir(name).is_dir()
    spec = (ROOT / "installer" / "fate-desk.spec").read_text()
    assert re.search(r'for name in \("rules", "packs", "ui", "resources", "docs", "locale"\)', spec)
    with pytest.raises(ValueError):
        paths.data_dir("installer")
