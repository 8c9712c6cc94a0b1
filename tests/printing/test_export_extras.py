"""Printed sheets of game-pack characters: extras and custom tracks on the sheet, and blank sheets of
a pack with its tracks and a box for extras (read back from the PDF)."""

from __future__ import annotations

import pytest

from export_pdf_reading import checkboxes, pdf_text, squash, text_fields
from fate_desk.printing import ExportJob, Paper, What, export_pdf
from fate_desk.rules import load_catalog
from fate_desk.store.packs import pack_samples

PACKS = ["atomic-robo", "frontier-spirit", "toolkit-conditions", "venture-city", "war-of-ashes", "wealth-hack"]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.mark.parametrize("pack_id", PACKS)
def test_a_packs_sample_prints_its_extras_and_tracks(tmp_path, catalog, pack_id):
    character = pack_samples(catalog.packs[pack_id])[0]
    out = tmp_path / "sheet.pdf"
    assert export_pdf(ExportJob(What.SHEETS, sheets=[character], paper=Paper.LETTER, state=True), out) >= 1
    text = pdf_text(out)
    assert squash(character.name) in text
    for extra in character.extras:
        assert squash(extra.name) in text and "EXTRAS" in text
        for stunt in extra.stunts:
            assert squash(stunt.name) in text
    for track in character.all_tracks():
        assert squash(track.name) in text
        assert len(checkboxes(out, f"-stress-{track.id}-")) >= len(track.boxes)


def test_a_switched_off_extra_is_printed_as_switched_off(tmp_path, catalog):
    character = pack_samples(catalog.packs["war-of-ashes"])[0]
    character.extras = [character.extras[0].model_copy(update={"active": False})]
    out = tmp_path / "sheet.pdf"
    export_pdf(ExportJob(What.SHEETS, sheets=[character], paper=Paper.LETTER, state=True), out)
    assert "(switched off)" in pdf_text(out)


@pytest.mark.parametrize("pack_id", PACKS)
def test_a_blank_sheet_of_a_pack_prints_its_tracks_and_an_extras_box(tmp_path, catalog, pack_id):
    out = tmp_path / "blank.pdf"
    assert export_pdf(ExportJob(What.BLANK, ruleset=pack_id, paper=Paper.A4), out) >= 1
    text = pdf_text(out)
    assert catalog.get(pack_id).name.upper() in text
    assert "EXTRAS" in text and any(n.startswith("blank-extras-") for n in text_fields(out))
    for track in catalog.packs[pack_id].tracks:
        assert squash(track.name) in text
        assert len(checkboxes(out, f"-stress-{track.id}-")) >= len(track.boxes)


def test_the_toolkit_conditions_blank_prints_how_each_clears(tmp_path):
    out = tmp_path / "blank.pdf"
    export_pdf(ExportJob(What.BLANK, ruleset="toolkit-conditions", paper=Paper.A4), out)
    text = pdf_text(out)
    assert "Clears at the end of the scene." in text and "Clears when: you get some sleep." in text
    assert "Lasting: needs treatment" in text


def test_an_npc_card_prints_its_extras_and_custom_tracks(tmp_path):
    # The Bronze Rule (Fate Core SRD, Extras): an NPC's armour is an extra; a gang's morale a track.
    from fate_desk.model import Character, CharacterKind, CustomTrack, Extra

    thug = Character(name="Dock Boss", kind=CharacterKind.MAJOR_NPC, skills={"Fight": 3},
                     extras=[Extra(name="Steel Breastplate", armor=2, description="Dented, but it holds.")],
                     tracks=[CustomTrack(id="morale", name="Crew Morale", boxes=[1, 1, 1])])
    out = tmp_path / "cards.pdf"
    export_pdf(ExportJob(What.CARDS, cards=[thug], paper=Paper.LETTER, state=True), out)
    text = pdf_text(out)
    assert "Steel Breastplate" in text and "Armor:2" in text and "Crew Morale" in text


def test_an_atomic_robo_blank_has_a_row_for_modes_and_the_boxes_modes_can_add(tmp_path):
    # Atomic Robo RPG SRD, "Modes" and "Modes and Stress": three modes rated Good, Fair and Average;
    # two boxes each to start, and up to three more from a Good and a Fair mode.
    out = tmp_path / "blank.pdf"
    export_pdf(ExportJob(What.BLANK, ruleset="atomic-robo", paper=Paper.A4), out)
    names = text_fields(out)
    assert sum(n.startswith("blank-mode") for n in names) == 3
    text = pdf_text(out)
    assert "Modes" in text and "Action: Athletics" in text and "adds a box to it" in text
    assert len(checkboxes(out, "-stress-physical-")) == 5


def test_a_packs_character_sheet_carries_the_packs_attribution(tmp_path, catalog):
    character = pack_samples(catalog.packs["venture-city"])[0]
    out = tmp_path / "sheet.pdf"
    export_pdf(ExportJob(What.SHEETS, sheets=[character], paper=Paper.LETTER, state=True), out)
    assert squash("This work is based on the Venture City SRD") in pdf_text(out)
