"""Foundry VTT: characters exported for Fate Core Official (FCO) fit FCO's data models and
importer; FCO and FateX actors, as Foundry's Export Data writes them, come in mapped, with
what does not map kept in the notes and reported."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from fate_desk.model import (
    CampaignOptions, Character, CharacterKind, ConditionsMode, Consequence, SlotSpec, Stunt,
)
from fate_desk.rules import get_ruleset
from fate_desk.interop.fco.writing import character_to_fco, tob64
from fate_desk.interop.importing import import_document
from fate_desk.store.interchange import FileFormatError

from builders import legal_pc
from fco_model import boxes_fco_shows, enabled_in_fco, fco_key, problems

DATA = Path(__file__).parents[1] / "data" / "foundry"
CONDENSED, CORE = get_ruleset("fate-condensed"), get_ruleset("fate-core")


def fixture(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def tracks_by_name(actor: dict) -> dict[str, dict]:
    return {t["name"]: t for t in actor["system"]["tracks"].values()}


def test_keys_are_fcos_base64_of_the_name_without_padding():
    assert tob64("Physical Stress") == "UGh5c2ljYWwgU3RyZXNz"
    for name in ("Fight", "Mild Consequence", "Ménage à trois", "龍の牙", "A"):
        assert tob64(name) == fco_key(name) and "=" not in tob64(name)


def test_a_pc_exports_as_an_actor_fcos_models_and_importer_accept():
    pc = legal_pc(stress={"physical": [0]}, consequences=[Consequence(slot="mild", text="Split Lip")])
    actor = character_to_fco(pc, CONDENSED)
    assert problems(actor) == []
    system = actor["system"]
    assert {a["name"]: a["value"] for a in system["aspects"].values()} == {
        "High Concept": "Occult Librarian with a Mean Right Hook", "Trouble": "Curiosity Opens Every Door",
        "Relationship": "Cassandra Owes Me Her Life", "Aspect": "I Have Read the Forbidden Index",
        "Aspect 2": "Knuckles Like Bookends"}
    assert {s["name"]: s["rank"] for s in system["skills"].values()} == pc.skills
    assert system["details"]["fatePoints"] == {"current": 3, "refresh": 3, "boosts": 0}


def test_stress_is_a_fleeting_track_whose_boxes_fco_grows_from_the_skill_as_fate_desk_does():
    pc = legal_pc(skills={"Physique": 3, "Will": 1, "Fight": 4}, stress={"physical": [1, 5]})
    actor = character_to_fco(pc, CONDENSED)
    tracks = tracks_by_name(actor)
    physical, mental = tracks["Physical Stress"], tracks["Mental Stress"]
    assert physical["recovery_type"] == "Fleeting" and physical["aspect"] == "No"
    # Condensed: 3 boxes, 4 at Average, 6 at Good: FCO adds the linked skill's boxes itself.
    assert boxes_fco_shows(physical, pc.skills) == len(physical["box_values"]) == 6
    assert boxes_fco_shows(mental, pc.skills) == len(mental["box_values"]) == 4
    assert [i for i, v in enumerate(physical["box_values"]) if v] == [1, 5]
    assert physical["label"] == "none" and physical["harm_can_absorb"] == 1  # every box absorbs 1


def test_fate_core_stress_boxes_are_escalating():
    pc = legal_pc(ruleset="fate-core", skills={"Physique": 1, "Fight": 4})
    physical = tracks_by_name(character_to_fco(pc, CORE))["Physical Stress"]
    assert physical["label"] == "escalating" and len(physical["box_values"]) == 3


def test_consequences_are_lasting_tracks_whose_aspect_is_written_when_marked():
    pc = legal_pc(skills={"Physique": 5, "Fight": 4},
                  consequences=[Consequence(slot="moderate", text="Cracked Rib"),
                                Consequence(slot="mild_physical", text="Bruised Knuckles")])
    tracks = tracks_by_name(character_to_fco(pc, CONDENSED))
    assert tracks["Moderate Consequence"]["aspect"] == {"name": "Cracked Rib", "when_marked": True, "as_name": False}
    assert tracks["Moderate Consequence"]["harm_can_absorb"] == 4 and tracks["Moderate Consequence"]["boxes"] == 0
    assert tracks["Mild Consequence"]["aspect"]["name"] == ""
    extra = tracks["Mild Physical Consequence"]
    assert extra["aspect"]["name"] == "Bruised Knuckles" and enabled_in_fco(extra, {"Physique": 5})
    assert not enabled_in_fco(extra, {"Physique": 4})  # FCO switches it off if Physique drops
    assert all(t["recovery_type"] == "Lasting" for n, t in tracks.items() if "Consequence" in n)


def test_conditions_become_tracks_with_boxes_and_marks():
    pc = legal_pc(consequences=[Consequence(slot="hurt", text="", boxes_marked=1)])
    options = CampaignOptions(conditions=ConditionsMode.FURTHER_APART)
    actor = character_to_fco(pc, CONDENSED, options)
    assert problems(actor) == []
    tracks = tracks_by_name(actor)
    assert {"Hurt", "Scared", "Injured", "Shaken", "Wounded", "Demoralized"} <= set(tracks)
    assert tracks["Hurt"]["box_values"] == [True, False] and tracks["Hurt"]["harm_can_absorb"] == 1
    assert "Mild Consequence" not in tracks


def test_npcs_and_monsters_export_with_their_own_boxes_and_free_stunts():
    monster = Character(kind=CharacterKind.MONSTER, name="The Drowned Bell", skills={"Fight": 5},
                        stunts=[Stunt(name="Toll", text="Everyone hears it.")],
                        stress_boxes={"physical": [1, 1, 2, 2]}, stress={"physical": [3]},
                        consequence_slots=[SlotSpec(id="mild", severity="mild", value=2)])
    minor = Character(kind=CharacterKind.MINOR_NPC, name="Dock Hand", skills={"Physique": 1})
    for character in (monster, minor):
        assert problems(character_to_fco(character, CONDENSED)) == []
    tracks = tracks_by_name(character_to_fco(monster, CONDENSED))
    assert tracks["Physical Stress"]["box_values"] == [False, False, False, True]
    assert tracks["Physical Stress"]["linked_skills"] == []  # the GM set these boxes; no skill grows them
    assert set(tracks) == {"Physical Stress", "Mild Consequence"}
    stunt = next(iter(character_to_fco(monster, CONDENSED)["system"]["stunts"].values()))
    assert stunt["refresh_cost"] == 0  # NPCs pay no refresh for stunts
    assert character_to_fco(minor, CONDENSED)["system"]["tracks"] == {}


def test_fco_refresh_is_after_stunt_costs_and_comes_back_before_them():
    pc = legal_pc(stunts=[Stunt(name=f"S{i}") for i in range(5)], refresh=4)
    actor = character_to_fco(pc, CONDENSED)
    assert actor["system"]["details"]["fatePoints"]["refresh"] == 2  # 4 - 2 for the 4th and 5th stunt
    assert sum(s["refresh_cost"] for s in actor["system"]["stunts"].values()) == 5  # FCO deducts 3 free
    actor["flags"] = {}  # as if FCO had dropped our flags: the value comes from FCO's own fields
    back = import_document(actor, "x.json").characters[0]
    assert back.refresh == 4


# --- importing Foundry actors ---------------------------------------------------------------

def test_an_fco_export_data_file_imports_by_content_with_its_parts_in_place():
    result = import_document(fixture("fco-wren.json"), "fvtt-Actor-wren.json")
    assert result.source_format == "Foundry actor (Fate Core Official)"
    wren = result.characters[0]
    assert wren.name == "Wren Halloway" and wren.description == "Weathered, quiet, always wet."
    assert [(a.role.value, a.text) for a in wren.aspects] == [
        ("high_concept", "Tide-Scarred Salvage Diver"), ("trouble", "Owes the Harbour Guild"),
        ("relationship", "Keeps Maren Out of Trouble"), ("free", "Knows Every Wreck by Name")]
    assert wren.skills["Notice"] == 4 and "Academics" not in wren.skills  # Mediocre is left out
    assert [s.name for s in wren.stunts] == ["Deep Breath", "Salvage Eye", "Hook and Line", "Reads the Water"]
    assert wren.stress == {"physical": [0, 3], "indebted": [0, 1]}
    assert [(c.slot, c.text, c.recovering) for c in wren.consequences] == [
        ("mild", "Rope Burn", False), ("severe", "Half-Drowned", True)]
    assert (wren.refresh, wren.fate_points) == (3, 2)  # FCO's 2 plus the fourth stunt's cost


def test_what_fco_has_but_fate_desk_does_not_is_kept_in_the_notes_and_reported():
    result = import_document(fixture("fco-wren.json"), "wren.json")
    wren = result.characters[0]
    assert wren.notes.startswith("Owes Captain Hale a favour.")
    for kept in ("Biography: Grew up on the salvage barges.", "Pronouns: she/her",
                 "Stunt Deep Breath: linked to Athletics, bonus +2", "Due at the next full moon"):
        assert kept in wren.notes
    # FCO's own extra item and the player's own track have places of their own now (issue 26, 8).
    assert [(e.name, e.description) for e in wren.extras] == [
        ("Grandfather's Compass", "Always points to the nearest wreck.")]
    indebted = wren.tracks[0]
    assert (indebted.name, len(indebted.boxes), indebted.clears.value) == ("Indebted", 5, "event")
    assert wren.stress["indebted"] == [0, 1]
    summary = "\n".join(result.warnings)
    assert "4 aspects, 10 skills, 4 stunts, 2 stress tracks, 2 consequences" in summary
    assert "kept in the notes: Pronouns, Biography" in summary


def test_a_fatex_actor_maps_its_items_and_reads_stress_as_a_bit_mask():
    result = import_document(fixture("fatex-bram.json"), "fvtt-Actor-bram.json")
    assert result.source_format == "Foundry actor (FateX)"
    bram = result.characters[0]
    assert [a.text for a in bram.aspects] == ["Hedge Knight Without a Lord", "Sworn to a Dead Man",
                                               "Scar Across the Jaw"]
    assert bram.skills == {"Fight": 4, "Physique": 3, "Will": 2, "Riding": 2}
    assert bram.stress["physical"] == [0, 2]  # value 5 = boxes 1 and 3
    assert [(c.slot, c.text) for c in bram.consequences] == [("mild", "Twisted Ankle")]
    assert (bram.fate_points, bram.refresh) == (1, 3)
    assert bram.description == "Third son of a miller."
    assert [(e.name, e.description) for e in bram.extras] == [("Warhorse Ashfoot", "Old, stubborn, fearless.")]
    assert "Aspect Scar Across the Jaw (description): From the war." in bram.notes
    # A stress item not the rule set's is a track of the player's own (issue 26, item 8).
    assert [(t.name, len(t.boxes)) for t in bram.tracks] == [("Wealth", 2)]
    assert len(bram.stress[bram.tracks[0].id]) == 1


def test_newer_foundry_exports_name_the_system_in_stats_only():
    data = fixture("fatex-bram.json")
    del data["flags"]["exportSource"]
    data["_stats"]["exportSource"] = {"worldId": "w", "uuid": "Actor.x", "coreVersion": "12.331",
                                      "systemId": "fatex", "systemVersion": "4.0.0"}
    assert import_document(data, "x.json").source_format == "Foundry actor (FateX)"


def test_a_fatex_npc_comes_in_as_a_major_npc_with_its_own_stress_boxes():
    """An NPC may have tracks the rule set lacks: its Wealth track is its own, with its mark."""
    data = fixture("fatex-bram.json")
    data["type"] = "npc"
    result = import_document(data, "x.json")
    npc = result.characters[0]
    assert npc.kind == CharacterKind.MAJOR_NPC
    assert npc.stress_boxes == {"physical": [1] * 6, "mental": [1] * 4, "Wealth": [1, 1]}
    assert len(npc.stress["Wealth"]) == 1
    assert any("major NPC" in w for w in result.warnings)


@pytest.mark.parametrize("change, expected", [
    (lambda d: d.update(type="Thing"), "type: this Fate Core Official document is an item container"),
    (lambda d: d["system"].update(skills=[1, 2]), "system.skills.0: expected a JSON object, got the number 1"),
    (lambda d: d["system"]["details"]["fatePoints"].update(current="lots"),
     "system.details.fatePoints.current: expected a whole number, got 'lots'"),
    (lambda d: d["system"].update(tracks="none"), "system.tracks: expected a JSON object"),
])
def test_broken_fco_actors_are_refused_with_one_line_naming_the_field(change, expected):
    data = fixture("fco-wren.json")
    change(data)
    with pytest.raises(FileFormatError) as caught:
        import_document(data, "bad.json")
    assert expected in str(caught.value) and "\n" not in str(caught.value)


def test_an_actor_of_another_foundry_system_is_refused_by_name():
    data = {"name": "Aragorn", "type": "character", "system": {"abilities": {}}, "items": [{"type": "weapon"}],
            "_stats": {"systemId": "dnd5e"}}
    with pytest.raises(FileFormatError, match="a Foundry document of a system Fate Desk does not read"):
        import_document(data, "x.json")


def test_our_own_flags_bring_back_what_fco_has_no_field_for():
    pc = legal_pc(kind=CharacterKind.MAJOR_NPC, saved_skill_points=2, carried_fate_points=4)
    back = import_document(copy.deepcopy(character_to_fco(pc, CONDENSED)), "x.json").characters[0]
    assert (back.id, back.kind, back.saved_skill_points, back.carried_fate_points) == (pc.id, pc.kind, 2, 4)
