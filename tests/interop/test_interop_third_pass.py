"""Issue 43, the smaller defects, each in the other tool's own shape: Fari's plain names and ids
(farirpgs/fari-app lib/domains/character/types.tsx, lib/hooks/useScene/IScene.ts), Fate Core
Official's refresh check (scripts/fcoCharacter.js `_prepareContext`), its Dresden Files Accelerated
defaults (lang/en.json `DresdenFilesAcceleratedDefaultTracks`), its linked skills (scripts/
fcoActor.js `setupTracks`) and its settings and defaults exports (scripts/fcoConstants.js
`exportSettings`, scripts/FateCharacterDefaults.js `exportDefaults`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fate_desk.cli import main
from fate_desk.model import Extra, ExtraCost
from fate_desk.rules import check, get_ruleset
from fate_desk.rules.creation.derive import derive
from fate_desk.rules.creation.loader import pack_of
from fate_desk.interop.fco.writing import character_to_fco
from fate_desk.interop.importing import import_characters, import_document
from fate_desk.store.campaign_file import load_campaign
from fate_desk.store.interchange import FileFormatError, character_from_dict

from builders import legal_pc
from fco_model import boxes_fco_shows
from fco_model import problems as fco_problems
from tool_data import fco_actor, fco_track, tob64

DATA = Path(__file__).parents[1] / "data"
NELL = DATA / "fari" / "v6-nell.fari.json"


def back(document: dict, **kw):
    return import_document(json.loads(json.dumps(document, ensure_ascii=False)), "x.json", **kw)


def errors(character) -> list[str]:
    return [p.message for p in check(character, get_ruleset(character.ruleset)).problems
            if p.severity.value == "error"]


# --- Fari keeps names as typed: plain text ------------------------------------------------------

def test_a_fari_name_with_angle_brackets_is_a_name_not_markup():
    sheet = json.loads(NELL.read_text(encoding="utf-8"))
    sheet["name"] = "Tom <The Hammer> Jones & Co"
    assert back(sheet).characters[0].name == "Tom <The Hammer> Jones & Co"
    scene = {"fariType": "scene", "id": "s1", "name": "Fight at <The Anchor>", "indexCards": {"public": [], "private": []}}
    assert back(scene).scenes[0].name == "Fight at <The Anchor>"


# --- a single Fari scene file ------------------------------------------------------------------

SCENE = {"fariType": "scene", "id": "scene-quay", "name": "The Quay", "group": "Harbour",
         "indexCards": {"public": [{"id": "c1", "title": "Slick <b>Planks</b>", "content": "Rain all night"}],
                        "private": [{"id": "c2", "title": "Hidden Smugglers", "content": ""}]},
         "notes": "Start at dusk."}


def test_a_single_fari_scene_goes_into_a_campaign_and_a_second_import_adds_nothing(tmp_path, capsys):
    path = tmp_path / "quay.fari.json"
    path.write_text(json.dumps(SCENE), encoding="utf-8")
    target = tmp_path / "harbour.fatedesk"
    assert main(["import", str(path), "--into", str(target)]) == 0
    out = capsys.readouterr().out
    assert "scene The Quay: from Fari, 2 aspects (1 only the GM sees)" in out
    scene = load_campaign(target).scenes[0]
    assert [a.text for a in scene.aspects] == ["Slick Planks", "Hidden Smugglers"]
    assert scene.notes.startswith("Start at dusk.") and "Fari group: Harbour" in scene.notes
    assert main(["import", str(path), "--into", str(target)]) == 0
    assert "every entry was already there" in capsys.readouterr().out
    assert len(load_campaign(target).scenes) == 1


def test_a_single_fari_scene_to_a_character_file_says_to_use_into(tmp_path, capsys):
    path = tmp_path / "quay.fari.json"
    path.write_text(json.dumps(SCENE), encoding="utf-8")
    assert main(["import", str(path), "--out", str(tmp_path / "quay.fate.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("holds 1 scene and no characters; add it to a campaign with --into CAMPAIGN")
    assert "\n" not in err and not (tmp_path / "quay.fate.json").exists()


# --- a Fari id longer than Fate Desk keeps ------------------------------------------------------

def test_a_fari_id_longer_than_64_characters_is_not_added_again_on_the_next_import(tmp_path, capsys):
    library = json.loads((DATA / "fari" / "library.fari.json").read_text(encoding="utf-8"))
    library["characters"][0]["id"] = "x" * 100
    library["scenes"][0]["id"] = "y" * 300
    path = tmp_path / "long.fari.json"
    path.write_text(json.dumps(library), encoding="utf-8")
    target = tmp_path / "harbour.fatedesk"
    assert main(["import", str(path), "--into", str(target)]) == 0
    first = load_campaign(target)
    assert main(["import", str(path), "--into", str(target)]) == 0
    assert "every entry was already there" in capsys.readouterr().out
    again = load_campaign(target)
    assert (len(again.characters), len(again.scenes)) == (len(first.characters), len(first.scenes))


# --- Fate Core Official's refresh: a free stunt not taken pays for an extra ---------------------

def _extra_item(refresh: int) -> dict:
    return {"_id": "a1b2c3d4e5f60718", "name": "Warhorse", "type": "Extra",
            "system": {"description": {"value": "A loyal horse"}, "permissions": "Knight", "costs": "",
                       "refresh": refresh, "active": True, "aspects": {}, "skills": {}, "stunts": {}, "tracks": {}}}


def test_an_fco_pc_with_a_free_stunt_not_taken_and_a_one_refresh_extra_has_the_game_s_refresh():
    """FCO's sheet counts 2 stunts − 3 free + 1 for the extra = 0 spent: refresh 3 adds up to the
    world's 3, so FCO accepts the sheet; Fate Desk takes its refresh as 3, not 4."""
    tracks = [fco_track("Physical Stress", 3, recovery_type="Fleeting", aspect="No", harm_can_absorb=1),
              fco_track("Mental Stress", 3, recovery_type="Fleeting", aspect="No", harm_can_absorb=1)]
    actor = fco_actor(tracks, {"Academics": 2, "Fight": 3}, {"High Concept": "Knight Errant"}, stunts=2)
    actor["items"] = [_extra_item(1)]
    actor["system"]["details"]["fatePoints"]["refresh"] = 3
    knight = back(actor).characters[0]
    assert knight.refresh == 3 and knight.extras[0].cost.refresh == 1
    assert not [e for e in errors(knight) if "refresh" in e.casefold()]


def test_a_fate_desk_pc_with_an_extra_still_round_trips_its_refresh_without_our_flags():
    ruth = legal_pc(stunts=legal_pc().stunts[:2], extras=[Extra(name="Warhorse", cost=ExtraCost(refresh=1))])
    actor = character_to_fco(ruth, get_ruleset("fate-condensed"))
    actor["flags"] = {}
    assert back(actor, ruleset="fate-condensed").characters[0].refresh == ruth.refresh


# --- Dresden Files Accelerated's conditions marked without an aspect ---------------------------

def test_dfa_s_doomed_and_in_peril_marked_without_text_come_in_as_consequences():
    """FCO's DFA defaults: Doomed (1 box, absorbs 6) and In Peril (1 box, absorbs 4), aspects
    written when marked; a GM ticks the box and writes nothing."""
    aspect = {"name": "", "when_marked": True, "as_name": False}
    tracks = [fco_track("Stress", 6, recovery_type="Fleeting", aspect="No", harm_can_absorb=1),
              fco_track("Doomed", 1, recovery_type="Lasting", aspect=dict(aspect), harm_can_absorb=6,
                         box_values=[True]),
              fco_track("In Peril", 1, recovery_type="Sticky", aspect=dict(aspect), harm_can_absorb=4,
                         box_values=[True]),
              fco_track("Indebted", 5, recovery_type="Sticky", aspect="No", box_values=[True, True] + [False] * 3)]
    skills = {"Flair": 2, "Focus": 1, "Force": 3, "Guile": 0, "Haste": 1, "Intellect": 2}
    result = back(fco_actor(tracks, skills, {"High Concept": "Wizard for Hire"}))
    harry = result.characters[0]
    assert sorted((c.slot, c.text) for c in harry.consequences) == [("moderate", "In Peril"), ("severe", "Doomed")]
    assert any('track "Doomed" was marked without an aspect' in line for line in result.warnings)
    indebted = next(t for t in harry.tracks if t.name == "Indebted")
    assert harry.stress[indebted.id] == [0, 1]


# --- skill-grown tracks as FCO's linked skills -------------------------------------------------

def test_wealth_grows_with_resources_in_fco_as_its_linked_skills_say():
    corin = character_from_dict(pack_of("wealth-hack").sample_data[0], "wealth-hack")
    rules = get_ruleset("wealth-hack")
    corin = corin.model_copy(update={"stress": {"wealth": [3]}})
    actor = character_to_fco(corin, rules)
    assert fco_problems(actor) == []
    wealth = actor["system"]["tracks"][tob64("Wealth")]
    assert (wealth["boxes"], wealth["label"]) == (2, "escalating")
    assert wealth["linked_skills"] == [
        {"linked_skill": "Resources", "rank": 1, "boxes": 1, "enables": False},
        {"linked_skill": "Resources", "rank": 3, "boxes": 1, "enables": False}]
    # FCO grows it itself: Resources Great (+4) reaches both ranks.
    assert boxes_fco_shows(wealth, {"Resources": 4}) == len(derive(corin, rules).stress["wealth"]) == 4
    actor["flags"] = {}
    again = back(actor, ruleset="wealth-hack").characters[0]
    track = again.tracks[0]
    assert (track.boxes, track.skill, [(lv.at, lv.add) for lv in track.levels]) == (
        [1, 2], "Resources", [(1, [3]), (3, [4])])
    assert again.stress[track.id] == [3]


# --- Fate Core Official's settings and defaults exports -----------------------------------------

SETTINGS = {"stunts": {}, "skills": {"Fight": {"name": "Fight", "rank": 0}}, "skillTotal": 20,
            "tracks": {"Physical Stress": {"name": "Physical Stress", "boxes": 3}}, "aspects": {},
            "freeStunts": 3, "refreshTotal": 3, "track_categories": {}, "defaults": {}}
DEFAULTS = {"hero": {"default_name": "Hero", "default_description": "", "stunts": {}, "tracks": {},
                     "skills": {}, "aspects": {}, "extras": []},
            "thug": {"default_name": "Thug", "default_description": "", "stunts": {}, "tracks": {},
                     "skills": {}, "aspects": {}, "extras": []}}


@pytest.mark.parametrize("document, says", [
    (SETTINGS, "this is Fate Core Official's export of a world's settings"),
    (DEFAULTS, "this is Fate Core Official's export of character defaults (Hero, Thug)"),
])
def test_fco_s_settings_and_defaults_exports_are_refused_saying_what_they_are(tmp_path, capsys, document, says):
    path = tmp_path / "fco.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(FileFormatError) as caught:
        import_characters(path)
    assert says in str(caught.value) and "nothing was imported" in str(caught.value)
    assert main(["import", str(path), "--into", str(tmp_path / "c.fatedesk")]) == 2
    err = capsys.readouterr().err.strip()
    assert says in err and "\n" not in err and not (tmp_path / "c.fatedesk").exists()
