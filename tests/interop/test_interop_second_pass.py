"""Issue 26, the interop second pass: each defect as a user meets it, in the other tool's own
shape. Fari's shape is farirpgs/fari-app lib/domains/character/types.tsx (blocks' labels and
values are HTML, shown through its ContentEditable); FCO's is Sk1mble/fate-core-official
scripts/FateCoreOfficialModels.js and scripts/fcoCharacter.js (tests/fco_model.py); FateX's is
anvil-vtt/FateX system/template.json at commit 8f5ce44 (tests/fatex_model.py)."""

from __future__ import annotations

import json

from fate_desk.cli import main
from fate_desk.model import (
    Aspect, AspectRole, CampaignOptions, Character, CharacterKind, Consequence, RuleBreak, SlotSpec, Stunt,
)
from fate_desk.rules import get_ruleset
from fate_desk.interop.fari.writing import character_to_fari
from fate_desk.interop.fatex.writing import character_to_fatex
from fate_desk.interop.fco.writing import character_to_fco
from fate_desk.interop.importing import import_characters, import_document
from fate_desk.store.interchange import write_character_file

from builders import legal_pc
from fatex_model import problems as fatex_problems
from fco_model import problems as fco_problems

CONDENSED = get_ruleset("fate-condensed")
CORE = get_ruleset("fate-core")


def blocks(fari: dict) -> list[dict]:
    return [b for row in fari["pages"][0]["rows"] for col in row["columns"] for s in col["sections"]
            for b in s["blocks"]]


def sections(fari: dict) -> dict[str, list[dict]]:
    return {s["label"]: s["blocks"] for row in fari["pages"][0]["rows"] for col in row["columns"]
            for s in col["sections"]}


def back(document: dict, **kw) -> Character:
    return import_document(json.loads(json.dumps(document)), "x.json", **kw).characters[0]


# --- 1. Fari escapes what it shows as HTML, and the import unescapes the same fields ----------

def test_a_skill_with_markup_in_its_name_is_escaped_for_fari_and_comes_back_whole():
    """Blocks are HTML in Fari; the character's name is plain text (issue 43)."""
    ruth = legal_pc(name="<b>Ruth</b> & Co", skills={"Guns <Heavy>": 3, "Fight": 2})
    fari = character_to_fari(ruth, CONDENSED)
    skill = next(b for b in blocks(fari) if b["type"] == "Skill" and "Guns" in b["label"])
    assert skill["label"] == "Guns &lt;Heavy&gt;"  # Fari's ContentEditable shows it as typed
    assert fari["name"] == "<b>Ruth</b> & Co"
    again = back(fari)
    assert again.skills == {"Guns <Heavy>": 3, "Fight": 2} and again.name == "<b>Ruth</b> & Co"


# --- 2. an NPC's own named tracks travel both ways with FCO ----------------------------------

def test_an_npcs_own_guard_and_morale_tracks_come_back_from_fco_as_tracks():
    boss = Character(kind=CharacterKind.MAJOR_NPC, name="Harbour Boss", stress_boxes={
        "physical": [1, 1], "Guard": [1, 1, 1], "Morale": [2, 2]}, stress={"Guard": [1], "Morale": [0]})
    actor = character_to_fco(boss, CONDENSED)
    names = {t["name"] for t in actor["system"]["tracks"].values()}
    assert {"Guard", "Morale", "Physical Stress"} <= names
    assert fco_problems(actor) == []
    again = back(actor)
    assert again.stress_boxes == boss.stress_boxes and again.stress == boss.stress
    assert "Track Guard" not in again.notes


# --- 3. FCO's refresh override when the refresh is not the world's ----------------------------

def test_a_pc_with_refresh_4_exports_fcos_refresh_override_switched_on_and_says_so(tmp_path, capsys):
    """fcoCharacter.js compares refresh plus spent refresh with the override's refresh when it is
    on, else with the world's refreshTotal (3): a refresh of 4 after a major milestone would
    make FCO say on every render that the sheet doesn't add up."""
    ruth = legal_pc(refresh=4, stunts=[Stunt(name=f"Trick {n}", text="x") for n in "ABCD"])
    actor = character_to_fco(ruth, CONDENSED)
    assert actor["system"]["override"] == {"active": True, "refresh": 4, "skillPoints": 0}
    spent = sum(s["refresh_cost"] for s in actor["system"]["stunts"].values()) - 3
    assert actor["system"]["details"]["fatePoints"]["refresh"] + spent == actor["system"]["override"]["refresh"]
    assert character_to_fco(legal_pc(), CONDENSED)["system"]["override"]["active"] is False
    source = tmp_path / "ruth.fate.json"
    write_character_file(source, ruth)
    assert main(["export", str(source), "--to", "foundry-fco", "--out", str(tmp_path / "ruth.json")]) == 0
    assert "note: Ruth: refresh 4 is not Fate Core Official's world default of 3; written as the actor's " \
           "refresh override (switched on)" in capsys.readouterr().out
    assert back(actor).refresh == 4


# --- 4. a monster's rule breaks and scale where the other tool's user reads them -------------

MONSTER = dict(kind=CharacterKind.MAJOR_NPC, name="The Tide Wyrm", scale="Legendary", rule_breaks=[
    RuleBreak(kind="solo_bonus", text="+2 when it fights alone"), RuleBreak(kind="custom", text="Drowns what it <touches>")])


def test_rule_breaks_and_scale_are_a_section_and_a_block_in_fari_and_come_back():
    wyrm = Character(**MONSTER)
    fari = character_to_fari(wyrm, CONDENSED)
    breaks = sections(fari)["Rule breaks"]
    assert [(b["label"], b["value"]) for b in breaks] == [
        ("Rule break: Solo bonus", "+2 when it fights alone"), ("Rule break", "Drowns what it &lt;touches&gt;")]
    assert any(b["label"] == "Scale" and b["value"] == "Legendary" for b in sections(fari)["Other"])
    again = back(fari)
    assert again.rule_breaks == wyrm.rule_breaks and again.scale == "Legendary"


def test_rule_breaks_are_stunts_and_the_scale_is_in_the_biography_in_fco_even_without_our_flags():
    wyrm = Character(**MONSTER)
    actor = character_to_fco(wyrm, CONDENSED)
    stunts = {s["name"]: s for s in actor["system"]["stunts"].values()}
    assert stunts["Rule break: Solo bonus"]["refresh_cost"] == 0
    assert "Scale: Legendary" in actor["system"]["details"]["biography"]["value"]
    actor["flags"] = {}
    again = back(actor)
    assert again.rule_breaks == wyrm.rule_breaks and again.scale == "Legendary"
    assert "Biography" not in again.notes


# --- 5. campaign-option slots and repeated stunt names ---------------------------------------

def test_a_single_characters_extreme_consequence_absorbs_8_in_fco(tmp_path):
    """With no campaign to say its options, the filled slot says them: Extreme absorbs 8."""
    ruth = legal_pc(consequences=[Consequence(slot="extreme", text="Hollowed Out")])
    tracks = {t["name"]: t for t in character_to_fco(ruth, CONDENSED)["system"]["tracks"].values()}
    assert tracks["Extreme Consequence"]["harm_can_absorb"] == 8
    assert tracks["Extreme Consequence"]["aspect"]["name"] == "Hollowed Out"
    assert back(character_to_fco(ruth, CONDENSED)).consequences[0].slot == "extreme"


def test_a_single_characters_condition_keeps_its_value_and_boxes_in_fco():
    ruth = legal_pc(consequences=[Consequence(slot="hurt", text="Limping", boxes_marked=1)])
    tracks = {t["name"]: t for t in character_to_fco(ruth, CONDENSED)["system"]["tracks"].values()}
    assert tracks["Hurt"]["harm_can_absorb"] == 1 and tracks["Hurt"]["box_values"] == [True]


def test_repeated_stunt_names_are_numbered_in_fco_and_restored_with_or_without_our_flags():
    ruth = legal_pc(stunts=[Stunt(name="Quick Hands", text="a"), Stunt(name="Quick Hands", text="b"),
                            Stunt(name="Quick Hands", text="c")])
    actor = character_to_fco(ruth, CONDENSED)
    assert sorted(s["name"] for s in actor["system"]["stunts"].values()) == [
        "Quick Hands", "Quick Hands 2", "Quick Hands 3"]
    assert [s.name for s in back(actor).stunts] == ["Quick Hands"] * 3
    actor["flags"] = {}
    assert [s.name for s in back(actor).stunts] == ["Quick Hands"] * 3


def test_a_stunt_really_named_with_a_number_stays_so_when_our_flags_say_it():
    ruth = legal_pc(stunts=[Stunt(name="Round", text="a"), Stunt(name="Round 2", text="b")])
    assert [s.name for s in back(character_to_fco(ruth, CONDENSED)).stunts] == ["Round", "Round 2"]


# --- 6. Fari: repeated aspect labels numbered, empty aspects skipped -------------------------

def test_other_aspects_are_numbered_and_empty_ones_left_out_for_fari():
    """FCO's importer of Fari sheets keys aspects by label and kept only one "Other Aspect"."""
    ruth = legal_pc(aspects=[Aspect(role=AspectRole.HIGH_CONCEPT, text="Salt Witch"),
                             Aspect(role=AspectRole.TROUBLE, text=""),
                             Aspect(role=AspectRole.FREE, text="Owes the Harbourmaster"),
                             Aspect(role=AspectRole.FREE, text="Sees in Fog"),
                             Aspect(role=AspectRole.FREE, text="  ")])
    labels = [b["label"] for b in sections(character_to_fari(ruth, CONDENSED))["Aspects"]]
    assert labels == ["High Concept", "Other Aspect", "Other Aspect 2"]
    assert [(a.role, a.text) for a in back(character_to_fari(ruth, CONDENSED)).aspects] == [
        (AspectRole.HIGH_CONCEPT, "Salt Witch"), (AspectRole.FREE, "Owes the Harbourmaster"),
        (AspectRole.FREE, "Sees in Fog")]


# --- 10. FateX export --------------------------------------------------------------------------

def test_a_core_pc_exported_for_fatex_fits_fatex_template_and_grows_its_boxes_by_automation():
    ruth = legal_pc(ruleset="fate-core", skills={"Physique": 3, "Will": 1, "Fight": 2},
                    stress={"physical": [3]}, consequences=[Consequence(slot="mild", text="Bruised", recovering=True)])
    actor = character_to_fatex(ruth, CORE)
    assert fatex_problems(actor) == []
    physical = next(i for i in actor["items"] if i["type"] == "stress" and i["name"] == "Physical")
    assert physical["system"]["labelType"] == 0  # 1, 2, 3…: Fate Core's boxes
    refs = physical["flags"]["fatex"]["skillReferences"]
    assert all(r["skill"] == "Physique" and r["type"] == 1 and r["operator"] == 4 for r in refs)
    assert physical["system"]["size"] + sum(r["argument"] for r in refs if 3 >= r["condition"]) == 4
    assert physical["system"]["value"] == 0b1000  # the fourth box, which the automation adds
    mild = next(i for i in actor["items"] if i["type"] == "consequence" and i["system"]["value"] == "Bruised")
    assert mild["system"]["icon"] == "2" and mild["system"]["description"] == "In recovery"
    again = back(actor)
    assert again.stress == {"physical": [3]} and again.consequences[0].recovering


def test_export_to_fatex_from_the_command_line_prints_what_went_where(tmp_path, capsys):
    source = tmp_path / "wyrm.fate.json"
    write_character_file(source, Character(**MONSTER, notes="Lair under the & pier"))
    out = tmp_path / "wyrm.json"
    assert main(["export", str(source), "--to", "fatex", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "note: The Tide Wyrm: FateX has one kind of actor; written as a character" in printed
    assert "written as an extra named \"Notes\"" in printed
    assert "1 character written for Foundry VTT (FateX)" in printed
    actor = json.loads(out.read_text(encoding="utf-8"))
    assert fatex_problems(actor) == []
    again = import_characters(out).characters[0]
    assert (again.kind, again.notes, again.scale) == (CharacterKind.MAJOR_NPC, "Lair under the & pier", "Legendary")


def test_an_npcs_own_slots_and_boxes_come_back_from_fatex_in_their_places():
    boss = Character(kind=CharacterKind.MAJOR_NPC, name="Boss", stress_boxes={"physical": [1, 2, 2], "Guard": [1]},
                     consequence_slots=[SlotSpec(id="a", severity="mild", value=2),
                                        SlotSpec(id="b", severity="mild", value=2)],
                     consequences=[Consequence(slot="b", text="Winded")], stress={"physical": [2]})
    actor = character_to_fatex(boss, CONDENSED)
    assert fatex_problems(actor) == []
    again = back(actor)
    assert again.stress_boxes == boss.stress_boxes and again.consequence_slots == boss.consequence_slots
    assert [(c.slot, c.text) for c in again.consequences] == [("b", "Winded")]
    assert again.stress == {"physical": [2]}


def test_a_fatex_export_of_a_campaign_into_a_folder_with_options(tmp_path):
    from fate_desk.interop.exporting import export

    ruth = legal_pc(consequences=[Consequence(slot="scared", text="Jumpy", boxes_marked=2)])
    written = export([ruth, legal_pc(name="Nell")], tmp_path / "fatex", "fatex",
                     options=CampaignOptions(conditions="further_apart"))
    assert len(written) == 2
    actor = json.loads(written[0].read_text(encoding="utf-8"))
    scared = next(i for i in actor["items"] if i["name"] == "Scared")
    assert scared["system"]["type"] == 1 and scared["system"]["boxAmount"] == 2 and scared["system"]["boxValues"] == 3
