"""Installing a game pack against another local user who owns the pack's folder, and against
packs laid out in ways the first install got wrong (issue 45): every file is read once into a
private folder, that copy is what is checked and moved in, all or nothing, and nothing is left
behind. The first install read pack.toml, read it again, then copied it; a second process
swapping the file between those reads won 5 of 5 times."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from fate_desk.paths import packs_dir
from fate_desk.rules.creation.packs import PackError, load_pack
from fate_desk.store.packs import install_pack, tidy_unfinished_installs


def _pack(folder: Path, pack_id: str = "ashes-mine") -> Path:
    """A copy of War of Ashes with an id of its own, as the user guide says to make one."""
    shutil.copytree(packs_dir() / "war-of-ashes", folder)
    for path in folder.iterdir():
        path.write_text(path.read_text(encoding="utf-8").replace('"war-of-ashes"', f'"{pack_id}"'), encoding="utf-8")
    return folder


def _listing(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")) if folder.exists() else []


class Swapper:
    """Another user's process: swaps a file of the pack between two contents (or a file and a
    link) as fast as it can, in a thread, until stopped."""

    def __init__(self, path: Path, good: bytes, bad: bytes | Path):
        self.path, self.good, self.bad = path, good, bad
        self.expected = {path.name: good}  # what an installed copy of this file must hold
        self.stop = threading.Event()
        self.swaps = 0
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _put(self, content) -> None:
        spare = self.path.with_name(self.path.name + ".new")
        if isinstance(content, Path):
            spare.unlink(missing_ok=True)
            os.symlink(content, spare)
        else:
            spare.write_bytes(content)
        os.replace(spare, self.path)  # an atomic swap, as an attacker would do it

    def _run(self) -> None:
        while not self.stop.is_set():
            self._put(self.bad)
            self._put(self.good)
            self.swaps += 1

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join(10)


def _installs_under_attack(source: Path, target: Path, swapper: Swapper, runs: int = 40) -> tuple[int, int]:
    installed = refused = 0
    with swapper:
        for _run in range(runs):
            try:
                install_pack(source, target)
            except PackError:
                refused += 1
            else:
                installed += 1
            # Whatever is installed, after an install or a refusal, is a pack that checks out,
            # byte for byte what the check saw, and nothing but the pack is there.
            if _listing(target):
                load_pack(target / "ashes-mine", shipped=False)
                for name, content in swapper.expected.items():
                    assert (target / "ashes-mine" / name).read_bytes() == content
                assert _listing(target) == ["ashes-mine", "ashes-mine/pack.toml", "ashes-mine/ruleset.toml",
                                            "ashes-mine/sample.fate.json"]
    assert swapper.swaps > runs  # the attacker kept swapping all along
    return installed, refused


def test_a_pack_toml_swapped_while_it_installs_never_installs_what_was_not_checked(tmp_path):
    source = _pack(tmp_path / "theirs")
    good = (source / "pack.toml").read_bytes()
    bad = good.replace(b"cost = { stunt_slots = 1 }", b"cost = { refresh = 5000 }", 1)
    assert bad != good
    target = tmp_path / "mine" / "packs"
    installed, refused = _installs_under_attack(source, target, Swapper(source / "pack.toml", good, bad))
    assert installed and refused  # both contents were met: the race was run, and lost by the attacker


def test_a_sample_swapped_for_a_link_to_another_users_file_is_never_followed(tmp_path):
    source = _pack(tmp_path / "theirs")
    secret = tmp_path / "victims-secret.fate.json"
    secret.write_text('{"format": "fate-desk/character", "version": 1, "name": "SECRET"}', encoding="utf-8")
    good = (source / "sample.fate.json").read_bytes()
    target = tmp_path / "mine" / "packs"
    installed, refused = _installs_under_attack(source, target, Swapper(source / "sample.fate.json", good, secret))
    assert installed + refused == 40
    for path in target.rglob("*"):
        assert path.is_dir() or b"SECRET" not in path.read_bytes()


def test_a_pack_toml_that_is_a_link_out_of_its_folder_is_refused(tmp_path):
    source = _pack(tmp_path / "theirs")
    outside = tmp_path / "elsewhere.toml"
    os.replace(source / "pack.toml", outside)
    os.symlink(outside, source / "pack.toml")
    target = tmp_path / "packs"
    with pytest.raises(PackError, match="theirs/pack.toml: pack.toml: pack.toml is a link; a pack to install holds its own files"):
        install_pack(source, target)
    assert _listing(target) == []


def test_a_pack_whose_files_sit_in_a_sub_folder_installs_whole(tmp_path):
    source = _pack(tmp_path / "theirs")
    (source / "data").mkdir()
    os.replace(source / "ruleset.toml", source / "data" / "ruleset.toml")
    toml = source / "pack.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('ruleset = "ruleset.toml"', 'ruleset = "data/ruleset.toml"'),
                    encoding="utf-8")
    assert load_pack(source).ruleset is not None  # it checks out where it is
    target = tmp_path / "packs"
    pack = install_pack(source, target)
    assert pack.ruleset is not None and pack.ruleset.id == "ashes-mine"
    assert _listing(target) == ["ashes-mine", "ashes-mine/data", "ashes-mine/data/ruleset.toml",
                                "ashes-mine/pack.toml", "ashes-mine/sample.fate.json"]


def test_a_broken_pack_never_replaces_an_installed_copy_and_leaves_nothing_behind(tmp_path):
    target = tmp_path / "packs"
    install_pack(_pack(tmp_path / "v1"), target)
    before = {p: p.read_bytes() for p in target.rglob("*") if p.is_file()}
    broken = _pack(tmp_path / "v2")
    (broken / "sample.fate.json").write_text("{ not json", encoding="utf-8")
    with pytest.raises(PackError, match="samples"):
        install_pack(broken, target)
    missing = _pack(tmp_path / "v3")
    (missing / "ruleset.toml").unlink()
    with pytest.raises(PackError, match=r"v3/pack.toml: ruleset: ruleset.toml: no such file"):
        install_pack(missing, target)
    nul = _pack(tmp_path / "v4")
    toml = nul / "pack.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('ruleset = "ruleset.toml"', 'ruleset = "ruleset.toml\\u0000x"'),
                    encoding="utf-8")
    with pytest.raises(PackError, match="is not a file name"):
        install_pack(nul, target)
    assert {p: p.read_bytes() for p in target.rglob("*") if p.is_file()} == before
    assert not [p for p in target.iterdir() if p.name.startswith(".")]


def test_a_newer_copy_replaces_the_older_one_in_either_form(tmp_path):
    target = tmp_path / "packs"
    install_pack(_pack(tmp_path / "v1"), target)
    single = tmp_path / "ashes.fatepack.toml"
    single.write_text((packs_dir() / "wealth-hack.fatepack.toml").read_text(encoding="utf-8").replace(
        '"wealth-hack"', '"ashes-mine"'), encoding="utf-8")
    install_pack(single, target)
    assert _listing(target) == ["ashes-mine.fatepack.toml"]  # one pack per id, never two


def test_an_install_killed_half_way_is_tidied_by_the_next(tmp_path):
    target = tmp_path / "packs"
    install_pack(_pack(tmp_path / "v1"), target)
    # A process that is gone had moved the installed copy aside and died before moving its own in.
    dead = 2 ** 22 + 12345
    staging = target / f".installing-{dead}-abc"
    (staging / "replaced").mkdir(parents=True)
    os.rename(target / "ashes-mine", staging / "replaced" / "ashes-mine")
    (target / ".old-pack.part").mkdir()
    os.utime(target / ".old-pack.part", (1, 1))
    tidy_unfinished_installs(target)
    assert _listing(target) == ["ashes-mine", "ashes-mine/pack.toml", "ashes-mine/ruleset.toml",
                                "ashes-mine/sample.fate.json"]
