"""Issue 43, game packs: a pack's characters leave for Fari on Fari's nearest Fate template with
what the template lacks as Fari's own blocks, and come back into the same pack with no flag; for
Foundry, Atomic Robo's stress tracks have the boxes its modes give, as FateX and FCO draw them.

Fari's templates: farirpgs/fari-app lib/domains/character/character-templates/ (Fate Accelerated/
Fate Accelerated.json: one "Stress" tracker and an "Approaches" section; Fate Core/Fate Core.json:
Physical and Mental trackers worth 1, 2). FateX draws size plus automation (src/module/item/stress/
StressItem.ts, tests/fatex_model.py `boxes_fatex_draws`); FCO draws `boxes` plus its linked skills
(scripts/fcoActor.js `setupTracks`, tests/fco_model.py `boxes_fco_shows`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings

from fate_desk.cli import main
from fate_desk.model import CharacterKind
from fate_desk.rules import check, get_ruleset
from fate_desk.rules.creation.derive import derive
from fate_desk.interop.fari.writing import character_to_fari
from fate_desk.interop.fatex.writing import character_to_fatex
from fate_desk.interop.fco.writing import character_to_fco
from fate_desk.interop.importing import import_document
from fate_desk.store.interchange import read_character_file

from fatex_model import boxes_fatex_draws
from fatex_model import problems as fatex_problems
from fco_model import boxes_fco_shows
from fco_model import problems as fco_problems
from test_interop_roundtrip import characters, kept, through_json

PACKS = Path(__file__).parents[2] / "packs"
SAMPLES = sorted(PACKS.glob("*/sample.fate.json"))
PACK_RULESETS = ("war-of-ashes", "atomic-robo", "toolkit-conditions", "frontier-spirit", "venture-city",
                 "wealth-hack")


def sections(fari: dict) -> dict[str, list[dict]]:
    return {s["label"]: s["blocks"] for row in fari["pages"][0]["rows"] for col in row["columns"]
            for s in col["sections"]}


def back(document: dict, **kw):
    return import_document(json.loads(json.dumps(document)), "x.json", **kw)


def problems_of(character) -> list[str]:
    return [p.code for p in check(character, get_ruleset(character.ruleset)).problems
            if p.severity.value == "error"]


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.parent.name)
def test_every_pack_sample_goes_to_fari_and_comes_back_into_its_pack_without_a_flag(sample):
    character = read_character_file(sample)
    rules = get_ruleset(character.ruleset)
    result = back(character_to_fari(character, rules))
    again = result.characters[0]
    assert again.ruleset == character.ruleset
    assert kept(again) == kept(character) and again.modes == character.modes
    assert derive(again, rules).stress == derive(character, rules).stress
    assert problems_of(again) == problems_of(character) == []
    assert not any("guessed" in line for line in result.warnings)


def test_war_of_ashes_goes_on_fari_s_fate_accelerated_sheet_and_its_stress_is_not_doubled():
    brenna = read_character_file(PACKS / "war-of-ashes" / "sample.fate.json")
    fari = character_to_fari(brenna, get_ruleset("war-of-ashes"))
    assert fari["template"] == "FateAccelerated"
    blocks = sections(fari)
    assert [b["label"] for b in blocks["Stress"]] == ["Stress"] and "Approaches" in blocks
    assert ("Rule set", "War of Ashes (war-of-ashes)") in [(b["label"], b["value"]) for b in blocks["Other"]]
    again = back(fari).characters[0]
    assert again.tracks == [] and set(derive(again, get_ruleset("war-of-ashes")).stress) == {"stress"}


def test_atomic_robo_goes_on_fari_s_fate_core_sheet_with_its_modes_and_checks_clean(tmp_path, capsys):
    source = PACKS / "atomic-robo" / "sample.fate.json"
    ines = read_character_file(source)
    fari = character_to_fari(ines, get_ruleset("atomic-robo"))
    assert fari["template"] == "FateCore"
    assert [(b["type"], b["label"], b["value"]) for b in sections(fari)["Modes"]] == [
        ("Numeric", name, str(rating)) for name, rating in ines.modes.items()]
    out = tmp_path / "ines.fari.json"
    assert main(["export", str(source), "--to", "fari", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "written on Fari's FateCore sheet; the rule set Atomic Robo is named in a block \"Rule set\"" in printed
    assert "the modes written as a section \"Modes\"" in printed
    back_file = tmp_path / "ines.fate.json"
    assert main(["import", str(out), "--out", str(back_file)]) == 0
    again = read_character_file(back_file)
    assert (again.ruleset, again.modes) == ("atomic-robo", ines.modes) and problems_of(again) == []


def test_a_pack_whose_rule_set_is_not_installed_comes_in_on_the_template_and_says_so():
    brenna = read_character_file(PACKS / "war-of-ashes" / "sample.fate.json")
    fari = character_to_fari(brenna, get_ruleset("war-of-ashes"))
    other = sections(fari)["Other"]
    next(b for b in other if b["label"] == "Rule set")["value"] = "Ashen Wastes (ashen-wastes)"
    result = back(fari)
    assert result.characters[0].ruleset == "fate-accelerated"
    assert any("made for the rule set Ashen Wastes (ashen-wastes), which is not installed; read as "
               "Fate Accelerated" in line for line in result.warnings)


@pytest.mark.parametrize("target", ["fatex", "fco"])
def test_atomic_robo_tracks_have_the_boxes_its_modes_give_as_foundry_draws_them(target):
    """Atomic Robo: two boxes, one more for a Fair mode holding the track's skill, two for a Good
    one (packs/atomic-robo/pack.toml): Ines (Action Good, Science Fair) has 4 physical, 3 mental."""
    ines = read_character_file(PACKS / "atomic-robo" / "sample.fate.json")
    rules = get_ruleset("atomic-robo")
    assert derive(ines, rules).stress == {"physical": [1] * 4, "mental": [1] * 3}
    if target == "fatex":
        actor = character_to_fatex(ines, rules)
        assert fatex_problems(actor) == []
        drawn = {i["name"]: boxes_fatex_draws(actor, i) for i in actor["items"] if i["type"] == "stress"}
    else:
        actor = character_to_fco(ines, rules)
        assert fco_problems(actor) == []
        skills = {s["name"]: s["rank"] for s in actor["system"]["skills"].values()}
        drawn = {t["name"]: boxes_fco_shows(t, skills) for t in actor["system"]["tracks"].values() if t["boxes"]}
    assert drawn == {"Physical": 4, "Mental": 3} if target == "fatex" else {"Physical Stress": 4, "Mental Stress": 3}
    actor["flags"] = {}  # what Foundry's own fields alone say
    again = back(actor, ruleset="atomic-robo").characters[0]
    assert again.modes == ines.modes and problems_of(again) == []


pack_settings = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pack_settings
@given(drawn=characters(kinds=(CharacterKind.PC,), rulesets=PACK_RULESETS, conditions=False, with_extras=True,
                        flagged=False, plain=True))
def test_pack_characters_go_to_fari_and_come_back_into_their_pack(drawn):
    character, rules, options = drawn
    # A track named as one of the pack's own (the Wealth hack's Wealth) comes back as the pack has
    # it (test_a_pack_s_own_track_comes_back_whole_from_the_pack); here the player's own tracks.
    assume(not {t.name for t in character.all_tracks(active_only=False)} & {"Wealth"})
    back_again = import_document(through_json(character_to_fari(character, rules, options)), "x.fari.json")
    again = back_again.characters[0]
    assert again.ruleset == character.ruleset
    assert kept(again) == kept(character)


def _toolkit_pc():
    return read_character_file(PACKS / "toolkit-conditions" / "sample.fate.json").model_copy(
        update={"stress": {"wounded": [0], "angry": [0]}})


@pytest.mark.parametrize("target", ["fari", "fatex"])
def test_a_pack_s_own_track_comes_back_whole_from_the_pack(target):
    """Fari's trackers and FateX's stress items hold boxes and marks only; the pack (packs/
    toolkit-conditions/pack.toml) says how Wounded clears, what it absorbs and its notes."""
    mara = _toolkit_pc()
    rules = get_ruleset("toolkit-conditions")
    if target == "fari":
        document = character_to_fari(mara, rules)
    else:
        document = character_to_fatex(mara, rules)
        document["flags"] = {}
    again = back(document, ruleset="toolkit-conditions" if target == "fatex" else None).characters[0]
    by_name = {t.name: t for t in again.tracks}
    wounded = next(t for t in mara.tracks if t.name == "Wounded")
    assert by_name["Wounded"].model_dump(exclude={"id"}) == wounded.model_dump(exclude={"id"})
    assert again.stress[by_name["Wounded"].id] == [0] and again.stress[by_name["Angry"].id] == [0]


def test_the_toolkit_s_wounded_track_stays_a_track_from_fco_without_our_flags():
    """Fate Condensed's Wounded condition has an aspect written when marked; the Toolkit pack's
    Wounded track is boxes alone (aspect "No"): without our flags it is still the track."""
    mara = _toolkit_pc()
    actor = character_to_fco(mara, get_ruleset("toolkit-conditions"))
    assert next(t for t in actor["system"]["tracks"].values() if t["name"] == "Wounded")["aspect"] == "No"
    actor["flags"] = {}
    again = back(actor, ruleset="toolkit-conditions").characters[0]
    assert not again.consequences
    wounded = next(t for t in again.tracks if t.name == "Wounded")
    assert (wounded.boxes, wounded.clears.value) == ([4], "recovery") and again.stress[wounded.id] == [0]


def test_the_wealth_hack_s_sample_goes_to_fari_and_comes_back_with_its_wealth_track():
    from fate_desk.rules.creation.loader import pack_of
    from fate_desk.store.interchange import character_from_dict

    corin = character_from_dict(pack_of("wealth-hack").sample_data[0], "wealth-hack")
    rules = get_ruleset("wealth-hack")
    again = back(character_to_fari(corin, rules)).characters[0]
    assert again.ruleset == "wealth-hack"
    fields = {"name", "boxes", "skill", "levels", "clears", "event"}  # the notes are the pack's
    assert [t.model_dump(include=fields) for t in again.tracks] == [t.model_dump(include=fields) for t in corin.tracks]
    assert derive(again, rules).stress == derive(corin, rules).stress
