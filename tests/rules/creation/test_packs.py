"""Game packs: the shipped ones load, carry their licence, and their sample characters check clean
against their own SRDs' rules; hostile pack files are refused with one line; the CLI lists and
checks them; a pack installs into the user's folder."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from fate_desk.cli import main
from fate_desk.model import Character
from fate_desk.paths import packs_dir
from fate_desk.rules import check, load_catalog
from fate_desk.rules.creation.derive import derive
from fate_desk.rules.creation.extras import effective_rating
from fate_desk.rules.creation.packs import PackError, library, load_pack, search
from fate_desk.store.packs import install_pack, pack_samples

SHIPPED = ["atomic-robo", "fate-core-stunts", "frontier-spirit", "toolkit-conditions", "venture-city",
           "war-of-ashes", "wealth-hack"]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _sample(catalog, pack_id) -> Character:
    return pack_samples(catalog.packs[pack_id])[0]


def test_every_shipped_pack_loads_with_its_licence_and_a_description(catalog):
    assert catalog.problems == []
    assert sorted(catalog.packs) == SHIPPED
    for pack in catalog.packs.values():
        assert "Creative Commons Attribution 3.0" in pack.licence and "Evil Hat Productions" in pack.licence
        assert len(pack.description) > 80 and pack.source


@pytest.mark.parametrize("pack_id", [p for p in SHIPPED if p != "fate-core-stunts"])
def test_each_packs_sample_character_checks_clean(catalog, pack_id):
    sample = _sample(catalog, pack_id)
    result = check(sample, catalog.get(sample.ruleset))
    assert result.problems == [], [p.message for p in result.problems]


# --- the SRDs' own examples -------------------------------------------------------------------


def test_atomic_robo_reinforced_skills_rise_through_their_modes(catalog):
    # Atomic Robo RPG SRD, "Reinforced Skills": Good Action, Fair Science, Average Intrigue; Notice
    # is in all three, so Superb (+5); Athletics is in Action and Intrigue, so Great (+4).
    robo = catalog.get("atomic-robo")
    pc = Character(ruleset="atomic-robo", modes={"Action": 3, "Science": 2, "Intrigue": 1})
    assert effective_rating(pc, "Notice", robo) == 5
    assert effective_rating(pc, "Athletics", robo) == 4
    assert effective_rating(pc, "Burglary", robo) == 1
    assert effective_rating(pc, "Rapport", robo) == 0  # Banter is not one of its modes


@pytest.mark.parametrize("pack_id", [p for p in SHIPPED if p != "fate-core-stunts"])
def test_the_parts_of_each_rating_add_up_to_what_the_dice_roll(catalog, pack_id):
    """What the sheet shows of a skill (its row, through its mode, and the extras' part) agrees
    with the rating rolled, for every pack's sample, an extra's bonus and a mode-rated skill."""
    from fate_desk.model import Extra
    from fate_desk.rules.creation.extras import effective_ratings, skill_parts

    sample = _sample(catalog, pack_id)
    ruleset = catalog.get(sample.ruleset)
    boosted = sample.model_copy(update={"extras": [*sample.extras, Extra(name="Lucky Charm",
                                                                         skill_bonuses={ruleset.skills[0]: 1})]})
    for pc in (sample, boosted):
        parts = skill_parts(pc, ruleset)
        played = {k: p.played for k, p in parts.items() if p.played}
        assert played == effective_ratings(pc, ruleset)
    lucky = skill_parts(boosted, ruleset)[ruleset.skills[0]]
    assert ("Lucky Charm", 1) in lucky.bonuses and lucky.played == lucky.sheet + 1 + (
        lucky.granted[1] - lucky.sheet if lucky.granted else 0) + sum(b for n, b in lucky.bonuses if n != "Lucky Charm")


def test_atomic_robo_modes_give_stress_boxes(catalog):
    # Atomic Robo RPG SRD, "Modes and Stress": two boxes each; a Fair mode with a track's skill
    # adds one, a Good mode two.
    pc = _sample(catalog, "atomic-robo")
    assert derive(pc, catalog.get("atomic-robo")).stress == {"physical": [1, 1, 1, 1], "mental": [1, 1, 1]}


def test_atomic_robo_skill_past_specialized_and_overspent_points_are_errors(catalog):
    robo = catalog.get("atomic-robo")
    pc = _sample(catalog, "atomic-robo")
    too_high = pc.model_copy(update={"skills": {**pc.skills, "Combat": 6}})
    assert "modes.above" in check(too_high, robo).codes()
    # Specializing six more sciences (3 points each) goes past the 9 points the modes leave.
    spent = pc.model_copy(update={"skills": {**pc.skills, "Physics": 4, "Biology": 4, "Chemistry": 4}})
    messages = [p.message for p in check(spent, robo).problems if p.code == "modes.points"]
    assert messages and "leave 9 of the 30" in messages[0]
    outside = pc.model_copy(update={"skills": {**pc.skills, "Rapport": 2}})
    assert "modes.skill" in check(outside, robo).codes()


def test_toolkit_conditions_soak_fourteen_shifts(catalog):
    # Fate System Toolkit SRD, "Conditions": 1 per fleeting, 2 per sticky, 4 per lasting: 14 in all.
    pack = catalog.packs["toolkit-conditions"]
    assert sum(sum(t.boxes) for t in pack.tracks) == 14
    kinds = {t.name: t.clears.value for t in pack.tracks}
    assert kinds == {"Angry": "scene", "Frightened": "scene", "Exhausted": "event", "Hungry": "event",
                     "Wounded": "recovery", "Broken": "recovery"}


def test_venture_city_power_of_seven_stunts_costs_one_refresh(catalog):
    # Venture City SRD, "Making Your Character and Powers": three bonus stunts for powers on top of
    # Fate Core's three free ones; Miles's seventh stunt of power is bought with refresh.
    pc = _sample(catalog, "venture-city")
    derived = derive(pc, catalog.get("venture-city"))
    assert derived.refresh == 2 and derived.free_stunts_left == 0


def test_wealth_track_is_linked_to_resources(catalog):
    # Fate System Toolkit SRD, "Wealth": two boxes to start; here Resources adds the rest.
    pc = _sample(catalog, "wealth-hack")
    rules = catalog.get("wealth-hack")
    assert derive(pc, rules).stress["wealth"] == [1, 2, 3, 4]
    poorer = pc.model_copy(update={"skills": {**pc.skills, "Resources": 1, "Burglary": 4}})
    assert derive(poorer, rules).stress["wealth"] == [1, 2, 3]


def test_the_library_finds_stunts_by_word(catalog):
    entries = library(list(catalog.packs.values()))
    found = search(entries, "lock")
    assert any(e.title == "Lock Whisperer" for e in found)
    assert {e.item.skill for e in search(entries, "", "stunt") if e.pack == "Fate Core example stunts"} >= {
        "Athletics", "Will", "Resources"}
    assert search(entries, "rocket zebra") == []


def test_a_bundle_brings_the_extras_it_includes(catalog):
    names = [e.name for e in catalog.packs["venture-city"].bundle("master-flight")]
    assert names == ["Master Flight", "Basic Flight"]


# --- hostile packs ----------------------------------------------------------------------------


def _copy(tmp_path: Path, pack_id: str = "war-of-ashes") -> Path:
    folder = tmp_path / "packs" / pack_id
    shutil.copytree(packs_dir() / pack_id, folder)
    return folder


def _edit(folder: Path, old: str, new: str) -> None:
    path = folder / "pack.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("old,new,expected", [
    ("cost = { stunt_slots = 1 }", "cost = { refresh = 5000 }", "extras[0].cost.refresh"),
    ('id = "two-handed-axe"', 'id = "two-handed-axe"\ntracks = [{ id = "t", name = "T", boxes = [' + "1, " * 500 + '1] }]',
     "extras[0].tracks[0].boxes"),
    ('id = "round-buckler"', 'id = "round-buckler"\nincludes = ["fathers-helmet"]', None),
    ('id = "two-handed-axe"', 'id = "two-handed-axe"\nskills = { Swordplay = 2 }', "extras[0].skills: 'Swordplay'"),
    ('licence = "', 'licence = "x" #', "licence"),
])
def test_a_hostile_pack_is_refused_with_one_line_naming_file_and_field(tmp_path, old, new, expected):
    folder = _copy(tmp_path)
    _edit(folder, old, new)
    if expected is None:  # a circle: the helmet includes the buckler, which includes the helmet
        _edit(folder, 'id = "fathers-helmet"', 'id = "fathers-helmet"\nincludes = ["round-buckler"]')
        expected = "extras.includes: the extras include one another in a circle"
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    message = str(caught.value)
    assert "\n" not in message and message.startswith("war-of-ashes/pack.toml: ") and expected in message


def test_a_huge_library_is_refused(tmp_path):
    folder = _copy(tmp_path)
    with open(folder / "pack.toml", "a") as handle:
        handle.write('\n[[stunts]]\nname = "x"\n' * 1001)
    with pytest.raises(PackError, match="stunts: List should have at most 1000 items"):
        load_pack(folder)


def test_a_sample_linked_out_of_the_pack_folder_is_refused(tmp_path):
    folder = _copy(tmp_path)
    outside = tmp_path / "secret.fate.json"
    outside.write_text("{}")
    (folder / "sample.fate.json").unlink()
    os.symlink(outside, folder / "sample.fate.json")
    with pytest.raises(PackError, match="samples\\[0\\]: sample.fate.json leads out of the pack's folder"):
        load_pack(folder)
    _edit(folder, 'samples = ["sample.fate.json"]', 'samples = ["../secret.fate.json"]')
    with pytest.raises(PackError, match="must be a file name inside the pack's folder"):
        load_pack(folder)


def test_a_broken_pack_is_skipped_and_the_others_still_load(tmp_path):
    user = tmp_path / "packs"
    _edit(_copy(tmp_path, "war-of-ashes"), "cost = { stunt_slots = 1 }", "cost = { stunt_slots = 99 }")
    (user / "mine").mkdir()
    (user / "mine" / "pack.toml").write_text("this is = = not toml")
    catalog = load_catalog(user_packs=user)
    assert len(catalog.problems) == 2
    assert all(p.startswith("Ignored your pack ") and f"(in {user})" in p and "\n" not in p for p in catalog.problems)
    assert "atomic-robo" in catalog.packs and "fate-core" in catalog.rulesets


# --- the command line and installing ----------------------------------------------------------


def test_rulesets_lists_the_packs(capsys):
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    for pack_id in SHIPPED:
        assert pack_id in out
    assert "fate-core-stunts: Fate Core example stunts: library only: 36 stunts" in out


def test_check_checks_every_packs_characters(capsys):
    assert main(["check", "--packs"]) == 0
    out = capsys.readouterr().out
    assert out.count("no problems") == len(SHIPPED) - 1


def test_check_of_a_broken_pack_exits_two_with_one_line(capsys, tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "cost = { stunt_slots = 1 }", "cost = { refresh = 5000 }")
    assert main(["check", str(folder)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "extras[0].cost.refresh" in err


def _own_id(folder: Path, new_id: str) -> Path:
    """The copied pack made the user's own, as docs/rulesets.md says: a new id everywhere."""
    for path in folder.iterdir():
        path.write_text(path.read_text(encoding="utf-8").replace('"war-of-ashes"', f'"{new_id}"'), encoding="utf-8")
    return folder


def test_installing_a_pack_copies_it_into_the_users_folder(user_data, tmp_path):
    pack = install_pack(_own_id(_copy(tmp_path), "ashes-mine"))
    assert pack.id == "ashes-mine" and not pack.shipped
    assert (user_data / "packs" / "ashes-mine" / "pack.toml").is_file()
    single = tmp_path / "mine.fatepack.toml"
    single.write_text((packs_dir() / "wealth-hack.fatepack.toml").read_text(encoding="utf-8").replace(
        '"wealth-hack"', '"wealth-mine"'), encoding="utf-8")
    installed = install_pack(single)
    assert (user_data / "packs" / "wealth-mine.fatepack.toml").is_file() and installed.ruleset is not None
    assert sorted(p.name for p in (user_data / "packs").iterdir()) == ["ashes-mine", "wealth-mine.fatepack.toml"]


def test_a_copy_of_a_shipped_pack_keeping_its_id_is_refused(user_data, tmp_path):
    with pytest.raises(PackError, match="war-of-ashes/pack.toml: id: 'war-of-ashes' is the id of a rule set or pack"):
        install_pack(_copy(tmp_path))
    assert not any((user_data / "packs").iterdir())


def test_installing_a_broken_pack_copies_nothing(user_data, tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "cost = { stunt_slots = 1 }", "cost = { refresh = 5000 }")
    with pytest.raises(PackError):
        install_pack(folder)
    assert not (user_data / "packs").exists() or not any((user_data / "packs").iterdir())


def test_atomic_robo_milestone_skill_points_improve_skills_too(catalog):
    # Atomic Robo RPG SRD, "Improving Skills Within Modes": skill points from an appropriate
    # milestone focus or specialize skills as creation's excess points do.
    from fate_desk.model import HistoryEntry

    robo = catalog.get("atomic-robo")
    pc = _sample(catalog, "atomic-robo")
    # 9 points left after the modes; Robotics took 3. Six more sciences at Great (+4) cost 3 each.
    over = pc.model_copy(update={"skills": {**pc.skills, "Physics": 4, "Biology": 4, "Chemistry": 3}})
    assert "modes.points" in check(over, robo).codes()  # 3 + 3 + 3 + 1 = 10 > 9
    grown = over.model_copy(update={"advancement": [HistoryEntry(kind="significant milestone")]})
    assert "modes.points" not in check(grown, robo).codes()


def test_a_pack_toml_linked_from_outside_the_folder_is_refused(tmp_path):
    folder = _copy(tmp_path)
    outside = tmp_path / "elsewhere.toml"
    outside.write_text((folder / "pack.toml").read_text())
    (folder / "pack.toml").unlink()
    os.symlink(outside, folder / "pack.toml")
    with pytest.raises(PackError, match="pack.toml: pack.toml leads out of the pack's folder"):
        load_pack(folder)
