"""The model of extras and custom tracks (Fate Core SRD, "Extras"), and old files still reading."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from fate_desk.model import Character, CustomTrack, Extra, ExtraCost, TrackClears
from fate_desk.store.interchange import character_from_dict, character_to_dict, json_schema

from builders import legal_pc


def test_a_file_written_before_extras_reads_with_none():
    data = {"format": "fate-desk/character", "version": 1, "name": "Ruth", "skills": {"Fight": 4}}
    character = character_from_dict(data)
    assert character.extras == [] and character.tracks == [] and character.modes == {}


def test_an_extra_with_costs_grants_and_a_track_round_trips_through_the_file():
    # Fate Core SRD, Extras, "Super Strength": refresh paid, Weapon:2 on Fight, +2 on raw Physique.
    extra = Extra(
        name="Super Strength", permission="Gamma-Ray Survivor", cost=ExtraCost(refresh=2),
        skill_bonuses={"Physique": 2}, weapon=2,
        tracks=[CustomTrack(id="grit", name="Grit", boxes=[1, 1], clears=TrackClears.SCENE)],
    )
    pc = legal_pc(extras=[extra], tracks=[CustomTrack(id="wealth", name="Wealth", boxes=[1, 1], skill="Resources")])
    again = character_from_dict(json.loads(json.dumps(character_to_dict(pc))))
    assert again == pc


def test_two_tracks_with_one_id_are_refused():
    with pytest.raises(ValidationError, match="share the id"):
        Character(tracks=[CustomTrack(id="a", name="A"), CustomTrack(id="a", name="B")])


@pytest.mark.parametrize("bad", [
    {"refresh": 11}, {"skill_points": 21}, {"stunt_slots": 11}, {"refresh": -1},
])
def test_absurd_extra_costs_are_refused(bad):
    with pytest.raises(ValidationError):
        ExtraCost(**bad)


def test_a_track_of_a_thousand_boxes_is_refused():
    with pytest.raises(ValidationError):
        CustomTrack(id="big", name="Big", boxes=[1] * 1000)


def test_the_schema_describes_extras_and_tracks():
    props = json_schema()["properties"]
    assert "extras" in props and "tracks" in props and "modes" in props


def test_extras_tracks_and_modes_survive_a_trip_through_foundry():
    # Foundry's Fate Core Official sheet has no extras of ours: they ride in our flags, and a
    # custom track goes out as an FCO track (Sticky: it clears by its event) and its marks come back.
    from fate_desk.rules import get_ruleset
    from fate_desk.interop.fco.reading import fco_to_character
    from fate_desk.interop.fco.writing import character_to_fco

    core = get_ruleset("fate-core")
    extra = Extra(name="Rocket Pack", cost=ExtraCost(refresh=1),
                  tracks=[CustomTrack(id="fuel", name="Fuel", boxes=[1, 1, 1], clears=TrackClears.SESSION)])
    wealth = CustomTrack(id="wealth", name="Wealth", boxes=[1, 2], clears=TrackClears.EVENT, event="loot")
    pc = legal_pc(ruleset="fate-core", extras=[extra], tracks=[wealth], stress={"wealth": [1], "fuel": [0, 2]})
    data = character_to_fco(pc, core)
    out = {t["name"]: t for t in data["system"]["tracks"].values()}
    assert out["Wealth"]["recovery_type"] == "Sticky" and out["Fuel"]["recovery_type"] == "Fleeting"
    back, _notes = fco_to_character(json.loads(json.dumps(data)), "pc.json")
    assert back.extras == pc.extras and back.tracks == pc.tracks
    assert back.stress == pc.stress


def test_a_fari_export_writes_extras_in_words_and_custom_tracks_as_trackers():
    from fate_desk.rules import get_ruleset
    from fate_desk.interop.fari.writing import character_to_fari

    extra = Extra(name="Rocket Pack", permission="Test Pilot", cost=ExtraCost(refresh=1), weapon=2)
    pc = legal_pc(extras=[extra], tracks=[CustomTrack(id="wealth", name="Wealth", boxes=[1, 2])])
    data = character_to_fari(pc, get_ruleset("fate-condensed"))
    blocks = [b for sec in data["pages"][0]["rows"][0]["columns"][0]["sections"]
              + data["pages"][0]["rows"][0]["columns"][1]["sections"] for b in sec["blocks"]]
    # Since issue 26 (item 8) an extra is a section of its own, read back as an extra.
    section = next(sec for sec in data["pages"][0]["rows"][0]["columns"][0]["sections"]
                   if sec["label"] == "Extra: Rocket Pack")
    numbers = {b["label"]: b["value"] for b in section["blocks"] if b["type"] == "Numeric"}
    assert numbers == {"Refresh cost": "1", "Weapon": "2"}
    assert any(b["type"] == "SlotTracker" and b["label"] == "Wealth" for b in blocks)
